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
  const representation = entityOf(resource).recordRepresentation;
  const labelOf = optionLabel ?? ((record: RaRecord) => String(record[representation] ?? record.id));
  const [text, setText] = useState('');
  // What is typed is searched, a moment after the last key; the chosen record's own label is not.
  const wanted = value !== null && text === labelOf(value) ? '' : text.trim();
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(wanted), 300);
    return () => window.clearTimeout(timer);
  }, [wanted]);
  const { data = [], isFetching } = useGetList(resource, {
    filter: { ...filter, ...(search ? { q: search } : {}) },
    pagination: { page: 1, perPage: 10 },
    sort: defaultSort(resource),
  });
  // Only the answer to what is typed now is offered: an earlier list, replaced as it is clicked,
  // would pick nothing or the wrong record.
  const answered = search === wanted && !isFetching;
  const found = answered ? data : [];
  const options = value !== null && !found.some((record) => record.id === value.id) ? [value, ...found] : found;
  return (
    <Autocomplete
      sx={{ minWidth: 280 }}
      size="small"
      options={options}
      loading={!answered}
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
