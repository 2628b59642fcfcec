//! A Swiss tournament's standings: score (1, ½, 0; a bye as given), then Buchholz cut 1, then
//! Sonneborn–Berger, then the results between the tied players, then rating. Points are
//! counted in halves, so no rounding can reorder anyone.

use std::collections::HashMap;

use dama_model::UserId;

/// A player in the tournament, with their rating when it began.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entrant {
    /// The player.
    pub id: UserId,
    /// Their rating in the tournament's speed class.
    pub rating: f64,
}

/// A finished game: White's score in halves (2 a win, 1 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The player with White.
    pub white: UserId,
    /// The player with Black.
    pub black: UserId,
    /// White's score in halves.
    pub white_halves: u8,
}

/// A round without an opponent, and what it scored (in halves: 2 for a pairing bye, 1 for a
/// round missed by a late entrant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bye {
    /// The player without an opponent.
    pub player: UserId,
    /// What the round scored, in halves.
    pub halves: u8,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player.
    pub id: UserId,
    /// 1 for the first; tied players (equal on every tie-break) share a rank.
    pub rank: usize,
    /// The score, in halves.
    pub halves: u32,
    /// Buchholz without the weakest opponent, in halves.
    pub buchholz_cut1: u32,
    /// Sonneborn–Berger, in quarters (a draw counts half an opponent's halves).
    pub sonneborn_berger: u32,
}

/// The standings, best first.
pub fn standings(entrants: &[Entrant], games: &[Played], byes: &[Bye]) -> Vec<Standing> {
    let mut score: HashMap<UserId, u32> = entrants.iter().map(|e| (e.id, 0)).collect();
    for g in games {
        *score.entry(g.white).or_default() += u32::from(g.white_halves);
        *score.entry(g.black).or_default() += u32::from(2 - g.white_halves.min(2));
    }
    for b in byes {
        *score.entry(b.player).or_default() += u32::from(b.halves);
    }
    // Each player's games as (opponent, own halves).
    let mut results: HashMap<UserId, Vec<(UserId, u8)>> = HashMap::new();
    for g in games {
        let white = g.white_halves.min(2);
        results.entry(g.white).or_default().push((g.black, white));
        results
            .entry(g.black)
            .or_default()
            .push((g.white, 2 - white));
    }
    let of = |id: UserId| score.get(&id).copied().unwrap_or(0);
    let mut lines: Vec<(Standing, f64)> = entrants
        .iter()
        .map(|e| {
            let mine = results.get(&e.id).map(Vec::as_slice).unwrap_or(&[]);
            let mut opponents: Vec<u32> = mine.iter().map(|(o, _)| of(*o)).collect();
            opponents.sort_unstable();
            let buchholz_cut1 = opponents.iter().skip(1).sum();
            let sonneborn_berger = mine
                .iter()
                .map(|(o, halves)| of(*o) * u32::from(*halves))
                .sum();
            let line = Standing {
                id: e.id,
                rank: 0,
                halves: of(e.id),
                buchholz_cut1,
                sonneborn_berger,
            };
            (line, e.rating)
        })
        .collect();
    let key = |s: &Standing| (s.halves, s.buchholz_cut1, s.sonneborn_berger);
    lines.sort_by_key(|(s, _)| std::cmp::Reverse(key(s)));
    // Within each group equal on score and both tie-breaks: the results between them, then
    // rating, then the id (so the order never depends on the input's).
    let mut start = 0;
    while start < lines.len() {
        let end = start
            + lines[start..]
                .iter()
                .take_while(|(s, _)| key(s) == key(&lines[start].0))
                .count();
        let group: Vec<UserId> = lines[start..end].iter().map(|(s, _)| s.id).collect();
        let between = |id: UserId| -> u32 {
            results
                .get(&id)
                .into_iter()
                .flatten()
                .filter(|(o, _)| group.contains(o))
                .map(|(_, h)| u32::from(*h))
                .sum()
        };
        lines[start..end].sort_by(|(a, ra), (b, rb)| {
            between(b.id)
                .cmp(&between(a.id))
                .then(rb.total_cmp(ra))
                .then(a.id.cmp(&b.id))
        });
        let ties: Vec<(u32, f64)> = lines[start..end]
            .iter()
            .map(|(s, r)| (between(s.id), *r))
            .collect();
        for i in start..end {
            let shared = i > start && ties[i - start] == ties[i - start - 1];
            lines[i].0.rank = if shared { lines[i - 1].0.rank } else { i + 1 };
        }
        start = end;
    }
    lines.into_iter().map(|(s, _)| s).collect()
}
