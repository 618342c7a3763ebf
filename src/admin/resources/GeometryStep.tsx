/**
 * The geometry of a geographic file before it is loaded (docs/geodata.md, "Inspection before
 * loading"): its layers with their geometry types, feature counts and CRS, the layer to load when
 * the file has several, the CRS when the layer does not say it, and the first features' attributes.
 */
import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { DEFAULT_ERROR_MESSAGE, summariseError } from '../http/errors.ts';
import { geometryName } from './geometryName.ts';
import { PreviewTable } from './PreviewTable.tsx';
import { RESOURCE_KEYS, resourcesApi, type InspectedLayer, type Source, type SourceWrite } from './resourcesApi.ts';

const L = 'resources.dataset-resources';

/** "Polygone (3), Multipolygone (1)" */
export const geometryTypesOf = (layer: InspectedLayer, translate: TranslateFunction) =>
  Object.entries(layer.geometry_types)
    .map(([type, count]) => `${geometryName(translate, type)} (${count})`)
    .join(', ');

const crsOf = (layer: InspectedLayer, none: string) =>
  layer.crs_name ? (layer.crs !== null ? `${layer.crs_name} (EPSG:${layer.crs})` : layer.crs_name) : layer.crs !== null ? `EPSG:${layer.crs}` : none;

const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** What the inspection's failure says (a broken file names what is wrong). */
function useFailure() {
  const translate = useTranslate();
  return (error: unknown) => {
    const lines = summariseError(error).lines.map((line) => line.message);
    return lines.length ? lines.join(' ') : translate(DEFAULT_ERROR_MESSAGE);
  };
}

export interface GeometryStepProps {
  resourceId: number;
  source: Source;
  busy: boolean;
  /** The layer and CRS to save on the source before the load. */
  onSubmit: (choice: Pick<SourceWrite, 'layer_name' | 'crs'>) => void;
}

export function GeometryStep({ resourceId, source, busy, onSubmit }: GeometryStepProps) {
  const translate = useTranslate();
  const failure = useFailure();
  const [layerName, setLayerName] = useState(source.layer_name ?? '');
  const [crs, setCrs] = useState<number | ''>(source.crs ?? '');
  const { data: inspection, error } = useQuery({
    queryKey: RESOURCE_KEYS.inspection(resourceId, layerName, crs),
    queryFn: ({ signal }) => resourcesApi.inspect(resourceId, { layer_name: layerName, crs: crs === '' ? undefined : crs }, signal),
    retry: false,
  });
  const { data: crsList = [] } = useQuery({
    queryKey: ['dataset-resources', 'crs'],
    queryFn: ({ signal }) => resourcesApi.crs(signal),
    staleTime: Infinity,
    enabled: !!inspection?.needs_crs || crs !== '',
  });
  const chosen = inspection?.layers.find((layer) => layer.name === inspection.layer);
  const columns = chosen?.columns ?? [];
  const rows = inspection?.preview?.features ?? [];
  const ready = !!inspection && !inspection.needs_layer && !inspection.needs_crs;
  const submit = () => onSubmit({ layer_name: layerName || null, ...(crs === '' ? {} : { crs }) });

  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.steps.geometry`)}>
      {error && <Alert severity="error">{failure(error)}</Alert>}
      {!inspection && !error && <Typography variant="body2">{translate(`${L}.geometry.reading`)}</Typography>}
      {inspection && (
        <Table size="small" aria-label={translate(`${L}.geometry.layers`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${L}.geometry.layer`)}</TableCell>
              <TableCell>{translate(`${L}.geometry.types`)}</TableCell>
              <TableCell>{translate(`${L}.geometry.count`)}</TableCell>
              <TableCell>{translate(`${L}.fields.crs`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {inspection.layers.map((layer) => (
              <TableRow key={layer.name} selected={layer.name === inspection.layer}>
                <TableCell>{layer.name}</TableCell>
                <TableCell>{geometryTypesOf(layer, translate)}</TableCell>
                <TableCell>{layer.feature_count}</TableCell>
                <TableCell>{crsOf(layer, translate(`${L}.geometry.noCrs`))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {inspection && inspection.layers.length > 1 && (
        <TextField
          select
          required
          label={translate(`${L}.geometry.layer`)}
          value={layerName}
          onChange={(event) => setLayerName(event.target.value)}
          helperText={inspection.needs_layer ? translate(`${L}.geometry.chooseLayer`) : undefined}
          sx={{ maxWidth: 360 }}
        >
          {inspection.layers.map((layer) => (
            <MenuItem key={layer.name} value={layer.name}>
              {layer.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {(inspection?.needs_crs || crs !== '') && (
        <TextField
          select
          required
          label={translate(`${L}.fields.crs`)}
          value={crs}
          onChange={(event) => setCrs(Number(event.target.value))}
          helperText={inspection?.needs_crs ? translate(`${L}.geometry.chooseCrs`) : undefined}
          sx={{ maxWidth: 360 }}
        >
          {crsList.map((entry) => (
            <MenuItem key={entry.code} value={entry.code}>
              {entry.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {rows.length > 0 && (
        <PreviewTable columns={columns} rows={rows.map((row) => columns.map((column) => cell(row.properties?.[column])))} />
      )}
      <Button variant="contained" onClick={submit} disabled={busy || !ready} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.actions.next`)}
      </Button>
    </Stack>
  );
}
