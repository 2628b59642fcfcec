//! What every command does first and last, whatever its theme: who is asking (their language,
//! whether they manage the server), a time control as typed and its autocompletion, and the
//! host's answer sent back (a refusal privately) with the AI's turn started when it is due.

use dama_core::host::Refusal;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::{Context, Error, manages_server, spawn_ai_turn, who};
use dama_core::host::{HostError, HostResult, Lang, Who};
use dama_model::{GuildId, UserId};
use dama_play::clock::TimeControl;

/// The asker's language: their own choice, else their Discord language, else the server's.
pub(super) async fn lang(ctx: &Context<'_>) -> Lang {
    let (guild_locale, user) = match ctx {
        poise::Context::Application(a) => (a.interaction.guild_locale.as_deref(), ctx.author()),
        poise::Context::Prefix(_) => (None, ctx.author()),
    };
    ctx.data()
        .personal_lang(
            UserId(user.id.get()),
            ctx.guild_id().map(|g| GuildId(g.get())),
            ctx.locale(),
            guild_locale,
        )
        .await
}

pub(super) async fn asker(ctx: &Context<'_>) -> Who {
    let admin = match ctx {
        poise::Context::Application(a) => manages_server(a.interaction.member.as_deref()),
        poise::Context::Prefix(_) => false,
    };
    who(
        ctx.author(),
        ctx.channel_id(),
        ctx.guild_id(),
        lang(ctx).await,
        admin,
    )
}

/// Sends the host's answer (or its refusal, privately) and starts the AI's turn if it is due.
pub(super) async fn answer(ctx: Context<'_>, lang: Lang, result: HostResult) -> Result<(), Error> {
    let data = ctx.data();
    match result {
        Ok(reply) => {
            let answer = data.command_reply(lang, &reply);
            let sent = super::retry::retry(&data.metrics, "answering a command", || {
                ctx.send(answer.clone())
            })
            .await?;
            if (reply.game.is_some() || reply.shown.is_some() || reply.challenge().is_some())
                && let Ok(m) = sent.message().await
            {
                super::remember(&data.0, ctx.channel_id(), &reply, m.id).await;
            }
            super::echo::tell_elsewhere(&data.0, ctx.channel_id(), &reply);
            if let Some(game) = reply.ai_turn {
                spawn_ai_turn(
                    Arc::clone(&ctx.serenity_context().http),
                    Arc::clone(&data.0),
                    ctx.channel_id(),
                    game,
                    lang,
                );
            }
        }
        Err(e) => {
            ctx.send(data.refusal(lang, &e)).await?;
        }
    }
    Ok(())
}

/// A time control as given (none: the default, three days a move).
pub(super) fn time_control(text: Option<&str>) -> Result<TimeControl, HostError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(TimeControl::default()),
        Some(t) => t
            .parse()
            .map_err(|e| HostError::Refused(Refusal::TimeControl(e))),
    }
}

/// The usual time controls that start with what was typed, named in the asker's language
/// ("5+3 blitz"); a time control typed in full comes first.
pub(super) async fn complete_clock(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let usual = dama_play::clock::USUAL
        .iter()
        .filter_map(|t| t.parse().ok());
    clock_choices(ctx, partial, usual).await
}

/// The clocks of `offered` that start with what was typed, named in the asker's language; a
/// time control typed in full comes first.
pub(super) async fn clock_choices(
    ctx: Context<'_>,
    partial: &str,
    offered: impl IntoIterator<Item = TimeControl>,
) -> serenity::CreateAutocompleteResponse {
    let lang = lang(&ctx).await;
    let partial = partial.trim();
    let typed = partial.parse::<TimeControl>().ok();
    let usual = offered
        .into_iter()
        .filter(|c| c.to_string().starts_with(partial) && Some(*c) != typed);
    let choices = typed
        .into_iter()
        .chain(usual)
        .take(25)
        .map(|c| {
            let name = ctx.data().time_control_name(lang, c);
            serenity::AutocompleteChoice::new(name, c.to_string())
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
