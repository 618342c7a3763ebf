/**
 * A geographic layer (route data/layers/{id}/): its geometry, extent and features on a map drawn
 * from its vector tiles (fitted to its box, else the default region of spec section 9), its
 * styles, and a style editor whose every change restyles the map (its columns and values read
 * from the first features of the layer's box). The map and the legend draw the GeoStyler style
 * the editor makes, or a saved style the editor cannot show (an imported one) as it is. Saving a
 * new style creates it, sets its config and runs its create scenario; saving an existing one sets
 * its config and runs its update scenario (spec, section 4 "Geographic layer style"). An existing
 * style can be exported as SLD or QGIS .qml, and replaced by such a file.
 */
import { Suspense, lazy, useContext, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { DEFAULT_TILE_URL } from '../../../schemas/constants.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import type { Style } from '../../../schemas/styles.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorStatus } from '../http/errors.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { DEFAULT_BOX, isBoundingBox, normaliseBox, type BoundingBox } from '../jurisdictions/codes.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { StartupContext } from '../startup/StartupContext.ts';
import { geometryName } from './geometryName.ts';
import { canDrawVectorMap } from './mapSupport.ts';
import { datasetResourcesPath, type LayerPageState } from './resourcePaths.ts';
import { PATHS, RESOURCE_KEYS, resourcesApi, type LayerStyle, type StyleConfig } from './resourcesApi.ts';
import { NO_SCENARIO } from './scenarioChoice.ts';
import { DEFAULT_STYLE, editorConfigOf, styleOf } from './styleConfig.ts';
import { StyleEditor } from './StyleEditor.tsx';
import { StyleLegend } from './StyleLegend.tsx';
import { TaskFollow } from './TaskFollow.tsx';

const LayerMap = lazy(() => import('./LayerMap.tsx'));

const L = 'resources.geographic-layers';
const NEW = 'new';

/** A layer's extent by its sides, in degrees written as the app's language writes numbers (7,26 in French). */
function extentWords(box: BoundingBox, locale: string) {
  const degrees = new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false }).format;
  const [west, south, east, north] = normaliseBox(box).map(degrees);
  return { west, south, east, north };
}

function useTileUrl(): string {
  const startup = useContext(StartupContext);
  const links = startup?.config.links as Partial<Record<string, string>> | undefined;
  return links?.tiles || DEFAULT_TILE_URL;
}

export default function LayerPage() {
  const translate = useTranslate();
  const tileUrl = useTileUrl();
  const locale = useAppLocale();
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const appPath = useAppPath();
  const layerId = Number(useParams<{ id: string }>().id);
  // Opened from a dataset's resources: the way back to them.
  const fromDataset = (useLocation().state as Partial<LayerPageState> | null)?.datasetId;
  const { data: layer, error } = useQuery({
    queryKey: RESOURCE_KEYS.layer(layerId),
    queryFn: ({ signal }) => resourcesApi.layer(layerId, signal),
    enabled: Number.isInteger(layerId),
  });
  const box: BoundingBox = layer && isBoundingBox(layer.bbox) ? layer.bbox : DEFAULT_BOX;
  const { data: collection } = useQuery({
    queryKey: [...RESOURCE_KEYS.layer(layerId), 'features', box.join(',')],
    queryFn: ({ signal }) => resourcesApi.features(layerId, box, signal),
    enabled: !!layer,
  });
  const features = useMemo(() => collection?.features ?? [], [collection]);
  const columns = useMemo(() => [...new Set(features.flatMap((feature) => Object.keys(feature.properties ?? {})))], [features]);
  const valuesOf = (column: string) => features.map((feature) => feature.properties?.[column]);

  const [styleId, setStyleId] = useState<string>(NEW);
  const [name, setName] = useState('');
  /** Saving without a name says so under the name field, which takes the focus. */
  const [nameMissing, setNameMissing] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const [config, setConfig] = useState<StyleConfig>(DEFAULT_STYLE);
  /** A saved style the editor cannot show, drawn and saved as it is until the editor changes. */
  const [imported, setImported] = useState<Style | null>(null);
  /** What the SLD schema said of the file last imported, read all the same. */
  const [importWarnings, setImportWarnings] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [task, setTask] = useState<Task | null>(null);
  const geometryType = layer?.geometry_type ?? null;
  const style = useMemo(() => imported ?? styleOf(config, geometryType, name.trim() || 'style'), [imported, config, geometryType, name]);

  const edit = (next: StyleConfig) => {
    setConfig(next);
    setImported(null);
  };

  const showStyle = (saved: LayerStyle | undefined) => {
    const editable = saved ? editorConfigOf(saved.config, geometryType) : DEFAULT_STYLE;
    setConfig(editable ?? DEFAULT_STYLE);
    setImported(editable || !saved ? null : saved.config);
  };

  const pickStyle = (value: string, styles: LayerStyle[]) => {
    setStyleId(value);
    const saved = styles.find((candidate) => String(candidate.id) === value);
    setName(saved?.display_name ?? '');
    setNameMissing(false);
    setImportWarnings([]);
    showStyle(saved);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !layer || styleId === NEW) return;
    try {
      const saved = await resourcesApi.importStyle(Number(styleId), /\.qml$/i.test(file.name) ? 'qml' : 'sld', file);
      showStyle(saved);
      setImportWarnings(saved.warnings);
      await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.layer(layer.id) });
    } catch (failure) {
      notifyError(failure);
    }
  };

  const save = async () => {
    if (!layer) return;
    if (!name.trim()) {
      setNameMissing(true);
      nameInput.current?.focus();
      return;
    }
    setSaving(true);
    try {
      const creating = styleId === NEW;
      const shown = { ...style, name: name.trim() };
      const saved = creating ? await resourcesApi.createStyle(layer.id, name.trim()) : layer.styles.find((candidate) => String(candidate.id) === styleId)!;
      if (creating) setStyleId(String(saved.id));
      await resourcesApi.setStyleConfig(saved.id, shown);
      const scenario = (await resourcesApi.styleScenarios(saved.id)).find((candidate) => candidate.action === (creating ? 'create' : 'update'));
      await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.layer(layer.id) });
      if (!scenario) {
        notifyError(new Error(translate(NO_SCENARIO)));
        return;
      }
      setTask(await resourcesApi.runStyleScenario(saved.id, scenario.id));
      notifySuccess(creating ? `${L}.messages.styleCreateLaunched` : `${L}.messages.styleUpdateLaunched`);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setSaving(false);
    }
  };

  // A layer that does not exist (any more): the not-found page, with its way home, not a bare sentence.
  if (errorStatus(error) === 404) return <NotFound />;
  if (error) return <Typography sx={{ p: 2 }}>{translate(`${L}.unavailable`)}</Typography>;
  if (!layer) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              {layer.display_name}
            </Typography>
            <Typography color="text.secondary">
              {translate(`${L}.summary`, { total: layer.feature_count, geometry: layer.geometry_type ? geometryName(translate, layer.geometry_type) : '—' })}
            </Typography>
            {isBoundingBox(layer.bbox) && <Typography variant="body2">{translate(`${L}.bbox`, extentWords(layer.bbox, locale))}</Typography>}
            {canDrawVectorMap() ? (
              <Suspense fallback={<Typography variant="body2">{translate(`${L}.loading`)}</Typography>}>
                <LayerMap box={box} config={style} tileUrl={tileUrl} featureTilesUrl={PATHS.layerTiles(locale, layer.id)} sourceLayer={layer.codename} />
              </Suspense>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate(`${L}.mapUnavailable`)}
              </Typography>
            )}
            <Typography variant="h6" component="h2">
              {translate(`${L}.style.title`)}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField select label={translate(`${L}.style.choose`)} value={styleId} onChange={(event) => pickStyle(event.target.value, layer.styles)} sx={{ minWidth: 240 }}>
                <MenuItem value={NEW}>{translate(`${L}.style.new`)}</MenuItem>
                {layer.styles.map((style) => (
                  <MenuItem key={style.id} value={String(style.id)}>
                    {style.display_name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                required
                label={translate(`${L}.style.name`)}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setNameMissing(false);
                }}
                disabled={styleId !== NEW}
                error={nameMissing}
                helperText={nameMissing ? translate('validation.required') : undefined}
                inputRef={nameInput}
              />
            </Stack>
            {imported && <Alert severity="info">{translate(`${L}.style.imported`)}</Alert>}
            {importWarnings.length > 0 && (
              <Alert severity="warning">
                <AlertTitle>{translate(`${L}.style.schemaWarnings`)}</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {importWarnings.map((warning, index) => (
                    <li key={index}>{warning}</li>
                  ))}
                </Box>
              </Alert>
            )}
            <StyleEditor config={config} columns={columns} valuesOf={valuesOf} onChange={edit} geometryType={geometryType} coordinates={[layer.column_x, layer.column_y]} />
            <Typography variant="subtitle2" component="h3">
              {translate(`${L}.style.legend`)}
            </Typography>
            <StyleLegend style={style} />
            {styleId !== NEW && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button component="label" variant="outlined">
                  {translate(`${L}.style.importFile`)}
                  <input type="file" hidden accept=".sld,.qml,.xml" onChange={(event) => void importFile(event)} />
                </Button>
                <Button component="a" href={PATHS.styleDownload(locale, Number(styleId), 'sld')} download>
                  {translate(`${L}.style.exportSld`)}
                </Button>
                <Button component="a" href={PATHS.styleDownload(locale, Number(styleId), 'qml')} download>
                  {translate(`${L}.style.exportQml`)}
                </Button>
              </Stack>
            )}
            <Button variant="contained" onClick={() => void save()} disabled={saving} sx={{ alignSelf: 'flex-start' }}>
              {translate(`${L}.style.save`)}
            </Button>
            {task && <TaskFollow key={task.id} started={task} />}
            {typeof fromDataset === 'number' && (
              <Button component={RouterLink} to={appPath(datasetResourcesPath(fromDataset))} sx={{ alignSelf: 'flex-start' }}>
                {translate('resources.dataset-resources.actions.back')}
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
