/**
 * What the contact-role calls' errors mean for the contacts panel. Pure.
 *
 * The server refuses with a 400 on `role` a change or removal that would leave the dataset
 * without the point of contact it had, unless the call says `?force=true`
 * (src/server/datasets/actions.ts, keepingPointOfContact); the panel then asks and retries.
 */
import { HttpError } from 'react-admin';
import { errorBody, errorStatus, isAbortError } from '../http/errors.ts';

/** Spec, section 8: 'Error during update of contact'. */
export const CONTACT_UPDATE_FAILED = 'resources.dataset-contacts.messages.updateFailed';

/** Whether a refused change or removal of a contact role would go through with `force`. */
export function needsForce(error: unknown): boolean {
  const fields = Object.keys(errorBody(error).errors ?? {});
  return errorStatus(error) === 400 && fields.length === 1 && fields[0] === 'role';
}

/** The error of a failed contact update, headed by 'Error during update of contact', the server's messages after it. */
export function contactUpdateError(error: unknown): unknown {
  if (isAbortError(error)) return error;
  const body = errorBody(error);
  const details = [...Object.values(body.errors ?? {}), ...(body.nonFieldErrors ?? []), ...(body.detail ? [body.detail] : [])];
  return new HttpError(CONTACT_UPDATE_FAILED, errorStatus(error) ?? 0, { nonFieldErrors: [CONTACT_UPDATE_FAILED, ...details] });
}
