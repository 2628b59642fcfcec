-- Work one process does for all (see src/store/work.rs). `leases`: the minute sweep, held by
-- one process at a time and renewed while it runs. `ai_claims`: the process thinking about
-- the AI's move in a game (at the game's version); a claim whose time is up may be taken over.
CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE ai_claims (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    version    INTEGER NOT NULL,
    holder     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX ai_claims_by_holder ON ai_claims (holder);
