-- Twin of sqlite/0010_speed_ratings.sql.
CREATE TABLE ratings (
    user_id    BIGINT           NOT NULL,
    speed      TEXT             NOT NULL,
    rating     DOUBLE PRECISION NOT NULL DEFAULT 1500,
    deviation  DOUBLE PRECISION NOT NULL DEFAULT 350,
    volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    games      BIGINT           NOT NULL DEFAULT 0,
    wins       BIGINT           NOT NULL DEFAULT 0,
    losses     BIGINT           NOT NULL DEFAULT 0,
    draws      BIGINT           NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, speed)
);
CREATE INDEX ratings_by_speed ON ratings (speed, rating);
INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, wins, losses, draws)
    SELECT user_id, 'correspondence', rating, deviation, volatility, games, wins, losses, draws
    FROM players WHERE games > 0;
ALTER TABLE rating_history ADD COLUMN speed TEXT NOT NULL DEFAULT 'correspondence';
