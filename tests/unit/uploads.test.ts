import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkImageUpload, createUtf8Validator, detectImageType, isUtf8 } from '../../src/server/uploads/checks';

/** A complete 1×1 greyscale PNG (67 bytes). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b55' +
    '0000000a49444154789c636000000002000148afa4710000000049454e44ae426082',
  'hex',
);
/** The start of a JFIF JPEG: SOI marker, then the APP0 "JFIF" segment. */
const JPEG = Buffer.from('ffd8ffe000104a46494600010101004800480000', 'hex');
/** The start of an Exif JPEG (as written by cameras): SOI, then APP1. */
const JPEG_EXIF = Buffer.from('ffd8ffe1001845786966', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');

const MiB = 1024 * 1024;

describe('detectImageType', () => {
  it('recognises PNG and JPEG by their magic bytes', () => {
    expect(detectImageType(PNG)).toBe('image/png');
    expect(detectImageType(JPEG)).toBe('image/jpeg');
    expect(detectImageType(JPEG_EXIF)).toBe('image/jpeg');
    expect(detectImageType(new Uint8Array(PNG.subarray(0, 8)))).toBe('image/png');
  });

  it('rejects other files, whatever their name', () => {
    expect(detectImageType(GIF)).toBeNull();
    expect(detectImageType(Buffer.from('just text renamed logo.png'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(PNG.subarray(0, 7))).toBeNull(); // truncated signature
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('checkImageUpload', () => {
  it('accepts a PNG or JPEG of at most 2 MiB', () => {
    expect(checkImageUpload({ bytes: PNG, size: PNG.length })).toBeNull();
    expect(checkImageUpload({ bytes: JPEG, size: 2 * MiB })).toBeNull();
  });

  it('rejects another type', () => {
    expect(checkImageUpload({ bytes: GIF, size: GIF.length })).toBe('validation.imageType');
    expect(checkImageUpload({ bytes: Buffer.from('hello'), size: 5 })).toBe('validation.imageType');
  });

  it('rejects a file over the limit', () => {
    expect(checkImageUpload({ bytes: PNG, size: 2 * MiB + 1 })).toBe('validation.imageTooLarge');
    const whole = Buffer.alloc(2 * MiB + 1);
    JPEG.copy(whole);
    expect(checkImageUpload({ bytes: whole, size: whole.length })).toBe('validation.imageTooLarge');
    expect(checkImageUpload({ bytes: PNG, size: 101, maxBytes: 100 })).toBe('validation.imageTooLarge');
  });
});

const TEXT = 'code_insee;nom\n13055;Marseille\n2A004;Ajaccio — Corse 🏝️\n';
const UTF8 = Buffer.from(TEXT, 'utf8');

describe('isUtf8', () => {
  it('accepts UTF-8, with or without byte-order mark, and ASCII', () => {
    expect(isUtf8(UTF8)).toBe(true);
    expect(isUtf8(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), UTF8]))).toBe(true);
    expect(isUtf8(Buffer.from('plain ascii'))).toBe(true);
    expect(isUtf8(new Uint8Array())).toBe(true);
  });

  it('rejects Latin-1 and other invalid bytes', () => {
    expect(isUtf8(Buffer.from('Évry;Orléans', 'latin1'))).toBe(false);
    expect(isUtf8(Buffer.from([0xc3]))).toBe(false); // truncated sequence
    expect(isUtf8(Buffer.from([0xc0, 0x80]))).toBe(false); // overlong
    expect(isUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(false); // surrogate
  });
});

describe('createUtf8Validator', () => {
  function validate(chunks: Uint8Array[]): boolean {
    const validator = createUtf8Validator();
    for (const chunk of chunks) validator.push(chunk);
    return validator.end();
  }

  it('accepts a character split across chunks', () => {
    const emoji = Buffer.from('🏝', 'utf8'); // 4 bytes
    expect(validate([emoji.subarray(0, 1), emoji.subarray(1, 3), emoji.subarray(3)])).toBe(true);
    const e = Buffer.from('é', 'utf8');
    expect(validate([Buffer.from('abc'), e.subarray(0, 1), Buffer.concat([e.subarray(1), Buffer.from('def')])])).toBe(true);
  });

  it('accepts valid UTF-8 cut anywhere', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8');
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let start = 0;
        for (const point of [...points, bytes.length]) {
          chunks.push(bytes.subarray(start, point));
          start = point;
        }
        expect(validate(chunks)).toBe(true);
      }),
    );
  });

  it('rejects Latin-1 bytes and reports it as soon as they are seen', () => {
    const validator = createUtf8Validator();
    expect(validator.push(Buffer.from('nom;ville\n'))).toBe(true);
    expect(validator.push(Buffer.from('Orléans\n', 'latin1'))).toBe(false);
    expect(validator.valid).toBe(false);
    expect(validator.push(Buffer.from('ok'))).toBe(false);
    expect(validator.end()).toBe(false);
  });

  it('rejects a sequence truncated at the end of the input', () => {
    const validator = createUtf8Validator();
    expect(validator.push(Buffer.from([0x61, 0xe2, 0x82]))).toBe(true); // "a" + 2 of the 3 bytes of "€"
    expect(validator.end()).toBe(false);
  });

  it('refuses data after the end', () => {
    const validator = createUtf8Validator();
    validator.end();
    expect(() => validator.push(Buffer.from('x'))).toThrow();
  });
});
