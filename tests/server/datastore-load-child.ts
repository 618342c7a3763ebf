/**
 * A process that loads one file into the datastore and prints each step's code: the kill test
 * SIGKILLs it in the middle of the COPY. Arguments: database URL, resource id, file path.
 */
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/server/config.ts';
import { createPool } from '../../src/server/db/pool.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';

const [url, resourceId, filePath] = process.argv.slice(2);
const db = createPool(url);
await loadResourceIntoDatastore(
  { db, taskId: 0, objectId: null, kwargs: {}, config: loadConfig({ SECRET_KEY: 'kill-test-secret-key-0123456789abcdef', DATA_DIR: tmpdir() }).tasks, signal: new AbortController().signal, step: async (code) => void process.stdout.write(`${code}\n`) },
  { resourceId: Number(resourceId), filePath, format: 'csv', columnX: 'x', columnY: 'y', crs: 2154 },
);
await db.end();
