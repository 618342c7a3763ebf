/**
 * Request bodies that come too slowly are cut. Fastify sets no request timeout, and an answer sent
 * early (a 401, a 400) does not end the connection while its body still comes: a client sending a
 * body a byte at a time (slowloris) would hold its connection, and what reading it holds (a
 * temporary file, an upload task), for ever, and a few thousand of them would starve the server.
 *
 * The rule is Apache's mod_reqtimeout's: a body may take REQUEST_BODY_GRACE_SECONDS, plus one
 * second for every REQUEST_BODY_MIN_RATE bytes received. An upload at any usable speed earns far
 * more time than it needs; a trickle is answered 408 and its connection closed. Time the server
 * itself keeps the body waiting (it has not read what came, e.g. a slow storage) is not counted.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { localeFromPath, t } from '../i18n.ts';

/** Whether the request announces a body still to come. */
function awaitsBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
}

/** Answers 408 when no answer has begun (as Fastify's own client timeout does), then closes the connection. */
function cut(socket: Socket, headersSent: boolean, url: string | undefined): void {
  if (!headersSent && socket.writable) {
    const body = JSON.stringify({ detail: t(localeFromPath(url ?? '/'), 'requestTimeout') });
    socket.write(
      `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(
  async (app) => {
    const { graceSeconds, minRate } = app.config.requestBody;
    const graceMs = graceSeconds * 1000;
    const checkMs = Math.min(1000, graceMs);

    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      if (!awaitsBody(raw)) return;
      const socket = raw.socket;
      const bytesBefore = socket.bytesRead;
      let waited = 0;
      let last = Date.now();
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        const now = Date.now();
        // Unread bytes wait on the server, not on the client.
        if (raw.readableLength === 0) waited += now - last;
        last = now;
        if (waited > graceMs + ((socket.bytesRead - bytesBefore) / minRate) * 1000) {
          clearInterval(timer);
          request.log.info({ waitedMs: waited, bytes: socket.bytesRead - bytesBefore }, 'request body too slow: connection closed');
          cut(socket, reply.raw.headersSent, raw.url);
        }
      }, checkMs).unref();
      raw.once('close', () => clearInterval(timer));
    });
  },
  { name: 'slow-bodies', dependencies: ['db'] },
);
