import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocation, useNavigate, useTranslate } from 'react-admin';
import { LOCALES, type Locale } from '../../../schemas/constants.ts';
import { setAsideFormValues } from '../routing/keptFormValues.ts';
import { splitLocale, switchLocale } from '../routing/normalisePath.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { Menu } from './loadedWhenOpened.tsx';

/** Shows the same page in another language (fr, en, it). */
export function LanguageSwitcher() {
  const translate = useTranslate();
  const locale = useAppLocale();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = (code: Locale) => translate(`publish.language.${code}`);
  const choose = (code: Locale) => {
    setAnchor(null);
    if (code === locale) return;
    setAsideFormValues(splitLocale(pathname).rest);
    navigate({ pathname: switchLocale(pathname, code), search, hash });
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={translate('publish.language.menu', { language: name(locale) })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LOCALES.map((code) => (
          <MenuItem key={code} lang={code} selected={code === locale} onClick={() => choose(code)}>
            {name(code)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
