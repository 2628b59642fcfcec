//! The messages a front end posted for games and challenges, remembered so that only the
//! newest board keeps its buttons and a challenge's go grey when it is settled; and the posts
//! games are owed. Every change a channel must be told of (a move, an ending, a takeback, a
//! new game) leaves its game's version ahead of what the channel was shown, in the change's
//! own transaction; the front end notes each post it made. What stays owed (the process
//! died between the commit and the post, or Discord refused it for a while) is claimed by one
//! living process and posted once: a board naming the moves since the last one.

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

/// A game owed a post, claimed for this process: tell it with [`Host::catch_up`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The game.
    pub game: GameId,
    /// Its channel.
    pub channel: ChannelId,
    /// That channel's server.
    pub guild: Option<GuildId>,
}

impl Host {
    /// Remembers which messages show games' boards, in the order they were posted, and what
    /// the channels were shown of games, in one transaction; returns the board messages that
    /// are not the newest any more, whose buttons should go (only the newest board acts).
    pub async fn set_board_messages(
        &self,
        boards: &[(GameId, MessageId)],
        shown: &[Shown],
    ) -> Result<Vec<(GameId, MessageId)>, HostError> {
        let mut tx = self.store.write().await?;
        let replaced = store::set_board_messages(&mut tx, boards).await?;
        store::set_posted(&mut tx, shown).await?;
        tx.commit().await?;
        Ok(replaced)
    }

    /// Notes that the channels were shown these changes (posted, or given up as unpostable):
    /// their games owe no post up to them.
    pub async fn posted(&self, shown: &[Shown]) -> Result<(), HostError> {
        if shown.is_empty() {
            return Ok(());
        }
        let mut tx = self.store.write().await?;
        store::set_posted(&mut tx, shown).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The games owed a post for [`OWED_AFTER`] or longer, each claimed for this process for a
    /// minute (another process takes what this one does not post by then).
    pub async fn owed_posts(&self) -> Result<Vec<Owed>, HostError> {
        let now = self.clock.now();
        let rows = self
            .store
            .owed_posts(now - OWED_AFTER, now, OWED_AT_ONCE)
            .await?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.store.write().await?;
        let mut owed = Vec::new();
        for row in rows {
            if store::claim_owed_post(&mut tx, row.id, row.version, now + OWED_CLAIM, now).await? {
                owed.push(Owed {
                    game: row.id,
                    channel: row.channel_id,
                    guild: row.guild_id,
                });
            }
        }
        tx.commit().await?;
        Ok(owed)
    }

    /// The post a game is owed: its board as it stands, naming the moves played since the
    /// channel's last board of it (or how it ended). The AI's turn is left to its own duty.
    pub async fn catch_up(&self, id: GameId, lang: Lang) -> HostResult {
        let row = self.game_row(id).await?;
        let game = self.load(&row).await?;
        let mut reply = self.board_reply(&row, &game, lang);
        reply.ai_turn = None;
        let history: Vec<_> = game.history().collect();
        let since = usize::try_from(row.posted_ply)
            .unwrap_or(0)
            .min(history.len());
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
