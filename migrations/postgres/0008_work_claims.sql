-- Twin of sqlite/0008_work_claims.sql.
CREATE TABLE leases (
    name       TEXT   PRIMARY KEY,
    holder     TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE ai_claims (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    version    BIGINT NOT NULL,
    holder     TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX ai_claims_by_holder ON ai_claims (holder);
