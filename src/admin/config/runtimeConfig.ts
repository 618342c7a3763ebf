/** The runtime configuration the server publishes at /publish/config.json. */
import type { RuntimeConfig } from '../../../schemas/api.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { APP_BASE } from './appBase.ts';

export type { RuntimeConfig };
export type ConfigLinks = RuntimeConfig['links'];

let pending: Promise<RuntimeConfig> | null = null;

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(new URL(`${APP_BASE}/config.json`, window.location.origin), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

/** Loads the configuration once per page; a failed load is retried on the next call. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!pending) {
    pending = fetchRuntimeConfig().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/** Forgets the loaded configuration (tests load a different one each time). */
export function resetRuntimeConfig(): void {
  pending = null;
}

/** A configured link with its `{locale}` placeholder filled in. */
export function resolveLink(template: string, locale: Locale): string {
  return template.replaceAll('{locale}', locale);
}

/** Appends `next=<path>` to a link, keeping any query string it already has. */
export function withNext(url: string, next: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}next=${encodeURIComponent(next)}`;
}

export type LinkKind = keyof ConfigLinks;

/** The URL of a login-service page for the given locale, carrying `next` when given. */
export function loginServiceUrl(links: ConfigLinks, kind: LinkKind, locale: Locale, next?: string): string {
  const url = resolveLink(links[kind], locale);
  return next === undefined ? url : withNext(url, next);
}
