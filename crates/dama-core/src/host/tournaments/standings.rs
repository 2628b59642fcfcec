//! A tournament's standings as shown: a Swiss's by points and FIDE's tie-breaks, an Arena's
//! by points with its streaks.

use dama_model::{UnixMs, UserId};
use dama_play::tournament::{ArenaGame, arena_sheet, fide_standings};
use dama_store::{EntrantRow, PairingRow, TournamentRow};

use super::TournamentLine;
use super::report::{Ahead, rounds_over, swiss_report};

/// Swiss standings: the points of every game finished, the round under way's too, so a player
/// sees a win counted the moment it ends; ties broken by FIDE's tie-breaks (C.07) over the
/// rounds whose games have all ended.
pub(super) fn swiss_lines(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> Vec<TournamentLine> {
    let counted = rounds_over(t.round, pairings);
    let rounds = t.format.rounds().map_or(0, i64::from) as u32;
    let report = swiss_report(&t.name, rounds, counted, entrants, pairings, Ahead::Left);
    let halves_of = |user: UserId, p: &PairingRow| {
        let halves = p.white_halves? as u8;
        if p.white_id == user {
            Some(halves)
        } else if p.black_id == Some(user) {
            Some(2 - halves.min(2))
        } else {
            None
        }
    };
    let mut lines: Vec<(usize, TournamentLine)> = fide_standings(&report.trf)
        .into_iter()
        .map(|s| {
            let user = report.player(s.number);
            let games: Vec<u8> = pairings.iter().filter_map(|p| halves_of(user, p)).collect();
            let live: u32 = pairings
                .iter()
                .filter(|p| p.round > counted)
                .filter_map(|p| halves_of(user, p))
                .map(u32::from)
                .sum();
            let line = TournamentLine {
                rank: s.place,
                user,
                score: s.halves + live,
                tie_breaks: Some((s.buchholz_cut1, s.sonneborn_berger)),
                on_fire: false,
                games,
                withdrawn: entrants.iter().any(|e| e.user_id == user && e.withdrawn),
            };
            (s.place, line)
        })
        .collect();
    // By points first; the order of the tie-breaks (stable) among equal points.
    lines.sort_by_key(|(_, line)| std::cmp::Reverse(line.score));
    let mut ranked: Vec<TournamentLine> = Vec::with_capacity(lines.len());
    for (i, (place, mut line)) in lines.iter().cloned().enumerate() {
        line.rank = match ranked.last() {
            Some(before) if before.score == line.score && i > 0 && lines[i - 1].0 == place => {
                before.rank
            }
            _ => i + 1,
        };
        ranked.push(line);
    }
    ranked
}

/// Arena standings: points (games ended after the end do not count), then rating.
pub(super) fn arena_lines(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> Vec<TournamentLine> {
    let end = t.ends_at.unwrap_or(UnixMs(i64::MAX));
    let mut lines: Vec<(TournamentLine, f64)> = entrants
        .iter()
        .map(|e| {
            let mut mine: Vec<&PairingRow> = pairings
                .iter()
                .filter(|p| p.white_id == e.user_id || p.black_id == Some(e.user_id))
                .filter(|p| p.white_halves.is_some() && p.ended_at.is_some_and(|at| at <= end))
                .collect();
            mine.sort_by_key(|p| (p.ended_at, p.id));
            let games: Vec<ArenaGame> = mine
                .iter()
                .map(|p| {
                    let white = p.white_id == e.user_id;
                    let halves = p.white_halves.unwrap_or(1) as u8;
                    ArenaGame {
                        halves: if white { halves } else { 2 - halves.min(2) },
                        berserk: if white {
                            p.white_berserk
                        } else {
                            p.black_berserk
                        },
                        moves: (p.plies.unwrap_or(0) / 2) as u32,
                    }
                })
                .collect();
            let sheet = arena_sheet(&games);
            let line = TournamentLine {
                rank: 0,
                user: e.user_id,
                score: sheet.points,
                tie_breaks: None,
                on_fire: sheet.on_fire,
                games: games.iter().map(|g| g.halves).collect(),
                withdrawn: e.withdrawn,
            };
            (line, e.rating)
        })
        .collect();
    lines.sort_by(|(a, ra), (b, rb)| {
        b.score
            .cmp(&a.score)
            .then(rb.total_cmp(ra))
            .then(a.user.cmp(&b.user))
    });
    let mut out: Vec<TournamentLine> = Vec::new();
    for (i, (mut line, _)) in lines.into_iter().enumerate() {
        line.rank = match out.last() {
            Some(prev) if prev.score == line.score => prev.rank,
            _ => i + 1,
        };
        out.push(line);
    }
    out
}
