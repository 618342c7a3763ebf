/**
 * Resource files: one FileStorage per process, on the backend the settings name (STORAGE=disk,
 * the default: DATA_DIR/files; STORAGE=s3: an S3-compatible object store). Every write, read and
 * removal of a resource's file goes through it; keys are the same on both backends, so the
 * database names files the same way wherever they are (storage:migrate moves them).
 */
import type { StorageConfig } from '../config.ts';
import { diskStorage } from './disk.ts';
import type { FileStorage } from './keys.ts';
import { s3Storage } from './s3.ts';

export { isStorageKey, StorageLimitError, type FileStorage, type StoredFile, type WriteOptions } from './keys.ts';

/** What picks the storage: the settings of the server or of a task (both carry DATA_DIR and the storage settings). */
export interface StoragePlace {
  dataDir: string;
  storage: StorageConfig;
}

const opened = new Map<string, FileStorage>();

export function openStorage(config: StorageConfig, dataDir: string): FileStorage {
  return config.backend === 's3' ? s3Storage(config, dataDir) : diskStorage(dataDir);
}

/** The storage of these settings, opened once per process (an S3 client keeps its connections). */
export function storageOf(place: StoragePlace): FileStorage {
  const { storage } = place;
  const id = JSON.stringify([place.dataDir, storage.backend, storage.endpoint, storage.bucket, storage.prefix, storage.region]);
  let found = opened.get(id);
  if (!found) {
    found = openStorage(storage, place.dataDir);
    opened.set(id, found);
  }
  return found;
}
