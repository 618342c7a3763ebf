import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { object } from 'yup';
import {
  emailString,
  ID_COMP_PATTERN,
  idCompString,
  isHttpUrl,
  optionalUrl,
  PHONE_PATTERN,
  phoneString,
  siretString,
  requiredString,
  sanitizeText,
  withoutControlCharacters,
} from '../../schemas/validators';

/** The error message (an i18n key) of a schema for a value, or null when valid. */
async function errorOf(schema: { validate: (value: unknown) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('ID_COMP_PATTERN', () => {
  it.each(['abc', 'ABC-123', 'a.b+c_d@e', '0'])('accepts %j', (value) => {
    expect(ID_COMP_PATTERN.test(value)).toBe(true);
  });
  it.each(['', 'a b', 'é', 'a/b', 'a,b', 'a#', 'a\n'])('rejects %j', (value) => {
    expect(ID_COMP_PATTERN.test(value)).toBe(false);
  });
});

describe('PHONE_PATTERN', () => {
  it('accepts digits only', () => {
    expect(PHONE_PATTERN.test('0123456789')).toBe(true);
    for (const value of ['', '+33123', '01 23', '01-23', '０１']) expect(PHONE_PATTERN.test(value)).toBe(false);
  });

  it('accepts exactly the non-empty strings of ASCII digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        expect(PHONE_PATTERN.test(text)).toBe(text.length > 0 && [...text].every((c) => c >= '0' && c <= '9'));
      }),
    );
  });
});

/** Strings made of the pieces that matter here, so that tags and controls are frequent. */
const markupLike = fc
  .array(
    fc.oneof(
      fc.constantFrom('<', '>', '/', '!', '?', '-', '--', '<!--', '-->', 'b', 'script', 'é', 'E\u0301', ' ', '\n', '\r', '\t'),
      fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u00a0'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

describe('withoutControlCharacters', () => {
  it('leaves out C0 and C1 control characters, DEL and U+FFFE/U+FFFF, and keeps every other character', () => {
    expect(withoutControlCharacters('a\u0000b\u001fc\u007fd\u0085e\uFFFEf\uFFFFg\th\ni\rj')).toBe('abcdefghij');
    expect(withoutControlCharacters('Île-de-France 🚲 \u00a0«\u2028»')).toBe('Île-de-France 🚲 \u00a0«\u2028»');
  });

  it('keeps tab, line feed and carriage return when asked to keep the layout', () => {
    expect(withoutControlCharacters('a\u0000\tb\r\nc\u000bd\u000ce\uFFFF', { keepLayout: true })).toBe('a\tb\r\ncde');
  });
});

describe('sanitizeText', () => {
  it('trims and removes control characters but keeps newlines and tabs', () => {
    expect(sanitizeText('  a\u0000b\u0007c\u001b[31m\td\ne\u007f\u0085 ')).toBe('abc[31m\td\ne');
  });

  it('normalises line breaks and Unicode form', () => {
    expect(sanitizeText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(sanitizeText('E\u0301te\u0301')).toBe('Été');
  });

  it('strips HTML markup', () => {
    expect(sanitizeText('<p>Hello <b>world</b></p>')).toBe('Hello world');
    expect(sanitizeText('<script>alert(1)</script>')).toBe('alert(1)');
    expect(sanitizeText('<img src=x onerror="alert(1)">Photo')).toBe('Photo');
    expect(sanitizeText('a<!-- hidden -->b<br/>c')).toBe('abc');
    expect(sanitizeText('text <script src=x')).toBe('text');
  });

  it('does not rebuild a tag from nested pieces', () => {
    expect(sanitizeText('<<b>script>alert(1)<</b>/script>')).toBe('alert(1)');
    expect(sanitizeText('<scr<script>ipt>x')).toBe('x');
  });

  it('keeps comparisons and ordinary punctuation', () => {
    expect(sanitizeText('a < b and c > d')).toBe('a < b and c > d');
    expect(sanitizeText('I <3 open data, 5 > 3 & "quotes"')).toBe('I <3 open data, 5 > 3 & "quotes"');
  });

  it('never leaves a tag, control character or outer whitespace, and is idempotent', () => {
    fc.assert(
      fc.property(markupLike, (text) => {
        const result = sanitizeText(text);
        expect(result).not.toMatch(/<[a-zA-Z/!?][^<>]*>/);
        // eslint-disable-next-line no-control-regex
        expect(result).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
        expect(result).toBe(result.trim());
        expect(sanitizeText(result)).toBe(result);
      }),
    );
  });
});

describe('yup helpers', () => {
  it('requiredString: missing, empty and blank values', async () => {
    const schema = requiredString();
    expect(await errorOf(schema, undefined)).toBe('validation.required');
    expect(await errorOf(schema, '')).toBe('validation.required');
    expect(await errorOf(schema, '   \n')).toBe('validation.required');
    expect(await errorOf(schema, '<b></b>')).toBe('validation.required');
    expect(await errorOf(schema, 'Lyon')).toBeNull();
    expect(schema.validateSync('  <i>Lyon</i> ')).toBe('Lyon');
  });

  it('idCompString', async () => {
    expect(await errorOf(idCompString(), 'ab@c.d+e-f_1')).toBeNull();
    expect(await errorOf(idCompString(), 'ab cd')).toBe('validation.idComp');
    expect(await errorOf(idCompString(), 'é')).toBe('validation.idComp');
    expect(await errorOf(idCompString(), '')).toBeNull();
    expect(await errorOf(idCompString(), null)).toBeNull();
    expect(await errorOf(idCompString({ required: true }), '')).toBe('validation.required');
  });

  it('siretString', async () => {
    // A number whose check digit holds, then the same with a wrong check digit or length.
    expect(await errorOf(siretString(), '23130002100012')).toBeNull();
    expect(await siretString().validate('231 300 021 00012')).toBe('23130002100012');
    expect(await errorOf(siretString(), '23130002100013')).toBe('validation.siret');
    expect(await errorOf(siretString(), '2313000210001')).toBe('validation.siret');
    expect(await errorOf(siretString(), 'SIRET 23130002100012')).toBe('validation.siret');
    // La Poste's establishments: the digits' sum a multiple of 5.
    expect(await errorOf(siretString(), '35600000000047')).toBeNull();
    expect(await errorOf(siretString(), '35600000000048')).toBe('validation.siret');
    expect(await errorOf(siretString(), '')).toBeNull();
    expect(await errorOf(siretString({ required: true }), '')).toBe('validation.required');
  });

  it('phoneString', async () => {
    expect(await errorOf(phoneString(), '0472000000')).toBeNull();
    expect(await errorOf(phoneString(), '+33 4 72')).toBe('validation.phone');
    // Digits grouped as people write them are the same number.
    expect(await phoneString().validate('04 91 00-00.00')).toBe('0491000000');
    expect(await errorOf(phoneString(), '04 91 ab')).toBe('validation.phone');
    expect(await errorOf(phoneString(), undefined)).toBeNull();
    expect(await errorOf(phoneString({ required: true }), undefined)).toBe('validation.required');
  });

  it('optionalUrl', async () => {
    expect(await errorOf(optionalUrl(), 'https://data.example.org/dataviz?id=1')).toBeNull();
    expect(await errorOf(optionalUrl(), 'http://localhost:8080')).toBeNull();
    expect(await errorOf(optionalUrl(), '')).toBeNull();
    expect(await errorOf(optionalUrl(), null)).toBeNull();
    expect(await errorOf(optionalUrl(), 'javascript:alert(1)')).toBe('validation.url');
    expect(await errorOf(optionalUrl(), 'not a url')).toBe('validation.url');
    expect(await errorOf(optionalUrl(), 'ftp://example.org/file')).toBe('validation.url');
    expect(isHttpUrl('https://')).toBe(false);
  });

  it('emailString', async () => {
    expect(await errorOf(emailString(), 'jeanne.dupont@example.fr')).toBeNull();
    expect(await errorOf(emailString(), 'jeanne')).toBe('validation.email');
    expect(await errorOf(emailString(), '')).toBeNull();
    expect(await errorOf(emailString({ required: true }), '')).toBe('validation.required');
  });

  it('compose into a form schema that reports every field by key', async () => {
    const contact = object({ name: requiredString(), email: emailString({ required: true }), phone: phoneString() });
    try {
      await contact.validate({ name: ' ', email: 'x', phone: '12a' }, { abortEarly: false });
      expect.unreachable();
    } catch (error) {
      const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
      expect(Object.fromEntries(inner.map((e) => [e.path, e.message]))).toEqual({
        name: 'validation.required',
        email: 'validation.email',
        phone: 'validation.phone',
      });
    }
  });
});
