/**
 * The jurisdictions' list and edit page, generated from their schema, offering Delete and Save only
 * where the server accepts them (`editable`): a delegated administrator changes and deletes a
 * territory no other organisation uses, and sees the others read only, told why.
 */
import { useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';
import { isEditable } from '../entities/editable.ts';
import type { FormViewProps } from '../entities/entityViews.ts';
import { ReadOnlyNotice } from '../entities/ReadOnlyNotice.tsx';
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { SchemaList } from '../entities/SchemaList.tsx';
import { MunicipalitiesField } from './MunicipalitiesField.tsx';

export function JurisdictionList() {
  return <SchemaList resource="jurisdictions" canDelete={isEditable} />;
}

export function JurisdictionEdit({ fieldOverrides = {} }: FormViewProps) {
  const { id } = useParams<{ id: string }>();
  // The record the page loads (the same query, answered once).
  const { data } = useGetOne('jurisdictions', { id: id! }, { enabled: id !== undefined });
  const readOnly = data?.editable === false;
  // Read only, the communes are listed by name rather than edited; the map of their box stays.
  const overrides = readOnly
    ? { municipalities: <MunicipalitiesField key="municipalities" />, latlon_bounding_box: fieldOverrides.latlon_bounding_box }
    : fieldOverrides;
  return (
    <SchemaEdit
      resource="jurisdictions"
      fieldOverrides={overrides}
      canDelete={isEditable}
      readOnly={readOnly}
      topPanel={<ReadOnlyNotice message="resources.jurisdictions.readOnly" />}
    />
  );
}
