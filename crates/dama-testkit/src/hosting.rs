//! A host over a test database, its players and the first steps of a game, shared by the
//! host tests.

use std::sync::Arc;

use dama_core::host::{ButtonLabel, Clock, Host, HostConfig, Lang, Reply, Who};
use dama_core::words::Words;
use dama_model::{ChannelId, ColorChoice, GuildId, UserId};
use dama_play::ai::Limits;
use dama_play::render::Renderer;
use dama_store::Store;

use super::db::TestDb;

/// A player.
pub const ALICE: UserId = UserId(1001);
/// Another player.
pub const BOB: UserId = UserId(1002);
/// A third player.
pub const CAROL: UserId = UserId(1003);
/// The channel [`who`] plays in.
pub const CHANNEL: u64 = 500;
/// The server [`who`] plays in.
pub const GUILD: GuildId = GuildId(77);

/// One renderer for every test (its frames and palette are made once).
pub fn renderer() -> Arc<Renderer> {
    static R: std::sync::OnceLock<Arc<Renderer>> = std::sync::OnceLock::new();
    Arc::clone(R.get_or_init(|| Arc::new(Renderer::default())))
}

/// A host over the database at `url`, reading `clock`, with shallow hints.
pub async fn open(url: &str, clock: &Clock) -> Host {
    let store = Store::open(url).await.unwrap();
    let config = HostConfig {
        hint_limits: Limits::depth(3),
        ..HostConfig::default()
    };
    Host::new(
        store,
        renderer(),
        Arc::new(Words::new()),
        config,
        clock.clone(),
    )
}

/// A host over `db` on a manual clock, the clock, and the database's URL.
pub async fn host(db: &TestDb) -> (Host, Clock, String) {
    let url = db.url();
    let clock = Clock::manual(dama_model::UnixMs::from_secs(1_800_000_000));
    (open(&url, &clock).await, clock, url)
}

/// `user` in [`CHANNEL`] of [`GUILD`], speaking English.
pub fn who(user: UserId) -> Who {
    Who {
        user,
        name: format!("player{}", user.0),
        channel: ChannelId(CHANNEL),
        guild: Some(GUILD),
        lang: Lang::ENGLISH,
        admin: false,
        game: None,
    }
}

/// `user` in `channel` of [`GUILD`].
pub fn at(user: UserId, channel: u64) -> Who {
    Who {
        channel: ChannelId(channel),
        ..who(user)
    }
}

/// The id of the button with this label.
pub fn button(reply: &Reply, label: ButtonLabel) -> String {
    reply
        .buttons
        .iter()
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no {label:?} button in {reply:?}"))
        .action
        .to_string()
}

/// Alice challenges Bob (Alice white), Bob accepts.
pub async fn start_game(host: &Host, rated: bool, channel: u64) -> Reply {
    let c = host
        .challenge(&at(ALICE, channel), BOB, ColorChoice::White, rated, false)
        .await
        .unwrap();
    host.button(&at(BOB, channel), &button(&c, ButtonLabel::Accept))
        .await
        .unwrap()
}
