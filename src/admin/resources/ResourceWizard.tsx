/**
 * The resource wizard (issue 9, spec section 4 "Resource creation"), at
 * data/datasets/{id}/resources/new/?role=main|annex and, to change one, …/resources/{resourceId}/:
 * the type (only those available), its form, then create the resource, link it to the dataset,
 * create its source, send the file with its progress, place X and Y, choose the scenario (an
 * annex runs the first one itself), run it in the background and follow its task to the end.
 * A change follows the same steps with the update scenarios.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Link, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGetOne, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { Scenario, ScenarioAction, Task } from '../../../schemas/scenarios.ts';
import { ProgressModal } from '../feedback/ProgressModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { formatFileSize } from '../format/fileSize.ts';
import { errorBody, errorStatus } from '../http/errors.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { ACCESS_DENIED_PATH } from '../routing/paths.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';
import { TASKS_QUERY_KEY } from '../tasks/tasksApi.ts';
import { ColumnsStep } from './ColumnsStep.tsx';
import { CoverageProposal } from './CoverageProposal.tsx';
import { GeometryStep } from './GeometryStep.tsx';
import { HiddenSwitch } from './HiddenSwitch.tsx';
import { useSetAsideWizardValues, useTakenWizardValues } from './keptWizardValues.ts';
import { datasetResourcesPath, newResourcePath } from './resourcePaths.ts';
import {
  ANNEX_TYPES,
  databaseOf,
  datasetResourcesQuery,
  RESOURCE_KEYS,
  RESOURCE_ROLES,
  RESOURCE_TYPES,
  resourcesApi,
  SCHEDULED_TYPES,
  type Resource,
  type ResourceRole,
  type ResourceType,
  type Source,
  type SourceWrite,
} from './resourcesApi.ts';
import { isUnloaded } from './ProcessingState.tsx';
import { ResourceSchedule } from './ResourceSchedule.tsx';
import { scenariosFor } from './scenarioChoice.ts';
import { SourceFields } from './SourceFields.tsx';
import { TaskFollow } from './TaskFollow.tsx';
import { EMPTY_VALUES, resourceWrite, sourceWrite, validate, valuesOf, type FieldErrors, type WizardValues } from './wizardValues.ts';

const L = 'resources.dataset-resources';

type Step = 'type' | 'details' | 'columns' | 'geometry' | 'scenario' | 'task';

/** The kinds whose source holds columns to place: an uploaded file, a datastore table. */
const PLACED_KINDS: readonly ResourceType[] = ['file-upload', 'datastore'];

interface Upload {
  open: boolean;
  loaded: number;
  total: number;
}

const NO_UPLOAD: Upload = { open: false, loaded: 0, total: 0 };

/**
 * The types offered: those the server can make a resource of (`resource/kinds/`: the map server's
 * layers only when one is configured); annexes are files and links; datastore tables and map
 * server layers besides only when their datastore answered at start-up.
 */
function useAvailableTypes(role: ResourceRole): ResourceType[] {
  const { datastoreAvailable, geospatialAvailable } = useStartup();
  const { data: kinds = [] } = useQuery({
    queryKey: ['dataset-resources', 'kinds'],
    queryFn: ({ signal }) => resourcesApi.kinds(signal),
    staleTime: Infinity,
  });
  const offered = RESOURCE_TYPES.filter((type) => kinds.includes(type));
  if (role === 'annex') return offered.filter((type) => ANNEX_TYPES.includes(type));
  return offered.filter((type) => (type === 'datastore' ? datastoreAvailable : type === 'geoserver' ? geospatialAvailable : true));
}

function TypeStep({ types, value, onChange, onNext }: { types: ResourceType[]; value: ResourceType | null; onChange: (type: ResourceType) => void; onNext: () => void }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.steps.type`)}>
      <RadioGroup value={value ?? ''} onChange={(event) => onChange(event.target.value as ResourceType)} aria-label={translate(`${L}.steps.type`)}>
        {types.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={translate(`${L}.types.${type}`)} />
        ))}
      </RadioGroup>
      <Button variant="contained" disabled={!value} onClick={onNext} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.actions.next`)}
      </Button>
    </Stack>
  );
}

function ScenarioStep({ scenarios, busy, onRun }: { scenarios: Scenario[]; busy: boolean; onRun: (scenario: Scenario) => void }) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState<number>(scenarios[0].id);
  return (
    <Stack spacing={2} component="section" aria-label={translate(`${L}.steps.scenario`)}>
      <RadioGroup value={chosen} onChange={(event) => setChosen(Number(event.target.value))} aria-label={translate(`${L}.steps.scenario`)}>
        {scenarios.map((scenario) => (
          <FormControlLabel key={scenario.id} value={scenario.id} control={<Radio />} label={scenario.display_name} />
        ))}
      </RadioGroup>
      <Button variant="contained" disabled={busy} onClick={() => onRun(scenarios.find((scenario) => scenario.id === chosen)!)} sx={{ alignSelf: 'flex-start' }}>
        {translate(`${L}.actions.run`)}
      </Button>
    </Stack>
  );
}

export default function ResourceWizard() {
  const translate = useTranslate();
  const locale = useAppLocale();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const params = useParams<{ id: string; resourceId?: string }>();
  const [search] = useSearchParams();
  const datasetId = Number(params.id);
  const existingId = params.resourceId !== undefined && params.resourceId !== 'new' ? Number(params.resourceId) : null;

  const { data: dataset, error: datasetError } = useGetOne('datasets', { id: datasetId }, { enabled: Number.isInteger(datasetId) });
  const askedRole: ResourceRole = search.get('role') === 'annex' ? 'annex' : 'main';
  // The dataset's resources: the role of the one being changed, or whether a new main one may be added.
  const { data: links } = useQuery({
    ...datasetResourcesQuery(datasetId),
    enabled: existingId !== null || askedRole === 'main',
  });
  const { data: existing, error: existingError } = useQuery({
    queryKey: RESOURCE_KEYS.resource(existingId ?? 0),
    queryFn: async ({ signal }) => {
      const resource = await resourcesApi.resource(existingId!, signal);
      const source = resource.source_id !== null && resource.type !== null ? await resourcesApi.source(resource.type, resource.source_id, signal, databaseOf(resource)) : null;
      return { resource, source };
    },
    enabled: existingId !== null,
  });
  // A resource left before its first load resumes with the creation's scenarios.
  const action: ScenarioAction = existingId === null || (existing && isUnloaded(existing.resource)) ? 'create' : 'update';
  const link = links?.find((candidate) => candidate.resource_id === existingId);
  const role: ResourceRole = existingId !== null ? (link?.type === RESOURCE_ROLES.annex ? 'annex' : 'main') : askedRole;
  const types = useAvailableTypes(role);
  const { dataFormats } = useStartup();

  // What was typed before a language switch or a new sign-in: the wizard reopens at its details.
  const kept = useTakenWizardValues();
  const keptValues = useRef(kept?.values);
  const [step, setStep] = useState<Step>(existingId === null && !kept?.type ? 'type' : 'details');
  const [type, setType] = useState<ResourceType | null>(existingId === null ? (kept?.type ?? null) : null);
  const [values, setValues] = useState<WizardValues>({ ...EMPTY_VALUES, ...kept?.values });
  // Something typed or chosen that no save has taken yet.
  const [touched, setTouched] = useState(kept !== undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState<Upload>(NO_UPLOAD);
  const [resource, setResource] = useState<Resource | null>(null);
  const [linked, setLinked] = useState(false);
  const [source, setSource] = useState<Source | null>(null);
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [task, setTask] = useState<Task | null>(null);
  // The wizard's task loaded the resource: its coverage may be proposed and its update scheduled.
  const [taskSucceeded, setTaskSucceeded] = useState(false);
  // A dataset has one main resource: a second is refused, so the wizard says so before anything is filled in.
  const mainTaken = existingId === null && role === 'main' && !linked && (links ?? []).some((one) => one.type === RESOURCE_ROLES.main);
  // Kept until the details are saved: a new resource once created is resumed from the dataset's page instead.
  const unsaved = useMemo(
    () => (touched && (step === 'type' || step === 'details') && (existingId !== null || !resource) ? { type, values } : null),
    [touched, step, existingId, resource, type, values],
  );
  useSetAsideWizardValues(unsaved);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  // A resource being changed: its type, values and ids once read.
  useEffect(() => {
    if (!existing) return;
    setType(existing.resource.type);
    // One left before its source was made has no type yet: it resumes at the choice of its type.
    if (!existing.resource.type) setStep('type');
    setValues({ ...valuesOf(existing.resource, existing.source), ...keptValues.current });
    keptValues.current = undefined;
    setResource(existing.resource);
    setSource(existing.source);
    setLinked(true);
  }, [existing]);

  // A new resource belongs to the dataset's group; one being changed keeps its own.
  const usergroupId = existing?.resource.usergroup_id ?? (typeof dataset?.usergroup === 'number' ? (dataset.usergroup as number) : null);
  const sourceId = resource?.source_id ?? source?.id ?? null;

  /** On any failure the progress modal closes, its progress resets and the scenarios are cleared (spec, section 4). */
  const fail = useCallback(
    async (error: unknown) => {
      setUpload(NO_UPLOAD);
      setScenarios([]);
      // An ended session goes to the sign-in page (what was typed waits for the return), a refused read to the access-denied page.
      if (await logoutIfAccessDenied(error)) return;
      const fieldErrors = errorBody(error).errors;
      if (fieldErrors) setErrors(fieldErrors);
      // A refused role: a main resource was added meanwhile (another tab, another person); read the
      // dataset's resources again so the wizard says so, with its link to an annex.
      if (fieldErrors?.type) void queryClient.invalidateQueries({ queryKey: datasetResourcesQuery(datasetId).queryKey });
      // The toast names the fields by the wizard's labels ("Adresse (URL) : …").
      notifyError(error, { resource: 'dataset-resources' });
    },
    [notifyError, queryClient, datasetId, logoutIfAccessDenied],
  );

  // A datastore source lives under its database.
  const database = values.database || undefined;

  const runScenario = async (scenario: Scenario, sourceType: ResourceType, id: number) => {
    const started = await resourcesApi.runSourceScenario(sourceType, id, scenario.id, datasetId, database);
    notifySuccess(action === 'create' ? `${L}.messages.createLaunched` : `${L}.messages.updateLaunched`);
    setTask(started);
    setStep('task');
    await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.all });
    await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
  };

  /** Reads the source's scenarios for the action: an annex runs the first, a main resource asks. */
  const chooseScenario = async (sourceType: ResourceType, id: number) => {
    const choice = scenariosFor(await resourcesApi.sourceScenarios(sourceType, id, database), action);
    if (choice.error) {
      setScenarios([]);
      notifyError(new Error(translate(choice.error)));
      return;
    }
    if (role === 'annex') await runScenario(choice.scenarios[0], sourceType, id);
    else {
      setScenarios(choice.scenarios);
      setStep('scenario');
    }
  };

  /** A file of a geographic format, or one whose inspection finds layers (a zip of Shapefiles…). */
  const isGeographic = async (resourceId: number, current: Source) => {
    if (dataFormats.find((format) => format.id === current.dataformat_id)?.is_geographic) return true;
    if (current.columns.length > 0) return false;
    try {
      return (await resourcesApi.inspect(resourceId, {})).layers.length > 0;
    } catch {
      return false;
    }
  };

  const saveDetails = async () => {
    if (!type || usergroupId === null) return;
    const found = validate(type, values, existingId === null || !source?.filename, !source);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // Each step is done once: a second try after an error carries on where the first stopped.
      const body = resourceWrite(type, values, usergroupId);
      const saved = resource ? await resourcesApi.updateResource(resource.id, body) : await resourcesApi.createResource(body);
      setResource(saved);
      if (!linked) {
        await resourcesApi.link({ resource_id: saved.id, dataset_id: datasetId, publish: true, type: RESOURCE_ROLES[role] });
        setLinked(true);
      }
      let current = source;
      const write = sourceWrite(type, values);
      if (type === 'datastore') {
        current = current
          ? await resourcesApi.updateSource(type, current.id, write, values.database)
          : await resourcesApi.createDatastoreSource('datapusher', values.database, { ...write, resource_id: saved.id });
      } else if (type === 'geoserver') {
        current = current
          ? await resourcesApi.updateSource(type, current.id, write)
          : await resourcesApi.createMirror(values.layerType, { name: values.layer, resource_id: saved.id });
      } else {
        current = current ? await resourcesApi.updateSource(type, current.id, write) : await resourcesApi.createSource(type, { ...write, resource_id: saved.id });
      }
      setSource(current);
      if (type === 'file-upload' && values.file) {
        setUpload({ open: true, loaded: 0, total: values.file.size });
        current = await resourcesApi.uploadSourceFile(current.id, values.file, ({ loaded, total }) => setUpload((shown) => ({ ...shown, loaded, total })));
        setSource(current);
        setValues((shown) => ({ ...shown, file: null }));
      }
      if (type === 'file-upload' && (await isGeographic(saved.id, current))) setStep('geometry');
      else if (PLACED_KINDS.includes(type) && current.columns.length > 0) setStep('columns');
      else await chooseScenario(type, current.id);
    } catch (error) {
      void fail(error);
    } finally {
      setBusy(false);
    }
  };

  /** Saves the placement (X/Y and CRS) or the layer and CRS of a geographic file, then offers the scenarios. */
  const savePlacement = async (placement: SourceWrite) => {
    if (!source || !type) return;
    setBusy(true);
    try {
      const placed = await resourcesApi.updateSource(type, source.id, placement, database);
      setSource(placed);
      await chooseScenario(type, placed.id);
    } catch (error) {
      void fail(error);
    } finally {
      setBusy(false);
    }
  };

  const run = async (scenario: Scenario) => {
    if (!type || sourceId === null) return;
    setBusy(true);
    try {
      await runScenario(scenario, type, source?.id ?? sourceId);
    } catch (error) {
      void fail(error);
    } finally {
      setBusy(false);
    }
  };

  const onTaskFinished = (finished: Task) => {
    setTaskSucceeded(finished.status === 'SUCCESS');
    if (finished.status !== 'SUCCESS') {
      setUpload(NO_UPLOAD);
      setScenarios([]);
    }
    void queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.all });
  };

  const closeUpload = useCallback(() => setUpload((shown) => ({ ...shown, open: false })), []);
  const percent = upload.total > 0 ? (upload.loaded / upload.total) * 100 : 0;
  const title = translate(existingId === null ? `${L}.wizard.new.${role}` : `${L}.wizard.edit`, { name: existing?.resource.display_name ?? '' });
  const change = (changes: Partial<WizardValues>) => {
    setValues((shown) => ({ ...shown, ...changes }));
    setTouched(true);
    // A message about a field goes once it is changed; the others stay until the next check.
    setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([field]) => !Object.hasOwn(changes, field))));
  };
  const helper = (name: string) => (errors[name] ? { error: true, helperText: translate(errors[name]!, { _: errors[name] }) } : {});

  // A dataset that does not exist: said in place, rather than a wizard whose first save is refused.
  if (!Number.isInteger(datasetId) || errorStatus(datasetError) === 404) return <NotFound />;
  // A dataset the user may not change: the access-denied page at once, rather than a wizard whose
  // every step would be filled in for a save the server refuses.
  if (dataset?.editable === false) return <Navigate to={appPath(ACCESS_DENIED_PATH)} replace />;
  // A resource that does not exist (any more): said in place of an empty wizard, with the way back to the dataset's resources.
  if (errorStatus(existingError) === 404) return <NotFound listPath={appPath(datasetResourcesPath(datasetId))} />;

  return (
    <Box sx={{ p: 2 }}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h4" component="h1">
              {title}
            </Typography>
            {dataset && (
              <Typography color="text.secondary">{translate(`${L}.wizard.dataset`, { name: dataset.display_name as string })}</Typography>
            )}
            {mainTaken && (
              <Alert severity="info">
                {translate(`${L}.wizard.mainTaken`)}{' '}
                <Link component={RouterLink} to={appPath(newResourcePath(datasetId, 'annex'))}>
                  {translate(`${L}.wizard.new.annex`)}
                </Link>
              </Alert>
            )}
            {!mainTaken && step === 'type' && <TypeStep
                types={types}
                value={type}
                onChange={(chosen) => {
                  setType(chosen);
                  setTouched(true);
                }}
                onNext={() => setStep('details')}
              />}
            {!mainTaken && step === 'details' && type && (
              <Stack
                spacing={2}
                component="form"
                noValidate
                aria-label={translate(`${L}.steps.details`)}
                // Enter in a field goes on, as Next does.
                onSubmit={(event: FormEvent) => {
                  event.preventDefault();
                  if (!busy && usergroupId !== null) void saveDetails();
                }}
              >
                <Typography>{translate(`${L}.wizard.type`, { type: translate(`${L}.types.${type}`) })}</Typography>
                <TextField required label={translate(`${L}.fields.display_name`)} value={values.display_name} onChange={(event) => change({ display_name: event.target.value })} {...helper('display_name')} />
                <TextField multiline minRows={2} label={translate(`${L}.fields.description`)} value={values.description} onChange={(event) => change({ description: event.target.value })} {...helper('description')} />
                <SourceFields type={type} values={values} errors={errors} usergroupId={usergroupId} onChange={change} />
                <HiddenSwitch checked={values.hidden} disabled={busy} onChange={(hidden) => change({ hidden })} />
                {source?.filename && type === 'file-upload' && (
                  <Typography variant="body2">{translate(`${L}.wizard.currentFile`, { name: source.filename, size: formatFileSize(source.size, locale) })}</Typography>
                )}
                <Stack direction="row" spacing={2}>
                  {/* A new resource's type may still be changed; the details typed stay. */}
                  {existingId === null && !resource && (
                    <Button onClick={() => setStep('type')} disabled={busy}>
                      {translate(`${L}.actions.previous`)}
                    </Button>
                  )}
                  <Button type="submit" variant="contained" disabled={busy || usergroupId === null}>
                    {translate(`${L}.actions.next`)}
                  </Button>
                </Stack>
              </Stack>
            )}
            {upload.total > 0 && (
              <Typography variant="body2" role="status">
                {translate(`${L}.wizard.sent`, {
                  loaded: formatFileSize(upload.loaded, locale),
                  total: formatFileSize(upload.total, locale),
                  percent: Math.round(percent),
                })}
              </Typography>
            )}
            {step === 'columns' && source && (
              <ColumnsStep source={source} busy={busy} optional={type === 'datastore'} onSubmit={(placement) => void savePlacement(placement)} />
            )}
            {step === 'geometry' && source && resource && (
              <GeometryStep resourceId={resource.id} source={source} busy={busy} onSubmit={(choice) => void savePlacement(choice)} />
            )}
            {step === 'scenario' && scenarios.length > 0 && <ScenarioStep scenarios={scenarios} busy={busy} onRun={(scenario) => void run(scenario)} />}
            {step === 'task' && task && <TaskFollow started={task} onFinished={onTaskFinished} />}
            {/* A load that made the dataset geographic: its extent is proposed as its coverage. */}
            {step === 'task' && taskSucceeded && <CoverageProposal datasetId={datasetId} />}
            {/* Its scheduled update: on a loaded resource's page, and as a new one's last step once loaded. */}
            {resource && type && sourceId !== null && SCHEDULED_TYPES.includes(type) && (existingId !== null ? action === 'update' : taskSucceeded) && (
              <ResourceSchedule resourceId={resource.id} type={type} sourceId={sourceId} database={database} editable={resource.editable !== false} />
            )}
            <Button component={RouterLink} to={appPath(datasetResourcesPath(datasetId))} sx={{ alignSelf: 'flex-start' }}>
              {translate(`${L}.actions.back`)}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ProgressModal open={upload.open} progress={percent} onClose={closeUpload} title={`${L}.wizard.uploading`} />
    </Box>
  );
}
