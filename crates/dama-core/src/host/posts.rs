//! The messages a front end posted for games and challenges, remembered so that only the
//! newest board keeps its buttons and a challenge's go grey when it is settled; and the posts
//! games are owed. Every change a channel must be told of (a move, an ending, a takeback, a
//! new game) leaves its game's version ahead of what the channel was shown, in the change's
//! own transaction; the front end notes each post it made. What stays owed (the process
//! died between the commit and the post, or Discord refused it for a while) is claimed by one
//! living process and posted once: a board naming the moves since the last one.
//!
//! A game between two servers is played from two channels, each told every change: a post in
//! one is echoed in the other ([`Host::claim_echo`], then [`Host::catch_up`] there), and each
//! keeps its own account of what it was shown.

use dama_model::{ChallengeId, ChannelId, GameId, GuildId, MessageId, Millis};
use dama_rules::Role;
use dama_store::{self as store, Shown};

use super::{Host, HostError, HostResult, Lang, Msg, players};

/// A change is owed its post once it is this old: until then the process that made it is
/// posting it (a channel takes a board a second; a burst or a 429 delays a few).
pub const OWED_AFTER: Millis = Millis(15_000);

/// How long one process holds an owed post before another may try it.
pub(super) const OWED_CLAIM: Millis = Millis(60_000);

/// Owed posts claimed at once.
pub(super) const OWED_AT_ONCE: i64 = 50;

/// A game's channel: the one it was started in, or its second (a game between two servers).
/// Owed a post, claimed for this process, it is told with [`Host::catch_up`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChannel {
    /// The game.
    pub game: GameId,
    /// The channel.
    pub channel: ChannelId,
    /// That channel's server.
    pub guild: Option<GuildId>,
}

impl Host {
    /// Remembers which messages show games' boards (each in its channel), in the order they
    /// were posted, and what the channels were shown of games, in one transaction; returns the
    /// board messages that are not the newest in their channel any more, whose buttons should
    /// go (only the newest board acts).
    pub async fn set_board_messages(
        &self,
        boards: &[(GameId, ChannelId, MessageId)],
        shown: &[(ChannelId, Shown)],
    ) -> Result<Vec<(GameId, ChannelId, MessageId)>, HostError> {
        let mut tx = self.store.write().await?;
        let replaced = store::set_board_messages(&mut tx, boards).await?;
        store::set_posted(&mut tx, shown).await?;
        tx.commit().await?;
        Ok(replaced)
    }

    /// Notes that channels were shown these changes (posted, or given up as unpostable):
    /// their games owe them no post up to them, and any claim on that post is let go.
    pub async fn posted(&self, shown: &[(ChannelId, Shown)]) -> Result<(), HostError> {
        if shown.is_empty() {
            return Ok(());
        }
        let mut tx = self.store.write().await?;
        store::set_posted(&mut tx, shown).await?;
        tx.commit().await?;
        Ok(())
    }

    /// [`Host::posted`] for changes shown in their games' own channels (the console, whose
    /// games have one channel each).
    pub async fn posted_own(&self, shown: &[Shown]) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_posted_own(&mut tx, shown).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game's other channels than `channel` (none but for a game between two servers):
    /// a post in `channel` about a change is echoed there.
    pub async fn other_channels(
        &self,
        game: GameId,
        channel: ChannelId,
    ) -> Result<Vec<GameChannel>, HostError> {
        let mut all = self.channels_of_network_game(game).await?;
        all.retain(|c| c.channel != channel);
        Ok(all)
    }

    /// Every channel of a game between two servers (its own first); none for another game.
    pub(super) async fn channels_of_network_game(
        &self,
        game: GameId,
    ) -> Result<Vec<GameChannel>, HostError> {
        let seconds = self.store.second_channels(game).await?;
        if seconds.is_empty() {
            return Ok(Vec::new());
        }
        let row = self.game_row(game).await?;
        let own = GameChannel {
            game,
            channel: row.channel_id,
            guild: row.guild_id,
        };
        let seconds = seconds.into_iter().map(|c| GameChannel {
            game,
            channel: c.channel_id,
            guild: Some(c.guild_id),
        });
        Ok(std::iter::once(own).chain(seconds).collect())
    }

    /// Claims for this process the post `channel` is owed of `game`, if it is owed one and no
    /// other process is making it: then post [`Host::catch_up`] there and say so with
    /// [`Host::posted`] (which lets the claim go).
    pub async fn claim_echo(&self, game: GameId, channel: ChannelId) -> Result<bool, HostError> {
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        let claimed = store::claim_post(&mut tx, game, channel, now + OWED_CLAIM, now).await?;
        tx.commit().await?;
        Ok(claimed)
    }

    /// The channels owed a post for [`OWED_AFTER`] or longer, each claimed for this process
    /// for a minute (another process takes what this one does not post by then).
    pub async fn owed_posts(&self) -> Result<Vec<GameChannel>, HostError> {
        let now = self.clock.now();
        let rows = self
            .store
            .owed_posts(now - OWED_AFTER, now, OWED_AT_ONCE)
            .await?;
        let seconds = self
            .store
            .owed_second_posts(now - OWED_AFTER, now, OWED_AT_ONCE)
            .await?;
        if rows.is_empty() && seconds.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.store.write().await?;
        let mut owed = Vec::new();
        for row in rows {
            if store::claim_owed_post(&mut tx, row.id, row.version, now + OWED_CLAIM, now).await? {
                owed.push(GameChannel {
                    game: row.id,
                    channel: row.channel_id,
                    guild: row.guild_id,
                });
            }
        }
        for (c, version) in seconds {
            let until = now + OWED_CLAIM;
            if store::claim_owed_second_post(&mut tx, c.game_id, c.channel_id, version, until, now)
                .await?
            {
                owed.push(GameChannel {
                    game: c.game_id,
                    channel: c.channel_id,
                    guild: Some(c.guild_id),
                });
            }
        }
        tx.commit().await?;
        Ok(owed)
    }

    /// The post a game owes `channel` (its own or its second): its board as it stands, naming
    /// the moves played since that channel's last board of it (or how it ended; a first board
    /// says the game began). The AI's turn is left to its own duty. In a second channel only
    /// its own player is mentioned (the other is not of that server).
    pub async fn catch_up(&self, id: GameId, channel: ChannelId, lang: Lang) -> HostResult {
        let row = self.game_row(id).await?;
        let game = self.load(&row).await?;
        let mut reply = self.board_reply(&row, &game, lang);
        reply.ai_turn = None;
        let second = self
            .store
            .second_channels(id)
            .await?
            .into_iter()
            .find(|c| c.channel_id == channel);
        let (posted_version, posted_ply) = match &second {
            Some(c) => {
                reply.mentions.retain(|m| *m == c.player_id);
                (c.posted_version, c.posted_ply)
            }
            None => (row.posted_version, row.posted_ply),
        };
        let history: Vec<_> = game.history().collect();
        let since = usize::try_from(posted_ply).unwrap_or(0).min(history.len());
        if let Some((&(before, last), earlier)) = history[since..].split_last() {
            let crowned = before
                .piece_at(last.from())
                .is_some_and(|p| p.role == Role::Man)
                && before
                    .play_unchecked(&last)
                    .piece_at(last.to())
                    .is_some_and(|p| p.role == Role::King);
            reply = reply.led_by(Msg::PlayedSince {
                earlier: earlier.iter().map(|(p, m)| p.notation(m)).collect(),
                mover: players(&row).of(before.side_to_move()),
                notation: before.notation(&last),
                crowned,
            });
        }
        if posted_version < 0 {
            reply = reply.led_by(Msg::GameStarted {
                players: players(&row),
                rated: row.rated,
                control: row.time_control,
            });
        }
        Ok(reply)
    }

    /// Remembers which message shows a challenge (its buttons go grey when it expires).
    pub async fn set_challenge_message(
        &self,
        challenge: ChallengeId,
        message: MessageId,
    ) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_challenge_message(&mut tx, challenge, message).await?;
        tx.commit().await?;
        Ok(())
    }
}
