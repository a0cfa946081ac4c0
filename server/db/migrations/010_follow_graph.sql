-- Fans without a row (fixtures/follow-graph.ts): a seeded user's audience from before this site's rows, so a
-- famous columnist can have tens of thousands of fans without as many user rows. Fans = this count + the
-- friendships rows that name the user as followee; following and unfollowing change the rows only.
ALTER TABLE users ADD COLUMN audience_fans integer NOT NULL DEFAULT 0 CHECK (audience_fans >= 0);
