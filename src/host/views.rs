//! What players can look at: the board, the legal moves, a hint, PDN, a replay, ratings.

use std::sync::Arc;

use crate::engine::{Color, GameResult, pdn};
use crate::store::{ChannelId, GameStatus, UserId};

use super::play::with_stored_result;
use super::{
    Caption, File, Host, HostError, HostResult, Msg, Player, PlayerResult, PlayerStats, RecentGame,
    Record, Reply, Scope, Who, color_of, players,
};

impl Host {
    /// The AI's suggestion for the asker, in casual games and games against the AI.
    pub async fn hint(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::NotAPlayer)?;
        if row.rated {
            return Err(HostError::NoHintsInRatedGames);
        }
        let game = self.load(&row).await?;
        if game.position().side_to_move() != color {
            return Err(HostError::NotYourTurn {
                to_move: players(&row).of(color.opponent()),
            });
        }
        let thinking = game.clone();
        let limits = self.config.hint_limits;
        let hint = self
            .think(move || crate::ai::hint(&thinking, limits))
            .await?;
        let (mv, eval) = hint.ok_or(HostError::GameAlreadyOver)?;
        Ok(Reply::private(Msg::Hint {
            notation: game.position().notation(&mv),
            eval,
        }))
    }

    /// Shows the channel's board again (its running game, or the last one).
    pub async fn board(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        let game = self.load(&row).await?;
        Ok(self.board_reply(&row, &game, who.lang))
    }

    /// Lists the legal moves of the channel's game.
    pub async fn legal_moves(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let game = self.load(&row).await?;
        let pos = game.position();
        Ok(Reply::private(Msg::LegalMoves {
            side: pos.side_to_move(),
            moves: pos.notations(&pos.legal_moves()),
            capture_due: pos.has_capture(),
        }))
    }

    /// The legal moves of the channel's game, for autocompletion: those starting with `prefix`.
    pub async fn complete_move(
        &self,
        channel: ChannelId,
        prefix: &str,
    ) -> Result<Vec<String>, HostError> {
        let Some(row) = self.store.running_game(channel).await? else {
            return Ok(Vec::new());
        };
        let game = self.load(&row).await?;
        let pos = game.position();
        let prefix = prefix.trim().to_ascii_lowercase();
        Ok(pos
            .notations(&pos.legal_moves())
            .into_iter()
            .filter(|m| m.starts_with(&prefix))
            .take(25)
            .collect())
    }

    /// The channel's current or last game as PDN. A game called off has no result (`*`).
    pub async fn pdn(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        let game = with_stored_result(&row, self.load(&row).await?);
        let mut tags = pdn::Tags::default();
        tags.set("Event", "Dama on Discord");
        tags.set("Site", "Discord");
        tags.set("Date", date(row.created_at));
        tags.set("Round", "-");
        let who_played = players(&row);
        for (tag, color) in [("White", Color::White), ("Black", Color::Black)] {
            let name = match who_played.of(color) {
                Player::User(id) => self
                    .store
                    .player(id)
                    .await?
                    .map_or(id.0.to_string(), |p| p.name),
                Player::Ai(level) => format!("AI ({})", level.name()),
            };
            tags.set(tag, name);
        }
        let text = pdn::write(&game, &tags);
        Ok(Reply {
            file: Some(File {
                name: format!("dama-{}.pdn", row.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::say(Msg::PdnFile { game: row.id })
        })
    }

    /// Whether the asker may have the channel's replay: the refusal, if not.
    pub async fn may_replay(&self, who: &Who) -> Result<(), HostError> {
        let row = self.latest(who).await?;
        Self::replay_allowed(&row, who)
    }

    fn replay_allowed(row: &crate::store::GameRow, who: &Who) -> Result<(), HostError> {
        if row.status == GameStatus::Running && color_of(row, who.user).is_none() {
            return Err(HostError::ReplayForPlayersOnly);
        }
        Ok(())
    }

    /// The channel's current or last game as an animated GIF. A running game's replay is for
    /// its players; replays are drawn apart from the AI's turns, so those never wait on them.
    pub async fn replay(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        Self::replay_allowed(&row, who)?;
        let game = with_stored_result(&row, self.load(&row).await?);
        let black = row.white_id.is_none() && row.black_id.is_some();
        let mut captions = vec![self.captions.caption(&Caption::ReplayStart, who.lang)];
        let plies = game.ply_count();
        let outcome = game.outcome();
        for (i, (before, mv)) in game.history().enumerate() {
            let caption = Caption::ReplayPly {
                number: i / 2 + 1,
                side: before.side_to_move(),
                notation: before.notation(&mv),
                outcome: outcome.filter(|_| i + 1 == plies),
            };
            captions.push(self.captions.caption(&caption, who.lang));
        }
        let renderer = Arc::clone(&self.renderer);
        let frames = self.config.replay_max_frames;
        let gif = Self::off_runtime(&self.replay_slots, move || {
            renderer.replay_gif(&game, black, &captions, frames)
        })
        .await?;
        Ok(Reply {
            file: Some(File {
                name: format!("dama-{}.gif", row.id),
                bytes: gif,
            }),
            ..Reply::say(Msg::ReplayFile { game: row.id })
        })
    }

    /// The ratings table of this server or of everyone.
    pub async fn leaderboard(&self, who: &Who, scope: Scope) -> HostResult {
        let guild = match scope {
            Scope::Server => who.guild,
            Scope::Global => None,
        };
        let rows = self.store.leaderboard(guild, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::say(Msg::NoRatedGames { scope }));
        }
        let rows = rows.iter().map(Record::from).collect();
        Ok(Reply::say(Msg::Leaderboard { scope, rows }))
    }

    /// Rating, record and recent results of a player.
    pub async fn stats(&self, user: UserId) -> HostResult {
        let Some(p) = self.store.player(user).await? else {
            return Ok(Reply::say(Msg::NotPlayedYet { user }));
        };
        let recent = self.store.recent_games(p.user_id, 5).await?;
        let recent = recent
            .iter()
            .filter_map(|g| {
                let mine = color_of(g, p.user_id)?;
                let result = match g.result? {
                    GameResult::Draw => PlayerResult::Draw,
                    GameResult::Win(c) if c == mine => PlayerResult::Win,
                    GameResult::Win(_) => PlayerResult::Loss,
                };
                Some(RecentGame {
                    result,
                    opponent: players(g).of(mine.opponent()),
                })
            })
            .collect();
        Ok(Reply::say(Msg::Stats(PlayerStats {
            record: Record::from(&p),
            recent,
        })))
    }

    /// Remembers which message shows a game's board; returns the earlier board's message, whose
    /// buttons should go (only the newest board acts).
    pub async fn set_board_message(
        &self,
        game: crate::store::GameId,
        message: crate::store::MessageId,
    ) -> Result<Option<crate::store::MessageId>, HostError> {
        let mut tx = self.store.write().await?;
        let previous = crate::store::set_board_message(&mut tx, game, message).await?;
        tx.commit().await?;
        Ok(previous)
    }

    /// Remembers which message shows a challenge (its buttons go grey when it expires).
    pub async fn set_challenge_message(
        &self,
        challenge: crate::store::ChallengeId,
        message: crate::store::MessageId,
    ) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        crate::store::set_challenge_message(&mut tx, challenge, message).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// `YYYY.MM.DD` (PDN's date form) of a Unix time.
fn date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + (month <= 2) as i64;
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::date;

    #[test]
    fn dates_are_written_as_pdn_wants() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_798_675_200), "2026.12.31");
        assert_eq!(date(951_782_400), "2000.02.29");
    }
}
