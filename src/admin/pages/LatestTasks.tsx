import { LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RecordContextProvider, TextField, useGetList, useTranslate } from 'react-admin';
import { PAGE_SIZE, RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';

const COLUMNS = ['status', 'action', 'object_class', 'target', 'start_date', 'end_date'] as const;
const DATE_COLUMNS = new Set<string>(['start_date', 'end_date']);

/** The most recent background tasks, newest first, refreshed every 15 s. */
export function LatestTasks() {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const { data, isPending, error } = useGetList(
    'tasks',
    { pagination: { page: 1, perPage: PAGE_SIZE }, sort: { field: 'start_date', order: 'DESC' } },
    { refetchInterval: RELOAD_INTERVAL_MS, onError: (error) => notifyError(error, { resource: 'tasks' }) },
  );
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  // A failed call is reported by a toast (or a redirect for 401/403).
  if (error) return null;
  if (!data || data.length === 0) return <Typography color="text.secondary">{translate('publish.data.empty')}</Typography>;
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
        {data.map((task) => (
          <RecordContextProvider key={task.id} value={task}>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>
                  {DATE_COLUMNS.has(column) ? <LocaleDateField source={column} showTime /> : <TextField source={column} />}
                </TableCell>
              ))}
            </TableRow>
          </RecordContextProvider>
        ))}
      </TableBody>
    </Table>
  );
}
