/**
 * Request bodies that trickle in (slowloris) are cut after their grace time, whether the route
 * reads them, has already answered (a 401 before the body), or streams them to storage (an upload);
 * a body sent at a usable rate takes as long as it needs.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ requestBody: { graceSeconds: 1, minRate: 500 } });
  admin = await t.signIn('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Outcome {
  /** What the server sent back, as text. */
  answer: string;
  /** Whether the server closed the connection before the test gave up. */
  closed: boolean;
  ms: number;
}

/**
 * Sends the head of a request, then its body in `chunk`s every `everyMs` until the body is whole or
 * the server closes the connection; gives up after `limitMs`.
 */
function trickle(head: string, body: Buffer, { chunk = 1, everyMs = 200, limitMs = 6000 } = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve({ answer: Buffer.concat(received).toString(), closed, ms: Date.now() - started });
    };
    const limit = setTimeout(() => finish(false), limitMs);
    socket.on('data', (data) => received.push(data));
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent >= body.length || socket.destroyed) return;
        socket.write(body.subarray(sent, sent + chunk));
        sent += chunk;
      }, everyMs);
    });
  });
}

const head = (method: string, path: string, length: number, headers: Record<string, string> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${length}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;

describe('request bodies that trickle in', () => {
  it('are answered 408 and their connection closed once past their grace time', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'admin', password: 'x'.repeat(2000) }));
    const outcome = await trickle(head('POST', '/en/login/signin/', body.length, { 'Content-Type': 'application/json' }), body);
    expect(outcome.closed).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.answer).toContain('{"detail":"The request was sent too slowly."}');
    expect(outcome.ms).toBeLessThan(4000);
  });

  it('do not hold their connection once the route has answered without reading them', async () => {
    const body = Buffer.alloc(5000, ' ');
    const outcome = await trickle(head('POST', '/fr/dataset/datasets/', body.length, { 'Content-Type': 'application/json' }), body);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.closed).toBe(true);
    expect(outcome.ms).toBeLessThan(4000);
  });

  it("are cut in the middle of a resource's file upload, which leaves no upload running", async () => {
    const g = await groupIds(t);
    const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: admin.jwtHeaders, payload });
    const csv = (await t.db.query<{ id: number }>("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
    const resource = (await call('/fr/resource/resources/', { codename: 'lente', display_name: 'Lente', usergroup_id: g['region-sud-mediterranee'] })).json<{ id: number }>();
    const source = (await call('/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: csv })).json<{ id: number }>();
    // 250 bytes a second: half the least rate.
    const body = Buffer.from(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nnom;x\n${'A;1\n'.repeat(2000)}\r\n--x--\r\n`);
    const outcome = await trickle(
      head('PUT', `/fr/resource/file-upload/${source.id}/file/`, body.length, { ...admin.jwtHeaders, 'Content-Type': 'multipart/form-data; boundary=x' }),
      body,
      { chunk: 50 },
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.ms).toBeLessThan(4000);
    await expect.poll(async () => (await t.db.query("SELECT status FROM task_queue_track WHERE object_class = 'resource' AND object_id = $1", [resource.id])).rows.map((row) => row.status), { timeout: 5000 }).not.toContain('STARTED');
    const { rows } = await t.db.query('SELECT pending_key FROM resource_sources WHERE id = $1', [source.id]);
    expect(rows[0].pending_key).toBeNull();
  });

  it('are read whole when they come at a usable rate, however long they take', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'admin', password: 'wrong', padding: 'x'.repeat(60_000) }));
    // 4 KB every 100 ms: 40 KB a second, for about 1.5 seconds, past the grace of one second.
    const outcome = await trickle(head('POST', '/en/login/signin/', body.length, { 'Content-Type': 'application/json', Connection: 'close' }), body, { chunk: 4096, everyMs: 100 });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(outcome.ms).toBeGreaterThan(1200);
  });
});
