/**
 * The one HTTP client of the app: every call to the platform API goes through it.
 * It prefixes the locale, sends cookies, adds the CSRF header on writes, parses JSON and turns
 * error answers into react-admin HttpErrors (see ./errors.ts). Aborted requests reject with the
 * AbortError untouched, so callers can ignore them. Every POST carries an Idempotency-Key of its
 * own: a creation the server receives twice (a retry on the way) makes one record; other POSTs
 * ignore it.
 */
import type { Locale } from '../../../schemas/constants.ts';
import { currentLocale } from '../config/appBase.ts';
import { toHttpError } from './errors.ts';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: Query;
  /** Sent as JSON unless it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A POST's Idempotency-Key, when the caller sends one request more than once; a new one otherwise. */
  idempotencyKey?: string;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  json: T;
}

export interface HttpClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  /** The API URL of a path (`dashboard/tasks` → `/fr/dashboard/tasks/`). */
  url(path: string, query?: Query): string;
}

const WRITE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** A random key (a UUID where the page is a secure context; as random elsewhere, where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function buildQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function apiPath(locale: Locale, path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  const [pathname, ...rest] = trimmed.split('?');
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return `/${locale}/${withSlash}${rest.length ? `?${rest.join('?')}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(
  getLocale: () => Locale = currentLocale,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): HttpClient {
  const url = (path: string, query?: Query) => `${apiPath(getLocale(), path)}${buildQueryString(query)}`;

  async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (WRITE_METHODS.has(method)) {
      // Over https the server names it __Host-csrftoken.
      const token = readCookie('__Host-csrftoken') ?? readCookie('csrftoken');
      if (token) headers['X-CSRFToken'] = token;
    }
    if (method === 'POST') headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
    const response = await fetchImpl(new URL(url(path, options.query), window.location.origin), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
    const json = method === 'HEAD' ? null : await readBody(response);
    if (!response.ok) throw toHttpError(response.status, json, method);
    return { status: response.status, headers: response.headers, json: json as T };
  }

  return { request, url };
}

/** The client used by the app: the locale is the one of the page shown. */
export const httpClient = createHttpClient();
