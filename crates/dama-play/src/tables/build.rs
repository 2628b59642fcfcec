//! Retrograde analysis by passes: pass k finds every position decided in exactly k plies (wins in
//! odd passes, losses in even ones), reading only what earlier passes and earlier tables found.
//! A win in k needs a move to a loss in k − 1; a loss in k needs every move to lead to a win,
//! the longest in k − 1. What no pass decides is a draw: neither side can force anything,
//! whatever the repetitions.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::material::{Material, flipped};
use super::{DRAW, NOT_A_POSITION, TablesError, UNKNOWN, file};
use dama_rules::{Color, GameResult, Move, Position, Reason, rules_outcome};

/// The longest distance one byte can hold.
const MAX_DISTANCE: u32 = 252;

/// What one table holds, reported as it is finished.
#[derive(Clone, Debug)]
pub struct TableStats {
    /// The material the table is for.
    pub material: Material,
    /// Positions in the table.
    pub entries: usize,
    /// Positions won for the side to move.
    pub wins: usize,
    /// Positions drawn.
    pub draws: usize,
    /// Positions lost for the side to move.
    pub losses: usize,
    /// The longest win or loss, in plies.
    pub longest: u32,
    /// The bytes written (0 when the file was already there).
    pub bytes: u64,
    /// How long the table took.
    pub time: Duration,
    /// Loaded from an earlier build rather than built.
    pub reused: bool,
}

type Store = Vec<Option<Box<[AtomicU8]>>>;

/// What a build answers to while it runs (a build in the background of the bot).
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// Once set, the build ends soon with [`TablesError::Stopped`]; every table already
    /// written stays, and the next build starts from them.
    pub stop: Option<&'a AtomicBool>,
    /// Called between chunks of work: where a build that must not slow anyone waits.
    pub pause: Option<&'a (dyn Fn() + Sync)>,
}

impl Control<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Builds (or finds already built in `dir`) every table of at most `pieces` pieces, writing one
/// file per material into `dir`, with `threads` threads. `report` hears of each table done.
pub fn build(
    dir: &Path,
    pieces: u32,
    threads: usize,
    report: &mut dyn FnMut(&TableStats),
) -> Result<Vec<TableStats>, TablesError> {
    build_controlled(
        dir,
        &Material::all_up_to(pieces),
        threads,
        Control::default(),
        report,
    )
}

/// Builds the tables of `wanted` and of every material they lead to.
pub fn build_materials(
    dir: &Path,
    wanted: &[Material],
    threads: usize,
    report: &mut dyn FnMut(&TableStats),
) -> Result<Vec<TableStats>, TablesError> {
    build_controlled(dir, wanted, threads, Control::default(), report)
}

/// The materials a build of `wanted` solves, in the order it solves them, and whether each
/// is already in `dir` (for saying how much is left before starting).
pub fn plan(dir: &Path, wanted: &[Material]) -> Vec<(Material, bool)> {
    needed(wanted)
        .into_iter()
        .map(|m| (m, file::read(&file::path(dir, m)).is_ok()))
        .collect()
}

fn needed(wanted: &[Material]) -> Vec<Material> {
    let most = wanted.iter().map(|m| m.pieces()).max().unwrap_or(0);
    Material::all_up_to(most)
        .into_iter()
        .filter(|m| wanted.iter().any(|w| leads_to(*w, *m)))
        .collect()
}

/// [`build_materials`] that can be stopped and paused.
pub fn build_controlled(
    dir: &Path,
    wanted: &[Material],
    threads: usize,
    control: Control<'_>,
    report: &mut dyn FnMut(&TableStats),
) -> Result<Vec<TableStats>, TablesError> {
    std::fs::create_dir_all(dir).map_err(|e| TablesError::io(dir, e))?;
    let needed = needed(wanted);
    let mut store: Store = (0..Material::SLOTS).map(|_| None).collect();
    let mut longest_so_far = 0;
    let mut all = Vec::new();
    for &m in &needed {
        if store[m.slot()].is_some() {
            continue;
        }
        let group: Vec<Material> = if m.swapped() == m {
            vec![m]
        } else {
            vec![m, m.swapped()]
        };
        let start = Instant::now();
        let found: Option<Vec<Box<[u8]>>> = group
            .iter()
            .map(|g| file::read(&file::path(dir, *g)).ok().map(|(_, v)| v))
            .collect();
        let (reused, values) = match found {
            Some(values) => (true, values),
            None => (
                false,
                solve(&group, &store, longest_so_far, threads, control)?,
            ),
        };
        for (g, v) in group.iter().zip(values) {
            let bytes = if reused { 0 } else { file::write(dir, *g, &v)? };
            let mut stats = stats_of(*g, &v);
            stats.bytes = bytes;
            stats.reused = reused;
            stats.time = start.elapsed();
            longest_so_far = longest_so_far.max(stats.longest);
            report(&stats);
            all.push(stats);
            store[g.slot()] = Some(v.iter().map(|&b| AtomicU8::new(b)).collect());
        }
    }
    Ok(all)
}

/// Whether a game with material `from` can reach material `to` (either side to move).
fn leads_to(from: Material, to: Material) -> bool {
    let fits = |a: Material, b: Material| {
        // Men may be captured or crowned, kings only captured; crowned men add kings.
        let side = |men_a: u8, kings_a: u8, men_b: u8, kings_b: u8| {
            men_b <= men_a && kings_b <= kings_a + (men_a - men_b)
        };
        side(a.white_men, a.white_kings, b.white_men, b.white_kings)
            && side(a.black_men, a.black_kings, b.black_men, b.black_kings)
    };
    fits(from, to) || fits(from, to.swapped())
}

fn stats_of(material: Material, values: &[u8]) -> TableStats {
    let mut s = TableStats {
        material,
        entries: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        longest: 0,
        bytes: 0,
        time: Duration::ZERO,
        reused: false,
    };
    for &v in values {
        match v {
            NOT_A_POSITION => continue,
            DRAW => s.draws += 1,
            d => {
                let d = u32::from(d) - 1;
                if d % 2 == 1 {
                    s.wins += 1;
                } else {
                    s.losses += 1;
                }
                s.longest = s.longest.max(d);
            }
        }
        s.entries += 1;
    }
    s
}

/// Solves the materials of one group (a material and its mirror, whose quiet moves lead into
/// each other) given every table they can leave to.
#[expect(
    clippy::expect_used,
    reason = "every material a move leads to is built first; a marked entry is a position; allocated above"
)]
fn solve(
    group: &[Material],
    store: &Store,
    longest_before: u32,
    threads: usize,
    control: Control<'_>,
) -> Result<Vec<Box<[u8]>>, TablesError> {
    let mut work: Store = (0..Material::SLOTS).map(|_| None).collect();
    for &m in group {
        work[m.slot()] = Some((0..m.size()).map(|_| AtomicU8::new(UNKNOWN)).collect());
    }
    let lookup = |slot: usize| -> &[AtomicU8] {
        work[slot]
            .as_deref()
            .or(store[slot].as_deref())
            .expect("every material a move leads to is built first")
    };
    // Pass 0: where the game is over.
    run_pass(group, &work, threads, control, |m, i, _| {
        let Some(pos) = m.position(i) else {
            return Some(NOT_A_POSITION);
        };
        match rules_outcome(&pos, 1, 0) {
            Some(o) if matches!(o.reason, Reason::NoMoves | Reason::NoPieces) => {
                debug_assert_eq!(o.result, GameResult::Win(pos.side_to_move().opponent()));
                Some(encode(0))
            }
            Some(_) => Some(DRAW),
            None => None,
        }
    });
    let mut quiet_passes = 0;
    let mut k = 1u32;
    while quiet_passes < 2 || k <= longest_before + 2 {
        if k > MAX_DISTANCE {
            return Err(TablesError::TooLong(group[0]));
        }
        if control.stopped() {
            return Err(TablesError::Stopped);
        }
        let changed = run_pass(group, &work, threads, control, |m, i, moves| {
            let pos = m.position(i).expect("a marked entry is a position");
            moves.clear();
            pos.generate_moves(moves);
            decide(&pos, moves, k, &lookup)
        });
        quiet_passes = if changed == 0 { quiet_passes + 1 } else { 0 };
        k += 1;
    }
    // A pass cut short by a stop leaves entries undecided: never write such a table.
    if control.stopped() {
        return Err(TablesError::Stopped);
    }
    Ok(group
        .iter()
        .map(|m| {
            work[m.slot()]
                .as_ref()
                .expect("allocated above")
                .iter()
                .map(|v| match v.load(Ordering::Relaxed) {
                    UNKNOWN => DRAW,
                    v => v,
                })
                .collect()
        })
        .collect())
}

/// The value pass `k` gives a position, if it decides it.
fn decide<'a>(
    pos: &Position,
    moves: &[Move],
    k: u32,
    lookup: &impl Fn(usize) -> &'a [AtomicU8],
) -> Option<u8> {
    let win_pass = k % 2 == 1;
    let mut longest = 0;
    for mv in moves {
        let next = flipped(&pos.play_unchecked(mv));
        let d = if next.pieces(Color::White).is_empty() {
            // The opponent has no piece left: lost.
            Some(0)
        } else {
            let m = Material::of_white_to_move(&next);
            match lookup(m.slot())[m.index(&next)].load(Ordering::Relaxed) {
                UNKNOWN | DRAW => None,
                v => Some(u32::from(v) - 1),
            }
        };
        match d {
            Some(d) if win_pass && d % 2 == 0 && d == k - 1 => return Some(encode(k)),
            Some(d) if !win_pass && d % 2 == 1 => longest = longest.max(d),
            _ if !win_pass => return None,
            _ => {}
        }
    }
    (!win_pass && longest == k - 1).then(|| encode(k))
}

fn encode(distance: u32) -> u8 {
    (distance + 1) as u8
}

/// Runs `f` on every unknown entry of the group's tables, storing what it decides; returns how
/// many entries it decided. Decisions of one pass never depend on each other (a win pass reads
/// only losses, a loss pass only wins), so the threads need not agree on an order.
#[expect(clippy::expect_used, reason = "allocated")]
fn run_pass<F>(
    group: &[Material],
    work: &Store,
    threads: usize,
    control: Control<'_>,
    f: F,
) -> usize
where
    F: Fn(Material, usize, &mut Vec<Move>) -> Option<u8> + Sync,
{
    const CHUNK: usize = 1 << 14;
    let changed = AtomicUsize::new(0);
    for &m in group {
        let table = work[m.slot()].as_deref().expect("allocated");
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads.max(1) {
                s.spawn(|| {
                    let mut moves = Vec::with_capacity(64);
                    let mut mine = 0;
                    loop {
                        if let Some(pause) = control.pause {
                            pause();
                        }
                        if control.stopped() {
                            break;
                        }
                        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= table.len() {
                            break;
                        }
                        for (i, entry) in table.iter().enumerate().skip(start).take(CHUNK) {
                            if entry.load(Ordering::Relaxed) != UNKNOWN {
                                continue;
                            }
                            if let Some(v) = f(m, i, &mut moves) {
                                entry.store(v, Ordering::Relaxed);
                                mine += 1;
                            }
                        }
                    }
                    changed.fetch_add(mine, Ordering::Relaxed);
                });
            }
        });
    }
    changed.into_inner()
}
