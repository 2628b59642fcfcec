-- An open challenge names nobody: anyone in its channel but its challenger may take it, and
-- whoever takes it is written as it is accepted.
ALTER TABLE challenges ALTER COLUMN challenged_id DROP NOT NULL;
