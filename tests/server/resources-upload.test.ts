/**
 * A large resource upload over real HTTP goes to disk as it arrives: the server's memory stays
 * flat whatever the file's size, and the stored file is the whole file.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storagePath } from '../../src/server/storage/index.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

const MiB = 1024 * 1024;
const BOUNDARY = '----publishresource';
const ROW = Buffer.from('12345;Relevé du compteur;7.2619;43.7045\n'.repeat(1600));

let t: TestApp;
let origin: string;
let editor: SignedIn;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'publish-upload-'));
  t = await createTestApp({ dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  editor = await t.signIn('editor');
});
afterAll(() => t?.close());

function* csvBody(bytes: number): Generator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="releves.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  yield Buffer.from('id;nom;x;y\n');
  for (let sent = 0; sent < bytes; sent += ROW.length) yield ROW;
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

describe('resource uploads', () => {
  it('streams a 256 MB CSV to disk without holding it in memory', async () => {
    const group = (await t.db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
    const resource = await t.app.inject({ method: 'POST', url: '/fr/resource/resources/', headers: editor.sessionHeaders, payload: { display_name: 'Relevés', type: 'file-upload', usergroup_id: group } });
    const csv = (await t.db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
    const source = await t.app.inject({ method: 'POST', url: '/fr/resource/file-upload/', headers: editor.sessionHeaders, payload: { resource_id: resource.json().id, dataformat_id: csv } });
    expect(source.statusCode).toBe(201);

    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    globalThis.gc?.();
    const baseline = used();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, used())), 20);
    const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const request = http.request(`${origin}/fr/resource/file-upload/${source.json().id}/file/`, {
        method: 'PUT',
        headers: { ...editor.jwtHeaders, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
      });
      request.on('error', reject);
      Readable.from(csvBody(256 * MiB)).pipe(request);
    });
    clearInterval(sampler);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ filename: 'releves.csv', columns: ['id', 'nom', 'x', 'y'] });
    expect(answer.body.preview).toHaveLength(5);
    const size = answer.body.size as number;
    expect(size).toBeGreaterThan(256 * MiB);
    const { rows } = await t.db.query('SELECT pending_key FROM resource_sources WHERE id = $1', [source.json().id]);
    expect(statSync(storagePath(t.config.dataDir, rows[0].pending_key)).size).toBe(size);
    // Far less than the file: it was never held whole.
    expect(peak - baseline).toBeLessThan(96 * MiB);
  }, 120_000);
});
