-- The message that shows a challenge, so its buttons can be greyed when it expires.
ALTER TABLE challenges ADD COLUMN message_id INTEGER;
