-- A dataset's tasks include its bulk changes (tasks/store.ts datasetTasksSql): the operations
-- holding the dataset are found on this index rather than by reading every operation's ids.
CREATE INDEX bulk_operations_datasets_idx ON bulk_operations USING gin (dataset_ids);
