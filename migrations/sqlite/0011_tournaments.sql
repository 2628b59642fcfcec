-- Tournaments: Swiss (rounds) or Arena (minutes), on any time control. `round` counts the
-- Swiss rounds paired so far (Arena: 0); pairing a round bumps it in the same transaction as
-- its pairings, checked against the value read, so exactly one process pairs each round.
-- `games_channel_id`: where its games are played (NULL: a thread each, under `channel_id`).
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,
    games_channel_id INTEGER,
    name          TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('swiss', 'arena')),
    time_control  TEXT    NOT NULL,
    speed         TEXT    NOT NULL,
    rounds        INTEGER,
    minutes       INTEGER,
    rated         INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    starts_at_ms  INTEGER,
    started_at_ms INTEGER,
    ends_at_ms    INTEGER,
    round         INTEGER NOT NULL DEFAULT 0,
    round_ends_ms INTEGER,
    standings_posted_ms INTEGER,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at_ms INTEGER NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

-- Who entered: their rating when they joined (the seeding), the rounds already paired then
-- (missed rounds score half a point), and whether they have withdrawn (they may rejoin).
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    rating        REAL    NOT NULL,
    joined_round  INTEGER NOT NULL,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    joined_at_ms  INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- The pairings: a Swiss round's boards, or an Arena's games in the order they were paired
-- (round 0). A bye has no Black. `game_id` once its game is started (one game per pairing);
-- `white_halves` once it has ended (2 a White win, 1 a draw, 0 a Black win), with its length
-- in plies for the Arena's rules, and who went berserk.
CREATE TABLE tournament_games (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    white_id      INTEGER NOT NULL,
    black_id      INTEGER,
    game_id       INTEGER REFERENCES games (id),
    white_halves  INTEGER,
    plies         INTEGER,
    white_berserk INTEGER NOT NULL DEFAULT 0,
    black_berserk INTEGER NOT NULL DEFAULT 0,
    created_at_ms INTEGER NOT NULL,
    ended_at_ms   INTEGER
);
CREATE UNIQUE INDEX tournament_games_boards ON tournament_games (tournament_id, round, board);
CREATE UNIQUE INDEX tournament_games_one_per_game ON tournament_games (game_id);
CREATE INDEX tournament_games_unstarted ON tournament_games (tournament_id) WHERE game_id IS NULL;
