//! The terminal front end: its command reader, and a whole session through the same host.
use dama_console::{Command, Console, ParseError, parse, user_id};
use dama_core::host::{Clock, Host, HostConfig, Lang};
use dama_core::words::Words;
use dama_model::ColorChoice;
use dama_play::ai::Level;
use dama_play::render::Renderer;
use dama_rules::Color;
use dama_store::Store;
use proptest::prelude::*;
use std::sync::Arc;

use dama_play::clock::TimeControl;

#[test]
fn commands_and_bare_moves_are_read() {
    assert_eq!(
        parse("ai hard black"),
        Ok(Command::Ai {
            level: Level::Hard,
            color: Color::Black,
            clock: TimeControl::default(),
        })
    );
    assert_eq!(
        parse("AI"),
        Ok(Command::Ai {
            level: Level::Medium,
            color: Color::White,
            clock: TimeControl::default(),
        })
    );
    assert_eq!(
        parse("challenge mehmet white casual"),
        Ok(Command::Challenge {
            opponent: Some("mehmet".into()),
            color: ColorChoice::White,
            rated: false,
            clock: TimeControl::default(),
        })
    );
    // No name, or an option first: an open challenge, for whoever accepts.
    let open = |color, rated, clock: &str| {
        Ok(Command::Challenge {
            opponent: None,
            color,
            rated,
            clock: clock.parse().unwrap(),
        })
    };
    assert_eq!(parse("challenge"), open(ColorChoice::Random, true, "3d"));
    assert_eq!(
        parse("challenge black 5+3 casual"),
        open(ColorChoice::Black, false, "5+3")
    );
    assert_eq!(parse("davet 3 gün"), open(ColorChoice::Random, true, "3d"));
    assert_eq!(parse("davet beyaz"), open(ColorChoice::White, true, "3d"));
    assert_eq!(
        parse("challenge ayse2"),
        Ok(Command::Challenge {
            opponent: Some("ayse2".into()),
            color: ColorChoice::Random,
            rated: true,
            clock: TimeControl::default(),
        })
    );
    assert_eq!(parse("e3-e4"), Ok(Command::Move("e3-e4".into())));
    assert_eq!(parse(" d3 d5 f5 "), Ok(Command::Move("d3 d5 f5".into())));
    assert_eq!(parse("move e3 e4"), Ok(Command::Move("e3 e4".into())));
    assert_eq!(parse("stats ayse"), Ok(Command::Stats(Some("ayse".into()))));
    assert_eq!(
        parse("ai grandmaster"),
        Err(ParseError::NotALevel("grandmaster".into()))
    );
    assert_eq!(parse("resign now"), Err(ParseError::TakesNothing("resign")));
    assert_eq!(parse("hello"), Err(ParseError::NotACommand("hello".into())));
    assert_eq!(parse(""), Err(ParseError::Empty));
    assert_eq!(parse(&"e3-e4 ".repeat(200)), Err(ParseError::TooLong(1200)));
    assert_eq!(user_id("Ayse"), user_id("ayse"));
    // Turkish command words work whatever the console's language.
    assert_eq!(
        parse("bilgisayar kolay siyah"),
        Ok(Command::Ai {
            level: Level::Easy,
            color: Color::Black,
            clock: TimeControl::default(),
        })
    );
    assert_eq!(
        parse("davet mehmet beyaz puansız"),
        Ok(Command::Challenge {
            opponent: Some("mehmet".into()),
            color: ColorChoice::White,
            rated: false,
            clock: TimeControl::default(),
        })
    );
    assert_eq!(parse("terk"), Ok(Command::Resign));
    assert_eq!(parse("geri-al"), Ok(Command::Takeback));
    assert_eq!(parse("hamle e3-e4"), Ok(Command::Move("e3-e4".into())));
    assert_eq!(parse("ben ali"), Ok(Command::As("ali".into())));
    assert_eq!(
        parse("bulmaca rastgele"),
        Ok(Command::Puzzle { random: true })
    );
    assert_eq!(
        parse("bulmaca istatistik ali"),
        Ok(Command::PuzzleStats(Some("ali".into())))
    );
    assert_eq!(parse("İSTATİSTİK"), Ok(Command::Stats(None)));
    assert_eq!(parse("kanal"), Ok(Command::Channel(None)));
    assert_eq!(parse("channel 2"), Ok(Command::Channel(Some("2".into()))));
    assert_eq!(parse("kanal a b"), Err(ParseError::ChannelUsage));
}

#[test]
fn a_clock_and_a_speed_class_are_read_as_players_write_them() {
    use dama_play::clock::{SpeedClass, TimeControlError};
    let clock = |t: &str| t.parse::<TimeControl>().unwrap();
    assert_eq!(
        parse("challenge mehmet 5+3 black"),
        Ok(Command::Challenge {
            opponent: Some("mehmet".into()),
            color: ColorChoice::Black,
            rated: true,
            clock: clock("5+3"),
        })
    );
    assert_eq!(
        parse("bilgisayar usta 3 gün"),
        Ok(Command::Ai {
            level: Level::Master,
            color: Color::White,
            clock: clock("3d"),
        })
    );
    assert_eq!(
        parse("ai 1/4+0 black"),
        Ok(Command::Ai {
            level: Level::Medium,
            color: Color::Black,
            clock: clock("1/4+0"),
        })
    );
    assert_eq!(
        parse("ai 0+0"),
        Err(ParseError::Clock(TimeControlError::NoTime))
    );
    assert_eq!(
        parse("davet ali 4d"),
        Err(ParseError::Clock(TimeControlError::Days(4)))
    );
    assert_eq!(parse("leaderboard"), Ok(Command::Leaderboard(None)));
    assert_eq!(
        parse("sıralama klasik"),
        Ok(Command::Leaderboard(Some(SpeedClass::Classical)))
    );
    assert_eq!(
        parse("leaderboard BLITZ"),
        Ok(Command::Leaderboard(Some(SpeedClass::Blitz)))
    );
    assert_eq!(parse("leaderboard fast"), Err(ParseError::LeaderboardUsage));
}

proptest! {
    #[test]
    fn the_command_reader_never_panics(line in any::<String>()) {
        if let Err(e) = parse(&line) {
            // Every refusal has words in every language.
            let words = Words::new();
            for lang in words.languages() {
                let (id, args) = e.words();
                prop_assert!(!words.get_with(lang, id, &args).is_empty());
            }
        }
    }

    #[test]
    fn the_command_reader_never_panics_on_command_like_text(
        line in "(ai|challenge|as|move|stats|resign|leaderboard|e3|d4)?[ a-hA-Z0-9x:+/.,\\-]{0,30}"
    ) {
        let _ = parse(&line);
    }
}

async fn console(dir: &std::path::Path, lang: Lang, pictures: std::path::PathBuf) -> Console {
    console_as(dir, lang, pictures, "ayse", dama_console::host_config()).await
}

/// A console over the database in `dir` (made if new), for `user`, with the host's `config`.
async fn console_as(
    dir: &std::path::Path,
    lang: Lang,
    pictures: std::path::PathBuf,
    user: &str,
    config: HostConfig,
) -> Console {
    std::fs::create_dir_all(dir).unwrap();
    let store = Store::open(&format!("sqlite://{}", dir.join("c.db").display()))
        .await
        .unwrap();
    let words = Arc::new(Words::new());
    let host = Host::new(
        store,
        Arc::new(Renderer::default()),
        Arc::clone(&words) as Arc<dyn dama_core::host::Captions>,
        config,
        Clock::system(),
    );
    Console::new(Arc::new(host), words, lang, pictures, user.into())
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-console-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[tokio::test]
async fn a_session_against_the_ai_plays_through_the_host_and_writes_pictures() {
    let dir = temp("en");
    let pictures = dir.join("pictures");
    let mut console = console(&dir, Lang::ENGLISH, pictures.clone()).await;
    let mut out: Vec<u8> = Vec::new();
    for line in ["ai easy", "e3-e4", "e3-e5", "moves", "board", "pdn", "draw"] {
        console
            .execute(parse(line).unwrap(), &mut out)
            .await
            .unwrap();
    }
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Played by ayse: e3-e4."), "{text}");
    assert!(text.contains("Played by the easy AI"), "{text}");
    assert!(text.contains("That move cannot be played"), "{text}");
    assert!(text.contains("White to move, "), "{text}");
    assert!(!text.contains("<@"), "mentions are shown as names: {text}");
    assert!(
        !text.contains("`/dama"),
        "console texts name console commands: {text}"
    );
    let files: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        files.iter().filter(|f| f.ends_with(".png")).count() >= 3,
        "{files:?}"
    );
    assert!(files.iter().any(|f| f.ends_with(".pdn")), "{files:?}");
}

#[tokio::test]
async fn an_open_challenge_in_the_console_is_taken_by_whoever_accepts() {
    let dir = temp("open");
    let mut console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let mut out: Vec<u8> = Vec::new();
    for line in ["challenge casual", "accept", "as ali", "accept"] {
        console
            .execute(parse(line).unwrap(), &mut out)
            .await
            .unwrap();
    }
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("An open challenge! ayse will play anyone here a casual game"),
        "{text}"
    );
    assert!(
        text.contains("(Anyone: type as <name>, then accept.)"),
        "{text}"
    );
    assert!(
        text.contains("This is your own open challenge"),
        "ayse cannot take her own: {text}"
    );
    assert!(
        text.contains("The open challenge of ayse was taken by ali."),
        "{text}"
    );
    assert!(text.contains("Game on!"), "{text}");
}

#[tokio::test]
async fn a_turkish_session_speaks_turkish_and_names_console_commands() {
    let dir = temp("tr");
    let tr = Words::new().pick("tr").unwrap();
    let mut console = console(&dir, tr, dir.join("pictures")).await;
    let mut out: Vec<u8> = Vec::new();
    for line in ["resign", "ai easy", "e3-e4", "e3-e5"] {
        console
            .execute(parse(line).unwrap(), &mut out)
            .await
            .unwrap();
    }
    let text = String::from_utf8(out).unwrap();
    // Turkish command words, quoted without Discord's marks.
    assert!(
        text.contains("\"davet [ad]\" ya da \"bilgisayar\""),
        "{text}"
    );
    assert!(!text.contains('`'), "{text}");
    assert!(text.contains("Hamle: e3-e4 (ayse)."), "{text}");
    assert!(text.contains("Bilgisayar (kolay)"), "{text}");
    assert!(text.contains("Bu hamle oynanamaz"), "{text}");
}

#[tokio::test]
async fn bad_bytes_long_lines_and_an_unwritable_folder_do_not_end_the_session() {
    let dir = temp("bytes");
    // A file where the pictures folder should be: every write there fails.
    std::fs::create_dir_all(&dir).unwrap();
    let blocked = dir.join("not-a-folder");
    std::fs::write(&blocked, b"x").unwrap();
    let console = console(&dir, Lang::ENGLISH, blocked).await;
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"ai easy\n");
    input.extend_from_slice(b"e3-e4\n");
    // "ş" in ISO-8859-9, then a line cut inside a UTF-8 character, then a very long line.
    input.extend_from_slice(b"\xfeey\n");
    input.extend_from_slice(b"d3-d4 \xc5\n");
    input.extend_from_slice(&vec![b'a'; 100_000]);
    input.extend_from_slice(b"\nboard\nquit\n");
    let mut out: Vec<u8> = Vec::new();
    console
        .session(&input[..], &mut out)
        .await
        .expect("the session ends normally");
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.matches("is not a command or a move").count(),
        2,
        "{text}"
    );
    assert!(text.contains("That line is too long"), "{text}");
    assert_eq!(
        text.matches("Pictures cannot be written").count(),
        1,
        "said once: {text}"
    );
    assert!(text.contains(": e3-e4"), "the game went on: {text}");
    assert!(
        text.matches("To move").count() >= 2,
        "the board was shown: {text}"
    );
}

#[tokio::test]
async fn names_and_moves_with_terminal_codes_are_printed_harmless() {
    let dir = temp("codes");
    let console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let name = "\u{1b}]0;pwned\u{7}mal\u{202e}gnp.exe";
    let input = format!("as {name}\nai easy\ne3-e4\ne3\0e5\nmove d3\u{1b}[2Jd4\nstats\nquit\n");
    let mut out: Vec<u8> = Vec::new();
    console.session(input.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    for c in ['\u{1b}', '\u{7}', '\u{202e}', '\0'] {
        assert!(!text.contains(c), "{c:?} reached the terminal: {text:?}");
    }
    assert!(
        text.contains("Played by ]0;pwnedmalgnp.exe: e3-e4"),
        "{text}"
    );
    // What the player typed is quoted with its codes written out.
    assert!(text.contains("\\u{0}"), "{text}");
}

#[tokio::test]
async fn a_puzzle_in_the_console_shows_its_board_and_takes_board_moves_and_bare_moves() {
    let dir = temp("puzzle");
    let pictures = dir.join("pictures");
    let console = console(&dir, Lang::ENGLISH, pictures.clone()).await;
    let input = "puzzle random\nboard\nmoves\na1-a1\nquit\n";
    let mut out: Vec<u8> = Vec::new();
    console.session(input.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    // The board as text, from the solver's side, when the puzzle opens and on `board`.
    let grids = text
        .lines()
        .filter(|l| *l == "   a b c d e f g h" || *l == "   h g f e d c b a")
        .count();
    assert_eq!(grids, 2, "{text}");
    // Its picture is written each time, named as a puzzle.
    let files: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        files
            .iter()
            .filter(|f| f.starts_with("puzzle-") && f.ends_with(".png"))
            .count(),
        2,
        "{files:?}"
    );
    // `moves` lists the puzzle's moves; a bare move goes to the puzzle (not to a game).
    assert!(text.contains("legal move"), "{text}");
    assert!(!text.contains("There is no game"), "{text}");
    assert!(text.contains("That move cannot be played"), "{text}");
}

/// `hint` in a puzzle is the puzzle's (it has none, and says so); `moves` and `board` after it
/// still go to the puzzle, in both languages.
#[tokio::test]
async fn hint_and_moves_in_a_puzzle_keep_the_puzzle() {
    for (lang, input, no_hint, moves) in [
        (
            Lang::ENGLISH,
            "puzzle\nhint\nmoves\nboard\nquit\n",
            "A puzzle has no hints",
            "legal move",
        ),
        (
            Words::new().pick("tr").unwrap(),
            "bulmaca\nipucu\nhamleler\ntahta\nçık\n",
            "Bulmacada ipucu yok",
            "yasal hamle",
        ),
    ] {
        let dir = temp(&format!("puzzle-hint-{}", lang.code()));
        let console = console(&dir, lang, dir.join("pictures")).await;
        let mut out: Vec<u8> = Vec::new();
        console.session(input.as_bytes(), &mut out).await.unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(no_hint), "{text}");
        assert!(text.contains(moves), "moves go to the puzzle: {text}");
        for stray in [
            "There is no game",
            "Bu kanalda süren bir oyun yok",
            "No game has been",
        ] {
            assert!(!text.contains(stray), "{text}");
        }
        let grids = text
            .lines()
            .filter(|l| *l == "   a b c d e f g h" || *l == "   h g f e d c b a")
            .count();
        assert_eq!(
            grids, 2,
            "the puzzle's board, opened and shown again: {text}"
        );
    }
}

/// The board as text marks the pieces with the reader's own letters, explained under it: a
/// Turkish reader takes `b` for beyaz (white), so White is `b` and Black `s` (siyah) there.
#[tokio::test]
async fn the_text_board_marks_pieces_in_the_readers_language_with_a_legend() {
    for (lang, input, white, black, legend) in [
        (
            Lang::ENGLISH,
            "ai easy\nquit\n",
            "2  w w w w w w w w",
            "7  b b b b b b b b",
            "Pieces: w a white man, W a white king; b a black man, B a black king.",
        ),
        (
            Words::new().pick("tr").unwrap(),
            "bilgisayar kolay\nçık\n",
            "2  b b b b b b b b",
            "7  s s s s s s s s",
            "Taşlar: b beyaz taş, B beyaz dama; s siyah taş, S siyah dama.",
        ),
    ] {
        let dir = temp(&format!("letters-{}", lang.code()));
        let console = console(&dir, lang, dir.join("pictures")).await;
        let mut out: Vec<u8> = Vec::new();
        console.session(input.as_bytes(), &mut out).await.unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.contains(&white), "White's men: {text}");
        assert!(lines.contains(&black), "Black's men: {text}");
        let grid = lines
            .iter()
            .position(|l| *l == "   a b c d e f g h" || *l == "   h g f e d c b a")
            .expect("a board");
        assert_eq!(
            lines[grid + 1],
            legend,
            "the legend under the board: {text}"
        );
    }
}

/// A lone square is a move missing its start: the answer says how a move is written.
#[tokio::test]
async fn a_lone_square_is_answered_with_the_form_of_a_move() {
    assert_eq!(parse("e4"), Ok(Command::Move("e4".into())));
    for (lang, input) in [
        (Lang::ENGLISH, "ai easy\ne4\nquit\n"),
        (
            Words::new().pick("tr").unwrap(),
            "bilgisayar kolay\ne4\nçık\n",
        ),
    ] {
        let dir = temp(&format!("lone-square-{}", lang.code()));
        let console = console(&dir, lang, dir.join("pictures")).await;
        let mut out: Vec<u8> = Vec::new();
        console.session(input.as_bytes(), &mut out).await.unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("e3-e4"), "{}: {text}", lang.code());
        assert!(!text.contains("\"e4\""), "not 'not a command': {text}");
    }
}

#[test]
fn puzzle_themes_are_read_in_real_words_and_listed_when_none_is_given() {
    use dama_core::host::Practice;
    use dama_play::puzzle::Theme;
    let practice = |theme| {
        Ok(Command::PuzzlePractice(Practice {
            theme: Some(theme),
            mine: false,
        }))
    };
    for (line, theme) in [
        ("puzzle theme king hunt", Theme::KingHunt),
        ("puzzle theme king-hunt", Theme::KingHunt),
        ("bulmaca tema dama avı", Theme::KingHunt),
        ("bulmaca tema DAMA AVI", Theme::KingHunt),
        ("bulmaca tema fedakârlık", Theme::Sacrifice),
        ("bulmaca tema fedakarlık", Theme::Sacrifice),
        ("bulmaca tema fedakarlik", Theme::Sacrifice),
        ("bulmaca tema çoklu alma", Theme::MultiCapture),
        ("bulmaca tema karşı durma", Theme::Opposition),
        ("bulmaca tema oyun sonu", Theme::Endgame),
        ("bulmaca tema dama çıkma", Theme::Crowning),
        ("puzzle theme Multi Capture", Theme::MultiCapture),
    ] {
        assert_eq!(parse(line), practice(theme), "{line}");
    }
    assert_eq!(parse("puzzle theme"), Err(ParseError::PuzzleThemes));
    assert_eq!(parse("bulmaca tema"), Err(ParseError::PuzzleThemes));
    assert_eq!(
        parse("puzzle theme chess"),
        Err(ParseError::PuzzleTheme("chess".into()))
    );
}

#[tokio::test]
async fn the_themes_are_offered_in_the_players_language() {
    for (lang, input, says, missing) in [
        (
            Lang::ENGLISH,
            "puzzle theme\npuzzle theme chess\nquit\n",
            [
                "Puzzle themes: sacrifice, multi-capture, crowning, king hunt",
                "\"chess\" is not a puzzle theme",
            ],
            "\"\" is not",
        ),
        (
            Words::new().pick("tr").unwrap(),
            "bulmaca tema\nbulmaca tema satranç\nçık\n",
            [
                "Bulmaca temaları: fedakârlık, çoklu alma, dama çıkma, dama avı",
                "\"satranç\" bir bulmaca teması değil",
            ],
            "fedakarlik",
        ),
    ] {
        let dir = temp(&format!("themes-{}", lang.code()));
        let console = console(&dir, lang, dir.join("pictures")).await;
        let mut out: Vec<u8> = Vec::new();
        console.session(input.as_bytes(), &mut out).await.unwrap();
        let text = String::from_utf8(out).unwrap();
        for s in says {
            assert!(text.contains(s), "{s}: {text}");
        }
        assert!(!text.contains(missing), "{text}");
    }
}

#[tokio::test]
async fn a_puzzle_black_solves_is_printed_with_black_at_the_bottom() {
    let p = dama_play::puzzle::shipped()
        .iter()
        .find(|p| p.solver() == Color::Black)
        .expect("a puzzle for Black")
        .clone();
    let dir = temp("black-puzzle");
    let config = HostConfig {
        puzzles: Arc::new(vec![p]),
        daily_puzzles: 1,
        ..dama_console::host_config()
    };
    let console = console_as(&dir, Lang::ENGLISH, dir.join("pictures"), "ayse", config).await;
    let mut out: Vec<u8> = Vec::new();
    console
        .session(&b"puzzle\nquit\n"[..], &mut out)
        .await
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("\n   h g f e d c b a\n"), "{text}");
    let (two, seven) = (text.find("\n2  ").unwrap(), text.find("\n7  ").unwrap());
    assert!(two < seven, "rank 1 on top: {text}");
}

#[tokio::test]
async fn a_new_session_never_writes_over_the_pictures_of_an_earlier_one() {
    let dir = temp("sessions");
    let pictures = dir.join("pictures");
    for _ in 0..2 {
        let console = console(&dir, Lang::ENGLISH, pictures.clone()).await;
        let mut out: Vec<u8> = Vec::new();
        console
            .session(&b"puzzle\nboard\nquit\n"[..], &mut out)
            .await
            .unwrap();
    }
    let mut files: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".png"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "puzzle-0001-2.png",
            "puzzle-0001.png",
            "puzzle-0002-2.png",
            "puzzle-0002.png"
        ]
    );
}

#[tokio::test]
async fn players_of_earlier_sessions_are_named_not_numbered() {
    let dir = temp("names");
    let first = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let game = "challenge mehmet white\nas mehmet\naccept\nas ayse\ne3-e4\nas mehmet\nf6-f5\nresign\nyes\nquit\n";
    let mut out: Vec<u8> = Vec::new();
    first.session(game.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("resign"), "{text}");
    // A later session, by someone else: the leaderboard names both players.
    let later = console_as(
        &dir,
        Lang::ENGLISH,
        dir.join("pictures"),
        "zeynep",
        dama_console::host_config(),
    )
    .await;
    let mut out: Vec<u8> = Vec::new();
    later
        .session(&b"leaderboard\nquit\n"[..], &mut out)
        .await
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("ayse") && text.contains("mehmet"), "{text}");
    assert!(!text.contains('#'), "a player shown as a number: {text}");
}

#[tokio::test]
async fn questions_take_yes_and_no_in_either_language_and_records_name_the_console() {
    let dir = temp("yes-no");
    let pictures = dir.join("pictures");
    let console = console(&dir, Lang::ENGLISH, pictures.clone()).await;
    let game = "challenge mehmet white\nas mehmet\naccept\nas ayse\ne3-e4\nas mehmet\nf6-f5\n\
                resign\nno\nboard\nresign\nevet\npdn\nquit\n";
    let mut out: Vec<u8> = Vec::new();
    console.session(game.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Type yes to confirm, or no"), "{text}");
    assert!(
        !text.contains("button"),
        "Discord's words in the console: {text}"
    );
    assert!(text.contains("Not confirmed: nothing changed."), "{text}");
    assert!(!text.contains("is not a command"), "{text}");
    let pdn = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "pdn"))
        .expect("the record was saved");
    let record = std::fs::read_to_string(pdn).unwrap();
    assert!(record.contains("[Site \"dama console\"]"), "{record}");
    assert!(
        record.contains("[Result \"1-0\"]"),
        "mehmet resigned once asked twice: {record}"
    );
}

#[tokio::test]
async fn a_leftover_game_is_named_and_the_console_user_can_play_elsewhere_or_call_it_off() {
    let dir = temp("channels");
    let console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    // A game left running in the first channel; a new challenge there is refused with the
    // players named and the console's ways out; another channel takes a new game; back in
    // the first, the console user calls the old game off.
    let lines = "challenge mehmet white\nas mehmet\naccept\nas ayse\ne3-e4\n\
                 ai easy\nchannel 2\nai easy\ne3-e4\nchannel\nchannel 1\nabort\nai easy\nquit\n";
    let mut out: Vec<u8> = Vec::new();
    console.session(lines.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("This channel already has a game running (ayse – mehmet)."),
        "{text}"
    );
    assert!(text.contains("call it off with \"abort\""), "{text}");
    assert!(text.contains("\"channel <name>\""), "{text}");
    assert!(
        !text.contains("thread"),
        "Discord's advice in the console: {text}"
    );
    assert!(text.contains("You are now in channel 2."), "{text}");
    assert!(
        text.contains("Channels: 1 (ayse – mehmet), 2 (ayse – the easy AI). You are in 2."),
        "{text}"
    );
    assert!(text.contains("was called off by ayse"), "{text}");
    assert!(!text.contains("Only a server admin"), "{text}");
    // After the call-off the first channel takes a new game.
    assert_eq!(
        text.matches("A game against the AI (easy,").count(),
        2,
        "{text}"
    );
}

#[tokio::test]
async fn the_card_is_named_by_the_player_and_the_console_has_no_server_rank() {
    let dir = temp("card");
    let pictures = dir.join("pictures");
    let console = console(&dir, Lang::ENGLISH, pictures.clone()).await;
    let game = "challenge mehmet white\nas mehmet\naccept\nas ayse\ne3-e4\nas mehmet\nf6-f5\n\
                resign\nyes\nstats\nquit\n";
    let mut out: Vec<u8> = Vec::new();
    console.session(game.as_bytes(), &mut out).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(pictures.join("card-mehmet.png").exists(), "{text}");
    assert!(text.contains("Rank: #"), "{text}");
    assert!(!text.contains("on this server"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_in_the_console_shows_its_clocks_and_its_flag_as_it_falls() {
    use tokio::io::AsyncWriteExt;
    let dir = temp("live");
    let console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let (mut keys, input) = tokio::io::duplex(4096);
    let (mut screen, mut shown) = tokio::io::duplex(1 << 20);
    let session = console.session(tokio::io::BufReader::new(input), &mut screen);
    let player = async {
        keys.write_all(b"ai easy 1/4+0\ne3-e4\n").await.unwrap();
        // Nobody types anything more: White's 15 s run out while the console waits for a line.
        let text = screen_until(&mut shown, "Clocks at the end", 40).await;
        keys.write_all(b"quit\n").await.unwrap();
        text
    };
    let (ended, text) = tokio::join!(session, player);
    ended.unwrap();
    assert!(
        text.contains("A game against the AI (easy, 1/4+0 bullet): ayse plays White."),
        "{text}"
    );
    // Read when shown: White's clock has been running since the AI's move.
    assert!(
        text.contains("Clocks: White 0:15, Black 0:15; the time runs out in ")
            || text.contains("Clocks: White 0:14, Black 0:15; the time runs out in "),
        "{text}"
    );
    assert!(
        text.contains("Game over: ayse did not move in time, so the easy AI wins with Black."),
        "{text}"
    );
    assert!(
        text.contains("Clocks at the end: White 0.0, Black 0:15."),
        "{text}"
    );
}

#[test]
fn tournament_commands_are_read_in_either_language() {
    use dama_console::TournamentCommand as T;
    use dama_core::host::TournamentSpec;
    use dama_model::TournamentKind;
    let clock = |t: &str| t.parse::<TimeControl>().unwrap();
    assert_eq!(
        parse("tournament create arena 3+2 minutes 90 starts 30 casual name Kahvehane Kupası"),
        Ok(Command::Tournament(T::Create(TournamentSpec {
            kind: TournamentKind::Arena,
            control: clock("3+2"),
            rounds: None,
            minutes: Some(90),
            starts: Some("30".into()),
            rated: false,
            name: "Kahvehane Kupası".into(),
            pause: None,
        })))
    );
    assert_eq!(
        parse("TURNUVA OLUŞTUR isviçre 5+3 tur 7 ara 2"),
        Ok(Command::Tournament(T::Create(TournamentSpec {
            kind: TournamentKind::Swiss,
            control: clock("5+3"),
            rounds: Some(7),
            minutes: None,
            starts: None,
            rated: true,
            name: String::new(),
            pause: Some(2),
        })))
    );
    // A date takes its time with it.
    let Ok(Command::Tournament(T::Create(spec))) =
        parse("turnuva oluştur başlar 05.12.2026 20:30 ad Bayram")
    else {
        panic!("not read");
    };
    assert_eq!(spec.starts.as_deref(), Some("05.12.2026 20:30"));
    assert_eq!(spec.name, "Bayram");
    for (line, want) in [
        ("tournament join", T::Join),
        ("turnuva katıl", T::Join),
        ("turnuva ayrıl", T::Leave),
        ("tournament standings", T::Standings),
        ("turnuva sıralama", T::Standings),
        ("turnuva eşleşmeler", T::Pairings),
        ("tournament start", T::Start),
        ("turnuva iptal", T::Cancel),
    ] {
        assert_eq!(parse(line), Ok(Command::Tournament(want)), "{line}");
    }
    assert_eq!(parse("tournament"), Err(ParseError::TournamentUsage));
    assert_eq!(
        parse("tournament join now"),
        Err(ParseError::TournamentUsage)
    );
    assert_eq!(
        parse("tournament create swiss rounds five"),
        Err(ParseError::TournamentNumber("five".into()))
    );
    assert_eq!(
        parse("tournament create swiss rounds"),
        Err(ParseError::TournamentUsage)
    );
    assert_eq!(
        parse("tournament create swiss 0+0"),
        Err(ParseError::Clock(
            dama_play::clock::TimeControlError::NoTime
        ))
    );
}

proptest! {
    #[test]
    fn the_tournament_reader_never_panics_and_every_refusal_has_words(
        line in "(tournament|turnuva) (create|oluştur|join|katıl|start)?( (swiss|arena|rounds|tur|minutes|starts|name|casual|[0-9+/]{1,5}|[a-zçğıöşü]{1,6})){0,6}"
    ) {
        if let Err(e) = parse(&line) {
            let words = Words::new();
            for lang in words.languages() {
                let (id, args) = e.words();
                prop_assert!(!words.get_with(lang, id, &args).is_empty());
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_in_the_console_is_created_joined_started_and_paired() {
    use tokio::io::AsyncWriteExt;
    let dir = temp("tournament");
    let console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let (mut keys, input) = tokio::io::duplex(4096);
    let (mut screen, mut shown) = tokio::io::duplex(1 << 20);
    let session = console.session(tokio::io::BufReader::new(input), &mut screen);
    let player = async {
        keys.write_all(
            b"tournament create swiss 5+0 rounds 3 pause 0 name Kupa\ntournament join\nas ali\ntournament join\ntournament join\nas veli\ntournament join\nas ayse\ntournament start\n",
        )
        .await
        .unwrap();
        let mut text = screen_until(&mut shown, "A tournament game starts in channel t", 30).await;
        keys.write_all(b"tournament pairings\nquit\n")
            .await
            .unwrap();
        // The screen stays open with the session: read until it falls quiet.
        loop {
            let more = screen_chunk(&mut shown, 2).await;
            if more.is_empty() {
                break text;
            }
            text.push_str(&more);
        }
    };
    let (ended, text) = tokio::join!(session, player);
    ended.unwrap();
    for said in [
        "A Swiss tournament, Kupa: 5+0 blitz, 3 rounds, rated. It starts when its organiser starts it.",
        "Welcome to Kupa, ayse: one player now.",
        "You are in this tournament already.",
        "Welcome to Kupa, veli: 3 players now.",
        "The tournament Kupa has begun with 3 players.",
        "Round 1 of 3, Kupa:",
        "Bye, one point:",
        "Game on!",
    ] {
        assert!(text.contains(said), "{said:?} missing from {text}");
    }
}

#[test]
fn seek_and_leave_are_read_in_either_language() {
    let three_two: TimeControl = "3+2".parse().unwrap();
    assert_eq!(
        parse("seek 3+2"),
        Ok(Command::Seek(Some((three_two, true))))
    );
    assert_eq!(
        parse("ara 1 gün puansız"),
        Ok(Command::Seek(Some((
            TimeControl::Correspondence { days: 1 },
            false
        ))))
    );
    assert_eq!(parse("seek"), Ok(Command::Seek(None)));
    assert_eq!(parse("leave"), Ok(Command::Leave));
    assert_eq!(parse("ayrıl"), Ok(Command::Leave));
    assert_eq!(parse("rematch"), Ok(Command::Rematch));
    assert_eq!(parse("rövanş"), Ok(Command::Rematch));
    assert!(parse("rematch now").is_err());
    assert_eq!(
        parse("seek 3+2 fast"),
        Err(ParseError::SeekOption("fast".into()))
    );
    assert!(matches!(parse("seek 3+999"), Err(ParseError::Clock(_))));
    assert_eq!(parse("block veli"), Ok(Command::Block(Some("veli".into()))));
    assert_eq!(parse("engelle"), Ok(Command::Block(None)));
    assert_eq!(
        parse("engeli-kaldır veli"),
        Ok(Command::Unblock("veli".into()))
    );
    assert_eq!(parse("unblock"), Err(ParseError::BlockUsage));
    assert_eq!(parse("block a b"), Err(ParseError::BlockUsage));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_seeking_in_the_console_are_paired_into_a_channel_of_their_own() {
    use tokio::io::AsyncWriteExt;
    let dir = temp("seek");
    let console = console(&dir, Lang::ENGLISH, dir.join("pictures")).await;
    let (mut keys, input) = tokio::io::duplex(4096);
    let (mut screen, mut shown) = tokio::io::duplex(1 << 20);
    let session = console.session(tokio::io::BufReader::new(input), &mut screen);
    let player = async {
        keys.write_all(b"seek 3+2\nleave\nleave\nseek 3+2 casual\nas veli\nseek 3+2 casual\n")
            .await
            .unwrap();
        let text = screen_until(&mut shown, "Game on!", 20).await;
        keys.write_all(b"quit\n").await.unwrap();
        text
    };
    let (ended, text) = tokio::join!(session, player);
    ended.unwrap();
    for said in [
        "You wait in the 3+2 blitz pool (rated): nobody else waits for it in this server yet.",
        "You left the 3+2 blitz pool.",
        "You are not waiting in any pool. Seek a game with \"seek [clock]\".",
        "You wait in the 3+2 blitz pool (casual): one other player waits for it in this server.",
        "The pool paired you: your game starts in channel q1",
        "Paired in the 3+2 blitz pool.",
    ] {
        assert!(text.contains(said), "{said:?} missing from {text}");
    }
}

/// What the console wrote next, waiting at most `secs` (empty when it wrote nothing).
async fn screen_chunk(shown: &mut tokio::io::DuplexStream, secs: u64) -> String {
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(secs), shown.read(&mut buf))
        .await
        .unwrap_or(Ok(0))
        .unwrap();
    String::from_utf8_lossy(&buf[..n]).into_owned()
}

/// Everything the console writes until `wanted` appears (failing after `secs`).
async fn screen_until(shown: &mut tokio::io::DuplexStream, wanted: &str, secs: u64) -> String {
    let mut text = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while !text.contains(wanted) {
        text.push_str(&screen_chunk(shown, 1).await);
        assert!(
            std::time::Instant::now() < deadline,
            "{wanted:?} never came: {text}"
        );
    }
    text
}
