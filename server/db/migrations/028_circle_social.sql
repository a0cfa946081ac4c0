-- 028: the social side of circle content (issue 27's leftovers; spec 001 §7 POST /api/share/v2, GET
-- /api/share/public/{code}/v1, GET /api/violation/{id}/v1, POST /api/user/complain/{type}/v1): a circle's
-- moment (a "dynamic" of 025) can be shared, and a moment or a comment under it complained about and taken
-- down with a violation its author reads; comments under a moment are liked (one like per reader).

-- sharing a circle moment (the public page shows the circle's intro and the moment's title and summary only)
ALTER TABLE shares DROP CONSTRAINT shares_source_check;
ALTER TABLE shares ADD CONSTRAINT shares_source_check CHECK (source IN ('post', 'news', 'circleDynamic'));

-- complaining about a circle moment or a comment under one
ALTER TABLE complaints DROP CONSTRAINT complaints_target_type_check;
ALTER TABLE complaints ADD CONSTRAINT complaints_target_type_check CHECK (target_type IN ('post', 'comment', 'news', 'user', 'circleDynamic', 'circleComment'));

-- a circle moment or comment a reviewer took down, with the reason its author reads
ALTER TABLE violations DROP CONSTRAINT violations_source_check;
ALTER TABLE violations ADD CONSTRAINT violations_source_check CHECK (source IN ('post', 'comment', 'circleDynamic', 'circleComment'));

-- likes of comments under a circle's moment; like_count is kept with them
ALTER TABLE circle_comments ADD COLUMN like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0);
CREATE TABLE circle_comment_likes (
  comment_id integer NOT NULL REFERENCES circle_comments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  create_timestamp bigint NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);
