//! Property tests: notation and FEN round-trip, zobrist keys, and readers that never panic.
use crate::common::*;
use dama_rules::{Color, Game, MoveText, Piece, Position, Role, Setup, Square, fen, pdn};
use proptest::prelude::*;

/// Any valid position: pieces on distinct squares, at most 16 a side, men off ranks 1 and 8.
fn position() -> impl Strategy<Value = Position> {
    (
        any::<bool>(),
        prop::collection::vec((0u8..64, any::<bool>(), any::<bool>()), 0..34),
    )
        .prop_map(|(white_to_move, pieces)| {
            let mut setup = Setup {
                side: if white_to_move {
                    Color::White
                } else {
                    Color::Black
                },
                pieces: Vec::new(),
            };
            let mut used = [false; 64];
            let mut counts = [0; 2];
            for (index, white, king) in pieces {
                let sq = Square::new(index).unwrap();
                let color = if white { Color::White } else { Color::Black };
                if used[index as usize] || counts[color.index()] == 16 {
                    continue;
                }
                used[index as usize] = true;
                counts[color.index()] += 1;
                let back = sq.rank() == 0 || sq.rank() == 7;
                let role = if king || back { Role::King } else { Role::Man };
                setup.pieces.push((sq, Piece { color, role }));
            }
            setup.validate().unwrap()
        })
}

/// A position from a random game, `plies` deep.
fn game_position() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0usize..120)
        .prop_map(|(seed, plies)| random_game_position(&mut Rng(seed), plies))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_moves_notation_reads_back_as_the_same_move(p in prop_oneof![position(), game_position()]) {
        for mv in p.legal_moves() {
            let text = p.notation(&mv);
            prop_assert_eq!(p.read_move(&text), Ok(mv), "{}", text);
            prop_assert_eq!(p.read_move(&text.to_uppercase().replace('X', ":")), Ok(mv));
        }
    }

    #[test]
    fn a_capture_written_as_origin_and_final_square_reads_back_unless_ambiguous(p in prop_oneof![position(), game_position()]) {
        let legal = p.legal_moves();
        for mv in &legal {
            let text = format!("{}x{}", mv.from(), mv.to());
            let same_ends = legal.iter().filter(|m| m.from() == mv.from() && m.to() == mv.to()).count();
            match p.read_move(&text) {
                Ok(read) => prop_assert!(same_ends == 1 && read == *mv),
                Err(dama_rules::MoveError::Ambiguous { options, .. }) => {
                    prop_assert!(same_ends > 1);
                    prop_assert_eq!(options.len(), same_ends);
                }
                Err(e) => prop_assert!(false, "{}: {}", text, e),
            }
        }
    }

    #[test]
    fn legal_moves_are_distinct_and_match_the_full_chain_search(p in prop_oneof![position(), game_position()]) {
        let legal = p.legal_moves();
        let distinct: std::collections::BTreeSet<_> = legal.iter().copied().collect();
        prop_assert_eq!(distinct.len(), legal.len(), "a move is listed twice");
        if p.has_capture() {
            let from_chains: std::collections::BTreeSet<_> =
                p.legal_chains().iter().map(dama_rules::Chain::as_move).collect();
            prop_assert_eq!(distinct, from_chains);
        }
        let mut scratch = Vec::new();
        prop_assert_eq!(p.count_moves(&mut scratch), legal.len() as u64);
    }

    #[test]
    fn fen_writes_and_reads_back_the_same_position(p in prop_oneof![position(), game_position()]) {
        let text = fen::write(&p);
        prop_assert_eq!(fen::parse(&text), Ok(p));
        prop_assert_eq!(fen::parse(&text.to_lowercase()), Ok(p));
    }

    #[test]
    fn the_incremental_zobrist_key_equals_a_fresh_one(seed in any::<u64>(), p in position()) {
        let mut rng = Rng(seed);
        let mut game = Game::new(p);
        for _ in 0..60 {
            let legal = game.position().legal_moves();
            if legal.is_empty() || game.is_over() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let before = *game.position();
            prop_assert_eq!(before.zobrist_after(before.zobrist(), &mv), before.play_unchecked(&mv).zobrist());
            game.play(mv).unwrap();
            prop_assert_eq!(game.key(), game.position().zobrist());
        }
    }

    #[test]
    fn a_played_move_keeps_the_position_valid(p in prop_oneof![position(), game_position()]) {
        for mv in p.legal_moves() {
            let next = p.play_unchecked(&mv);
            prop_assert_eq!(next.pieces(p.side_to_move().opponent()).count(),
                p.pieces(p.side_to_move().opponent()).count() - mv.capture_count());
            prop_assert!(fen::parse(&fen::write(&next)).is_ok());
        }
    }

    #[test]
    fn the_move_reader_never_panics(p in game_position(), text in any::<String>()) {
        let _ = p.read_move(&text);
        let _ = MoveText::parse(&text);
    }

    #[test]
    fn the_move_reader_never_panics_on_move_like_text(
        p in prop_oneof![position(), game_position()],
        text in "[a-iA-I0-9xX:\\- ]{0,40}",
    ) {
        match p.read_move(&text) {
            Ok(mv) => prop_assert!(p.legal_moves().contains(&mv)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn the_fen_reader_never_panics(text in any::<String>()) {
        let _ = fen::parse(&text);
    }

    #[test]
    fn the_fen_reader_never_panics_on_fen_like_text(text in "[WBwbKk:,a-j0-9 ]{0,60}") {
        if let Ok(p) = fen::parse(&text) {
            prop_assert_eq!(fen::parse(&fen::write(&p)), Ok(p));
        }
    }

    #[test]
    fn the_pdn_reader_never_panics(text in "[\\[\\]\"a-hA-Z0-9 .x\\-{}();*/\n]{0,120}") {
        let _ = pdn::read(&text);
    }
}
