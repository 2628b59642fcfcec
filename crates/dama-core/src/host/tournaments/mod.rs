//! Tournaments on a server: created by its managers, joined and left by anyone, paired and
//! scored by the watcher ([`Host::tournament_tick`]); the pairing itself is the pure
//! `tournament` module's.

mod berserk;
mod msg;
mod report;
mod standings;
mod tick;

pub use msg::{TournamentLine, TournamentMsg, TournamentRefusal};
pub use tick::{GameToStart, TournamentNews};

use crate::host::Refusal;
use dama_model::Millis;
use dama_model::{ChannelId, MessageId, TournamentId, TournamentStatus};
use dama_model::{TournamentFormat, TournamentKind};
use dama_play::clock::TimeControl;
use dama_play::tournament::StartAt;
use dama_store::{self as store, Joined, NewTournament, PairingRow, TournamentRow};

use super::{
    Button, ButtonAction, ButtonLabel, ButtonStyle, Caption, File, Host, HostError, HostResult,
    Lang, Msg, Reply, StandingsText, Who,
};

/// Swiss rounds on offer.
pub const ROUNDS: std::ops::RangeInclusive<u32> = 3..=15;
/// An Arena's length on offer, in minutes.
pub const MINUTES: std::ops::RangeInclusive<u32> = 10..=720;
/// A tournament starts at most this many days ahead.
pub const MAX_DAYS_AHEAD: i64 = 30;
/// A name's length, in characters.
pub const MAX_NAME: usize = 60;
/// A live Swiss's pause between a round's pairings and its games, in minutes, where none is
/// asked for.
pub const PAUSE: u32 = 1;
/// The longest pause, in minutes.
pub const MAX_PAUSE: u32 = 10;
/// Tournaments a server holds at once that are open or under way: each is watched, ticked and
/// announced, so one server's managers cannot load the bot for everyone.
pub const MAX_UNFINISHED: i64 = 20;
/// Tournaments one manager may create in an hour.
pub const MAX_CREATED_AN_HOUR: usize = 5;
/// Players one tournament takes (a Swiss round pairs them all at once).
pub const MAX_ENTRANTS: i64 = 1_000;

/// A tournament to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    /// Swiss or Arena.
    pub kind: TournamentKind,
    /// The time control of its games.
    pub control: TimeControl,
    /// Swiss (default 5).
    pub rounds: Option<i64>,
    /// Arena (default 60).
    pub minutes: Option<i64>,
    /// When it starts by itself, as written (see [`dama_play::tournament::StartAt`]); else when its
    /// organiser starts it.
    pub starts: Option<String>,
    /// Its games are rated.
    pub rated: bool,
    /// Empty: named after its kind and clock.
    pub name: String,
    /// A live Swiss: minutes between a round's pairings and its games (default [`PAUSE`]).
    pub pause: Option<i64>,
}

fn refused(r: TournamentRefusal) -> HostError {
    HostError::Refused(Refusal::Tournament(r))
}

/// The Join and Leave buttons of a tournament's announcement.
pub(crate) fn tournament_buttons(id: TournamentId) -> Vec<Button> {
    [
        (true, ButtonLabel::JoinTournament, ButtonStyle::Success),
        (false, ButtonLabel::LeaveTournament, ButtonStyle::Secondary),
    ]
    .map(|(join, label, style)| Button {
        action: ButtonAction::Tournament { id, join },
        label,
        style,
        disabled: false,
    })
    .to_vec()
}

impl Host {
    /// Creates a tournament on this server (its managers only).
    pub async fn create_tournament(&self, who: &Who, spec: TournamentSpec) -> HostResult {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        if !who.admin {
            return Err(refused(TournamentRefusal::NotOrganiser));
        }
        let format = match spec.kind {
            TournamentKind::Swiss => {
                let rounds = spec.rounds.unwrap_or(5);
                let Some(rounds) = u32::try_from(rounds).ok().filter(|r| ROUNDS.contains(r)) else {
                    let (min, max) = (*ROUNDS.start(), *ROUNDS.end());
                    return Err(refused(TournamentRefusal::Rounds { min, max }));
                };
                TournamentFormat::Swiss { rounds }
            }
            TournamentKind::Arena => {
                let minutes = spec.minutes.unwrap_or(60);
                let Some(minutes) = u32::try_from(minutes).ok().filter(|m| MINUTES.contains(m))
                else {
                    let (min, max) = (*MINUTES.start(), *MINUTES.end());
                    return Err(refused(TournamentRefusal::Minutes { min, max }));
                };
                TournamentFormat::Arena { minutes }
            }
        };
        let name = spec.name.trim().to_string();
        if name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(refused(TournamentRefusal::Name { max: MAX_NAME }));
        }
        let pause = match (spec.pause, format.kind(), spec.control.is_live()) {
            (None, TournamentKind::Swiss, true) => Millis::from_minutes(PAUSE.into()),
            (None | Some(0), _, _) => Millis::ZERO,
            (Some(m), TournamentKind::Swiss, true) if m > 0 && m <= i64::from(MAX_PAUSE) => {
                Millis::from_minutes(m)
            }
            _ => return Err(refused(TournamentRefusal::Pause { max: MAX_PAUSE })),
        };
        let now = self.clock.now();
        let starts_at = match spec.starts.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => {
                let at = text
                    .parse::<StartAt>()
                    .map_err(|_| refused(TournamentRefusal::StartUnreadable(text.to_string())))?
                    .moment(now);
                if at < now {
                    return Err(refused(TournamentRefusal::StartsInThePast));
                }
                if at > now + Millis::from_days(MAX_DAYS_AHEAD) {
                    let latest = Millis::from_days(MAX_DAYS_AHEAD);
                    return Err(refused(TournamentRefusal::StartsTooLate { latest }));
                }
                Some(at)
            }
        };
        let new = NewTournament {
            guild_id: guild,
            channel_id: who.channel,
            games_channel_id: None,
            name: name.clone(),
            format,
            time_control: spec.control,
            rated: spec.rated,
            creator_id: who.user,
            starts_at,
            pause,
        };
        let mut tx = self.store.write().await?;
        // Counted in the write turn, so two managers creating at once cannot both pass.
        if store::unfinished_tournaments(&mut tx, guild).await? >= MAX_UNFINISHED {
            return Err(refused(TournamentRefusal::TooManyUnfinished {
                max: MAX_UNFINISHED,
            }));
        }
        let hour = Millis::from_minutes(60);
        let created = store::created_since(&mut tx, who.user, now - hour).await?;
        if created.len() >= MAX_CREATED_AN_HOUR {
            let oldest = created[created.len() - MAX_CREATED_AN_HOUR];
            return Err(refused(TournamentRefusal::CreatingTooFast {
                max: MAX_CREATED_AN_HOUR,
                again_at: oldest + hour,
            }));
        }
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let id = store::create_tournament(&mut tx, &new, now).await?;
        tx.commit().await?;
        let t = self
            .store
            .tournament(id)
            .await?
            .ok_or(HostError::Refused(Refusal::ChangedMeanwhile))?;
        Ok(self.announcement_of(&t, 0))
    }

    /// A tournament's announcement as it stands (for its message to be brought up to date):
    /// where it was posted, and what it says now.
    pub async fn tournament_announcement(
        &self,
        id: TournamentId,
    ) -> Result<Option<(ChannelId, MessageId, Reply)>, HostError> {
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let Some(message) = t.message_id else {
            return Ok(None);
        };
        let entrants = self.store.entrants(id).await?;
        // While it is open, who is in now; once it has begun, everyone who took part (a player
        // withdrawn for absences still joined).
        let players = if t.status == TournamentStatus::Open {
            entrants.iter().filter(|e| !e.withdrawn).count()
        } else {
            entrants.len()
        };
        Ok(Some((
            t.channel_id,
            message,
            self.announcement_of(&t, players),
        )))
    }

    fn announcement_of(&self, t: &TournamentRow, players: usize) -> Reply {
        let open = matches!(t.status, TournamentStatus::Open | TournamentStatus::Running);
        Reply {
            tournament: Some(t.id),
            buttons: if open {
                tournament_buttons(t.id)
            } else {
                Vec::new()
            },
            ..Reply::say(Msg::Tournament(TournamentMsg::Created {
                name: self.tournament_name(t.id, &t.name),
                format: t.format,
                control: t.time_control,
                starts_at: t.starts_at,
                rated: t.rated,
                players,
                status: t.status,
            }))
        }
    }

    /// Enters the asker (late entries as the kind allows; one who withdrew comes back).
    pub async fn join_tournament(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.live_tournament(who, id).await?;
        let late = t.status == TournamentStatus::Running;
        if late
            && t.format.kind() == TournamentKind::Swiss
            && t.round * 2 >= t.format.rounds().map_or(0, i64::from)
        {
            return Err(refused(TournamentRefusal::LateJoinOver));
        }
        let rating = self
            .store
            .rating(who.user, t.speed)
            .await?
            .map_or(1500.0, |r| r.rating);
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let entry = store::NewEntry {
            name: &who.name,
            rating,
            joined_round: t.round,
            max_entrants: MAX_ENTRANTS,
        };
        let joined = store::join_tournament(&mut tx, t.id, who.user, entry, now).await?;
        match joined {
            Joined::Already => return Err(refused(TournamentRefusal::AlreadyIn)),
            Joined::Full => {
                return Err(refused(TournamentRefusal::Full { max: MAX_ENTRANTS }));
            }
            Joined::New | Joined::Back => {}
        }
        tx.commit().await?;
        let entrants = self.store.entrants(t.id).await?;
        let me = entrants.iter().find(|e| e.user_id == who.user);
        // To the player alone: the announcement, edited, shows everyone the count.
        Ok(Reply {
            tournament: Some(t.id),
            ..Reply::private(Msg::Tournament(TournamentMsg::Joined {
                user: who.user,
                name: self.tournament_name(t.id, &t.name),
                players: entrants.iter().filter(|e| !e.withdrawn).count(),
                missed_rounds: if joined == Joined::New && t.format.kind() == TournamentKind::Swiss
                {
                    me.map_or(0, |e| e.joined_round)
                } else {
                    0
                },
            }))
        })
    }

    /// Withdraws the asker (they may come back).
    pub async fn leave_tournament(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.some_tournament(who, id).await?;
        if matches!(
            t.status,
            TournamentStatus::Finished | TournamentStatus::Cancelled
        ) {
            return Err(refused(TournamentRefusal::Over(t.status)));
        }
        let mut tx = self.store.write().await?;
        if !store::withdraw(&mut tx, t.id, who.user).await? {
            return Err(refused(TournamentRefusal::NotIn));
        }
        tx.commit().await?;
        let players = self.store.entrants(t.id).await?;
        // To the player alone: the announcement, edited, shows everyone the count.
        Ok(Reply {
            tournament: Some(t.id),
            ..Reply::private(Msg::Tournament(TournamentMsg::Left {
                user: who.user,
                name: self.tournament_name(t.id, &t.name),
                players: players.iter().filter(|e| !e.withdrawn).count(),
            }))
        })
    }

    /// Starts an open tournament now (its organiser or the server's managers); the watcher
    /// pairs its first round.
    pub async fn start_tournament(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.live_tournament(who, id).await?;
        if who.user != t.creator_id && !who.admin {
            return Err(refused(TournamentRefusal::NotOrganiser));
        }
        if t.status == TournamentStatus::Running {
            return Err(refused(TournamentRefusal::AlreadyStarted));
        }
        let Some(msg) = self.begin(&t).await? else {
            // Another start (or the scheduled one) came first.
            let now = self.store.tournament(t.id).await?.map(|t| t.status);
            return Err(match now {
                Some(TournamentStatus::Running) => refused(TournamentRefusal::AlreadyStarted),
                _ => HostError::Refused(Refusal::ChangedMeanwhile),
            });
        };
        Ok(Reply {
            tournament: Some(t.id),
            ..Reply::say(Msg::Tournament(msg))
        })
    }

    /// Calls a tournament off (its organiser or the server's managers); its games still
    /// running are played out.
    pub async fn cancel_tournament(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.live_tournament(who, id).await?;
        if who.user != t.creator_id && !who.admin {
            return Err(refused(TournamentRefusal::NotOrganiser));
        }
        let mut tx = self.store.write().await?;
        let to = TournamentStatus::Cancelled;
        let now = self.clock.now();
        if !store::set_tournament_status(&mut tx, t.id, t.status, to, now, None).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        Ok(Reply {
            tournament: Some(t.id),
            ..Reply::say(Msg::Tournament(TournamentMsg::Cancelled {
                name: self.tournament_name(t.id, &t.name),
                too_few: false,
            }))
        })
    }

    /// The standings (the server's latest tournament, or the one named).
    pub async fn tournament_standings(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.some_tournament(who, id).await?;
        if t.status == TournamentStatus::Open {
            return Err(refused(TournamentRefusal::NotStarted));
        }
        let lines = self.standing_lines(&t).await?;
        let picture = self.standings_picture(&t, &lines, who.lang).await?;
        Ok(Reply {
            tournament: Some(t.id),
            file: Some(picture),
            ..Reply::say(Msg::Tournament(TournamentMsg::Standings {
                name: self.tournament_name(t.id, &t.name),
                kind: t.format.kind(),
                lines,
                finished: t.status == TournamentStatus::Finished,
            }))
        })
    }

    /// The Swiss as FIDE's report file (TRF-16), attached: every round whose games have all
    /// ended, players by name; read back, it pairs the round after them as the bot does.
    pub async fn tournament_export(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.some_tournament(who, id).await?;
        if t.format.kind() != TournamentKind::Swiss {
            return Err(refused(TournamentRefusal::ExportSwissOnly));
        }
        if t.status == TournamentStatus::Open {
            return Err(refused(TournamentRefusal::NotStarted));
        }
        Ok(Reply {
            tournament: Some(t.id),
            file: Some(self.report_file(&t).await?),
            ..Reply::say(Msg::Tournament(TournamentMsg::Exported {
                name: self.tournament_name(t.id, &t.name),
            }))
        })
    }

    /// A Swiss's report file (TRF-16): every round whose games have all ended, players by
    /// name, named after the tournament.
    pub(in crate::host) async fn report_file(&self, t: &TournamentRow) -> Result<File, HostError> {
        let entrants = self.store.entrants(t.id).await?;
        let pairings = self.store.pairings(t.id).await?;
        let rounds = t.format.rounds().map_or(0, i64::from) as u32;
        let mut report = report::swiss_report(
            &t.name,
            rounds,
            report::rounds_over(t.round, &pairings),
            &entrants,
            &pairings,
            report::Ahead::Left,
        );
        for p in &mut report.trf.players {
            let user = report.players[p.number as usize - 1];
            if let Some(name) = self.store.player_name(user).await? {
                p.name = name.chars().filter(|c| !c.is_control()).collect();
            }
        }
        let stem: String = t
            .name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let stem = stem.trim_matches('-');
        Ok(File {
            name: format!("{}.trf", if stem.is_empty() { "tournament" } else { stem }),
            bytes: report.trf.to_string().into_bytes(),
        })
    }

    /// The current Swiss round's pairings, or an Arena's running games.
    pub async fn tournament_pairings(&self, who: &Who, id: Option<TournamentId>) -> HostResult {
        let t = self.some_tournament(who, id).await?;
        if t.status == TournamentStatus::Open {
            return Err(refused(TournamentRefusal::NotStarted));
        }
        let pairings = self.store.pairings(t.id).await?;
        let msg = match t.format.kind() {
            TournamentKind::Swiss => {
                let this: Vec<_> = pairings
                    .into_iter()
                    .filter(|p| p.round == t.round)
                    .collect();
                let starts_at = this.iter().map(PairingRow::starts).max();
                tick::round_msg(
                    &t,
                    self.tournament_name(t.id, &t.name),
                    t.round,
                    &tick::boards_of(this),
                    starts_at.filter(|&at| at > self.clock.now()),
                )
            }
            TournamentKind::Arena => TournamentMsg::Paired {
                games: pairings
                    .iter()
                    .filter(|p| p.white_halves.is_none())
                    .filter_map(|p| Some((p.white_id, p.black_id?)))
                    .collect(),
            },
        };
        Ok(Reply {
            tournament: Some(t.id),
            ..Reply::say(Msg::Tournament(msg))
        })
    }

    /// The standings of tournament `id` as a picture with its texts in `lang` (for news that
    /// carry standings); `None` for a tournament that is not there.
    pub(crate) async fn standings_file(
        &self,
        id: TournamentId,
        lang: Lang,
    ) -> Result<Option<File>, HostError> {
        let Some(t) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let lines = self.standing_lines(&t).await?;
        Ok(Some(self.standings_picture(&t, &lines, lang).await?))
    }

    /// Adds the standings picture (texts in `lang`) to news that carry the standings.
    pub async fn picture_news(
        &self,
        news: &mut TournamentNews,
        lang: Lang,
    ) -> Result<(), HostError> {
        let has_standings = news
            .reply
            .body
            .iter()
            .any(|m| matches!(m, Msg::Tournament(TournamentMsg::Standings { .. })));
        if has_standings {
            news.reply.file = self.standings_file(news.tournament, lang).await?;
        }
        Ok(())
    }

    async fn standings_picture(
        &self,
        t: &TournamentRow,
        lines: &[TournamentLine],
        lang: Lang,
    ) -> Result<File, HostError> {
        use dama_play::render::{Mark, STANDINGS_LINES, Standings, StandingsLine};
        let say = |s: StandingsText| self.captions.caption(&Caption::Standings(s), lang);
        let mut shown = Vec::new();
        for l in lines.iter().take(STANDINGS_LINES) {
            let name = self
                .store
                .player_name(l.user)
                .await?
                .unwrap_or_else(|| format!("#{}", l.user.0));
            let detail = match (l.tie_breaks, l.on_fire) {
                (Some((buchholz, berger)), _) => say(StandingsText::TieBreaks { buchholz, berger }),
                (None, true) => say(StandingsText::OnFire),
                (None, false) => String::new(),
            };
            shown.push(StandingsLine {
                rank: l.rank,
                name,
                score: say(StandingsText::Score {
                    kind: t.format.kind(),
                    score: l.score,
                }),
                detail,
                games: l
                    .games
                    .iter()
                    .map(|g| match g {
                        2 => Mark::Win,
                        1 => Mark::Draw,
                        _ => Mark::Loss,
                    })
                    .collect(),
                faded: l.withdrawn,
            });
        }
        let finished = t.status == TournamentStatus::Finished;
        let picture = Standings {
            title: say(StandingsText::Title {
                name: self.tournament_name(t.id, &t.name),
                finished,
            }),
            lines: shown,
            podium: finished,
            more: (lines.len() > STANDINGS_LINES).then(|| {
                say(StandingsText::More {
                    count: lines.len() - STANDINGS_LINES,
                })
            }),
        };
        let renderer = std::sync::Arc::clone(&self.renderer);
        let bytes = tokio::task::spawn_blocking(move || renderer.standings_png(&picture))
            .await
            .map_err(|e| HostError::internal("drawing the standings", e))?;
        Ok(File {
            name: format!("standings-{}.png", t.id.0),
            bytes,
        })
    }

    /// Notes where a tournament's announcement and thread are (Discord made them after the
    /// announcement was posted).
    pub async fn set_announcement(
        &self,
        id: TournamentId,
        message: Option<dama_model::MessageId>,
        thread: Option<dama_model::ChannelId>,
    ) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_announcement(&mut tx, id, message, thread).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The tournament a command names, or this server's newest open or running one.
    async fn live_tournament(
        &self,
        who: &Who,
        id: Option<TournamentId>,
    ) -> Result<TournamentRow, HostError> {
        let t = self.some_tournament(who, id).await?;
        match t.status {
            TournamentStatus::Open | TournamentStatus::Running => Ok(t),
            over => Err(refused(TournamentRefusal::Over(over))),
        }
    }

    /// The tournament a command names, or this server's newest (open and running first).
    async fn some_tournament(
        &self,
        who: &Who,
        id: Option<TournamentId>,
    ) -> Result<TournamentRow, HostError> {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        let found = match id {
            Some(id) => self
                .store
                .tournament(id)
                .await?
                .filter(|t| t.guild_id == guild),
            None => match self.store.live_tournaments(guild).await?.into_iter().next() {
                Some(t) => Some(t),
                None => self.store.latest_tournament(guild).await?,
            },
        };
        found.ok_or(refused(TournamentRefusal::NoTournament))
    }

    /// A tournament's name as shown: its own, or its number.
    pub(in crate::host) fn tournament_name(&self, id: TournamentId, name: &str) -> String {
        if name.is_empty() {
            format!("#{}", id.0)
        } else {
            name.to_string()
        }
    }
}
