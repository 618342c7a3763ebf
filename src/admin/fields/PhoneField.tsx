import { FunctionField, type RaRecord } from 'react-admin';
import { formatPhone } from '../format/phone.ts';

/** A phone field of the record: a French number in pairs ('04 91 00 00 00'), stored as digits. */
export function PhoneField({ source, sortable }: { source: string; sortable?: boolean }) {
  return <FunctionField source={source} sortable={sortable} render={(record: RaRecord) => formatPhone(record[source] as string | null | undefined)} />;
}
