//! `dama console`: the bot's games in a terminal, over the same host and database as the bot,
//! serving the web too where `DAMA_WEB_ADDR` is set.

use std::io;
use std::sync::Arc;

use dama_core::words::Words;

use super::{env, load_tables, open_host};

/// Runs the console as `user`, its pictures written to `pictures`, in `lang` (else the
/// locale's language).
pub(super) fn run_console(
    user: String,
    pictures: std::path::PathBuf,
    lang: Option<String>,
) -> Result<io::Result<()>, String> {
    let words = Arc::new(Words::new());
    let lang = match lang {
        Some(code) => words.pick(&code).ok_or_else(|| {
            let known: Vec<&str> = words.languages().iter().map(|l| l.code()).collect();
            format!(
                "--lang {code}: not a language of this bot; choose one of {}",
                known.join(", ")
            )
        })?,
        None => words.choose(
            ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .map(|v| std::env::var(v).ok())
                .collect::<Vec<_>>()
                .iter()
                .map(|v| {
                    v.as_deref()
                        .filter(|v| !v.is_empty() && *v != "C" && *v != "POSIX")
                }),
        ),
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("could not start: {e}"))?;
    // Where DAMA_WEB_ADDR is set the console serves the web too, so `link` opens a page; a
    // link names DAMA_PUBLIC_URL where it is set (another process may serve it), else that
    // address.
    let web_addr = env::env_web_addr()?;
    let public_url = env::env_public_url()?.or_else(|| web_addr.map(|a| format!("http://{a}")));
    runtime.block_on(async {
        let host = Arc::new(
            open_host(
                &words,
                dama_core::host::HostConfig {
                    public_url,
                    ..dama_console::host_config()
                },
            )
            .await?,
        );
        if let Some(tables) = load_tables() {
            host.use_tables(tables);
        }
        let (web_stop, web_stopped) = tokio::sync::watch::channel(false);
        if let Some(addr) = web_addr {
            let listener = dama_web::listen(addr).await?;
            let web = dama_web::Web::new(
                Arc::clone(&host),
                Arc::clone(&words),
                dama_telemetry::Health::expecting([]),
                Arc::new(dama_telemetry::Metrics::new()),
            );
            tokio::spawn(dama_web::serve(listener, web, web_stopped));
        }
        let ran = dama_console::Console::new(host, words, lang, pictures, user)
            .run()
            .await;
        let _ = web_stop.send(true);
        Ok(ran)
    })
}
