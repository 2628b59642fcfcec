//! Discord's REST API (or a proxy in front of it) answers 5xx and 429 now and then, and a
//! connection can drop. What carries a game's state is retried: a few tries within a bound,
//! waiting longer each time. A message is created with a nonce Discord enforces, so a retry
//! after a lost answer never posts it twice.

use dama_telemetry::Metrics;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

/// Tries at most this many times…
pub const TRIES: u32 = 4;
/// …within this long.
pub const WITHIN: Duration = Duration::from_secs(15);
/// The first wait; each next one doubles. A 429's own `retry_after` is dropped by serenity's
/// error type, so the waits are long enough for Discord's usual per-route windows.
const FIRST_WAIT: Duration = Duration::from_millis(750);

/// Whether an error is worth another try: a 5xx, a 429, or no answer at all.
pub fn retryable(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// The HTTP status of a refused request, if that is what `e` is.
pub fn status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.status_code.as_u16())
        }
        _ => None,
    }
}

/// Runs a Discord call until it succeeds, fails for good, or [`TRIES`] tries within [`WITHIN`]
/// are spent.
pub async fn retry<T, F, Fut>(metrics: &Metrics, what: &str, op: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    retry_if(
        what,
        |e| {
            // Every failed call is counted, by its status (0: no answer at all).
            metrics.discord_error(status(e).unwrap_or(0));
            let again = retryable(e);
            if again {
                metrics.discord_retry();
            }
            again
        },
        op,
    )
    .await
}

/// [`retry`], with the errors worth another try told by `again`.
pub async fn retry_if<T, E, F, Fut>(
    what: &str,
    again: impl Fn(&E) -> bool,
    mut op: F,
) -> Result<T, E>
where
    E: std::fmt::Display,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let started = Instant::now();
    let mut wait = FIRST_WAIT;
    let mut tries = 1;
    loop {
        match op().await {
            Ok(v) => return Ok(v),
            Err(e) if again(&e) && tries < TRIES && started.elapsed() + wait < WITHIN => {
                tracing::debug!(error = %e, tries, "{what}: trying again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait *= 2;
                tries += 1;
            }
            Err(e) => return Err(e),
        }
    }
}

/// A nonce for one message, the same on every try (at most 25 characters).
pub fn nonce() -> serenity::Nonce {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let seq = NEXT.fetch_add(1, Ordering::Relaxed);
    let time = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64);
    serenity::Nonce::String(format!(
        "{:x}{:x}",
        time ^ u64::from(std::process::id()) << 40,
        seq & 0xffff
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_distinct_and_short() {
        let text = |n| match n {
            serenity::Nonce::String(s) => s,
            serenity::Nonce::Number(n) => n.to_string(),
        };
        let (a, b) = (text(nonce()), text(nonce()));
        assert_ne!(a, b);
        assert!(a.len() <= 25 && b.len() <= 25, "{a} {b}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_lasting_failure_is_tried_four_times_within_fifteen_seconds() {
        let started = tokio::time::Instant::now();
        let mut tries = 0;
        let result: Result<(), &str> = retry_if(
            "test",
            |_| true,
            || {
                tries += 1;
                async { Err("502") }
            },
        )
        .await;
        assert_eq!(result, Err("502"));
        assert_eq!(tries, TRIES);
        assert!(started.elapsed() < WITHIN);
    }

    #[tokio::test(start_paused = true)]
    async fn a_failure_for_good_is_not_tried_again_and_a_passing_one_stops() {
        let mut tries = 0;
        let result: Result<(), &str> = retry_if(
            "test",
            |e| *e != "401",
            || {
                tries += 1;
                async { Err("401") }
            },
        )
        .await;
        assert_eq!((result, tries), (Err("401"), 1));
        let mut tries = 0;
        let result = retry_if(
            "test",
            |_: &&str| true,
            || {
                tries += 1;
                let t = tries;
                async move { if t < 3 { Err("500") } else { Ok(t) } }
            },
        )
        .await;
        assert_eq!(result, Ok(3));
    }
}
