-- An entrant's name as they joined: FIDE's Swiss rules (C.04.2) order players of equal rating
-- alphabetically for their pairing numbers, and a name changed later must not move them. Those
-- who joined before keep their order (by user id), the name left empty.
ALTER TABLE tournament_players ADD COLUMN name TEXT NOT NULL DEFAULT '';
