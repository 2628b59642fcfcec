//! What Discord sends that is not a slash command: a typed move, and a button's click.

use dama_core::host::{GameAction, Refusal};
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::*;

/// A message whose whole text reads as a move, in a channel with a game, from a player.
#[tracing::instrument(name = "typed", skip_all, fields(channel = %msg.channel_id, user = %msg.author.id))]
pub(super) async fn typed_move(
    ctx: &serenity::Context,
    data: &Arc<Data>,
    msg: &serenity::Message,
) -> Result<(), Error> {
    if msg.author.bot {
        return Ok(());
    }
    let me = ctx.cache.current_user().id;
    // Without the message-content intent, Discord only shows us messages that mention us.
    let text = msg
        .content
        .replace(&format!("<@{me}>"), "")
        .replace(&format!("<@!{me}>"), "");
    if MoveText::parse(&text).is_err() {
        return Ok(());
    }
    let guild = msg.guild_id.map(|g| GuildId(g.get()));
    let lang = data.channel_lang(ctx, guild).await;
    let who = who(&msg.author, msg.channel_id, msg.guild_id, lang, false);
    match data
        .host
        .play_at(&who, &text, Some(stamp(msg.id.get())))
        .await
    {
        Ok(reply) => {
            post(&ctx.http, data, msg.channel_id, lang, &reply).await;
            let typed_at = stamp(msg.id.get());
            let took = data.host.clock().now() - typed_at;
            data.metrics.move_posted(took.to_std());
        }
        // Chatter that happens to look like a move, from someone not playing here.
        Err(HostError::Refused(Refusal::NoGame | Refusal::NotAPlayer)) => {}
        Err(e) => {
            // A refusal pings nobody, not even the player it answers.
            let answer = serenity::CreateMessage::new()
                .content(data.error_text(lang, &e))
                .reference_message(msg)
                .allowed_mentions(serenity::CreateAllowedMentions::new().replied_user(false));
            data.posts.message(msg.channel_id, answer).await?;
        }
    }
    Ok(())
}

#[tracing::instrument(
    name = "button",
    skip_all,
    fields(button = %component.data.custom_id, channel = %component.channel_id, user = %component.user.id)
)]
pub(super) async fn button(
    ctx: &serenity::Context,
    data: &Arc<Data>,
    component: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let guild = component.guild_id.map(|g| GuildId(g.get()));
    let lang = data
        .personal_lang(
            UserId(component.user.id.get()),
            guild,
            Some(&component.locale),
            component.guild_locale.as_deref(),
        )
        .await;
    let admin = manages_server(component.member.as_ref());
    let action = component.data.custom_id.parse::<ButtonAction>();
    // What a button posts in the channel is in the channel's language, its picture too, like
    // a typed move's answer; what only the clicker sees is in theirs.
    let posted = data.channel_lang(ctx, guild).await;
    let private = matches!(
        action,
        Ok(ButtonAction::Game {
            action: GameAction::Hint | GameAction::PlayLink,
            ..
        })
    );
    let who = who(
        &component.user,
        component.channel_id,
        component.guild_id,
        if private { lang } else { posted },
        admin,
    );
    if data.host.activity_on()
        && matches!(
            action,
            Ok(ButtonAction::Game {
                action: GameAction::PlayLink,
                ..
            })
        )
    {
        // The board inside Discord: the players are seated there, anyone else watches.
        component
            .create_response(ctx, serenity::CreateInteractionResponse::LaunchActivity)
            .await?;
        return Ok(());
    }
    component
        .create_response(ctx, serenity::CreateInteractionResponse::Acknowledge)
        .await?;
    let mut channel = component.channel_id;
    let mut taken = None;
    let answered = match action {
        Err(_) => Err(HostError::Refused(Refusal::UnknownButton)),
        // A challenge that asked for a thread gets one once it is accepted, not before.
        Ok(ButtonAction::Challenge { id, accept: true }) => {
            match data.host.accept_challenge(&who, id).await {
                Ok(accepted) => {
                    taken = Some(accepted.settled());
                    let mut thread = None;
                    if accepted.wants_thread() {
                        let name = format!("Dama {}", accepted.id().0);
                        match component
                            .channel_id
                            .create_thread(
                                ctx,
                                serenity::CreateThread::new(name)
                                    .kind(serenity::ChannelType::PublicThread),
                            )
                            .await
                        {
                            Ok(t) => thread = Some(t.id),
                            Err(e) => tracing::warn!(
                                error = %e,
                                "creating a game thread failed; playing in the channel"
                            ),
                        }
                    }
                    channel = thread.unwrap_or(channel);
                    data.host
                        .start_accepted(&who, accepted, thread.map(|t| ChannelId(t.get())))
                        .await
                }
                Err(e) => Err(e),
            }
        }
        Ok(action) => data.host.press(&who, action).await,
    };
    if answered.is_ok() && matches!(action, Ok(ButtonAction::Challenge { .. })) {
        // The challenge is settled: its buttons go grey, and its post says who took it in
        // place of the invitation (a declined or withdrawn one keeps its words).
        let mut edit =
            serenity::EditInteractionResponse::new().components(disabled(&component.message));
        if let Some(taken) = &taken {
            // In the channel's language, as the challenge was posted.
            edit = edit.content(data.text(posted, taken));
        }
        if let Err(e) = component.edit_response(ctx, edit).await {
            tracing::warn!(error = %e, "greying a settled challenge's buttons failed");
        }
    }
    // A tournament's entries change its announcement, edited in place.
    let entered = match (&action, &answered) {
        (Ok(ButtonAction::Tournament { id, .. }), Ok(reply)) => reply.tournament.map(|_| *id),
        _ => None,
    };
    match answered {
        Ok(reply) if reply.ephemeral => {
            let mut followup = serenity::CreateInteractionResponseFollowup::new()
                .content(data.text(lang, &reply))
                .ephemeral(true)
                .allowed_mentions(serenity::CreateAllowedMentions::new())
                .components(data.components(lang, &reply))
                .add_files(attachments(&reply));
            if let Some(e) = board_embed(&reply) {
                followup = followup.embed(e);
            }
            component.create_followup(ctx, followup).await?;
        }
        Ok(reply) => post(&ctx.http, data, channel, posted, &reply).await,
        Err(e) => {
            component
                .create_followup(
                    ctx,
                    serenity::CreateInteractionResponseFollowup::new()
                        .content(data.error_text(lang, &e))
                        .ephemeral(true)
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
                .await?;
        }
    }
    if let Some(id) = entered {
        tournaments::refresh_announcement(ctx, data, id, guild).await;
    }
    Ok(())
}
