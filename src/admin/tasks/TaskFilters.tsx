/** The task list's filters: search, status, action (the platform's scenarios) and dataset. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { TASK_STATUSES } from '../../../schemas/scenarios.ts';
import { referencePicker } from '../entities/inputElement.tsx';
import { tasksApi } from './tasksApi.ts';

function StatusFilter(_props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const choices = useMemo(
    () => TASK_STATUSES.map((status) => ({ id: status, name: translate(`resources.tasks.statuses.${status}`) })),
    [translate],
  );
  return <SelectInput source="status" label="resources.tasks.fields.status" choices={choices} />;
}

/** One choice per scenario codename: the same action may exist for several object classes. */
function ActionFilter(_props: { source: string; alwaysOn?: boolean }) {
  const { data = [] } = useQuery({ queryKey: ['scenarios'], queryFn: ({ signal }) => tasksApi.scenarios(signal), staleTime: Infinity });
  const choices = useMemo(() => {
    const byCodename = new Map(data.map((scenario) => [scenario.codename, { id: scenario.codename, name: scenario.display_name }]));
    return [...byCodename.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [data]);
  return <SelectInput source="action" label="resources.tasks.fields.action" choices={choices} />;
}

export const TASK_FILTERS = [
  <SearchInput key="q" source="q" alwaysOn />,
  <StatusFilter key="status" source="status" alwaysOn />,
  <ActionFilter key="action" source="action" alwaysOn />,
  referencePicker('datasets', { source: 'object', label: 'resources.tasks.filters.dataset', alwaysOn: true }),
];
