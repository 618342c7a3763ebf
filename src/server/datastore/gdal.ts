/**
 * GDAL, the one engine that reads geographic files (Shapefile, GeoPackage, KML/KMZ, GML,
 * GeoJSON): gdal3.js (GDAL 3.8, PROJ 9, GEOS compiled to WebAssembly, shipped whole in its npm
 * package) in a worker thread (gdal-worker.mjs), so a long conversion never blocks the event loop.
 * One worker per process, one job at a time; an aborted job ends the worker (the next call starts
 * another). A job works in a folder of DATA_DIR/gdal, where the source is hard-linked (copied
 * across devices) under a name with the extension GDAL expects, and its results are written; the
 * worker mounts that folder alone for each call, so GDAL reads no other file of the host. The
 * folder is removed after the job (and one a stopped process left, a day later).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';

export interface GdalLayer {
  name: string;
  featureCount: number | null;
  /** The geometry column's name for GDAL's SQL, null for a table without geometry. */
  geometryField: string | null;
  declaredType: string | null;
  /** Null when the file says nothing of its CRS; epsg null when GDAL cannot name it by an EPSG code. */
  crs: { epsg: number | null; name: string | null } | null;
  fields: Array<{ name: string; type: string }>;
}

export interface GeometryStat {
  /** GDAL's SQL name (`MULTIPOLYGON`, `POINT Z`…), null for features without geometry. */
  kind: string | null;
  count: number;
  invalid: number;
}

export class GdalError extends Error {
  override name = 'GdalError';
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();
const pending = new Map<number, Pending>();
let nextId = 0;

function startWorker(): Worker {
  const started = new Worker(new URL('./gdal-worker.mjs', import.meta.url));
  started.unref();
  started.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: { message: string } }) => {
    const call = pending.get(id);
    pending.delete(id);
    if (!call) return;
    if (error) call.reject(new GdalError(error.message));
    else call.resolve(result);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const [id, call] of pending) {
      pending.delete(id);
      call.reject(error);
    }
  };
  started.on('error', fail);
  started.on('exit', () => fail(new GdalError('the GDAL worker stopped')));
  return started;
}

/** One call to the worker on the files of the job folder `dir`, after those before it; `signal` aborting ends the worker. */
export function gdalCall<T>(op: string, dir: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const run = async (): Promise<T> => {
    signal?.throwIfAborted();
    worker ??= startWorker();
    const current = worker;
    const id = (nextId += 1);
    const onAbort = () => void current.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return (await new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        current.postMessage({ id, op, dir, args });
      })) as T;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      signal?.throwIfAborted();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** Ends the worker (process stop, tests). */
export async function stopGdal(): Promise<void> {
  const current = worker;
  worker = null;
  await current?.terminate();
}

/** A job's folder: the source linked in it, named as the worker names it (relative to the folder). */
export interface GdalJob {
  dir: string;
  source: string;
  /** A host path of the folder. */
  onHost(name: string): string;
  remove(): Promise<void>;
}

const swept = new Set<string>();
const STALE_MS = 24 * 3600 * 1000;

/** Removes, once per process, job folders a stopped process left (older than a day: no job lasts that long). */
async function sweepStaleJobs(root: string): Promise<void> {
  if (swept.has(root)) return;
  swept.add(root);
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith('job-'))) {
    const info = await stat(path.join(root, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

export async function startJob(dataDir: string, filePath: string, extension: string, signal?: AbortSignal): Promise<GdalJob> {
  await sweepStaleJobs(path.resolve(dataDir, 'gdal'));
  const dir = path.resolve(dataDir, 'gdal', `job-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  const source = `source.${extension}`;
  try {
    await link(filePath, path.join(dir, source));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV' && (error as NodeJS.ErrnoException).code !== 'EPERM') {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    // Another file system: a copy, stopped with the work it is for.
    try {
      await pipeline(createReadStream(filePath), createWriteStream(path.join(dir, source), { flags: 'wx', mode: 0o600 }), { signal });
    } catch (copyError) {
      await rm(dir, { recursive: true, force: true });
      throw copyError;
    }
  }
  return {
    dir,
    source,
    onHost: (name) => path.join(dir, name),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
