-- Twin of sqlite/0013_web.sql.
ALTER TABLE games ADD COLUMN web_key TEXT;
UPDATE games SET web_key = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX games_by_web_key ON games (web_key);

CREATE TABLE web_public (
    guild_id BIGINT PRIMARY KEY,
    -- The server's name when it opted in (Discord's; the bot keeps no other copy).
    name     TEXT NOT NULL DEFAULT ''
);

CREATE TABLE analyses (
    game_id  BIGINT PRIMARY KEY,
    version  BIGINT NOT NULL,
    analysis TEXT   NOT NULL
);
