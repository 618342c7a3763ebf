/**
 * Write validation of the generic entity handler: the shared yup validator of the schema
 * (schemas/entity.ts `writeValidator`), with its 'validation.*' message keys translated by the
 * catalogues of i18n/validation, and database refusals (unique, foreign key, check) turned into
 * the same DRF-style 400 body `{field: ["message"]}`.
 */
import { ValidationError as YupValidationError, type AnyObject, type ObjectSchema } from 'yup';
import validationEn from '../../../i18n/validation/en.ts';
import validationFr from '../../../i18n/validation/fr.ts';
import validationIt from '../../../i18n/validation/it.ts';
import { ROLE, STATUS, type Locale } from '../../../schemas/constants.ts';
import { writableFields, writeValidator, type EntitySchema, type FieldSpec } from '../../../schemas/entity.ts';
import { ValidationError, type FieldErrors } from '../http/errors.ts';
import { interpolate } from '../i18n.ts';

type ValidationKey = keyof typeof validationEn;
const catalogues: Record<Locale, Record<ValidationKey, string>> = { en: validationEn, fr: validationFr, it: validationIt };

/** Translates 'validation.x' keys (with %{placeholders}); any other text is returned as is. */
export function translateValidation(locale: Locale, message: string, params: Record<string, unknown> = {}): string {
  if (!message.startsWith('validation.')) return message;
  const key = message.slice('validation.'.length) as ValidationKey;
  if (!Object.hasOwn(catalogues[locale], key)) return message;
  const template = catalogues[locale][key];
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return interpolate(template, values);
}

/** A 400 with one translated message on one field. */
export function fieldError(locale: Locale, field: string, key: string, params?: Record<string, unknown>): ValidationError {
  return new ValidationError({ [field]: [translateValidation(locale, key, params)] });
}

/** Values of the start-up lists a 'choice' field may name. */
export const CHOICE_LISTS: Record<string, readonly number[]> = {
  userStatuses: Object.values(STATUS),
  usergroupStatuses: Object.values(STATUS),
  roles: Object.values(ROLE),
};

function choiceAllowed(spec: FieldSpec, value: unknown): boolean {
  if (value == null || typeof spec.choices !== 'string') return true;
  return CHOICE_LISTS[spec.choices]?.includes(value as number) ?? true;
}

/** A JSON scalar, or an array of them: the only values a field of a write takes. */
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** A flat object of scalars (an entry of a 'keyValues' field). */
function isFlatObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isScalar);
}

function isFieldValue(value: unknown, spec: FieldSpec): boolean {
  if (isScalar(value)) return true;
  const item = spec.type === 'keyValues' ? isFlatObject : isScalar;
  return Array.isArray(value) && value.every(item);
}

/** Built once per schema and kind of write (yup schemas never change once made): a dataset's has forty fields. */
const validators = new WeakMap<EntitySchema, { partial?: ObjectSchema<AnyObject>; whole?: ObjectSchema<AnyObject> }>();

function validatorOf(schema: EntitySchema, partial: boolean): ObjectSchema<AnyObject> {
  let built = validators.get(schema);
  if (!built) validators.set(schema, (built = {}));
  const kind = partial ? 'partial' : 'whole';
  return (built[kind] ??= writeValidator(schema, { partial }));
}

/**
 * Validates a write body against the schema: every error at once, messages translated. Returns
 * the writable fields the body gives (unknown and read-only ones are ignored), sanitised and cast.
 * Only the body's own keys that name writable fields reach the validator, so keys such as
 * `constructor` or `toString` are ignored, and an object where a field expects a value is refused
 * before anything converts it.
 */
export async function validateWrite(
  schema: EntitySchema,
  body: unknown,
  options: { partial: boolean; locale: Locale },
): Promise<Record<string, unknown>> {
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const given = new Set<string>();
  const input: Record<string, unknown> = {};
  for (const name of writableFields(schema)) {
    if (!Object.hasOwn(raw, name) || raw[name] === undefined) continue;
    given.add(name);
    if (isFieldValue(raw[name], schema.fields[name])) input[name] = raw[name];
    else errors[name] = [translateValidation(options.locale, 'validation.invalid')];
  }
  let cast: Record<string, unknown> = {};
  try {
    cast = await validatorOf(schema, options.partial).validate(input, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof YupValidationError)) throw error;
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      // 'spheres[0]' reports on 'spheres'; a field refused above keeps its message.
      const field = (inner.path ?? 'non_field_errors').replace(/[[.].*$/, '');
      if (given.has(field) && !Object.hasOwn(input, field)) continue;
      // The validator's own messages (e.g. a type error quoting the value) are never shown.
      const message = inner.message.startsWith('validation.') ? inner.message : 'validation.invalid';
      (errors[field] ??= []).push(translateValidation(options.locale, message, inner.params));
    }
  }
  const values: Record<string, unknown> = {};
  for (const name of given) {
    if (errors[name] || !Object.hasOwn(input, name)) continue;
    const value = cast[name];
    if (!choiceAllowed(schema.fields[name], value)) {
      errors[name] = [translateValidation(options.locale, 'validation.invalid')];
      continue;
    }
    values[name] = value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError({ ...errors });
  return values;
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
}

function isPgError(error: unknown): error is PgError & Error {
  return error instanceof Error && typeof (error as PgError).code === 'string';
}

/**
 * The field a constraint violation is about: the constraint's own mapping, else the last column
 * named in PostgreSQL's detail ("Key (usergroup_id, lower(email))=(…)") that maps back to a field.
 */
function violatedField(error: PgError, columnFields: Record<string, string>, constraints: Record<string, string>): string {
  if (error.constraint && Object.hasOwn(constraints, error.constraint)) return constraints[error.constraint];
  if (error.column && Object.hasOwn(columnFields, error.column)) return columnFields[error.column];
  const key = /Key \((.+?)\)=/.exec(error.detail ?? '')?.[1] ?? '';
  const named = key.match(/[a-z_][a-z0-9_]*/g) ?? [];
  for (const word of named.reverse()) if (Object.hasOwn(columnFields, word)) return columnFields[word];
  return 'non_field_errors';
}

/**
 * Unique (23505), foreign key (23503), not-null (23502) and check (23514) violations become a 400
 * on the field concerned; anything else is rethrown.
 */
export function databaseWriteError(
  error: unknown,
  locale: Locale,
  columnFields: Record<string, string>,
  constraints: Record<string, string> = {},
): unknown {
  if (!isPgError(error)) return error;
  const keys: Record<string, string> = { '23505': 'validation.unique', '23503': 'validation.invalid', '23514': 'validation.invalid', '23502': 'validation.required' };
  const key = error.code && Object.hasOwn(keys, error.code) ? keys[error.code] : undefined;
  if (!key) return error;
  return fieldError(locale, violatedField(error, columnFields, constraints), key);
}
