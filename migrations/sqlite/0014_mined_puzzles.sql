-- Puzzles found in the games played on the bot: a combination the player to move missed,
-- proven like the shipped puzzles. They are the practice pool of the server the game was
-- played on; `puzzle` (the start position) is the key attempts and puzzle ratings use, `line`
-- the whole puzzle as a line of the puzzle file.
CREATE TABLE mined_puzzles (
    id        INTEGER PRIMARY KEY,
    puzzle    TEXT    NOT NULL,
    line      TEXT    NOT NULL,
    -- NULL: a game in direct messages.
    guild_id  INTEGER,
    game_id   INTEGER NOT NULL,
    ply       INTEGER NOT NULL,
    -- Who had the move and missed it.
    player_id INTEGER NOT NULL,
    -- When the game ended (Unix seconds).
    played_at INTEGER NOT NULL
);
-- Named, so both databases hold the same index (an inline UNIQUE is named by each its own way).
CREATE UNIQUE INDEX mined_puzzles_one_per_ply ON mined_puzzles (game_id, ply);
CREATE INDEX mined_puzzles_by_guild ON mined_puzzles (guild_id);
CREATE INDEX mined_puzzles_by_player ON mined_puzzles (player_id);
CREATE INDEX mined_puzzles_by_puzzle ON mined_puzzles (puzzle);

-- Finished games already screened for missed combinations, with how many were found.
CREATE TABLE mined_games (
    game_id  INTEGER PRIMARY KEY,
    mined_at INTEGER NOT NULL,
    found    INTEGER NOT NULL
);
