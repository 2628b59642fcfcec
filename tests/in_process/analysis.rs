//! Post-game analysis (issue 13): the judgements follow the evaluation, a planted blunder is
//! found with the better move, the annotated PDN reads back as the same game, the picture is a
//! PNG of the board's width, and the command line gives the report, the PDN and the chart.

use std::sync::atomic::AtomicBool;

use dama_core::host::Lang;
use dama_core::words::Words;
use dama_play::ai::analysis::{Analysis, Judgement, analyse};
use dama_play::ai::{AiPlayer, Level, Limits};
use dama_play::render::Renderer;
use dama_rules::pdn::{self, Tags};
use dama_rules::{Color, Game};

/// A game between a weak and a strong level, the same every time.
fn lopsided_game(plies: usize) -> Game {
    let mut game = Game::new(dama_rules::Position::start());
    let mut weak = AiPlayer::level(Level::Easy).with_seed(3);
    let mut strong = AiPlayer::limits(Limits::depth(4));
    while !game.is_over() && game.ply_count() < plies {
        let player = if game.position().side_to_move() == Color::White {
            &mut weak
        } else {
            &mut strong
        };
        let mv = player.choose(&game).expect("a move").best;
        game.play(mv).expect("legal");
    }
    game
}

fn analysed(game: &Game) -> Analysis {
    let stop = AtomicBool::new(false);
    let mut calls = Vec::new();
    let a = analyse(game, Limits::depth(4), None, &stop, &mut |done, total| {
        calls.push((done, total));
    })
    .expect("not stopped");
    // Progress is told once a position, in order, ending at the whole.
    assert_eq!(calls.len(), game.ply_count() + 1);
    assert!(calls.windows(2).all(|w| w[1].0 == w[0].0 + 1));
    assert_eq!(calls.last().map(|c| c.0), Some(game.ply_count() + 1));
    a
}

#[test]
fn judgements_follow_the_drop_in_winning_chances_and_name_a_different_better_move() {
    let game = lopsided_game(60);
    let a = analysed(&game);
    assert_eq!(a.moves.len(), game.ply_count());
    assert_eq!(a.chances.len(), game.ply_count() + 1);
    for m in &a.moves {
        let drop = m.before - m.after;
        match m.judgement {
            Some(Judgement::Blunder) => assert!(drop >= 0.3, "{m:?}"),
            Some(Judgement::Mistake) => assert!((0.2..0.3).contains(&drop), "{m:?}"),
            Some(Judgement::Inaccuracy) => assert!((0.1..0.2).contains(&drop), "{m:?}"),
            None => assert!(drop < 0.1 || m.accuracy.is_none(), "{m:?}"),
        }
        if m.judgement.is_some() {
            assert_ne!(m.best, m.played, "a judged move has a better one: {m:?}");
        }
    }
    // The weak side errs more and is less accurate.
    let [w, b] = a.accuracy.map(|x| x.expect("both sides had choices"));
    assert!(w < b, "white {w:.1} black {b:.1}");
    let errors = |side| a.counts(side).iter().sum::<usize>();
    assert!(errors(Color::White) > errors(Color::Black));
    assert!(!a.turning_points.is_empty() && a.turning_points.len() <= 3);
    assert!(a.turning_points.windows(2).all(|w| w[0] < w[1]));
}

/// One blunder that loses the game, then forty moves of a lost position (each losing
/// nothing more): lichess's game accuracy shows the blunder, where a plain mean of the moves
/// (96%) hid it.
#[test]
fn one_losing_blunder_shows_in_the_game_accuracy_as_lichess_computes_it() {
    use dama_play::ai::analysis::game_accuracy;
    // White's chances: level for 21 moves, Black's 22nd (0 → +0.95) loses, then it is lost.
    let mut chances = vec![0.0; 22];
    chances.extend(std::iter::repeat_n(0.95, 2));
    chances.extend(std::iter::repeat_n(1.0, 40));
    let moves = chances.len() - 1;
    let [white, black] = game_accuracy(&chances, Color::White, &vec![false; moves]);
    let (white, black) = (white.unwrap(), black.unwrap());
    // A plain mean of Black's move accuracies is over 95: one move near 0, the rest 100.
    let plain = (100.0 * (moves / 2 - 1) as f64) / (moves / 2) as f64;
    assert!(plain > 95.0, "{plain}");
    // Lichess's own figure for such a game is in the 70s; the blunder costs 15 points or more.
    assert!(black < plain - 15.0, "the blunder shows: {black:.1}");
    assert!(
        black > 50.0,
        "one blunder, not a lost game of blunders: {black:.1}"
    );
    assert!(white > 95.0, "the winner lost nothing: {white:.1}");
    // A game of no mistakes is 100 for both; a side with only forced moves has none.
    let level = vec![0.0; 11];
    assert_eq!(
        game_accuracy(&level, Color::White, &[false; 10]),
        [Some(100.0), Some(100.0)]
    );
    let forced: Vec<bool> = (0..10).map(|i| i % 2 == 1).collect();
    assert_eq!(game_accuracy(&level, Color::White, &forced)[1], None);
    // Black moving first: the first move is Black's.
    let mut chances = vec![0.0, 0.9];
    chances.extend(std::iter::repeat_n(0.9, 10));
    let [w, b] = game_accuracy(&chances, Color::Black, &[false; 11]);
    assert!(b.unwrap() < w.unwrap(), "{b:?} {w:?}");
}

#[test]
fn a_man_walked_into_a_capture_is_a_blunder_with_the_move_that_keeps_it() {
    // d4-d5 lets d6 take it (a man captures straight ahead); any other move keeps the balance.
    let mut game = Game::new(crate::common::pos("W:Wd4,h2:Bd6,a7"));
    game.play_text("d4-d5").expect("legal");
    game.play_text("d6xd4").expect("the capture is compulsory");
    let a = analysed(&game);
    let first = &a.moves[0];
    assert_eq!(first.judgement, Some(Judgement::Blunder), "{first:?}");
    assert_ne!(first.best, first.played);
    assert!(first.before > first.after + 0.3);
    assert!(a.accuracy[0].expect("White chose") < 50.0);
    // The capture was the only move: no judgement, no accuracy.
    assert_eq!(a.moves[1].judgement, None);
    assert_eq!(a.moves[1].accuracy, None);
    assert_eq!(a.accuracy[1], None);
    assert_eq!(a.turning_points, vec![0]);
}

#[test]
fn the_annotated_pdn_reads_back_as_the_same_game_with_its_marks() {
    let game = lopsided_game(50);
    let a = analysed(&game);
    let words = Words::new();
    let notes = words.analysis_notes(Lang::ENGLISH, &game, &a);
    let mut tags = Tags::default();
    tags.set("White", "ayşe");
    tags.set("Black", "AI");
    let text = pdn::write_annotated(&game, &tags, &notes);
    let (read_tags, read) = pdn::read(&text).expect("the annotated PDN reads");
    assert_eq!(read_tags.get("White"), Some("ayşe"));
    assert_eq!(
        read.moves().collect::<Vec<_>>(),
        game.moves().collect::<Vec<_>>()
    );
    let judged = a.moves.iter().filter(|m| m.judgement.is_some()).count();
    assert!(judged > 0);
    assert_eq!(text.matches('{').count(), judged, "{text}");
    assert!(text.contains("better: "), "{text}");
    for m in a
        .moves
        .iter()
        .filter(|m| m.judgement == Some(Judgement::Blunder))
    {
        let (pos, _) = game.history().nth(m.ply).expect("in the game");
        assert!(
            text.contains(&format!("{}??", pos.notation(&m.played))),
            "{text}"
        );
    }
    // The Turkish report speaks Turkish.
    let tr = words.analysis_report(Lang::from_static("tr"), &game, ["ayşe", "AI"], &a);
    assert!(tr[0].starts_with("Beyaz (ayşe): doğruluk %"), "{}", tr[0]);
}

#[test]
fn the_picture_is_a_png_as_wide_as_the_board_with_the_turning_points_under_the_chart() {
    let game = lopsided_game(50);
    let a = analysed(&game);
    let words = Words::new();
    let chart = words.analysis_chart(Lang::ENGLISH, &game, ["ayşe", "AI"], "*", &a);
    assert_eq!(chart.boards.len(), a.turning_points.len());
    let renderer = Renderer::default();
    let png = renderer.chart_png(&chart);
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!(info.width, renderer.size());
    assert!(info.height > 400, "{}", info.height);
    assert!(png.len() < 200_000, "{} bytes", png.len());
    // Without turning points the picture is only the chart.
    let mut bare = chart.clone();
    bare.boards.clear();
    let bare_png = renderer.chart_png(&bare);
    let bare_info = png::Decoder::new(std::io::Cursor::new(&bare_png))
        .read_info()
        .expect("a PNG")
        .info()
        .height;
    assert!(bare_info < info.height);
}

#[test]
fn the_command_line_prints_the_report_and_the_annotated_pdn_and_writes_the_chart() {
    let game = lopsided_game(40);
    let dir = std::env::temp_dir().join(format!("dama-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let file = dir.join("game.pdn");
    std::fs::write(&file, pdn::write(&game, &Tags::default())).expect("write");
    let chart = dir.join("chart.png");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([
            "analyze",
            file.to_str().unwrap(),
            "-o",
            chart.to_str().unwrap(),
            "--depth",
            "3",
        ])
        .env("DAMA_TABLES", "off")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.starts_with("White (White): accuracy "), "{text}");
    assert!(text.contains("[GameType \"30,W,8,8,A1,0\"]"), "{text}");
    let (_, read) = pdn::read(&text[text.find('[').unwrap()..]).expect("the PDN part reads");
    assert_eq!(read.ply_count(), game.ply_count());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Analysing the game… 100%"));
    assert!(
        std::fs::read(&chart)
            .expect("the chart")
            .starts_with(b"\x89PNG")
    );
    // A file that is no game: one line, exit status 2, nothing written.
    std::fs::write(&file, "[GameType \"20\"]\n1. 32-28 *").expect("write");
    let _ = std::fs::remove_file(&chart);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dama"))
        .args([
            "analyze",
            file.to_str().unwrap(),
            "-o",
            chart.to_str().unwrap(),
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    assert!(!chart.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes a sample game for looking at by hand: `DAMA_SAMPLE_PDN=FILE cargo test --release
/// --test analysis sample -- --ignored`.
#[test]
#[ignore]
fn sample() {
    let game = lopsided_game(80);
    let path = std::env::var("DAMA_SAMPLE_PDN").unwrap_or_else(|_| "/tmp/sample.pdn".into());
    let mut tags = Tags::default();
    tags.set("White", "ayşe");
    tags.set("Black", "mehmet");
    std::fs::write(path, pdn::write(&game, &tags)).expect("write");
}
