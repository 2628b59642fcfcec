//! Endgame tables (issue 13): built here for at most three pieces (and one four-piece group),
//! then checked against a plain solver that shares nothing with the builder but the rules,
//! checked entry by entry against their own successors, and held to the rule pages' results.
//! The whole four-piece set is checked by the ignored test `four_piece_tables_hold_everywhere`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::common::{Rng, pos};
use dama_play::ai::{AiPlayer, Eval, Level, Limits, hint};
use dama_play::tables::{self, Material, Tables, Value};
use dama_rules::{
    Color, Game, GameResult, Piece, Position, Reason, Role, Setup, Square, rules_outcome,
};

/// The three-piece tables, built once for this test binary.
fn three_pieces() -> &'static Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| Arc::new(built(&Material::all_up_to(3), "three")))
}

fn built(materials: &[Material], name: &str) -> Tables {
    let dir = scratch(name);
    tables::build_materials(&dir, materials, 2, &mut |_| {}).expect("the tables build");
    Tables::load(&dir).expect("the tables load")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-tables-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What the rules say of a position on its own: lost (no move), drawn (one king each, no
/// capture), or play on.
fn terminal(pos: &Position) -> Option<Value> {
    if pos.pieces(pos.side_to_move()).is_empty() {
        return Some(Value::Loss(0));
    }
    match rules_outcome(pos, 1, 0) {
        Some(o) if matches!(o.reason, Reason::NoMoves | Reason::NoPieces) => Some(Value::Loss(0)),
        Some(_) => Some(Value::Draw),
        None => None,
    }
}

/// A plain solver: forced wins and losses within a horizon, by memoised search over positions
/// as the engine plays them (no index, no turned-over boards, no passes).
#[derive(Default)]
struct Plain {
    wins: HashMap<(Position, u32), bool>,
    loses: HashMap<(Position, u32), bool>,
}

impl Plain {
    fn wins_within(&mut self, pos: &Position, plies: u32) -> bool {
        if plies == 0 || terminal(pos).is_some() {
            return false;
        }
        if let Some(&known) = self.wins.get(&(*pos, plies)) {
            return known;
        }
        let answer = pos
            .legal_moves()
            .iter()
            .any(|m| self.loses_within(&pos.play_unchecked(m), plies - 1));
        self.wins.insert((*pos, plies), answer);
        answer
    }

    fn loses_within(&mut self, pos: &Position, plies: u32) -> bool {
        match terminal(pos) {
            Some(Value::Loss(0)) => return true,
            Some(_) => return false,
            None if plies == 0 => return false,
            None => {}
        }
        if let Some(&known) = self.loses.get(&(*pos, plies)) {
            return known;
        }
        let answer = pos
            .legal_moves()
            .iter()
            .all(|m| self.wins_within(&pos.play_unchecked(m), plies - 1));
        self.loses.insert((*pos, plies), answer);
        answer
    }

    /// The exact value when it is decided within `horizon` plies, else `None` (a draw or longer).
    fn value(&mut self, pos: &Position, horizon: u32) -> Option<Value> {
        if let Some(v @ Value::Loss(0)) = terminal(pos) {
            return Some(v);
        }
        (1..=horizon).find_map(|d| {
            if d % 2 == 1 && self.wins_within(pos, d) {
                Some(Value::Win(d))
            } else if d % 2 == 0 && self.loses_within(pos, d) {
                Some(Value::Loss(d))
            } else {
                None
            }
        })
    }
}

/// A random position with `pieces` pieces, each side at least one, men never on rank 1 or 8.
fn random_small(rng: &mut Rng, pieces: usize) -> Position {
    loop {
        let white = 1 + rng.below(pieces - 1);
        let mut setup = Setup {
            side: if rng.chance(50) {
                Color::White
            } else {
                Color::Black
            },
            pieces: Vec::new(),
        };
        for i in 0..pieces {
            let color = if i < white {
                Color::White
            } else {
                Color::Black
            };
            let sq = Square::ALL[rng.below(64)];
            let role = if sq.rank() == 0 || sq.rank() == 7 || rng.chance(50) {
                Role::King
            } else {
                Role::Man
            };
            setup.pieces.push((sq, Piece { color, role }));
        }
        if let Ok(p) = setup.validate()
            && (terminal(&p).is_none() || rng.chance(10))
        {
            return p;
        }
    }
}

/// Compares the tables with the plain solver on `count` random positions of `pieces` pieces.
fn agree_with_plain_solver(tables: &Tables, pieces: usize, count: usize, horizon: u32, seed: u64) {
    let mut rng = Rng(seed);
    let mut plain = Plain::default();
    let mut seen = HashMap::new();
    for _ in 0..count {
        let p = random_small(&mut rng, pieces);
        let stored = tables
            .probe(&p)
            .unwrap_or_else(|| panic!("{p:?} is not in the tables"));
        let solved = plain.value(&p, horizon);
        match stored {
            Value::Win(d) | Value::Loss(d) if d <= horizon => {
                assert_eq!(solved, Some(stored), "{p:?}: the tables say {stored:?}");
            }
            _ => assert_eq!(solved, None, "{p:?}: the tables say {stored:?}"),
        }
        *seen.entry(std::mem::discriminant(&stored)).or_insert(0) += 1;
        if plain.wins.len() + plain.loses.len() > 4_000_000 {
            plain = Plain::default();
        }
    }
    // The sample holds wins, losses and draws alike, or it proves little (with two pieces
    // the side to move is never lost: it moves or captures, or it is a draw).
    assert_eq!(seen.len(), if pieces == 2 { 2 } else { 3 }, "{seen:?}");
}

#[test]
fn three_piece_tables_agree_with_a_plain_solver_on_random_positions() {
    let tables = three_pieces();
    agree_with_plain_solver(tables, 2, 1000, 9, 1);
    agree_with_plain_solver(tables, 3, 3000, 9, 2);
}

/// Every position of every material in `materials`, both sides to move, by placing the pieces
/// square by square (no table index involved).
fn every_position(m: Material, mut visit: impl FnMut(Position)) {
    let kinds = [
        (m.white_men, Color::White, Role::Man),
        (m.white_kings, Color::White, Role::King),
        (m.black_men, Color::Black, Role::Man),
        (m.black_kings, Color::Black, Role::King),
    ];
    let mut pieces: Vec<Piece> = Vec::new();
    for (n, color, role) in kinds {
        for _ in 0..n {
            pieces.push(Piece { color, role });
        }
    }
    fn place(
        pieces: &[Piece],
        at: usize,
        min: usize,
        setup: &mut Vec<(Square, Piece)>,
        visit: &mut dyn FnMut(Position),
    ) {
        if at == pieces.len() {
            for side in [Color::White, Color::Black] {
                let s = Setup {
                    side,
                    pieces: setup.clone(),
                };
                if let Ok(p) = s.validate() {
                    visit(p);
                }
            }
            return;
        }
        // Pieces of one kind in increasing squares, so each placement comes once.
        let same_as_last = at > 0 && pieces[at - 1] == pieces[at];
        let from = if same_as_last { min } else { 0 };
        for sq in from..64 {
            if setup.iter().any(|(s, _)| s.index() == sq) {
                continue;
            }
            setup.push((Square::ALL[sq], pieces[at]));
            place(pieces, at + 1, sq + 1, setup, visit);
            setup.pop();
        }
    }
    place(&pieces, 0, 0, &mut Vec::new(), &mut visit);
}

/// Checks that a position's stored value is what its successors' stored values make it.
fn consistent(tables: &Tables, p: &Position) {
    let stored = tables
        .probe(p)
        .unwrap_or_else(|| panic!("{p:?} is not in the tables"));
    if let Some(t) = terminal(p) {
        assert_eq!(stored, t, "{p:?}");
        return;
    }
    let through: Vec<Value> = p
        .legal_moves()
        .iter()
        .map(|m| {
            let next = p.play_unchecked(m);
            terminal(&next)
                .filter(|t| *t == Value::Loss(0))
                .or_else(|| tables.probe(&next))
                .unwrap_or_else(|| panic!("{next:?} is not in the tables"))
                .before()
        })
        .collect();
    let best = through
        .iter()
        .copied()
        .max_by_key(|v| v.goodness())
        .expect("a position that is not over has a move");
    let expected = match best {
        // A loss is as long as the longest defence.
        Value::Loss(_) => through
            .iter()
            .copied()
            .max_by_key(|v| match v {
                Value::Loss(d) => *d,
                _ => 0,
            })
            .expect("moves"),
        v => v,
    };
    assert_eq!(stored, expected, "{p:?}: its moves lead to {through:?}");
}

#[test]
fn every_three_piece_entry_is_consistent_with_its_successors() {
    let tables = three_pieces();
    let mut count = 0;
    for m in Material::all_up_to(3) {
        every_position(m, |p| {
            consistent(tables, &p);
            count += 1;
        });
    }
    // 1,348,176 entries with White to move, as many with Black, less the shared squares.
    assert!(count > 2_000_000, "{count}");
}

#[test]
fn one_king_against_one_king_is_a_draw_unless_a_capture_is_on() {
    let tables = three_pieces();
    assert_eq!(tables.probe(&pos("W:WKa1:BKh8")), Some(Value::Draw));
    assert_eq!(tables.probe(&pos("B:WKd4:BKe7")), Some(Value::Draw));
    // The rule book §5: White must capture and wins.
    assert_eq!(tables.probe(&pos("W:WKa1:Ba5")), Some(Value::Win(1)));
    assert_eq!(tables.probe(&pos("W:WKa1:BKa5")), Some(Value::Win(1)));
}

#[test]
fn two_kings_beat_one_king_from_almost_everywhere() {
    let tables = three_pieces();
    let mut wins = 0;
    let mut total = 0;
    every_position(Material::new(0, 2, 0, 1), |p| {
        if p.side_to_move() == Color::White {
            total += 1;
            wins += usize::from(matches!(tables.probe(&p), Some(Value::Win(_))));
        }
    });
    assert!(wins * 1000 > total * 998, "{wins} of {total}");
}

#[test]
fn a_table_file_that_is_damaged_is_refused_with_its_name() {
    let dir = scratch("damaged");
    tables::build(&dir, 2, 1, &mut |_| {}).expect("build");
    let file = dir.join("0101.dtw");
    let mut bytes = std::fs::read(&file).expect("the 1k-1k table is written");
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&file, &bytes).expect("write");
    let e = Tables::load(&dir).expect_err("a damaged table is refused");
    assert!(e.to_string().contains("0101.dtw"), "{e}");
    let empty = scratch("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    let e = Tables::load(&empty).expect_err("no tables");
    assert!(e.to_string().contains("dama tables build"), "{e}");
}

#[test]
fn a_table_file_holding_another_material_is_refused() {
    let dir = scratch("swapped");
    tables::build(&dir, 3, 2, &mut |_| {}).expect("build");
    let (a, b) = (dir.join("2010.dtw"), dir.join("1020.dtw"));
    let (bytes_a, bytes_b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // The whole of one file under the other's name.
    std::fs::write(&b, &bytes_a).unwrap();
    let e = Tables::load(&dir).expect_err("a table under another's name is refused");
    assert!(e.to_string().contains("1020.dtw"), "{e}");
    assert!(e.to_string().contains("not the one its name says"), "{e}");
    // Another material's header bytes on this file's entries.
    let mut mixed = bytes_b.clone();
    mixed[8..12].copy_from_slice(&bytes_a[8..12]);
    std::fs::write(&b, &mixed).unwrap();
    let e = Tables::load(&dir).expect_err("a header moved between files is refused");
    assert!(e.to_string().contains("checksum"), "{e}");
    // A build mends it.
    let rebuilt = tables::build(&dir, 3, 2, &mut |_| {}).expect("build");
    assert!(
        rebuilt
            .iter()
            .any(|s| !s.reused && s.material.to_string() == "1m-2m")
    );
    assert_eq!(std::fs::read(&b).unwrap(), bytes_b);
    Tables::load(&dir).expect("the mended tables load");
}

#[test]
fn a_second_build_keeps_the_tables_already_built() {
    let dir = scratch("again");
    let first = tables::build(&dir, 3, 2, &mut |_| {}).expect("build");
    assert!(first.iter().all(|s| !s.reused && s.bytes > 0));
    let second = tables::build(&dir, 3, 2, &mut |_| {}).expect("build");
    assert!(second.iter().all(|s| s.reused));
    assert_eq!(first.len(), second.len());
}

/// The four-king group (2 kings against 2) and everything it leads to.
#[test]
fn a_four_piece_group_agrees_with_the_plain_solver_and_itself() {
    let tables = built(&[Material::new(0, 2, 0, 2)], "kings");
    agree_with_plain_solver_kings(&tables);
}

fn agree_with_plain_solver_kings(tables: &Tables) {
    let mut rng = Rng(7);
    let mut plain = Plain::default();
    for _ in 0..300 {
        let p = loop {
            let p = random_small(&mut rng, 4);
            if material_of(&p) == Material::new(0, 2, 0, 2) {
                break p;
            }
        };
        consistent(tables, &p);
        let stored = tables.probe(&p).expect("in the tables");
        let solved = plain.value(&p, 5);
        match stored {
            Value::Win(d) | Value::Loss(d) if d <= 5 => assert_eq!(solved, Some(stored), "{p:?}"),
            _ => assert_eq!(solved, None, "{p:?}: the tables say {stored:?}"),
        }
    }
}

fn material_of(p: &Position) -> Material {
    Material::new(
        p.men(Color::White).count() as u8,
        p.kings(Color::White).count() as u8,
        p.men(Color::Black).count() as u8,
        p.kings(Color::Black).count() as u8,
    )
}

/// The full check of the four-piece tables: a few minutes to build, more to walk.
#[test]
#[ignore]
fn four_piece_tables_hold_everywhere() {
    let dir: PathBuf = std::env::var_os("DAMA_TABLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| scratch("four"));
    tables::build(&dir, 4, 2, &mut |s| {
        eprintln!("{} {:?}", s.material, s.time);
    })
    .expect("build");
    let tables = Tables::load(Path::new(&dir)).expect("load");
    assert_eq!(tables.complete_up_to(), 4);
    agree_with_plain_solver(&tables, 4, 2000, 7, 3);
    for m in Material::all_up_to(4) {
        every_position(m, |p| consistent(&tables, &p));
    }
}

/// Plays a game from `start` with `ai` for the side to move and the tables' best for the other.
fn play_out(tables: &Arc<Tables>, start: Position, level: Level) -> Game {
    let mut game = Game::new(start);
    let ai_side = start.side_to_move();
    let mut ai = AiPlayer::level(level).with_tables(Some(Arc::clone(tables)));
    let mut perfect = AiPlayer::level(Level::Hard).with_tables(Some(Arc::clone(tables)));
    while !game.is_over() && game.ply_count() < 200 {
        let mover = if game.position().side_to_move() == ai_side {
            &mut ai
        } else {
            &mut perfect
        };
        let mv = mover.choose(&game).expect("a move").best;
        game.play(mv).expect("the AI plays legal moves");
    }
    game
}

#[test]
fn the_ai_never_spoils_a_won_table_position_nor_loses_a_drawn_one() {
    let tables = three_pieces();
    let mut rng = Rng(11);
    let mut tried = HashMap::new();
    for i in 0..120 {
        let start = random_small(&mut rng, 3);
        let Some(value) = tables.probe(&start) else {
            continue;
        };
        if terminal(&start).is_some() {
            continue;
        }
        // The weakest level too: the tables play its endgames.
        let level = [Level::Easy, Level::Medium, Level::Master][i % 3];
        let game = play_out(tables, start, level);
        let me = start.side_to_move();
        let outcome = game.outcome().map(|o| o.result);
        match value {
            Value::Win(d) => {
                assert_eq!(outcome, Some(GameResult::Win(me)), "{start:?} {value:?}");
                assert_eq!(game.ply_count() as u32, d, "{start:?}: the quickest win");
            }
            Value::Draw => assert_ne!(
                outcome,
                Some(GameResult::Win(me.opponent())),
                "{start:?}: a drawn position lost"
            ),
            Value::Loss(d) => {
                assert_eq!(outcome, Some(GameResult::Win(me.opponent())), "{start:?}");
                assert_eq!(game.ply_count() as u32, d, "{start:?}: the longest defence");
            }
        }
        *tried.entry(std::mem::discriminant(&value)).or_insert(0) += 1;
    }
    assert_eq!(tried.len(), 3, "{tried:?}");
}

#[test]
fn the_hint_and_the_search_say_the_exact_result() {
    let tables = three_pieces();
    let won = Game::new(pos("W:WKa1,Kb2:BKh8"));
    let Some(Value::Win(d)) = tables.probe(won.position()) else {
        panic!("two kings against one win");
    };
    let (mv, eval) = hint(&won, Limits::depth(2), Some(Arc::clone(tables))).expect("a hint");
    assert_eq!(
        eval,
        Eval::WinsIn {
            side: Color::White,
            moves: d.div_ceil(2)
        }
    );
    assert!(won.position().legal_moves().contains(&mv));
    let drawn = Game::new(pos("W:WKa1:Bd5"));
    assert_eq!(tables.probe(drawn.position()), Some(Value::Draw));
    let (_, eval) = hint(&drawn, Limits::depth(2), Some(Arc::clone(tables))).expect("a hint");
    assert_eq!(eval, Eval::Draw);
    assert_eq!(eval.to_string(), "draw with best play");
    // Without tables the same search can only guess.
    let (_, guess) = hint(&drawn, Limits::depth(2), None).expect("a hint");
    assert_ne!(guess, Eval::Draw);
}
