-- Rounds that wait for their players.
-- `games.first_move_ms`: each side's time for its first move in a live game (NULL: the usual
-- 30 s; a tournament game has more, its players being called to it).
ALTER TABLE games ADD COLUMN first_move_ms INTEGER;
-- `games.tournament_id`: the tournament a game is played for (its pairing says which).
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
UPDATE games SET tournament_id = (SELECT tournament_id FROM tournament_games g WHERE g.game_id = games.id);
-- `tournaments.pause_ms`: a Swiss round's games start this long after its pairings are
-- announced (0: at once).
ALTER TABLE tournaments ADD COLUMN pause_ms INTEGER NOT NULL DEFAULT 0;
-- `starts_at_ms`: when the pairing's game starts (NULL: when it was paired); `handed_out_ms`:
-- when a process took it to start its game (another takes it again if that one stopped);
-- `forfeit`: the loser never made their first move, so the game counts as not played.
ALTER TABLE tournament_games ADD COLUMN starts_at_ms INTEGER;
ALTER TABLE tournament_games ADD COLUMN handed_out_ms INTEGER;
ALTER TABLE tournament_games ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0;
-- First moves missed in a row: two withdraw the player (who may join again).
ALTER TABLE tournament_players ADD COLUMN absences INTEGER NOT NULL DEFAULT 0;
