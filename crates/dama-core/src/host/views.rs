//! What players can look at: the board, the legal moves, a hint, PDN, a replay, ratings.

use crate::host::Refusal;
use std::sync::Arc;

use dama_model::{ChannelId, GameStatus, UserId};
use dama_model::{Day, Millis, UnixMs};
use dama_play::clock::SpeedClass;
use dama_rules::{Color, GameResult, pdn};

use super::CardText;
use super::play::with_stored_result;
use super::{
    Caption, File, Host, HostError, HostResult, Msg, Player, PlayerResult, PlayerStats, RecentGame,
    Record, Reply, Scope, Who, color_of, players,
};

impl Host {
    /// The AI's suggestion for the asker, in casual games and games against the AI.
    pub async fn hint(&self, who: &Who) -> HostResult {
        let row = self.running(who).await?;
        let color = color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        if row.rated {
            return Err(HostError::Refused(Refusal::NoHintsInRatedGames));
        }
        let game = self.load(&row).await?;
        if game.position().side_to_move() != color {
            return Err(HostError::Refused(Refusal::NotYourTurn {
                to_move: players(&row).of(color.opponent()),
            }));
        }
        let thinking = game.clone();
        let limits = self.config.hint_limits;
        let tables = self.tables();
        let hint = self
            .think(move || dama_play::ai::hint(&thinking, limits, tables))
            .await?;
        let (mv, eval) = hint.ok_or(HostError::Refused(Refusal::GameAlreadyOver))?;
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
        Ok(legal_moves_reply(game.position()))
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
        let text = self.pdn_text(&row, game).await?;
        Ok(Reply {
            file: Some(File {
                name: format!("dama-{}.pdn", row.id),
                bytes: text.into_bytes(),
            }),
            ..Reply::say(Msg::PdnFile { game: row.id })
        })
    }

    /// A stored game (with its stored result declared) as PDN, with its clocks as comments.
    pub(super) async fn pdn_text(
        &self,
        row: &dama_store::GameRow,
        game: dama_rules::Game,
    ) -> Result<String, HostError> {
        let notes = self.clock_notes(row).await?;
        Ok(pdn::write_annotated(
            &game,
            &self.pdn_tags(row).await?,
            &notes,
        ))
    }

    /// A stored game's PDN tags: the event, the date, the players' names.
    pub(super) async fn pdn_tags(&self, row: &dama_store::GameRow) -> Result<pdn::Tags, HostError> {
        let mut tags = pdn::Tags::default();
        tags.set("Event", self.config.pdn_event.as_str());
        tags.set("Site", self.config.pdn_site.as_str());
        tags.set("Date", date(row.created_at));
        tags.set("Round", "-");
        tags.set("TimeControl", pgn_time_control(row.time_control));
        let who_played = players(row);
        for (tag, color) in [("White", Color::White), ("Black", Color::Black)] {
            let name = match who_played.of(color) {
                Player::User(id) => self
                    .store
                    .player_name(id)
                    .await?
                    .unwrap_or_else(|| id.0.to_string()),
                Player::Ai(level) => format!("AI ({})", level.name()),
            };
            tags.set(tag, name);
        }
        Ok(tags)
    }

    /// Each move's clock as a PDN comment (`[%clk 0:04:59]`): live games only.
    pub(super) async fn clock_notes(
        &self,
        row: &dama_store::GameRow,
    ) -> Result<Vec<Option<pdn::Note>>, HostError> {
        if !row.time_control.is_live() {
            return Ok(Vec::new());
        }
        Ok(self
            .store
            .move_clocks(row.id)
            .await?
            .into_iter()
            .map(|left| {
                left.map(|left| pdn::Note {
                    mark: "",
                    comment: pdn::clock_comment(left.to_std()),
                })
            })
            .collect())
    }

    /// Both clocks after each move of a live game, from the moves' records.
    pub(super) async fn clocks_by_ply(
        &self,
        row: &dama_store::GameRow,
    ) -> Result<Vec<Option<[Millis; 2]>>, HostError> {
        let Some(initial) = row.time_control.start() else {
            return Ok(Vec::new());
        };
        let start = dama_rules::fen::parse(&row.start_fen)
            .map_err(|_| HostError::Refused(Refusal::Broken { game: row.id }))?;
        let mut side = start.side_to_move();
        let mut clocks = [initial; 2];
        let mut out = Vec::new();
        for left in self.store.move_clocks(row.id).await? {
            clocks[side.index()] = left.unwrap_or(clocks[side.index()]);
            out.push(left.map(|_| clocks));
            side = side.opponent();
        }
        Ok(out)
    }

    /// Whether the asker may have the channel's replay: the refusal, if not.
    pub async fn may_replay(&self, who: &Who) -> Result<(), HostError> {
        let row = self.latest(who).await?;
        Self::replay_allowed(&row, who)
    }

    fn replay_allowed(row: &dama_store::GameRow, who: &Who) -> Result<(), HostError> {
        if row.status == GameStatus::Running && color_of(row, who.user).is_none() {
            return Err(HostError::Refused(Refusal::ReplayForPlayersOnly));
        }
        Ok(())
    }

    /// The channel's current or last game as an animated GIF. A running game's replay is for
    /// its players; replays are drawn apart from the AI's turns, so those never wait on them.
    pub async fn replay(&self, who: &Who) -> HostResult {
        let row = self.latest(who).await?;
        Self::replay_allowed(&row, who)?;
        let game = with_stored_result(&row, self.load(&row).await?);
        let gif = self.replay_gif(&row, game, who.lang).await?;
        Ok(Reply {
            file: Some(File {
                name: format!("dama-{}.gif", row.id),
                bytes: gif,
            }),
            ..Reply::say(Msg::ReplayFile { game: row.id })
        })
    }

    /// A stored game (with its stored result declared) as an animated GIF, captions in `lang`.
    pub(super) async fn replay_gif(
        &self,
        row: &dama_store::GameRow,
        game: dama_rules::Game,
        lang: super::Lang,
    ) -> Result<Vec<u8>, HostError> {
        let black = row.white_id.is_none() && row.black_id.is_some();
        let clocks = self.clocks_by_ply(row).await?;
        let captions = self.replay_captions(&game, Caption::ReplayStart, &clocks, lang);
        let renderer = Arc::clone(&self.renderer);
        let frames = self.config.replay_max_frames;
        Self::off_runtime(&self.replay_slots, move || {
            renderer.replay_gif(&game, black, &captions, frames)
        })
        .await
    }

    /// The captions of a replay's frames: `first` over the start, then each ply and, on the
    /// last, how the game ended.
    pub(super) fn replay_captions(
        &self,
        game: &dama_rules::Game,
        first: Caption,
        clocks: &[Option<[Millis; 2]>],
        lang: super::Lang,
    ) -> Vec<String> {
        let mut captions = vec![self.captions.caption(&first, lang)];
        let plies = game.ply_count();
        let outcome = game.outcome();
        for (i, (before, mv)) in game.history().enumerate() {
            let caption = Caption::ReplayPly {
                number: i / 2 + 1,
                side: before.side_to_move(),
                notation: before.notation(&mv),
                outcome: outcome.filter(|_| i + 1 == plies),
            };
            let caption = match clocks.get(i).copied().flatten() {
                Some([white, black]) => Caption::Clocked {
                    caption: Box::new(caption),
                    white,
                    black,
                },
                None => caption,
            };
            captions.push(self.captions.caption(&caption, lang));
        }
        captions
    }

    /// The ratings table of this server or of everyone, in one speed class: the one asked
    /// for, else the one with the most rated games there.
    pub async fn leaderboard(
        &self,
        who: &Who,
        scope: Scope,
        speed: Option<SpeedClass>,
    ) -> HostResult {
        let guild = match scope {
            Scope::Server => who.guild,
            Scope::Global => None,
        };
        let class = match speed {
            Some(s) => Some(s),
            None => self.store.busiest_class(guild).await?,
        };
        let Some(class) = class else {
            return Ok(Reply::say(Msg::NoRatedGames { scope, speed }));
        };
        let rows = self.store.leaderboard(guild, class, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::say(Msg::NoRatedGames { scope, speed }));
        }
        let rows = rows.iter().map(Record::from).collect();
        Ok(Reply::say(Msg::Leaderboard {
            scope,
            speed: class,
            rows,
        }))
    }

    /// A player's card: rating, ranks, the curve, the record and recent results, as a picture
    /// (captions in the asker's language) and as text for screen readers and search.
    pub async fn stats(&self, who: &Who, user: UserId) -> HostResult {
        if !self.store.is_player(user).await? {
            return Ok(Reply::say(Msg::NotPlayedYet { user }));
        }
        let name = self.store.player_name(user).await?.unwrap_or_default();
        // The card shows the class played most; the others are listed.
        let mut classes = self.store.ratings_of(user).await?.into_iter();
        let (speed, p) = match classes.next() {
            Some((speed, row)) => (Some(speed), row),
            None => (None, dama_store::PlayerRow::unrated(user, name)),
        };
        let others: Vec<(SpeedClass, Record)> =
            classes.map(|(s, row)| (s, Record::from(&row))).collect();
        let record = Record::from(&p);
        let rated = record.games > 0;
        let class = speed.unwrap_or(SpeedClass::Correspondence);
        let history = self.store.rating_history(user, class).await?;
        let finished = self.store.finished_games_of(user).await?;
        let mut ai: Vec<(dama_play::ai::Level, [i64; 3])> = Vec::new();
        for level in dama_play::ai::Level::ALL {
            let mut record = [0; 3];
            for g in finished.iter().filter(|g| g.ai_level == Some(level)) {
                let (Some(mine), Some(result)) = (color_of(g, user), g.result) else {
                    continue;
                };
                record[match result {
                    GameResult::Win(c) if c == mine => 0,
                    GameResult::Draw => 1,
                    GameResult::Win(_) => 2,
                }] += 1;
            }
            if record.iter().sum::<i64>() > 0 {
                ai.push((level, record));
            }
        }
        let games: Vec<_> = finished
            .into_iter()
            .filter(|g| g.rated && g.white_id.is_some() && g.black_id.is_some())
            .filter(|g| g.speed == class)
            .collect();
        let results: Vec<RecentGame> = games
            .iter()
            .filter_map(|g| {
                let mine = color_of(g, user)?;
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
        let longest_streak = results
            .iter()
            .fold((0i64, 0i64), |(best, run), g| {
                let run = if g.result == PlayerResult::Win {
                    run + 1
                } else {
                    0
                };
                (best.max(run), run)
            })
            .0;
        let mut counts: Vec<(Player, i64)> = Vec::new();
        for g in &results {
            match counts.iter_mut().find(|(p, _)| *p == g.opponent) {
                Some((_, n)) => *n += 1,
                None => counts.push((g.opponent, 1)),
            }
        }
        // Most games first; among equals, the one met most recently.
        let favourite = counts
            .iter()
            .copied()
            .fold(None, |best: Option<(Player, i64)>, c| match best {
                Some(b) if b.1 >= c.1 => Some(b),
                _ => Some(c),
            });
        let peak = history
            .iter()
            .max_by(|a, b| a.rating.total_cmp(&b.rating))
            .map(|p| (p.rating, p.played_at));
        let server_rank = match who.guild {
            Some(_) if self.config.one_server => None,
            Some(g) if rated && self.store.rated_on(user, g, class).await? => {
                Some(self.store.rank(p.rating, class, Some(g)).await?)
            }
            _ => None,
        };
        let global_rank = if rated {
            Some(self.store.rank(p.rating, class, None).await?)
        } else {
            None
        };
        let tournaments = self
            .store
            .tournament_results_of(user)
            .await?
            .into_iter()
            .map(|t| crate::host::TournamentResult {
                name: self.tournament_name(t.id, &t.name),
                place: t.place,
                players: t.players,
                ended_at: t.ended_at,
            })
            .collect();
        let stats = PlayerStats {
            speed,
            record,
            others,
            server_rank,
            global_rank,
            peak,
            recent: results.iter().take(10).copied().collect(),
            longest_streak,
            favourite,
            tournaments,
            ai,
        };
        let card = self.card(&p.name, &stats, &history, who.lang).await?;
        Ok(Reply {
            file: Some(File {
                name: format!("card-{}.png", file_name_part(&p.name, user.0)),
                bytes: card,
            }),
            ..Reply::say(Msg::Stats(stats))
        })
    }

    /// The card's picture, its texts in `lang`.
    async fn card(
        &self,
        name: &str,
        s: &PlayerStats,
        history: &[dama_store::RatingPoint],
        lang: crate::host::Lang,
    ) -> Result<Vec<u8>, HostError> {
        use dama_play::render::{Card, Mark};
        let say = |t: CardText| self.captions.caption(&Caption::Card(t), lang);
        let r = &s.record;
        let favourite = match s.favourite {
            Some((Player::User(u), games)) => {
                let name = self
                    .store
                    .player_name(u)
                    .await?
                    .unwrap_or_else(|| u.0.to_string());
                Some(say(CardText::Favourite { name, games }))
            }
            _ => None,
        };
        let mut lines: Vec<String> = favourite.into_iter().collect();
        if !s.others.is_empty() {
            let others = s
                .others
                .iter()
                .map(|(speed, r)| (*speed, r.rating.round() as i64))
                .collect();
            lines.push(say(CardText::OtherRatings(others)));
        }
        if s.longest_streak > 0 {
            lines.push(say(CardText::Streak {
                games: s.longest_streak,
            }));
        }
        if !s.ai.is_empty() {
            lines.push(say(CardText::AiGames(s.ai.clone())));
        }
        if let Some(last) = s.tournaments.first() {
            lines.push(say(CardText::Tournaments {
                played: s.tournaments.len() as i64,
                won: s.tournaments.iter().filter(|t| t.place == 1).count() as i64,
                last: last.clone(),
            }));
        }
        let curve: Vec<f64> = history.iter().map(|p| p.rating).collect();
        let mut dates = Vec::new();
        if let (Some(first), Some(last)) = (history.first(), history.last()) {
            dates.push((0.0, say(CardText::Date(first.played_at))));
            if history.len() > 1 {
                dates.push((1.0, say(CardText::Date(last.played_at))));
            }
        }
        let peak = curve
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(i, &v)| {
                (
                    i,
                    say(CardText::Peak {
                        rating: v.round() as i64,
                    }),
                )
            });
        let card = Card {
            name: name.to_string(),
            rating: say(CardText::Rating {
                speed: s.speed,
                rating: r.rating.round() as i64,
                margin: r.margin.round() as i64,
            }),
            rank: s
                .global_rank
                .map(|global| {
                    say(CardText::Rank {
                        server: s.server_rank,
                        global,
                    })
                })
                .unwrap_or_default(),
            curve,
            dates,
            peak,
            record: [r.wins as u32, r.draws as u32, r.losses as u32],
            record_text: say(CardText::Record {
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
            }),
            // Newest first, as the text lists them.
            recent: s
                .recent
                .iter()
                .map(|g| {
                    let mark = match g.result {
                        PlayerResult::Win => Mark::Win,
                        PlayerResult::Draw => Mark::Draw,
                        PlayerResult::Loss => Mark::Loss,
                    };
                    (mark, say(CardText::Result(g.result)))
                })
                .collect(),
            recent_title: say(CardText::LastResults),
            lines,
            empty: (r.games == 0).then(|| say(CardText::NoRatedGame)),
        };
        let renderer = Arc::clone(&self.renderer);
        Ok(renderer.card_png(&card))
    }
}

/// A player's name as part of a file name a person can find: ASCII letters, digits, `-` and
/// `_` (Turkish letters without their marks, anything else a `-`); the number when nothing of
/// the name is left.
pub(crate) fn file_name_part(name: &str, id: u64) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let c = match c {
            'ç' | 'Ç' => 'c',
            'ğ' | 'Ğ' => 'g',
            'ı' | 'İ' => 'i',
            'ö' | 'Ö' => 'o',
            'ş' | 'Ş' => 's',
            'ü' | 'Ü' => 'u',
            c if c.is_ascii_alphanumeric() || c == '_' => c.to_ascii_lowercase(),
            _ => '-',
        };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
        if out.len() >= 32 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        id.to_string()
    } else {
        out.to_string()
    }
}

/// `YYYY.MM.DD` (PDN's date form) of a moment's UTC date.
fn date(at: UnixMs) -> String {
    let d = Day::utc(at).date();
    format!("{:04}.{:02}.{:02}", d.year, d.month, d.day)
}

/// The legal moves of a position, as the private answer to `moves` (a game's or a puzzle's).
pub(super) fn legal_moves_reply(pos: &dama_rules::Position) -> Reply {
    Reply::private(Msg::LegalMoves {
        side: pos.side_to_move(),
        moves: pos.notations(&pos.legal_moves()),
        capture_due: pos.has_capture(),
    })
}

/// A time control as PGN's `TimeControl` tag writes it: `300+3` (seconds and increment), and
/// for correspondence one move in so many seconds (`1/259200`).
fn pgn_time_control(control: dama_play::clock::TimeControl) -> String {
    match control {
        dama_play::clock::TimeControl::Live { initial, increment } => {
            format!("{}+{}", initial.whole_secs(), increment.whole_secs())
        }
        dama_play::clock::TimeControl::Correspondence { days } => format!("1/{}", days * 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::date;
    use dama_model::UnixMs;

    #[test]
    fn dates_are_written_as_pdn_wants() {
        assert_eq!(date(UnixMs(0)), "1970.01.01");
        assert_eq!(date(UnixMs::from_secs(1_798_675_200)), "2026.12.31");
        assert_eq!(date(UnixMs::from_secs(951_782_400)), "2000.02.29");
    }
}
