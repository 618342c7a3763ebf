import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../src/admin/config/browser.ts';
import { RELOAD_GUARD_MS, reloadOnStaleChunk } from '../../src/admin/startup/reloadOnStaleChunk.ts';

/** What vite dispatches when a chunk import fails; answers whether the app handled it. */
function chunkMissing(target: Window): boolean {
  const event = new Event('vite:preloadError', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('a tab asking for a chunk of a former deployment', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('reloads the app once, then leaves a failure soon after to the page, and reloads again later', () => {
    vi.useFakeTimers({ now: new Date('2026-06-01T10:00:00Z') });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    // A fresh window object per "page load" would be the browser's; one listener stands for it here.
    const target = new EventTarget() as Window;
    Object.defineProperty(target, 'sessionStorage', { value: sessionStorage });
    reloadOnStaleChunk(target);

    expect(chunkMissing(target)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // After the reload the chunk is still missing: no loop, the error reaches the page's boundary.
    vi.advanceTimersByTime(2_000);
    expect(chunkMissing(target)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // A later deployment, in the same tab, reloads it again.
    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    expect(chunkMissing(target)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
