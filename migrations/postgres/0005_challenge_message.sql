-- Twin of sqlite/0005_challenge_message.sql.
ALTER TABLE challenges ADD COLUMN message_id BIGINT;
