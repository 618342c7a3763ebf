/**
 * The legend of a style: what each colour means, as the map draws it (each rule's name and colour,
 * "all features" for a rule without filter, "other values" for the rule of the values no class
 * lists). Shown on the layer page under the editor and on the dataset page for each layer's styles.
 */
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Style } from '../../../schemas/styles.ts';
import { legendOf } from './styleConfig.ts';

const L = 'resources.geographic-layers';

export function StyleLegend({ style, label }: { style: Style; /** The list's accessible name (default: "Legend"). */ label?: string }) {
  const translate = useTranslate();
  const entries = legendOf(style).map((entry) => ({
    label: entry.other ? translate(`${L}.style.otherValues`) : (entry.label ?? translate(`${L}.style.allFeatures`)),
    color: entry.color,
  }));
  return (
    <Stack component="ul" aria-label={label ?? translate(`${L}.style.legend`)} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry, index) => (
        <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-color={entry.color}>
          <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', background: entry.color }} />
          <Typography variant="body2">{`${entry.label} (${entry.color})`}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
