/** A group's indexers, under its edit form (organisation or user group), with a link to add one. */
import { Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { canManageIndexers } from '../../../schemas/access.ts';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';
import { indexerPaths } from './indexerPaths.ts';
import { indexersApi } from './indexersApi.ts';

/** What the group's page passes to an indexer's page (history state, the address unchanged): where it leads back. */
export interface IndexerPageState {
  from: string;
}

export function IndexersPanel() {
  const record = useRecordContext();
  const { pathname, search } = useLocation();
  const state: IndexerPageState = { from: `${pathname}${search}` };
  const translate = useTranslate();
  const appPath = useAppPath();
  const { user } = useStartup();
  const groupId = record?.id as number | undefined;
  const allowed = groupId !== undefined && canManageIndexers(user, groupId);
  const { data } = useQuery({
    queryKey: ['indexers', 'group', groupId],
    queryFn: ({ signal }) => indexersApi.ofGroup(groupId!, signal),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <PanelCard id="indexers" title={translate('resources.indexers.page.panel')}>
      {data && data.length === 0 && <Typography color="text.secondary">{translate('resources.indexers.page.none')}</Typography>}
      {data && data.length > 0 && (
        <List dense aria-label={translate('resources.indexers.page.panel')}>
          {data.map((indexer) => (
            <ListItemButton key={indexer.id} component={Link} to={appPath(indexerPaths.edit(groupId, indexer.id))} state={state}>
              <ListItemText primary={indexer.name} secondary={indexer.url} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Button component={Link} to={appPath(indexerPaths.create(groupId))} state={state} variant="outlined">
        {translate('resources.indexers.page.add')}
      </Button>
    </PanelCard>
  );
}
