/**
 * What every storage backend shares: the shape of a key, the temporary names of writes in
 * progress, the meter that counts, checks and hashes the bytes of a write, and the interface
 * itself (storage/index.ts picks the backend).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** A stored file's key: two hex characters (its folder), a slash, 32 hex characters. */
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
export const FOLDER = /^[0-9a-f]{2}$/;
export const TEMPORARY_SUFFIX = '.partial';
/** A temporary name: its key, a dot, 8 hex characters and the suffix. */
export const TEMPORARY = /^[0-9a-f]{2}\/[0-9a-f]{32}\.[0-9a-f]{8}\.partial$/;

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key);
}

/** The key itself; throws on anything that is not a key (no path or object name can be smuggled in). */
export function storageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${String(key)}`);
  return key;
}

export function newKey(): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}`;
}

export function temporaryName(key: string): string {
  return `${key}.${randomBytes(4).toString('hex')}${TEMPORARY_SUFFIX}`;
}

/** The key a temporary name writes to, or null for anything else. */
export function keyOfTemporary(name: unknown): string | null {
  return typeof name === 'string' && TEMPORARY.test(name) ? name.slice(0, 35) : null;
}

export interface WriteOptions {
  /** Refuse (StorageLimitError) past this many bytes. */
  maxBytes: number;
  /** Sees every chunk as it passes (content checks, first bytes); throwing stops the write. */
  inspect?: (chunk: Buffer) => void;
  signal?: AbortSignal;
  /** Told the write's temporary name (see removeTemporary) before the first byte is written. */
  onTemporary?: (name: string) => Promise<void> | void;
  /** Writes under this key rather than a new one (moving files between backends). */
  key?: string;
}

export interface StoredFile {
  key: string;
  size: number;
  /** SHA-256 of the bytes written, hex. */
  sha256: string;
}

export interface ReadRange {
  /** First byte, from 0. */
  start?: number;
  /** Last byte, included. */
  end?: number;
}

/** Resource files, on whichever backend the settings name. */
export interface FileStorage {
  readonly backend: 'disk' | 's3';
  /**
   * Streams `source` into a new file and answers its key once it is complete; on any failure
   * (source error, limit, inspection, abort) nothing is stored under the key.
   */
  write(source: Readable, options: WriteOptions): Promise<StoredFile>;
  /** A stream of the file (or of the range asked) and the whole file's size; null when the key names no file. */
  read(key: string, range?: ReadRange): Promise<{ stream: Readable; size: number } | null>;
  /** The first `bytes` bytes (content checks, column names). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  delete(key: string | null | undefined): Promise<void>;
  /** A copy under a new key, made by the backend itself (no bytes through this process on S3). */
  copy(key: string): Promise<StoredFile>;
  /**
   * Runs `use` with a local path of the file (GDAL and the datastore read files); a downloaded copy
   * is removed after. `signal` stops the download (and `use` never runs) when its caller gave up.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Removes what a write that will never end (its process stopped) left under its temporary name. */
  removeTemporary(name: unknown): Promise<void>;
  /** Removes what writes interrupted more than `olderThanMs` ago left behind; answers how many. */
  sweep(olderThanMs?: number): Promise<number>;
  /** Every stored key, in order. */
  keys(): AsyncIterable<string>;
  /** Throws when the storage cannot be reached or written (readiness probe). */
  check(): Promise<void>;
}

/** Counts, checks and hashes the bytes passing through it. */
export function meter(options: Pick<WriteOptions, 'maxBytes' | 'inspect'>): { stream: Transform; result(): { size: number; sha256: string } } {
  let size = 0;
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(new StorageLimitError(options.maxBytes));
      try {
        options.inspect?.(chunk);
      } catch (error) {
        return callback(error as Error);
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
