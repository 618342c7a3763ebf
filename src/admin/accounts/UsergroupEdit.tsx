/**
 * A user group or a sphere: its form and thumbnail, then its members, its parents and its
 * children (a sphere's children are its organisations).
 */
import { readOnlyOverrides } from '../entities/inputElement.tsx';
import { IndexersPanel } from '../indexers/IndexersPanel.tsx';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { accountsApi } from './accountsApi.ts';
import { FileUploadField } from './FileUploadField.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { RelationsPanel } from './RelationsPanel.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export function UsergroupEdit({ resource }: { resource: 'groups' | 'spheres' }) {
  const rights = useAccountsRights();
  const sphere = resource === 'spheres';
  return (
    <SchemaEdit
      resource={resource}
      canDelete={rights.manageGroups}
      fieldOverrides={{
        thumbnail: (
          <FileUploadField key="thumbnail" source="thumbnail" kind="image" upload={accountsApi.uploadThumbnail} canUpload={rights.manageGroup} />
        ),
        ...readOnlyOverrides(resource, rights.lockedGroupFields),
      }}
    >
      <MembersPanel canManage={rights.manageGroup} />
      <RelationsPanel relation="parents" title="publish.accounts.relations.parents" reference="usergroups" canChange={rights.manageGroups} />
      <RelationsPanel
        relation="children"
        title={sphere ? 'publish.accounts.relations.organisations' : 'publish.accounts.relations.children'}
        reference={sphere ? 'organisations' : 'usergroups'}
        canChange={rights.manageGroups}
      />
      {!sphere && <IndexersPanel />}
    </SchemaEdit>
  );
}

export const GroupEdit = () => <UsergroupEdit resource="groups" />;
export const SphereEdit = () => <UsergroupEdit resource="spheres" />;
