/**
 * Mapping of the platform's error answers (DRF conventions) to react-admin's HttpError, and the
 * lines an error toast shows. Pure functions.
 */
import { HttpError } from 'react-admin';

/** What an HttpError from our client carries in its `body`. */
export interface ApiErrorBody {
  /** Field name → messages joined by a space (what react-admin forms show under fields). */
  errors?: Record<string, string>;
  /** Messages that belong to no field (`non_field_errors`). */
  nonFieldErrors?: string[];
  /** The server's `detail` message. */
  detail?: string;
  /** The server's machine-readable `code` (e.g. `terms-required`). */
  code?: string;
  /** The method of the request answered, when known (a refused write is told apart from a refused read). */
  method?: string;
}

export const TERMS_REQUIRED = 'terms-required';

/** Translation key used when the server gives no message. */
export const DEFAULT_ERROR_MESSAGE = 'publish.feedback.error.default';

function asMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(asMessages);
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return Object.values(value).flatMap(asMessages);
  return [String(value)];
}

/** Turns an error status and its JSON (or text) body into a react-admin HttpError. */
export function toHttpError(status: number, payload: unknown, method?: string): HttpError {
  const body: ApiErrorBody = method ? { method } : {};
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
      if (key === 'detail') body.detail = asMessages(value).join(' ');
      else if (key === 'code' && typeof value === 'string') body.code = value;
      else if (key === 'non_field_errors') body.nonFieldErrors = asMessages(value);
      else {
        body.errors ??= {};
        body.errors[key] = asMessages(value).join(' ');
      }
    }
  } else if (Array.isArray(payload)) {
    body.nonFieldErrors = asMessages(payload);
  }
  const message = body.nonFieldErrors?.join(' ') || body.detail || DEFAULT_ERROR_MESSAGE;
  return new HttpError(message, status, body);
}

export function isAbortError(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError') ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'CancelledError')
  );
}

export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function errorBody(error: unknown): ApiErrorBody {
  const body = (error as { body?: unknown } | null)?.body;
  return body && typeof body === 'object' ? (body as ApiErrorBody) : {};
}

export function isTermsRequired(error: unknown): boolean {
  return errorStatus(error) === 403 && errorBody(error).code === TERMS_REQUIRED;
}

/**
 * A change the server refused (403 to a POST, PUT, PATCH or DELETE): said where it was asked, the
 * form keeping what it holds, rather than by leaving for the access-denied page, which is for pages
 * the user may not read.
 */
export function isRefusedWrite(error: unknown): boolean {
  const method = errorBody(error).method;
  return errorStatus(error) === 403 && !isTermsRequired(error) && method !== undefined && !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

export type ErrorSeverity = 'error' | 'critical';

export interface ErrorLine {
  /** The field the message is about, when there is one. */
  field?: string;
  message: string;
}

export interface ErrorSummary {
  severity: ErrorSeverity;
  lines: ErrorLine[];
}

/**
 * What an error toast shows (spec, section 8): 500 and above are critical; otherwise each field
 * message becomes a 'field : message' line, plus the non-field messages and the detail.
 * An empty `lines` means the default message.
 */
export function summariseError(error: unknown): ErrorSummary {
  const status = errorStatus(error);
  const severity: ErrorSeverity = status !== undefined && status >= 500 ? 'critical' : 'error';
  const body = errorBody(error);
  const lines: ErrorLine[] = [];
  for (const [field, message] of Object.entries(body.errors ?? {})) lines.push({ field, message });
  for (const message of body.nonFieldErrors ?? []) lines.push({ message });
  if (body.detail) lines.push({ message: body.detail });
  if (lines.length === 0 && status === undefined && error instanceof Error && error.message) {
    lines.push({ message: error.message });
  }
  return { severity, lines };
}
