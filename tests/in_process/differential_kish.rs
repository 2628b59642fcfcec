//! Move generation checked against an independent implementation, the `kish` crate: from every
//! position, the set of positions reachable in one move must be the same. kish lists one entry
//! per chain (the sets merge them), and gets a king chain's origin and destination wrong when it
//! ends on its start square, so only the resulting boards are compared.
use crate::common::*;
use dama_rules::{Color, Position, fen};
use std::collections::BTreeSet;

type Board = (u64, u64, u64);

fn ours(p: &Position) -> BTreeSet<Board> {
    p.legal_moves()
        .iter()
        .map(|m| {
            let next = p.play_unchecked(m);
            (
                next.pieces(Color::White).0,
                next.pieces(Color::Black).0,
                next.kings(Color::White).0 | next.kings(Color::Black).0,
            )
        })
        .collect()
}

fn theirs(p: &Position) -> BTreeSet<Board> {
    let team = match p.side_to_move() {
        Color::White => kish::Team::White,
        Color::Black => kish::Team::Black,
    };
    let kings = p.kings(Color::White).0 | p.kings(Color::Black).0;
    let board = kish::Board::new(
        team,
        kish::State::new([p.pieces(Color::White).0, p.pieces(Color::Black).0], kings),
    );
    board
        .actions()
        .iter()
        .map(|a| {
            let next = board.apply(a);
            (next.state.pieces[0], next.state.pieces[1], next.state.kings)
        })
        .collect()
}

fn check(p: &Position) -> bool {
    let (a, b) = (ours(p), theirs(p));
    assert_eq!(
        a,
        b,
        "positions after one move differ in {}\nours only: {:?}\nkish only: {:?}",
        fen::write(p),
        a.difference(&b).collect::<Vec<_>>(),
        b.difference(&a).collect::<Vec<_>>()
    );
    p.has_capture()
}

#[test]
fn positions_from_random_games_agree_with_kish() {
    let mut rng = Rng(2024);
    let (mut positions, mut with_capture) = (0, 0);
    while positions < 6_000 {
        let mut p = Position::start();
        for _ in 0..200 {
            with_capture += usize::from(check(&p));
            positions += 1;
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            p = p.play_unchecked(&legal[rng.below(legal.len())]);
        }
    }
    assert!(
        with_capture > 500,
        "only {with_capture} positions with a capture"
    );
}

#[test]
fn random_placements_rich_in_kings_and_chains_agree_with_kish() {
    let mut rng = Rng(7);
    let (mut long_chains, mut king_chains) = (0, 0);
    for i in 0..12_000 {
        let p = random_position(&mut rng, 12, if i % 2 == 0 { 50 } else { 15 });
        check(&p);
        if let Some(m) = p.legal_moves().first()
            && m.capture_count() >= 3
        {
            long_chains += 1;
            if p.kings(p.side_to_move()).contains(m.from()) {
                king_chains += 1;
            }
        }
    }
    assert!(
        long_chains > 300,
        "only {long_chains} positions with chains of 3 or more"
    );
    assert!(
        king_chains > 100,
        "only {king_chains} king chains of 3 or more"
    );
}
