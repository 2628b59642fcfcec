-- Twin of sqlite/0002_game_version.sql.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
UPDATE games SET version = ply;
