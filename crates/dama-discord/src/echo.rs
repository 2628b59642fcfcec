//! A game between two servers is played from a channel in each. Whatever a post tells one of
//! them of the game (a move, an ending, the first board) is told the other by its own board,
//! in its server's language, naming what it has not seen yet: claimed in the store, so one
//! process makes it, and looped until that channel has seen the game's newest version (a
//! change that comes while a board is on its way is told next). An offer, which changes no
//! board, is posted in both as it is.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use dama_core::host::{GameChannel, Reply};
use dama_model::{ChannelId, GameId, MessageId};

use super::{Data, posting};

/// After a post in `posted_in` told of a change to `game`: tells its other channels, if it
/// has any (in the background).
pub(super) fn echo_change(data: &Arc<Data>, game: GameId, posted_in: serenity::ChannelId) {
    let data = Arc::clone(data);
    tokio::spawn(async move {
        let others = match data
            .host
            .other_channels(game, ChannelId(posted_in.get()))
            .await
        {
            Ok(others) => others,
            Err(e) => {
                tracing::warn!(error = %e, game = game.0, "finding a game's other channels failed");
                return;
            }
        };
        for other in others {
            tokio::spawn(echo_in(Arc::clone(&data), other));
        }
    });
}

/// Tells `to` of its game until it has seen the newest version, or another process is
/// telling it.
async fn echo_in(data: Arc<Data>, to: GameChannel) {
    let Some(ctx) = data.discord.get() else {
        return;
    };
    let lang = data.channel_lang(ctx, to.guild).await;
    let channel = serenity::ChannelId::new(to.channel.0);
    loop {
        match data.host.claim_echo(to.game, to.channel).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => {
                tracing::warn!(error = %e, game = to.game.0, "claiming a game's echo failed");
                return;
            }
        }
        let reply = match data.host.catch_up(to.game, to.channel, lang).await {
            Ok(reply) => reply,
            Err(e) => {
                // Claimed for a minute: the owed posts try it again then.
                tracing::warn!(error = %e, game = to.game.0, "a game's echo could not be made");
                return;
            }
        };
        match data.posts.reply(channel, lang, &reply).await {
            Ok(posting::Posted::Sent(m)) => {
                data.boards
                    .posted(channel, to.game, MessageId(m.id.get()), None);
            }
            Ok(posting::Posted::Covered(_)) => {}
            Err(e) => {
                tracing::warn!(error = %e, game = to.game.0, channel = to.channel.0, "a game's echo could not be posted");
                // Refused for good: given up, as any post. Otherwise it stays owed.
                if !matches!(&e, posting::PostError::Refused { status, .. }
                    if (400..500).contains(status) && *status != 429)
                {
                    return;
                }
            }
        }
        let Some(shown) = reply.shown else {
            return;
        };
        if let Err(e) = data.host.posted(&[(to.channel, shown)]).await {
            tracing::warn!(error = %e, "noting a game's echo failed");
            return;
        }
    }
}

/// Posts `reply` (an offer about a game between two servers) in that game's channels other
/// than `posted_in`, each in its server's language.
pub(super) fn tell_elsewhere(data: &Arc<Data>, posted_in: serenity::ChannelId, reply: &Reply) {
    if reply.elsewhere.is_empty() {
        return;
    }
    let Some(ctx) = data.discord.get() else {
        return;
    };
    let copy = Reply {
        elsewhere: Vec::new(),
        ..reply.clone()
    };
    for place in reply
        .elsewhere
        .iter()
        .filter(|c| c.channel.0 != posted_in.get())
    {
        let (data, ctx, copy, place) = (Arc::clone(data), ctx.clone(), copy.clone(), *place);
        tokio::spawn(async move {
            let lang = data.channel_lang(&ctx, place.guild).await;
            let channel = serenity::ChannelId::new(place.channel.0);
            if let Err(e) = data.posts.reply(channel, lang, &copy).await {
                tracing::warn!(error = %e, game = place.game.0, "an offer could not be told in the game's other channel");
            }
        });
    }
}
