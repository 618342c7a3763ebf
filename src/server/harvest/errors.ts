/** Why a harvest could not read its remote, as a message an administrator understands. */
import type { MessageKey } from '../i18n.ts';
import { OutboundError } from '../http/outbound.ts';

/** A harvest's failure: a message code and its values, translated when read (a task's error, a trial's answer). */
export class HarvestError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'HarvestError';
  }
}

/** The outbound failures that may pass with time: worth another attempt. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof OutboundError)) return false;
  if (error.code === 'unreachable' || error.code === 'timeout') return true;
  return error.code === 'http-status' && (error.status === 429 || (error.status ?? 0) >= 500);
}

/** An outbound failure as the harvest's failure. */
export function harvestErrorOf(error: unknown, url: string): HarvestError {
  if (error instanceof HarvestError) return error;
  if (!(error instanceof OutboundError)) return new HarvestError('harvest.errorBadDocument', { detail: error instanceof Error ? error.message : String(error) });
  // The message names the address; the client's own wording (English) is kept for the unreachable
  // remote only, whose cause (refused, unknown host) it alone knows.
  switch (error.code) {
    case 'http-status':
      return new HarvestError('harvest.errorHttpStatus', { status: error.status ?? 0, url });
    case 'private-address':
      return new HarvestError('harvest.errorPrivateAddress', { url });
    case 'invalid-url':
      return new HarvestError('harvest.errorInvalidUrl', { url });
    case 'timeout':
      return new HarvestError('harvest.errorTimeout', { url });
    case 'too-large':
      return new HarvestError('harvest.errorTooLarge', { url });
    case 'too-many-redirects':
      return new HarvestError('harvest.errorRedirects', { url });
    case 'aborted':
      return new HarvestError('harvest.errorCancelled');
    default:
      return new HarvestError('harvest.errorUnreachable', { detail: error.message });
  }
}
