-- 029: the streams the streaming port issued for live rooms (issue 28; server/streaming/): one row per
-- start of a room — the service's stream name (fresh each start), the start mode, the pull source and
-- task of FORWARD_PULL, how long it has been live (the local default's playlist advances with it), when it
-- ended, and the recording once the service announced it. Times are milliseconds of the server's clock.
CREATE TABLE live_streams (
  stream_name text PRIMARY KEY CHECK (stream_name ~ '^[A-Za-z0-9_-]{1,64}$'),
  room_id integer NOT NULL CHECK (room_id > 0),
  mode text NOT NULL CHECK (mode IN ('LIVE_PC', 'LIVE_MOBILE', 'OBS_PUSH', 'FORWARD_PULL')),
  source_url text CHECK (char_length(source_url) <= 1000),
  -- Tencent's CreateLivePullStreamTask TaskId (FORWARD_PULL on the real service)
  pull_task_id text CHECK (char_length(pull_task_id) <= 128),
  started_at bigint NOT NULL,
  -- live time before the current run (pauses do not count)
  live_ms bigint NOT NULL DEFAULT 0 CHECK (live_ms >= 0),
  -- when the current run began; null while paused or after the end
  run_started_at bigint,
  ended_at bigint,
  playback_url text CHECK (char_length(playback_url) <= 1000),
  playback_seconds integer CHECK (playback_seconds >= 0)
);
-- a room has at most one stream that has not ended (two starts at once: one wins)
CREATE UNIQUE INDEX live_streams_open ON live_streams (room_id) WHERE ended_at IS NULL;
CREATE INDEX live_streams_room ON live_streams (room_id, started_at DESC);
