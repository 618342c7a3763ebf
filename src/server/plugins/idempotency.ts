/**
 * The Idempotency-Key header on creations (a POST whose success is 201, isCreation): a creation
 * sent again with the same key by the same user within 24 hours answers the first one's status and
 * body (marked `Idempotent-Replayed: true`), never making a second record — a double click, a
 * script retrying after a timeout. The key is claimed (a row of idempotency_keys, its primary key
 * the user and the key) before the creation runs: a duplicate arriving meanwhile waits for the
 * first answer rather than creating. The same key on another request (method, path or body) is
 * refused with 422, as Stripe's API does; one still waiting for its first after WAIT_MS, with 409.
 * Only successful answers are kept: after a refusal (400, 403…) the same key may be sent again,
 * corrected. Without the header, or without a signed-in caller to scope it by, nothing changes.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/errors.ts';
import { isCreation } from '../openapi/route-doc.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key answers its first creation's answer. */
export const IDEMPOTENCY_HOURS = 24;
/** Visible ASCII, as Stripe takes (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a duplicate waits for the first request's answer before it is told to try again (409). */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A claim left without an answer this long (its process stopped mid-creation) may be taken again. */
const ABANDONED_MINUTES = 10;
const PRUNE_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept by the onSend hook. */
    idempotencyClaim?: { userId: number; key: string };
  }
}

interface Stored {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/** The request a key stands for: method, path without its language, body. */
function fingerprint(request: FastifyRequest): string {
  const path = request.url.replace(/^\/(fr|en|it)\//, '/');
  return createHash('sha256').update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
}

export default fp(
  async (app) => {
    let prunedAt = 0;
    /** Expired keys go on write, at most once a minute per process. */
    const prune = () => {
      if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = Date.now();
      app.db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${IDEMPOTENCY_HOURS} hours'`).catch((error: unknown) => {
        app.log.warn({ err: error }, 'idempotency keys: expired keys not removed');
      });
    };

    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (key === undefined || !isCreation(request.method, request.routeOptions.config?.openapi)) return;
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError(400, 'idempotencyKeyInvalid');
      const userId = request.user?.id;
      if (userId === undefined) return;
      const print = fingerprint(request);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        // A new key, an expired one or an abandoned claim: this request's.
        const claimed = await app.db.query(
          `INSERT INTO idempotency_keys AS k (user_id, key, fingerprint) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, content_type = NULL, body = NULL, created_at = now()
             WHERE k.created_at < now() - interval '${IDEMPOTENCY_HOURS} hours'
                OR (k.status IS NULL AND k.created_at < now() - interval '${ABANDONED_MINUTES} minutes')
           RETURNING 1`,
          [userId, key, print],
        );
        if (claimed.rowCount) {
          request.idempotencyClaim = { userId, key };
          prune();
          return;
        }
        const { rows } = await app.db.query<Stored>(
          'SELECT fingerprint, status, content_type, body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
          [userId, key],
        );
        const stored = rows[0];
        // Gone meanwhile: the first request failed and gave its key back; claim it again.
        if (!stored) continue;
        if (stored.fingerprint !== print) throw new ApiError(422, 'idempotencyKeyReused');
        if (stored.status !== null) {
          reply.code(stored.status).header('idempotent-replayed', 'true');
          if (stored.content_type) reply.type(stored.content_type);
          return reply.send(stored.body);
        }
        if (Date.now() > deadline) throw new ApiError(409, 'idempotencyKeyInProgress');
        await sleep(POLL_MS);
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      const success = reply.statusCode >= 200 && reply.statusCode < 300;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      try {
        if (success && body !== null) {
          await app.db.query('UPDATE idempotency_keys SET status = $3, content_type = $4, body = $5 WHERE user_id = $1 AND key = $2', [
            claim.userId,
            claim.key,
            reply.statusCode,
            String(reply.getHeader('content-type') ?? ''),
            body,
          ]);
        } else {
          // Nothing was made (or nothing can be replayed): the key may be sent again.
          await app.db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL', [claim.userId, claim.key]);
        }
      } catch (error) {
        // The creation is done: its answer goes out; the claim is taken again once abandoned.
        request.log.error({ err: error }, 'idempotency key: answer not kept');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
