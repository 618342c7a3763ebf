/** Search-as-you-type choice of one record of a resource (a user to add, a group to link). */
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';
import { defaultSort, entityOf } from '../entities/registry.ts';

export interface RecordPickerProps {
  resource: string;
  label: string;
  value: RaRecord | null;
  onChange: (record: RaRecord | null) => void;
  /** Filters every search carries (the type of the groups offered). */
  filter?: Record<string, unknown>;
  optionLabel?: (record: RaRecord) => string;
}

export function RecordPicker({ resource, label, value, onChange, filter, optionLabel }: RecordPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const { data = [], isFetching } = useGetList(resource, {
    filter: { ...filter, ...(search ? { q: search } : {}) },
    pagination: { page: 1, perPage: 10 },
    sort: defaultSort(resource),
  });
  const representation = entityOf(resource).recordRepresentation;
  const labelOf = optionLabel ?? ((record: RaRecord) => String(record[representation] ?? record.id));
  return (
    <Autocomplete
      sx={{ minWidth: 280 }}
      size="small"
      options={data}
      loading={isFetching}
      value={value}
      onChange={(_event, record) => onChange(record)}
      inputValue={text}
      onInputChange={(_event, newText) => setText(newText)}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(options) => options}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
