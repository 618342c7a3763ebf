/**
 * The columns found in the uploaded file's header (or the datastore table's): X and Y chosen among
 * them and the CRS from the server's list, with the first rows as a preview. A file requires all
 * three (spec section 5); a table takes all three or none (`optional`). A file whose header names
 * its coordinates has them proposed, with the system their values fall in, and says why.
 */
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { guessCoordinates } from './coordinateColumns.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { resourcesApi, type Source } from './resourcesApi.ts';

const L = 'resources.dataset-resources';

export interface Placement {
  column_x: string | null;
  column_y: string | null;
  crs: number | null;
}

interface Proposal {
  x: string;
  y: string;
  crs: number | '';
  /** Why the columns and system are proposed (a catalogue key), when they are. */
  reason: string | null;
}

/**
 * What the step starts with: the placement saved, or for a file not yet placed the columns its
 * header and first rows suggest, with their system (the person may still choose others). A table
 * is placed only if asked.
 */
function proposal(source: Source, optional: boolean): Proposal {
  const saved: Proposal = { x: source.column_x ?? '', y: source.column_y ?? '', crs: source.crs ?? '', reason: null };
  if (source.column_x || source.column_y || optional) return saved;
  const guess = guessCoordinates(source.columns, source.preview);
  if (!guess) return saved;
  return { x: guess.x, y: guess.y, crs: guess.crs ?? source.crs ?? '', reason: `${L}.guess.${guess.reason}` };
}

export function ColumnsStep({ source, busy, optional = false, onSubmit }: { source: Source; busy: boolean; optional?: boolean; onSubmit: (placement: Placement) => void }) {
  const translate = useTranslate();
  const { data: crsList = [] } = useQuery({ queryKey: ['dataset-resources', 'crs'], queryFn: ({ signal }) => resourcesApi.crs(signal), staleTime: Infinity });
  const [proposed] = useState(() => proposal(source, optional));
  const [x, setX] = useState(proposed.x);
  const [y, setY] = useState(proposed.y);
  const [crs, setCrs] = useState<number | ''>(proposed.crs);
  const [submitted, setSubmitted] = useState(false);
  const none = x === '' && y === '' && crs === '';
  // The reason holds while the proposal does.
  const reason = proposed.reason && x === proposed.x && y === proposed.y && crs === proposed.crs ? proposed.reason : null;
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
      {reason && <Alert severity="info" role="status">{translate(reason, { x, y })}</Alert>}
      <PreviewTable columns={source.columns} rows={source.preview} />
      <Button variant="contained" onClick={submit} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.actions.next`)}
      </Button>
    </Stack>
  );
}
