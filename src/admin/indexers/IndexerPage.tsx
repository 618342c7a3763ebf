/**
 * An indexer of a group: accounts/usergroup/{usergroupId}/indexer/new/ and …/indexer/{indexerId}/.
 * The form (spec, section 3 "Indexer"), its trial before or after saving (counts and the first
 * records mapped), the last runs with their counts, and a button to run it now.
 */
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useGetOne, useNotify, useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { canManageIndexers } from '../../../schemas/access.ts';
import type { UsergroupType } from '../../../schemas/constants.ts';
import { HARVEST_EVERYTHING, indexers, type HarvestTrial } from '../../../schemas/indexers.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorBody, errorStatus } from '../http/errors.ts';
import { entityOf, entityPaths } from '../entities/registry.ts';
import { schemaValidate } from '../entities/schemaValidation.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { ACCESS_DENIED_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';
import { TaskStatusChip } from '../tasks/TaskStatusChip.tsx';
import { indexersApi, type Indexer, type IndexerForm } from './indexersApi.ts';
import { GROUP_RESOURCE, indexerPaths } from './indexerPaths.ts';
import { useSetAsideIndexerValues, useTakenIndexerValues } from './keptIndexerValues.ts';
import type { IndexerPageState } from './IndexersPanel.tsx';

const EMPTY: Omit<IndexerForm, 'usergroup'> = {
  implementation_type: 0,
  name: '',
  description: '',
  url: '',
  command: HARVEST_EVERYTHING,
  organisation_filter: '',
  url_pattern: '',
  scheduler: 0,
};

const FIELDS = ['implementation_type', 'name', 'description', 'url', 'command', 'organisation_filter', 'url_pattern', 'scheduler'] as const;

/** The schema's checks (schemas/indexers.ts), run before anything is sent: required fields, lengths. */
const validateIndexer = schemaValidate(indexers);
/** The fields the schema requires: their inputs are marked. */
const REQUIRED = new Set<string>(FIELDS.filter((field) => indexers.fields[field].required));

function TrialResult({ trial }: { trial: HarvestTrial }) {
  const translate = useTranslate();
  if (trial.status === 'FAILURE') return <Alert severity="error">{translate('resources.indexers.messages.trialFailed', { error: trial.error })}</Alert>;
  return (
    <Box component="section" aria-label={translate('resources.indexers.page.trialTitle')}>
      <Typography variant="subtitle1" component="h3">{translate('resources.indexers.page.trialTitle')}</Typography>
      <Typography>{translate('resources.indexers.page.trialCounts', { ...trial.counts })}</Typography>
      {!trial.complete && <Typography variant="body2" color="text.secondary">{translate('resources.indexers.page.trialPartial')}</Typography>}
      <List dense>
        {trial.records?.map((record) => (
          <ListItem key={record.remote_id} disableGutters>
            <ListItemText primary={record.display_name} secondary={`${record.remote_id} · ${translate(`resources.indexers.page.action_${record.action}`)}`} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** A finished run's counts: its step before the engine's closing one; a running one's latest step. */
const runSummary = (task: Task) => (task.status === 'SUCCESS' ? task.timeline.at(-2) : task.timeline.at(-1))?.message ?? '';

function Runs({ id }: { id: number }) {
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: ['indexers', 'runs', id], queryFn: ({ signal }) => indexersApi.runs(id, signal), refetchInterval: 15_000 });
  return (
    <Box component="section" aria-labelledby="indexer-runs">
      <Typography variant="h6" component="h2" id="indexer-runs">{translate('resources.indexers.page.runs')}</Typography>
      {data?.length === 0 && <Typography color="text.secondary">{translate('resources.indexers.page.noRuns')}</Typography>}
      <List dense>
        {data?.map((task: Task) => (
          <ListItem key={task.id} disableGutters>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TaskStatusChip status={task.status} />
              <ListItemText
                primary={<LocaleDateField record={task} source="start_date" showTime />}
                secondary={task.error ?? runSummary(task)}
              />
            </Stack>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export default function IndexerPage() {
  const params = useParams();
  const usergroup = Number(params.usergroupId);
  const id = params.indexerId && params.indexerId !== 'new' ? Number(params.indexerId) : null;
  const translate = useTranslate();
  const navigate = useNavigate();
  // Opened from its group's page: the way back to it, kept once a new indexer is saved.
  const location = useLocation();
  const from = (location.state as Partial<IndexerPageState> | null)?.from;
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const notify = useNotify();
  const initial: IndexerForm = { ...EMPTY, usergroup };
  // What was typed before a language switch or a new sign-in comes back; what is typed is set aside.
  const taken = useTakenIndexerValues(initial);
  const [form, setForm] = useState<IndexerForm | null>(taken ?? (id === null ? initial : null));
  useSetAsideIndexerValues(form && (id !== null || JSON.stringify(form) !== JSON.stringify(initial)) ? form : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [trial, setTrial] = useState<HarvestTrial | null>(null);
  // A save or a trial on its way: the buttons wait for its answer, so a double click sends one request.
  const [busy, setBusy] = useState<'save' | 'trial' | null>(null);
  const { user } = useStartup();
  const manages = canManageIndexers(user, usergroup);
  // The group: whether it exists (404) or is refused (403) to one who does not administer it, and
  // its type, which names its page, the way back from an indexer opened from elsewhere (a task).
  const group = useGetOne('usergroups', { id: usergroup }, { enabled: Number.isInteger(usergroup) });
  const groupType = group.data?.usergroup_type as UsergroupType | undefined;
  const groupPage = from ?? (groupType && GROUP_RESOURCE[groupType] ? appPath(entityPaths(entityOf(GROUP_RESOURCE[groupType])).edit(usergroup)) : undefined);

  const types = useQuery({ queryKey: ['indexers', 'types'], queryFn: ({ signal }) => indexersApi.types(signal) });
  const schedulers = useQuery({ queryKey: ['indexers', 'schedulers'], queryFn: ({ signal }) => indexersApi.schedulers(signal) });
  const saved = useQuery({ queryKey: ['indexers', 'one', id], queryFn: ({ signal }) => indexersApi.get(id!, signal), enabled: id !== null && manages });
  const current: IndexerForm | null = form ?? (saved.data ? (({ id: _id, updated_at: _updated, ...rest }: Indexer) => rest)(saved.data) : null);
  // An address whose ids name nothing says so, as the records' own pages do.
  if (!Number.isInteger(usergroup) || (id !== null && !Number.isInteger(id)) || errorStatus(group.error) === 404) return <NotFound />;
  if (!manages && group.isPending) return null;
  // Another group's harvesters: the access-denied page, rather than a form whose save is refused.
  if (!manages) return <Navigate to={appPath(ACCESS_DENIED_PATH)} replace />;
  if (errorStatus(saved.error) === 404) return <NotFound />;
  if (!current) return null;

  const set = (field: keyof IndexerForm) => (event: ChangeEvent<HTMLInputElement>) => {
    const numeric = field === 'implementation_type' || field === 'scheduler';
    setForm({ ...current, [field]: numeric ? Number(event.target.value) : event.target.value });
    // A message about a field goes once it is changed.
    if (errors[field]) setErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => name !== field)));
  };
  const payload = (): IndexerForm => ({
    ...current,
    implementation_type: current.implementation_type || (null as unknown as number),
    scheduler: current.scheduler || (null as unknown as number),
  });
  const backToGroup = () => (groupPage ? navigate(groupPage) : navigate(-1));

  const save = async () => {
    // Busy from the click on, the validation included: a second click meanwhile saves nothing more.
    setBusy('save');
    try {
      const found = await validateIndexer(payload() as unknown as Record<string, unknown>);
      const invalid = FIELDS.filter((field) => found[field]);
      if (invalid.length > 0) {
        setErrors(Object.fromEntries(invalid.map((field) => [field, translate(found[field].message, { _: found[field].message, ...found[field].args })])));
        document.getElementById(`indexer-${invalid[0]}`)?.focus();
        // The toast every react-admin form shows for a save with fields to correct.
        notify('ra.message.invalid_form', { type: 'error' });
        return;
      }
      const result = id === null ? await indexersApi.create(payload()) : await indexersApi.update(id, payload());
      notifySuccess(`resources.indexers.messages.${id === null ? 'created' : 'updated'}`);
      setErrors({});
      if (id === null) navigate(appPath(indexerPaths.edit(usergroup, result.id)), { replace: true, state: location.state });
      await queryClient.invalidateQueries({ queryKey: ['indexers'] });
    } catch (error) {
      setErrors(errorBody(error).errors ?? {});
      notifyError(error, { resource: 'indexers', message: `resources.indexers.messages.${id === null ? 'createFailed' : 'updateFailed'}` });
    } finally {
      setBusy(null);
    }
  };
  const remove = async () => {
    try {
      await indexersApi.remove(id!);
      notifySuccess('resources.indexers.messages.deleted');
      await queryClient.invalidateQueries({ queryKey: ['indexers'] });
      backToGroup();
    } catch (error) {
      notifyError(error, { resource: 'indexers', message: 'resources.indexers.messages.deleteFailed' });
    }
  };
  const test = async () => {
    setBusy('trial');
    setTrial(null);
    try {
      // The form as it stands, saved or not: the trial of what the administrator sees.
      setTrial(await indexersApi.trial(form === null && id !== null ? id : null, payload()));
      setErrors({});
    } catch (error) {
      setErrors(errorBody(error).errors ?? {});
      notifyError(error, { resource: 'indexers' });
    } finally {
      setBusy(null);
    }
  };
  const runNow = async () => {
    try {
      await indexersApi.runNow(id!);
      notifySuccess('resources.indexers.page.runQueued');
      await queryClient.invalidateQueries({ queryKey: ['indexers', 'runs', id] });
    } catch (error) {
      notifyError(error, { resource: 'indexers' });
    }
  };

  const label = (field: string) => translate(`resources.indexers.fields.${field}`);
  const helper = (field: string) => errors[field] || (['command', 'organisation_filter', 'url_pattern'].includes(field) ? translate(`resources.indexers.help.${field}`) : undefined);

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {id === null ? translate('resources.indexers.page.newTitle') : translate('resources.indexers.page.editTitle', { name: saved.data?.name ?? '' })}
        </Typography>
        <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
          {FIELDS.map((field) =>
            field === 'implementation_type' || field === 'scheduler' ? (
              <TextField
                key={field} select id={`indexer-${field}`} label={label(field)} required value={current[field] || ''} onChange={set(field)}
                error={!!errors[field]} helperText={helper(field)}
              >
                {(field === 'implementation_type' ? types.data : schedulers.data)?.map((choice) => (
                  <MenuItem key={choice.id} value={choice.id}>{choice.display_name}</MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={field} id={`indexer-${field}`} label={label(field)} required={REQUIRED.has(field)} value={current[field] ?? ''} onChange={set(field)}
                multiline={field === 'description'} error={!!errors[field]} helperText={helper(field)}
              />
            ),
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy !== null}>{translate('resources.indexers.page.save')}</Button>
            <Button onClick={() => void test()} variant="outlined" disabled={busy !== null || !current.url || !current.implementation_type}>
              {busy === 'trial' ? translate('resources.indexers.page.trialRunning') : translate('resources.indexers.page.trial')}
            </Button>
            {id !== null && <Button onClick={() => void runNow()} variant="outlined">{translate('resources.indexers.page.runNow')}</Button>}
            {id !== null && <Button onClick={() => setConfirmingDelete(true)} color="error">{translate('resources.indexers.page.delete')}</Button>}
          </Stack>
        </Stack>
        {trial && <Box sx={{ mt: 2 }}><TrialResult trial={trial} /></Box>}
        {id !== null && <Box sx={{ mt: 3 }}><Runs id={id} /></Box>}
        {id !== null && saved.data && <Chip sx={{ mt: 2 }} label={translate('resources.indexers.page.number', { id })} size="small" />}
        {groupPage && (
          <Button component={RouterLink} to={groupPage} sx={{ mt: 2, display: 'flex', width: 'fit-content' }}>
            {translate('resources.indexers.page.back')}
          </Button>
        )}
        {/* A deletion is asked for again, as everywhere else. */}
        <ConfirmModal
          open={confirmingDelete}
          onClose={() => setConfirmingDelete(false)}
          onConfirm={remove}
          subject={saved.data ? translate('publish.feedback.confirm.deleting', { name: saved.data.name }) : undefined}
        />
      </CardContent>
    </Card>
  );
}
