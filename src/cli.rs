//! The `dama` command line (DESIGN.md §2). Bad input: a one-line reason on stderr, exit status 2.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::engine::{PerftTable, Position, fen, perft, perft_divide};

#[derive(Parser, Debug)]
#[command(
    name = "dama",
    version,
    about = "Turkish draughts (Dama): a Discord bot and its tools"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the Discord bot.
    Run,
    /// List the legal moves of a position: one line per move, `<move>\t<position after>`.
    Moves {
        /// The position, as in W:Wa3,Kd4:Bc6 (see RULES.md §6).
        fen: String,
    },
    /// Count the distinct move sequences of a given length (the count is on the last line).
    Perft {
        /// How many plies deep.
        depth: u32,
        /// The position (default: the start position).
        fen: Option<String>,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
}

/// Runs the command line and returns the process exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = io::stdout().lock();
    let result = match cli.command.unwrap_or(Command::Run) {
        Command::Run => Err(
            "the Discord bot is not built yet; `dama moves` and `dama perft` work today"
                .to_string(),
        ),
        Command::Moves { fen } => read_position(&fen).map(|pos| print_moves(&pos, &mut out)),
        Command::Perft { depth, fen, divide } => {
            let pos = match fen {
                Some(f) => read_position(&f),
                None => Ok(Position::start()),
            };
            pos.map(|pos| print_perft(&pos, depth, divide, &mut out))
        }
    };
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

fn read_position(text: &str) -> Result<Position, String> {
    fen::parse(text).map_err(|e| format!("bad position \"{}\": {e}", text.trim()))
}

/// `<notation>\t<FEN after>` for every legal move, sorted by notation.
pub fn print_moves(pos: &Position, out: &mut impl Write) -> io::Result<()> {
    let mut rows: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|mv| (pos.notation(mv), fen::write(&pos.play(mv))))
        .collect();
    rows.sort();
    for (notation, after) in rows {
        writeln!(out, "{notation}\t{after}")?;
    }
    Ok(())
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
