//! The bot's environment values, each checked at start: one line naming the variable when it
//! cannot be used.

use std::time::Duration;

/// A number of seconds from the environment, 1 to `max`, else one line naming the variable.
pub(super) fn env_seconds(name: &str, default: u64, max: u64) -> Result<Duration, String> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .map(Duration::from_secs)
            .ok_or_else(|| {
                format!("{name} must be a number of seconds from 1 to {max}, not \"{v}\"")
            }),
        _ => Ok(Duration::from_secs(default)),
    }
}

/// On or off from the environment: 1/true/yes/on or 0/false/no/off.
pub(super) fn env_switch(name: &str, default: bool) -> Result<bool, String> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => match v.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "on" => Ok(true),
            "0" | "false" | "no" | "off" => Ok(false),
            _ => Err(format!(
                "{name} must be true or false (1/0, yes/no, on/off), not \"{v}\""
            )),
        },
        _ => Ok(default),
    }
}

/// `DISCORD_API_BASE`, when set: an http or https address with a host, as the bot would
/// otherwise retry a request it can never send, forever.
pub(super) fn env_api_base() -> Result<Option<String>, String> {
    let Some(base) = std::env::var("DISCORD_API_BASE")
        .ok()
        .filter(|b| !b.trim().is_empty())
    else {
        return Ok(None);
    };
    let trimmed = base.trim();
    let host = trimmed
        .strip_prefix("http://")
        .or_else(|| trimmed.strip_prefix("https://"))
        .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or_default());
    let host_ok = |h: &str| {
        let name = h.rsplit_once(':').map_or(h, |(name, port)| {
            if port.parse::<u16>().is_ok() {
                name
            } else {
                ""
            }
        });
        !name.is_empty() && !name.contains(char::is_whitespace) && !name.contains('@')
    };
    match host {
        Some(h) if host_ok(h) => Ok(Some(trimmed.to_string())),
        _ => Err(format!(
            "DISCORD_API_BASE must be an http:// or https:// address such as http://127.0.0.1:8080, not \"{base}\" (unset it to use Discord itself)"
        )),
    }
}

/// The Activity's sign-in: `DISCORD_CLIENT_ID` (a number) and `DISCORD_CLIENT_SECRET`, with
/// Discord's address (`api_base`, else Discord itself) and the bot's `token`.
pub(super) fn env_activity(
    api_base: Option<String>,
    token: &str,
) -> Result<dama_web::ActivitySetup, String> {
    let set = |name: &str| {
        std::env::var(name)
            .ok()
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    };
    let client_id = match set("DISCORD_CLIENT_ID") {
        Some(v) => Some(v.parse::<u64>().map_err(|_| {
            format!("DISCORD_CLIENT_ID must be the application's id (a number), not \"{v}\"")
        })?),
        None => None,
    };
    Ok(dama_web::ActivitySetup {
        client_id,
        client_secret: set("DISCORD_CLIENT_SECRET"),
        api_base: api_base.unwrap_or_else(|| "https://discord.com".into()),
        bot_token: token.to_string(),
    })
}

/// `DAMA_PUBLIC_URL`: where people reach the web pages (`None`: boards carry no link).
pub(super) fn env_public_url() -> Result<Option<String>, String> {
    match std::env::var("DAMA_PUBLIC_URL") {
        Ok(v) if !v.trim().is_empty() => public_url(v.trim()).map(Some),
        _ => Ok(None),
    }
}

/// An `http(s)://` address without spaces, quotes or a query, without its trailing slash.
pub fn public_url(text: &str) -> Result<String, String> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"));
    let fine = rest.is_some_and(|r| {
        !r.is_empty()
            && !r.starts_with('/')
            && r.chars().all(|c| {
                c.is_ascii_graphic() && !matches!(c, '"' | '<' | '>' | '\\' | '?' | '#' | '`')
            })
    });
    if fine {
        Ok(text.trim_end_matches('/').to_string())
    } else {
        Err(format!(
            "DAMA_PUBLIC_URL must be an http:// or https:// address, such as https://dama.example.org, not \"{text}\""
        ))
    }
}

/// `DAMA_WEB_ADDR`: where `dama run` serves the web (`None`: no web server).
pub(super) fn env_web_addr() -> Result<Option<std::net::SocketAddr>, String> {
    match std::env::var("DAMA_WEB_ADDR") {
        Ok(v) if !v.trim().is_empty() => v.trim().parse().map(Some).map_err(|_| {
            format!(
                "DAMA_WEB_ADDR must be an address and a port, such as 127.0.0.1:8080, not \"{v}\""
            )
        }),
        _ => Ok(None),
    }
}

/// `DAMA_OPS_ADDR`: where `/healthz` and `/metrics` are served on their own (`None`: on the
/// web's address, to this machine only).
pub(super) fn env_ops_addr() -> Result<Option<std::net::SocketAddr>, String> {
    match std::env::var("DAMA_OPS_ADDR") {
        Ok(v) if !v.trim().is_empty() => v.trim().parse().map(Some).map_err(|_| {
            format!(
                "DAMA_OPS_ADDR must be an address and a port, such as 127.0.0.1:9100, not \"{}\"",
                short(&v)
            )
        }),
        _ => Ok(None),
    }
}

/// `DAMA_TRUSTED_PROXIES`: the proxies whose `X-Forwarded-For` names the reader.
pub(super) fn env_trusted_proxies() -> Result<dama_web::Proxies, String> {
    match std::env::var("DAMA_TRUSTED_PROXIES") {
        Ok(v) if !v.trim().is_empty() => v.parse(),
        _ => Ok(dama_web::Proxies::none()),
    }
}

/// At most the first 40 characters of a value quoted back in an error.
pub(super) fn short(text: &str) -> String {
    let mut shown: String = text.chars().take(40).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}
