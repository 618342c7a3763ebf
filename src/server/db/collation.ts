/**
 * The collation names are ordered in (migration 057: ICU's root order, accented letters among
 * the others), where the database's own would sort them by their bytes.
 */
export const NAMES_COLLATION = 'names';

/** `column` (an SQL column) compared and ordered as names are, on the indexes migration 057 made for it. */
export const asName = (column: string) => `${column} COLLATE "${NAMES_COLLATION}"`;
