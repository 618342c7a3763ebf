/**
 * A resource's scheduled update (spec, sections 3 and 7): the scheduler (from
 * `usergroup/schedulers/`) that runs its update scenario, chosen, changed or removed at once with
 * the scheduler's toasts (spec, section 8), and the next run's time. On the page of a resource
 * whose data lives elsewhere (SCHEDULED_TYPES), and as the wizard's last step for a new one.
 */
import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ScenarioExecutionFrequency } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { resourcesApi, type ResourceType } from './resourcesApi.ts';
import { SCHEDULE_KEYS, scheduleApi } from './scheduleApi.ts';

const L = 'resources.resource-settings.schedule';
// A value of its own: an empty one would show the select blank.
const NONE = 'none';

export interface ResourceScheduleProps {
  resourceId: number;
  type: ResourceType;
  sourceId: number;
  /** A datastore source's database. */
  database?: string;
  editable: boolean;
}

export function ResourceSchedule({ resourceId, type, sourceId, database, editable }: ResourceScheduleProps) {
  const translate = useTranslate();
  const locale = useAppLocale();
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const schedulers = useQuery({ queryKey: SCHEDULE_KEYS.schedulers, queryFn: ({ signal }) => scheduleApi.schedulers(signal), staleTime: Infinity });
  const scenario = useQuery({
    queryKey: ['resource-schedules', 'update-scenario', type, sourceId],
    queryFn: async () => (await resourcesApi.sourceScenarios(type, sourceId, database)).find((one) => one.action === 'update') ?? null,
  });
  const frequencies = useQuery({ queryKey: SCHEDULE_KEYS.ofResource(resourceId), queryFn: ({ signal }) => scheduleApi.ofResource(resourceId, signal) });
  const update = scenario.data;
  // The schedule of its update scenario (a program may have scheduled others: they stay as they are).
  const current: ScenarioExecutionFrequency | undefined = frequencies.data?.find((one) => one.scenario === update?.id);
  if (!update || !schedulers.data || !frequencies.data) return null;

  const choose = async (value: string) => {
    setBusy(true);
    try {
      if (value === NONE) {
        if (!current) return;
        await scheduleApi.remove(current.id);
        notifySuccess(`${L}.messages.deleted`);
      } else if (current) {
        await scheduleApi.change(current.id, Number(value));
        notifySuccess(`${L}.messages.updated`);
      } else {
        await scheduleApi.create(resourceId, update.id, Number(value));
        notifySuccess(`${L}.messages.created`);
      }
      await queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.ofResource(resourceId) });
    } catch (error) {
      notifyError(error, { resource: 'resource-settings' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} component="section" aria-labelledby="resource-schedule-title">
      <Typography variant="h6" component="h2" id="resource-schedule-title">
        {translate(`${L}.title`)}
      </Typography>
      <Typography color="text.secondary">{translate(`${L}.intro`, { scenario: update.display_name })}</Typography>
      <TextField
        select
        label={translate('resources.resource-settings.fields.scheduler')}
        value={current ? String(current.scheduler) : NONE}
        disabled={busy || !editable}
        onChange={(event) => void choose(event.target.value)}
        sx={{ maxWidth: 360 }}
        helperText={editable ? undefined : translate(`${L}.readOnly`)}
      >
        <MenuItem value={NONE}>{translate(`${L}.none`)}</MenuItem>
        {schedulers.data.map((scheduler) => (
          <MenuItem key={scheduler.id} value={String(scheduler.id)}>
            {scheduler.display_name}
          </MenuItem>
        ))}
      </TextField>
      <Typography role="status">
        {current?.next_run
          ? translate(`${L}.nextRun`, { date: new Date(current.next_run).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short' }) })
          : translate(`${L}.noneScheduled`)}
      </Typography>
    </Stack>
  );
}
