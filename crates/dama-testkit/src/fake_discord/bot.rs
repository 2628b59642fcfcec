//! The bot under test: a `dama run` process pointed at the stand-in.

use super::{FakeDiscord, GUILD};

/// A `dama run` process, killed when dropped.
pub struct Bot(pub std::process::Child);

/// The `dama` binary cargo built beside the test binary running now (`target/<profile>/dama`,
/// the test in `target/<profile>/deps/`): integration tests build their package's binaries.
pub fn dama_binary() -> std::path::PathBuf {
    let test = std::env::current_exe().expect("the test binary's path");
    let profile = test
        .parent()
        .and_then(std::path::Path::parent)
        .expect("a test binary lives in target/<profile>/deps");
    let bin = profile.join(format!("dama{}", std::env::consts::EXE_SUFFIX));
    assert!(bin.is_file(), "no dama binary at {}", bin.display());
    bin
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl FakeDiscord {
    /// Starts `dama run` against this stand-in on `database_url`, with `env` added; its logs go
    /// to the test's stderr at `DAMA_E2E_LOG` (default `warn`).
    pub fn start_bot(&self, database_url: &str, env: &[(&str, String)]) -> Bot {
        let mut command = std::process::Command::new(dama_binary());
        command.arg("run");
        self.spawn_bot(command, database_url, env, std::process::Stdio::inherit())
    }

    /// The bot held to `open_files` open files (soft and hard), its log written to `log`.
    pub fn start_bot_with_open_files(
        &self,
        database_url: &str,
        env: &[(&str, String)],
        open_files: u64,
        log: std::fs::File,
    ) -> Bot {
        let mut command = std::process::Command::new("sh");
        command
            .arg("-c")
            .arg(format!("ulimit -n {open_files} && exec \"$0\" run"))
            .arg(dama_binary());
        self.spawn_bot(command, database_url, env, log.into())
    }

    fn spawn_bot(
        &self,
        mut command: std::process::Command,
        database_url: &str,
        env: &[(&str, String)],
        stderr: std::process::Stdio,
    ) -> Bot {
        let child = command
            .env("DISCORD_TOKEN", "test-token")
            .env("DISCORD_API_BASE", &self.rest_url)
            .env("DATABASE_URL", database_url)
            .env("DAMA_TABLES", "off")
            .env("DAMA_GUILD_ID", GUILD.to_string())
            .env(
                "RUST_LOG",
                std::env::var("DAMA_E2E_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(std::process::Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the bot starts");
        Bot(child)
    }
}
