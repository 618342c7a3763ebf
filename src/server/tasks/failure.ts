/**
 * How a scenario fails with a reason: the task shows the message code, translated when read.
 * Imports nothing of the scenarios that throw it, so any handler can use it.
 */
import type { MessageKey } from '../i18n.ts';

export type StepParams = Record<string, string | number>;

/** A failure with a reason the task shows (a message code). */
export class TaskFailure extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: StepParams = {},
  ) {
    super(code);
  }
}
