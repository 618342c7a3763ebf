/**
 * How a change recorded in a dataset's history is shown: the dataset's own fields by their
 * schema type (schemas/datasets.ts), and the changes that are not fields (a contact and its role,
 * the dataset a copy was made from). Pure.
 */
import { datasets } from '../../../schemas/datasets.ts';

export type ChangeKind =
  /** A value replaced by another: old struck through, new beside it. */
  | { type: 'value'; format: 'text' | 'longText' | 'boolean' | 'date' | 'number' | 'choice' | 'bbox' }
  /** The id of a record of `reference`, shown by its name. */
  | { type: 'reference'; reference: string }
  /** A list whose added and removed items are shown; `reference` when its items are ids. */
  | { type: 'list'; reference?: string; keyValues?: boolean }
  /** A contact of the dataset and its role. */
  | { type: 'contactRole' }
  /** Groups' permission levels on the dataset: `[{id, display_name, level}]` before and after. */
  | { type: 'groupLevels' };

/** Changes that are not fields of the dataset, named under `resources.dataset-activity.fields`. */
const OTHER_CHANGES: Record<string, ChangeKind> = {
  contact_roles: { type: 'contactRole' },
  duplicated_from: { type: 'reference', reference: 'datasets' },
  permissions: { type: 'groupLevels' },
  // A bulk publication's second part, and a bulk deletion undone.
  in_catalog: { type: 'value', format: 'boolean' },
  deleted: { type: 'value', format: 'boolean' },
};

/** The task of a bulk change, shown beside the entry's action rather than as a change. */
export const BULK_TASK_CHANGE = 'bulk_task';

/**
 * The changes an entry shows: a copy's entry lists every field of the new record, and those the
 * server computes (its id, counts, dates of the record) are no one's change.
 */
export function shownChanges<T>(changes: Record<string, T>): Array<[string, T]> {
  return Object.entries(changes).filter(
    ([field]) => field !== BULK_TASK_CHANGE && !(Object.hasOwn(datasets.fields, field) && datasets.fields[field].readOnly),
  );
}

/** The catalogue key naming a changed field. */
export function changeLabelKey(field: string): string {
  return Object.hasOwn(datasets.fields, field) ? `resources.datasets.fields.${field}` : `resources.dataset-activity.fields.${field}`;
}

export function changeKind(field: string): ChangeKind {
  if (Object.hasOwn(OTHER_CHANGES, field)) return OTHER_CHANGES[field];
  const spec = Object.hasOwn(datasets.fields, field) ? datasets.fields[field] : undefined;
  switch (spec?.type) {
    case 'tags':
      return { type: 'list' };
    case 'references':
      return { type: 'list', reference: spec.reference };
    case 'keyValues':
      return { type: 'list', keyValues: true };
    case 'reference':
      return { type: 'reference', reference: spec.reference! };
    case 'text':
      return { type: 'value', format: 'longText' };
    case 'boolean':
      return { type: 'value', format: 'boolean' };
    case 'date':
    case 'datetime':
      return { type: 'value', format: 'date' };
    case 'integer':
      return { type: 'value', format: 'number' };
    case 'choice':
      return { type: 'value', format: 'choice' };
    case 'bbox':
      return { type: 'value', format: 'bbox' };
    default:
      return { type: 'value', format: 'text' };
  }
}

/** The items of `after` missing from `before` (added) and the reverse (removed), compared by value. */
export function listChanges(before: unknown, after: unknown): { added: unknown[]; removed: unknown[] } {
  const items = (value: unknown) => (Array.isArray(value) ? value : value == null ? [] : [value]);
  const key = (item: unknown) => JSON.stringify(item);
  const old = items(before);
  const current = items(after);
  const oldKeys = new Set(old.map(key));
  const currentKeys = new Set(current.map(key));
  return {
    added: current.filter((item) => !oldKeys.has(key(item))),
    removed: old.filter((item) => !currentKeys.has(key(item))),
  };
}

/** Whether a recorded value is empty (nothing to strike through or to show as new). */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}
