//! `dama run`: the bot, its settings read from the environment, and the web beside it.

use std::io;
use std::sync::Arc;
use std::time::Duration;

use super::env::{
    env_api_base, env_ops_addr, env_seconds, env_switch, env_trusted_proxies, env_web_addr,
};
use super::{open_host, tables_dir};
use dama_core::words::Words;

/// Runs the bot until a signal, a refused token or a failure stops it.
pub(super) fn run_bot() -> Result<io::Result<()>, String> {
    let token = std::env::var("DISCORD_TOKEN")
        .ok()
        .filter(|t| !t.trim().is_empty())
        .ok_or(
            "DISCORD_TOKEN is not set: put your bot's token in the environment or in a .env file \
             (DISCORD_TOKEN=...), or try the game without Discord: dama console",
        )?;
    let guild =
        match std::env::var("DAMA_GUILD_ID") {
            Ok(g) if !g.trim().is_empty() => Some(g.trim().parse::<u64>().map_err(|_| {
                format!("DAMA_GUILD_ID must be a server id (a number), not \"{g}\"")
            })?),
            _ => None,
        };
    let shards = dama_discord::Shards::parse(
        std::env::var("DAMA_SHARDS").ok().as_deref(),
        std::env::var("DAMA_SHARD_COUNT").ok().as_deref(),
    )?;
    // At most an hour: a longer sweep would leave challenges and time-outs waiting for it.
    let sweep_every = env_seconds("DAMA_SWEEP_SECONDS", 60, 3600)?;
    let ai_claim = env_seconds("DAMA_AI_CLAIM_SECONDS", 60, 3600)?;
    let web_addr = env_web_addr()?;
    let ops_addr = env_ops_addr()?;
    if ops_addr.is_some() && web_addr.is_none() {
        return Err(
            "DAMA_OPS_ADDR serves the web's health and metrics: set DAMA_WEB_ADDR too".into(),
        );
    }
    if ops_addr.is_some() && ops_addr == web_addr {
        return Err("DAMA_OPS_ADDR must differ from DAMA_WEB_ADDR (or be unset: the operators' routes are then served there, to this machine only)".into());
    }
    let proxies = env_trusted_proxies()?;
    // The web gets what is left of the open files once the bot's own are kept aside.
    let open_files = dama_web::raise_open_files()
        .map_err(|e| format!("could not read the limit on open files: {e}"))?;
    let public_url = super::env::env_public_url()?;
    let activity = env_switch("DAMA_ACTIVITY", false)?;
    if activity && web_addr.is_none() {
        return Err(
            "DAMA_ACTIVITY launches the board the web serves at /activity: set DAMA_WEB_ADDR too"
                .into(),
        );
    }
    let activity_setup = super::env::env_activity(env_api_base()?, token.trim())?;
    if activity && activity_setup.client_secret.is_none() {
        tracing::warn!(
            "DAMA_ACTIVITY is on without DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET: the Activity will say it is not set up"
        );
    }
    let health = web_addr.map(|_| {
        let (first, last) = shards.map_or((0, 0), |s| (s.first, s.last));
        dama_telemetry::Health::expecting(first..=last)
    });
    // One set of metrics for the process: Discord counts into it, the web serves it.
    let metrics = Arc::new(dama_telemetry::Metrics::new());
    let config = dama_discord::Config {
        token: secrecy::SecretString::new(token.trim().to_string()),
        api_base: env_api_base()?,
        guild,
        message_content: env_switch("DAMA_MESSAGE_CONTENT", true)?,
        member_events: env_switch("DAMA_MEMBER_EVENTS", false)?,
        shards,
        sweep_every,
        health: health.clone(),
        metrics: Arc::clone(&metrics),
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("could not start: {e}"))?;
    let result = runtime.block_on(async {
        let words = Arc::new(Words::new());
        let host = Arc::new(
            open_host(
                &words,
                dama_core::host::HostConfig {
                    ai_claim,
                    public_url,
                    activity,
                    // Renewed at every sweep: it outlasts two of them.
                    sweep_lease: sweep_every * 2 + Duration::from_secs(30),
                    ..dama_core::host::HostConfig::default()
                },
            )
            .await?,
        );
        let (web_stop, web_stopped) = tokio::sync::watch::channel(false);
        let web = match (web_addr, health) {
            (Some(addr), Some(health)) => {
                let listener = dama_web::listen(addr).await?;
                let ops = match ops_addr {
                    Some(a) => Some(dama_web::listen_as("DAMA_OPS_ADDR", a).await?),
                    None => None,
                };
                let web = dama_web::Web::new(
                    Arc::clone(&host),
                    Arc::clone(&words),
                    health,
                    Arc::clone(&metrics),
                )
                .with_limits(dama_web::WebLimits::default().within_open_files(open_files))
                .with_proxies(proxies)
                .with_activity(activity_setup);
                tracing::info!(
                    open_files,
                    connections = web.limits().connections,
                    live_pages = web.limits().live_pages,
                    "the web's share of open files"
                );
                if let Some(ops) = ops {
                    tokio::spawn(dama_web::serve_ops(ops, web.clone(), web_stopped.clone()));
                }
                let ops_here = ops_addr.is_none();
                Some(tokio::spawn(dama_web::serve_site(
                    listener,
                    web,
                    web_stopped,
                    ops_here,
                )))
            }
            _ => None,
        };
        let tables = tables_dir().map(|dir| host.load_tables_in_background(dir, true));
        let ran = dama_discord::run(config, host, words).await;
        let _ = web_stop.send(true);
        if let Some(web) = web {
            let _ = tokio::time::timeout(Duration::from_millis(500), web).await;
        }
        // However the bot ended (a signal, a refused token), a table build stops with it.
        if let Some(t) = tables
            && !t.is_finished()
        {
            t.stop();
            let _ = tokio::time::timeout(Duration::from_millis(500), t.finished()).await;
        }
        ran.map_err(|e| match e {
            dama_discord::RunError::BadToken | dama_discord::RunError::IntentsRefused(_) => {
                e.to_string()
            }
            other => format!("the bot stopped: {other}"),
        })?;
        Ok(Ok(()))
    });
    // Work on blocking threads (a search, a table build between two chunks) is not waited for:
    // the process ends now, and what it held is resumed at the next start.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}
