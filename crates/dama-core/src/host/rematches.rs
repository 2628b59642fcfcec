//! Rematches: after a game between two people, the first press of Rematch offers the same game
//! with colours swapped (a challenge to the other player that names the game), and the other
//! player's press accepts it. Against the AI the press starts the new game at once.

use crate::host::FindingMsg;
use std::time::Duration;

use dama_model::{ChallengeStatus, ColorChoice, GameId, GameStatus, Millis};
use dama_rules::Color;
use dama_store::{self as store, ChallengeRow, GameRow};

use super::challenges::challenge_buttons;
use super::{
    Button, ButtonAction, ButtonLabel, ButtonStyle, Host, HostError, HostResult, Msg, Refusal,
    Reply, Who, color_of, player_of,
};

/// A rematch offer for a live game lapses after this.
pub const LIVE_REMATCH: Duration = Duration::from_secs(2 * 60);
/// A rematch offer for a correspondence game lapses after this.
pub const CORRESPONDENCE_REMATCH: Duration = Duration::from_secs(24 * 3_600);
/// A player may offer this many rematches a minute; a flood beyond moves nothing.
pub const REMATCHES_A_MINUTE: i64 = 3;

impl Host {
    /// Rematch for the channel's last game (the console's `rematch`).
    pub async fn rematch_here(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        self.rematch(who, row.id).await
    }

    /// The asker presses Rematch under `game`: offers it again with colours swapped, or
    /// accepts the other player's offer; against the AI, starts it at once.
    pub async fn rematch(&self, who: &Who, game: GameId) -> HostResult {
        let row = self
            .store
            .game(game)
            .await?
            .ok_or(HostError::Refused(Refusal::NoGame))?;
        if row.status == GameStatus::Running {
            return Err(HostError::Refused(Refusal::RematchNotOver));
        }
        let Some(mine) = color_of(&row, who.user) else {
            return Err(HostError::Refused(Refusal::RematchNotPlayer));
        };
        if row.tournament_id.is_some() {
            return Err(HostError::Refused(Refusal::RematchInTournament));
        }
        if !self.store.second_channels(game).await?.is_empty() {
            return Err(HostError::Refused(Refusal::RematchAcrossServers));
        }
        // The new game is played where the old one was, whichever message was pressed.
        let here = Who {
            channel: row.channel_id,
            guild: row.guild_id,
            game: None,
            ..who.clone()
        };
        let Some(other) = player_of(&row, mine.opponent()) else {
            let level = row.ai_level.ok_or_else(|| {
                HostError::internal("a game with one player and no AI", format!("game {game}"))
            })?;
            return self
                .play_ai_on(&here, level, mine.opponent(), row.time_control)
                .await;
        };
        self.not_blocked(who.user, other).await?;
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        if store::rematch_played(&mut tx, game).await? {
            return Err(HostError::Refused(Refusal::RematchPlayed));
        }
        if let Some(offer) = store::open_rematch(&mut tx, game).await? {
            if offer.expires_at > now {
                drop(tx);
                if offer.challenger_id == who.user {
                    return Err(HostError::Refused(Refusal::RematchOfferedAlready {
                        to: other,
                    }));
                }
                let started = self.answer_challenge(&here, offer.id, true).await?;
                // The offer's own buttons go grey: it was taken from the board.
                let settles = offer
                    .message_id
                    .map(|m| (m, challenge_buttons(offer.id, false, true)));
                return Ok(Reply { settles, ..started });
            }
            // Lapsed but not yet swept: this offer replaces it.
            store::close_challenge(&mut tx, offer.id, ChallengeStatus::Expired).await?;
        }
        let minute_ago = now - Millis(60_000);
        if store::rematch_offers_since(&mut tx, who.user, minute_ago).await? >= REMATCHES_A_MINUTE {
            return Err(HostError::Refused(Refusal::TooManyRematches {
                limit: REMATCHES_A_MINUTE,
            }));
        }
        self.channel_free(row.channel_id).await?;
        let lasts = Millis::from_std(if row.time_control.is_live() {
            LIVE_REMATCH
        } else {
            CORRESPONDENCE_REMATCH
        });
        let color = match mine.opponent() {
            Color::White => ColorChoice::White,
            Color::Black => ColorChoice::Black,
        };
        let offer = ChallengeRow {
            id: dama_model::ChallengeId(0),
            guild_id: row.guild_id,
            channel_id: row.channel_id,
            challenger_id: who.user,
            challenged_id: Some(other),
            color,
            rated: row.rated,
            thread: false,
            status: ChallengeStatus::Open,
            expires_at: now + lasts,
            created_at: now,
            message_id: None,
            time_control: row.time_control,
            rematch_of: Some(game),
        };
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let id = store::insert_challenge(&mut tx, &offer).await?;
        tx.commit().await?;
        Ok(Reply {
            buttons: challenge_buttons(id, false, false),
            mentions: vec![other],
            ..Reply::say(Msg::Finding(FindingMsg::RematchOffered {
                by: who.user,
                to: other,
                color: mine.opponent(),
                rated: row.rated,
                control: row.time_control,
                lasts,
            }))
        })
    }
}

/// The Rematch button under a game that is `over`, where one may be asked for: a game between
/// two people or against the AI, outside tournaments.
pub(super) fn rematch_button(row: &GameRow, over: bool) -> Option<Button> {
    let someone = row.white_id.is_some() || row.black_id.is_some();
    (over && someone && row.tournament_id.is_none()).then_some(Button {
        action: ButtonAction::Rematch { game: row.id },
        label: ButtonLabel::Rematch,
        style: ButtonStyle::Primary,
        disabled: false,
    })
}
