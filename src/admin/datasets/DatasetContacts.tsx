/**
 * The contacts of a dataset with their role (spec, sections 2 and 7: `datasets/{id}/contact-roles/`).
 * Editors change a contact's role, remove a contact after confirming, and add one; a change that
 * would leave the dataset without its point of contact is confirmed, then sent with `force`.
 */
import { useEffect, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { AddContactForm } from './AddContactForm.tsx';
import { CONTACT_UPDATE_FAILED } from './contactErrors.ts';
import { contactRolesApi, datasetContactRolesQuery, type ContactRole } from './contactRolesApi.ts';
import { ContactRoleRow } from './ContactRoleRow.tsx';
import { activityQueryKey } from './DatasetHistory.tsx';
import { useContactRoleChoices } from './useContactRoleChoices.ts';
import { useForcedChange } from './useForcedChange.ts';

export function DatasetContacts({ datasetId, canEdit }: { datasetId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const roles = useContactRoleChoices();
  const [removing, setRemoving] = useState<ContactRole | null>(null);
  const query = datasetContactRolesQuery(datasetId);
  const { queryKey } = query;
  // Changes of the contacts are recorded in the dataset's history too.
  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey }), queryClient.invalidateQueries({ queryKey: activityQueryKey(datasetId) })]);
  const { attempt, retry, cancelRetry } = useForcedChange(reload);
  const { data: links, error } = useQuery(query);
  useEffect(() => {
    if (error) notifyError(error);
  }, [error, notifyError]);

  const changeRole = (link: ContactRole, role: number) =>
    void attempt(
      (force) => contactRolesApi.update(datasetId, link.id, { contact: link.contact, role }, force),
      'resources.dataset-contacts.messages.updated',
      (error) => {
        notifyError(error, { message: CONTACT_UPDATE_FAILED, resource: 'dataset-contacts' });
        return true;
      },
    );

  return (
    <PanelCard id="dataset-contacts" title={translate('resources.dataset-contacts.name')}>
      {links && links.length === 0 && <Typography color="text.secondary">{translate('resources.dataset-contacts.empty')}</Typography>}
      {links && links.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.dataset-contacts.fields.contact')}</TableCell>
              <TableCell>{translate('resources.dataset-contacts.fields.role')}</TableCell>
              {canEdit && <TableCell>{translate('resources.dataset-contacts.remove')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {links.map((link) => (
              <ContactRoleRow
                key={link.id}
                link={link}
                roles={roles}
                canEdit={canEdit}
                onRoleChange={(role) => changeRole(link, role)}
                onRemove={() => setRemoving(link)}
              />
            ))}
          </TableBody>
        </Table>
      )}
      {canEdit && <AddContactForm datasetId={datasetId} roles={roles} reload={reload} />}
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const link = removing!;
          return attempt((force) => contactRolesApi.remove(datasetId, link.id, force), 'resources.dataset-contacts.messages.removed');
        }}
        subject={removing ? translate('resources.dataset-contacts.removeOf', { name: removing.contact_detail.name }) : undefined}
      />
      <ConfirmModal
        open={retry !== null}
        onClose={cancelRetry}
        onConfirm={() => retry?.()}
        title="resources.dataset-contacts.lastPointOfContact.title"
        message="resources.dataset-contacts.lastPointOfContact.message"
      />
    </PanelCard>
  );
}
