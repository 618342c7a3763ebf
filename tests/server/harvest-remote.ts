/**
 * A remote catalogue for harvest tests: a local HTTP server answering each path (query ignored
 * unless a handler reads it) from a table the test changes between runs. Fixture files are the
 * real answers of each kind (tests/fixtures/harvest/); absolute URLs of another host they name
 * (the next page) are rewritten to this server, so page 2 is served where page 1 says it is.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface RemoteAnswer {
  status?: number;
  type?: string;
  body: string;
  /** Answer only after this long (a slow remote). */
  delayMs?: number;
}

export type RemoteHandler = (url: URL) => RemoteAnswer;

export interface RemoteCatalogue {
  base: string;
  routes: Map<string, RemoteHandler>;
  /** Requests received, as path + query. */
  requests: string[];
  close(): Promise<void>;
}

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'harvest');

export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

export async function startRemote(): Promise<RemoteCatalogue> {
  const routes = new Map<string, RemoteHandler>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://remote.test');
    requests.push(url.pathname + url.search);
    const handler = routes.get(url.pathname);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const answer = handler(url);
    const send = () => {
      if (!response.destroyed) response.writeHead(answer.status ?? 200, { 'content-type': answer.type ?? 'application/json' }).end(answer.body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    routes,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The fixture with the remote hosts it names replaced by the local server. */
export function rewritten(text: string, hosts: string[], base: string): string {
  return hosts.reduce((result, host) => result.split(host).join(base), text);
}
