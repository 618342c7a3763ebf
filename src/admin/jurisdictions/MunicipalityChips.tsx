/**
 * A jurisdiction's communes as chips, 'Marseille (13055)' (the code alone until its name is
 * known), under their count; each removable when `onRemove` is given (the editor).
 */
import { Box, Chip, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslate } from 'react-admin';
import { municipalityLabel, type Municipality } from './api.ts';

const T = 'resources.jurisdictions.municipalities';

export interface MunicipalityChipsProps {
  codes: readonly string[];
  known: ReadonlyMap<string, Municipality>;
  onRemove?: (code: string) => void;
}

export function MunicipalityChips({ codes, known, onRemove }: MunicipalityChipsProps) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" data-testid="municipality-count" sx={{ mb: 1 }}>
        {codes.length === 0 ? translate(`${T}.empty`) : translate(`${T}.count`, { smart_count: codes.length })}
      </Typography>
      <Box
        component="ul"
        aria-label={translate('resources.jurisdictions.fields.municipalities')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, maxHeight: 240, overflowY: 'auto' }}
      >
        {codes.map((code) => {
          const municipality = known.get(code);
          const label = municipality ? municipalityLabel(municipality) : code;
          return (
            <li key={code}>
              {onRemove ? (
                <Chip
                  label={label}
                  onDelete={() => onRemove(code)}
                  deleteIcon={<CancelIcon role="button" aria-hidden={false} aria-label={translate(`${T}.remove`, { name: label })} />}
                />
              ) : (
                <Chip label={label} />
              )}
            </li>
          );
        })}
      </Box>
    </>
  );
}
