/**
 * The communes of a jurisdiction shown read only: their count and 'Marseille (13055)' for each,
 * as the communes editor names them, rather than a bare list of INSEE codes.
 */
import { Box, Chip, Typography } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { jurisdictionApi, municipalityLabel } from './api.ts';
import { asCodes } from './codes.ts';
import { useKnownMunicipalities, type MunicipalitiesProps } from './useKnownMunicipalities.ts';

const T = 'resources.jurisdictions.municipalities';

export function MunicipalitiesField({ source = 'municipalities', api = jurisdictionApi }: MunicipalitiesProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const codes = asCodes(record?.[source]);
  const { known } = useKnownMunicipalities(api, codes);
  const label = translate('resources.jurisdictions.fields.municipalities');
  return (
    // Labelled as the other fields of a read-only form.
    <Labeled label={label} sx={{ width: '100%' }}>
      <Box>
        <Typography variant="body2" data-testid="municipality-count" sx={{ mb: 1 }}>
          {codes.length === 0 ? translate(`${T}.empty`) : translate(`${T}.count`, { smart_count: codes.length })}
        </Typography>
        <Box
          component="ul"
          aria-label={label}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, maxHeight: 240, overflowY: 'auto' }}
        >
          {codes.map((code) => {
            const municipality = known.get(code);
            return (
              <li key={code}>
                <Chip label={municipality ? municipalityLabel(municipality) : code} />
              </li>
            );
          })}
        </Box>
      </Box>
    </Labeled>
  );
}
