/**
 * The jurisdictions' list and edit page, generated from their schema, offering Delete only where
 * the server accepts it: a delegated administrator deletes a territory no other organisation uses.
 */
import { isEditable } from '../entities/editable.ts';
import type { FormViewProps } from '../entities/entityViews.ts';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { SchemaList } from '../entities/SchemaList.tsx';

export function JurisdictionList() {
  return <SchemaList resource="jurisdictions" canDelete={isEditable} />;
}

export function JurisdictionEdit({ fieldOverrides }: FormViewProps) {
  return <SchemaEdit resource="jurisdictions" fieldOverrides={fieldOverrides} canDelete={isEditable} />;
}
