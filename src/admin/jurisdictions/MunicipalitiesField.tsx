/**
 * The communes of a jurisdiction shown read only: their count and 'Marseille (13055)' for each,
 * as the communes editor names them, rather than a bare list of INSEE codes.
 */
import { Box } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { jurisdictionApi } from './api.ts';
import { asCodes } from './codes.ts';
import { MunicipalityChips } from './MunicipalityChips.tsx';
import { useKnownMunicipalities, type MunicipalitiesProps } from './useKnownMunicipalities.ts';

export function MunicipalitiesField({ source = 'municipalities', api = jurisdictionApi }: MunicipalitiesProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const codes = asCodes(record?.[source]);
  const { known } = useKnownMunicipalities(api, codes);
  return (
    // Labelled as the other fields of a read-only form.
    <Labeled label={translate('resources.jurisdictions.fields.municipalities')} sx={{ width: '100%' }}>
      <Box>
        <MunicipalityChips codes={codes} known={known} />
      </Box>
    </Labeled>
  );
}
