import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Choice } from '../../../schemas/api.ts';
import { formatPhone } from '../format/phone.ts';
import type { ContactRole } from './contactRolesApi.ts';
import { ChoiceSelect } from '../accounts/ChoiceSelect.tsx';

export interface ContactRoleRowProps {
  link: ContactRole;
  roles: Choice[];
  canEdit: boolean;
  onRoleChange: (role: number) => void;
  onRemove: () => void;
}

/** A contact of the dataset: name and details, role (a select when editable), remove button. */
export function ContactRoleRow({ link, roles, canEdit, onRoleChange, onRemove }: ContactRoleRowProps) {
  const translate = useTranslate();
  const contact = link.contact_detail;
  const details = [contact.email, formatPhone(contact.phone), contact.position].filter(Boolean).join(' · ');
  return (
    <TableRow>
      <TableCell>
        {contact.name}
        {details && (
          <Typography variant="body2" color="text.secondary">
            {details}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {canEdit ? (
          <ChoiceSelect
            choices={roles}
            value={link.role}
            ariaLabel={translate('resources.dataset-contacts.roleOf', { name: contact.name })}
            onChange={(role) => role !== link.role && onRoleChange(role)}
          />
        ) : (
          (roles.find((role) => role.id === link.role)?.label ?? '')
        )}
      </TableCell>
      {canEdit && (
        <TableCell>
          <IconButton color="error" aria-label={translate('resources.dataset-contacts.removeOf', { name: contact.name })} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}
