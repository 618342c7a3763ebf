/**
 * Absolute URLs come from PUBLIC_URL: over real HTTP, a forged Host header (or forwarded host,
 * even with TRUST_PROXY) never reaches the cacheable DCAT feed nor the ODL export.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EU_AUTHORITY, INSPIRE_THEME_SCHEME, NS } from '../../src/server/catalog/vocabulary.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

const PUBLIC_URL = 'https://data.example-region.fr/';

let t: TestApp;
let admin: SignedIn;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, portalUrl: '/portail/', trustProxy: true });
  admin = await t.signIn('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** A GET over real HTTP with the headers given, Host included (fetch would not let it be forged). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

const VOCABULARIES = [...Object.values(NS), EU_AUTHORITY, INSPIRE_THEME_SCHEME];

/** Every http(s) address of a text, but the vocabularies' own. */
function addresses(text: string): string[] {
  return (text.match(/https?:\/\/[^\s"'<>\\]+/g) ?? []).filter((url) => !VOCABULARIES.some((vocabulary) => url.startsWith(vocabulary)));
}

const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
];

describe('absolute URLs', () => {
  it('in the cacheable DCAT feed, in every format, all start with PUBLIC_URL whatever the Host', async () => {
    for (const headers of FORGED) {
      for (const format of ['ttl', 'jsonld', 'rdf']) {
        const response = await get(`/fr/dataset/catalog/?format=${format}&page_size=3&page=2`, headers);
        expect(response.status).toBe(200);
        expect(response.headers['cache-control']).toMatch(/^public/);
        expect(response.body).not.toContain('evil.example');
        const found = addresses(response.body);
        expect(found.length).toBeGreaterThan(5);
        for (const url of found) expect(url.startsWith(PUBLIC_URL), url).toBe(true);
        expect(found).toContain(`${PUBLIC_URL}fr/dataset/catalog/`);
        expect(found.some((url) => url.startsWith(`${PUBLIC_URL}portail/dataset/`))).toBe(true);
      }
    }
  });

  it('in the ODL export, the URL column names the portal under PUBLIC_URL whatever the Host', async () => {
    for (const headers of FORGED) {
      const response = await get('/fr/dataset/datasets/export/odl/', { ...headers, ...admin.jwtHeaders });
      expect(response.status).toBe(200);
      expect(response.body).not.toContain('evil.example');
      const urls = addresses(response.body).filter((url) => url.includes('/dataset/'));
      expect(urls.length).toBeGreaterThan(2);
      for (const url of urls) expect(url).toMatch(/^https:\/\/data\.example-region\.fr\/portail\/dataset\/[a-z0-9-]+"?$/);
    }
  });
});
