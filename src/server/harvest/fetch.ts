/**
 * Fetches one page of a remote catalogue through the guarded outbound client (http/outbound.ts),
 * trying again with a growing pause when the remote fails in a way that may pass (no answer, 5xx, 429).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { fetchOutboundText } from '../http/outbound.ts';
import { harvestErrorOf, isTransient } from './errors.ts';
import type { FetchedPage } from './types.ts';

export interface FetchSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  maxRedirects: number;
  /** Attempts per page (1 = no retry). */
  attempts: number;
  /** Pause before the second attempt, doubled each time. */
  retryDelayMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  /** Told of each failed attempt that is tried again. */
  onRetry?: (attempt: number, reason: string, delayMs: number) => Promise<void> | void;
}

const ACCEPT = 'application/json, application/ld+json;q=0.9, text/turtle;q=0.9, application/rdf+xml;q=0.9, application/xml;q=0.8, */*;q=0.1';

/** Waits before the next attempt; a stopped task ends the wait at once. */
const pause = (ms: number, signal?: AbortSignal): Promise<void> => wait(ms, undefined, { signal }).catch(() => undefined);

export async function fetchPage(url: string, settings: FetchSettings): Promise<FetchedPage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetchOutboundText(url, {
        allowPrivate: settings.allowPrivate,
        timeoutMs: settings.timeoutMs,
        maxRedirects: settings.maxRedirects,
        maxBytes: settings.maxBytes,
        signal: settings.signal,
        headers: { accept: ACCEPT },
      });
      return { url: response.url, contentType: String(response.headers['content-type'] ?? '').toLowerCase(), text: response.text };
    } catch (error) {
      if (attempt >= settings.attempts || !isTransient(error) || settings.signal?.aborted) throw harvestErrorOf(error, url);
      const delay = settings.retryDelayMs * 2 ** (attempt - 1);
      await settings.onRetry?.(attempt, (error as Error).message, delay);
      await pause(delay, settings.signal);
    }
  }
}
