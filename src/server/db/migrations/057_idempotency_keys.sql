-- Creations sent with an Idempotency-Key header (src/server/plugins/idempotency.ts): one row per
-- caller and key, claimed before the creation runs (status NULL meanwhile, so a concurrent
-- duplicate waits for it rather than creating a second record), then holding the first answer,
-- replayed to the same key for 24 hours. `fingerprint` is the request's method, path and body, so
-- a key reused for another request is refused.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- The removal of expired keys.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
