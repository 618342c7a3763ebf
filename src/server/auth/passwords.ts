/**
 * Password hashing with scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` (base64url).
 * New hashes use OWASP's recommended minimum (N=2^17, r=8, p=1: 128 MiB and a fraction of a second
 * per hash); older, weaker hashes still verify and are replaced at the next sign-in.
 *
 * scrypt runs on libuv's thread pool, which file and DNS work share: at most HASH_CONCURRENCY hashes
 * run at once (which also bounds their memory), the others wait their turn, and a sign-in that
 * would wait behind too many is refused at once.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const HASH_CONCURRENCY = 2;
/** Beyond this many waiting hashes, sign-ins are turned away rather than queued. */
const MAX_WAITING_HASHES = 8;

let running = 0;
const waiting: (() => void)[] = [];

/** Thrown instead of queueing a sign-in's hash behind too many others. */
export class HashingBusyError extends Error {}

async function withHashSlot<T>(work: () => Promise<T>, refuseWhenBusy = false): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (refuseWhenBusy && isHashingSaturated()) throw new HashingBusyError('too many password hashes waiting');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** True when so many hashes wait that a new sign-in should be refused rather than queued. */
export function isHashingSaturated(): boolean {
  return waiting.length >= MAX_WAITING_HASHES;
}

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number, refuseWhenBusy = false): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        // maxmem above 128*N*r so larger N values stored by a future version still verify.
        scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 512 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    refuseWhenBusy,
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, { N, r, p }, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of nothing useful, verified when the user does not exist so both paths take as long. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return null;
  return { N, r, p, salt: Buffer.from(parts[4], 'base64url'), hash: Buffer.from(parts[5], 'base64url') };
}

/** With `refuseWhenBusy`, throws HashingBusyError rather than wait behind too many hashes. */
export async function verifyPassword(password: string, stored: string, { refuseWhenBusy = false } = {}): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { N, r, p, salt, hash } = parsed;
  const actual = await derive(password, salt, { N, r, p }, hash.length, refuseWhenBusy);
  return timingSafeEqual(actual, hash);
}

/** Whether a stored hash is weaker than what hashPassword makes now. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = SCRYPT_PARAMS;
  return parsed.N < N || parsed.r < r || parsed.p < p || parsed.hash.length < KEY_LENGTH;
}

/** Demo and first passwords: 16 readable characters. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}
