-- The network across servers. A server joins (`/dama network join:true`, Manage Server) and its
-- players may then seek everywhere: such a seek waits in its server's pool and, left unpaired
-- there, in the network's pool for the same clock. A game between two servers is played from
-- two channels (a thread of each player's seek channel): the game's own (`games.channel_id`,
-- the player who waited longer) and one more in `game_channels`, which keeps for it what
-- `games` keeps for the first (what it was shown, its newest board), so every board reaches
-- both and a post owed to either is made after a crash.
CREATE TABLE network_servers (
    guild_id     BIGINT PRIMARY KEY,
    joined_by    BIGINT NOT NULL,
    joined_at_ms BIGINT NOT NULL
);

ALTER TABLE seeks ADD COLUMN everywhere BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE meetings ADD COLUMN other_guild_id BIGINT;
ALTER TABLE meetings ADD COLUMN other_channel_id BIGINT;
ALTER TABLE meetings ADD COLUMN other_player_id BIGINT;

CREATE TABLE game_channels (
    game_id               BIGINT NOT NULL REFERENCES games (id),
    guild_id              BIGINT NOT NULL,
    channel_id            BIGINT NOT NULL,
    -- The player whose channel it is: the only one its posts mention.
    player_id             BIGINT NOT NULL,
    posted_version        BIGINT NOT NULL DEFAULT -1,
    posted_ply            BIGINT NOT NULL DEFAULT 0,
    post_claimed_until_ms BIGINT,
    board_message_id      BIGINT,
    PRIMARY KEY (game_id, channel_id)
);
CREATE INDEX game_channels_by_channel ON game_channels (channel_id);
