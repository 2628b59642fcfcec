//! The `dama` command: the bot, the console and the other tools (see `dama --help`). It only
//! reads the command line and the environment and starts what they ask for; the game lives in
//! the crates under `crates/`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
