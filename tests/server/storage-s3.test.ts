/**
 * The object storage backend (STORAGE=s3) against a local S3-compatible server (s3rver, started by
 * the test): a file is visible under its key only once complete, reads take byte ranges, copies
 * are made by the store, the datastore reads a local copy that is removed after, the files move
 * between backends with their checksums checked (resumably), and the platform uploads, loads and
 * serves a resource's file from the store with nothing written under DATA_DIR/files.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from '../../src/server/storage/disk.ts';
import { openStorage, StorageLimitError, type FileStorage } from '../../src/server/storage/index.ts';
import { migrateFiles } from '../../src/server/storage/migrate.ts';
import type { Task } from '../../schemas/scenarios.ts';
import { multipart } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

const MiB = 1024 * 1024;
const run = promisify(execFile);
let s3: S3TestServer;
let dataDir: string;
let storage: FileStorage;

async function text(file: { stream: Readable } | null): Promise<string> {
  if (!file) return '<none>';
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function all(keys: AsyncIterable<string>): Promise<string[]> {
  const found: string[] = [];
  for await (const key of keys) found.push(key);
  return found;
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-s3-data-'));
  storage = openStorage(s3.storage('unit/'), dataDir);
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('object storage', () => {
  it('stores, reads by range, copies and removes files; a failed write leaves nothing under a key', async () => {
    const stored = await storage.write(Readable.from([Buffer.from('id;nom\n'), Buffer.from('1;Gare\n')]), { maxBytes: 100 });
    expect(stored).toMatchObject({ size: 14, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await text(await storage.read(stored.key))).toBe('id;nom\n1;Gare\n');
    const range = await storage.read(stored.key, { start: 3, end: 5 });
    expect(range?.size).toBe(14);
    expect(await text(range)).toBe('nom');
    expect((await storage.head(stored.key, 2)).toString()).toBe('id');
    expect(await storage.size(stored.key)).toBe(14);

    const copy = await storage.copy(stored.key);
    expect(copy.key).not.toBe(stored.key);
    expect(copy.sha256).toBe(stored.sha256);
    await storage.withLocalFile(copy.key, async (file) => {
      expect(existsSync(file)).toBe(true);
    });
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);

    // A multipart upload (three parts) whose source fails midway: nothing appears under any key.
    const before = await all(storage.keys());
    async function* broken() {
      for (let part = 0; part < 3; part += 1) yield Buffer.alloc(8 * MiB, part);
      throw new Error('connection lost');
    }
    let temporary = '';
    await expect(storage.write(Readable.from(broken()), { maxBytes: 100 * MiB, onTemporary: (name) => void (temporary = name) })).rejects.toThrow('connection lost');
    expect(temporary).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.[0-9a-f]{8}\.partial$/);
    expect(await storage.size(temporary.slice(0, 35))).toBeNull();
    await expect(storage.write(Readable.from([Buffer.alloc(200)]), { maxBytes: 100 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(await all(storage.keys())).toEqual(before);
    await storage.removeTemporary(temporary);
    // A local copy a stopped process left behind goes with the sweep.
    writeFileSync(path.join(dataDir, 'tmp', '0123456789abcdef.download'), 'left');
    expect(await storage.sweep(0)).toBe(1);
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);

    // A large file streams through in parts and reads back whole.
    const big = await storage.write(Readable.from((function* () {
      for (let part = 0; part < 20; part += 1) yield Buffer.alloc(MiB, part);
    })()), { maxBytes: 100 * MiB });
    expect(big.size).toBe(20 * MiB);
    expect((await text(await storage.read(big.key, { start: 19 * MiB, end: 19 * MiB + 2 }))).length).toBe(3);

    // A local copy whose caller gave up stops downloading, is removed, and is never used.
    let used = false;
    const use = async () => void (used = true);
    await expect(storage.withLocalFile(big.key, use, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    const giving = new AbortController();
    const downloading = storage.withLocalFile(big.key, use, giving.signal);
    while (readdirSync(path.join(dataDir, 'tmp')).length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    giving.abort();
    await expect(downloading).rejects.toMatchObject({ name: 'AbortError' });
    expect(used).toBe(false);
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);

    for (const key of [stored.key, copy.key, big.key]) await storage.delete(key);
    expect(await storage.read(stored.key)).toBeNull();
    await storage.check();
    await expect(openStorage({ ...s3.storage(), bucket: 'no-such-bucket' }, dataDir).check()).rejects.toThrow();
  }, 60_000);

  it('moves every file from disk to the object store and back, resumably, checking each', async () => {
    const disk = diskStorage(mkdtempSync(path.join(tmpdir(), 'publish-move-')));
    const target = openStorage(s3.storage('move/'), dataDir);
    const files = await Promise.all(['a;b\n1;2\n', 'x'.repeat(10_000), ''].map((content) => disk.write(Readable.from([Buffer.from(content)]), { maxBytes: 1e6 })));
    // One file already there (a run stopped midway), one there but different: copied again.
    await target.write((await disk.read(files[0].key))!.stream, { key: files[0].key, maxBytes: 1e6 });
    await target.write(Readable.from([Buffer.from('y'.repeat(10_000))]), { key: files[1].key, maxBytes: 1e6 });

    const lines: string[] = [];
    const report = await migrateFiles(disk, target, (line) => lines.push(line));
    expect(report).toEqual({ copied: 2, skipped: 1, failed: [] });
    expect(lines.join('\n')).toContain(files[1].sha256);
    expect(await text(await target.read(files[1].key))).toBe('x'.repeat(10_000));
    expect((await all(target.keys())).sort()).toEqual(files.map((file) => file.key).sort());
    // Run again: nothing to do.
    expect(await migrateFiles(disk, target)).toEqual({ copied: 0, skipped: 3, failed: [] });

    // The command does the same with the platform's settings, and says what to do next.
    const platformDir = mkdtempSync(path.join(tmpdir(), 'publish-command-'));
    const file = await diskStorage(platformDir).write(Readable.from([Buffer.from('id;nom\n')]), { maxBytes: 100 });
    // Run asynchronously: the S3 server answers from this process.
    const command = await run('npx', ['tsx', 'src/server/storage-migrate.ts', '--to', 's3'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...s3.env('command/'), STORAGE: 'disk', DATA_DIR: platformDir, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789' },
      timeout: 60_000,
    });
    expect(command.stdout).toContain('1 file(s) copied, 0 already there, 0 failed');
    expect(command.stdout).toContain('set STORAGE=s3');
    expect(await text(await openStorage(s3.storage('command/'), dataDir).read(file.key))).toBe('id;nom\n');
    rmSync(platformDir, { recursive: true, force: true });

    const back = diskStorage(mkdtempSync(path.join(tmpdir(), 'publish-back-')));
    expect(await migrateFiles(target, back)).toEqual({ copied: 3, skipped: 0, failed: [] });
    expect(await text(await back.read(files[0].key))).toBe('a;b\n1;2\n');
  }, 60_000);
});

describe('a platform on object storage', () => {
  let t: TestApp;
  let editor: SignedIn;
  let platformData: string;

  beforeAll(async () => {
    platformData = mkdtempSync(path.join(tmpdir(), 'publish-s3-platform-'));
    t = await createTestApp({ dataDir: platformData, storage: s3.storage('platform/') }, { tasks: true });
    editor = await t.signIn('editor');
  });
  afterAll(async () => {
    await t?.close();
    if (platformData) rmSync(platformData, { recursive: true, force: true });
  });

  it('uploads a file to the store, loads it into the datastore and serves it, whole or by range', async () => {
    const headers = editor.sessionHeaders;
    const group = (await t.db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
    const csv = (await t.db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
    const resource = (await t.app.inject({ method: 'POST', url: '/fr/resource/resources/', headers, payload: { display_name: 'Arrêts', type: 'file-upload', usergroup_id: group } })).json();
    const source = (await t.app.inject({ method: 'POST', url: '/fr/resource/file-upload/', headers, payload: { resource_id: resource.id, dataformat_id: csv } })).json();
    const content = 'id;nom;x;y\n1;Gare;7.26;43.70\n2;Port;7.28;43.69\n';
    const body = multipart(Buffer.from(content), 'arrets.csv');
    const uploaded = await t.app.inject({ method: 'PUT', url: `/fr/resource/file-upload/${source.id}/file/`, headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ filename: 'arrets.csv', columns: ['id', 'nom', 'x', 'y'] });

    // No current file yet: nothing to download.
    expect((await t.app.inject({ url: `/fr/resource/file-upload/${source.id}/file/`, headers })).statusCode).toBe(404);
    await t.app.inject({ method: 'PATCH', url: `/fr/resource/file-upload/${source.id}/`, headers, payload: { column_x: 'x', column_y: 'y', crs: 4326 } });
    const scenario = (await t.db.query("SELECT id FROM scenarios WHERE codename = 'create-file-upload'")).rows[0].id;
    const run = await t.app.inject({ method: 'POST', url: `/fr/resource/file-upload/${source.id}/_scenarios/${scenario}/run/?asynchrone=true`, headers, payload: {} });
    expect(run.statusCode, run.body).toBe(202);
    let task: Task | null = null;
    for (let i = 0; i < 100 && !['SUCCESS', 'FAILURE'].includes(task?.status ?? ''); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      task = (await t.app.inject({ url: `/fr/dashboard/task-queue-track/${run.json().id}/`, headers })).json<Task>();
    }
    expect(task?.status, JSON.stringify(task?.error)).toBe('SUCCESS');
    expect((await t.app.inject({ url: `/fr/resource/resources/${resource.id}/`, headers })).json()).toMatchObject({ geographic: true, size: content.length });

    const whole = await t.app.inject({ url: `/fr/resource/file-upload/${source.id}/file/`, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(content);
    expect(whole.headers).toMatchObject({ 'content-disposition': 'attachment; filename="arrets.csv"', 'accept-ranges': 'bytes', 'content-length': String(content.length) });
    const part = await t.app.inject({ url: `/fr/resource/file-upload/${source.id}/file/`, headers: { ...headers, range: 'bytes=3-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('nom');
    expect(part.headers['content-range']).toBe(`bytes 3-5/${content.length}`);
    const outside = await t.app.inject({ url: `/en/resource/file-upload/${source.id}/file/`, headers: { ...headers, range: 'bytes=500-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.json()).toEqual({ detail: 'The range asked lies outside the file.' });
    // Others do not learn the resource exists.
    const stranger = await t.signIn('marie.lefebvre');
    const download = async () => (await t.app.inject({ url: `/fr/resource/file-upload/${source.id}/file/`, headers: stranger.sessionHeaders })).statusCode;
    expect(await download()).toBe(404);
    // In a dataset open to everyone at 'search' or 'consultation', they see the resource but may not
    // take its data; at 'download', they may.
    const dataset = (await t.db.query<{ id: number }>('SELECT id FROM datasets WHERE usergroup_id = $1 ORDER BY id LIMIT 1', [group])).rows[0].id;
    const linked = await t.app.inject({ method: 'POST', url: '/fr/resource/resource-dataset/', headers, payload: { resource_id: resource.id, dataset_id: dataset, type: 2 } });
    expect(linked.statusCode, linked.body).toBe(201);
    for (const [level, status] of [[1, 403], [2, 403], [3, 200]]) {
      await t.db.query('UPDATE datasets SET default_permission_level = $2 WHERE id = $1', [dataset, level]);
      expect(await download(), `level ${level}`).toBe(status);
    }

    // The file is in the store, under the prefix; nothing under DATA_DIR/files, no local copy left.
    const { rows } = await t.db.query('SELECT storage_key FROM resource_sources WHERE id = $1', [source.id]);
    expect(await all(openStorage(s3.storage('platform/'), platformData).keys())).toContain(rows[0].storage_key);
    expect(existsSync(path.join(platformData, 'files'))).toBe(false);
    expect(readdirSync(path.join(platformData, 'tmp'))).toEqual([]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/fr/resource/file-upload/${source.id}/`, headers });
    expect(removed.statusCode).toBe(204);
    expect(await all(openStorage(s3.storage('platform/'), platformData).keys())).not.toContain(rows[0].storage_key);
  }, 60_000);

  it('is ready only while its database and its storage answer', async () => {
    const ready = await t.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', storage: 'ok' });
    const lost = await createTestApp({ storage: { ...s3.storage(), bucket: 'no-such-bucket' } });
    try {
      const answer = await lost.app.inject({ url: '/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'error', database: 'ok', migrations: 'ok', storage: 'error' });
      // Alive all the same: the load balancer sends it nothing, nobody restarts it.
      expect((await lost.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await lost.close();
    }
  });
});
