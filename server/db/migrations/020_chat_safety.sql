-- 020: chat safety (issue 23). A chat image is named by an unguessable key (128 random bits) instead
-- of its sequential id, and belongs to the conversation it was sent in: only that conversation's
-- people (the two of a one-to-one chat, a group's members) read it. Images already sent keep their
-- conversation (from the message that carries them) and get a random key, and those messages point to
-- it; images stored but never sent (refused after storing, before this fix) are dropped.

ALTER TABLE chat_images ADD COLUMN key text;
ALTER TABLE chat_images ADD COLUMN conv_key text;

UPDATE chat_images i SET conv_key = m.conv_key
  FROM chat_messages m
  WHERE m.type = 'TIMImageElem' AND m.payload -> 'imageInfoArray' -> 0 ->> 'url' = '/api/chat/images/' || i.id;
DELETE FROM chat_images WHERE conv_key IS NULL;

UPDATE chat_images SET key = replace(gen_random_uuid()::text, '-', '');
UPDATE chat_messages m SET payload = jsonb_set(m.payload, '{imageInfoArray,0,url}', to_jsonb('/api/chat/images/' || i.key))
  FROM chat_images i
  WHERE m.type = 'TIMImageElem' AND m.payload -> 'imageInfoArray' -> 0 ->> 'url' = '/api/chat/images/' || i.id;

ALTER TABLE chat_images ALTER COLUMN key SET NOT NULL;
ALTER TABLE chat_images ALTER COLUMN conv_key SET NOT NULL;
ALTER TABLE chat_images ADD CONSTRAINT chat_images_key_unique UNIQUE (key);
ALTER TABLE chat_images ADD CONSTRAINT chat_images_key_shape CHECK (key ~ '^[A-Za-z0-9_-]{22,43}$');
ALTER TABLE chat_images ADD CONSTRAINT chat_images_conv_key_length CHECK (char_length(conv_key) <= 80);
