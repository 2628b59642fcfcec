//! The host on Discord, with poise on serenity: the `/dama` commands, buttons, typed moves,
//! the AI's turns, the minute sweep (expired challenges, time-outs) and a graceful shutdown.
//! No game logic lives here: every decision is the host's.

mod commands;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::engine::MoveText;
use crate::host::{Host, HostError, Reply, Who};

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and event sees.
pub struct Data {
    pub host: Arc<Host>,
}

/// The bot's settings (DESIGN.md §3).
#[derive(Clone, Debug)]
pub struct Config {
    pub token: String,
    /// A Discord-compatible HTTP endpoint in place of Discord itself.
    pub api_base: Option<String>,
    /// Register the commands in this guild only.
    pub guild: Option<u64>,
    /// Ask for the privileged message-content intent (typed moves anywhere in a game channel).
    pub message_content: bool,
}

fn who(
    user: &serenity::User,
    channel: serenity::ChannelId,
    guild: Option<serenity::GuildId>,
) -> Who {
    Who {
        user: user.id.get(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        channel: channel.get(),
        guild: guild.map(|g| g.get()),
    }
}

/// The buttons of a reply as Discord action rows (five to a row).
fn components(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .buttons
        .chunks(5)
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        serenity::CreateButton::new(&b.id)
                            .label(b.label)
                            .style(match b.style {
                                crate::host::ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                crate::host::ButtonStyle::Secondary => {
                                    serenity::ButtonStyle::Secondary
                                }
                                crate::host::ButtonStyle::Success => serenity::ButtonStyle::Success,
                                crate::host::ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(reply.mentions.iter().map(|&u| serenity::UserId::new(u)))
}

fn board_embed(reply: &Reply) -> Option<serenity::CreateEmbed> {
    reply.board.as_ref().map(|_| {
        let mut embed = serenity::CreateEmbed::new().image("attachment://board.png");
        if let Some(fen) = &reply.fen {
            embed = embed.footer(serenity::CreateEmbedFooter::new(fen.clone()));
        }
        embed
    })
}

fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    let mut files = Vec::new();
    if let Some(png) = &reply.board {
        files.push(serenity::CreateAttachment::bytes(png.to_vec(), "board.png"));
    }
    if let Some(f) = &reply.file {
        files.push(serenity::CreateAttachment::bytes(
            f.bytes.clone(),
            f.name.clone(),
        ));
    }
    files
}

/// The buttons of `message`, all disabled.
fn disabled(message: &serenity::Message) -> Vec<serenity::CreateActionRow> {
    message
        .components
        .iter()
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.components
                    .iter()
                    .filter_map(|c| match c {
                        serenity::ActionRowComponent::Button(b) => {
                            Some(serenity::CreateButton::from(b.clone()).disabled(true))
                        }
                        _ => None,
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A host reply as a new channel message.
pub fn message(reply: &Reply) -> serenity::CreateMessage {
    let mut m = serenity::CreateMessage::new()
        .content(&reply.text)
        .allowed_mentions(mentions(reply))
        .components(components(reply));
    if let Some(e) = board_embed(reply) {
        m = m.embed(e);
    }
    for a in attachments(reply) {
        m = m.add_file(a);
    }
    m
}

/// A host reply as a command response.
pub fn command_reply(reply: &Reply) -> poise::CreateReply {
    let mut r = poise::CreateReply::default()
        .content(&reply.text)
        .ephemeral(reply.ephemeral)
        .allowed_mentions(mentions(reply))
        .components(components(reply));
    if let Some(e) = board_embed(reply) {
        r = r.embed(e);
    }
    for a in attachments(reply) {
        r = r.attachment(a);
    }
    r
}

/// Posts the AI's move (and any that follow) in `channel`, showing it typing meanwhile.
pub fn spawn_ai_turn(
    http: Arc<serenity::Http>,
    host: Arc<Host>,
    channel: serenity::ChannelId,
    game: i64,
) {
    tokio::spawn(async move {
        let mut next = Some(game);
        while let Some(id) = next.take() {
            let typing = channel.start_typing(&http);
            let result = host.ai_move(id).await;
            drop(typing);
            match result {
                Ok(Some(reply)) => {
                    next = reply.ai_turn;
                    match channel.send_message(&http, message(&reply)).await {
                        Ok(sent) => {
                            if let Some(g) = reply.game {
                                let _ = host.set_board_message(g, sent.id.get()).await;
                            }
                        }
                        Err(e) => {
                            tracing::error!(error = %e, game = id, "posting the AI's move failed")
                        }
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, game = id, "the AI's move failed"),
            }
        }
    });
}

/// Runs the bot until SIGINT or SIGTERM.
pub async fn run(config: Config, host: Arc<Host>) -> Result<(), Error> {
    let mut intents = serenity::GatewayIntents::GUILDS
        | serenity::GatewayIntents::GUILD_MESSAGES
        | serenity::GatewayIntents::DIRECT_MESSAGES;
    if config.message_content {
        intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
    }
    let guild = config.guild;
    let setup_host = Arc::clone(&host);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![commands::dama()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(g),
                        )
                        .await?
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?
                    }
                }
                // A game whose turn was the AI's when we stopped goes on now.
                for id in setup_host.pending_ai_games().await? {
                    if let Some(row) = setup_host.store().game(id).await? {
                        spawn_ai_turn(
                            Arc::clone(&ctx.http),
                            Arc::clone(&setup_host),
                            serenity::ChannelId::new(row.channel_id as u64),
                            id,
                        );
                    }
                }
                spawn_sweeper(Arc::clone(&ctx.http), Arc::clone(&setup_host));
                Ok(Data { host: setup_host })
            })
        })
        // No owner-only commands: skip asking Discord for the application's owners.
        .initialize_owners(false)
        .build();

    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // The rate limiter does not go through a proxy; the proxy limits instead.
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), intents)
        .framework(framework)
        .await?;
    let shards = Arc::clone(&client.shard_manager);
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down: finishing what is in flight");
        shards.shutdown_all().await;
    });
    client.start().await?;
    host.store().close().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Every minute: expired challenges, warnings and losses on time.
fn spawn_sweeper(http: Arc<serenity::Http>, host: Arc<Host>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            match host.sweep().await {
                Ok(notices) => {
                    for n in notices {
                        let channel = serenity::ChannelId::new(n.channel);
                        if let Err(e) = channel.send_message(&http, message(&n.reply)).await {
                            tracing::warn!(error = %e, channel = n.channel, "posting a notice failed");
                        }
                    }
                }
                Err(e) => tracing::error!(error = %e, "the sweep failed"),
            }
        }
    });
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(error = %error, command = %ctx.command().qualified_name, "command failed");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Sorry, something went wrong on our side. Please try again in a moment.")
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "handling an error failed");
            }
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    match event {
        serenity::FullEvent::Message { new_message } => typed_move(ctx, data, new_message).await,
        serenity::FullEvent::InteractionCreate { interaction } => {
            if let Some(component) = interaction.as_message_component() {
                button(ctx, data, component).await?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A message whose whole text reads as a move, in a channel with a game, from a player.
async fn typed_move(
    ctx: &serenity::Context,
    data: &Data,
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
    let who = who(&msg.author, msg.channel_id, msg.guild_id);
    match data.host.play(&who, &text).await {
        Ok(reply) => {
            let sent = msg.channel_id.send_message(ctx, message(&reply)).await?;
            if let Some(g) = reply.game {
                let _ = data.host.set_board_message(g, sent.id.get()).await;
            }
            if let Some(game) = reply.ai_turn {
                spawn_ai_turn(
                    Arc::clone(&ctx.http),
                    Arc::clone(&data.host),
                    msg.channel_id,
                    game,
                );
            }
        }
        // Chatter that happens to look like a move, from someone not playing here.
        Err(HostError::NoGame | HostError::NotAPlayer) => {}
        Err(e) => {
            msg.reply(ctx, e.to_string()).await?;
        }
    }
    Ok(())
}

async fn button(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let who = who(&component.user, component.channel_id, component.guild_id);
    // A challenge that asked for a thread gets one when it is accepted.
    let mut thread = None;
    if let Some(crate::host::ButtonAction::Challenge { id, accept: true }) =
        crate::host::parse_button(&component.data.custom_id)
        && let Ok(Some(c)) = data.host.store().challenge(id).await
        && c.thread
        && c.status == "open"
        && c.challenged_id as u64 == who.user
    {
        let name = format!("Dama game {id}");
        match component
            .channel_id
            .create_thread(
                ctx,
                serenity::CreateThread::new(name).kind(serenity::ChannelType::PublicThread),
            )
            .await
        {
            Ok(t) => thread = Some(t.id),
            Err(e) => {
                tracing::warn!(error = %e, "creating a game thread failed; playing in the channel")
            }
        }
    }
    component
        .create_response(ctx, serenity::CreateInteractionResponse::Acknowledge)
        .await?;
    let answered = data
        .host
        .button(&who, &component.data.custom_id, thread.map(|t| t.get()))
        .await;
    if answered.is_ok() && component.data.custom_id.starts_with("challenge:") {
        // The challenge is settled: its buttons go grey.
        let edit =
            serenity::EditInteractionResponse::new().components(disabled(&component.message));
        if let Err(e) = component.edit_response(ctx, edit).await {
            tracing::warn!(error = %e, "greying a settled challenge's buttons failed");
        }
    }
    match answered {
        Ok(reply) => {
            let channel = thread.unwrap_or(component.channel_id);
            let sent = channel.send_message(ctx, message(&reply)).await?;
            if let Some(g) = reply.game {
                let _ = data.host.set_board_message(g, sent.id.get()).await;
            }
            if let Some(game) = reply.ai_turn {
                spawn_ai_turn(Arc::clone(&ctx.http), Arc::clone(&data.host), channel, game);
            }
        }
        Err(e) => {
            component
                .create_followup(
                    ctx,
                    serenity::CreateInteractionResponseFollowup::new()
                        .content(e.to_string())
                        .ephemeral(true),
                )
                .await?;
        }
    }
    Ok(())
}
