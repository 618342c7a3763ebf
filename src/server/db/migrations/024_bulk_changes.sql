-- Bulk changes of datasets (src/server/bulk/): each is a task; its undo restores, per dataset, the
-- values it recorded before writing, while the dataset still holds what the change left.
CREATE TABLE bulk_operations (
  task_id bigint PRIMARY KEY REFERENCES task_queue_track (id) ON DELETE CASCADE,
  action text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  -- The datasets the preview found to change, checked again when the task runs.
  dataset_ids integer[] NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- How long the change may be undone once it ran (BULK_UNDO_MINUTES when it was applied).
  undo_seconds integer NOT NULL CHECK (undo_seconds >= 0),
  -- Set when the task ends: the change may be undone until then.
  undo_until timestamptz,
  undo_task_id bigint REFERENCES task_queue_track (id) ON DELETE SET NULL
);
CREATE INDEX bulk_operations_undo_task_idx ON bulk_operations (undo_task_id);

-- One changed dataset of a bulk change: what the action changes, as it was before and as the change
-- left it (a deletion: the row and every row that referenced it). No key on datasets: a deleted
-- dataset keeps its snapshot.
CREATE TABLE bulk_snapshots (
  task_id bigint NOT NULL REFERENCES bulk_operations (task_id) ON DELETE CASCADE,
  dataset_id integer NOT NULL,
  display_name text NOT NULL,
  before jsonb,
  after jsonb,
  -- null until an undo looked at it; then true (restored) or false (not).
  restored boolean,
  -- Why an undo left it: 'changedSince' (it no longer holds what the change left) or 'restoreFailed'.
  undo_reason text,
  PRIMARY KEY (task_id, dataset_id)
);
