/**
 * Catalogue keys of an entity's toasts (`resources.<resource>.messages.*`): its successes, and the
 * failure of a deletion when the entity has a message of its own for it.
 */
export type EntityEvent = 'created' | 'updated' | 'deleted' | 'deleteFailed';

export const entityMessage = (resource: string, event: EntityEvent) => `resources.${resource}.messages.${event}`;
