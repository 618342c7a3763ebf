/**
 * `next` parameters may only point inside this site: a path that starts with a single "/",
 * with no scheme, no backslash (browsers read "\" as "/") and no control characters.
 */
export function safeNext(next: unknown, fallback = '/publish/'): string {
  return isSafeNext(next) ? next : fallback;
}

export function isSafeNext(next: unknown): next is string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return false;
  if (!next.startsWith('/') || next.startsWith('//')) return false;
  if (next.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return false;
  // An encoded slash or backslash right after the first one could be decoded by a proxy into "//".
  if (/^\/(%2f|%5c)/i.test(next)) return false;
  return true;
}
