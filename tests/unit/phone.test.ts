import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/admin/format/phone';

describe('formatPhone', () => {
  it.each([
    ['0491000000', '04 91 00 00 00'],
    ['0612345678', '06 12 34 56 78'],
    // Not a French 10-digit number: as stored.
    ['491000000', '491000000'],
    ['33491000000', '33491000000'],
    ['112', '112'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s reads %s', (value, shown) => {
    expect(formatPhone(value)).toBe(shown);
  });
});
