/**
 * List of jurisdictions: the generic list of the entity's schema (search, pages of 50, name,
 * code, number of communes, deletion after confirmation with the server's refusal shown).
 */
import { SchemaList } from '../resources/SchemaList.tsx';

export default function JurisdictionList() {
  return <SchemaList resource="jurisdictions" />;
}
