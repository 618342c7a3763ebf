/**
 * The object a task acts on, by name, linking to its page when it has one (a dataset, a harvester, or the
 * dataset of a resource relation). A gone or hidden object shows its type and number.
 */
import { Link } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Task } from '../../../schemas/scenarios.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { objectPagePath } from './taskPaths.ts';

/** The platform's own tasks (link checks, quality assessment) act on the one platform: no number. */
const WHOLE_PLATFORM = 'platform';

/** An object by its type and number, for one the server does not name: "Jeu de données #12". */
export function useObjectClassName() {
  const translate = useTranslate();
  return (objectClass: string, id: number | string | null) =>
    `${translate(`resources.tasks.objectClasses.${objectClass}`, { _: objectClass })}${id === null || objectClass === WHOLE_PLATFORM ? '' : ` #${id}`}`;
}

function useObjectName() {
  const classAndNumber = useObjectClassName();
  return (task: Task) => task.object_name ?? classAndNumber(task.object_class, task.object_id);
}

export function TaskObjectLink({ task }: { task: Task }) {
  const appPath = useAppPath();
  const objectName = useObjectName();
  const path = objectPagePath(task);
  const name = objectName(task);
  if (!path) return <>{name}</>;
  return (
    // A row opens its task: the object's link opens the object instead.
    <Link component={RouterLink} to={appPath(path)} onClick={(event) => event.stopPropagation()}>
      {name}
    </Link>
  );
}

/** The object of the task in the record context (a list column). */
export function TaskObjectField(_props: { label?: string; sortable?: boolean }) {
  const task = useRecordContext<Task>();
  return task ? <TaskObjectLink task={task} /> : null;
}
