/**
 * The communes of a jurisdiction (the form's `municipalities`, a list of INSEE codes):
 * - a search by name or INSEE code adding one commune at a time;
 * - a text area taking a pasted list of codes, resolved in one call by its button, which adds
 *   them (or replaces the current ones) and names the unknown codes under the field;
 * - removable chips 'Marseille (13055)' and their count.
 * Required like any schema field: the form's schema validation reports an empty list here.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useInput, useRecordContext, useTranslate, ValidationError } from 'react-admin';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { jurisdictionApi, type Municipality } from './api.ts';
import { useKnownMunicipalities, type MunicipalitiesProps } from './useKnownMunicipalities.ts';
import { requiredMark } from '../entities/schemaValidation.ts';
import { asCodes, mergeCodes, parseInseeCodes } from './codes.ts';
import { MunicipalityChips } from './MunicipalityChips.tsx';
import { MunicipalitySearch } from './MunicipalitySearch.tsx';

const T = 'resources.jurisdictions.municipalities';

interface PasteReport {
  unknown: string[];
  invalid: string[];
  added: number;
  empty?: boolean;
}

export function MunicipalitiesInput({ source = 'municipalities', api = jurisdictionApi }: MunicipalitiesProps) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const record = useRecordContext();
  const { id, field, fieldState, formState, isRequired } = useInput({ source, validate: requiredMark });
  const codes = useMemo(() => asCodes(field.value), [field.value]);
  const selected = useMemo(() => new Set(codes), [codes]);

  // Names of the record's communes, and of those met since (search results, resolved codes).
  const { known, remember } = useKnownMunicipalities(api, asCodes(record?.[source]));

  const setCodes = (next: string[]) => {
    field.onChange(next);
    field.onBlur();
  };
  const add = (municipality: Municipality) => {
    remember([municipality]);
    setCodes(mergeCodes(codes, [municipality.codename]));
  };
  const remove = (code: string) => setCodes(codes.filter((other) => other !== code));

  // Pasted codes.
  const [pasted, setPasted] = useState('');
  const [replace, setReplace] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [report, setReport] = useState<PasteReport | null>(null);
  // The report shows under the paste's button, near the page's foot: it is brought into view, above the
  // sticky save bar, so that what the codes gave is seen.
  const reportBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (report) reportBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [report]);
  const applyPasted = async () => {
    const { codes: wanted, invalid } = parseInseeCodes(pasted);
    if (wanted.length === 0) {
      setReport({ unknown: [], invalid, added: 0, empty: invalid.length === 0 });
      return;
    }
    setResolving(true);
    try {
      const found = await api.resolveMunicipalities(wanted);
      remember(found);
      const existing = new Set(found.map((municipality) => municipality.codename.toUpperCase()));
      const resolved = wanted.filter((code) => existing.has(code));
      const unknown = wanted.filter((code) => !existing.has(code));
      const next = replace ? resolved : mergeCodes(codes, resolved);
      setCodes(next);
      setReport({ unknown, invalid, added: resolved.filter((code) => !selected.has(code)).length });
      if (unknown.length === 0 && invalid.length === 0) setPasted('');
    } catch (error) {
      notifyError(error, { resource: 'municipalities' });
    } finally {
      setResolving(false);
    }
  };

  const error = (fieldState.isTouched || formState.isSubmitted) && fieldState.error?.message;
  const labelId = `${id}-label`;
  return (
    <Stack spacing={2} sx={{ width: '100%', mt: 1, mb: 2 }} role="group" aria-labelledby={labelId}>
      <Box>
        <FormLabel id={labelId} required={isRequired} error={!!error}>
          {translate('resources.jurisdictions.fields.municipalities')}
        </FormLabel>
        <FormHelperText>{translate('resources.jurisdictions.help.municipalities')}</FormHelperText>
      </Box>

      <MunicipalitySearch api={api} selected={selected} onAdd={add} disabled={resolving} />

      <Box>
        <MunicipalityChips codes={codes} known={known} onRemove={remove} />
        {error && (
          <FormHelperText error id={`${id}-error`}>
            <ValidationError error={error} />
          </FormHelperText>
        )}
      </Box>

      <Box>
        <TextField
          label={translate(`${T}.paste`)}
          helperText={translate(`${T}.pasteHelp`)}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          disabled={resolving}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void applyPasted()} disabled={resolving}>
            {translate(resolving ? `${T}.resolving` : replace ? `${T}.replaceByPasted` : `${T}.addPasted`)}
          </Button>
          <FormControlLabel
            control={<Switch checked={replace} onChange={(event) => setReplace(event.target.checked)} />}
            label={translate(`${T}.replace`)}
          />
        </Stack>
        {report && (
          <Box role="status" ref={reportBox} sx={{ mt: 1, scrollMarginBottom: (theme) => theme.spacing(12) }}>
            {report.empty && <FormHelperText error>{translate(`${T}.nothingToApply`)}</FormHelperText>}
            {report.added > 0 && <FormHelperText>{translate(`${T}.added`, { smart_count: report.added })}</FormHelperText>}
            {report.unknown.length > 0 && (
              <FormHelperText error>{translate(`${T}.unknown`, { codes: report.unknown.join(', ') })}</FormHelperText>
            )}
            {report.invalid.length > 0 && (
              <FormHelperText error>{translate(`${T}.invalid`, { codes: report.invalid.join(', ') })}</FormHelperText>
            )}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
