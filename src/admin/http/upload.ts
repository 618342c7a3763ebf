/**
 * A file sent with its progress: fetch cannot report bytes sent, XMLHttpRequest can. Same rules
 * as the HTTP client (locale prefix, cookies, CSRF header, JSON answer, errors as HttpErrors).
 */
import type { HttpMethod, Query } from './client.ts';
import { httpClient, readCookie, type HttpClient } from './client.ts';
import { toHttpError } from './errors.ts';

export interface UploadProgress {
  /** Bytes of the file sent so far. */
  loaded: number;
  /** Bytes of the file. */
  total: number;
}

export interface UploadOptions {
  method?: Extract<HttpMethod, 'POST' | 'PUT'>;
  query?: Query;
  /** The name of the part holding the file. */
  field?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends `file` as multipart/form-data (one part, `file` by default); resolves with the JSON answer. */
export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}, http: HttpClient = httpClient): Promise<T> {
  const { method = 'PUT', field = 'file', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, new URL(http.url(path, options.query), window.location.origin).toString());
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    // Over https the server names it __Host-csrftoken.
    const token = readCookie('__Host-csrftoken') ?? readCookie('csrftoken');
    if (token) request.setRequestHeader('X-CSRFToken', token);
    request.upload.addEventListener('progress', (event) => {
      // The body is the file and its multipart envelope (a few hundred bytes): said in the file's bytes.
      if (event.lengthComputable && event.total > 0) {
        onProgress?.({ loaded: Math.min(file.size, Math.round((event.loaded / event.total) * file.size)), total: file.size });
      }
    });
    request.addEventListener('load', () => {
      const json = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(json as T);
      else reject(toHttpError(request.status, json, method));
    });
    request.addEventListener('error', () => reject(new Error('Network error')));
    request.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append(field, file, file.name);
    request.send(body);
  });
}
