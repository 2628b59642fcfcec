//! The `dama` command: the bot, the console and the other tools (see `dama --help`).

fn main() -> std::process::ExitCode {
    dama::cli::main()
}
