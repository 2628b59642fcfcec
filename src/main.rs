fn main() -> std::process::ExitCode {
    dama::cli::main()
}
