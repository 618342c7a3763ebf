-- Counters of the request throttles (sign-in attempts, failed API tokens), shared by every
-- process of the platform and kept across restarts: one row per throttled key, its count and the
-- end of its window.
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_end timestamptz NOT NULL
);
CREATE INDEX rate_counters_window_end ON rate_counters (window_end);
