/**
 * Personal API tokens: named keys a user hands a script instead of their password, sent as
 * `Authorization: Token <key>`. A key is 32 random bytes; only its SHA-256 is stored, so it is shown
 * once, when created. Each token expires (30, 90 or 365 days) and has a scope: `read` allows
 * GET and HEAD only, `write` everything its user may do. Revoking deletes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.ts';

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_EXPIRIES_DAYS = [30, 90, 365] as const;
export const TOKEN_NAME_MAX_LENGTH = 100;
/** Keys start with this, so a leaked one is recognised by secret scanners and people alike. */
const KEY_PREFIX = 'pub_';
/** Characters of the key kept in clear to tell keys apart in lists. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;
const KEY_PATTERN = /^pub_[\w-]{43}$/;

/** A token as lists show it: never its key. */
export interface ApiToken {
  id: number;
  user_id: number;
  username: string;
  name: string;
  scope: TokenScope;
  /** The key's first characters. */
  prefix: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

const TOKEN_SELECT = `t.id, t.user_id, u.username, t.name, t.scope, t.prefix, t.created_at, t.expires_at, t.last_used_at
  FROM api_tokens t JOIN users u ON u.id = t.user_id`;

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** Creates a token; answers it with its key, the only time the key is known. */
export async function createApiToken(
  db: Pick<Db, 'query'>,
  userId: number,
  input: { name: string; scope: TokenScope; expiresInDays: number },
): Promise<ApiToken & { key: string }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO api_tokens (user_id, name, key_hash, prefix, scope, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) RETURNING id`,
    [userId, input.name, hashKey(key), key.slice(0, SHOWN_LENGTH), input.scope, input.expiresInDays],
  );
  const token = (await findApiToken(db, rows[0].id))!;
  return { ...token, key };
}

export async function findApiToken(db: Pick<Db, 'query'>, id: number): Promise<ApiToken | null> {
  const { rows } = await db.query<ApiToken>(`SELECT ${TOKEN_SELECT} WHERE t.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The tokens of one user, or of everyone (null), oldest first. */
export async function listApiTokens(db: Pick<Db, 'query'>, userId: number | null): Promise<ApiToken[]> {
  const { rows } = await db.query<ApiToken>(`SELECT ${TOKEN_SELECT} WHERE $1::integer IS NULL OR t.user_id = $1 ORDER BY t.created_at, t.id`, [userId]);
  return rows;
}

export async function revokeApiToken(db: Pick<Db, 'query'>, id: number): Promise<boolean> {
  return ((await db.query('DELETE FROM api_tokens WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

/**
 * The user id and scope of a key that is a current token (not revoked, not expired), or null.
 * Its last use is noted, at most once a minute.
 */
export async function resolveApiToken(db: Pick<Db, 'query'>, key: string): Promise<{ userId: number; scope: TokenScope } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const { rows } = await db.query<{ user_id: number; scope: TokenScope }>(
    `UPDATE api_tokens SET last_used_at = CASE WHEN last_used_at IS NULL OR last_used_at < now() - interval '1 minute' THEN now() ELSE last_used_at END
      WHERE key_hash = $1 AND expires_at > now() RETURNING user_id, scope`,
    [hashKey(key)],
  );
  return rows[0] ? { userId: rows[0].user_id, scope: rows[0].scope } : null;
}
