-- Quick pairing. A seek is a player waiting in a pool (one clock, rated or not, in one
-- server); a player waits in one pool at a time. A wave pairs two seeks into a meeting, in the
-- same transaction that ends both; the meeting's game is then started where the player who
-- waited longer sought (a thread there), and noted, so a meeting whose process died is started
-- by another.
CREATE TABLE seeks (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    time_control  TEXT    NOT NULL,
    speed         TEXT    NOT NULL,
    rated         INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'waiting'
                  CHECK (status IN ('waiting', 'paired', 'left', 'expired')),
    created_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL
);
CREATE UNIQUE INDEX seeks_one_waiting ON seeks (user_id) WHERE status = 'waiting';
CREATE INDEX seeks_waiting ON seeks (status, guild_id, time_control);

CREATE TABLE meetings (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    white_seek    INTEGER NOT NULL REFERENCES seeks (id),
    black_seek    INTEGER NOT NULL REFERENCES seeks (id),
    white_id      INTEGER NOT NULL,
    black_id      INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    time_control  TEXT    NOT NULL,
    rated         INTEGER NOT NULL,
    game_id       INTEGER REFERENCES games (id),
    created_at_ms INTEGER NOT NULL,
    told_at_ms    INTEGER NOT NULL,
    -- No game could be opened (no thread, and a game running in the channel): told once.
    abandoned     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX meetings_unstarted ON meetings (game_id, told_at_ms);
