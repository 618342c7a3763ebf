/**
 * Columns of a datastore table: safe names from a file's header, and PostgreSQL types inferred
 * from the values (the narrowest type every non-empty value of the column fits), with the
 * conversion of each value to COPY's text format.
 */
import { withoutControlCharacters } from '../../../schemas/validators.ts';

export type ColumnType = 'integer' | 'bigint' | 'double precision' | 'boolean' | 'date' | 'text';

/** Names the loader adds to every table; file columns with these names get a suffix. */
export const RESERVED_COLUMNS = ['_id', 'lon', 'lat', '_point', 'geom', '_bbox'] as const;
export const MAX_COLUMNS = 1000;
const MAX_IDENTIFIER_BYTES = 63;

function truncateBytes(name: string, bytes: number): string {
  let result = name;
  while (Buffer.byteLength(result) > bytes) result = Array.from(result).slice(0, -1).join('');
  return result;
}

/** Unique, non-empty names of at most 63 bytes, none of them reserved. */
export function columnNames(header: string[]): string[] {
  const taken = new Set<string>(RESERVED_COLUMNS);
  return header.map((raw, index) => {
    const base = truncateBytes(withoutControlCharacters(raw).trim() || `column_${index + 1}`, MAX_IDENTIFIER_BYTES - 4);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
    taken.add(name);
    return name;
  });
}

const LEADING_ZERO = /^[-+]?0\d/;
const INTEGER = /^[-+]?(0|[1-9]\d*)$/;
const DOUBLE_POINT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DOUBLE_COMMA = /^[-+]?(\d+(,\d*)?|,\d+)([eE][-+]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FRENCH_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const TRUE = new Set(['true', 'vrai']);
const FALSE = new Set(['false', 'faux']);
const INT_MAX = 2_147_483_647n;
const BIGINT_MAX = 9_223_372_036_854_775_807n;

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Decimal commas are numbers only when the comma does not separate the fields. */
export function parseNumber(value: string, decimalComma: boolean): number | null {
  const text = value.trim();
  if (DOUBLE_POINT.test(text)) return Number(text);
  if (decimalComma && DOUBLE_COMMA.test(text)) return Number(text.replace(',', '.'));
  return null;
}

function kindOf(value: string, decimalComma: boolean): ColumnType {
  // Codes with leading zeros (postcodes, INSEE codes) would lose them as numbers.
  if (LEADING_ZERO.test(value)) return 'text';
  if (INTEGER.test(value)) {
    const magnitude = BigInt(value.replace(/^[-+]/, ''));
    if (magnitude <= INT_MAX) return 'integer';
    if (magnitude <= BIGINT_MAX) return 'bigint';
    return 'double precision';
  }
  if (parseNumber(value, decimalComma) !== null) return 'double precision';
  const lower = value.toLowerCase();
  if (TRUE.has(lower) || FALSE.has(lower)) return 'boolean';
  let match = ISO_DATE.exec(value);
  if (match && validDate(Number(match[1]), Number(match[2]), Number(match[3]))) return 'date';
  match = FRENCH_DATE.exec(value);
  if (match && validDate(Number(match[3]), Number(match[2]), Number(match[1]))) return 'date';
  return 'text';
}

const NUMERIC: ColumnType[] = ['integer', 'bigint', 'double precision'];

function widen(current: ColumnType | null, next: ColumnType): ColumnType {
  if (current === null || current === next) return next;
  const a = NUMERIC.indexOf(current);
  const b = NUMERIC.indexOf(next);
  if (a !== -1 && b !== -1) return NUMERIC[Math.max(a, b)];
  return 'text';
}

/** Accumulates the values of every column and answers their types (text when a column is empty). */
export class TypeInference {
  private readonly types: Array<ColumnType | null>;

  constructor(
    count: number,
    private readonly decimalComma: boolean,
  ) {
    this.types = new Array<ColumnType | null>(count).fill(null);
  }

  add(record: Array<string | undefined>): void {
    // Columns found later (GeoJSON properties) start untyped.
    while (this.types.length < record.length) this.types.push(null);
    for (let index = 0; index < this.types.length; index += 1) {
      if (this.types[index] === 'text') continue;
      const value = record[index]?.trim();
      if (value) this.types[index] = widen(this.types[index], kindOf(value, this.decimalComma));
    }
  }

  result(count = this.types.length): ColumnType[] {
    return Array.from({ length: count }, (_, index) => this.types[index] ?? 'text');
  }
}

/** COPY text format: backslash, tab, newline and carriage return escaped; NUL removed. */
export function copyText(value: string): string {
  // eslint-disable-next-line no-control-regex -- PostgreSQL text holds no NUL
  return value.replace(/\u0000/g, '').replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r'));
}

/** One value in COPY text format for its column type; \N for empty. */
export function copyValue(raw: string | undefined, type: ColumnType): string {
  if (raw === undefined) return '\\N';
  if (type === 'text') return raw === '' ? '\\N' : copyText(raw);
  const value = raw.trim();
  if (value === '') return '\\N';
  switch (type) {
    case 'integer':
    case 'bigint':
      return value.replace(/^\+/, '');
    case 'double precision':
      return value.replace(',', '.').replace(/^\+/, '');
    case 'boolean':
      return TRUE.has(value.toLowerCase()) ? 't' : 'f';
    case 'date': {
      const french = FRENCH_DATE.exec(value);
      return french ? `${french[3]}-${french[2]}-${french[1]}` : value;
    }
  }
}
