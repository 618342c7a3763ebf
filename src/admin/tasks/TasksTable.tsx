/**
 * A short table of tasks with the list's readable columns (status chip, action, object, origin,
 * dates); each row opens its task. For the data page, a dataset's latest tasks and an object's logs.
 */
import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Task } from '../../../schemas/scenarios.ts';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { taskPath } from './taskPaths.ts';
import { TaskObjectLink } from './TaskObjectLink.tsx';
import { TaskStatusChip } from './TaskStatusChip.tsx';
import { TaskTriggerField } from './TaskTriggerField.tsx';

const COLUMNS = ['status', 'action_label', 'object', 'created_by', 'start_date', 'end_date'] as const;

function TaskRow({ task }: { task: Task }) {
  const appPath = useAppPath();
  const navigate = useNavigate();
  const path = appPath(taskPath(task.id));
  return (
    <RecordContextProvider value={task}>
      <TableRow hover onClick={() => navigate(path)} sx={{ cursor: 'pointer' }}>
        <TableCell>
          <TaskStatusChip status={task.status} />
        </TableCell>
        <TableCell>
          <Link component={RouterLink} to={path} onClick={(event) => event.stopPropagation()}>
            {task.action_label}
          </Link>
        </TableCell>
        <TableCell>
          <TaskObjectLink task={task} />
        </TableCell>
        <TableCell>
          <TaskTriggerField />
        </TableCell>
        <TableCell>
          <LocaleDateField source="start_date" showTime />
        </TableCell>
        <TableCell>
          <LocaleDateField source="end_date" showTime emptyText="—" />
        </TableCell>
      </TableRow>
    </RecordContextProvider>
  );
}

export function TasksTable({ tasks }: { tasks: Task[] }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column}>{translate(`resources.tasks.fields.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </TableBody>
    </Table>
  );
}
