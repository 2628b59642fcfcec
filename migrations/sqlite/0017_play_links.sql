-- A player's own link to play a game on its web page: the SHA-256 of its token (the token is
-- never stored), one per player and game; asking again replaces it, retiring the old link.
CREATE TABLE play_links (
    game_id INTEGER NOT NULL REFERENCES games (id),
    user_id INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
