//! `/dama tournament …` and the tournament watcher: the announcement gets a thread of its own
//! for the tournament's news, and each game a thread of its own under the announcing channel
//! (or the channel the server chose), so many games run at once.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::asking::{answer, asker, complete_clock, time_control};
use super::{Context, Data, Error, post};
use dama_core::host::{HostError, Msg, TournamentMsg, TournamentNews, TournamentSpec, Who};
use dama_model::TournamentKind;
use dama_model::{ChannelId, MessageId};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum KindArg {
    #[name = "swiss"]
    Swiss,
    #[name = "arena"]
    Arena,
}

/// Tournaments on this server: Swiss or Arena.
#[poise::command(
    slash_command,
    subcommands(
        "create",
        "join",
        "leave",
        "standings",
        "pairings",
        "export",
        "start",
        "cancel"
    )
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The asker, as an organiser if they may manage the server or its events.
async fn organiser(ctx: &Context<'_>) -> Who {
    let mut who = asker(ctx).await;
    if let poise::Context::Application(a) = ctx
        && let Some(p) = a.interaction.member.as_deref().and_then(|m| m.permissions)
    {
        who.admin |= p.manage_guild() || p.manage_events();
    }
    who
}

/// Create a tournament (Manage Events or Manage Server).
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one per slash-command option
#[tracing::instrument(name = "command", skip_all, fields(command = "create", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn create(
    ctx: Context<'_>,
    kind: KindArg,
    #[autocomplete = "complete_clock"] clock: Option<String>,
    rounds: Option<i64>,
    minutes: Option<i64>,
    starts: Option<String>,
    rated: Option<bool>,
    name: Option<String>,
    pause: Option<i64>,
) -> Result<(), Error> {
    let who = organiser(&ctx).await;
    let control = match time_control(clock.as_deref()) {
        Ok(c) => c,
        Err(e) => return refuse(ctx, &who, e).await,
    };
    let spec = TournamentSpec {
        kind: match kind {
            KindArg::Swiss => TournamentKind::Swiss,
            KindArg::Arena => TournamentKind::Arena,
        },
        control,
        rounds,
        minutes,
        starts,
        rated: rated.unwrap_or(true),
        name: name.unwrap_or_default(),
        pause,
    };
    let data = ctx.data();
    let reply = match data.host.create_tournament(&who, spec).await {
        Ok(r) => r,
        Err(e) => return refuse(ctx, &who, e).await,
    };
    let answer = data.command_reply(who.lang, &reply);
    let sent = super::retry::retry(&data.metrics, "announcing a tournament", || {
        ctx.send(answer.clone())
    })
    .await?;
    let (Some(id), Ok(message)) = (reply.tournament, sent.message().await) else {
        return Ok(());
    };
    // The tournament's news go to a thread on its announcement.
    let title: String = data
        .text(who.lang, &reply)
        .split(':')
        .next()
        .unwrap_or("Dama")
        .chars()
        .filter(|c| *c != '*')
        .take(90)
        .collect();
    let thread = ctx
        .channel_id()
        .create_thread_from_message(ctx, message.id, serenity::CreateThread::new(title))
        .await;
    let thread = match thread {
        Ok(t) => Some(ChannelId(t.id.get())),
        Err(e) => {
            tracing::warn!(error = %e, "creating a tournament thread failed; news go to the channel");
            None
        }
    };
    let message = Some(MessageId(message.id.get()));
    if let Err(e) = data.host.set_announcement(id, message, thread).await {
        tracing::warn!(error = %e, "the tournament's thread was not noted");
    }
    Ok(())
}

/// Join the tournament running or about to start here.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "join", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.join_tournament(&who, None).await;
    answer_and_refresh(ctx, &who, result).await
}

/// Leave the tournament (you can join again).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "leave", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.leave_tournament(&who, None).await;
    answer_and_refresh(ctx, &who, result).await
}

/// The tournament's standings.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "standings", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn standings(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.tournament_standings(&who, None).await;
    answer(ctx, who.lang, result).await
}

/// The Swiss as FIDE's report file (TRF), for arbiters and pairing programs.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "export", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn export(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.tournament_export(&who, None).await;
    answer(ctx, who.lang, result).await
}

/// The current round's pairings.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "pairings", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn pairings(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.tournament_pairings(&who, None).await;
    answer(ctx, who.lang, result).await
}

/// Start the tournament now (its organiser).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "start", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    let who = organiser(&ctx).await;
    let result = ctx.data().host.start_tournament(&who, None).await;
    answer_and_refresh(ctx, &who, result).await
}

/// Call the tournament off (its organiser).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "cancel", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    let who = organiser(&ctx).await;
    let result = ctx.data().host.cancel_tournament(&who, None).await;
    answer_and_refresh(ctx, &who, result).await
}

async fn refuse(ctx: Context<'_>, who: &Who, e: HostError) -> Result<(), Error> {
    answer(ctx, who.lang, Err(e)).await
}

/// Posts a tournament's news, and starts its games in threads of their own.
pub(super) async fn tell(ctx: &serenity::Context, data: &Arc<Data>, mut n: TournamentNews) {
    let lang = data.channel_lang(ctx, Some(n.guild)).await;
    let turned = n.reply.body.iter().any(|m| {
        matches!(
            m,
            Msg::Tournament(
                TournamentMsg::Started { .. }
                    | TournamentMsg::Finished { .. }
                    | TournamentMsg::Cancelled { .. }
            )
        )
    });
    if turned {
        refresh_announcement(ctx, data, n.tournament, Some(n.guild)).await;
    }
    if let Err(e) = data.host.picture_news(&mut n, lang).await {
        tracing::warn!(error = %e, "drawing the standings failed; posting them as text");
    }
    if !n.reply.body.is_empty() {
        let channel = serenity::ChannelId::new(n.channel.0);
        post(&ctx.http, data, channel, lang, &n.reply).await;
    }
    for g in &n.games {
        let parent = serenity::ChannelId::new(g.channel.unwrap_or(g.home).0);
        let name = format!(
            "{} – {}",
            name_of(data, g.white).await,
            name_of(data, g.black).await
        );
        let place = if g.channel.is_some() {
            parent
        } else {
            let thread = serenity::CreateThread::new(name.chars().take(90).collect::<String>())
                .kind(serenity::ChannelType::PublicThread);
            match parent.create_thread(ctx, thread).await {
                Ok(t) => t.id,
                Err(e) => {
                    tracing::warn!(error = %e, "creating a tournament game's thread failed");
                    continue;
                }
            }
        };
        match data
            .host
            .start_pairing(g, ChannelId(place.get()), lang)
            .await
        {
            Ok(Some(reply)) => post(&ctx.http, data, place, lang, &reply).await,
            // Another process started it first.
            Ok(None) => {}
            Err(e) => tracing::warn!(error = %e, "starting a tournament game failed"),
        }
    }
}

/// Brings a tournament's announcement up to date: its count of players, where it stands, and
/// its buttons (gone once it is over).
pub(super) async fn refresh_announcement(
    ctx: &serenity::Context,
    data: &Data,
    id: dama_model::TournamentId,
    guild: Option<dama_model::GuildId>,
) {
    let (channel, message, reply) = match data.host.tournament_announcement(id).await {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(e) => {
            tracing::warn!(error = %e, "reading a tournament's announcement failed");
            return;
        }
    };
    let lang = data.channel_lang(ctx, guild).await;
    let edit = serenity::EditMessage::new()
        .content(data.text(lang, &reply))
        .components(data.components(lang, &reply));
    let channel = serenity::ChannelId::new(channel.0);
    let message = serenity::MessageId::new(message.0);
    if let Err(e) = channel.edit_message(ctx, message, edit).await {
        tracing::warn!(error = %e, "bringing a tournament's announcement up to date failed");
    }
}

/// Answers a tournament command, then brings the announcement up to date if it changed
/// anything.
async fn answer_and_refresh(
    ctx: Context<'_>,
    who: &Who,
    result: Result<dama_core::host::Reply, HostError>,
) -> Result<(), Error> {
    let changed = result.as_ref().ok().and_then(|r| r.tournament);
    answer(ctx, who.lang, result).await?;
    if let Some(id) = changed {
        refresh_announcement(ctx.serenity_context(), ctx.data(), id, who.guild).await;
    }
    Ok(())
}

/// A player's name for a thread's title.
pub(super) async fn name_of(data: &Data, user: dama_model::UserId) -> String {
    match data.host.player_name(user).await {
        Ok(Some(name)) => name,
        _ => "Dama".into(),
    }
}
