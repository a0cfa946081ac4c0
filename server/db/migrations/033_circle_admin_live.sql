-- 033: the circle-admin console's live tabs (issue 29; spec 001 §2 live/live-list/manage/{id} with
-- dataAnalysis and userManage, live/live-user-admin). What the live tables of 030 do not keep:
--
-- the most sessions online in each minute of a room (the heartbeat records it beside live_online, whose
-- rows of pages long gone are forgotten): the dataAnalysis tab's peak and curve
CREATE TABLE live_online_peaks (
  room_id integer NOT NULL REFERENCES live_rooms (id) ON DELETE CASCADE,
  -- the minute's start (seconds, a multiple of 60)
  minute bigint NOT NULL CHECK (minute % 60 = 0),
  online integer NOT NULL CHECK (online >= 0),
  PRIMARY KEY (room_id, minute)
);

-- who watched a room signed in, first and last seen (seconds): live/live-user-admin's viewers
CREATE TABLE live_viewers (
  room_id integer NOT NULL REFERENCES live_rooms (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  first_seen bigint NOT NULL,
  last_seen bigint NOT NULL CHECK (last_seen >= first_seen),
  PRIMARY KEY (room_id, user_id)
);
CREATE INDEX live_viewers_user_idx ON live_viewers (user_id);

-- viewers the owner or an admin kicked out of a room (userManage): they may not watch or comment there
CREATE TABLE live_kicks (
  room_id integer NOT NULL REFERENCES live_rooms (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  operator_id integer NOT NULL REFERENCES users (id),
  create_timestamp bigint NOT NULL,
  PRIMARY KEY (room_id, user_id)
);
