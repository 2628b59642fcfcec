-- Twin of sqlite/0006_rating_history.sql.
CREATE TABLE rating_history (
    user_id   BIGINT           NOT NULL,
    game_id   BIGINT           NOT NULL REFERENCES games (id),
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    played_at BIGINT           NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX rating_history_by_time ON rating_history (user_id, played_at);
