//! `/dama seek` and the games the pools pair: each opens in a thread of the channel where the
//! player who waited longer sought (or in the channel itself where no thread can be made),
//! both players mentioned; a game between two servers in a thread of each player's channel.
//! `/dama network` joins a server to the network.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::asking::{answer, asker, time_control};
use super::{Context, Data, Error, post};
use dama_core::host::Meeting;
use dama_model::ChannelId;

/// Wait for an opponent on a clock: the bot pairs you with a player near your rating.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "seek", channel = %ctx.channel_id(), user = %ctx.author().id))]
pub(super) async fn seek(
    ctx: Context<'_>,
    #[autocomplete = "complete_pool"] clock: Option<String>,
    rated: Option<bool>,
    everywhere: Option<bool>,
) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let host = &ctx.data().host;
    let result = match clock.as_deref() {
        None => host.seeking(&who).await,
        Some(text) => match time_control(Some(text)) {
            Ok(control) => {
                let rated = rated.unwrap_or(true);
                host.seek(&who, control, rated, everywhere.unwrap_or(false))
                    .await
            }
            Err(e) => Err(e),
        },
    };
    answer(ctx, who.lang, result).await
}

/// Join this server to the network of Dama servers, or leave it (without join: whether it is in).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "network", channel = %ctx.channel_id(), user = %ctx.author().id))]
pub(super) async fn network(ctx: Context<'_>, join: Option<bool>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.network(&who, join).await;
    answer(ctx, who.lang, result).await
}

/// The pools offered first: lichess's, and a day or three a move.
async fn complete_pool(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    super::asking::clock_choices(ctx, partial, dama_play::pool::USUAL_POOLS).await
}

/// Opens a paired game: a thread named for its players under the channel where the player
/// who waited longer sought, its first board there; from two servers, a thread under the
/// other player's channel too, whose first board is the echo of this one.
pub(super) async fn open_meeting(ctx: &serenity::Context, data: &Arc<Data>, m: Meeting) {
    let lang = data.channel_lang(ctx, m.guild).await;
    let parent = serenity::ChannelId::new(m.channel.0);
    let name = format!(
        "{} – {} · {}",
        super::tournaments::name_of(data, m.white).await,
        super::tournaments::name_of(data, m.black).await,
        m.control
    );
    let thread = open_thread(ctx, parent, &name).await;
    let other_thread = match m.other {
        Some(o) => open_thread(ctx, serenity::ChannelId::new(o.channel.0), &name).await,
        None => None,
    };
    let place = thread.unwrap_or(parent);
    let id = |t: serenity::ChannelId| ChannelId(t.get());
    match data
        .host
        .start_meeting(m.id, thread.map(id), other_thread.map(id), lang)
        .await
    {
        Ok(Some(reply)) => post(&ctx.http, data, place, lang, &reply).await,
        // Another process opened it first.
        Ok(None) => {}
        Err(e) => tracing::warn!(error = %e, meeting = m.id.0, "opening a paired game failed"),
    }
}

/// A public thread for a paired game under `parent`, if one can be made there.
async fn open_thread(
    ctx: &serenity::Context,
    parent: serenity::ChannelId,
    name: &str,
) -> Option<serenity::ChannelId> {
    let thread = serenity::CreateThread::new(name.chars().take(90).collect::<String>())
        .kind(serenity::ChannelType::PublicThread);
    match parent.create_thread(ctx, thread).await {
        Ok(t) => Some(t.id),
        Err(e) => {
            tracing::warn!(error = %e, "creating a paired game's thread failed; playing in the channel");
            None
        }
    }
}

/// Block a player: no challenges from them, never paired with them (without a user: your list).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "block", channel = %ctx.channel_id(), user = %ctx.author().id))]
pub(super) async fn block(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let host = &ctx.data().host;
    let result = match user {
        None => host.block_list(&who).await,
        Some(u) => {
            let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
            host.block(&who, dama_model::UserId(u.id.get()), &name)
                .await
        }
    };
    answer(ctx, who.lang, result).await
}

/// Unblock a player you blocked.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "unblock", channel = %ctx.channel_id(), user = %ctx.author().id))]
pub(super) async fn unblock(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx
        .data()
        .host
        .unblock(&who, dama_model::UserId(user.id.get()))
        .await;
    answer(ctx, who.lang, result).await
}
