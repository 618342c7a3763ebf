/**
 * Server settings, read once from the environment. Every setting is documented here with its
 * default; nothing else in the server reads process.env.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceConfig } from '../../schemas/access.ts';
import type { ServiceKey } from '../../schemas/api.ts';

export interface ServerConfig {
  /** PORT: TCP port to listen on. Default 8080. */
  port: number;
  /** HOST: interface to listen on. Default 127.0.0.1 (local only). */
  host: string;
  /** DATA_DIR: where the embedded database, its port and the secret key live. Default ./var. */
  dataDir: string;
  /** DATABASE_URL: external PostgreSQL; unset = embedded PostgreSQL under DATA_DIR/pg. */
  databaseUrl: string | null;
  /** PG_PORT: port of the embedded PostgreSQL; unset = 54329 or the port remembered in DATA_DIR. */
  pgPort: number | null;
  /**
   * LIST_READS: how many list reads one process runs in the database at once (default: its CPU
   * count). The others wait their turn in the process, so that saves and sign-ins, which do not
   * wait, find the database's processors free rather than shared with every reader.
   */
  listReads: number;
  /**
   * BACKGROUND_NICE: the processor priority (nice, 0–19) of the embedded database's processes that
   * run background work (tasks, harvests, scores) for this process. Default 10: on a busy machine
   * the people reading and saving are served first. 0 gives background work the same share.
   */
  backgroundNice: number;
  /** DEMO_PASSWORD: password of the demo accounts; unset = a random one, printed once at seeding. */
  demoPassword: string | null;
  /** SECRET_KEY: signs the API tokens; unset = random key stored once in DATA_DIR/secret-key (0600). */
  secretKey: string;
  /** LOG_LEVEL: pino level (fatal, error, warn, info, debug, trace, silent). Default info. */
  logLevel: string;
  /** STATIC_DIR: the built admin app (vite build with base /publish/). Default ./dist. */
  staticDir: string;
  /** DATASTORE_URL: the database holding the datastore tables (schema `datastore`); unset = the platform's own database. */
  datastoreUrl: string | null;
  /**
   * MAPSERVER_URL: GeoServer's base URL with its REST credentials, e.g.
   * https://admin:secret@maps.example.org/geoserver/ (basic auth); unset = no map server: its
   * calls answer 503 and styles are applied locally only.
   */
  mapserverUrl: string | null;
  /**
   * MAPSERVER_DATASTORE_URL: `postgres://…` the map server uses to reach the datastore when the
   * platform creates its PostGIS store; unset = DATASTORE_URL, else DATABASE_URL.
   */
  mapserverDatastoreUrl: string | null;
  /** TRUST_PROXY: trust X-Forwarded-* headers (behind a reverse proxy). Default false. */
  trustProxy: boolean;
  /** TERMS_VERSION: current version of the terms of use; users must accept it. Default "1". */
  termsVersion: string;
  /** SESSION_DAYS: lifetime of a sign-in session in days. Default 14. */
  sessionDays: number;
  /** JWT_EXPIRES_IN: lifetime of API tokens (vercel/ms syntax). Default 12h. */
  jwtExpiresIn: string;
  /** SIGNIN_RATE_LIMIT: sign-in attempts allowed per minute per client address and username. Default 10. */
  signinRateLimit: number;
  /** SIGNIN_ADDRESS_RATE_LIMIT: sign-in attempts allowed per minute per client address, any usernames. Default 30. */
  signinAddressRateLimit: number;
  /** PORTAL_URL: home of the data portal, also the "home" link. Default "/". */
  portalUrl: string;
  /**
   * PUBLIC_URL: the address people and harvesters reach this server at (http or https, with a
   * path prefix when a proxy serves it under one), ending with '/'. Every absolute URL the server
   * writes starts from it (the DCAT feed, the exports); the request's Host header never does.
   * Default `http://{HOST}:{PORT}/`.
   */
  publicUrl: string;
  /**
   * Services menu: <KEY>_URL and <KEY>_AVAILABLE, <KEY>_SUPERUSERS for PORTAL, CONTRIBUTION,
   * LAND_REGISTRY (available by default), MAPS, STATISTICS, MAPSERVER_ADMIN, METADATA
   * (superusers only by default). Only the services whose <KEY>_URL is set: a link the platform
   * cannot vouch for would lead nowhere.
   */
  services: ServiceConfig[];
  /** The task queue (src/server/tasks/): who runs the scenarios, and their limits. */
  tasks: TaskConfig;
  /** Requests the server makes to URLs users give it (src/server/http/outbound.ts). */
  outbound: OutboundConfig;
  /** UPLOAD_MAX_BYTES: largest resource file accepted (upload, download, FTP copy). Default 5 GiB. */
  uploadMaxBytes: number;
  /**
   * INSPECT_TIME_LIMIT_SECONDS: longest inspection of a geographic file before it is loaded
   * (GET /resource/{id}/inspect/); past it the request is answered 503 and its GDAL work stopped.
   * Default 30.
   */
  inspectTimeLimitSeconds: number;
  /** BULK_UNDO_MINUTES: how long a bulk change of datasets may be undone once it ran. Default 10. */
  bulkUndoMinutes: number;
  /** How slowly a request's body may come before it is cut (src/server/plugins/slow-bodies.ts). */
  requestBody: RequestBodyConfig;
  /** Where resource files are kept (src/server/storage/). */
  storage: StorageConfig;
}

export interface RequestBodyConfig {
  /** REQUEST_BODY_GRACE_SECONDS: time a request's body may take, whatever its size. Default 20. */
  graceSeconds: number;
  /** REQUEST_BODY_MIN_RATE: bytes a second that earn a body one more second. Default 500. */
  minRate: number;
}

/** Where resource files are kept: DATA_DIR/files on local disk, or an S3-compatible object store. */
export interface StorageConfig {
  /** STORAGE: `disk` (default, DATA_DIR/files) or `s3` (the S3_* settings below). */
  backend: 'disk' | 's3';
  /** S3_ENDPOINT: the object store's URL (MinIO, Ceph, Scaleway, OVH…); unset = AWS S3 of S3_REGION. */
  endpoint: string | null;
  /** S3_BUCKET: the bucket, created beforehand. Required with STORAGE=s3. */
  bucket: string;
  /** S3_REGION: the bucket's region. Default us-east-1. */
  region: string;
  /** S3_PREFIX: prepended to every object's name (several platforms in one bucket), e.g. `publish/`. Default none. */
  prefix: string;
  /** S3_FORCE_PATH_STYLE: address the bucket in the path (most S3-compatible servers) rather than the host name. Default true when S3_ENDPOINT is set. */
  forcePathStyle: boolean;
  /**
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN): the store's credentials;
   * unset = the AWS SDK's other sources (shared profile, container or instance role).
   */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export interface OutboundConfig {
  /**
   * OUTBOUND_ALLOW_PRIVATE: let user-given URLs reach loopback and private networks (an intranet
   * catalogue, tests). Default false: nobody can use the server to probe the network it sits in.
   */
  allowPrivate: boolean;
  /** OUTBOUND_TIMEOUT_SECONDS: longest wait for a remote's answer, and longest pause in its body. Default 30. */
  timeoutMs: number;
  /** OUTBOUND_MAX_REDIRECTS: redirects followed. Default 5. */
  maxRedirects: number;
}

export interface TaskConfig {
  /**
   * WORKERS: `inline` (default) — the server process runs the queued tasks; `external` — the
   * server only queues them and `npm run worker` processes (any number, on any host reaching the
   * database) run them.
   */
  workers: 'inline' | 'external';
  /** WORKER_CONCURRENCY: tasks one process runs at once. Default 2. */
  concurrency: number;
  /** TASK_TIME_LIMIT_SECONDS: longest run of a task, unless its scenario declares its own. Default 600. */
  timeLimitSeconds: number;
  /** TASK_STALE_SECONDS: a running task whose worker has not reported for this long is recovered. Default 60. */
  staleSeconds: number;
  /** TASK_HEARTBEAT_SECONDS: how often a worker reports on a running task. Default 5. */
  heartbeatSeconds: number;
  /** TASK_DIAGNOSTIC_SCENARIOS: also offer the noop, sleep and fail scenarios (tests, bench). Default off. */
  diagnosticScenarios: boolean;
  /** What resource scenarios read and fetch with: DATA_DIR, the storage, the outbound rules and UPLOAD_MAX_BYTES (copies of those settings). */
  dataDir: string;
  storage: StorageConfig;
  outbound: OutboundConfig;
  uploadMaxBytes: number;
  /**
   * ARCHIVE_MAX_BYTES: most bytes a resource's zip archive (a Shapefile) may hold once
   * uncompressed, checked on its central directory before anything opens it (uploads/archive.ts).
   * Default 4 × UPLOAD_MAX_BYTES.
   */
  archiveMaxBytes: number;
  /** What harvests (scenario harvest-remoteapiindex) need. */
  harvest: HarvestConfig;
  /** The link checker (scenario check-links, src/server/quality/links.ts). */
  linkCheck: LinkCheckConfig;
}

/** The link checker's limits (src/server/quality/links.ts). */
export interface LinkCheckConfig {
  /** LINK_CHECK_HOST_RATE: requests a second to one host at most. Default 1. */
  hostRate: number;
  /** LINK_CHECK_RATE: requests a second in all at most. Default 10. */
  totalRate: number;
  /** LINK_CHECK_INTERVAL_HOURS: a link is checked again once this long has passed since its last check. Default 24. */
  intervalHours: number;
  /** LINK_CHECK_BATCH: links one run checks at most (the rest wait for the next run). Default 5000. */
  batch: number;
}

export const DEFAULT_LINK_CHECK_CONFIG: LinkCheckConfig = { hostRate: 1, totalRate: 10, intervalHours: 24, batch: 5000 };

/** Harvests of remote catalogues (src/server/harvest/). */
export interface HarvestConfig {
  /**
   * HARVEST_WITHDRAW_GRACE_DAYS: a record the remote no longer lists is withdrawn (unpublished)
   * once a complete run finds it still absent this many days after it was last seen. Default 7.
   */
  withdrawGraceDays: number;
  /** HARVEST_MAX_PAGES: pages one run reads at most; a run stopped there is incomplete. Default 1000. */
  maxPages: number;
  /** Pages a trial reads. Default 2. */
  trialPages: number;
  /** Attempts per page before the run fails (pauses of 1 s, 2 s… between them). Default 3. */
  attempts: number;
  retryDelayMs: number;
  /**
   * This platform's dataset pages, absolute (PORTAL_URL under PUBLIC_URL): a remote record
   * whose identifiers, source or landing page start with one comes from this platform.
   */
  platformDatasetPages: string[];
}

export const DEFAULT_HARVEST_CONFIG: HarvestConfig = {
  withdrawGraceDays: 7,
  maxPages: 1000,
  trialPages: 2,
  attempts: 3,
  retryDelayMs: 1000,
  platformDatasetPages: [],
};

/** `{PORTAL_URL}dataset/`, PORTAL_URL made absolute with PUBLIC_URL (the feed's dataset IRIs start with it). */
export function datasetPagesBase(portalUrl: string, publicUrl: string): string {
  return `${new URL(portalUrl, publicUrl).href.replace(/\/*$/, '/')}dataset/`;
}

/** PUBLIC_URL: an absolute http(s) URL without query or fragment, ending with '/'. */
function publicUrl(env: Env, host: string, port: number): string {
  const fallback = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  const value = text(env, 'PUBLIC_URL', fallback);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http or https URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be an absolute http or https URL without query or credentials, got "${value}"`);
  }
  return url.href.replace(/\/*$/, '/');
}

function workersMode(env: Env): TaskConfig['workers'] {
  const value = text(env, 'WORKERS', 'inline');
  if (value !== 'inline' && value !== 'external') throw new Error(`WORKERS must be "inline" or "external", got "${value}"`);
  return value;
}

function storageConfig(env: Env): StorageConfig {
  const backend = text(env, 'STORAGE', 'disk');
  if (backend !== 'disk' && backend !== 's3') throw new Error(`STORAGE must be "disk" or "s3", got "${backend}"`);
  const bucket = text(env, 'S3_BUCKET', '');
  if (backend === 's3' && !bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  const endpoint = optional(env, 'S3_ENDPOINT');
  const prefix = text(env, 'S3_PREFIX', '').replace(/^\/+/, '');
  const accessKeyId = optional(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'AWS_SECRET_ACCESS_KEY');
  const sessionToken = optional(env, 'AWS_SESSION_TOKEN');
  return {
    backend,
    endpoint,
    bucket,
    region: text(env, 'S3_REGION', optional(env, 'AWS_REGION') ?? 'us-east-1'),
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null,
  };
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

type Env = Record<string, string | undefined>;

function niceness(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value > 19) throw new Error(`${name} must be between 0 and 19, got "${env[name]}"`);
  return value;
}

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function optional(env: Env, name: string): string | null {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function integer(env: Env, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

/** The service at `<prefix>_URL`, none when that address is not set. */
function service(env: Env, key: ServiceKey, prefix: string, available: boolean): ServiceConfig[] {
  const url = optional(env, `${prefix}_URL`);
  if (url === null) return [];
  return [{ key, url, available: flag(env, `${prefix}_AVAILABLE`, available), superusers: flag(env, `${prefix}_SUPERUSERS`, true) }];
}

/** The secret key from SECRET_KEY, else from DATA_DIR/secret-key, created on first use. */
export function loadSecretKey(env: Env, dataDir: string): string {
  const fromEnv = optional(env, 'SECRET_KEY');
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret-key');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two servers starting together keep one key.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const outbound: OutboundConfig = {
    allowPrivate: flag(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    timeoutMs: positive(env, 'OUTBOUND_TIMEOUT_SECONDS', 30) * 1000,
    maxRedirects: integer(env, 'OUTBOUND_MAX_REDIRECTS', 5),
  };
  const dataDir = path.resolve(text(env, 'DATA_DIR', './var'));
  const portalUrl = text(env, 'PORTAL_URL', '/');
  const uploadMaxBytes = positive(env, 'UPLOAD_MAX_BYTES', 5 * 1024 ** 3);
  const port = integer(env, 'PORT', 8080);
  const host = text(env, 'HOST', '127.0.0.1');
  const publicBase = publicUrl(env, host, port);
  const storage = storageConfig(env);
  return {
    port,
    host,
    dataDir,
    databaseUrl: optional(env, 'DATABASE_URL'),
    pgPort: env.PG_PORT ? integer(env, 'PG_PORT', 54329) : null,
    listReads: positive(env, 'LIST_READS', Math.max(2, os.availableParallelism())),
    backgroundNice: niceness(env, 'BACKGROUND_NICE', 10),
    demoPassword: optional(env, 'DEMO_PASSWORD'),
    secretKey: loadSecretKey(env, dataDir),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    staticDir: path.resolve(text(env, 'STATIC_DIR', './dist')),
    datastoreUrl: optional(env, 'DATASTORE_URL'),
    mapserverUrl: optional(env, 'MAPSERVER_URL'),
    mapserverDatastoreUrl: optional(env, 'MAPSERVER_DATASTORE_URL'),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    termsVersion: text(env, 'TERMS_VERSION', '1'),
    sessionDays: integer(env, 'SESSION_DAYS', 14),
    jwtExpiresIn: text(env, 'JWT_EXPIRES_IN', '12h'),
    signinRateLimit: integer(env, 'SIGNIN_RATE_LIMIT', 10),
    signinAddressRateLimit: integer(env, 'SIGNIN_ADDRESS_RATE_LIMIT', 30),
    portalUrl,
    publicUrl: publicBase,
    services: [
      ...service(env, 'portal', 'PORTAL', true),
      ...service(env, 'contribution', 'CONTRIBUTION', true),
      ...service(env, 'landRegistry', 'LAND_REGISTRY', true),
      ...service(env, 'maps', 'MAPS', false),
      ...service(env, 'statistics', 'STATISTICS', false),
      ...service(env, 'mapServerAdmin', 'MAPSERVER_ADMIN', false),
      ...service(env, 'metadataCatalogue', 'METADATA', false),
    ],
    tasks: {
      workers: workersMode(env),
      concurrency: positive(env, 'WORKER_CONCURRENCY', 2),
      timeLimitSeconds: positive(env, 'TASK_TIME_LIMIT_SECONDS', 600),
      staleSeconds: positive(env, 'TASK_STALE_SECONDS', 60),
      heartbeatSeconds: positive(env, 'TASK_HEARTBEAT_SECONDS', 5),
      diagnosticScenarios: flag(env, 'TASK_DIAGNOSTIC_SCENARIOS', false),
      dataDir,
      storage,
      outbound,
      uploadMaxBytes,
      archiveMaxBytes: positive(env, 'ARCHIVE_MAX_BYTES', 4 * uploadMaxBytes),
      harvest: {
        ...DEFAULT_HARVEST_CONFIG,
        withdrawGraceDays: integer(env, 'HARVEST_WITHDRAW_GRACE_DAYS', 7),
        maxPages: positive(env, 'HARVEST_MAX_PAGES', 1000),
        platformDatasetPages: [datasetPagesBase(portalUrl, publicBase)],
      },
      linkCheck: {
        hostRate: positive(env, 'LINK_CHECK_HOST_RATE', DEFAULT_LINK_CHECK_CONFIG.hostRate),
        totalRate: positive(env, 'LINK_CHECK_RATE', DEFAULT_LINK_CHECK_CONFIG.totalRate),
        intervalHours: positive(env, 'LINK_CHECK_INTERVAL_HOURS', DEFAULT_LINK_CHECK_CONFIG.intervalHours),
        batch: positive(env, 'LINK_CHECK_BATCH', DEFAULT_LINK_CHECK_CONFIG.batch),
      },
    },
    outbound,
    uploadMaxBytes,
    inspectTimeLimitSeconds: positive(env, 'INSPECT_TIME_LIMIT_SECONDS', 30),
    bulkUndoMinutes: integer(env, 'BULK_UNDO_MINUTES', 10),
    requestBody: { graceSeconds: positive(env, 'REQUEST_BODY_GRACE_SECONDS', 20), minRate: positive(env, 'REQUEST_BODY_MIN_RATE', 500) },
    storage,
  };
}
