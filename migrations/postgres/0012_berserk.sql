-- Twin of sqlite/0012_berserk.sql.
ALTER TABLE games ADD COLUMN berserk BIGINT;
