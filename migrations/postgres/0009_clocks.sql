-- Twin of sqlite/0009_clocks.sql.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '3d';
ALTER TABLE games ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence';
ALTER TABLE games ADD COLUMN white_ms BIGINT;
ALTER TABLE games ADD COLUMN black_ms BIGINT;
ALTER TABLE games ADD COLUMN turn_began_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN flag_at_ms BIGINT;
UPDATE games SET turn_began_ms = updated_at * 1000;
CREATE INDEX games_flags ON games (flag_at_ms) WHERE status = 'running';

ALTER TABLE challenges ADD COLUMN time_control TEXT NOT NULL DEFAULT '3d';
ALTER TABLE moves ADD COLUMN clock_ms BIGINT;

CREATE TABLE alive (
    id    BIGINT PRIMARY KEY CHECK (id = 1),
    at_ms BIGINT NOT NULL
);
