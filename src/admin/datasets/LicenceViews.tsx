/**
 * The licences, a lookup list every platform user shares: superusers change them; anyone else who
 * opens Data reads them, without create, delete or save offered (the server refuses those).
 */
import { canEditLookupLists } from '../../../schemas/access.ts';
import type { FormViewProps } from '../entities/entityViews.ts';
import { SchemaCreate } from '../entities/SchemaCreate.tsx';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { SchemaList } from '../entities/SchemaList.tsx';
import { RequireAccess } from '../routing/RequireAccess.tsx';
import { useStartup } from '../startup/useStartup.ts';

export function LicenceList() {
  const allowed = canEditLookupLists(useStartup().user);
  return <SchemaList resource="licences" canCreate={allowed} canDelete={allowed} />;
}

export function LicenceCreate({ fieldOverrides }: FormViewProps) {
  return (
    <RequireAccess allowed={canEditLookupLists}>
      <SchemaCreate resource="licences" fieldOverrides={fieldOverrides} />
    </RequireAccess>
  );
}

export function LicenceEdit({ fieldOverrides }: FormViewProps) {
  const allowed = canEditLookupLists(useStartup().user);
  return <SchemaEdit resource="licences" fieldOverrides={fieldOverrides} canDelete={allowed} readOnly={!allowed} />;
}
