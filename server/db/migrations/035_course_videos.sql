-- 035: course videos uploaded in the circle-admin console (issue 29; spec 001 §2 course/content add and
-- edit). A video is stored through the storage port under a key of ours and recorded here, not in the
-- uploads table that /file/{key} serves to anyone: it is seen only through a chapter
-- (/media/course-video/{chapterId}) by those the course lets watch. A chapter may take only a video
-- uploaded for its own course (server/circle-admin/courses).
CREATE TABLE course_videos (
  storage_key text PRIMARY KEY CHECK (char_length(storage_key) <= 200),
  circle_id integer NOT NULL REFERENCES circles (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id),
  content_type text NOT NULL CHECK (content_type IN ('video/webm', 'video/mp4')),
  name text NOT NULL CHECK (char_length(name) <= 255),
  size bigint NOT NULL CHECK (size >= 0),
  create_timestamp bigint NOT NULL
);
CREATE INDEX course_videos_circle_idx ON course_videos (circle_id);
