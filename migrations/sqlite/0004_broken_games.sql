-- A running game whose stored record cannot be replayed is reported to its players once, with
-- the way out (abort). `broken` remembers that the report went out.
ALTER TABLE games ADD COLUMN broken INTEGER NOT NULL DEFAULT 0;
