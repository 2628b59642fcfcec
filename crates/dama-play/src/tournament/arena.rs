//! Arena: the scoring (win 2, draw 1, loss 0; doubled on a streak; berserk; no points for an
//! early draw) and the re-pairing of whoever is waiting, near each other in the standings.

use dama_model::UserId;
use integer_blossom::min_weight_perfect_matching;

/// A finished Arena game, from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// 2 a win, 1 a draw, 0 a loss.
    pub halves: u8,
    /// This player went berserk (half the clock, no increment).
    pub berserk: bool,
    /// Full moves played (a move each).
    pub moves: u32,
}

/// Wins in a row after which every game counts double until one is not won.
pub const STREAK: usize = 2;
/// A berserk win needs this many moves for its extra point.
pub const BERSERK_MOVES: u32 = 7;
/// A draw before this many moves scores nothing.
pub const EARLY_DRAW_MOVES: u32 = 10;

/// What one player's games are worth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArenaSheet {
    /// All the points so far.
    pub points: u32,
    /// Each game's points, in order.
    pub games: Vec<u32>,
    /// Each game was played on a streak (worth double).
    pub doubled: Vec<bool>,
    /// The next game counts double.
    pub on_fire: bool,
}

/// Scores one player's games, oldest first.
pub fn arena_sheet(games: &[ArenaGame]) -> ArenaSheet {
    let mut sheet = ArenaSheet::default();
    let mut wins = 0;
    for g in games {
        let doubled = wins >= STREAK;
        let factor = if doubled { 2 } else { 1 };
        let points = match g.halves {
            2 => 2 * factor + u32::from(g.berserk && g.moves >= BERSERK_MOVES),
            1 if g.moves < EARLY_DRAW_MOVES => 0,
            1 => factor,
            _ => 0,
        };
        wins = if g.halves == 2 { wins + 1 } else { 0 };
        sheet.points += points;
        sheet.games.push(points);
        sheet.doubled.push(doubled);
    }
    sheet.on_fire = wins >= STREAK;
    sheet
}

/// A player waiting for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The player.
    pub id: UserId,
    /// Place in the standings, 0 the first.
    pub rank: usize,
    /// Whom they just played: not again straight away.
    pub last_opponent: Option<UserId>,
    /// Whites minus Blacks so far: whoever had fewer Whites gets White.
    pub whites: i32,
}

/// How many waiting players are matched at once: beyond this the pool is paired in slices by
/// rank, whoever is left over moving on to the next slice, so the cost stays linear.
const SLICE: usize = 64;

/// Pairs the waiting players as (White, Black): each with someone near them in the standings
/// and never with the player they just played; nobody is left waiting while someone they may
/// play waits too.
pub fn pair_arena(waiting: &[Waiting]) -> Vec<(UserId, UserId)> {
    let mut pool = waiting.to_vec();
    pool.sort_by_key(|w| (w.rank, w.id));
    let mut games = Vec::new();
    let mut carried: Vec<Waiting> = Vec::new();
    let mut rest = pool.as_slice();
    while !rest.is_empty() {
        let take = SLICE.saturating_sub(carried.len()).max(2).min(rest.len());
        let mut slice = std::mem::take(&mut carried);
        slice.extend_from_slice(&rest[..take]);
        rest = &rest[take..];
        let (paired, left) = match_slice(&slice);
        games.extend(paired);
        if rest.is_empty() {
            break;
        }
        carried = left;
    }
    games
}

fn match_slice(slice: &[Waiting]) -> (Vec<(UserId, UserId)>, Vec<Waiting>) {
    let n = slice.len();
    if n < 2 {
        return (Vec::new(), slice.to_vec());
    }
    let v = n + n % 2;
    let again =
        |a: &Waiting, b: &Waiting| a.last_opponent == Some(b.id) || b.last_opponent == Some(a.id);
    // A rematch costs more than every other cost of the slice together (each player's widest
    // gap, and a leave-out cost below n).
    let gap = |i: usize, j: usize| {
        let g = slice[i].rank.abs_diff(slice[j].rank).min(1_000_000) as i64;
        g * g
    };
    let widest = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| gap(i, j))
        .max()
        .unwrap_or(0);
    let rematch = (widest + n as i64) * n as i64 + 1;
    let mut cost = vec![0i64; v * v];
    for i in 0..n {
        for j in i + 1..n {
            cost[i * v + j] = if again(&slice[i], &slice[j]) {
                rematch
            } else {
                gap(i, j)
            };
        }
        if v > n {
            // The one left waiting: the last in rank, who may meet the next slice.
            cost[i * v + n] = (n - 1 - i) as i64;
        }
    }
    let mate = min_weight_perfect_matching(&cost, v);
    let mut games = Vec::new();
    let mut left = Vec::new();
    for (i, &j) in mate.iter().enumerate().take(n) {
        if j >= n || again(&slice[i], &slice[j]) {
            left.push(slice[i]);
        } else if i < j {
            let (a, b) = (slice[i], slice[j]);
            let a_white = (a.whites, a.rank) < (b.whites, b.rank);
            games.push(if a_white { (a.id, b.id) } else { (b.id, a.id) });
        }
    }
    (games, left)
}
