/**
 * The create screen of an account or a group, opened only by those the server lets create it
 * (superusers): anyone else, even at the page's address, goes to the access-denied page before
 * filling in a form whose save would be refused.
 */
import { canManageGroups, canManageUsers } from '../../../schemas/access.ts';
import type { FormViewProps } from '../entities/entityViews.ts';
import { SchemaCreate } from '../entities/SchemaCreate.tsx';
import { RequireAccess } from '../routing/RequireAccess.tsx';

export function AccountsCreate({ resource, fieldOverrides }: FormViewProps & { resource: 'users' | 'organisations' | 'groups' | 'spheres' }) {
  return (
    <RequireAccess allowed={resource === 'users' ? canManageUsers : canManageGroups}>
      <SchemaCreate resource={resource} fieldOverrides={fieldOverrides} />
    </RequireAccess>
  );
}

export const UserCreate = (props: FormViewProps) => <AccountsCreate resource="users" {...props} />;
export const OrganisationCreate = (props: FormViewProps) => <AccountsCreate resource="organisations" {...props} />;
export const GroupCreate = (props: FormViewProps) => <AccountsCreate resource="groups" {...props} />;
export const SphereCreate = (props: FormViewProps) => <AccountsCreate resource="spheres" {...props} />;
