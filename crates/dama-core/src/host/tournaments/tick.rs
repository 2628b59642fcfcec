//! The tournament watcher's work: start tournaments whose time has come, pair Swiss rounds
//! when the last one is over and Arena players as they come free, finish them; and start the
//! games of the pairings. Every change is checked against what was read, so several
//! processes ticking together pair each round once.

use dama_model::{Millis, PairingId, TournamentKind, UnixMs};
use std::collections::HashMap;

use super::report::{Ahead, swiss_report};
use super::standings::{arena_lines, swiss_lines};
use dama_model::{ChannelId, GameId, TournamentId, TournamentStatus, UserId};
use dama_play::tournament::{Board, SwissPlayer, Waiting, pair_arena, pair_dutch, pair_swiss};
use dama_rules::{Color, Game};
use dama_store::{self as store, EntrantRow, NewPairing, PairingRow, TournamentRow};

use super::super::challenges::NewGame;
use super::super::posts::{OWED_AFTER, OWED_AT_ONCE, OWED_CLAIM};
use super::super::{Announced, Host, HostError, Lang, Msg, Reply, players};
use super::{TournamentLine, TournamentMsg};

/// An Arena player is paired again this long after their game ended.
pub const ARENA_PAUSE: Millis = Millis(10_000);
/// A running Arena's standings are posted this often.
pub const ARENA_STANDINGS_EVERY: Millis = Millis(5 * 60_000);
/// A pairing still without its game this long after it was handed out was left by a process
/// that stopped: the watcher hands it out again.
const UNSTARTED: Millis = Millis(30_000);

/// What a tournament has to say, where it says it, and the games to start.
#[derive(Debug)]
pub struct TournamentNews {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its server.
    pub guild: dama_model::GuildId,
    /// Its thread, or the channel it was announced in.
    pub channel: ChannelId,
    /// What to post there.
    pub reply: Reply,
    /// The games to start.
    pub games: Vec<GameToStart>,
}

/// A pairing whose game is to be started (in a thread of its own, or where the server said).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameToStart {
    /// The pairing.
    pub pairing: PairingId,
    /// Its tournament.
    pub tournament: TournamentId,
    /// The player with White.
    pub white: UserId,
    /// The player with Black.
    pub black: UserId,
    /// Where the server wants its games (`None`: a thread each, under `home`).
    pub channel: Option<ChannelId>,
    /// The channel the tournament was announced in.
    pub home: ChannelId,
}

impl Host {
    /// Starts, pairs and finishes what is due at this moment.
    pub async fn tournament_tick(&self) -> Result<Vec<TournamentNews>, HostError> {
        let now = self.clock.now();
        let mut news = Vec::new();
        for t in self.store.tournaments_to_watch(now).await? {
            let mut body = Vec::new();
            let mut t = t;
            if t.status == TournamentStatus::Open {
                match self.begin(&t).await? {
                    Some(msg) => body.push(msg),
                    None => continue,
                }
                match self.store.tournament(t.id).await? {
                    Some(now) if now.status == TournamentStatus::Running => t = now,
                    _ => {
                        news.push(self.news(&t, body, Vec::new()));
                        continue;
                    }
                }
            }
            let more = match t.format.kind() {
                TournamentKind::Swiss => self.swiss_tick(&t).await?,
                TournamentKind::Arena => self.arena_tick(&t).await?,
            };
            body.extend(more);
            let games = self.games_due(&t).await?;
            if !body.is_empty() || !games.is_empty() {
                news.push(self.news(&t, body, games));
            }
        }
        Ok(news)
    }

    fn news(
        &self,
        t: &TournamentRow,
        body: Vec<TournamentMsg>,
        games: Vec<GameToStart>,
    ) -> TournamentNews {
        TournamentNews {
            tournament: t.id,
            guild: t.guild_id,
            channel: t.thread_id.unwrap_or(t.channel_id),
            reply: Reply {
                // Everyone paired is called to their game.
                mentions: body
                    .iter()
                    .flat_map(|m| match m {
                        TournamentMsg::Round { games, bye, .. } => games
                            .iter()
                            .flat_map(|&(w, b)| [w, b])
                            .chain(*bye)
                            .collect(),
                        TournamentMsg::Paired { games } => {
                            games.iter().flat_map(|&(w, b)| [w, b]).collect()
                        }
                        TournamentMsg::OutsideRules { organiser, .. } => vec![*organiser],
                        _ => Vec::new(),
                    })
                    .collect(),
                announced: body.iter().find_map(|m| match m {
                    TournamentMsg::Round { round, .. } => Some(Announced {
                        tournament: t.id,
                        round: *round,
                    }),
                    _ => None,
                }),
                body: body.into_iter().map(Msg::Tournament).collect(),
                tournament: Some(t.id),
                ..Reply::default()
            },
            games,
        }
    }

    /// Notes that a round's pairings were posted in its tournament's channel (or can never
    /// be): the round is owed no more.
    pub async fn announced(&self, announced: Announced) -> Result<(), HostError> {
        let mut tx = self.store.write().await?;
        store::set_announced(&mut tx, announced.tournament, announced.round).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The Swiss rounds paired [`OWED_AFTER`] ago or longer whose pairings were never posted
    /// (the process died between pairing and posting, or Discord refused the post for a
    /// while), each claimed for this process for a minute: the round's boards, its bye and
    /// what it broke of the absolute rules, as first announced. The standings before it are
    /// not told again: its games may have changed them since.
    pub async fn owed_rounds(&self) -> Result<Vec<TournamentNews>, HostError> {
        let now = self.clock.now();
        let mut owed = Vec::new();
        for t in self.store.owed_rounds(now, OWED_AT_ONCE).await? {
            let pairings = self.store.pairings(t.id).await?;
            let (this, before): (Vec<PairingRow>, Vec<PairingRow>) =
                pairings.into_iter().partition(|p| p.round == t.round);
            if this.iter().any(|p| p.created_at + OWED_AFTER > now) {
                continue;
            }
            let mut tx = self.store.write().await?;
            if !store::claim_owed_round(&mut tx, t.id, t.round, now + OWED_CLAIM, now).await? {
                continue;
            }
            tx.commit().await?;
            let starts_at = this.iter().map(PairingRow::starts).max();
            let name = self.tournament_name(t.id, &t.name);
            let body = round_announced(
                &t,
                name,
                t.round,
                &boards_of(this),
                &before,
                starts_at.filter(|&at| at > now),
            );
            owed.push(self.news(&t, body, Vec::new()));
        }
        Ok(owed)
    }

    /// The pairings whose games are due to start and that no process is starting: taken, each
    /// once, so that several processes ticking together start each game once.
    async fn games_due(&self, t: &TournamentRow) -> Result<Vec<GameToStart>, HostError> {
        let now = self.clock.now();
        let due: Vec<PairingRow> = self
            .store
            .pairings(t.id)
            .await?
            .into_iter()
            .filter(|p| p.game_id.is_none() && p.black_id.is_some() && p.starts() <= now)
            .filter(|p| p.handed_out.is_none_or(|at| at + UNSTARTED <= now))
            .collect();
        if due.is_empty() {
            return Ok(Vec::new());
        }
        let mut tx = self.store.write().await?;
        let mut games = Vec::new();
        for p in &due {
            if store::hand_out(&mut tx, p.id, p.handed_out, now).await? {
                games.extend(to_start(t, p));
            }
        }
        tx.commit().await?;
        Ok(games)
    }

    /// Starts an open tournament, or calls it off for want of players: `None` when another
    /// process did first.
    pub(super) async fn begin(
        &self,
        t: &TournamentRow,
    ) -> Result<Option<TournamentMsg>, HostError> {
        let present = self
            .store
            .entrants(t.id)
            .await?
            .iter()
            .filter(|e| !e.withdrawn)
            .count();
        let now = self.clock.now();
        let name = self.tournament_name(t.id, &t.name);
        let (to, msg, ends) = if present < 2 {
            let msg = TournamentMsg::Cancelled {
                name,
                too_few: true,
            };
            (TournamentStatus::Cancelled, msg, None)
        } else {
            let ends = t
                .format
                .minutes()
                .map(|m| now + Millis::from_minutes(m.into()));
            let msg = TournamentMsg::Started {
                name,
                players: present,
            };
            (TournamentStatus::Running, msg, ends)
        };
        let mut tx = self.store.write().await?;
        if !store::set_tournament_status(&mut tx, t.id, TournamentStatus::Open, to, now, ends)
            .await?
        {
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(msg))
    }

    /// Pairs the next round when the last one is over, its games to start after the pause, or
    /// finishes after the last.
    async fn swiss_tick(&self, t: &TournamentRow) -> Result<Vec<TournamentMsg>, HostError> {
        let pairings = self.store.pairings(t.id).await?;
        let current_over = pairings
            .iter()
            .filter(|p| p.round == t.round)
            .all(|p| p.white_halves.is_some());
        if !current_over {
            return Ok(Vec::new());
        }
        let rounds = t.format.rounds().map_or(0, i64::from);
        let entrants = self.store.entrants(t.id).await?;
        let present: Vec<&EntrantRow> = entrants.iter().filter(|e| !e.withdrawn).collect();
        if t.round >= rounds || present.len() < 2 {
            return self.finish_tournament(t).await;
        }
        // Off the runtime: a round of a few hundred players takes a good part of a second.
        let boards = {
            let (t, pairings) = (t.clone(), pairings.clone());
            tokio::task::spawn_blocking(move || swiss_boards(&t, rounds, &entrants, &pairings))
                .await
                .map_err(|e| HostError::internal("pairing the round failed", e))?
        };
        let now = self.clock.now();
        let starts = now + t.pause;
        let mut tx = self.store.write().await?;
        if !store::pair_round(&mut tx, t.id, t.round, &boards, None, now, starts).await? {
            return Ok(Vec::new());
        }
        tx.commit().await?;
        let mut said = Vec::new();
        if t.round > 0 {
            // The standings after the round just over, then the next round's boards.
            said.push(TournamentMsg::Standings {
                name: self.tournament_name(t.id, &t.name),
                kind: t.format.kind(),
                lines: self.standing_lines(t).await?,
                finished: false,
            });
        }
        said.extend(round_announced(
            t,
            self.tournament_name(t.id, &t.name),
            t.round + 1,
            &boards,
            &pairings,
            (starts > now).then_some(starts),
        ));
        Ok(said)
    }

    /// Pairs the Arena's waiting players, or finishes it at its end.
    async fn arena_tick(&self, t: &TournamentRow) -> Result<Vec<TournamentMsg>, HostError> {
        let now = self.clock.now();
        if t.ends_at.is_some_and(|end| now >= end) {
            return self.finish_tournament(t).await;
        }
        let entrants = self.store.entrants(t.id).await?;
        let pairings = self.store.pairings(t.id).await?;
        let lines = arena_lines(t, &entrants, &pairings);
        let rank: HashMap<UserId, usize> = lines.iter().map(|l| (l.user, l.rank)).collect();
        let mut waiting = Vec::new();
        for e in entrants.iter().filter(|e| !e.withdrawn) {
            let mine: Vec<&PairingRow> = pairings
                .iter()
                .filter(|p| p.white_id == e.user_id || p.black_id == Some(e.user_id))
                .collect();
            if mine.iter().any(|p| p.white_halves.is_none()) {
                continue;
            }
            let last = mine.iter().max_by_key(|p| p.ended_at);
            if last.is_some_and(|p| p.ended_at.unwrap_or(UnixMs::EPOCH) + ARENA_PAUSE > now) {
                continue;
            }
            let whites = mine.iter().filter(|p| p.white_id == e.user_id).count() as i32;
            waiting.push(Waiting {
                id: e.user_id,
                rank: rank.get(&e.user_id).copied().unwrap_or(usize::MAX / 2),
                last_opponent: last.and_then(|p| {
                    if p.white_id == e.user_id {
                        p.black_id
                    } else {
                        Some(p.white_id)
                    }
                }),
                whites: 2 * whites - mine.len() as i32,
            });
        }
        let mut said = Vec::new();
        let since = t.standings_posted.or(t.started_at).unwrap_or(now);
        if now - since >= ARENA_STANDINGS_EVERY {
            let mut tx = self.store.write().await?;
            if store::standings_posted(&mut tx, t.id, t.standings_posted, now).await? {
                tx.commit().await?;
                said.push(TournamentMsg::Standings {
                    name: self.tournament_name(t.id, &t.name),
                    kind: t.format.kind(),
                    lines: lines.clone(),
                    finished: false,
                });
            }
        }
        let games = pair_arena(&waiting);
        if games.is_empty() {
            return Ok(said);
        }
        let new = games_to_store(&games);
        let mut tx = self.store.write().await?;
        if !store::pair_arena_games(&mut tx, t.id, t.version, &new, now).await? {
            return Ok(said);
        }
        tx.commit().await?;
        said.push(TournamentMsg::Paired { games });
        Ok(said)
    }

    /// Ends a running tournament with its final standings and winner.
    async fn finish_tournament(&self, t: &TournamentRow) -> Result<Vec<TournamentMsg>, HostError> {
        let now = self.clock.now();
        // The standings are final: a Swiss has no game left, an Arena's later games do not count.
        let lines = self.standing_lines(t).await?;
        let places: Vec<(UserId, i64)> = lines.iter().map(|l| (l.user, l.rank as i64)).collect();
        let mut tx = self.store.write().await?;
        let (from, to) = (TournamentStatus::Running, TournamentStatus::Finished);
        let ends = t.ends_at.unwrap_or(now);
        if !store::set_tournament_status(&mut tx, t.id, from, to, now, Some(ends)).await? {
            return Ok(Vec::new());
        }
        store::set_places(&mut tx, t.id, &places).await?;
        tx.commit().await?;
        let winners = lines
            .iter()
            .filter(|l| l.rank == 1)
            .map(|l| l.user)
            .collect();
        let name = self.tournament_name(t.id, &t.name);
        Ok(vec![
            TournamentMsg::Standings {
                name: name.clone(),
                kind: t.format.kind(),
                lines,
                finished: true,
            },
            TournamentMsg::Finished { name, winners },
        ])
    }

    /// The standings as shown.
    pub(in crate::host) async fn standing_lines(
        &self,
        t: &TournamentRow,
    ) -> Result<Vec<TournamentLine>, HostError> {
        let entrants = self.store.entrants(t.id).await?;
        let pairings = self.store.pairings(t.id).await?;
        Ok(match t.format.kind() {
            TournamentKind::Swiss => swiss_lines(t, &entrants, &pairings),
            TournamentKind::Arena => arena_lines(t, &entrants, &pairings),
        })
    }

    /// Starts a pairing's game in `channel` (a thread opened for it, or the server's choice):
    /// its first board. `None` when there is nothing to start: another process started it
    /// first, or its tournament is gone.
    pub async fn start_pairing(
        &self,
        game: &GameToStart,
        channel: ChannelId,
        lang: Lang,
    ) -> Result<Option<Reply>, HostError> {
        let Some(t) = self.store.tournament(game.tournament).await? else {
            return Ok(None);
        };
        let new = NewGame {
            guild: Some(t.guild_id),
            channel,
            white: Some(game.white),
            black: Some(game.black),
            ai: None,
            rated: t.rated,
            control: t.time_control,
            tournament: Some(t.id),
        };
        let mut tx = self.store.write().await?;
        let id: GameId = self.insert_game(&mut tx, new).await?;
        if !store::start_pairing(&mut tx, game.pairing, id).await? {
            return Ok(None);
        }
        if t.format.kind() == TournamentKind::Arena && t.time_control.berserkable() {
            store::allow_berserk(&mut tx, id).await?;
        }
        tx.commit().await?;
        let row = self.game_row(id).await?;
        let reply = self.board_reply(&row, &Game::default(), lang);
        Ok(Some(Reply {
            mentions: vec![game.white, game.black],
            ..reply.led_by(Msg::GameStarted {
                players: players(&row),
                rated: row.rated,
                control: row.time_control,
            })
        }))
    }
}

/// The next round's boards: the Dutch system's (FIDE C.04.3), or, for a field the Dutch rules
/// cannot pair at all (everyone left has met) or larger than it pairs, the simple Swiss pairing,
/// which allows a rematch as a last resort and pairs a large field in slices.
fn swiss_boards(
    t: &TournamentRow,
    rounds: i64,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> Vec<NewPairing> {
    let report = swiss_report(
        &t.name,
        rounds as u32,
        t.round,
        entrants,
        pairings,
        Ahead::Entered,
    );
    match pair_dutch(&report.trf) {
        Ok(boards) => {
            return boards
                .into_iter()
                .map(|b| match b {
                    Board::Game { white, black } => NewPairing {
                        white: report.player(white),
                        black: Some(report.player(black)),
                        bye_halves: 0,
                    },
                    Board::Bye(p) => NewPairing {
                        white: report.player(p),
                        black: None,
                        bye_halves: 2,
                    },
                })
                .collect();
        }
        Err(e) => {
            tracing::warn!(tournament = %t.id.0, "the Dutch system left no pairing ({e}); pairing with rematches allowed");
        }
    }
    let field = swiss_field(entrants, pairings);
    let here: Vec<SwissPlayer> = field
        .into_iter()
        .filter(|p| entrants.iter().any(|e| e.user_id == p.id && !e.withdrawn))
        .collect();
    let round = pair_swiss(&here);
    let mut boards = games_to_store(&round.games);
    boards.extend(round.bye.map(|b| NewPairing {
        white: b,
        black: None,
        bye_halves: 2,
    }));
    boards
}

/// A round's stored pairings as its boards, in board order.
pub(super) fn boards_of(mut round: Vec<PairingRow>) -> Vec<NewPairing> {
    round.sort_by_key(|p| p.board);
    round
        .into_iter()
        .map(|p| NewPairing {
            white: p.white_id,
            black: p.black_id,
            bye_halves: 2,
        })
        .collect()
}

/// A Swiss round as announced: its boards (and when they start, if still to come); then, where
/// they break C1 or C2 against the rounds `before` (only the simple Swiss pairing does, when nothing
/// else pairs the field), a word to the organiser. The round posted, the round owed after a
/// lost post and the round asked for by `pairings` say it alike.
pub(super) fn round_announced(
    t: &TournamentRow,
    name: String,
    round: i64,
    boards: &[NewPairing],
    before: &[PairingRow],
    starts_at: Option<UnixMs>,
) -> Vec<TournamentMsg> {
    let (rematches, second_byes) = rules_broken(boards, before);
    let mut said = vec![round_msg(t, name.clone(), round, boards, starts_at)];
    if !rematches.is_empty() || !second_byes.is_empty() {
        said.push(TournamentMsg::OutsideRules {
            name,
            organiser: t.creator_id,
            round,
            rematches,
            second_byes,
        });
    }
    said
}

/// A Swiss round's boards, and when they start if that is still to come.
pub(super) fn round_msg(
    t: &TournamentRow,
    name: String,
    round: i64,
    boards: &[NewPairing],
    starts_at: Option<UnixMs>,
) -> TournamentMsg {
    TournamentMsg::Round {
        name,
        round,
        rounds: t.format.rounds().map_or(0, i64::from),
        games: boards
            .iter()
            .filter_map(|b| Some((b.white, b.black?)))
            .collect(),
        bye: boards.iter().find(|b| b.black.is_none()).map(|b| b.white),
        starts_at,
    }
}

/// What a round's boards break of the absolute rules (C.04.3): games between players who
/// played each other before (C1), and the bye to one who had a point without playing (C2).
/// Only the simple Swiss pairing, when no pairing keeps them, makes such boards.
fn rules_broken(
    boards: &[NewPairing],
    pairings: &[PairingRow],
) -> (Vec<(UserId, UserId)>, Vec<UserId>) {
    let met = |a: UserId, b: UserId| {
        pairings.iter().any(|p| {
            !p.forfeit
                && p.white_halves.is_some()
                && ((p.white_id == a && p.black_id == Some(b))
                    || (p.white_id == b && p.black_id == Some(a)))
        })
    };
    let had_a_point = |a: UserId| {
        pairings.iter().any(|p| match p.black_id {
            None => p.white_id == a && p.white_halves == Some(2),
            Some(black) => {
                p.forfeit
                    && ((p.white_id == a && p.white_halves == Some(2))
                        || (black == a && p.white_halves == Some(0)))
            }
        })
    };
    let rematches = boards
        .iter()
        .filter_map(|b| Some((b.white, b.black?)))
        .filter(|&(w, b)| met(w, b))
        .collect();
    let second_byes = boards
        .iter()
        .filter(|b| b.black.is_none() && had_a_point(b.white))
        .map(|b| b.white)
        .collect();
    (rematches, second_byes)
}

fn games_to_store(games: &[(UserId, UserId)]) -> Vec<NewPairing> {
    games
        .iter()
        .map(|&(w, b)| NewPairing {
            white: w,
            black: Some(b),
            bye_halves: 0,
        })
        .collect()
}

fn to_start(t: &TournamentRow, p: &PairingRow) -> Option<GameToStart> {
    Some(GameToStart {
        pairing: p.id,
        tournament: t.id,
        white: p.white_id,
        black: p.black_id.filter(|_| p.game_id.is_none())?,
        channel: t.games_channel_id,
        home: t.channel_id,
    })
}

/// Every entrant as the Swiss pairing sees them: seeded by rating, with their score (missed
/// rounds at half a point), opponents, colours and byes.
fn swiss_field(entrants: &[EntrantRow], pairings: &[PairingRow]) -> Vec<SwissPlayer> {
    let mut seeded: Vec<&EntrantRow> = entrants.iter().collect();
    seeded.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(a.user_id.cmp(&b.user_id))
    });
    seeded
        .iter()
        .enumerate()
        .map(|(seed, e)| {
            let mut p = SwissPlayer {
                id: e.user_id,
                seed,
                halves: e.joined_round as u32,
                opponents: Vec::new(),
                colors: Vec::new(),
                byes: 0,
            };
            for g in pairings {
                let halves = g.white_halves.unwrap_or(0) as u32;
                // A forfeit counts its point, but was not played.
                if g.forfeit {
                    if g.white_id == e.user_id {
                        p.halves += halves;
                    } else if g.black_id == Some(e.user_id) {
                        p.halves += 2 - halves.min(2);
                    }
                    continue;
                }
                if g.white_id == e.user_id {
                    p.halves += halves;
                    match g.black_id {
                        Some(b) => {
                            p.opponents.push(b);
                            p.colors.push(Color::White);
                        }
                        None => p.byes += 1,
                    }
                } else if g.black_id == Some(e.user_id) {
                    if let Some(h) = g.white_halves {
                        p.halves += 2 - (h as u32).min(2);
                    }
                    p.opponents.push(g.white_id);
                    p.colors.push(Color::Black);
                }
            }
            p
        })
        .collect()
}
