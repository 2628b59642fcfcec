-- The web pages. A game's page is reached by a long random key (the link posted with its
-- board), never by its number, so only those who saw the link find it; games before get one
-- here.
ALTER TABLE games ADD COLUMN web_key TEXT;
UPDATE games SET web_key = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX games_by_web_key ON games (web_key);

-- Servers whose leaderboards, running games and tournaments are listed on the web
-- (/dama web public:true). No row: nothing of the server is listed.
CREATE TABLE web_public (
    guild_id INTEGER PRIMARY KEY,
    -- The server's name when it opted in (Discord's; the bot keeps no other copy).
    name     TEXT NOT NULL DEFAULT ''
);

-- A game's latest analysis (/dama analyze) as text (see `Analysis::to_text`), made at the game's
-- version `version`, for its page.
CREATE TABLE analyses (
    game_id  INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL,
    analysis TEXT    NOT NULL
);
