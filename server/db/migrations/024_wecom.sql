-- 024: enterprise WeChat (WeCom) sign-in (server/wecom/): the grants a browser asked for (as
-- wechat_grants: the state bound to the asking browser and the code WeCom's redirect brought back),
-- and which account each company member is bound to.
CREATE TABLE wecom_grants (
  state text PRIMARY KEY CHECK (char_length(state) = 32),
  -- the code WeCom's redirect brought back; spent once (auth/getuserinfo answers the member)
  code text UNIQUE CHECK (char_length(code) <= 128),
  redirect text NOT NULL CHECK (char_length(redirect) <= 500),
  -- SHA-256 of the asking browser's binding cookie
  browser text NOT NULL,
  created_at bigint NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX wecom_grants_created ON wecom_grants (created_at);

CREATE TABLE wecom_members (
  corp_id text NOT NULL CHECK (char_length(corp_id) <= 64),
  userid text NOT NULL CHECK (char_length(userid) <= 64),
  -- one member per account, one account per member
  user_id integer NOT NULL UNIQUE REFERENCES users (id),
  -- the member's name and position when they last signed in (user/get)
  name text NOT NULL DEFAULT '' CHECK (char_length(name) <= 64),
  position text NOT NULL DEFAULT '' CHECK (char_length(position) <= 64),
  bound_at bigint NOT NULL,
  PRIMARY KEY (corp_id, userid)
);
