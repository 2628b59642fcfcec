//! The players as the pairing sees them, read from a report file: each round's result, the
//! score, the colour due and how strongly, the float of the last two rounds.

use super::DutchError;
use crate::tournament::trf::{RoundResult, Trf};
use dama_rules::Color;

/// How a player's round went, as the pairing counts it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Round {
    /// The opponent's index; the player's own where there was none.
    pub opponent: usize,
    /// The colour, where one was given.
    pub color: Option<Color>,
    /// Points in halves.
    pub halves: u32,
    /// Played over the board.
    pub played: bool,
    /// Was in that round's pairing (an opponent, the pairing bye or a forfeit win).
    pub took_part: bool,
}

/// The direction a player floated in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// A player of the field.
#[derive(Clone, Debug)]
pub(super) struct Player {
    /// The pairing number, from 1.
    pub number: u32,
    /// The place among the present players by pairing number: the tie-break and the colour
    /// seed.
    pub rank: usize,
    /// The score, in halves.
    pub score: u32,
    /// Every round so far (padded to the rounds played), and the next where entered ahead.
    pub rounds: Vec<Round>,
    /// Everyone met over the board.
    pub met: Vec<usize>,
    /// The colour the player is due, if any.
    pub preference: Option<Color>,
    /// Whites minus blacks, in absolute value.
    pub imbalance: u32,
    /// The colour of the last two games where they were the same.
    pub repeated: Option<Color>,
    /// A colour preference from an imbalance of one, not absolute.
    pub strong: bool,
    /// Was ever in the pairing (or has no entry ahead): counted among the players.
    pub valid: bool,
    /// Has not received a bye, forfeit win or full-point bye: may get the pairing bye.
    pub bye_eligible: bool,
}

impl Player {
    /// An absolute colour preference: an imbalance of two, or the same colour twice running.
    pub fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    /// Games played over the board.
    pub fn games(&self) -> usize {
        self.rounds.iter().filter(|r| r.played).count()
    }

    /// An imbalance of two or more.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
}

/// The tournament at the moment of pairing a round.
#[derive(Clone, Debug)]
pub(super) struct Field {
    pub players: Vec<Player>,
    /// Rounds paired so far.
    pub played_rounds: usize,
    /// Rounds announced.
    pub rounds: usize,
    /// The colour of the top player in round 1.
    pub first_color: Color,
    /// Each player's float one and two rounds back (`None` before there were such rounds):
    /// read for every weight, so found once.
    floats: Vec<[Float; 2]>,
}

impl Field {
    pub fn from_trf(trf: &Trf) -> Result<Field, DutchError> {
        let rounds = trf.rounds.ok_or(DutchError::NoRoundCount)? as usize;
        let mut order: Vec<usize> = (0..trf.players.len()).collect();
        order.sort_by_key(|&i| trf.players[i].number);
        let index_of = |number: u32| order.iter().position(|&i| trf.players[i].number == number);
        // Rounds paired so far: the last round anyone took part in the pairing of, or any round
        // entered before a later one.
        let mut played_rounds = 0;
        for p in &trf.players {
            for (r, entry) in p.rounds.iter().enumerate() {
                let Some(e) = entry else { continue };
                played_rounds = played_rounds.max(r);
                if takes_part(e.opponent, e.result) {
                    played_rounds = played_rounds.max(r + 1);
                }
            }
        }
        if !trf.players.is_empty() && trf.players.iter().all(|p| p.rounds.len() > played_rounds) {
            played_rounds += 1;
        }
        if played_rounds >= rounds {
            return Err(DutchError::AllRoundsPaired { rounds });
        }
        let mut players = Vec::with_capacity(order.len());
        for (own, &i) in order.iter().enumerate() {
            let p = &trf.players[i];
            let mut list = Vec::new();
            let mut participated = false;
            for entry in &p.rounds {
                list.push(match entry {
                    None => Round {
                        opponent: own,
                        color: None,
                        halves: 0,
                        played: false,
                        took_part: false,
                    },
                    Some(e) => {
                        let took_part = takes_part(e.opponent, e.result);
                        participated |= took_part;
                        let opponent = match e.opponent {
                            Some(n) => index_of(n).ok_or(DutchError::NoSuchOpponent(n))?,
                            None => own,
                        };
                        Round {
                            opponent,
                            color: e.color,
                            halves: e.result.halves(),
                            played: e.result.is_played() && opponent != own,
                            took_part,
                        }
                    }
                });
            }
            while list.len() < played_rounds {
                list.push(Round {
                    opponent: own,
                    color: None,
                    halves: 0,
                    played: false,
                    took_part: false,
                });
            }
            let score = list.iter().take(played_rounds).map(|r| r.halves).sum();
            players.push(Player {
                number: p.number,
                rank: 0,
                score,
                valid: list.len() <= played_rounds || participated,
                met: list
                    .iter()
                    .filter(|r| r.played)
                    .map(|r| r.opponent)
                    .collect(),
                bye_eligible: list.iter().all(|r| r.played || r.halves < 2),
                rounds: list,
                preference: None,
                imbalance: 0,
                repeated: None,
                strong: false,
            });
        }
        // A pair the file forbids is kept apart as a pair that met is (C1).
        for &(a, b) in &trf.forbidden {
            let (Some(a), Some(b)) = (index_of(a), index_of(b)) else {
                return Err(DutchError::NoSuchOpponent(if index_of(a).is_none() {
                    a
                } else {
                    b
                }));
            };
            if a != b {
                players[a].met.push(b);
                players[b].met.push(a);
            }
        }
        let mut rank = 0;
        for p in &mut players {
            if p.valid {
                p.rank = rank;
                rank += 1;
                colors(p);
            }
        }
        let first_color = match trf.first_color {
            Some(c) => c,
            None => infer_first_color(&players).ok_or(DutchError::NoFirstColor)?,
        };
        let mut field = Field {
            players,
            played_rounds,
            rounds,
            first_color,
            floats: Vec::new(),
        };
        field.floats = (0..field.players.len())
            .map(|p| [1, 2].map(|back| field.float_found(p, back)))
            .collect();
        Ok(field)
    }

    /// The score `back` rounds ago.
    pub fn score_back(&self, p: usize, back: usize) -> u32 {
        let player = &self.players[p];
        let recent: u32 = (self.played_rounds - back..self.played_rounds)
            .map(|r| player.rounds[r].halves)
            .sum();
        player.score - recent
    }

    /// How the player floated `back` rounds ago (1: the last round, 2: the one before).
    pub fn float(&self, p: usize, back: usize) -> Float {
        self.floats[p][back - 1]
    }

    fn float_found(&self, p: usize, back: usize) -> Float {
        if back > self.played_rounds {
            return Float::None;
        }
        let round = self.players[p].rounds[self.played_rounds - back];
        if !round.played {
            return if round.halves > 0 {
                Float::Down
            } else {
                Float::None
            };
        }
        let (own, theirs) = (
            self.score_back(p, back),
            self.score_back(round.opponent, back),
        );
        match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }
}

/// Whether the round's entry put the player in that round's pairing.
fn takes_part(opponent: Option<u32>, result: RoundResult) -> bool {
    opponent.is_some() || matches!(result, RoundResult::PairingBye | RoundResult::WonByForfeit)
}

/// The colour due, from the games played: the imbalance first, then the last two colours.
fn colors(p: &mut Player) {
    let (mut whites, mut blacks, mut run) = (0u32, 0u32, 0u32);
    let mut last = None;
    for r in p.rounds.iter().filter(|r| r.played) {
        let color = r.color.unwrap_or(Color::White);
        if color == Color::White {
            whites += 1;
        } else {
            blacks += 1;
        }
        run = if run > 0 && Some(color) == last {
            run + 1
        } else {
            1
        };
        last = Some(color);
    }
    let lower = if whites > blacks {
        Color::Black
    } else {
        Color::White
    };
    p.imbalance = whites.abs_diff(blacks);
    p.preference = if p.imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Color::opponent)
    } else if p.imbalance > 0 {
        Some(lower)
    } else if run > 0 {
        last.map(Color::opponent)
    } else {
        None
    };
    p.repeated = if run > 1 { last } else { None };
    p.strong = !p.absolute() && p.imbalance > 0;
}

/// The colour of the top player of round 1, where the file does not say: the first round in
/// which anyone had a colour, and the colour then of the best-numbered player in its pairing
/// (reversed for an odd place, as colours alternate down the boards).
fn infer_first_color(players: &[Player]) -> Option<Color> {
    let first = players
        .iter()
        .filter(|p| p.valid)
        .filter_map(|p| p.rounds.iter().position(|r| r.color.is_some()))
        .min()?;
    let mut place = 0;
    for p in players {
        if p.rounds.iter().take(first + 1).any(|r| r.took_part) {
            if let Some(color) = p.rounds[first].color {
                return Some(if place % 2 == 1 {
                    color.opponent()
                } else {
                    color
                });
            }
            place += 1;
        }
    }
    None
}
