-- Twin of sqlite/0016_round_flow.sql.
ALTER TABLE games ADD COLUMN first_move_ms BIGINT;
ALTER TABLE games ADD COLUMN tournament_id BIGINT REFERENCES tournaments (id);
UPDATE games SET tournament_id = (SELECT tournament_id FROM tournament_games g WHERE g.game_id = games.id);
ALTER TABLE tournaments ADD COLUMN pause_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournament_games ADD COLUMN starts_at_ms BIGINT;
ALTER TABLE tournament_games ADD COLUMN handed_out_ms BIGINT;
ALTER TABLE tournament_games ADD COLUMN forfeit BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournament_players ADD COLUMN absences BIGINT NOT NULL DEFAULT 0;
