-- 021: limits on every write a person makes (issue 23; core/limits/write-limits.ts). One row per key
-- (class, account or address) and time bucket of the key's window; every server process counts here,
-- so the limits hold across processes. A check adds to its bucket and reads the window's sum in one
-- statement (server/http/write-counts-repository.ts). Unlike rate_events (one row per event, counted
-- then inserted in two statements) a row holds a whole bucket, and the add is atomic.
CREATE TABLE write_counts (
  key text NOT NULL CHECK (char_length(key) <= 200),
  bucket bigint NOT NULL,            -- the bucket's start, ms since the epoch
  n bigint NOT NULL CHECK (n >= 0),  -- writes, or bytes for upload bytes
  PRIMARY KEY (key, bucket)
);
-- the sweep removes buckets older than the longest window
CREATE INDEX write_counts_bucket ON write_counts (bucket);
