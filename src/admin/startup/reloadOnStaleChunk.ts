/**
 * A tab opened before a new deployment asks, when it opens another screen, for a chunk the new
 * build no longer has (hashed names change): vite fires `vite:preloadError`. The app then loads
 * again, once, and the new index.html names the new chunks. A failure again soon after that reload
 * (the chunk really missing, the network down) is left to the page's error boundary, which keeps
 * the header and says so, rather than reloading in a loop.
 */
import { browser } from '../config/browser.ts';

const RELOADED_AT = 'publish.reloadedForMissingChunk';
/** A failure this soon after the reload is not a stale tab's any more. */
export const RELOAD_GUARD_MS = 30_000;

export function reloadOnStaleChunk(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    target.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    // Handled: vite does not throw, the page goes instead of an error showing for an instant.
    event.preventDefault();
    browser.reload();
  });
}
