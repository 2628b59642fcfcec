-- A game's version: bumped in the same transaction as every change to its moves (a move, a
-- takeback), so a copy of the game held in memory can tell it is out of date even when the
-- ply count is the same. Existing games start at their ply, so buttons already posted (which
-- carry the ply) keep working.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET version = ply;
