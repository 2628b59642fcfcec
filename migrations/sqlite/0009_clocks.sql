-- Clocks. A game's time control as players write it ('5+3', '1/4+0', '3d') and its speed class;
-- games played before were correspondence games of three days a move. A live game keeps each
-- side's time left and the moment the turn began (milliseconds), and `flag_at_ms`, the moment
-- the side to move's time is up, which every process watches. `moves.clock_ms`: the mover's
-- clock after the move (live games), for the record.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '3d';
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence';
ALTER TABLE games ADD COLUMN white_ms INTEGER;
ALTER TABLE games ADD COLUMN black_ms INTEGER;
ALTER TABLE games ADD COLUMN turn_began_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN flag_at_ms INTEGER;
UPDATE games SET turn_began_ms = updated_at * 1000;
CREATE INDEX games_flags ON games (flag_at_ms) WHERE status = 'running';

ALTER TABLE challenges ADD COLUMN time_control TEXT NOT NULL DEFAULT '3d';
ALTER TABLE moves ADD COLUMN clock_ms INTEGER;

-- When a process of the bot was last seen running (each renews it every second), so that a
-- restart gives the time no process ran back to the players on move.
CREATE TABLE alive (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    at_ms INTEGER NOT NULL
);
