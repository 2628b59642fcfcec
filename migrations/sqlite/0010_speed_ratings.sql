-- A Glicko-2 rating per player and speed class (bullet, blitz, rapid, classical,
-- correspondence). Every game before clocks was a correspondence game: the ratings kept in
-- `players` and their history become the correspondence ones. `players` keeps the names;
-- its rating columns are no longer written.
CREATE TABLE ratings (
    user_id    INTEGER NOT NULL,
    speed      TEXT    NOT NULL,
    rating     REAL    NOT NULL DEFAULT 1500,
    deviation  REAL    NOT NULL DEFAULT 350,
    volatility REAL    NOT NULL DEFAULT 0.06,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, speed)
);
CREATE INDEX ratings_by_speed ON ratings (speed, rating);
INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, wins, losses, draws)
    SELECT user_id, 'correspondence', rating, deviation, volatility, games, wins, losses, draws
    FROM players WHERE games > 0;
ALTER TABLE rating_history ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence';
