import { enUS, frFR, itIT } from '@mui/material/locale';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import type { Locale } from '../../schemas/constants.ts';

/** The `aria-label` given to a checkbox or switch: on its input, where assistive technologies read it. */
const inputLabel = (ownerState: Record<string, unknown>) => ({ 'aria-label': ownerState['aria-label'] as string | undefined });
/** …and not on the span around it, where it is not allowed (react-admin's row checkboxes give it there). */
const noRootLabel = () => ({ 'aria-label': undefined });

/** react-admin's default theme with the platform's colours. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1d4f91' },
    secondary: { main: '#00838f' },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: { defaultProps: { slotProps: { input: inputLabel, root: noRootLabel } } },
  },
};

const MUI_LOCALES = { fr: frFR, en: enUS, it: itIT } as const;

/**
 * The theme in the app's language: MUI's own words (an autocomplete's clear, open and close
 * buttons, its "no options" and "loading", a pagination's page labels) are the locale's, not English.
 */
export function themeFor(locale: Locale): RaThemeOptions {
  return (THEMES[locale] ??= localeTheme(locale));
}

// One theme object per locale, so that a render of the app does not make the theme anew.
const THEMES: Partial<Record<Locale, RaThemeOptions>> = {};

function localeTheme(locale: Locale): RaThemeOptions {
  const words = MUI_LOCALES[locale].components;
  return {
    ...theme,
    components: {
      ...words,
      ...theme.components,
      MuiAutocomplete: {
        ...theme.components?.MuiAutocomplete,
        defaultProps: { ...words?.MuiAutocomplete?.defaultProps, ...theme.components?.MuiAutocomplete?.defaultProps },
      },
    },
  };
}
