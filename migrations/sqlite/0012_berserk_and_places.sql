-- Berserk (Arena tournaments' live games): NULL where a player may not go berserk; otherwise
-- which sides did, as bits (1 White, 2 Black). A berserk side's clock was halved and gets no
-- increment.
ALTER TABLE games ADD COLUMN berserk INTEGER;

-- A finished tournament's final place of each player (1 the winner; tied players share it),
-- for their card.
ALTER TABLE tournament_players ADD COLUMN place INTEGER;
