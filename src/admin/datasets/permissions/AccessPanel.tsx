/**
 * "Who can see this dataset, and why": the level everyone has, then the groups that reach the
 * dataset, highest level first, each with its reasons in plain words (it owns the dataset, a
 * special permission, a sphere holding it), and a check of one user's access.
 */
import { Box, Card, CardContent, Divider, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { levelLabel, LEVELS_DOWN, permissionsApi, type GroupAccess, type GroupReason } from './permissionsApi.ts';
import { UserAccessCheck } from './UserAccessCheck.tsx';

const KEY = 'resources.dataset-permissions';

export const accessQueryKey = (datasetId: number) => ['dataset-access', datasetId];

/** A group's reason in words: 'by the sphere X (Search)'. */
export function useGroupReason() {
  const translate = useTranslate();
  return (reason: GroupReason) =>
    translate(`${KEY}.access.reason`, {
      reason: translate(`${KEY}.access.group.${reason.via}`, { sphere: reason.through?.display_name ?? '' }),
      level: translate(levelLabel(reason.level)),
    });
}

function GroupsAtLevel({ level, groups }: { level: number; groups: GroupAccess[] }) {
  const translate = useTranslate();
  const reasonText = useGroupReason();
  const id = `access-level-${level}`;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" id={id}>
        {translate(levelLabel(level))}
      </Typography>
      <List dense disablePadding>
        {groups.map((group) => (
          <ListItem key={group.usergroup.id} disableGutters>
            <ListItemText
              primary={`${group.usergroup.display_name} (${translate(`${KEY}.types.${group.usergroup.usergroup_type}`)})`}
              secondary={group.reasons.map(reasonText).join(' ; ')}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function AccessPanel({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: accessQueryKey(datasetId),
    queryFn: ({ signal }) => permissionsApi.access(datasetId, signal),
  });
  return (
    <Card component="section" aria-labelledby="dataset-access-title" sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 380 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="dataset-access-title" gutterBottom>
          {translate(`${KEY}.access.title`)}
        </Typography>
        {data && (
          <>
            <Typography>{translate(`${KEY}.access.everyone`, { level: translate(levelLabel(data.default_permission_level)) })}</Typography>
            {data.groups.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {translate(`${KEY}.access.noGroup`)}
              </Typography>
            ) : (
              LEVELS_DOWN.map((level) => {
                const groups = data.groups.filter((group) => group.level === level);
                return groups.length > 0 && <GroupsAtLevel key={level} level={level} groups={groups} />;
              })
            )}
          </>
        )}
        <Divider sx={{ my: 2 }} />
        <UserAccessCheck datasetId={datasetId} />
      </CardContent>
    </Card>
  );
}
