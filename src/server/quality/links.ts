/**
 * The link checker (scenario check-links): every resource whose data sits behind an address (a
 * link, a downloaded file's source, a harvested distribution) is asked for it — HEAD, else a GET of
 * its first byte — through the outbound guard (http/outbound.ts), at most once per
 * LINK_CHECK_INTERVAL_HOURS, at most LINK_CHECK_HOST_RATE requests a second to one host and
 * LINK_CHECK_RATE in all (counted as they start, by one limiter per process). The links of one
 * dataset can also be checked now (scenario check-dataset-links), with the same rates. A host that cannot be reached is left alone for a while (1 hour, then
 * doubling up to a week), its other links put off. Each check is kept (link_checks, migration
 * 026); the resource keeps its latest verdict, and the datasets of a resource whose verdict
 * changed are scored again.
 */
import { getMaxListeners, setMaxListeners } from 'node:events';
import type { LinkCheckConfig, OutboundConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { fetchOutbound, OutboundError, type OutboundResponse } from '../http/outbound.ts';
import { assessDataset } from './assess.ts';
import { LINKED_SOURCE_KINDS } from './facts.ts';

/** Errors that say the host itself is out of reach (not that it refused this address). */
const HOST_FAILURES = new Set(['unreachable', 'timeout']);
const BACKOFF_BASE_MS = 3600_000;
const BACKOFF_MAX_MS = 7 * 24 * 3600_000;
/** Checks in flight at once, whatever the rates. */
const MAX_IN_FLIGHT = 16;

export interface LinkCheckResult {
  broken: boolean;
  status: number | null;
  mediaType: string | null;
  size: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * How long a start counts against the rates: a second, and a margin for the time a request takes
 * to reach the remote once it is let go (its address looked up, its connection opened, on a busy
 * event loop). Without it, a request delayed on its way and the one let go a second after it
 * would reach the remote in the same second.
 */
export const RATE_WINDOW_MS = 1000;
export const RATE_MARGIN_MS = 100;

/**
 * Counts the requests actually let go: `acquire(host)` resolves when fewer than hostRate requests
 * to the host and fewer than totalRate in all were let go in the last RATE_WINDOW_MS +
 * RATE_MARGIN_MS, and counts this one at that moment. A late timer never lets requests bunch: the
 * count is of real starts, not of planned ones. In any second, at most hostRate requests reach one
 * host and totalRate in all.
 */
export class RateLimiter {
  /** Start times within the window, oldest first: in all, and by host. */
  private readonly starts: number[] = [];
  private readonly startsByHost = new Map<string, number[]>();
  private readonly windowMs = RATE_WINDOW_MS + RATE_MARGIN_MS;

  constructor(
    private readonly hostRate: number,
    private readonly totalRate: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How long until a request to the host may start: 0 when it may now. */
  waitFor(host: string): number {
    const now = this.now();
    const since = now - this.windowMs;
    const own = this.startsByHost.get(host) ?? [];
    for (const list of [this.starts, own]) {
      let expired = 0;
      while (expired < list.length && list[expired] <= since) expired += 1;
      list.splice(0, expired);
    }
    if (own.length === 0) this.startsByHost.delete(host);
    // Free again when the start that fills the rate leaves the window.
    const freeAt = (list: number[], rate: number) => (list.length < rate ? now : list[list.length - rate] + this.windowMs);
    return Math.max(freeAt(this.starts, this.totalRate), freeAt(own, this.hostRate)) - now;
  }

  async acquire(host: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.waitFor(host);
      if (wait <= 0) break;
      await sleep(wait, signal);
    }
    const now = this.now();
    this.starts.push(now);
    const own = this.startsByHost.get(host);
    if (own) own.push(now);
    else this.startsByHost.set(host, [now]);
  }
}

/**
 * One limiter per process and rates: the scheduled checks and those a user asks for share it, so
 * runs at the same time keep to the rates together.
 */
const limiters = new Map<string, RateLimiter>();
export function sharedLimiter({ hostRate, totalRate }: LinkCheckConfig): RateLimiter {
  const key = `${hostRate}/${totalRate}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiter(hostRate, totalRate);
    limiters.set(key, limiter);
  }
  return limiter;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const headerNumber = (value: string | string[] | undefined): number | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : null;
};

/** The size the answer tells: Content-Range's total for a ranged GET, else Content-Length. */
function sizeOf(response: OutboundResponse, ranged: boolean): number | null {
  const range = response.headers['content-range'];
  const total = typeof range === 'string' ? range.match(/\/(\d+)\s*$/)?.[1] : undefined;
  if (total) return Number(total);
  return ranged && response.status === 206 ? null : headerNumber(response.headers['content-length']);
}

/** Checks one address: HEAD, and a ranged GET when HEAD is refused or fails. */
export async function checkLink(
  url: string,
  outbound: OutboundConfig,
  acquire: () => Promise<void>,
  signal?: AbortSignal,
): Promise<LinkCheckResult> {
  const started = performance.now();
  const options = {
    allowPrivate: outbound.allowPrivate,
    timeoutMs: outbound.timeoutMs,
    maxRedirects: outbound.maxRedirects,
    maxBytes: Number.MAX_SAFE_INTEGER,
    acceptStatus: () => true,
    signal,
  };
  const ask = async (method: 'HEAD' | 'GET') => {
    await acquire();
    const response = await fetchOutbound(url, { ...options, method, headers: method === 'GET' ? { range: 'bytes=0-0' } : {} });
    response.body.destroy();
    return response;
  };
  try {
    let response = await ask('HEAD');
    let ranged = false;
    // Servers that do not answer HEAD (405, 501…) or answer it wrongly get a GET of one byte.
    if (response.status >= 400) {
      response = await ask('GET');
      ranged = true;
    }
    const type = response.headers['content-type'];
    return {
      broken: response.status >= 400,
      status: response.status,
      mediaType: typeof type === 'string' ? type.split(';')[0].trim().toLowerCase() || null : null,
      size: sizeOf(response, ranged),
      durationMs: Math.round(performance.now() - started),
      error: response.status >= 400 ? 'http-status' : null,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = error instanceof OutboundError ? error.code : 'unreachable';
    return { broken: true, status: null, mediaType: null, size: null, durationMs: Math.round(performance.now() - started), error: code };
  }
}

interface DueLink {
  resource_id: number;
  url: string;
  broken: boolean | null;
}

export interface LinkCheckSummary {
  [key: string]: number;
  checked: number;
  broken: number;
  deferred: number;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** The links due, hosts interleaved so that no host holds the others up. */
function interleaveByHost(links: DueLink[]): DueLink[] {
  const byHost = new Map<string, DueLink[]>();
  for (const link of links) {
    const host = hostOf(link.url);
    byHost.set(host, [...(byHost.get(host) ?? []), link]);
  }
  const queues = [...byHost.values()];
  const ordered: DueLink[] = [];
  for (let index = 0; ordered.length < links.length; index += 1) {
    for (const queue of queues) if (index < queue.length) ordered.push(queue[index]);
  }
  return ordered;
}

type LinkCheckSettings = { outbound: OutboundConfig; linkCheck: LinkCheckConfig };

/** Checks the links that are due; answers how many were checked, found broken, and put off. */
export async function checkDueLinks(
  db: Db,
  config: LinkCheckSettings,
  signal: AbortSignal,
  limiter = sharedLimiter(config.linkCheck),
): Promise<LinkCheckSummary> {
  const { rows } = await db.query<DueLink>(
    `SELECT r.id AS resource_id, s.href AS url, r.link_broken AS broken
       FROM resources r JOIN resource_sources s ON s.resource_id = r.id
      WHERE s.kind = ANY($1::text[]) AND COALESCE(s.href, '') <> ''
        AND (r.link_checked_at IS NULL OR r.link_checked_at <= now() - make_interval(hours => $2))
      ORDER BY r.link_checked_at NULLS FIRST, r.id
      LIMIT $3`,
    [LINKED_SOURCE_KINDS, config.linkCheck.intervalHours, config.linkCheck.batch],
  );
  return checkLinks(db, config, rows, signal, limiter);
}

/**
 * Checks the links of one dataset's resources now, however recently they were checked (a user
 * asked): with the same rates, guard and back-off as the scheduled checks.
 */
export async function checkDatasetLinks(
  db: Db,
  config: LinkCheckSettings,
  datasetId: number,
  signal: AbortSignal,
  limiter = sharedLimiter(config.linkCheck),
): Promise<LinkCheckSummary> {
  const { rows } = await db.query<DueLink>(
    `SELECT DISTINCT ON (r.id) r.id AS resource_id, s.href AS url, r.link_broken AS broken
       FROM resource_datasets rd JOIN resources r ON r.id = rd.resource_id JOIN resource_sources s ON s.resource_id = r.id
      WHERE rd.dataset_id = $1 AND s.kind = ANY($2::text[]) AND COALESCE(s.href, '') <> ''
      ORDER BY r.id
      LIMIT $3`,
    [datasetId, LINKED_SOURCE_KINDS, config.linkCheck.batch],
  );
  return checkLinks(db, config, rows, signal, limiter);
}

/** Checks the links given, hosts interleaved, and scores again the datasets whose links changed verdict. */
async function checkLinks(db: Db, config: LinkCheckSettings, rows: DueLink[], signal: AbortSignal, limiter: RateLimiter): Promise<LinkCheckSummary> {
  const hosts = [...new Set(rows.map((row) => hostOf(row.url)))];
  const { rows: resting } = await db.query<{ host: string }>('SELECT host FROM link_hosts WHERE host = ANY($1::text[]) AND retry_after > now()', [hosts]);
  // Hosts left alone for now, and those found out of reach during this run.
  const failing = new Set(resting.map((row) => row.host));
  const summary: LinkCheckSummary = { checked: 0, broken: 0, deferred: 0 };
  const changed = new Set<number>();
  const queue = interleaveByHost(rows);
  const worker = async () => {
    for (let link = queue.shift(); link; link = queue.shift()) {
      signal.throwIfAborted();
      const host = hostOf(link.url);
      if (failing.has(host)) {
        summary.deferred += 1;
        continue;
      }
      const result = await checkLink(link.url, config.outbound, () => limiter.acquire(host, signal), signal);
      await recordCheck(db, link, result);
      summary.checked += 1;
      if (result.broken) summary.broken += 1;
      if (result.broken !== (link.broken ?? false)) changed.add(link.resource_id);
      if (host !== '') await recordHost(db, host, result, failing);
    }
  };
  // Each check in flight listens to the task's signal (its request, or its wait for the rates):
  // that many listeners are expected, not a leak for Node to warn of.
  setMaxListeners(Math.max(getMaxListeners(signal), 2 * MAX_IN_FLIGHT), signal);
  await Promise.all(Array.from({ length: Math.min(MAX_IN_FLIGHT, queue.length) }, worker));
  // The datasets whose links changed verdict are scored again.
  if (changed.size > 0) {
    const { rows: datasets } = await db.query<{ dataset_id: number }>(
      'SELECT DISTINCT dataset_id FROM resource_datasets WHERE resource_id = ANY($1::integer[]) ORDER BY dataset_id',
      [[...changed]],
    );
    for (const { dataset_id: datasetId } of datasets) await assessDataset(db, datasetId);
  }
  return summary;
}

async function recordCheck(db: Db, link: DueLink, result: LinkCheckResult): Promise<void> {
  await db.query(
    `WITH checked AS (
       INSERT INTO link_checks (resource_id, url, broken, status, media_type, size, duration_ms, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING checked_at
     )
     UPDATE resources SET link_checked_at = (SELECT checked_at FROM checked), link_broken = $3 WHERE id = $1`,
    [link.resource_id, link.url, result.broken, result.status, result.mediaType, result.size, result.durationMs, result.error],
  );
}

/** A host out of reach rests 1 hour, then 2, 4… up to a week; one that answers starts afresh. */
async function recordHost(db: Db, host: string, result: LinkCheckResult, failing: Set<string>): Promise<void> {
  if (result.error !== null && HOST_FAILURES.has(result.error)) {
    if (failing.has(host)) return;
    failing.add(host);
    await db.query(
      `INSERT INTO link_hosts (host, failures, retry_after) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (host) DO UPDATE SET failures = link_hosts.failures + 1,
         retry_after = now() + make_interval(secs => LEAST($3::double precision, $2 * power(2, link_hosts.failures)))`,
      [host, BACKOFF_BASE_MS / 1000, BACKOFF_MAX_MS / 1000],
    );
  } else {
    await db.query('UPDATE link_hosts SET failures = 0, retry_after = NULL WHERE host = $1 AND failures > 0', [host]);
  }
}
