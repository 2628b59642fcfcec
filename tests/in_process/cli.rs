//! The command-line contract of `docs/running/command-line.md` for `dama moves` and `dama perft`.
use std::process::{Command, Output};

fn dama(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dama"))
        .args(args)
        // Results must not depend on tables a developer built in the working folder.
        .env("DAMA_TABLES", "off")
        .output()
        .expect("the dama binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 output")
}

#[test]
fn moves_prints_one_line_per_move_with_the_position_after_sorted_by_notation() {
    let out = dama(&["moves", "W:WKd1:Bd3,c6"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "d1xd6xa6\tB:WKa6:B\nd1xd6xb6\tB:WKb6:B\n");
}

#[test]
fn moves_of_the_start_position_are_the_eight_forward_steps() {
    let out = dama(&[
        "moves",
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
    ]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    assert!(
        lines[0].starts_with("a3-a4\tB:Wa2,b2,c2,d2,e2,f2,g2,h2,b3,"),
        "{}",
        lines[0]
    );
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
}

#[test]
fn moves_prints_nothing_when_there_is_no_move() {
    let out = dama(&["moves", "B:WKd4:B"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
}

#[test]
fn a_bad_position_gets_one_line_on_stderr_and_exit_status_2() {
    let out = dama(&["moves", "W:Wd4,d4:Bd5"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("d4"), "{err}");
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let out = dama(&["perft", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("7538"));
    let out = dama(&["perft", "1", "W:WKa1:Ba3,Kb1,c5,d3"]);
    assert_eq!(stdout(&out), "2\n");
}

#[test]
fn perft_divide_adds_a_line_per_first_move() {
    let out = dama(&["perft", "3", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(lines[0].starts_with("a3-a4\t"));
    assert_eq!(lines[8], "708");
}

#[test]
fn bad_arguments_exit_with_status_2_and_one_line() {
    for args in [
        &["perft", "deep"][..],
        &["perft", "3", "nonsense"],
        &["perft", "-1"],
        &["perft"],
        &["no-such-command"],
        &["render", "--black-bottom"],
        &["moves", "--foo", "W:Wa2:Bh7"],
    ] {
        let out = dama(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("dama: "), "{err}");
        assert!(!err.contains("'-- "), "{args:?}: {err}");
    }
    // Help is not an error.
    let out = dama(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("Usage:"));
}

#[test]
fn depths_and_budgets_beyond_what_is_useful_are_refused_in_one_line() {
    for args in [
        &["perft", "4294967295"][..],
        &["perft", "30"],
        &["bestmove", "W:Wa2:Bh7", "--depth", "64"],
        &["bestmove", "W:Wa2:Bh7", "--nodes", "99999999999999"],
        &["bestmove", "W:Wa2:Bh7", "--movetime", "99999999999"],
        &["bestmove", "W:Wa2:Bh7", "--depth", "19"],
        &["bestmove", "W:Wa2:Bh7", "--depth", "0"],
        // The arena's settings are held to the same limits as bestmove's.
        &["arena", "depth=4294967295", "easy"],
        &["arena", "easy", "nodes=18446744073709551615"],
        &["arena", "movetime=99999999999", "easy"],
        &["arena", "depth=19", "easy"],
        &["analyze", "game.pdn", "-o", "x.png", "--depth", "0"],
    ] {
        let out = dama(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains("allows") || err.contains("choose 1 to"),
            "{err}"
        );
    }
    // At the limit, a search still runs (a tiny position ends at once).
    let deepest = dama_play::ai::MAX_DEPTH.to_string();
    assert!(
        dama(&["bestmove", "W:Wa2:Bh7", "--depth", &deepest])
            .status
            .success()
    );
}

#[test]
fn thread_counts_are_held_to_the_cores_and_zero_is_refused() {
    let dir = std::env::temp_dir().join(format!("dama-cli-threads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let out = dama(&[
        "tables",
        "build",
        "--pieces",
        "2",
        "--threads",
        "10000",
        "-o",
        d,
    ]);
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(
        err.contains(&format!("--threads 10000: this machine has {cores} cores")),
        "{err}"
    );
    for args in [
        &[
            "tables",
            "build",
            "--pieces",
            "2",
            "--threads",
            "0",
            "-o",
            d,
        ][..],
        &[
            "puzzles",
            "generate",
            "--count",
            "1",
            "--threads",
            "0",
            "-o",
            d,
        ],
        &["arena", "easy", "easy", "--threads", "0"],
    ] {
        let out = dama(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("--threads must be at least 1"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn outputs_are_checked_before_the_work_and_a_count_of_nothing_is_refused() {
    let dir = std::env::temp_dir().join(format!("dama-cli-outputs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let kept = dir.join("puzzles.txt");
    std::fs::write(&kept, "a puzzle worth keeping\n").unwrap();
    let out = dama(&[
        "puzzles",
        "generate",
        "--count",
        "0",
        "-o",
        kept.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("--count must be at least 1")
    );
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "a puzzle worth keeping\n"
    );
    // An output that cannot be written is refused before a single game is played.
    let out = dama(&[
        "tune",
        "games",
        "--games",
        "100",
        "--depth",
        "1",
        "-o",
        "/nonexistent/dir/x",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "no game was played first: {err}");
    assert!(err.contains("cannot write /nonexistent/dir/x"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_environment_value_is_checked_at_start_in_one_line() {
    let dir = std::env::temp_dir().join(format!("dama-cli-env-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("dama.db").display());
    for (name, value) in [
        ("DAMA_SWEEP_SECONDS", "18446744073709551615"),
        ("DAMA_SWEEP_SECONDS", "0"),
        ("DAMA_AI_CLAIM_SECONDS", "a minute"),
        ("DISCORD_API_BASE", "not-a-url"),
        ("DISCORD_API_BASE", "http://"),
        ("DISCORD_API_BASE", "ftp://127.0.0.1"),
        ("DAMA_MESSAGE_CONTENT", "maybe"),
        ("DAMA_MEMBER_EVENTS", "sometimes"),
        ("DAMA_GUILD_ID", "my server"),
        ("DAMA_SHARDS", "0-3"),
        ("DAMA_WEB_ADDR", "localhost"),
        ("DAMA_WEB_ADDR", "127.0.0.1:99999"),
        ("DAMA_PUBLIC_URL", "dama.example.org"),
        ("DAMA_PUBLIC_URL", "https://"),
        ("DAMA_PUBLIC_URL", "https://dama.example.org/\"><script>"),
        ("DAMA_LOG_FORMAT", "xml"),
        ("RUST_LOG", "dama=[loud"),
        ("DAMA_SHARD_COUNT", "4294967295"),
        ("DAMA_OPS_ADDR", "nowhere"),
        ("DAMA_OPS_ADDR", "127.0.0.1:9100"),
        ("DAMA_TRUSTED_PROXIES", "my proxy"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_dama"))
            .arg("run")
            .env("DATABASE_URL", &db)
            .env("DISCORD_TOKEN", "t")
            .env("DISCORD_API_BASE", "http://127.0.0.1:9")
            .env("DAMA_TABLES", "off")
            .env(name, value)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}={value}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{name}={value}: {err}");
        assert!(err.contains(name), "{name}={value}: {err}");
    }
    assert!(!dir.join("dama.db").exists(), "nothing was opened");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_postgres_server_that_does_not_answer_is_named_in_one_line_without_its_password() {
    let out = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("console")
        .env("DATABASE_URL", "postgres://dama:secret@127.0.0.1:9/dama")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("could not reach the PostgreSQL database"),
        "{err}"
    );
    assert!(
        err.contains("postgres://dama:***@127.0.0.1:9/dama"),
        "{err}"
    );
    assert!(!err.contains("secret"), "{err}");
}

#[test]
fn database_urls_that_cannot_keep_games_are_refused_at_start_in_one_line() {
    for url in [
        "",
        "sqlite:",
        "sqlite://",
        "sqlite::memory:",
        "mysql://root@127.0.0.1/test",
    ] {
        for command in [&["console"][..], &["run"]] {
            let out = Command::new(env!("CARGO_BIN_EXE_dama"))
                .args(command)
                .env("DATABASE_URL", url)
                .env("DISCORD_TOKEN", "t")
                .env("DISCORD_API_BASE", "http://127.0.0.1:9")
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{command:?} {url:?}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert_eq!(err.lines().count(), 1, "{url:?}: {err}");
            assert!(err.contains("DATABASE_URL"), "{err}");
            assert!(
                !err.contains('\x1b'),
                "no colour codes into a pipe: {err:?}"
            );
        }
    }
}

/// SQLite serves one process: of processes starting together on a fresh file, each either
/// holds it (and migrates it whole) or is refused in one line naming the file; the file is
/// never left half made, and a process started once they are gone finds it whole.
#[test]
fn processes_starting_together_on_a_fresh_sqlite_file_take_turns_or_are_refused() {
    for round in 0..3 {
        let dir =
            std::env::temp_dir().join(format!("dama-cli-race-{}-{round}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("dama.db").display());
        let children: Vec<_> = (0..8)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_dama"))
                    .args(["console", "--pictures"])
                    .arg(dir.join("pictures"))
                    .env("DATABASE_URL", &url)
                    .stdin(std::process::Stdio::null())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let mut started = 0;
        for child in children {
            let out = child.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                started += 1;
                continue;
            }
            assert_eq!(out.status.code(), Some(2), "round {round}: {err}");
            assert_eq!(err.lines().count(), 1, "round {round}: {err}");
            assert!(
                err.contains("in use by another process") && err.contains("dama.db"),
                "round {round}: {err}"
            );
        }
        assert!(started >= 1, "round {round}: none started");
        let after = Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(["console", "--pictures"])
            .arg(dir.join("pictures"))
            .env("DATABASE_URL", &url)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert!(
            after.status.success(),
            "round {round}: {}",
            String::from_utf8_lossy(&after.stderr)
        );
    }
}

#[test]
fn bestmove_reads_the_moves_played_so_far_and_avoids_what_they_would_repeat() {
    let fen = "W:WKa3,Kf3,b6:BKg7";
    let fresh = stdout(&dama(&["bestmove", fen, "--depth", "8"]));
    assert!(fresh.starts_with("a3-a8\n"), "{fresh}");
    assert!(fresh.contains("White wins in 4"), "{fresh}");
    // After a3-a8 g7-g1 a8-a3 g1-g7 the position is back: a3-a8 again would repeat it.
    let out = dama(&[
        "bestmove", fen, "--depth", "8", "--moves", "a3-a8", "g7-g1", "a8-a3", "g1-g7",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(!text.starts_with("a3-a8\n"), "{text}");
    assert!(text.contains("White wins in"), "still a win: {text}");
    // A history that cannot be played is refused in one line.
    let out = dama(&["bestmove", fen, "--moves", "a3-a8", "a8-a1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("move 2"), "{err}");
}

#[test]
fn tables_build_reports_each_table_and_bestmove_then_says_the_exact_result() {
    let dir = std::env::temp_dir().join(format!("dama-cli-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().expect("a utf-8 temp path");
    let out = dama(&["tables", "build", "--pieces", "2", "-o", dir_text]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("1k-1k"), "{text}");
    assert!(
        text.lines().last().unwrap_or("").starts_with("4 tables"),
        "{text}"
    );
    let with_tables = |fen: &str| {
        Command::new(env!("CARGO_BIN_EXE_dama"))
            .args(["bestmove", fen, "--level", "easy"])
            .env("DAMA_TABLES", &dir)
            .output()
            .expect("runs")
    };
    // A king against a man it cannot reach: a draw, whatever the search would guess.
    let drawn = stdout(&with_tables("W:WKa1:Bd5"));
    assert!(drawn.contains("(draw with best play)"), "{drawn}");
    let won = stdout(&with_tables("W:WKa1:Ba5"));
    assert!(won.contains("(White wins in 1)"), "{won}");
    // Without the tables the same command guesses.
    let guessed = stdout(&dama(&["bestmove", "W:WKa1:Bd5", "--level", "easy"]));
    assert!(!guessed.contains("draw with best play"), "{guessed}");
    // A damaged table is named, and the command goes on without the tables.
    std::fs::write(dir.join("0101.dtw"), b"not a table").expect("write");
    let out = with_tables("W:WKa1:Bd5");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("0101.dtw") && err.contains("build the tables again"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_of_more_pieces_than_the_machine_holds_are_refused_in_one_line() {
    let out = dama(&["tables", "build", "--pieces", "5", "-o", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("2 to 4 pieces"), "{err}");
    assert!(!std::path::Path::new("nowhere").exists());
}

#[test]
fn tune_plays_games_fits_weights_and_the_arena_plays_them_against_a_file() {
    let dir = std::env::temp_dir().join(format!("dama-cli-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let (positions, weights) = (dir.join("positions.txt"), dir.join("weights.txt"));
    let p = positions.to_str().expect("utf-8 path");
    let w = weights.to_str().expect("utf-8 path");
    let out = dama(&["tune", "games", "--games", "4", "--depth", "2", "-o", p]);
    assert!(out.status.success(), "{out:?}");
    assert!(stdout(&out).starts_with("4 games, "), "{}", stdout(&out));
    let out = dama(&["tune", "fit", p, "--epochs", "30", "-o", w]);
    assert!(out.status.success(), "{out:?}");
    let report = stdout(&out);
    assert!(report.contains("mean squared error: fitted"), "{report}");
    assert!(
        report.contains(&format!("weights written to {w}")),
        "{report}"
    );
    let fitted: dama_play::ai::Weights = std::fs::read_to_string(&weights)
        .expect("the weights are written")
        .parse()
        .expect("the written weights read");
    assert_eq!(fitted.opening[0], 100, "a man stays a hundred");

    // The arena plays the file against the built-in weights and names it.
    let out = dama(&[
        "arena",
        "depth=1",
        "depth=1",
        "--games",
        "2",
        "--first-weights",
        w,
    ]);
    assert!(out.status.success(), "{out:?}");
    let line = stdout(&out);
    assert!(
        line.starts_with(&format!("depth=1 ({w}) vs depth=1: ")) && line.contains("of 2 games"),
        "{line}"
    );

    // A damaged weights file is refused in one line naming the line.
    std::fs::write(&weights, "man 100 100\nkings 3 3\n").expect("write");
    let out = dama(&["arena", "depth=1", "depth=1", "--second-weights", w]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 2") && err.contains("\"kings\""), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn start_names_the_start_position_wherever_a_position_is_taken() {
    let start = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
    assert_eq!(
        stdout(&dama(&["moves", "start"])),
        stdout(&dama(&["moves", start]))
    );
    assert_eq!(stdout(&dama(&["perft", "3", "START"])), "708\n");
    let out = dama(&["bestmove", "start", "--depth", "2"]);
    assert!(out.status.success(), "{out:?}");
}

/// The book's configuration table and `dama run --help` name the same variables.
#[test]
fn the_configuration_page_and_the_help_name_the_same_variables() {
    let run = stdout(&dama(&["run", "--help"]));
    let helped: std::collections::BTreeSet<String> = run
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| w.len() > 3 && w.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'))
        .map(str::to_string)
        .collect();
    let page = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/running/configuration.md"),
    )
    .unwrap();
    let documented: std::collections::BTreeSet<String> = page
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .flat_map(|l| l.split(" |").next().unwrap_or("").split(", "))
        .map(|name| name.trim_matches('`').to_string())
        .collect();
    assert!(helped.len() >= 16, "{helped:?}");
    assert_eq!(
        helped, documented,
        "dama run --help against the configuration page"
    );
}

#[test]
fn the_help_names_every_variable_every_option_and_the_languages() {
    let run = stdout(&dama(&["run", "--help"]));
    for var in [
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "DISCORD_API_BASE",
        "DAMA_GUILD_ID",
        "DAMA_MESSAGE_CONTENT",
        "DAMA_MEMBER_EVENTS",
        "DAMA_SHARDS",
        "DAMA_SHARD_COUNT",
        "DAMA_SWEEP_SECONDS",
        "DAMA_AI_CLAIM_SECONDS",
        "DAMA_TABLES",
        "DAMA_WEB_ADDR",
        "DAMA_OPS_ADDR",
        "DAMA_TRUSTED_PROXIES",
        "DAMA_PUBLIC_URL",
        "DAMA_LOG_FORMAT",
        "RUST_LOG",
    ] {
        let line = run
            .lines()
            .find(|l| l.trim_start().starts_with(var))
            .unwrap_or_else(|| panic!("{var} is not in dama run --help:\n{run}"));
        assert!(line.contains("default") || var == "DISCORD_TOKEN", "{line}");
    }
    for command in [
        &["tables", "build", "--help"][..],
        &["puzzles", "generate", "--help"],
        &["tune", "games", "--help"],
        &["tune", "fit", "--help"],
        &["analyze", "--help"],
        &["render", "--help"],
    ] {
        let help = stdout(&dama(command));
        // Every option line carries words after its name.
        for line in help.lines().filter(|l| l.trim_start().starts_with('-')) {
            let words = line.trim().split_once("  ").map_or("", |x| x.1).trim();
            assert!(!words.is_empty(), "{command:?}: {line:?} has no help text");
        }
        if help.contains("--lang") {
            assert!(help.contains("tr, en or en-US"), "{command:?}: {help}");
        }
    }
}

#[test]
fn analyze_speaks_the_language_it_is_given_also_while_it_works() {
    let dir = std::env::temp_dir().join(format!("dama-cli-analyze-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("game.pdn");
    std::fs::write(&game, "1. e3-e4 f6-f5 2. d3-d4 *\n").unwrap();
    let chart = dir.join("chart.png");
    for lang in ["tr", "en-US"] {
        let out = dama(&[
            "analyze",
            game.to_str().unwrap(),
            "-o",
            chart.to_str().unwrap(),
            "--depth",
            "1",
            "--lang",
            lang,
        ]);
        assert!(out.status.success(), "{out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        let progress = if lang == "tr" {
            "Oyun analiz ediliyor"
        } else {
            "Analysing the game"
        };
        assert!(err.contains(progress), "{lang}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FIFO named like a table, `/dev/zero` given as a game or weights, a 5 MB word in a PDN:
/// each is refused in a short line at once, and nothing hangs or fills the memory.
#[test]
fn files_that_are_not_regular_or_too_big_are_refused_in_a_short_line() {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let dir = std::env::temp_dir().join(format!("dama-cli-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("tables")).unwrap();
    let fifo = dir.join("tables").join("0101.dtw");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // The console starts, says the table is not one, and quits when told to.
    let mut console = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("console")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("dama.db").display()),
        )
        .env("DAMA_TABLES", dir.join("tables"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    console.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let started = Instant::now();
    while console.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = console.kill();
            panic!("the console hangs on a FIFO named like a table");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = console.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");

    let chart = dir.join("chart.png");
    let analyze = |pdn: &std::path::Path| {
        dama(&[
            "analyze",
            pdn.to_str().unwrap(),
            "-o",
            chart.to_str().unwrap(),
            "--depth",
            "1",
        ])
    };
    let out = analyze(std::path::Path::new("/dev/zero"));
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not a regular file") && err.lines().count() == 1,
        "{err}"
    );

    let huge = dir.join("huge.pdn");
    std::fs::write(&huge, "1. e3-e4 ".to_string() + &"z".repeat(5 << 20)).unwrap();
    let out = analyze(&huge);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 300 && err.contains("too big"), "{err}");
    let word = dir.join("word.pdn");
    std::fs::write(&word, "1. e3-e4 ".to_string() + &"z".repeat(2 << 20)).unwrap();
    let err = String::from_utf8_lossy(&analyze(&word).stderr).into_owned();
    assert!(
        err.len() < 300,
        "a short line, not the whole word: {} bytes",
        err.len()
    );
    assert!(
        err.contains("\"zzz"),
        "the start of the bad word is quoted: {err}"
    );

    for weights in ["/dev/zero", fifo.to_str().unwrap()] {
        let out = dama(&[
            "arena",
            "depth=1",
            "depth=1",
            "--games",
            "2",
            "--first-weights",
            weights,
        ]);
        assert_eq!(out.status.code(), Some(2), "{weights}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{weights}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_logs_are_one_object_a_line() {
    let dir = std::env::temp_dir().join(format!("dama-cli-json-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_dama"))
        .arg("run")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("dama.db").display()),
        )
        .env("DISCORD_TOKEN", "t")
        .env("DISCORD_API_BASE", "http://127.0.0.1:9")
        .env("DAMA_TABLES", "off")
        .env("DAMA_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 2, "{err}");
    for line in &lines {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(
            v["level"].is_string() && v["fields"]["message"].is_string(),
            "{line}"
        );
    }
    assert!(err.contains("database open"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dama swiss pair`: a golden tournament cut before its last round, written as a report file,
/// paired as the Dutch engine that made it paired that round: the count, then `white black`
/// board by board, the bye last as `N 0`.
#[test]
fn swiss_pair_prints_the_next_round_as_pairing_engines_do() {
    use crate::tournament::dutch::{before_round, golden};
    let file = golden()
        .into_iter()
        .find(|f| f.to_string_lossy().contains("000002-5p-3r"))
        .unwrap();
    let full = dama_play::tournament::Trf::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
    let (cut, boards) = before_round(&full, 3);
    let dir = std::env::temp_dir().join(format!("dama-cli-swiss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cut.trf");
    std::fs::write(&path, cut.to_string()).unwrap();
    let out = dama(&["swiss", "pair", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "3", "{text}");
    let printed: std::collections::BTreeSet<(u32, u32)> = lines[1..]
        .iter()
        .map(|l| {
            let (w, b) = l.split_once(' ').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert_eq!(printed, boards);
    assert!(lines[3].ends_with(" 0"), "the bye last: {text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn swiss_pair_refuses_a_bad_file_in_one_line_naming_where() {
    let dir = std::env::temp_dir().join(format!("dama-cli-swiss-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.trf");
    std::fs::write(
        &path,
        "001    1      One                               1800                             1.0    1     2 x 1\n",
    )
    .unwrap();
    let out = dama(&["swiss", "pair", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.trf: line 1, column 97: `x` is not a colour"),
        "{err}"
    );
    let out = dama(&["swiss", "pair", "/no/such/file.trf"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A valid 9,999-player file once aborted `dama swiss pair` after 39 s ("memory allocation …
/// failed", a 51-line backtrace): the tables grow with the square of the field. It is refused
/// at once, in one line.
#[test]
fn swiss_pair_refuses_a_field_too_large_in_one_line() {
    let dir = std::env::temp_dir().join(format!("dama-cli-swiss-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.trf");
    let n = 9_999u32;
    let half = n / 2;
    let mut text = String::from("012 Big open\n");
    for p in 1..=n {
        let (opponent, color, result, points) = match p {
            p if p <= half => (p + half, 'w', '1', "1.0"),
            p if p <= 2 * half => (p - half, 'b', '0', "0.0"),
            _ => (0, '-', 'U', "1.0"),
        };
        text.push_str(&format!(
            "001 {p:>4}      {:<33} {:>4}                            {points:>4} {p:>4}  {opponent:04} {color} {result}\n",
            format!("Player {p}"),
            2600 - p / 10,
        ));
    }
    text.push_str("XXR 9\nXXC white1\n");
    std::fs::write(&path, text).unwrap();
    let started = std::time::Instant::now();
    let out = dama(&["swiss", "pair", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("9999 players") && err.contains("at most 2000"),
        "{err}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `dama swiss standings`: FIDE's tie-breaks on a golden file, worked by hand. Player 5 had the
/// pairing bye (counted as an opponent with 5's own 2 points, not cut: it was not chosen), lost
/// to 1 and beat 3: Buchholz 2 + 3 + 1 less the weakest (1) = 5, Sonneborn–Berger 2 + 1 = 3.
/// Players 3 and 4 are level on everything and never met: they share 4th place.
#[test]
fn swiss_standings_prints_fide_tie_breaks_a_line_a_player() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/swiss/golden/swiss-000002-5p-3r.trf");
    let out = dama(&["swiss", "standings", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0][..5],
        [
            "place",
            "number",
            "points",
            "buchholz-cut-1",
            "sonneborn-berger"
        ]
    );
    assert_eq!(rows[1][..5], ["1", "1", "3.0", "3.0", "4.00"]);
    assert_eq!(rows[2][..5], ["2", "5", "2.0", "5.0", "3.00"]);
    assert_eq!(rows[4][..2], ["4", "3"]);
    assert_eq!(rows[5][..2], ["4", "4"]);
}

/// `dama swiss standings` once printed "?lvarez, Jos? Mar?a": a name is read by characters and
/// printed as written.
#[test]
fn swiss_standings_prints_names_as_written() {
    let dir = std::env::temp_dir().join(format!("dama-cli-swiss-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("names.trf");
    let line = |n: u32, name: &str, result: char| {
        let opponent = 3 - n;
        let color = if n == 1 { 'w' } else { 'b' };
        format!(
            "001 {n:>4}      {name:<33} {:>4}                            {:>4} {n:>4}  {opponent:>4} {color} {result}",
            1800 - n,
            if result == '1' { "1.0" } else { "0.0" }
        )
    };
    let text = format!(
        "{}\n{}\nXXR 3\n",
        line(1, "Álvarez, José María", '1'),
        line(2, "Gülşen, Işıl", '0')
    );
    std::fs::write(&path, text).unwrap();
    let out = dama(&["swiss", "standings", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("Álvarez, José María"), "{text}");
    assert!(text.contains("Gülşen, Işıl"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}
