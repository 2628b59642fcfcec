//! `dama tune`: self-play games labelled for tuning, and the fit of the evaluation's weights.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Subcommand;

use super::{at_most, threads as threads_of};
use dama_play::ai::Weights;
use dama_play::ai::eval::TERM_NAMES;
use dama_play::ai::tune::{self, FitOptions, SelfPlay};

#[derive(Subcommand, Debug)]
pub enum TuneCommand {
    /// Play self-play games and write each of their quiet positions with the game's result,
    /// one `position<TAB>White's points` a line, to FILE.
    Games {
        /// How many games.
        #[arg(long, default_value_t = 2000)]
        games: usize,
        /// Both sides search this many plies a move.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Random plies from the start position (not written).
        #[arg(long, default_value_t = 0)]
        random_plies: usize,
        /// Then plies chosen among the moves nearly as good as the best, as the medium level
        /// chooses, so that no two games are alike.
        #[arg(long, default_value_t = 16)]
        varied_plies: usize,
        /// Seed of the random plies (the same seed, the same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: one per core; at most the cores).
        #[arg(long)]
        threads: Option<usize>,
        /// A game still running after this many plies counts as a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
        /// The weights both sides play with (default: the built-in ones).
        #[arg(long, value_name = "FILE")]
        weights: Option<PathBuf>,
        /// The positions file to write, one game at a time as each ends.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Fit the weights to a positions file (Texel's method) and write them to FILE; the
    /// errors before and after, on the positions fitted and on those held out, go to stdout.
    Fit {
        /// The positions, as `dama tune games` writes them.
        positions: PathBuf,
        /// The weights to start from (default: the built-in ones).
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// Passes over the positions.
        #[arg(long, default_value_t = 2000)]
        epochs: usize,
        /// The first step, in hundredths of a man (it shrinks to a tenth by the end).
        #[arg(long, default_value_t = 1.0)]
        step: f64,
        /// Threads (default: one per core; at most the cores).
        #[arg(long)]
        threads: Option<usize>,
        /// The weights file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
}

/// A weights file, or the built-in weights for none.
pub(super) fn read_weights(file: Option<&Path>) -> Result<Weights, String> {
    let Some(file) = file else {
        return Ok(Weights::default());
    };
    let text = dama_play::files::read_to_string(file, super::MAX_TEXT_FILE)
        .map_err(|e| format!("cannot read the weights file {}: {e}", file.display()))?;
    text.parse()
        .map_err(|e| format!("the weights file {}: {e}", file.display()))
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub(super) fn run(action: TuneCommand, out: &mut impl Write) -> Result<io::Result<()>, String> {
    match action {
        TuneCommand::Games {
            games,
            depth,
            random_plies,
            varied_plies,
            seed,
            threads,
            max_plies,
            weights,
            output,
        } => {
            at_most("--depth", depth.into(), 12)?;
            if games == 0 || depth == 0 {
                return Err("--games and --depth must be at least 1".into());
            }
            let weights = read_weights(weights.as_deref())?;
            let options = SelfPlay {
                games,
                depth,
                random_plies,
                varied_plies,
                seed,
                threads: threads_of(threads)?,
                max_plies,
            };
            // Fail on an unwritable file now, not after the games; then write each game as it
            // is done, so a stopped run keeps what it played.
            let cannot = |e: io::Error| format!("cannot write {}: {e}", output.display());
            let mut file = std::fs::File::create(&output).map_err(cannot)?;
            file.write_all(tune::LABELLED_HEADER.as_bytes())
                .map_err(cannot)?;
            let start = Instant::now();
            let mut written = Ok(0usize);
            tune::self_play_each(
                options,
                &weights,
                |done| {
                    if done % 100 == 0 {
                        eprintln!("{done} of {games} games");
                    }
                },
                |game| {
                    if let Ok(count) = &mut written {
                        let lines = tune::labelled_lines(&game);
                        match file.write_all(lines.as_bytes()).and_then(|()| file.flush()) {
                            Ok(()) => *count += game.len(),
                            Err(e) => written = Err(e),
                        }
                    }
                },
            );
            let positions = written.map_err(cannot)?;
            Ok(writeln!(
                out,
                "{games} games, {positions} quiet positions written to {} in {:.1} s",
                output.display(),
                start.elapsed().as_secs_f64()
            ))
        }
        TuneCommand::Fit {
            positions,
            from,
            epochs,
            step,
            threads,
            output,
        } => {
            let start_weights = read_weights(from.as_deref())?;
            let text = dama_play::files::read_to_string(&positions, super::MAX_POSITIONS_FILE)
                .map_err(|e| format!("cannot read {}: {e}", positions.display()))?;
            let labelled = tune::read_labelled(&text)
                .map_err(|e| format!("the positions file {}: {e}", positions.display()))?;
            if labelled.len() < 100 {
                return Err(format!(
                    "{} holds {} positions: a fit needs at least 100 (play more games with dama tune games)",
                    positions.display(),
                    labelled.len()
                ));
            }
            if !(step > 0.0 && step <= 100.0) {
                return Err(
                    "--step is a number of hundredths of a man above 0, at most 100".into(),
                );
            }
            let options = FitOptions {
                epochs,
                step,
                threads: threads_of(threads)?,
            };
            let clock = Instant::now();
            let fit = tune::fit(&labelled, &start_weights, options, |epoch, error| {
                if epoch % 100 == 0 {
                    eprintln!("epoch {epoch}: error {error:.6}");
                }
            });
            write_file(&output, &fit.weights.to_string())?;
            let report = (|| {
                writeln!(
                    out,
                    "{} positions fitted, {} held out; k = {:.6} per hundredth of a man; {:.1} s",
                    fit.fitted,
                    fit.held_out,
                    fit.k,
                    clock.elapsed().as_secs_f64()
                )?;
                writeln!(
                    out,
                    "mean squared error: fitted {:.6} -> {:.6}, held out {:.6} -> {:.6}",
                    fit.error_before[0],
                    fit.error_after[0],
                    fit.error_before[1],
                    fit.error_after[1]
                )?;
                for (i, name) in TERM_NAMES.iter().enumerate() {
                    writeln!(
                        out,
                        "{:<18}{:>7}{:>8}  (from {} {})",
                        name,
                        fit.weights.opening[i],
                        fit.weights.ending[i],
                        start_weights.opening[i],
                        start_weights.ending[i]
                    )?;
                }
                writeln!(out, "weights written to {}", output.display())
            })();
            Ok(report)
        }
    }
}
