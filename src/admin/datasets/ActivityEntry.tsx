import { Box, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import type { ActivityEntry as Entry, ActivityUser } from './activityApi.ts';
import { shownChanges } from './activityFields.ts';
import { FieldDiff } from './FieldDiff.tsx';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

const userName = (user: ActivityUser) => `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username;

/** One change of a dataset: who made it, when, what it was, and each changed field's diff. */
export function ActivityEntry({ entry }: { entry: Entry }) {
  const translate = useTranslate();
  const fields = shownChanges(entry.changes ?? {});
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }}>
      <Typography variant="body1">
        <strong>{entry.user ? userName(entry.user) : translate('resources.dataset-activity.unknownUser')}</strong>{' '}
        {translate(`resources.dataset-activity.actions.${entry.action}`, { _: entry.action })}
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
