-- Twin of sqlite/0004_broken_games.sql.
ALTER TABLE games ADD COLUMN broken BOOLEAN NOT NULL DEFAULT FALSE;
