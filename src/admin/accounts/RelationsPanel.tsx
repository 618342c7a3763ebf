/**
 * The parents or the children of a group (`user-groups/{id}/parents/` and `…/children/`): linked
 * groups with a remove button, and a search to link another. A sphere's children are its
 * organisations.
 */
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { accountsApi, type LinkedGroup, type Relation } from './accountsApi.ts';
import { PanelCard } from './PanelCard.tsx';
import { RecordPicker } from './RecordPicker.tsx';
import { useNotifiedAction } from './useNotifiedAction.ts';

export interface RelationsPanelProps {
  relation: Relation;
  /** Catalogue key of the panel's title. */
  title: string;
  /** The resource the linked groups are searched in (usergroups, organisations). */
  reference: string;
  canChange: boolean;
}

export function RelationsPanel({ relation, title, reference, canChange }: RelationsPanelProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const [removing, setRemoving] = useState<LinkedGroup | null>(null);
  const groupId = record?.id as number | undefined;
  const queryKey = ['group-links', groupId, relation];
  const run = useNotifiedAction(() => queryClient.invalidateQueries({ queryKey }));
  const { data } = useQuery({
    queryKey,
    queryFn: ({ signal }) => accountsApi.linked(groupId!, relation, signal),
    enabled: groupId !== undefined,
  });
  if (!record) return null;

  const linked = (data?.results ?? []).filter((group) => group.id !== groupId);
  return (
    <PanelCard id={`links-${relation}`} title={translate(title)}>
      {data && linked.length === 0 ? (
        <Typography color="text.secondary">{translate('publish.accounts.relations.empty')}</Typography>
      ) : (
        <List dense>
          {linked.map((group) => (
            <ListItem
              key={group.id}
              secondaryAction={
                canChange && (
                  <IconButton
                    edge="end"
                    color="error"
                    aria-label={translate('publish.accounts.relations.removeOf', { name: group.display_name })}
                    onClick={() => setRemoving(group)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={group.display_name} />
            </ListItem>
          ))}
        </List>
      )}
      {canChange && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <RecordPicker resource={reference} label={translate('publish.accounts.relations.search')} value={picked} onChange={setPicked} />
          <Button
            variant="outlined"
            disabled={!picked}
            onClick={() =>
              void run(async () => {
                await accountsApi.link(groupId!, relation, picked!.id as number);
                setPicked(null);
              }, 'publish.accounts.relations.added')
            }
          >
            {translate('publish.accounts.relations.add')}
          </Button>
        </Stack>
      )}
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => run(() => accountsApi.unlink(groupId!, relation, removing!.id), 'publish.accounts.relations.removed')}
        subject={removing ? translate('publish.accounts.relations.removeOf', { name: removing.display_name }) : undefined}
      />
    </PanelCard>
  );
}
