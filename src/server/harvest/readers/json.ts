/** Reading a JSON API page: a not-JSON answer means the URL is not that kind of catalogue. */
import { HarvestError } from '../errors.ts';
import type { FetchedPage, RemoteSource } from '../types.ts';

export function jsonOf(page: FetchedPage, source: RemoteSource): unknown {
  try {
    return JSON.parse(page.text);
  } catch {
    throw new HarvestError('harvest.errorNotCatalogue', { url: page.url, kind: source.kind, detail: 'the answer is not JSON' });
  }
}

export function notCatalogue(page: FetchedPage, source: RemoteSource, detail: string): HarvestError {
  return new HarvestError('harvest.errorNotCatalogue', { url: page.url, kind: source.kind, detail });
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');
