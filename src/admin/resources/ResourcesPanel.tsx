/**
 * A dataset's resources on its page: the main resource and the annexes, each with its
 * type, format, size, last update and processing state; those who may change the dataset add,
 * change and delete them, and check their links now. A geographic resource links to its layer, and
 * its styles' legends follow; a resource with a link shows its latest check and its history.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MapIcon from '@mui/icons-material/Map';
import { useState } from 'react';
import { Button, IconButton, Link, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { RELOAD_INTERVAL_MS, TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { PUBLICATION_SCENARIOS } from '../../../schemas/scenarios.ts';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { formatFileSize } from '../format/fileSize.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { CheckLinksButton } from './CheckLinksButton.tsx';
import { LayerLegends } from './LayerLegends.tsx';
import { LinkCheckBadge } from './LinkCheckBadge.tsx';
import { LinkCheckHistory } from './LinkCheckHistory.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { TASKS_QUERY_KEY } from '../tasks/tasksApi.ts';
import { ProcessingState } from './ProcessingState.tsx';
import { layerPath, newResourcePath, resourceEditPath, type LayerPageState } from './resourcePaths.ts';
import { datasetResourcesQuery, layerIdOf, RESOURCE_KEYS, RESOURCE_ROLES, resourcesApi, type Resource, type ResourceDataset } from './resourcesApi.ts';

const L = 'resources.dataset-resources';

/** Resources whose data sits behind an address, which the link checker asks. */
const LINKED_TYPES = new Set<string>(['href', 'file-download']);

/**
 * Publishes or withdraws a resource in the dataset through the link's publication scenario
 * (spec, section 4); a missing scenario is the spec's 'missing publication scenario'.
 */
function PublishSwitch({ link, datasetId, editable }: { link: ResourceDataset; datasetId: number; editable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const label = translate(`${L}.actions.publish`, { name: link.resource.display_name });
  if (!editable) return <>{translate(link.publish ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
  const toggle = async () => {
    const publish = !link.publish;
    const codenames = PUBLICATION_SCENARIOS.resourcedataset;
    setBusy(true);
    try {
      const scenario = (await resourcesApi.linkScenarios(link.id)).find((one) => one.codename === (publish ? codenames.publish : codenames.unpublish));
      if (!scenario) {
        notify('resources.tasks.messages.missingPublicationScenario', { type: 'warning', autoHideDuration: TOAST_DURATION_MS });
        return;
      }
      await resourcesApi.runLinkScenario(link.id, scenario.id, datasetId);
      notifySuccess(publish ? 'resources.tasks.messages.publishLaunched' : 'resources.tasks.messages.unpublishLaunched');
      await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.ofDataset(datasetId) });
      await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return <Switch checked={link.publish} disabled={busy} onChange={() => void toggle()} slotProps={{ input: { 'aria-label': label } }} />;
}

function ResourceRow({ link, datasetId, editable }: { link: ResourceDataset; datasetId: number; editable: boolean }) {
  const translate = useTranslate();
  const locale = useAppLocale();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const resource: Resource = link.resource;
  const layerId = layerIdOf(resource);
  const name = resource.display_name;
  const remove = async () => {
    try {
      await resourcesApi.deleteResource(resource.id);
      notifySuccess(`${L}.messages.deleted`);
      await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.ofDataset(datasetId) });
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {editable ? (
          <Link component={RouterLink} to={appPath(resourceEditPath(datasetId, resource.id))}>
            {name}
          </Link>
        ) : (
          name
        )}
        <LinkCheckBadge resource={resource} />
        <LinkCheckHistory resource={resource} />
      </TableCell>
      <TableCell>{translate(`${L}.types.${resource.type}`, { _: resource.type })}</TableCell>
      <TableCell>{resource.dataformat ?? '—'}</TableCell>
      <TableCell>{resource.size == null ? '—' : formatFileSize(resource.size, locale)}</TableCell>
      <TableCell>{resource.last_update ? <LocaleDateField record={resource} source="last_update" showTime component="span" /> : '—'}</TableCell>
      <TableCell>
        <PublishSwitch link={link} datasetId={datasetId} editable={editable} />
      </TableCell>
      <TableCell>
        <ProcessingState resource={resource} resumePath={appPath(resourceEditPath(datasetId, resource.id))} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {layerId !== null && (
          <Button size="small" startIcon={<MapIcon />} component={RouterLink} to={appPath(layerPath(layerId))} state={{ datasetId } satisfies LayerPageState}>
            {translate(`${L}.actions.layer`)}
          </Button>
        )}
        {editable && (
          <>
            <IconButton component={RouterLink} to={appPath(resourceEditPath(datasetId, resource.id))} aria-label={translate(`${L}.actions.edit`, { name })}>
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton onClick={() => setConfirming(true)} aria-label={translate(`${L}.actions.delete`, { name })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
            <ConfirmModal
              open={confirming}
              onClose={() => setConfirming(false)}
              onConfirm={remove}
              subject={translate('publish.feedback.confirm.deleting', { name })}
            />
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

function ResourcesTable({ links, datasetId, editable, label }: { links: ResourceDataset[]; datasetId: number; editable: boolean; label: string }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {(['name', 'type', 'format', 'size', 'last_update', 'publish', 'processing'] as const).map((column) => (
            <TableCell key={column}>{translate(`${L}.fields.${column}`)}</TableCell>
          ))}
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {links.map((link) => (
          <ResourceRow key={link.id} link={link} datasetId={datasetId} editable={editable} />
        ))}
      </TableBody>
    </Table>
  );
}

function AddButton({ datasetId, role }: { datasetId: number; role: 'main' | 'annex' }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Button startIcon={<AddIcon />} component={RouterLink} to={appPath(newResourcePath(datasetId, role))}>
      {translate(`${L}.actions.add.${role}`)}
    </Button>
  );
}

export function ResourcesPanel({ datasetId, editable }: { datasetId: number; editable: boolean }) {
  const translate = useTranslate();
  const { data, error } = useQuery({
    ...datasetResourcesQuery(datasetId),
    // A running operation is followed until it ends.
    refetchInterval: (query) =>
      query.state.data?.some((link) => link.resource._processing?.some((entry) => entry.state === 'PENDING')) ? RELOAD_INTERVAL_MS : false,
  });
  const main = data?.filter((link) => link.type === RESOURCE_ROLES.main) ?? [];
  const annexes = data?.filter((link) => link.type === RESOURCE_ROLES.annex) ?? [];
  const linked = data?.some((link) => LINKED_TYPES.has(link.resource.type ?? '')) ?? false;
  return (
    <PanelCard id="dataset-resources" title={translate(`${L}.panel.title`)}>
      {error ? <Typography color="error">{translate(`${L}.panel.unavailable`)}</Typography> : null}
      <Stack spacing={2}>
        <section aria-labelledby="dataset-resources-main">
          <Typography variant="subtitle1" component="h3" id="dataset-resources-main">
            {translate(`${L}.panel.main`)}
          </Typography>
          {data && main.length === 0 && <Typography color="text.secondary">{translate(`${L}.panel.noMain`)}</Typography>}
          {main.length > 0 && <ResourcesTable links={main} datasetId={datasetId} editable={editable} label={translate(`${L}.panel.main`)} />}
          {data && editable && main.length === 0 && <AddButton datasetId={datasetId} role="main" />}
        </section>
        <section aria-labelledby="dataset-resources-annexes">
          <Typography variant="subtitle1" component="h3" id="dataset-resources-annexes">
            {translate(`${L}.panel.annexes`)}
          </Typography>
          {data && annexes.length === 0 && <Typography color="text.secondary">{translate(`${L}.panel.noAnnex`)}</Typography>}
          {annexes.length > 0 && <ResourcesTable links={annexes} datasetId={datasetId} editable={editable} label={translate(`${L}.panel.annexes`)} />}
          {data && editable && <AddButton datasetId={datasetId} role="annex" />}
        </section>
        {editable && linked && <CheckLinksButton datasetId={datasetId} />}
        {data && <LayerLegends resources={data.map((link) => link.resource)} />}
      </Stack>
    </PanelCard>
  );
}
