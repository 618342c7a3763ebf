/**
 * How a followed task is read: again every `intervalMs` until it has ended, then no more. The
 * `refetchInterval` of every query that follows one task (its page, a wizard's step, a bulk change).
 */
import { isTaskFinished, type TaskStatus } from '../../../schemas/scenarios.ts';

export const readUntilFinished =
  (intervalMs: number) =>
  (query: { state: { data?: { status: TaskStatus } } }): number | false =>
    isTaskFinished(query.state.data) ? false : intervalMs;
