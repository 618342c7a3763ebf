import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/admin/format/fileSize';

/** Intl may use no-break or narrow no-break spaces: compare with plain spaces. */
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

const KiB = 1024;
const MiB = KiB * 1024;
const GiB = MiB * 1024;
const TiB = GiB * 1024;

describe('formatFileSize', () => {
  it.each([
    [0, '0 octets'],
    [1, '1 octets'],
    [1023, '1 023 octets'],
    [KiB, '1 ko'],
    [1536, '2 ko'],
    [500 * KiB, '500 ko'],
    [1.5 * MiB, '1,5 Mo'],
    [2 * MiB, '2,0 Mo'],
    [1.25 * GiB, '1,25 Go'],
    [3 * TiB, '3,00 To'],
    [2048 * TiB, '2 048,00 To'],
  ])('fr: %d bytes → %s', (bytes, expected) => {
    expect(plain(formatFileSize(bytes, 'fr'))).toBe(expected);
  });

  it.each([
    [0, '0 B'],
    [1023, '1,023 B'],
    [KiB, '1 kB'],
    [1.5 * MiB, '1.5 MB'],
    [1.25 * GiB, '1.25 GB'],
    [3 * TiB, '3.00 TB'],
  ])('en: %d bytes → %s', (bytes, expected) => {
    expect(plain(formatFileSize(bytes, 'en'))).toBe(expected);
  });

  it.each([
    [1023, '1023 B'], // Italian groups thousands from 10 000 only
    [12 * KiB, '12 kB'],
    [1.5 * MiB, '1,5 MB'],
    [1.25 * GiB, '1,25 GB'],
    [3 * TiB, '3,00 TB'],
  ])('it: %d bytes → %s', (bytes, expected) => {
    expect(plain(formatFileSize(bytes, 'it'))).toBe(expected);
  });

  it('separates number and unit with a no-break space', () => {
    expect(formatFileSize(1.5 * MiB, 'en')).toBe('1.5\u00a0MB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(plain(formatFileSize(MiB - 1, 'fr'))).toBe('1,0 Mo');
    expect(plain(formatFileSize(GiB - 1, 'en'))).toBe('1.00 GB');
    expect(plain(formatFileSize(1023.4 * KiB, 'en'))).toBe('1,023 kB');
  });

  it('accepts regional locale tags and falls back to English units', () => {
    expect(plain(formatFileSize(1.5 * MiB, 'fr-FR'))).toBe('1,5 Mo');
    expect(plain(formatFileSize(1.5 * MiB, 'it-IT'))).toBe('1,5 MB');
    expect(plain(formatFileSize(1.5 * MiB, 'de'))).toBe('1,5 MB');
  });

  it('returns an empty string when there is no size', () => {
    expect(formatFileSize(null, 'fr')).toBe('');
    expect(formatFileSize(undefined, 'fr')).toBe('');
    expect(formatFileSize(Number.NaN, 'fr')).toBe('');
  });
});
