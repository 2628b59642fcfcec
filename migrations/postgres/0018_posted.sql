-- What the channel has been shown of each game: the version and ply of the last post about it
-- (a board, or an ending told in words). A game whose version is ahead of it is owed a post,
-- written in the same transaction as the change itself, so a process killed between a commit
-- and its post leaves the post owed, and whichever process is alive makes it (claimed until
-- post_claimed_until_ms, so one of them). A new game is owed its first board.
ALTER TABLE games ADD COLUMN posted_version BIGINT NOT NULL DEFAULT -1;
ALTER TABLE games ADD COLUMN posted_ply BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN post_claimed_until_ms BIGINT;
UPDATE games SET posted_version = version, posted_ply = ply;
CREATE INDEX games_owed_a_post ON games (updated_at_ms) WHERE posted_version < version;
