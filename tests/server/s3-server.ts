/**
 * A local S3-compatible server for the tests of the object storage backend: s3rver (npm), in this
 * process, its objects in a temporary directory, one bucket. The AWS SDK reaches it with path-style
 * addressing and its fixed credentials.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../src/server/config.ts';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The storage settings of a platform on this server. */
  storage(prefix?: string): StorageConfig;
  /** The same, as the environment of a platform process. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'publish-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'publish-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (prefix = '') => ({ backend: 's3', endpoint, bucket, region: 'us-east-1', prefix, forcePathStyle: true, credentials: CREDENTIALS }),
    env: (prefix = '') => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_PREFIX: prefix,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
