/**
 * Bulk changes of datasets, as both halves see them: the actions, their bounds, the preview's
 * answer and a bulk change's undo state (the server's src/server/bulk/, the app's datasets list,
 * permissions page and task page).
 */

/** The actions of `dataset/bulk/preview/` and `dataset/bulk/apply/`. */
export const BULK_ACTIONS = [
  'publish',
  'unpublish',
  'set_default_level',
  'set_group_level',
  'add_keyword',
  'remove_keyword',
  'set_owner',
  'delete',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Actions only superusers may run. */
export const SUPERUSER_BULK_ACTIONS: readonly BulkAction[] = ['set_owner'];

/** Most datasets one bulk change names or matches. */
export const BULK_MAX_DATASETS = 10_000;
/** Most groups one `set_group_level` changes. */
export const BULK_MAX_GROUPS = 1000;
/** Longest keyword (as the tags table allows). */
export const BULK_KEYWORD_MAX_LENGTH = 100;

/** The task actions (codenames) of a bulk change and of its undo. */
export const BULK_TASK_ACTION = 'bulk-datasets';
export const BULK_UNDO_TASK_ACTION = 'bulk-undo';

/** Why a dataset is left out of a bulk change. */
export const BULK_SKIP_REASONS = ['forbidden', 'unchanged', 'harvested', 'ownerNoJurisdiction'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export interface BulkBody {
  action: BulkAction;
  params?: Record<string, unknown>;
  /** The datasets: either ids… */
  ids?: number[];
  /** …or the list's filters (search and filter parameters, as the list takes them). */
  filters?: Record<string, string | number | boolean>;
}

/** One dataset's change: what the action changes, before and after. */
export interface BulkChange {
  id: number;
  display_name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface BulkSkipped {
  id: number;
  name: string;
  reason: BulkSkipReason;
  /** The reason, in the request's language. */
  message: string;
}

/** `dataset/bulk/preview/`: how many datasets change, a sample of them, and those skipped (the first ones, with their total). */
export interface BulkPreview {
  count: number;
  changes: BulkChange[];
  skipped: BulkSkipped[];
  skipped_count: number;
}

/** `dataset/bulk/{task_id}/`: a bulk change and whether it can still be undone. */
export interface BulkOperation {
  task_id: number;
  action: BulkAction;
  params: Record<string, unknown>;
  /** Datasets the change planned to change. */
  count: number;
  /** Datasets it changed (known once it ran). */
  changed: number;
  undo_until: string | null;
  can_undo: boolean;
  undo_task: number | null;
}

/** How many changed datasets the preview shows, and skipped ones it names. */
export const BULK_PREVIEW_SAMPLE = 20;
export const BULK_PREVIEW_SKIPPED = 100;
