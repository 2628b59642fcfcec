-- A player's sessions on a game's page: a play link is used once, traded for a session whose
-- secret the browser keeps (the cookie) or the Activity holds (Discord signed the player in).
-- Only the secret's SHA-256 is kept; a session ends with its game. Several may be open at
-- once, so a second device or the Activity signs nobody out.
CREATE TABLE web_sessions (
    secret_hash   TEXT PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    user_id       INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL
);
