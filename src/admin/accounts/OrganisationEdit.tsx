/** An organisation: its form, its logo, its convention and the agreement (spec, sections 2 and 3), then its members. */
import { readOnlyOverrides } from '../entities/inputElement.tsx';
import { IndexersPanel } from '../indexers/IndexersPanel.tsx';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { accountsApi } from './accountsApi.ts';
import { AgreementToggle } from './AgreementToggle.tsx';
import { FileUploadField } from './FileUploadField.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export default function OrganisationEdit() {
  const rights = useAccountsRights();
  return (
    <SchemaEdit
      resource="organisations"
      canDelete={rights.manageGroups}
      fieldOverrides={{
        logo: <FileUploadField key="logo" source="logo" kind="image" upload={accountsApi.uploadThumbnail} canUpload={rights.manageGroup} />,
        convention_file: (
          <FileUploadField key="convention_file" source="convention_file" kind="pdf" upload={accountsApi.uploadConvention} canUpload={rights.manageGroup} />
        ),
        convention_signed: <AgreementToggle key="convention_signed" canChange={rights.manageGroups} />,
        ...readOnlyOverrides('organisations', rights.lockedGroupFields),
      }}
    >
      <MembersPanel canManage={rights.manageGroup} />
      <IndexersPanel />
    </SchemaEdit>
  );
}
