/** Scenarios for tests and the bench only (TASK_DIAGNOSTIC_SCENARIOS): they act on no object. */
import type { ScenarioHandler } from './context.ts';
import { TaskFailure } from './failure.ts';

export const DIAGNOSTIC_SCENARIOS: Record<string, ScenarioHandler> = {
  noop: {
    async run({ step }) {
      await step('task.noop');
    },
  },
  sleep: {
    async run({ kwargs, signal, step }) {
      const seconds = Math.min(Math.max(Number(kwargs.seconds) || 1, 0), 3600);
      await step('task.sleep', { seconds });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, seconds * 1000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  },
  // Queries the database until its time is up without looking at its signal, as a scenario inside
  // a long statement does: a stop must not wait for it, nor fail when its queries do.
  busy: {
    async run({ db, kwargs, step }) {
      const seconds = Math.min(Math.max(Number(kwargs.seconds) || 1, 0), 3600);
      await step('task.sleep', { seconds });
      const end = Date.now() + seconds * 1000;
      while (Date.now() < end) await db.query('SELECT pg_sleep(0.05)');
    },
  },
  fail: {
    async run() {
      throw new TaskFailure('task.failed', { reason: 'diagnostic failure' });
    },
  },
};
