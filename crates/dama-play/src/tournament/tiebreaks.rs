//! The standings of a report file by FIDE's tie-break regulations (C.07, 2023): score, then
//! Buchholz cut 1, then Sonneborn–Berger, then the direct encounter where every tied player
//! met every other. Unplayed rounds count as the regulations say: a player's own unplayed round
//! as a game against a dummy opponent with the player's own score; an opponent's rounds without
//! an opponent after their last round not voluntarily unplayed as draws; the cut removing a
//! voluntarily unplayed round first (a bye asked for, an absence, a forfeit lost), before the
//! weakest opponent. Points are in halves,
//! Sonneborn–Berger in quarters, so nothing is rounded.

use super::trf::{RoundResult, Trf};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreakLine {
    /// The place: 1 for the first; players equal on every criterion share it.
    pub place: usize,
    /// The pairing number.
    pub number: u32,
    /// The score, in halves.
    pub halves: u32,
    /// Buchholz cut 1, in halves.
    pub buchholz_cut1: u32,
    /// Sonneborn–Berger, in quarters.
    pub sonneborn_berger: u32,
}

/// A round as the tie-breaks see it.
#[derive(Clone, Copy, Debug)]
enum Round {
    /// A game over the board: the opponent's index and the player's halves.
    Played(usize, u32),
    /// No game: the halves it scored, and whether the player chose it.
    Unplayed(u32, bool),
    /// Not there (a zero-point bye, or nothing entered): chosen, scoring nothing.
    Absent,
}

/// The standings, best first.
pub fn fide_standings(trf: &Trf) -> Vec<TieBreakLine> {
    let count = trf
        .players
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0);
    let index_of = |number: u32| trf.players.iter().position(|p| p.number == number);
    let rounds: Vec<Vec<Round>> = trf
        .players
        .iter()
        .map(|p| {
            (0..count)
                .map(|r| match p.rounds.get(r).copied().flatten() {
                    Some(e) if e.result.is_played() => match e.opponent.and_then(index_of) {
                        Some(o) => Round::Played(o, e.result.halves()),
                        None => Round::Unplayed(e.result.halves(), false),
                    },
                    Some(e) if e.result == RoundResult::ZeroPointBye => Round::Absent,
                    Some(e) => Round::Unplayed(
                        e.result.halves(),
                        matches!(
                            e.result,
                            RoundResult::HalfPointBye | RoundResult::LostByForfeit
                        ),
                    ),
                    None => Round::Absent,
                })
                .collect()
        })
        .collect();
    let score: Vec<u32> = rounds
        .iter()
        .map(|list| {
            list.iter()
                .map(|r| match *r {
                    Round::Played(_, h) | Round::Unplayed(h, _) => h,
                    Round::Absent => 0,
                })
                .sum()
        })
        .collect();
    // The score an opponent brings (16.3.2): after their last round that was not voluntarily
    // unplayed (16.2.5: a half-point or zero-point bye, a forfeit lost, absent), each round
    // without an opponent counts as a draw; a forfeit against a named opponent counts as it
    // was scored.
    let brought: Vec<u32> = trf
        .players
        .iter()
        .map(|p| {
            let entry = |r: usize| p.rounds.get(r).copied().flatten();
            let voluntary = |r: usize| {
                entry(r).is_none_or(|e| {
                    !e.result.is_played()
                        && !matches!(
                            e.result,
                            RoundResult::WonByForfeit
                                | RoundResult::PairingBye
                                | RoundResult::FullPointBye
                        )
                })
            };
            let last_chosen = (0..count).rev().find(|&r| !voluntary(r));
            (0..count)
                .map(|r| match entry(r) {
                    Some(e) if e.opponent.is_some() => e.result.halves(),
                    _ if last_chosen.is_some_and(|l| r <= l) => {
                        entry(r).map_or(0, |e| e.result.halves())
                    }
                    _ => 1,
                })
                .sum()
        })
        .collect();
    let mut lines: Vec<TieBreakLine> = (0..trf.players.len())
        .map(|p| {
            let own = score[p];
            let mut contributions = Vec::new();
            let (mut voluntary, mut sonneborn_berger) = (false, 0);
            for round in &rounds[p] {
                match *round {
                    Round::Played(o, h) => {
                        contributions.push(brought[o]);
                        sonneborn_berger += h * brought[o];
                    }
                    Round::Unplayed(h, chosen) => {
                        contributions.push(own);
                        sonneborn_berger += h * own;
                        voluntary |= chosen;
                    }
                    Round::Absent => {
                        contributions.push(own);
                        voluntary = true;
                    }
                }
            }
            let total: u32 = contributions.iter().sum();
            let cut = if voluntary {
                own
            } else {
                contributions.iter().copied().min().unwrap_or(0)
            };
            TieBreakLine {
                place: 0,
                number: trf.players[p].number,
                halves: own,
                buchholz_cut1: total - cut,
                sonneborn_berger,
            }
        })
        .collect();
    let index: std::collections::HashMap<u32, usize> = trf
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let key = |l: &TieBreakLine| (l.halves, l.buchholz_cut1, l.sonneborn_berger);
    lines.sort_by_key(|l| (std::cmp::Reverse(key(l)), l.number));
    let mut start = 0;
    while start < lines.len() {
        let end = start
            + lines[start..]
                .iter()
                .take_while(|l| key(l) == key(&lines[start]))
                .count();
        let group: Vec<usize> = lines[start..end].iter().map(|l| index[&l.number]).collect();
        // The direct encounter, only where every tied player met every other.
        let met = |a: usize, b: usize| {
            rounds[a]
                .iter()
                .any(|r| matches!(r, Round::Played(o, _) if *o == b))
        };
        let all_met = group
            .iter()
            .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
        let between = |a: usize| -> u32 {
            if !all_met {
                return 0;
            }
            rounds[a]
                .iter()
                .filter_map(|r| match *r {
                    Round::Played(o, h) if group.contains(&o) => Some(h),
                    _ => None,
                })
                .sum()
        };
        lines[start..end].sort_by_key(|l| (std::cmp::Reverse(between(index[&l.number])), l.number));
        for i in start..end {
            let shared = i > start
                && between(index[&lines[i].number]) == between(index[&lines[i - 1].number]);
            lines[i].place = if shared { lines[i - 1].place } else { i + 1 };
        }
        start = end;
    }
    lines
}
