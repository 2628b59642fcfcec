-- One unit of time: every moment is stored in milliseconds since the epoch, as the clocks and
-- the tournaments already were, and every such column says so in its name.
ALTER TABLE challenges RENAME COLUMN expires_at TO expires_at_ms;
ALTER TABLE challenges RENAME COLUMN created_at TO created_at_ms;
UPDATE challenges SET expires_at_ms = expires_at_ms * 1000, created_at_ms = created_at_ms * 1000;

ALTER TABLE games RENAME COLUMN warn_at TO warn_at_ms;
ALTER TABLE games RENAME COLUMN deadline TO deadline_ms;
ALTER TABLE games RENAME COLUMN created_at TO created_at_ms;
ALTER TABLE games RENAME COLUMN updated_at TO updated_at_ms;
UPDATE games SET warn_at_ms = warn_at_ms * 1000, deadline_ms = deadline_ms * 1000,
    created_at_ms = created_at_ms * 1000, updated_at_ms = updated_at_ms * 1000;

ALTER TABLE moves RENAME COLUMN played_at TO played_at_ms;
UPDATE moves SET played_at_ms = played_at_ms * 1000;

ALTER TABLE rating_history RENAME COLUMN played_at TO played_at_ms;
UPDATE rating_history SET played_at_ms = played_at_ms * 1000;

ALTER TABLE puzzle_attempts RENAME COLUMN started_at TO started_at_ms;
ALTER TABLE puzzle_attempts RENAME COLUMN updated_at TO updated_at_ms;
UPDATE puzzle_attempts SET started_at_ms = started_at_ms * 1000, updated_at_ms = updated_at_ms * 1000;

ALTER TABLE leases RENAME COLUMN expires_at TO expires_at_ms;
UPDATE leases SET expires_at_ms = expires_at_ms * 1000;
ALTER TABLE ai_claims RENAME COLUMN expires_at TO expires_at_ms;
UPDATE ai_claims SET expires_at_ms = expires_at_ms * 1000;

ALTER TABLE mined_puzzles RENAME COLUMN played_at TO played_at_ms;
UPDATE mined_puzzles SET played_at_ms = played_at_ms * 1000;
ALTER TABLE mined_games RENAME COLUMN mined_at TO mined_at_ms;
UPDATE mined_games SET mined_at_ms = mined_at_ms * 1000;
