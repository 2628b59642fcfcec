-- Each rated player's rating and deviation after every rated game, for the rating curve of
-- the player's card. Rows of games played before this migration are rebuilt by the host at
-- start (it replays the finished rated games in order with the same Glicko-2 computation).
CREATE TABLE rating_history (
    user_id   INTEGER NOT NULL,
    game_id   INTEGER NOT NULL REFERENCES games (id),
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_by_time ON rating_history (user_id, played_at);
