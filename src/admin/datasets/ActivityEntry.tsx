import { Box, Link, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { taskPath } from '../tasks/taskPaths.ts';
import type { ActivityEntry as Entry, ActivityUser } from './activityApi.ts';
import { BULK_TASK_CHANGE, shownChanges } from './activityFields.ts';
import { FieldDiff } from './FieldDiff.tsx';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

const userName = (user: ActivityUser) => `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username;

/** One change of a dataset: who made it, when, what it was, and each changed field's diff. */
export function ActivityEntry({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const fields = shownChanges(entry.changes ?? {});
  const bulkTask = entry.changes?.[BULK_TASK_CHANGE]?.new;
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Typography variant="body1">
        <strong>{entry.user ? userName(entry.user) : translate('resources.dataset-activity.unknownUser')}</strong>{' '}
        {translate(`resources.dataset-activity.actions.${entry.action}`, { _: entry.action })}
        {typeof bulkTask === 'number' && (
          <>
            {' ('}
            <Link component={RouterLink} to={appPath(taskPath(bulkTask))}>
              {translate('resources.dataset-activity.task', { id: bulkTask })}
            </Link>
            {')'}
          </>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <LocaleDateField record={entry} source="created_at" showTime options={DATE_TIME} />
      </Typography>
      {fields.length > 0 && (
        <Box component="dl" sx={{ m: 0 }}>
          {fields.map(([field, change]) => (
            <FieldDiff key={field} field={field} change={change} />
          ))}
        </Box>
      )}
    </ListItem>
  );
}
