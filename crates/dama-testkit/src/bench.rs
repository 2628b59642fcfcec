//! What the host benches share: a player in a channel, a game started between two, and a
//! PostgreSQL database of their own.

use dama_core::host::{ButtonLabel, Host, Lang, Who};
use dama_model::{ChannelId, ColorChoice, GuildId, UserId};

/// Player `user` in `channel` of the benches' server.
pub fn who(user: u64, channel: u64) -> Who {
    Who {
        user: UserId(user),
        name: format!("p{user}"),
        channel: ChannelId(channel),
        guild: Some(GuildId(1)),
        lang: Lang::ENGLISH,
        admin: false,
        game: None,
    }
}

/// Starts a game in `channel` between two players of its own; returns (white, black).
pub async fn start(host: &Host, channel: u64, rated: bool) -> (u64, u64) {
    start_on(host, channel, rated, Default::default()).await
}

/// Starts a game on the clock `control` in `channel` between two players of its own; returns
/// (white, black).
pub async fn start_on(
    host: &Host,
    channel: u64,
    rated: bool,
    control: dama_play::clock::TimeControl,
) -> (u64, u64) {
    let (a, b) = (channel * 2, channel * 2 + 1);
    let c = host
        .challenge_on(
            &who(a, channel),
            Some(UserId(b)),
            ColorChoice::White,
            rated,
            false,
            control,
        )
        .await
        .expect("challenge");
    let accept = c
        .buttons
        .iter()
        .find(|b| b.label == ButtonLabel::Accept)
        .expect("an Accept button")
        .action;
    host.press(&who(b, channel), accept).await.expect("accept");
    (a, b)
}

/// PostgreSQL for a bench, at `admin` (a database the bench may create others from), if one
/// answers within 3 s.
pub async fn postgres_answers(admin: &str) -> bool {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    tokio::time::timeout(
        std::time::Duration::from_secs(3),
        sqlx::AnyConnection::connect(admin),
    )
    .await
    .is_ok_and(|c| c.is_ok())
}

/// A new PostgreSQL database for one run, made through `admin`; its URL.
pub async fn fresh_postgres(admin: &str, run: &str) -> String {
    let name = format!("dama_bench_{}_{run}", std::process::id());
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(admin).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin.rsplit_once('/').map_or(admin, |(b, _)| b);
    format!("{base}/{name}")
}

/// Drops a database [`fresh_postgres`] made.
pub async fn drop_postgres(admin: &str, url: &str) {
    let name = url.rsplit_once('/').unwrap().1;
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(admin).await.unwrap();
    let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
    )))
    .execute(&mut conn)
    .await;
}
