/**
 * Typed errors the routes throw; the error handler (plugins/errors.ts) turns them into DRF-style
 * bodies: 400 {"field": ["message"]}, 401/403/404 {"detail": "..."}.
 */
import type { MessageKey } from '../i18n.ts';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    /** A catalogue key, translated with the request locale, or a literal message. */
    readonly detail: MessageKey | { text: string },
    /** Extra members of the body, e.g. {code: 'terms-required'}. */
    readonly extra: Record<string, unknown> = {},
    /** Values for the message's %{placeholders}. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.text);
  }
}

/** 400 with messages per field (already translated); `non_field_errors` for general ones. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Validation failed');
  }
}

export const notAuthenticated = () => new ApiError(401, 'notAuthenticated');
export const invalidToken = () => new ApiError(401, 'invalidToken');
export const permissionDenied = () => new ApiError(403, 'permissionDenied');
export const termsRequired = () => new ApiError(403, 'termsRequired', { code: 'terms-required' });
export const csrfFailed = () => new ApiError(403, 'csrfFailed');
export const notFound = () => new ApiError(404, 'notFound');
export const invalidPage = () => new ApiError(404, 'invalidPage');
