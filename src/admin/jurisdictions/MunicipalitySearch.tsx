/**
 * Searches communes by name or INSEE code while typing (debounced; each new search aborts the
 * previous one) and proposes them as 'Marseille (13055)'. Picking one adds it.
 */
import { useEffect, useState } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { isAbortError } from '../http/errors.ts';
import { municipalityLabel, type JurisdictionApi, type Municipality } from './api.ts';

export const SEARCH_DEBOUNCE_MS = 300;
/** Fewest characters searched. */
export const SEARCH_MIN_LENGTH = 2;

export interface MunicipalitySearchProps {
  api: JurisdictionApi;
  /** INSEE codes already chosen (proposed but not selectable again). */
  selected: ReadonlySet<string>;
  onAdd: (municipality: Municipality) => void;
  disabled?: boolean;
}

export function MunicipalitySearch({ api, selected, onAdd, disabled }: MunicipalitySearchProps) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Municipality[]>([]);
  const [loading, setLoading] = useState(false);

  const term = text.trim();
  useEffect(() => {
    if (term.length < SEARCH_MIN_LENGTH) {
      setOptions([]);
      setLoading(false);
      return undefined;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      api.searchMunicipalities(term, controller.signal).then(
        (found) => {
          setOptions(found);
          setLoading(false);
        },
        (error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          setLoading(false);
          notifyError(error, { resource: 'municipalities' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [api, term, notifyError]);

  return (
    <Autocomplete<Municipality>
      options={options}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, option) => {
        if (!option) return;
        onAdd(option);
        setText('');
        setOptions([]);
      }}
      getOptionLabel={municipalityLabel}
      getOptionKey={(option) => option.codename}
      isOptionEqualToValue={(option, value) => option.codename === value.codename}
      getOptionDisabled={(option) => selected.has(option.codename)}
      filterOptions={(all) => all}
      loading={loading}
      loadingText={translate('resources.jurisdictions.municipalities.searching')}
      noOptionsText={translate(
        term.length < SEARCH_MIN_LENGTH
          ? 'resources.jurisdictions.municipalities.typeMore'
          : 'resources.jurisdictions.municipalities.noOptions',
      )}
      disabled={disabled}
      blurOnSelect={false}
      clearOnBlur={false}
      handleHomeEndKeys
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('resources.jurisdictions.municipalities.search')}
          helperText={translate('resources.jurisdictions.municipalities.searchHelp')}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
