-- GeeTest challenges this site issued (issue 30): kept in the database, so that any server process
-- verifies a challenge another one issued (server/accounts/adapters/geetest.ts). One use each; rows older
-- than CAPTCHA_TTL_MS are swept when new ones are issued.
CREATE TABLE geetest_challenges (
  challenge text PRIMARY KEY,
  target text NOT NULL,            -- the phone key the challenge was issued for
  online boolean NOT NULL,         -- issued by GeeTest (true) or in its offline fallback
  created_at bigint NOT NULL       -- ms
);
CREATE INDEX geetest_challenges_created_at ON geetest_challenges (created_at);
