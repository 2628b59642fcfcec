-- An open challenge names nobody: anyone in its channel but its challenger may take it, and
-- whoever takes it is written as it is accepted. SQLite cannot drop a NOT NULL, so the table
-- is made again, ids kept.
CREATE TABLE challenges_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL,
    challenged_id INTEGER,
    color         TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated         INTEGER NOT NULL,
    thread        INTEGER NOT NULL DEFAULT 0,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    expires_at_ms INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    message_id    INTEGER,
    time_control  TEXT    NOT NULL DEFAULT '3d'
);
INSERT INTO challenges_new (id, guild_id, channel_id, challenger_id, challenged_id, color, rated,
                            thread, status, expires_at_ms, created_at_ms, message_id, time_control)
SELECT id, guild_id, channel_id, challenger_id, challenged_id, color, rated, thread, status,
       expires_at_ms, created_at_ms, message_id, time_control
FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_open ON challenges (status, expires_at_ms);
