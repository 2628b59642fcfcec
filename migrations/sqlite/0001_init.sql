-- Players: one row per Discord user who has played; Glicko-2 rating and counts of rated games.
CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL DEFAULT '',
    rating      REAL    NOT NULL DEFAULT 1500,
    deviation   REAL    NOT NULL DEFAULT 350,
    volatility  REAL    NOT NULL DEFAULT 0.06,
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0
);

-- Challenges: open until accepted, declined, cancelled or expired.
CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL,
    challenged_id INTEGER NOT NULL,
    color         TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated         INTEGER NOT NULL,
    thread        INTEGER NOT NULL DEFAULT 0,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    expires_at    INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, expires_at);

-- Games: one running game per channel (or thread). A NULL player is the AI.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    white_id         INTEGER,
    black_id         INTEGER,
    ai_level         TEXT,
    rated            INTEGER NOT NULL,
    start_fen        TEXT    NOT NULL,
    fen              TEXT    NOT NULL,
    ply              INTEGER NOT NULL DEFAULT 0,
    status           TEXT    NOT NULL DEFAULT 'running'
                     CHECK (status IN ('running', 'finished', 'aborted')),
    result           TEXT,
    reason           TEXT,
    draw_offer       INTEGER,
    takeback_offer   INTEGER,
    warn_at          INTEGER NOT NULL,
    deadline         INTEGER NOT NULL,
    warned           INTEGER NOT NULL DEFAULT 0,
    board_message_id INTEGER,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE UNIQUE INDEX games_one_running_per_channel ON games (channel_id) WHERE status = 'running';
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_deadlines ON games (status, deadline);

-- Moves: ply N of a game is written once; a second submission of the same ply fails.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    notation  TEXT    NOT NULL,
    played_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
