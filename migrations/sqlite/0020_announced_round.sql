-- The Swiss round whose pairings the tournament's channel has been told of. A round paired
-- ahead of it is owed its announcement, written in the round's own transaction, so a process
-- killed between pairing a round and posting it leaves the announcement owed, and whichever
-- process is alive posts it (claimed until round_claimed_until_ms, so one of them).
ALTER TABLE tournaments ADD COLUMN announced_round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN round_claimed_until_ms INTEGER;
UPDATE tournaments SET announced_round = round;
