//! What the host benches share: a player in a channel, and a game started between two.

use dama::host::{ButtonLabel, Host, Lang, Who};
use dama::model::{ChannelId, ColorChoice, GuildId, UserId};

/// Player `user` in `channel` of the benches' server.
pub fn who(user: u64, channel: u64) -> Who {
    Who {
        user: UserId(user),
        name: format!("p{user}"),
        channel: ChannelId(channel),
        guild: Some(GuildId(1)),
        lang: Lang::ENGLISH,
        admin: false,
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
    control: dama::clock::TimeControl,
) -> (u64, u64) {
    let (a, b) = (channel * 2, channel * 2 + 1);
    let c = host
        .challenge_on(
            &who(a, channel),
            UserId(b),
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
