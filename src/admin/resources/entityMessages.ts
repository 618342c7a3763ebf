/** Catalogue keys of an entity's success toasts (`resources.<resource>.messages.*`). */
export type EntityEvent = 'created' | 'updated' | 'deleted';

export const entityMessage = (resource: string, event: EntityEvent) => `resources.${resource}.messages.${event}`;
