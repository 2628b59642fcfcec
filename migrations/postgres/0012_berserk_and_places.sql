-- Twin of sqlite/0012_berserk_and_places.sql.
ALTER TABLE games ADD COLUMN berserk BIGINT;
ALTER TABLE tournament_players ADD COLUMN place BIGINT;
