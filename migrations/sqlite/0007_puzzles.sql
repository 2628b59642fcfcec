-- Puzzles. A puzzle is named by its start position (FEN), so a regenerated set keeps the
-- history of the puzzles it still holds. Days are days since 1970-01-01 in Türkiye (UTC+3).

-- One row per player and puzzle tried: today's puzzle (day set) or a practice one (day NULL).
CREATE TABLE puzzle_attempts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    guild_id   INTEGER,
    puzzle     TEXT    NOT NULL,
    day        INTEGER,
    -- The solver's moves played right so far.
    step       INTEGER NOT NULL DEFAULT 0,
    misses     INTEGER NOT NULL DEFAULT 0,
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed')),
    -- Bumped by every try; a try is written only against the version it was judged on.
    version    INTEGER NOT NULL DEFAULT 0,
    -- The text of the last try, so that the same try sent twice counts once.
    last_try   TEXT,
    started_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX puzzle_attempts_daily ON puzzle_attempts (user_id, day) WHERE day IS NOT NULL;
CREATE UNIQUE INDEX puzzle_attempts_practice ON puzzle_attempts (user_id, puzzle) WHERE day IS NULL;
CREATE INDEX puzzle_attempts_by_guild ON puzzle_attempts (guild_id, user_id);

-- A player's streak, counts and puzzle rating (Glicko-2, apart from the game rating).
CREATE TABLE puzzle_players (
    user_id     INTEGER PRIMARY KEY,
    streak      INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    -- The last day whose daily puzzle was solved.
    last_day    INTEGER,
    solved      INTEGER NOT NULL DEFAULT 0,
    failed      INTEGER NOT NULL DEFAULT 0,
    practice    INTEGER NOT NULL DEFAULT 0,
    rating      REAL    NOT NULL DEFAULT 1500,
    deviation   REAL    NOT NULL DEFAULT 350,
    volatility  REAL    NOT NULL DEFAULT 0.06,
    -- The attempt that moves go to (the one opened last).
    active      INTEGER REFERENCES puzzle_attempts (id)
);

-- Each puzzle's own rating, once someone has played it rated.
CREATE TABLE puzzle_ratings (
    puzzle     TEXT    PRIMARY KEY,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    plays      INTEGER NOT NULL DEFAULT 0
);

-- Where a server's daily puzzle is posted, and the last day it was.
CREATE TABLE puzzle_channels (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    posted_day INTEGER
);
