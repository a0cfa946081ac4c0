-- 031: the circle-admin console's communities (issue 29; spec 001 §2 community-detail tabs announcement,
-- set-preview, privilege and user; §6 momentPublishable). A community is the moment feed of a circle of
-- type FINANCIAL_CIRCLE or GROUP (core/circle-admin/communities.ts). Lengths repeat that file's bounds.

-- the owner's pinned announcement ('' none) and when it was last set
ALTER TABLE circles ADD COLUMN announcement text NOT NULL DEFAULT '' CHECK (char_length(announcement) <= 500);
ALTER TABLE circles ADD COLUMN announcement_timestamp bigint;

-- set-preview: the posts an outsider sees as the intro's sample (approved ones only)
ALTER TABLE circle_dynamics ADD COLUMN preview boolean NOT NULL DEFAULT false;

-- privilege (spec 001 §6 momentPublishable, per community) and mute: a member's switches in one circle
ALTER TABLE circle_members ADD COLUMN publishable boolean NOT NULL DEFAULT true;
ALTER TABLE circle_members ADD COLUMN muted boolean NOT NULL DEFAULT false;
