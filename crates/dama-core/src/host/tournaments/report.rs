//! A Swiss as FIDE's Tournament Report File (TRF-16) gives it: what the Dutch pairing reads.
//! Pairing numbers by rating when entered (as the old pairing seeded), a round before a late
//! entry a half-point bye, a round missed after it a zero-point bye; a game whose loser never
//! made a first move a forfeit (not played: no rematch barred, colours as they were); every
//! other finished game a game played (a resignation before the first move included).

use std::collections::HashMap;

use dama_model::UserId;
use dama_play::tournament::{RoundEntry, RoundResult, Trf, TrfPlayer, alphabetical};
use dama_rules::Color;

use dama_store::{EntrantRow, PairingRow};

/// A tournament's report, and who each pairing number is.
pub(in crate::host) struct Report {
    /// The report.
    pub trf: Trf,
    /// The players by pairing number (from 1 at index 0).
    pub players: Vec<UserId>,
}

impl Report {
    /// The player with this pairing number.
    pub fn player(&self, number: u32) -> UserId {
        self.players[number as usize - 1]
    }
}

/// The rounds whose games have all ended, of the `round` paired so far.
pub(super) fn rounds_over(round: i64, pairings: &[PairingRow]) -> i64 {
    let over = pairings
        .iter()
        .filter(|p| p.round == round)
        .all(|p| p.white_halves.is_some());
    if over { round } else { round - 1 }.max(0)
}

/// Whether the report enters the next round's absences ahead (to pair it), or leaves them out
/// (for the standings).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ahead {
    /// The withdrawn have the next round entered as absent.
    Entered,
    /// Only the rounds paired.
    Left,
}

/// The report after `paired` rounds of `rounds`.
pub(super) fn swiss_report(
    name: &str,
    rounds: u32,
    paired: i64,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
    ahead: Ahead,
) -> Report {
    // Pairing numbers by rating, then (C.04.2) alphabetically by the name each joined with.
    let mut seeded: Vec<&EntrantRow> = entrants.iter().collect();
    seeded.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then_with(|| alphabetical(&a.name).cmp(&alphabetical(&b.name)))
            .then(a.user_id.cmp(&b.user_id))
    });
    let number_of: HashMap<UserId, u32> = seeded
        .iter()
        .enumerate()
        .map(|(i, e)| (e.user_id, i as u32 + 1))
        .collect();
    let mut of_round: HashMap<(i64, UserId), &PairingRow> = HashMap::new();
    for p in pairings {
        of_round.insert((p.round, p.white_id), p);
        if let Some(b) = p.black_id {
            of_round.insert((p.round, b), p);
        }
    }
    let players = seeded
        .iter()
        .map(|e| {
            let mut list: Vec<Option<RoundEntry>> = (1..=paired)
                .map(|round| match of_round.get(&(round, e.user_id)) {
                    Some(p) => entry(p, e.user_id, &number_of),
                    None => Some(bye(if round <= e.joined_round {
                        RoundResult::HalfPointBye
                    } else {
                        RoundResult::ZeroPointBye
                    })),
                })
                .collect();
            if e.withdrawn && ahead == Ahead::Entered {
                list.push(Some(bye(RoundResult::ZeroPointBye)));
            }
            let halves = list
                .iter()
                .take(paired as usize)
                .flatten()
                .map(|r| r.result.halves())
                .sum();
            TrfPlayer {
                number: number_of[&e.user_id],
                name: e.user_id.0.to_string(),
                rating: e.rating.round().clamp(0.0, 9999.0) as u32,
                halves,
                rounds: list,
            }
        })
        .collect();
    let mut trf = Trf {
        name: Some(name.to_owned()),
        rounds: Some(rounds),
        // Round 1's top board has White; later rounds read it back from the games.
        first_color: (paired == 0).then_some(Color::White),
        forbidden: Vec::new(),
        comments: Vec::new(),
        players,
    };
    // An arbiter reads in the file which rounds broke the absolute rules, and why.
    trf.comments = trf.rules_broken().iter().map(ToString::to_string).collect();
    Report {
        trf,
        players: seeded.iter().map(|e| e.user_id).collect(),
    }
}

fn bye(result: RoundResult) -> RoundEntry {
    RoundEntry {
        opponent: None,
        color: None,
        result,
    }
}

/// One player's round from its pairing; `None` while its game is on.
fn entry(p: &PairingRow, me: UserId, number_of: &HashMap<UserId, u32>) -> Option<RoundEntry> {
    let white_halves = p.white_halves?;
    let Some(black) = p.black_id else {
        return Some(bye(match white_halves {
            2.. => RoundResult::PairingBye,
            1 => RoundResult::HalfPointBye,
            _ => RoundResult::ZeroPointBye,
        }));
    };
    let (opponent, color, halves) = if p.white_id == me {
        (black, Color::White, white_halves)
    } else {
        (p.white_id, Color::Black, 2 - white_halves.min(2))
    };
    let result = match (halves, p.forfeit) {
        (2.., true) => RoundResult::WonByForfeit,
        (_, true) => RoundResult::LostByForfeit,
        (2.., false) => RoundResult::Won,
        (1, false) => RoundResult::Drew,
        (_, false) => RoundResult::Lost,
    };
    Some(RoundEntry {
        opponent: Some(number_of[&opponent]),
        color: Some(color),
        result,
    })
}
