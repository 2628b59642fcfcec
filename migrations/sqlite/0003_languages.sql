-- The language of the bot's replies, chosen with /dama language: a player's own choice
-- (kind 'user') and a server's (kind 'guild'). No row means "auto" (Discord's locale).
CREATE TABLE languages (
    kind TEXT    NOT NULL CHECK (kind IN ('user', 'guild')),
    id   INTEGER NOT NULL,
    lang TEXT    NOT NULL,
    PRIMARY KEY (kind, id)
) WITHOUT ROWID;
