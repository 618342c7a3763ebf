import type { RaRecord } from 'react-admin';

/** The record's reader may change and delete it, as the server says in the record's `editable` flag. */
export const isEditable = (record: RaRecord) => record.editable === true;
