/**
 * What the contact-role calls' errors mean for the contacts panel. Pure.
 *
 * The server refuses with a 400 on `role` a change or removal that would leave the dataset
 * without the point of contact it had, unless the call says `?force=true`
 * (src/server/datasets/actions.ts, keepingPointOfContact); the panel then asks and retries.
 */
import { entityMessage } from '../entities/entityMessages.ts';
import { errorBody, errorStatus } from '../http/errors.ts';

/**
 * Spec, section 8: 'Error during update of contact', shown before the server's messages: the
 * contact entity's own message for a failed save, of its role on a dataset as of its record.
 */
export const CONTACT_UPDATE_FAILED = entityMessage('contacts', 'updateFailed');

/** Whether a refused change or removal of a contact role would go through with `force`. */
export function needsForce(error: unknown): boolean {
  const fields = Object.keys(errorBody(error).errors ?? {});
  return errorStatus(error) === 400 && fields.length === 1 && fields[0] === 'role';
}
