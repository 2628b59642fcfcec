//! The `dama` command line (`docs/running/command-line.md`). Bad input: a one-line reason on stderr, exit status 2.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use std::sync::Arc;

use dama_core::words::Words;

mod bot;
mod console;
mod env;
mod study;
mod swiss;
mod tune;
use bot::run_bot;
use console::run_console;
pub use study::tables_dir;
use study::{analyze, build_tables, load_tables};
use tune::{TuneCommand, read_weights};

use dama_play::ai::arena::{self, ArenaOptions, Setting};
use dama_play::ai::{AiPlayer, Eval, Level, Limits};
use dama_play::render::{LastMove, Renderer, Scene};
use dama_rules::{Game, PerftTable, Position, fen, perft, perft_divide};

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "dama",
    version,
    about = "Turkish draughts (Dama): a Discord bot and its tools",
    long_about = None
)]
pub struct Cli {
    /// What to do (`None`: run the bot).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A subcommand of `dama`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the Discord bot.
    #[command(after_help = RUN_ENVIRONMENT)]
    Run,
    /// Play in the terminal: the same host and database as the bot, boards as text, pictures
    /// written to a folder.
    Console {
        /// Your name at the table (switch with `as <name>`).
        #[arg(long, default_value = "player")]
        user: String,
        /// Where board pictures, PDN files and replays are written.
        #[arg(long, default_value = "dama-pictures")]
        pictures: std::path::PathBuf,
        /// The language: tr, en or en-US (default: from LANG).
        #[arg(long)]
        lang: Option<String>,
    },
    /// List the legal moves of a position: one line per move, `<move>\t<position after>`.
    Moves {
        /// The position, as in W:Wa3,Kd4:Bc6, or start.
        fen: String,
    },
    /// Count the distinct move sequences of a given length (the count is on the last line).
    Perft {
        /// How many plies deep.
        #[arg(allow_negative_numbers = true)]
        depth: u32,
        /// The position, as in W:Wa3,Kd4:Bc6, or start (the default).
        fen: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Run the AI on a position: the move on the first line; score, depth, nodes, time and
    /// the expected line on the second.
    Bestmove {
        /// The position, as in W:Wa3,Kd4:Bc6, or start.
        fen: String,
        /// The moves played from that position up to now: the search starts after the last
        /// one and counts repetitions and the 100-ply rule over them all.
        #[arg(long, num_args = 1.., value_name = "MOVE")]
        moves: Vec<String>,
        /// Play as this level: easy, medium, hard or master (the default).
        #[arg(long, group = "limit")]
        level: Option<Level>,
        /// Search this many nodes.
        #[arg(long, group = "limit")]
        nodes: Option<u64>,
        /// Search this many plies deep.
        #[arg(long, group = "limit")]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long, group = "limit")]
        movetime: Option<u64>,
    },
    /// Draw a board as a PNG.
    Render {
        /// The position, as in W:Wa3,Kd4:Bc6, or start.
        fen: String,
        /// A move legal in that position: the picture shows the position after it, with the
        /// move highlighted.
        #[arg(long)]
        last: Option<String>,
        /// Put Black's side at the bottom.
        #[arg(long)]
        black_bottom: bool,
        /// Where to write the PNG.
        #[arg(short = 'o', long = "output")]
        output: std::path::PathBuf,
        /// The caption's language: tr, en or en-US (default: en).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Play two AI settings against each other and print the score and the Elo difference.
    Arena {
        /// The first setting: easy, medium, hard, master, depth=N, nodes=N or movetime=MS.
        first: Setting,
        /// The second setting, the same way.
        second: Setting,
        /// How many games (pairs of games share an opening, colours swapped).
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Random plies played from the start position to vary the openings.
        #[arg(long, default_value_t = 4)]
        random_plies: usize,
        /// Seed of the openings and of the levels' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// A game still running after this many plies counts as a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// The first setting evaluates with these weights (default: the built-in ones).
        #[arg(long, value_name = "FILE")]
        first_weights: Option<std::path::PathBuf>,
        /// The second setting evaluates with these weights (default: the built-in ones).
        #[arg(long, value_name = "FILE")]
        second_weights: Option<std::path::PathBuf>,
    },
    /// Tune the evaluation's weights from self-play games (Texel's method).
    Tune {
        /// What to do.
        #[command(subcommand)]
        action: TuneCommand,
    },
    /// Find and prove puzzles.
    Puzzles {
        /// What to do.
        #[command(subcommand)]
        action: PuzzlesCommand,
    },
    /// Analyse a finished game: the report (accuracy, the inaccuracies, mistakes and blunders
    /// with the better moves) and the annotated PDN on stdout, the evaluation chart with the
    /// turning points as a PNG.
    Analyze {
        /// The game, as a PDN file.
        pdn: std::path::PathBuf,
        /// Where to write the chart.
        #[arg(short = 'o', long = "output")]
        output: std::path::PathBuf,
        /// How deep the AI looks at each position.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// The language of the report, the chart and the progress: tr, en or en-US (default: en).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Endgame tables: every position with few pieces, solved.
    Tables {
        /// What to do.
        #[command(subcommand)]
        action: TablesCommand,
    },
    /// Swiss pairings by the Dutch system (FIDE C.04.3), from FIDE's report files (TRF).
    Swiss {
        /// What to do.
        #[command(subcommand)]
        action: SwissCommand,
    },
}

/// `dama swiss …`.
#[derive(Subcommand, Debug)]
pub enum SwissCommand {
    /// Pair the next round of the tournament in FILE (TRF-16, with XXR for the number of
    /// rounds and XXC white1 or black1 for the top player's colour in round 1): the number of
    /// boards, then one line a board, `white black` by pairing number, board 1 first, the bye
    /// as `N 0`.
    Pair {
        /// The tournament report file.
        file: std::path::PathBuf,
    },
    /// The standings of the tournament in FILE by FIDE's tie-breaks (C.07, 2023): points,
    /// Buchholz cut 1, Sonneborn-Berger, then the games between the tied where all of them
    /// met; a header, then a line a player.
    Standings {
        /// The tournament report file.
        file: std::path::PathBuf,
    },
}

/// `dama run --help`: every variable the bot reads, with its default.
const RUN_ENVIRONMENT: &str = "\
Environment (or a .env file):
  DISCORD_TOKEN          the bot's token (required; never logged)
  DATABASE_URL           sqlite://FILE or postgres://USER@HOST/DATABASE [default: sqlite://dama.db]
  DISCORD_API_BASE       a Discord-compatible http(s) endpoint, such as a proxy [default: Discord]
  DAMA_GUILD_ID          register the commands in this server only (instant) [default: everywhere]
  DAMA_MESSAGE_CONTENT   ask for the Message Content intent: true or false [default: true]
  DAMA_MEMBER_EVENTS     ask for the Server Members intent, to take a player who leaves a server out of its pools: true or false [default: false]
  DAMA_SHARDS            the shards this process runs, such as 0-3 [default: all]
  DAMA_SHARD_COUNT       the shards in all [default: 1]
  DAMA_SWEEP_SECONDS     seconds between sweeps, 1 to 3600 [default: 60]
  DAMA_AI_CLAIM_SECONDS  seconds an AI turn stays claimed, 1 to 3600 [default: 60]
  DAMA_TABLES            the endgame tables' folder, or off [default: dama-tables]
  DAMA_WEB_ADDR          serve the web pages on this address, such as 127.0.0.1:8080 [default: none]
  DAMA_OPS_ADDR          serve /healthz and /metrics on this address of their own [default: on DAMA_WEB_ADDR, to this machine only]
  DAMA_TRUSTED_PROXIES   the reverse proxies whose X-Forwarded-For names the reader, such as 127.0.0.1 [default: none]
  DAMA_PUBLIC_URL        the address people reach the web at; boards link to their game's page [default: none]
  DAMA_ACTIVITY          Play on the board opens the board inside Discord (the Activity, served at /activity): on or off [default: off]
  DISCORD_CLIENT_ID      the application's id, for the Activity's sign-in [default: none]
  DISCORD_CLIENT_SECRET  the application's OAuth2 secret, for the Activity's sign-in (never logged) [default: none]
  DAMA_LOG_FORMAT        text, or json for one JSON object a line [default: text]
  RUST_LOG               the log filter [default: info]";

/// `dama tables …`.
#[derive(Subcommand, Debug)]
pub enum TablesCommand {
    /// Solve every position with at most N pieces (both colours, men and kings) and write one
    /// file per material balance to DIR; tables already in DIR are kept. Point DAMA_TABLES at
    /// DIR to use them.
    Build {
        /// The most pieces on the board (2 to 4).
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        /// Threads (default: one per core; at most the cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The folder the table files are written to (made if missing).
        #[arg(short = 'o', long = "output")]
        output: std::path::PathBuf,
    },
}

/// `dama puzzles …`.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Play self-play games, prove every forced win and decisive gain found in them and write
    /// the puzzles, one per line, to FILE: the days' puzzles first, then those for practice.
    Generate {
        /// How many puzzles for the days (full boards); those met on the way stay for practice.
        #[arg(long, default_value_t = 365)]
        count: usize,
        /// Seed of the games (the same seed and count, the same puzzles).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: one per core; at most the cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The file the puzzles are written to, one a line, as each is found (then again in
        /// the shipping order).
        #[arg(short = 'o', long = "output")]
        output: std::path::PathBuf,
    },
}

/// Deeper than this, perft would run for days (depth 9 takes about half a second, and each
/// ply multiplies the work by about eight).
const MAX_PERFT_DEPTH: u32 = 15;
/// The largest weights or PDN file read (a long game's record is a few KB).
const MAX_TEXT_FILE: u64 = 4 << 20;
/// The largest positions file a fit reads (millions of positions).
const MAX_POSITIONS_FILE: u64 = 1 << 30;
/// The machine's cores: the most threads that help, and the count a command uses when it
/// was not told.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// The threads a command runs: one per core unless told; 0 is refused, and more than the
/// cores (which would only share them, each thread with its own tables) are cut to the cores,
/// with a line saying so.
fn threads(asked: Option<usize>) -> Result<usize, String> {
    let cores = cores();
    match asked {
        None => Ok(cores),
        Some(0) => Err("--threads must be at least 1".into()),
        Some(n) if n > cores => {
            eprintln!(
                "dama: --threads {n}: this machine has {cores} cores, and more threads only share them: using {cores}"
            );
            Ok(cores)
        }
        Some(n) => Ok(n),
    }
}

/// Refuses a limit beyond what is useful, in one line.
fn at_most(what: &str, value: u64, max: u64) -> Result<(), String> {
    if value > max {
        return Err(format!(
            "{what} {value} is more than this tool allows ({max}); choose {max} or less"
        ));
    }
    Ok(())
}

/// Runs the command line and returns the process exit status.
pub fn main() -> ExitCode {
    // A missing .env file is the normal case.
    let _ = dotenvy::dotenv();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: what was asked, on stdout.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("dama: {}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    // The bot logs its life at info; the other commands only speak up when something is wrong.
    let quiet = !matches!(cli.command, None | Some(Command::Run));
    let filter = match std::env::var("RUST_LOG") {
        Ok(v) if !v.trim().is_empty() => match tracing_subscriber::EnvFilter::try_new(&v) {
            Ok(f) => f,
            Err(e) => {
                eprintln!(
                    "dama: RUST_LOG=\"{v}\" is not a log filter ({e}): write one such as info, warn or dama=debug"
                );
                return ExitCode::from(2);
            }
        },
        _ => tracing_subscriber::EnvFilter::new(if quiet { "warn" } else { "info" }),
    };
    let json = match std::env::var("DAMA_LOG_FORMAT") {
        Ok(v) if !v.trim().is_empty() => match v.trim().to_ascii_lowercase().as_str() {
            "json" => true,
            "text" => false,
            _ => {
                eprintln!("dama: DAMA_LOG_FORMAT must be text or json, not \"{v}\"");
                return ExitCode::from(2);
            }
        },
        _ => false,
    };
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr);
    if json {
        // One JSON object a line, for log collectors.
        logs.json().init();
    } else {
        // Colour codes only for a person at a terminal, never into a log file or a pipe.
        logs.with_ansi(io::IsTerminal::is_terminal(&io::stderr()))
            .init();
    }
    let mut out = io::BufWriter::new(io::stdout());
    let result = match cli.command.unwrap_or(Command::Run) {
        Command::Run => run_bot(),
        Command::Console {
            user,
            pictures,
            lang,
        } => run_console(user, pictures, lang),
        Command::Moves { fen } => read_position(&fen).map(|pos| print_moves(&pos, &mut out)),
        Command::Perft { depth, fen, divide } => {
            let pos = match fen {
                Some(f) => read_position(&f),
                None => Ok(Position::start()),
            };
            at_most("perft depth", depth.into(), MAX_PERFT_DEPTH.into())
                .and(pos)
                .map(|pos| print_perft(&pos, depth, divide, &mut out))
        }
        Command::Bestmove {
            fen,
            moves,
            level,
            nodes,
            depth,
            movetime,
        } => read_position(&fen).and_then(|pos| {
            let limits = match (nodes, depth, movetime) {
                (Some(n), _, _) => Some(Limits::checked_nodes(n)),
                (_, Some(d), _) => Some(Limits::checked_depth(d.into())),
                (_, _, Some(ms)) => Some(Limits::checked_movetime(ms)),
                _ => None,
            };
            let mut player = match limits.transpose().map_err(|e| e.to_string())? {
                Some(limits) => AiPlayer::limits(limits),
                None => AiPlayer::level(level.unwrap_or(Level::Master)),
            }
            .with_tables(load_tables());
            let mut game = Game::new(pos);
            for (i, text) in moves.iter().enumerate() {
                game.play_text(text).map_err(|e| {
                    format!("--moves: move {} ({text}) cannot be played: {e}", i + 1)
                })?;
            }
            print_bestmove(&game, &mut player, &mut out)
        }),
        Command::Render {
            fen,
            last,
            black_bottom,
            output,
            lang,
        } => read_position(&fen)
            .and_then(|pos| render(pos, last.as_deref(), black_bottom, lang.as_deref(), &output)),
        Command::Arena {
            first,
            second,
            games,
            random_plies,
            seed,
            threads,
            max_plies,
            first_weights,
            second_weights,
        } => (|| {
            let options = ArenaOptions {
                games,
                random_plies,
                seed,
                threads: self::threads(threads)?,
                max_plies,
            };
            let a = read_weights(first_weights.as_deref())?;
            let b = read_weights(second_weights.as_deref())?;
            let name = |setting: Setting, file: &Option<std::path::PathBuf>| match file {
                Some(f) => format!("{setting} ({})", f.display()),
                None => setting.to_string(),
            };
            let (a_name, b_name) = (name(first, &first_weights), name(second, &second_weights));
            let score = arena::run(first, second, [&a, &b], options, |s| {
                eprintln!("{a_name} vs {b_name}: {s}");
            });
            Ok(writeln!(out, "{a_name} vs {b_name}: {score}"))
        })(),
        Command::Tune { action } => tune::run(action, &mut out),
        Command::Puzzles {
            action:
                PuzzlesCommand::Generate {
                    count,
                    seed,
                    threads,
                    output,
                },
        } => generate_puzzles(count, seed, threads, &output, &mut out),
        Command::Analyze {
            pdn,
            output,
            depth,
            lang,
        } => analyze(&pdn, &output, depth, lang.as_deref(), &mut out),
        Command::Tables {
            action:
                TablesCommand::Build {
                    pieces,
                    threads,
                    output,
                },
        } => build_tables(pieces, threads, &output, &mut out),
        Command::Swiss {
            action: SwissCommand::Pair { file },
        } => swiss::pair(&file, &mut out),
        Command::Swiss {
            action: SwissCommand::Standings { file },
        } => swiss::standings(&file, &mut out),
    };
    let result = result.map(|written| written.and_then(|()| out.flush()));
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        // A closed pipe (`dama moves … | head`) is not an error worth a message.
        Ok(Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("dama: could not write the output: {e}");
            ExitCode::FAILURE
        }
        Err(message) => {
            eprintln!("dama: {message}");
            ExitCode::from(2)
        }
    }
}

/// The argument parser's error in one line: the error itself, then its tips in brackets;
/// the usage block and the pointer to --help go (the line says where to look instead), and so
/// does a tip to write `-- -1`, which reads a negative number as a value it still refuses.
fn one_line(rendered: &str) -> String {
    let mut error = String::new();
    let mut tips = Vec::new();
    for line in rendered.lines().map(str::trim) {
        if line.starts_with("Usage:") {
            break;
        }
        if let Some(e) = line.strip_prefix("error:") {
            error = e.trim().to_string();
        } else if let Some(tip) = line.strip_prefix("tip:") {
            if !tip.contains("'-- ") {
                tips.push(tip.trim().to_string());
            }
        } else if error.ends_with(':') || error.ends_with(',') {
            // The items of "the following required arguments were not provided:".
            error = format!("{error} {line}");
            if !line.is_empty() {
                error.push(',');
            }
        } else if !line.is_empty() && !line.starts_with("For more information") {
            tips.push(line.to_string());
        }
    }
    let mut error = error.trim_end_matches([',', ' ']).to_string();
    if !tips.is_empty() {
        error = format!("{error} ({})", tips.join("; "));
    }
    format!("{error}; see dama --help")
}

/// The database URL from the environment (or `.env`), by default the file `dama.db`.
pub fn database_url() -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://dama.db".to_string())
}

/// The host over the database of `DATABASE_URL`, with the default settings.
async fn open_host(
    words: &Arc<Words>,
    config: dama_core::host::HostConfig,
) -> Result<dama_core::host::Host, String> {
    let url = database_url();
    let shown = dama_store::without_password(&url);
    let store = dama_store::Store::open_alone(&url).await.map_err(|e| match e {
        dama_store::StoreError::Sql(_) if url.starts_with("postgres") => format!(
            "could not reach the PostgreSQL database {shown} ({e}): check DATABASE_URL and that the server is up"
        ),
        dama_store::StoreError::Sql(_) | dama_store::StoreError::Migrate(_) => {
            format!("could not open the database {shown}: {e}")
        }
        refusal => refusal.to_string(),
    })?;
    tracing::info!(database = %shown, "database open");
    let host = dama_core::host::Host::new(
        store,
        Arc::new(Renderer::default()),
        Arc::clone(words) as Arc<dyn dama_core::host::Captions>,
        config,
        dama_core::host::Clock::system(),
    );
    // Time no process of the bot ran is given back to the players on move.
    host.resume_clocks()
        .await
        .map_err(|e| format!("could not resume the games' clocks: {e}"))?;
    // Games rated before the rating history was kept get their points on the curve.
    host.rebuild_rating_history()
        .await
        .map_err(|e| format!("could not rebuild the rating history: {e}"))?;
    Ok(host)
}

/// A position as given on the command line: a FEN, or `start` for the start position.
fn read_position(text: &str) -> Result<Position, String> {
    if text.trim().eq_ignore_ascii_case("start") {
        return Ok(Position::start());
    }
    fen::parse(text).map_err(|e| format!("bad position \"{}\": {e}", text.trim()))
}

/// `<notation>\t<FEN after>` for every legal move, sorted by notation.
pub fn print_moves(pos: &Position, out: &mut impl Write) -> io::Result<()> {
    let mut rows: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|mv| (pos.notation(mv), fen::write(&pos.play_unchecked(mv))))
        .collect();
    rows.sort();
    for (notation, after) in rows {
        writeln!(out, "{notation}\t{after}")?;
    }
    Ok(())
}

fn render(
    pos: Position,
    last: Option<&str>,
    black_bottom: bool,
    lang: Option<&str>,
    output: &std::path::Path,
) -> Result<io::Result<()>, String> {
    let words = Words::new();
    let lang = picture_language(&words, lang)?;
    let mut scene = Scene::new(pos);
    if let Some(text) = last {
        let mv = pos
            .read_move(text)
            .map_err(|e| format!("bad move \"{text}\": {e}"))?;
        scene = Scene {
            last_move: Some(LastMove::new(&pos, &mv)),
            ..Scene::new(pos.play_unchecked(&mv))
        };
    }
    scene.black_bottom = black_bottom;
    scene.caption = Some(dama_core::host::Captions::caption(
        &words,
        &dama_core::host::Caption::SideToMove(scene.position.side_to_move()),
        lang,
    ));
    let png = Renderer::default().png(&scene);
    std::fs::write(output, &png[..])
        .map_err(|e| format!("could not write {}: {e}", output.display()))?;
    Ok(Ok(()))
}

/// The language of `--lang` for what a command draws or writes; English by default.
fn picture_language(words: &Words, lang: Option<&str>) -> Result<dama_core::host::Lang, String> {
    match lang {
        Some(code) => words
            .pick(code)
            .ok_or_else(|| format!("--lang {code}: not a language of this bot")),
        None => Ok(dama_core::host::Lang::ENGLISH),
    }
}

fn print_bestmove(
    game: &Game,
    player: &mut AiPlayer,
    out: &mut impl Write,
) -> Result<io::Result<()>, String> {
    let pos = game.position();
    if let Some(outcome) = game.outcome() {
        return Err(format!("the game is over in this position: {outcome}"));
    }
    let result = player.choose(game).ok_or("there is no move to search")?;
    let mut line = Vec::new();
    let mut p = *pos;
    for mv in &result.pv {
        line.push(p.notation(mv));
        p = p.play_unchecked(mv);
    }
    Ok(
        writeln!(out, "{}", pos.notation(&result.best)).and_then(|()| {
            writeln!(
                out,
                "score {} ({}) depth {} nodes {} time {} ms pv {}",
                result.score,
                Eval::of_result(&result, pos.side_to_move()),
                result.depth,
                result.nodes,
                result.time.as_millis(),
                line.join(" ")
            )
        }),
    )
}

fn print_perft(pos: &Position, depth: u32, divide: bool, out: &mut impl Write) -> io::Result<()> {
    if divide {
        let rows = perft_divide(pos, depth);
        for (notation, count) in &rows {
            writeln!(out, "{notation}\t{count}")?;
        }
        writeln!(out, "{}", rows.iter().map(|r| r.1).sum::<u64>())
    } else {
        // Deep counts repeat many positions: a table of 2^22 entries (160 MB, touched lazily)
        // makes depth 9 several times faster.
        let count = if depth >= 8 {
            PerftTable::new(22).perft(pos, depth)
        } else {
            perft(pos, depth)
        };
        writeln!(out, "{count}")
    }
}

/// Most puzzles one run may ask for.
const MAX_PUZZLES: u64 = 100_000;

fn generate_puzzles(
    count: usize,
    seed: u64,
    threads: Option<usize>,
    output: &std::path::Path,
    out: &mut impl Write,
) -> Result<io::Result<()>, String> {
    use dama_play::puzzle::generate::{Settings, arrange, generate};
    at_most("--count", count as u64, MAX_PUZZLES)?;
    if count == 0 {
        return Err("--count must be at least 1 (the file would be emptied for nothing)".into());
    }
    let threads = self::threads(threads)?;
    // Fail on an unwritable file now, not after an hour of work.
    let mut file = std::fs::File::create(output)
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    let defaults = Settings::default();
    let settings = Settings {
        count,
        seed,
        threads,
        ..defaults
    };
    let start = std::time::Instant::now();
    let header = format!(
        "# dama puzzles generate --count {count} --seed {seed}\n\
         # The first {count} are the days' puzzles; the rest are for practice.\n\
         # position (solver to move)\tkind\tline\trating\tfind depth\tpieces given\tthemes\n"
    );
    file.write_all(header.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    let file = std::sync::Mutex::new(file);
    let write_failed = std::sync::atomic::AtomicBool::new(false);
    let puzzles = generate(
        settings,
        |p| {
            eprint!(
                "\rgames {} · candidates {} · puzzles {} · {:.0} s   ",
                p.games,
                p.candidates,
                p.found,
                start.elapsed().as_secs_f64()
            );
        },
        |p| {
            // Each puzzle is written as soon as it is final, so a long run can be stopped early.
            let mut file = file
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if file
                .write_all(format!("{}\n", p.to_line()).as_bytes())
                .and_then(|()| file.flush())
                .is_err()
            {
                write_failed.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
    );
    eprintln!();
    let secs = start.elapsed().as_secs_f64();
    if write_failed.into_inner() {
        return Err(format!("cannot write {}", output.display()));
    }
    // Written again in the shipping order: the days' puzzles first.
    let puzzles = arrange(puzzles, count);
    let text: String = puzzles
        .iter()
        .map(|p| format!("{}\n", p.to_line()))
        .collect();
    std::fs::write(output, format!("{header}{text}"))
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    Ok(writeln!(
        out,
        "{} puzzles in {secs:.0} s ({:.1} per minute) written to {}",
        puzzles.len(),
        puzzles.len() as f64 * 60.0 / secs.max(0.001),
        output.display()
    ))
}
