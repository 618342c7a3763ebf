/**
 * The columns found in the uploaded file's header (or the datastore table's): X and Y chosen among
 * them and the CRS from the server's list, with the first rows as a preview. A file requires all
 * three (spec section 5); a table takes all three or none (`optional`).
 */
import { useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PreviewTable } from './PreviewTable.tsx';
import { resourcesApi, type Source } from './resourcesApi.ts';

const L = 'resources.dataset-resources';

export interface Placement {
  column_x: string | null;
  column_y: string | null;
  crs: number | null;
}

export function ColumnsStep({ source, busy, optional = false, onSubmit }: { source: Source; busy: boolean; optional?: boolean; onSubmit: (placement: Placement) => void }) {
  const translate = useTranslate();
  const { data: crsList = [] } = useQuery({ queryKey: ['dataset-resources', 'crs'], queryFn: ({ signal }) => resourcesApi.crs(signal), staleTime: Infinity });
  const [x, setX] = useState(source.column_x ?? '');
  const [y, setY] = useState(source.column_y ?? '');
  const [crs, setCrs] = useState<number | ''>(source.crs ?? '');
  const [submitted, setSubmitted] = useState(false);
  const none = x === '' && y === '' && crs === '';
  const required = (value: unknown) => (submitted && value === '' && !(optional && none) ? { error: true, helperText: translate('validation.required') } : {});
  const submit = () => {
    setSubmitted(true);
    if (x && y && crs !== '') onSubmit({ column_x: x, column_y: y, crs });
    else if (optional && none) onSubmit({ column_x: null, column_y: null, crs: null });
  };
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.steps.columns`)}>
      {optional && <Typography variant="body2">{translate(`${L}.fields.placementOptional`)}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select required={!optional} label={translate(`${L}.fields.column_x`)} value={x} onChange={(event) => setX(event.target.value)} sx={{ minWidth: 160 }} {...required(x)}>
          {source.columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
        <TextField select required={!optional} label={translate(`${L}.fields.column_y`)} value={y} onChange={(event) => setY(event.target.value)} sx={{ minWidth: 160 }} {...required(y)}>
          {source.columns.map((column) => (
            <MenuItem key={column} value={column}>
              {column}
            </MenuItem>
          ))}
        </TextField>
        <TextField select required={!optional} label={translate(`${L}.fields.crs`)} value={crs} onChange={(event) => setCrs(Number(event.target.value))} sx={{ minWidth: 240 }} {...required(crs)}>
          {crsList.map((entry) => (
            <MenuItem key={entry.code} value={entry.code}>
              {entry.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PreviewTable columns={source.columns} rows={source.preview} />
      <Button variant="contained" onClick={submit} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.actions.next`)}
      </Button>
    </Stack>
  );
}
