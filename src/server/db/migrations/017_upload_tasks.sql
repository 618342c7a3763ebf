-- Uploads are tasks while they run (STARTED, heartbeat from the serving process), so an upload
-- whose server stopped ends FAILURE with its reason. Such a task cannot run again (its bytes came
-- with a request that is gone): it carries the error it ends with, and the recovery fails it with
-- that error instead of queueing it again; it cannot be retried either.
ALTER TABLE task_queue_track ADD COLUMN interrupted_error jsonb;
COMMENT ON COLUMN task_queue_track.interrupted_error IS 'Set on tasks that cannot run again: the error {code, params} they end with when their process stops';
