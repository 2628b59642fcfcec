-- A rematch offer is a challenge to the other player of a finished game, colours swapped: it
-- names that game. One open offer and one accepted rematch a game.
ALTER TABLE challenges ADD COLUMN rematch_of INTEGER;
CREATE UNIQUE INDEX challenges_rematch_open ON challenges (rematch_of)
    WHERE status = 'open' AND rematch_of IS NOT NULL;
CREATE UNIQUE INDEX challenges_rematch_played ON challenges (rematch_of)
    WHERE status = 'accepted' AND rematch_of IS NOT NULL;
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_at_ms);
