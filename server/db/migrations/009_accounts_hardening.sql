-- Issue 9: a WeChat QR grant is bound to the browser that asked for it (SHA-256 of its gmh_wx
-- cookie); expired grants are swept by created_at.
ALTER TABLE wechat_grants ADD COLUMN browser text NOT NULL DEFAULT '';
CREATE INDEX wechat_grants_created_at ON wechat_grants (created_at);
CREATE INDEX avatars_user_id ON avatars (user_id);
