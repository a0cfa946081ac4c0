-- 036: group unread counts from read positions (issue 31: O(1) writes per group message).
-- Until now a group message upserted one chat_conversations row per member (unread + 1, last time,
-- @-marker): 200 writes for a group of 200. As IM services do, the group now keeps its own sequences
-- and each member's conversation row keeps where they read up to:
--   chat_groups.last_seq     the seq of the group's newest message (any kind: a deleted conversation
--                            shows again once a message newer than chat_conversations.deleted_seq comes)
--   chat_groups.unread_seq   how many messages that count as unread the group has had (tips, notices
--                            and markers do not count)
--   chat_groups.at_all_seq   unread_seq at the newest @all (0: none), sent by at_all_by
--   chat_groups.last_time    the newest message's time (the conversation list's order)
--   chat_conversations.read_seq    the group's unread_seq when the member last read it
--   chat_conversations.own_unread  the member's own counted messages since then (not unread to them)
-- unread = unread_seq − read_seq − own_unread (a member who left: read_seq −1, the count frozen in
-- unread as it stood); @all shows while at_all_seq > read_seq (not to its
-- sender); @me stays a write to the named members' rows (at most the @ list). One-to-one rows keep
-- their unread column as before (two rows a message).

ALTER TABLE chat_groups ADD COLUMN last_seq integer NOT NULL DEFAULT 0;
ALTER TABLE chat_groups ADD COLUMN unread_seq integer NOT NULL DEFAULT 0;
ALTER TABLE chat_groups ADD COLUMN at_all_seq integer NOT NULL DEFAULT 0;
ALTER TABLE chat_groups ADD COLUMN at_all_by integer;
ALTER TABLE chat_groups ADD COLUMN last_time bigint NOT NULL DEFAULT 0;
ALTER TABLE chat_conversations ADD COLUMN read_seq integer NOT NULL DEFAULT 0;
ALTER TABLE chat_conversations ADD COLUMN own_unread integer NOT NULL DEFAULT 0;
ALTER TABLE chat_conversations ADD COLUMN deleted_seq integer NOT NULL DEFAULT 0;

-- the data moves over: each group starts its unread sequence at its largest unread count, and each
-- member's read position sits their unread count below it, so every count reads as before
UPDATE chat_groups g SET
  last_seq = coalesce((SELECT max(m.seq) FROM chat_messages m WHERE m.conv_key = 'GROUP' || g.group_id), 0),
  unread_seq = coalesce((SELECT max(c.unread) FROM chat_conversations c WHERE c.group_id = g.group_id), 0),
  last_time = greatest(g.created_at,
    coalesce((SELECT max(m.time) FROM chat_messages m WHERE m.conv_key = 'GROUP' || g.group_id), 0));

UPDATE chat_conversations c SET
  read_seq = g.unread_seq - c.unread,
  unread = 0,
  -- a deleted group conversation shows again with the next message, as it did
  deleted_seq = CASE WHEN c.deleted THEN g.last_seq ELSE 0 END
  FROM chat_groups g
  WHERE g.group_id = c.group_id
    AND EXISTS (SELECT 1 FROM chat_members x WHERE x.group_id = c.group_id AND x.user_id = c.user_id);
-- a removed member's row keeps its count as it stood (it no longer grew with the group's messages)
UPDATE chat_conversations c SET read_seq = -1
  WHERE c.group_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM chat_members x WHERE x.group_id = c.group_id AND x.user_id = c.user_id);
