import { useState } from 'react';
import { IconButton, MenuItem, Tooltip } from '@mui/material';
import AppsIcon from '@mui/icons-material/Apps';
import { useTranslate } from 'react-admin';
import { isServiceVisible } from '../../../schemas/access.ts';
import { useStartup } from '../startup/useStartup.ts';
import { Menu } from './loadedWhenOpened.tsx';

/** The platform's other services the user may open (spec, section 2). */
export function ServicesMenu() {
  const translate = useTranslate();
  const { config, user } = useStartup();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const services = config.services.filter((service) => isServiceVisible(service, user));
  if (services.length === 0) return null;
  const label = translate('publish.services.menu');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AppsIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {services.map((service) => (
          <MenuItem key={service.key} component="a" href={service.url} onClick={() => setAnchor(null)}>
            {translate(`publish.services.${service.key}`, { _: service.key })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
