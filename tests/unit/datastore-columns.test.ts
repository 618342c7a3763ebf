import { describe, expect, it } from 'vitest';
import { columnNames, RESERVED_COLUMNS } from '../../src/server/datastore/columns';

describe('columnNames', () => {
  it('leaves control characters out of a header name and names an empty one by its place', () => {
    expect(columnNames(['na\u0000me', '\u0007\u0085', ' commune\t', 'x\uFFFF'])).toEqual(['name', 'column_2', 'commune', 'x']);
  });

  it('gives a suffix to repeated and reserved names', () => {
    expect(columnNames(['a', 'a', RESERVED_COLUMNS[0], 'a_2'])).toEqual(['a', 'a_2', `${RESERVED_COLUMNS[0]}_2`, 'a_2_2']);
  });

  it('keeps a name within PostgreSQL’s 63 bytes without cutting a character in two', () => {
    const [name] = columnNames(['é'.repeat(40)]);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(59);
    expect(name).toBe('é'.repeat(29));
  });
});
