/**
 * Checks a jurisdiction write with the shared schema (schemas/jurisdictions.ts, `writeValidator`)
 * and turns yup's failures into the DRF body `{field: [translated messages]}`.
 */
import { ValidationError as YupValidationError } from 'yup';
import type { Locale } from '../../../schemas/constants.ts';
import { writeValidator } from '../../../schemas/entity.ts';
import { jurisdictions } from '../../../schemas/jurisdictions.ts';
import validationEn from '../../../i18n/validation/en.ts';
import validationFr from '../../../i18n/validation/fr.ts';
import validationIt from '../../../i18n/validation/it.ts';
import { ValidationError, type FieldErrors } from '../http/errors.ts';
import { interpolate, t } from '../i18n.ts';
import { normaliseCodes } from './store.ts';

const VALIDATION_CATALOGUES: Record<Locale, Record<string, string>> = { en: validationEn, fr: validationFr, it: validationIt };

/** Translates a 'validation.*' key of the shared validators; other messages are returned as is. */
export function validationMessage(locale: Locale, message: string, params: Record<string, unknown> = {}): string {
  if (!message.startsWith('validation.')) return message;
  const template = VALIDATION_CATALOGUES[locale][message.slice('validation.'.length)];
  if (template === undefined) return message;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return interpolate(template, values);
}

/** yup paths such as `municipalities[3]` report on the field itself. */
function fieldOf(path: string | undefined): string {
  if (!path) return 'non_field_errors';
  return /^[^.[]+/.exec(path)?.[0] ?? 'non_field_errors';
}

export function yupErrors(error: YupValidationError, locale: Locale): FieldErrors {
  const fields: FieldErrors = {};
  const issues = error.inner.length > 0 ? error.inner : [error];
  for (const issue of issues) {
    const messages = (fields[fieldOf(issue.path)] ??= []);
    for (const message of issue.errors) {
      const text = validationMessage(locale, message, issue.params ?? {});
      if (!messages.includes(text)) messages.push(text);
    }
  }
  return fields;
}

export interface JurisdictionWrite {
  display_name?: string;
  codename?: string;
  /** Normalised: trimmed, upper case, without duplicates. */
  municipalities?: string[];
}

const validators = { full: writeValidator(jurisdictions), partial: writeValidator(jurisdictions, { partial: true }) };

/**
 * Validates a POST/PUT (`partial` false) or PATCH body. `municipalities` may also be given as one
 * comma-separated string, as people paste INSEE codes. Throws the 400 ValidationError.
 */
export async function validateJurisdictionWrite(body: unknown, locale: Locale, partial: boolean): Promise<JurisdictionWrite> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({ non_field_errors: [t(locale, 'invalidValue')] });
  }
  const input = { ...(body as Record<string, unknown>) };
  if (typeof input.municipalities === 'string') {
    input.municipalities = input.municipalities.split(/[\s,;]+/).filter((code) => code !== '');
  }
  let value: Record<string, unknown>;
  try {
    value = await (partial ? validators.partial : validators.full).validate(input, { abortEarly: false });
  } catch (error) {
    if (error instanceof YupValidationError) throw new ValidationError(yupErrors(error, locale));
    throw error;
  }
  const result: JurisdictionWrite = {};
  if (typeof value.display_name === 'string') result.display_name = value.display_name;
  if (typeof value.codename === 'string') result.codename = value.codename;
  if (Array.isArray(value.municipalities)) {
    result.municipalities = normaliseCodes(value.municipalities as string[]);
    if (result.municipalities.length === 0) {
      throw new ValidationError({ municipalities: [validationMessage(locale, 'validation.required')] });
    }
  }
  return result;
}
