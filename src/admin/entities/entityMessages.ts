/**
 * Catalogue keys of an entity's toasts (`resources.<resource>.messages.*`): its successes, and the
 * failure of a save or a deletion when the entity has a message of its own for it.
 */
import type { TranslateFunction } from 'react-admin';

export type EntityEvent = 'created' | 'updated' | 'deleted' | 'updateFailed' | 'deleteFailed';

export const entityMessage = (resource: string, event: EntityEvent) => `resources.${resource}.messages.${event}`;

/** The entity's own message for a failure (a contact's 'Error during update of contact'), when its catalogue has one. */
export function ownFailureMessage(translate: TranslateFunction, resource: string, event: 'updateFailed' | 'deleteFailed'): string | undefined {
  const key = entityMessage(resource, event);
  return translate(key, { _: '' }) ? key : undefined;
}
