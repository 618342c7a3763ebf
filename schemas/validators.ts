/**
 * Field validation shared by the admin app and the server (spec, section 5).
 *
 * Error messages are i18n keys ('validation.required', …) that the app and the server translate
 * with their catalogues; they are never shown as is.
 */
import { string, type Schema, type StringSchema } from 'yup';

export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  idComp: 'validation.idComp',
  username: 'validation.username',
  phone: 'validation.phone',
  siret: 'validation.siret',
  url: 'validation.url',
  email: 'validation.email',
  maxLength: 'validation.maxLength',
  invalid: 'validation.invalid',
  date: 'validation.date',
  passwordType: 'validation.passwordType',
  passwordLength: 'validation.passwordLength',
  passwordPersonal: 'validation.passwordPersonal',
  passwordWeak: 'validation.passwordWeak',
} as const;

/** Additional ID (idComp): ASCII letters, digits and the characters @ . + - _ only; not empty. */
export const ID_COMP_PATTERN = /^[A-Za-z0-9@.+\-_]+$/;

/**
 * Username: letters and digits of any script and the characters @ . + - _ only, as the platform's
 * accounts (Django's username rule): what a person types to sign in, without spaces or markup.
 */
export const USERNAME_PATTERN = /^[\p{L}\p{N}\p{M}_.@+-]+$/u;

/** Phone number: digits only; not empty. */
export const PHONE_PATTERN = /^[0-9]+$/;

// eslint-disable-next-line no-control-regex -- C0 and C1 control characters, DEL, and the noncharacters U+FFFE and U+FFFF
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex -- the same, but tab, line feed and carriage return
const CONTROL_CHARACTERS_BUT_LAYOUT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/**
 * The text without control characters (C0, DEL, C1) nor U+FFFE and U+FFFF: PostgreSQL's text holds
 * no NUL, XML holds neither NUL nor U+FFFE/U+FFFF, and none of them is ever meant in a name, a code
 * or a label. `keepLayout` keeps tab, line feed and carriage return, for texts written on lines.
 */
export function withoutControlCharacters(text: string, { keepLayout = false }: { keepLayout?: boolean } = {}): string {
  return text.replace(keepLayout ? CONTROL_CHARACTERS_BUT_LAYOUT : CONTROL_CHARACTERS, '');
}
// An HTML/XML tag (<b>, </p>, <img src="…">, <br/>), comment, doctype or processing instruction.
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<[a-zA-Z/!?][^<>]*>/g;
// A tag left open at the end of the text ("… <script src=x").
const UNTERMINATED_TAG = /<[a-zA-Z/!?][^<>]*$/;

/**
 * Sanitises a plain-text field before it is checked and stored:
 * - line breaks are normalised to "\n" and the text is put in Unicode NFC form;
 * - control characters (and U+FFFE, U+FFFF) are removed, except newline and tab;
 * - HTML markup is stripped (tags, comments, doctypes), not escaped: these fields are plain text,
 *   displayed as text by the app, so markup in them is never wanted. Text such as "a < b" or
 *   "x > 3" is kept; stripping repeats until nothing that looks like a tag is left;
 * - leading and trailing whitespace is trimmed.
 */
export function sanitizeText(text: string): string {
  let result = withoutControlCharacters(text.replace(/\r\n?/g, '\n').normalize('NFC'), { keepLayout: true });
  for (;;) {
    const stripped = result.replace(MARKUP, '').replace(UNTERMINATED_TAG, '');
    if (stripped === result) break;
    result = stripped;
  }
  return result.trim();
}

const REFUSED = Symbol('refused');

/** A value of its field's own JSON types is cast as the field casts it; any other is refused ('validation.invalid'). */
function takingOnly<S extends Schema>(schema: S, takes: (original: unknown) => boolean): S {
  return schema.transform((value: unknown, original: unknown) => (original == null || takes(original) ? value : REFUSED)).typeError(VALIDATION_MESSAGES.invalid) as S;
}

const isTextOrNumber = (original: unknown) => typeof original === 'string' || (typeof original === 'number' && Number.isFinite(original));

/**
 * A field holding one value takes a string, a number or null from JSON, as Django REST framework's
 * do: an array, an object or a boolean is refused ('validation.invalid'), never converted — yup
 * would read `[1]` as 1 and `true` as "true". Whatever the field's own cast, the value given is
 * what this looks at.
 */
export function scalarOnly<S extends Schema>(schema: S): S {
  return takingOnly(schema, isTextOrNumber);
}

/** A boolean field takes a boolean, or the strings and numbers DRF reads as one ("true", 0…). */
export function booleanInput<S extends Schema>(schema: S): S {
  return takingOnly(schema, (original) => typeof original === 'boolean' || isTextOrNumber(original));
}

function sanitized(): StringSchema<string | undefined> {
  return scalarOnly(string().transform((value: unknown) => (typeof value === 'string' ? sanitizeText(value) : value)));
}

export interface FieldOptions {
  /** When true the value may not be empty ('validation.required'). Default false. */
  required?: boolean;
}

function withPresence(schema: StringSchema<string | undefined>, options: FieldOptions | undefined) {
  return options?.required
    ? schema.required(VALIDATION_MESSAGES.required)
    : schema.nullable().optional();
}

/** A sanitised, non-empty string ('validation.required' otherwise, whitespace-only included). */
export function requiredString(): StringSchema<string> {
  return sanitized().required(VALIDATION_MESSAGES.required);
}

/** Additional ID: ID_COMP_PATTERN ('validation.idComp'); empty allowed unless required. */
export function idCompString(options?: FieldOptions) {
  return withPresence(
    sanitized().matches(ID_COMP_PATTERN, { message: VALIDATION_MESSAGES.idComp, excludeEmptyString: true }),
    options,
  );
}

/** Username: USERNAME_PATTERN ('validation.username'); empty allowed unless required. */
export function usernameString(options?: FieldOptions) {
  // Taken as typed (spaces around trimmed), not cleaned of markup: a name changed silently would not sign in.
  return withPresence(
    scalarOnly(string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))).matches(USERNAME_PATTERN, {
      message: VALIDATION_MESSAGES.username,
      excludeEmptyString: true,
    }),
    options,
  );
}

/**
 * Phone number: digits only ('validation.phone'); empty allowed unless required. The spaces, dots
 * and hyphens people group digits with ("04 91 00 00 00") are dropped, not refused.
 */
export function phoneString(options?: FieldOptions) {
  return withPresence(
    sanitized()
      .transform((value: unknown) => (typeof value === 'string' && /^[\d\s.-]+$/.test(value) ? value.replace(/[\s.-]/g, '') : value))
      .matches(PHONE_PATTERN, { message: VALIDATION_MESSAGES.phone, excludeEmptyString: true }),
    options,
  );
}

/**
 * Whether 14 digits make a SIRET: INSEE's key is the Luhn check; La Poste's establishments (SIREN
 * 356 000 000), too many for it, have digits whose sum is a multiple of 5 instead.
 */
export function isSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith('356000000')) return [...digits].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    let digit = Number(digits[13 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * SIRET ('validation.siret'); empty allowed unless required. Written as people group it ("200 053
 * 788 00014"), it is kept as its 14 digits.
 */
export function siretString(options?: FieldOptions) {
  return withPresence(
    sanitized()
      .transform((value: unknown) => (typeof value === 'string' && /^[\d\s.]+$/.test(value) ? value.replace(/[\s.]/g, '') : value))
      .test('siret', VALIDATION_MESSAGES.siret, (value) => !value || isSiret(value)),
    options,
  );
}

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An optional http(s) URL ('validation.url'); empty, null and undefined are accepted. */
export function optionalUrl() {
  return sanitized()
    .nullable()
    .optional()
    .test('url', VALIDATION_MESSAGES.url, (value) => value == null || value === '' || isHttpUrl(value));
}

/** An e-mail address ('validation.email'); empty allowed unless required. */
export function emailString(options?: FieldOptions) {
  return withPresence(sanitized().email(VALIDATION_MESSAGES.email), options);
}
