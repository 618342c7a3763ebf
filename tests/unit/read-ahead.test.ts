import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/server/harvest/read-ahead.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('readAhead', () => {
  it('asks for the next item while the caller works on the current one, and ends with the source', async () => {
    const events: string[] = [];
    async function* pages() {
      for (const n of [1, 2, 3]) {
        events.push(`fetch ${n}`);
        await tick();
        yield n;
      }
      events.push('end');
      return 'complete';
    }
    const items = readAhead(pages());
    let result = await items.next();
    while (!result.done) {
      events.push(`write ${result.value}`);
      await tick();
      events.push(`written ${result.value}`);
      result = await items.next();
    }
    expect(result.value).toBe('complete');
    expect(events).toEqual(['fetch 1', 'fetch 2', 'write 1', 'written 1', 'fetch 3', 'write 2', 'written 2', 'end', 'write 3', 'written 3']);
  });

  it("gives a failure of the item read ahead to the caller's next ask, and none when the caller stopped before", async () => {
    async function* failing() {
      yield 1;
      await tick();
      throw new Error('remote down');
    }
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const asked = readAhead(failing());
      expect(await asked.next()).toEqual({ done: false, value: 1 });
      await expect(asked.next()).rejects.toThrow('remote down');
      // A caller that failed on item 1 and never asks again.
      const abandoned = readAhead(failing());
      expect(await abandoned.next()).toEqual({ done: false, value: 1 });
      await tick();
      await tick();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
