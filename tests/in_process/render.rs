//! The board picture, decoded and checked pixel by pixel with an independent PNG decoder.
use crate::common::*;
use dama_play::render::{LastMove, Renderer, Rgb, Scene, Theme};
use dama_rules::{Bitboard, Game, Position, Square};
use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(Renderer::default)
}

/// A decoded picture: width, height, RGB pixels.
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<Rgb>,
}

impl Picture {
    fn decode(bytes: &[u8]) -> Picture {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a valid PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buf).expect("one frame");
        assert_eq!(
            info.color_type,
            png::ColorType::Rgb,
            "indexed expands to RGB"
        );
        let pixels = buf[..info.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Picture {
            width: info.width,
            height: info.height,
            pixels,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        self.pixels[(y * self.width + x) as usize]
    }

    /// The pixels of the square shown at screen column `col`, row `row` (row 0 on top).
    fn tile(&self, col: u32, row: u32) -> Vec<Rgb> {
        let t = Theme::default();
        let mut out = Vec::new();
        for y in 0..t.square {
            for x in 0..t.square {
                out.push(self.at(t.margin + col * t.square + x, t.margin + row * t.square + y));
            }
        }
        out
    }

    fn centre(&self, col: u32, row: u32) -> Rgb {
        let t = Theme::default();
        self.at(
            t.margin + col * t.square + t.square / 2,
            t.margin + row * t.square + t.square / 2,
        )
    }
}

fn picture(scene: &Scene) -> Picture {
    Picture::decode(&renderer().png(scene))
}

/// Screen column and row of a square with White at the bottom.
fn cell(name: &str) -> (u32, u32) {
    let s = sq(name);
    (u32::from(s.file()), 7 - u32::from(s.rank()))
}

/// The squares (White at the bottom) whose pixels differ between two pictures.
fn changed(a: &Picture, b: &Picture) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for s in Square::ALL {
        let (c, r) = (u32::from(s.file()), 7 - u32::from(s.rank()));
        if a.tile(c, r) != b.tile(c, r) {
            out.insert(s.to_string());
        }
    }
    out
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(std::string::ToString::to_string).collect()
}

#[test]
fn the_picture_is_a_square_png_of_the_themes_size() {
    let p = picture(&Scene::new(Position::start()));
    let t = Theme::default();
    assert_eq!((p.width, p.height), (t.size(), t.size()));
    assert_eq!(t.size(), 8 * t.square + 2 * t.margin);
}

#[test]
fn square_centres_show_the_pieces_on_them() {
    let t = Theme::default();
    let p = picture(&Scene::new(pos("W:Wd4,Ka1:Be6,Kh8")));
    let (c, r) = cell("d4");
    assert_eq!(p.centre(c, r), t.white_fill, "white man on d4");
    let (c, r) = cell("h8");
    assert_eq!(
        p.centre(c, r),
        t.black_crown,
        "black king on h8 wears a crown"
    );
    let (c, r) = cell("a1");
    assert_eq!(p.centre(c, r), t.white_crown, "white king on a1");
    let (c, r) = cell("e6");
    assert_eq!(p.centre(c, r), t.black_fill, "black man on e6");
    let (c, r) = cell("e4");
    assert_eq!(p.centre(c, r), t.light, "e4 is empty and light");
    let (c, r) = cell("d5");
    assert_eq!(p.centre(c, r), t.light);
    let (c, r) = cell("e5");
    assert_eq!(p.centre(c, r), t.dark, "e5 is empty and dark");
}

#[test]
fn black_at_the_bottom_puts_a1_at_the_top_right() {
    let t = Theme::default();
    let scene = Scene {
        black_bottom: true,
        ..Scene::new(pos("W:WKa1:Bh6"))
    };
    let p = picture(&scene);
    assert_eq!(p.centre(7, 0), t.white_crown, "a1 is at the top right");
    assert_eq!(p.centre(0, 7), t.dark, "h8 is at the bottom left, empty");
    assert_eq!(
        p.centre(0, 5),
        t.black_fill,
        "h6 is on the left, sixth row from the top"
    );
}

#[test]
fn the_last_move_marks_its_origin_path_landings_and_captures_and_nothing_else() {
    let before = pos("W:WKc1,Ka8:Bc3,e5,f3,d2,c7,h6");
    let mv = before.read_move("c1xc5xf5xf2xc2xc8").unwrap();
    let after = before.play_unchecked(&mv);
    let plain = picture(&Scene {
        show_must_capture: false,
        ..Scene::new(after)
    });
    let marked = picture(&Scene {
        last_move: Some(LastMove::new(&before, &mv)),
        show_must_capture: false,
        ..Scene::new(after)
    });
    // Origin, every square the king passed, the captured pieces' squares.
    let expected = names(&[
        "c1", "c2", "c3", "c4", "c5", "d5", "e5", "f5", "f4", "f3", "f2", "e2", "d2", "c6", "c7",
        "c8",
    ]);
    assert_eq!(changed(&plain, &marked), expected);
    let t = Theme::default();
    let (c, r) = cell("e5");
    assert_eq!(
        marked.centre(c, r),
        t.captured,
        "a cross where e5 was taken"
    );
}

#[test]
fn a_quiet_move_marks_only_its_two_squares() {
    let before = Position::start();
    let mv = before.read_move("e3-e4").unwrap();
    let after = before.play_unchecked(&mv);
    let plain = picture(&Scene::new(after));
    let marked = picture(&Scene {
        last_move: Some(LastMove::new(&before, &mv)),
        ..Scene::new(after)
    });
    assert_eq!(changed(&plain, &marked), names(&["e3", "e4"]));
}

#[test]
fn pieces_that_must_capture_are_ringed_and_no_others() {
    let p = pos("W:Wa3,d4,Kh1,b2:Ba4,a5,d5,h6");
    let plain = picture(&Scene {
        show_must_capture: false,
        ..Scene::new(p)
    });
    let ringed = picture(&Scene::new(p));
    // d4 takes one, h1 takes one; a3 is blocked; b2 has no capture.
    assert_eq!(changed(&plain, &ringed), names(&["d4", "h1"]));
    let t = Theme::default();
    let (c, r) = cell("d4");
    let tile = ringed.tile(c, r);
    assert!(tile.contains(&t.must_capture), "the ring's colour is on d4");
    // Nothing to ring when no capture is possible.
    let quiet = Position::start();
    let a = picture(&Scene::new(quiet));
    let b = picture(&Scene {
        show_must_capture: false,
        ..Scene::new(quiet)
    });
    assert!(changed(&a, &b).is_empty());
}

#[test]
fn dots_mark_the_chosen_squares_only() {
    let p = Position::start();
    let dots: Bitboard = ["e4", "d4"].iter().map(|s| sq(s)).collect();
    let plain = picture(&Scene::new(p));
    let dotted = picture(&Scene {
        dots,
        ..Scene::new(p)
    });
    assert_eq!(changed(&plain, &dotted), names(&["d4", "e4"]));
}

#[test]
fn the_caption_changes_only_the_top_strip() {
    let p = Position::start();
    let plain = picture(&Scene::new(p));
    let captioned = picture(&Scene {
        caption: Some("White to move".into()),
        ..Scene::new(p)
    });
    let t = Theme::default();
    let differing: Vec<u32> = (0..plain.height)
        .filter(|&y| (0..plain.width).any(|x| plain.at(x, y) != captioned.at(x, y)))
        .collect();
    assert!(!differing.is_empty());
    assert!(differing.iter().all(|&y| y < t.margin), "{differing:?}");
}

#[test]
fn a_board_shown_twice_is_encoded_once() {
    let scene = Scene::new(pos("W:Wd4:Be6"));
    let a = renderer().png(&scene);
    let b = renderer().png(&scene.clone());
    assert!(Arc::ptr_eq(&a, &b));
    let other = renderer().png(&Scene {
        black_bottom: true,
        ..scene
    });
    assert!(!Arc::ptr_eq(&a, &other));
}

#[test]
fn the_replay_has_one_frame_per_ply_plus_the_start() {
    let mut rng = Rng(4);
    let mut game = Game::default();
    while !game.is_over() && game.ply_count() < 40 {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let gif = renderer().replay_gif(&game, false, &[], 1000);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::io::Cursor::new(&gif)).unwrap();
    let mut frames = 0;
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames += 1;
        delays.push(frame.delay);
    }
    assert_eq!(frames, game.ply_count() + 1);
    assert!(
        delays.last() > delays.first(),
        "a longer pause on the final position"
    );
    assert_eq!(u32::from(decoder.width()), Theme::default().size());
}

#[test]
fn a_long_game_replay_is_small_enough_for_discord() {
    let mut rng = Rng(8);
    let mut game = Game::default();
    while game.ply_count() < 150 {
        if game.is_over() {
            game = Game::default();
        }
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let gif = renderer().replay_gif(&game, true, &[], 1000);
    assert!(gif.len() < 8 * 1024 * 1024, "{} bytes", gif.len());
}

#[test]
fn a_replay_longer_than_its_frame_budget_skips_evenly_and_keeps_the_end() {
    let mut rng = Rng(4);
    let mut game = Game::default();
    while !game.is_over() && game.ply_count() < 40 {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())]).unwrap();
    }
    let plies = game.ply_count();
    let count = |max| {
        let gif = renderer().replay_gif(&game, false, &[], max);
        let mut decoder = gif::DecodeOptions::new()
            .read_info(std::io::Cursor::new(gif))
            .unwrap();
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        frames
    };
    assert_eq!(count(plies + 1), plies + 1);
    let few = count(10);
    assert!((2..=10).contains(&few), "{few} frames for a budget of 10");
}

fn sample_card() -> dama_play::render::Card {
    use dama_play::render::{Card, Mark};
    Card {
        name: "Ayşe".into(),
        rating: "1612 ± 290".into(),
        rank: "#2 on this server · #5 of all players".into(),
        curve: vec![1500.0, 1580.0, 1650.0, 1610.0],
        dates: vec![(0.0, "11/01/2026".into()), (1.0, "11/30/2026".into())],
        peak: Some((2, "Peak 1650".into())),
        record: [3, 0, 1],
        record_text: "3 wins · 0 draws · 1 loss".into(),
        recent: vec![
            (Mark::Win, "W".into()),
            (Mark::Win, "W".into()),
            (Mark::Loss, "L".into()),
        ],
        recent_title: "Last results".into(),
        lines: vec!["Longest winning streak: 2".into()],
        empty: None,
    }
}

#[test]
fn a_players_card_is_a_small_png_as_wide_as_the_board_with_curve_record_and_results() {
    let t = Theme::default();
    let bytes = renderer().card_png(&sample_card());
    assert!(bytes.len() < 60 * 1024, "{} bytes", bytes.len());
    let p = Picture::decode(&bytes);
    assert_eq!((p.width, p.height), (t.size(), 440));
    // The record bar: wins in green at its left end, the loss in red at its right end.
    let bar_y = 296 + 26 + 7;
    assert_eq!(p.at(t.margin + 2, bar_y), t.path);
    assert_eq!(p.at(t.size() - t.margin - 2, bar_y), t.captured);
    // The peak is marked in gold on the curve's panel; the curve is drawn in green.
    let panel: Vec<Rgb> = (84..270)
        .flat_map(|y| (t.margin..t.size() - t.margin).map(move |x| (x, y)))
        .map(|(x, y)| p.at(x, y))
        .collect();
    assert!(panel.contains(&t.black_crown), "the peak marker");
    assert!(
        panel.iter().filter(|&&c| c == t.path).count() > 200,
        "the curve"
    );
    // One square per recent result, in its colour.
    let results_y = 352 + 2;
    let row: Vec<Rgb> = (0..t.size()).map(|x| p.at(x, results_y)).collect();
    assert!(row.contains(&t.captured), "the loss's square");
}

#[test]
fn a_record_of_draws_only_shows_on_the_bar_and_the_peak_label_stays_off_the_curve() {
    let t = Theme::default();
    let card = dama_play::render::Card {
        record: [0, 3, 0],
        record_text: "0 wins · 3 draws · 0 losses".into(),
        // The peak is the highest point, in the middle: the curve falls away on both sides.
        curve: vec![1500.0, 1540.0, 1580.0, 1560.0, 1520.0],
        peak: Some((2, "Peak 1580".into())),
        ..sample_card()
    };
    let p = Picture::decode(&renderer().card_png(&card));
    let bar_y = 296 + 26 + 7;
    let bar: Vec<Rgb> = (t.margin + 2..t.size() - t.margin - 2)
        .map(|x| p.at(x, bar_y))
        .collect();
    assert!(bar.iter().all(|&c| c == t.dark), "the draws fill the bar");
    assert_ne!(t.dark, t.frame);
    // The label (written in the frame's colour) lies wholly above the gold peak marker, so
    // the curve, which is nowhere higher than its peak, never crosses it.
    let panel = |y| (t.margin..t.size() - t.margin).map(move |x| (x, y));
    let marker_top = (84..270)
        .find(|&y| panel(y).any(|(x, y)| p.at(x, y) == t.black_crown))
        .expect("the peak marker");
    let label: Vec<i32> = (84..270)
        .filter(|&y| panel(y).any(|(x, y)| p.at(x, y) == t.frame))
        .map(|y| y as i32)
        .collect();
    assert!(!label.is_empty(), "the peak's label");
    assert!(
        label.iter().all(|&y| y < marker_top as i32 - 4),
        "label rows {label:?}, marker from {marker_top}"
    );
}

#[test]
fn a_card_without_rated_games_says_so_instead_of_a_curve() {
    let t = Theme::default();
    let card = dama_play::render::Card {
        curve: vec![],
        peak: None,
        dates: vec![],
        recent: vec![],
        record: [0, 0, 0],
        empty: Some("No rated game yet.".into()),
        ..sample_card()
    };
    let p = Picture::decode(&renderer().card_png(&card));
    let panel: Vec<Rgb> = (84..270)
        .flat_map(|y| (t.margin..t.size() - t.margin).map(move |x| (x, y)))
        .map(|(x, y)| p.at(x, y))
        .collect();
    assert!(!panel.contains(&t.path), "no curve");
    assert!(
        panel.contains(&t.frame),
        "the message is written on the panel"
    );
}

/// The empty card's sentence, in every language, is broken into lines that keep clear of the
/// panel's edges (it was once cut off at both).
#[test]
fn the_empty_cards_sentence_fits_its_panel_in_every_language() {
    use dama_core::host::{Caption, Captions, CardText};
    let t = Theme::default();
    let words = dama_core::words::Words::new();
    for lang in words.languages() {
        let sentence = words.caption(&Caption::Card(CardText::NoRatedGame), lang);
        let card = dama_play::render::Card {
            curve: vec![],
            peak: None,
            dates: vec![],
            recent: vec![],
            record: [0, 0, 0],
            empty: Some(sentence.clone()),
            ..sample_card()
        };
        let p = Picture::decode(&renderer().card_png(&card));
        let ink = |x: u32| (84..270).any(|y| p.at(x, y) == t.frame);
        let (left, right) = (t.margin, t.size() - t.margin);
        assert!(
            (left..left + 10).chain(right - 10..right).all(|x| !ink(x)),
            "{}: {sentence:?} reaches the panel's edge",
            lang.code()
        );
        assert!(
            (left..right).any(ink),
            "{}: the sentence is written",
            lang.code()
        );
    }
}

#[test]
fn a_card_with_more_lines_grows_to_show_each() {
    let t = Theme::default();
    let lines: Vec<String> = (0..4).map(|i| format!("Line {i}: WWWW")).collect();
    let card = dama_play::render::Card {
        lines,
        ..sample_card()
    };
    let p = Picture::decode(&renderer().card_png(&card));
    assert_eq!(p.height, 440 + 2 * 22);
    // The fourth line is written, whole, above the bottom edge.
    let band = |from: u32, to: u32| {
        (from..to).any(|y| (t.margin..t.margin + 60).any(|x| p.at(x, y) != t.frame))
    };
    assert!(
        band(388 + 3 * 22, 388 + 3 * 22 + 16),
        "the fourth line is drawn"
    );
    assert!(!band(p.height - 4, p.height), "nothing runs off the bottom");
}

#[test]
fn a_long_name_is_cut_before_the_rating_and_emoji_are_left_out() {
    let t = Theme::default();
    let plain = Picture::decode(&renderer().card_png(&sample_card()));
    let long = dama_play::render::Card {
        name: "W".repeat(500),
        lines: vec![format!("Most games against {}", "M".repeat(500))],
        ..sample_card()
    };
    let long = Picture::decode(&renderer().card_png(&long));
    // The rating's corner of the first line, and the card's right margin, are untouched.
    let right = t.size() - t.margin;
    for y in 10..50 {
        for x in right - 150..t.size() {
            assert_eq!(long.at(x, y), plain.at(x, y), "({x}, {y})");
        }
    }
    for y in 380..440 {
        for x in right..t.size() {
            assert_eq!(
                long.at(x, y),
                t.frame,
                "the bottom line ran off at ({x}, {y})"
            );
        }
    }
    // An emoji has no glyph in the board's font: it is left out, not drawn as a box.
    let dice = dama_play::render::Card {
        name: "Ayşe🎲".into(),
        ..sample_card()
    };
    assert_eq!(
        renderer().card_png(&dice),
        renderer().card_png(&sample_card())
    );
}

fn standings(lines: usize, podium: bool) -> dama_play::render::Standings {
    use dama_play::render::{Mark, Standings, StandingsLine};
    Standings {
        title: "Final standings, Kahvehane Kupası".into(),
        lines: (0..lines)
            .map(|i| StandingsLine {
                rank: i + 1,
                name: format!("oyuncu {i}"),
                score: format!("{}½", 3 - i.min(3)),
                detail: "BC1 3½ · SB 3".into(),
                games: vec![Mark::Win, Mark::Draw, Mark::Loss],
                faded: i == 4,
            })
            .collect(),
        podium,
        more: (lines > dama_play::render::STANDINGS_LINES).then(|| "and 5 more players".into()),
    }
}

#[test]
fn the_standings_picture_has_a_line_per_player_with_its_games_and_a_podium_at_the_end() {
    let t = Theme::default();
    let bytes = renderer().standings_png(&standings(6, true));
    assert!(bytes.len() < 60 * 1024, "{} bytes", bytes.len());
    let p = Picture::decode(&bytes);
    assert_eq!(p.width, t.size());
    assert_eq!(p.height, 64 + 6 * 34 + 16);
    // The podium: gold, tan and brown discs behind ranks 1 to 3; none for the 4th.
    let disc = |line: u32| p.at(t.margin + 12 - 9, 64 + line * 34 + 13);
    assert_eq!(disc(0), t.black_crown);
    assert_eq!(disc(1), t.light);
    assert_eq!(disc(2), t.dark);
    assert_ne!(disc(3), t.black_crown);
    // Each line's games as boxes at the right: won green, drawn tan, lost red.
    let right = t.size() - t.margin;
    for line in 0..6 {
        let y = 64 + line * 34 + 12;
        let boxes: Vec<Rgb> = (0..3).map(|k| p.at(right - 48 + k * 16 + 6, y)).collect();
        assert_eq!(boxes, vec![t.path, t.dark, t.captured], "line {line}");
    }
    // While it runs, no podium.
    let running = Picture::decode(&renderer().standings_png(&standings(6, false)));
    assert_ne!(running.at(t.margin + 3, 64 + 13), t.black_crown);
}

/// Long tie-breaks were cut ("SB 1…") and rows with fewer games had their score and detail
/// elsewhere than the others': every line now shares one set of columns, and the widest
/// detail is drawn whole.
#[test]
fn the_standings_picture_keeps_its_columns_and_every_tie_break_whole() {
    use dama_play::render::Mark;
    let t = Theme::default();
    let mut full = standings(3, false);
    for (i, line) in full.lines.iter_mut().enumerate() {
        line.detail = "BC1 112½ · SB 1015¾".into();
        line.score = "9½".into();
        line.games = vec![Mark::Win; 15 - 5 * i];
    }
    let p = Picture::decode(&renderer().standings_png(&full));
    let mut whole = full.clone();
    for line in &mut whole.lines {
        line.detail = "BC1 112½ · SB 101".into();
    }
    let cut = Picture::decode(&renderer().standings_png(&whole));
    // The end of each detail ("5¾") is drawn: the pictures differ there.
    let differs = |line: u32| {
        let y = 64 + line * 34;
        (0..t.size()).any(|x| (y..y + 30).any(|yy| p.at(x, yy) != cut.at(x, yy)))
    };
    assert!((0..3).all(differs));
    // The score is at the same place on every line, however many games each had.
    let first_ink = |line: u32| {
        let y = 64 + line * 34 + 12;
        (t.margin + 36..t.size()).find(|&x| p.at(x, y) == t.black_crown)
    };
    assert!(first_ink(0).is_some());
    assert_eq!(first_ink(0), first_ink(1));
    assert_eq!(first_ink(1), first_ink(2));
}

#[test]
fn a_big_field_shows_twenty_lines_and_says_how_many_more() {
    let p = Picture::decode(&renderer().standings_png(&standings(25, true)));
    assert_eq!(p.height, 64 + 20 * 34 + 40);
}
