/**
 * Resource files in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Scaleway, OVH…),
 * through the official AWS SDK. A write is a multipart upload streamed part by part (a few parts
 * in memory at most, never the whole file): the object appears under its key only when the upload
 * completes, so a key names a complete file or nothing. An interrupted upload leaves only parts,
 * which no reader sees; removeTemporary and the sweep abort them (where the store lists them; a
 * bucket lifecycle rule "abort incomplete multipart uploads" does it everywhere). Reads are ranged
 * GETs; copies are made by the store itself.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.ts';
import { isStorageKey, keyOfTemporary, meter, newKey, storageKey, temporaryName, type FileStorage, type ReadRange, type StoredFile, type WriteOptions } from './keys.ts';

/** Bytes per uploaded part (S3 asks for 5 MiB at least); two parts are sent at once. */
const PART_BYTES = 8 * 1024 * 1024;
/** The local copies withLocalFile makes, under DATA_DIR/tmp. */
const DOWNLOAD_SUFFIX = '.download';

function missing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** Stores that do not list or abort multipart uploads (some test servers): nothing to do there. */
function unsupported(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotImplemented' || status === 501 || status === 405;
}

export function s3Client(config: StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
}

export function s3Storage(config: StorageConfig, dataDir: string, client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  const objectName = (key: string) => `${config.prefix}${storageKey(key)}`;

  async function get(key: string, range?: string, signal?: AbortSignal): Promise<GetObjectCommandOutput | null> {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectName(key), ...(range ? { Range: range } : {}) }), { abortSignal: signal });
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  /** Aborts the multipart uploads under `name` (a key, or the prefix) begun before `before`; answers how many. */
  async function abortUploads(name: string, before: number): Promise<number> {
    let aborted = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    try {
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: name, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated.getTime() > before)) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          aborted += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    } catch (error) {
      if (!unsupported(error)) throw error;
    }
    return aborted;
  }

  async function write(source: Readable, options: WriteOptions): Promise<StoredFile> {
    const key = options.key === undefined ? newKey() : storageKey(options.key);
    await options.onTemporary?.(temporaryName(key));
    const counter = meter(options);
    const body = new PassThrough({ highWaterMark: PART_BYTES });
    const upload = new Upload({ client, params: { Bucket, Key: objectName(key), Body: body }, partSize: PART_BYTES, queueSize: 2, leavePartsOnError: false });
    const piped = pipeline(source, counter.stream, body, { signal: options.signal });
    let completed = false;
    const done = upload.done().then(() => {
      completed = true;
    });
    try {
      // The first failure wins: the source's, the meter's, or the store's.
      await Promise.all([piped, done]);
      return { key, ...counter.result() };
    } catch (error) {
      source.destroy();
      body.destroy();
      await Promise.allSettled([piped, done]);
      if (!completed) await upload.abort().catch(() => {});
      // An upload the store completed before the failure showed: taken back.
      else await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) })).catch(() => {});
      throw error;
    }
  }

  async function read(key: string, range: ReadRange = {}) {
    const ranged = range.start !== undefined || range.end !== undefined;
    const object = await get(key, ranged ? `bytes=${range.start ?? 0}-${range.end ?? ''}` : undefined);
    if (!object) return null;
    const total = /\/(\d+)$/.exec(object.ContentRange ?? '');
    return { stream: object.Body as Readable, size: total ? Number(total[1]) : Number(object.ContentLength ?? 0) };
  }

  return {
    backend: 's3',
    write,
    read,
    async head(key, bytes) {
      const object = await get(key, `bytes=0-${Math.max(0, bytes - 1)}`).catch((error: unknown) => {
        // An empty object has no byte 0.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416) return 'empty' as const;
        throw error;
      });
      if (object === 'empty') return Buffer.alloc(0);
      if (!object) throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
      return Buffer.from(await object.Body!.transformToByteArray()).subarray(0, bytes);
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectName(key) }));
        return Number(head.ContentLength ?? 0);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
    async copy(key) {
      const target = newKey();
      await client.send(new CopyObjectCommand({ Bucket, Key: objectName(target), CopySource: `${Bucket}/${objectName(key)}` }));
      const object = await read(target);
      if (!object) throw new Error(`The copy of ${key} is missing`);
      // The copy is checked as any written file is: its size and checksum, read back.
      const counter = meter({ maxBytes: Number.MAX_SAFE_INTEGER });
      await pipeline(object.stream, counter.stream, new PassThrough().resume());
      return { key: target, ...counter.result() };
    },
    async withLocalFile(key, use, signal) {
      const object = await get(key, undefined, signal);
      if (!object) throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
      const directory = path.join(dataDir, 'tmp');
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${randomBytes(8).toString('hex')}${DOWNLOAD_SUFFIX}`);
      try {
        await pipeline(object.Body as Readable, createWriteStream(file, { flags: 'wx', mode: 0o600 }), { signal });
        signal?.throwIfAborted();
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
    async removeTemporary(name) {
      const key = keyOfTemporary(name);
      if (key) await abortUploads(objectName(key), Date.now());
    },
    async sweep(olderThanMs = 24 * 3600 * 1000) {
      // Local copies a stopped process did not remove, then the parts of interrupted uploads.
      const directory = path.join(dataDir, 'tmp');
      let removed = 0;
      for (const entry of await readdir(directory).catch(() => [] as string[])) {
        const info = entry.endsWith(DOWNLOAD_SUFFIX) ? await stat(path.join(directory, entry)).catch(() => null) : null;
        if (info && Date.now() - info.mtimeMs >= olderThanMs) {
          await rm(path.join(directory, entry), { force: true });
          removed += 1;
        }
      }
      return removed + (await abortUploads(config.prefix, Date.now() - olderThanMs));
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(config.prefix.length);
          if (isStorageKey(key)) yield key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
