import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchOutbound, fetchOutboundText, isPrivateAddress, OutboundError } from '../../src/server/http/outbound.ts';

/** A loopback server whose routes the tests choose; it counts the requests that reach it. */
let server: http.Server;
let base: string;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits += 1;
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/hello') return response.end('bonjour');
    if (url.pathname === '/redirect') {
      const left = Number(url.searchParams.get('n'));
      response.writeHead(302, { location: left > 0 ? `/redirect?n=${left - 1}` : '/hello' });
      return response.end();
    }
    if (url.pathname === '/bad-redirect') {
      response.writeHead(302, { location: 'http://[' });
      return response.end();
    }
    if (url.pathname === '/missing') {
      response.writeHead(404);
      return response.end('no');
    }
    if (url.pathname === '/announced') {
      response.writeHead(200, { 'content-length': '5000' });
      return response.end('x'.repeat(5000));
    }
    if (url.pathname === '/chunked') {
      response.writeHead(200);
      for (let i = 0; i < 10; i += 1) response.write('y'.repeat(1000));
      return response.end();
    }
    if (url.pathname === '/silent') return; // never answers
    response.writeHead(500);
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  hits = 0;
});

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('the address classifier', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1',
    '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '::7f00:1', '::8.8.8.8', '::ffff:0:7f00:1', '::ffff:0:808:808', 'not an address',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2a01:cb00::1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('fetchOutbound', () => {
  it('refuses loopback addresses, by address and by name, before connecting', async () => {
    for (const url of [`${base}/hello`, base.replace('127.0.0.1', 'localhost') + '/hello', `http://[::1]:${new URL(base).port}/hello`]) {
      expect((await failure(fetchOutbound(url))).code).toBe('private-address');
    }
    expect(hits).toBe(0);
  });

  it('refuses what is not an http or https URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/x', 'gopher://x', 'not a url', 'http://']) {
      expect((await failure(fetchOutbound(url))).code).toBe('invalid-url');
    }
  });

  it('fetches from loopback when allowed', async () => {
    const response = await fetchOutboundText(`${base}/hello`, { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(response.text).toBe('bonjour');
  });

  it('follows a bounded number of redirects', async () => {
    const followed = await fetchOutboundText(`${base}/redirect?n=2`, { allowPrivate: true, maxRedirects: 3 });
    expect(followed.text).toBe('bonjour');
    expect(followed.url).toBe(`${base}/hello`);
    expect((await failure(fetchOutbound(`${base}/redirect?n=5`, { allowPrivate: true, maxRedirects: 3 }))).code).toBe('too-many-redirects');
  });

  it('refuses a redirect to an address that is no URL as one, without a request', async () => {
    const refused = await failure(fetchOutbound(`${base}/bad-redirect`, { allowPrivate: true }));
    expect(refused.code).toBe('invalid-url');
    expect(hits).toBe(1);
  });

  it('reports the status of an answer that is not a success', async () => {
    const error = await failure(fetchOutbound(`${base}/missing`, { allowPrivate: true }));
    expect(error.code).toBe('http-status');
    expect(error.status).toBe(404);
    const accepted = await fetchOutboundText(`${base}/missing`, { allowPrivate: true, acceptStatus: () => true });
    expect(accepted.status).toBe(404);
  });

  it('refuses bodies past the size limit, announced or streamed', async () => {
    expect((await failure(fetchOutbound(`${base}/announced`, { allowPrivate: true, maxBytes: 1000 }))).code).toBe('too-large');
    expect((await failure(fetchOutboundText(`${base}/chunked`, { allowPrivate: true, maxBytes: 5000 }))).code).toBe('too-large');
    expect((await fetchOutboundText(`${base}/chunked`, { allowPrivate: true, maxBytes: 10_000 })).text).toHaveLength(10_000);
  });

  it('gives up on a remote that does not answer in time', async () => {
    const started = Date.now();
    expect((await failure(fetchOutbound(`${base}/silent`, { allowPrivate: true, timeoutMs: 300 }))).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(fetchOutbound(`${base}/silent`, { allowPrivate: true, signal: controller.signal }))).code).toBe('aborted');
  });

  it('says a closed port is unreachable', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    expect((await failure(fetchOutbound(`http://127.0.0.1:${port}/`, { allowPrivate: true }))).code).toBe('unreachable');
  });
});
