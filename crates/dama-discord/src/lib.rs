//! The host on Discord, with poise on serenity: the `/dama` commands, buttons, typed moves,
//! the AI's turns, the minute sweep (expired challenges, time-outs) and a graceful shutdown.
//! No game logic lives here: every decision is the host's, every sentence the `words` layer's.

mod asking;
mod boards;
mod commands;
mod echo;
mod events;
mod intents;
mod localize;
mod posting;
pub mod retry;
mod seeking;
mod shards;
mod sweeper;
mod tournaments;
use dama_model::{Millis, UnixMs};
use dama_telemetry::Metrics;
pub use shards::{MAX_SHARD_COUNT, MAX_SHARDS_PER_PROCESS, Shards};
use sweeper::spawn_duties;

use std::sync::Arc;
use std::time::Duration;
use tracing::Instrument;

use poise::serenity_prelude as serenity;
use secrecy::{ExposeSecret, SecretString};

use dama_core::host::{ButtonAction, ButtonStyle, Host, HostError, Lang, Reply, Who};
use dama_core::words::{Markup, Surface, Words};
use dama_model::{ChannelId, GameId, GuildId, MessageId, UserId};
use dama_rules::MoveText;

/// What a command handler may fail with (poise logs it and answers with an apology).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// What a command handler is given.
pub type Context<'a> = poise::Context<'a, Shared, Error>;

/// Discord allows this many characters in a message's text.
const MAX_CONTENT: usize = 2000;

/// What every command and event sees.
pub struct Data {
    /// The host every command asks.
    pub host: Arc<Host>,
    /// The words, in every language.
    pub words: Arc<Words>,
    /// Held (shared) by every AI turn in flight; a stopping process takes it whole, which
    /// waits for them.
    pub turns: Arc<tokio::sync::RwLock<()>>,
    /// Boards posted, for the task that keeps only the newest one's buttons.
    pub boards: boards::Boards,
    /// Every channel's messages, created at the pace Discord allows.
    pub posts: posting::Posts,
    /// What the bot counts of its calls to Discord and of its boards.
    pub metrics: Arc<Metrics>,
    /// The connection to Discord, once made (the echoes of games between servers read their
    /// channels' languages through it).
    pub discord: std::sync::OnceLock<serenity::Context>,
}

/// The bot's settings (`docs/running/configuration.md`).
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot's token (`DISCORD_TOKEN`; its `Debug` never shows it).
    pub token: SecretString,
    /// A Discord-compatible HTTP endpoint in place of Discord itself.
    pub api_base: Option<String>,
    /// Register the commands in this guild only.
    pub guild: Option<u64>,
    /// Ask for the privileged message-content intent (typed moves anywhere in a game channel).
    pub message_content: bool,
    /// Ask for the privileged server-members intent, to hear who leaves a server.
    pub member_events: bool,
    /// The shards this process runs (`None`: the one shard of a single process).
    pub shards: Option<Shards>,
    /// How often the sweep runs (every minute by default).
    pub sweep_every: Duration,
    /// Where the shards' state is reported for the web's `/healthz` and `/metrics`.
    pub health: Option<Arc<dama_telemetry::Health>>,
    /// Where Discord's errors, retries and the time from a move to its board are counted.
    pub metrics: Arc<Metrics>,
}

/// Users as mentions, times as Discord timestamps, commands as `/dama …`.
pub struct DiscordMarkup;

impl Markup for DiscordMarkup {
    fn user(&self, id: UserId) -> String {
        format!("<@{}>", id.0)
    }
    fn surface(&self) -> Surface {
        Surface::Discord
    }
}

/// The moment Discord stamped on a message or an interaction: the top
/// bits of its snowflake count milliseconds since 2015.
pub fn stamp(snowflake: u64) -> UnixMs {
    const DISCORD_EPOCH: UnixMs = UnixMs(1_420_070_400_000);
    DISCORD_EPOCH + Millis((snowflake >> 22) as i64)
}

/// What a nicety asks of the host (a language choice, a list of suggestions), or nothing
/// when the host could not answer: the error is logged and the usual default stands in.
pub(crate) fn or_default<T: Default>(asked: Result<T, HostError>) -> T {
    asked.unwrap_or_else(|e| {
        e.log_internal();
        T::default()
    })
}

impl Data {
    /// The language of a reply to one person: their own choice, else their Discord language,
    /// else the server's.
    async fn personal_lang(
        &self,
        user: UserId,
        guild: Option<GuildId>,
        locale: Option<&str>,
        guild_locale: Option<&str>,
    ) -> Lang {
        let chosen = or_default(self.host.languages(Some(user), guild).await);
        self.words.choose([
            chosen.user.as_deref(),
            locale,
            chosen.guild.as_deref(),
            guild_locale,
        ])
    }

    /// The language of what the whole channel reads: the server's choice, else the server's
    /// preferred locale, else English.
    async fn channel_lang(&self, ctx: &serenity::Context, guild: Option<GuildId>) -> Lang {
        let Some(g) = guild else {
            return Lang::ENGLISH;
        };
        let chosen = or_default(self.host.languages(None, Some(g)).await);
        let preferred = ctx
            .cache
            .guild(serenity::GuildId::new(g.0))
            .map(|g| g.preferred_locale.clone());
        self.words
            .choose([chosen.guild.as_deref(), preferred.as_deref()])
    }

    /// A reply's words in `lang`, within Discord's length limit.
    fn text(&self, lang: Lang, reply: &Reply) -> String {
        reply_text(&self.words, lang, reply)
    }

    /// A time control named as players say it, in `lang` ("5+3 blitz").
    pub fn time_control_name(&self, lang: Lang, control: dama_play::clock::TimeControl) -> String {
        self.words
            .writer(lang, &DiscordMarkup)
            .time_control(control)
    }

    fn error_text(&self, lang: Lang, e: &HostError) -> String {
        e.log_internal();
        fit(self.words.writer(lang, &DiscordMarkup).error(e))
    }

    /// The buttons of a reply as Discord action rows (five to a row), labelled in `lang`.
    fn components(&self, lang: Lang, reply: &Reply) -> Vec<serenity::CreateActionRow> {
        reply_components(&self.words, lang, reply)
    }

    /// A host reply as a command response.
    pub fn command_reply(&self, lang: Lang, reply: &Reply) -> poise::CreateReply {
        let mut r = poise::CreateReply::default()
            .content(self.text(lang, reply))
            .ephemeral(reply.ephemeral)
            .allowed_mentions(mentions(reply))
            .components(self.components(lang, reply));
        if let Some(e) = board_embed(reply) {
            r = r.embed(e);
        }
        for a in attachments(reply) {
            r = r.attachment(a);
        }
        r
    }

    /// A refusal as a private command response, pinging no one.
    pub fn refusal(&self, lang: Lang, e: &HostError) -> poise::CreateReply {
        poise::CreateReply::default()
            .content(self.error_text(lang, e))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
    }
}

/// A reply's buttons as Discord action rows (five to a row), labelled in `lang`.
fn reply_components(words: &Words, lang: Lang, reply: &Reply) -> Vec<serenity::CreateActionRow> {
    let w = words.writer(lang, &DiscordMarkup);
    reply
        .buttons
        .chunks(5)
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.action.to_string())
                            .label(w.button(b.label))
                            .style(match b.style {
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// A reply's words in `lang`, within Discord's length limit.
fn reply_text(words: &Words, lang: Lang, reply: &Reply) -> String {
    fit(words.writer(lang, &DiscordMarkup).reply(reply))
}

/// A host reply as a new channel message, without its files ([`attachments`]).
fn render_message(words: &Words, lang: Lang, reply: &Reply) -> serenity::CreateMessage {
    let mut m = serenity::CreateMessage::new()
        .content(reply_text(words, lang, reply))
        .allowed_mentions(mentions(reply))
        .components(reply_components(words, lang, reply));
    if let Some(e) = board_embed(reply) {
        m = m.embed(e);
    }
    m
}

/// Cuts a text to Discord's limit (only tables could grow so long).
fn fit(mut text: String) -> String {
    if text.chars().count() > MAX_CONTENT {
        text = text.chars().take(MAX_CONTENT - 1).collect();
        text.push('…');
    }
    text
}

fn who(
    user: &serenity::User,
    channel: serenity::ChannelId,
    guild: Option<serenity::GuildId>,
    lang: Lang,
    admin: bool,
) -> Who {
    Who {
        user: UserId(user.id.get()),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
        channel: ChannelId(channel.get()),
        guild: guild.map(|g| GuildId(g.get())),
        lang,
        admin,
        game: None,
    }
}

/// Whether a member may manage the server (permissions as the interaction computed them).
fn manages_server(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(poise::serenity_prelude::Permissions::manage_guild)
}

fn mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    // Discord takes at most 100 users to ping in one message.
    serenity::CreateAllowedMentions::new().users(
        reply
            .mentions
            .iter()
            .take(100)
            .map(|u| serenity::UserId::new(u.0)),
    )
}

fn board_embed(reply: &Reply) -> Option<serenity::CreateEmbed> {
    reply.board.as_ref().map(|_| {
        let mut embed = serenity::CreateEmbed::new().image("attachment://board.png");
        if let (Some(link), Some(game)) = (&reply.game_link, reply.game) {
            embed = embed.title(format!("Dama #{game} ↗")).url(link);
        }
        embed
    })
}

fn attachments(reply: &Reply) -> Vec<serenity::CreateAttachment> {
    let mut files = Vec::new();
    if let Some(png) = &reply.board {
        files.push(serenity::CreateAttachment::bytes(png.to_vec(), "board.png"));
    }
    for f in reply.file.iter().chain(&reply.attachment) {
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

/// Posts a reply in a channel in its turn (`posting`) and remembers the message that shows a
/// game's board. If it cannot be posted, a warning names the game: its next board (or
/// `/dama board`) shows the position.
async fn deliver(data: &Arc<Data>, channel: serenity::ChannelId, lang: Lang, reply: &Reply) {
    let posted = data.posts.reply(channel, lang, reply);
    delivered(data, channel, reply, posted.await).await;
}

/// Remembers a reply's message once posted, or warns that it could not be.
async fn delivered(
    data: &Arc<Data>,
    channel: serenity::ChannelId,
    reply: &Reply,
    posted: Result<posting::Posted, posting::PostError>,
) {
    match posted {
        Ok(posting::Posted::Sent(sent)) => remember(data, channel, reply, sent.id).await,
        // A newer board of the game was posted in its place, and remembered as such.
        Ok(posting::Posted::Covered(_)) => {}
        Err(e) => {
            tracing::warn!(
                error = %e,
                game = ?reply.game.map(|g| g.0),
                channel = channel.get(),
                "a reply could not be posted"
            );
            // Refused for good (the channel is gone, or closed to the bot): the change is
            // given up, not owed for ever. Otherwise it stays owed, and is posted later.
            if let posting::PostError::Refused { status, .. } = &e
                && (400..500).contains(status)
                && *status != 429
            {
                if let Some(shown) = reply.shown
                    && let Err(e) = data.host.posted(&[(ChannelId(channel.get()), shown)]).await
                {
                    tracing::warn!(error = %e, "giving up a post failed");
                }
                if let Some(round) = reply.announced
                    && let Err(e) = data.host.announced(round).await
                {
                    tracing::warn!(error = %e, "giving up a round's announcement failed");
                }
            }
        }
    }
}

/// Posts a reply in a channel, then starts the AI's turn if it follows.
async fn post(
    http: &Arc<serenity::Http>,
    data: &Arc<Data>,
    channel: serenity::ChannelId,
    lang: Lang,
    reply: &Reply,
) {
    queue_post(http, data, channel, lang, reply).await;
}

/// Queues a reply in its channel now (in order with what was queued before) and starts the
/// AI's turn if it follows; the future remembers the message once it is posted.
fn queue_post(
    http: &Arc<serenity::Http>,
    data: &Arc<Data>,
    channel: serenity::ChannelId,
    lang: Lang,
    reply: &Reply,
) -> impl Future<Output = ()> + Send + 'static {
    // Queued before the AI's turn starts, so its board comes first; the AI does not wait
    // for it to be posted (its clock runs).
    let posted = data.posts.reply(channel, lang, reply);
    echo::tell_elsewhere(data, channel, reply);
    if let Some(settled) = reply.settles.clone() {
        let grey = sweeper::grey(Arc::clone(http), Arc::clone(data), channel, lang, settled);
        tokio::spawn(grey);
    }
    if let Some(game) = reply.ai_turn {
        spawn_ai_turn(Arc::clone(http), Arc::clone(data), channel, game, lang);
    }
    let (data, reply) = (Arc::clone(data), reply.clone());
    async move { delivered(&data, channel, &reply, posted.await).await }
}

/// Remembers the message that shows a game's board (in the background, which also takes the
/// buttons off the board it replaces) or a challenge (greyed if it expires).
async fn remember(
    data: &Arc<Data>,
    channel: serenity::ChannelId,
    reply: &Reply,
    message: serenity::MessageId,
) {
    let id = MessageId(message.get());
    if let Some(challenge) = reply.challenge()
        && let Err(e) = data.host.set_challenge_message(challenge, id).await
    {
        tracing::warn!(error = %e, "remembering the challenge message failed");
    }
    if let Some(round) = reply.announced
        && let Err(e) = data.host.announced(round).await
    {
        tracing::warn!(error = %e, "noting a round as announced failed");
    }
    let shown = reply.shown.filter(|_| !reply.ephemeral);
    if let Some(s) = shown {
        echo::echo_change(data, s.game, channel);
    }
    match (reply.game, shown) {
        (Some(game), shown) => data.boards.posted(channel, game, id, shown),
        (None, Some(shown)) => data.boards.shown(channel, shown),
        (None, None) => {}
    }
}

/// Posts the AI's move (and any that follow) in `channel`, showing it typing meanwhile.
pub fn spawn_ai_turn(
    http: Arc<serenity::Http>,
    data: Arc<Data>,
    channel: serenity::ChannelId,
    game: GameId,
    lang: Lang,
) {
    let span = tracing::info_span!("ai_turn", game = game.0, channel = %channel);
    let turn = async move {
        let _in_flight = Arc::clone(&data.turns).read_owned().await;
        let mut next = Some(game);
        while let Some(id) = next.take() {
            let typing = channel.start_typing(&http);
            let result = data.host.ai_move(id, lang).await;
            drop(typing);
            match result {
                Ok(Some(reply)) => {
                    next = reply.ai_turn;
                    deliver(&data, channel, lang, &reply).await;
                }
                Ok(None) => {}
                Err(e) => tracing::error!(error = %e, game = id.0, "the AI's move failed"),
            }
        }
    };
    tokio::spawn(turn.instrument(span));
}

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(
        "Discord refused the token in DISCORD_TOKEN (401 Unauthorized): copy the bot's token again from the Developer Portal"
    )]
    /// Discord refused the token.
    BadToken,
    #[error(
        "Discord refused the privileged intents asked for (\"Disallowed gateway intents were provided\"): {0}"
    )]
    /// A privileged intent asked for (message content, server members) is not enabled for the
    /// application; what to do.
    IntentsRefused(String),
    /// Another failure of serenity's.
    #[error("{0}")]
    Discord(#[from] serenity::Error),
}

/// The HTTP client: to Discord itself, or through `DISCORD_API_BASE` (where the proxy does
/// the rate limiting, so ours is off).
fn http(config: &Config) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(config.token.expose_secret());
    if let Some(base) = &config.api_base {
        http = http
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    http.build()
}

/// Asks Discord (or the proxy) who we are and where its gateway is, trying again until it
/// answers; `None` if a signal came first. A refused token is final.
async fn reach_discord(
    http: &serenity::Http,
    stop: &mut tokio::sync::watch::Receiver<bool>,
) -> Result<Option<String>, RunError> {
    let mut wait = Duration::from_millis(500);
    loop {
        let attempt = async {
            http.get_current_user().await?;
            http.get_gateway().await
        };
        let result = tokio::select! {
            r = attempt => r,
            _ = stop.wait_for(|s| *s) => return Ok(None),
        };
        match result {
            Ok(gateway) => return Ok(Some(gateway.url)),
            Err(e) if retry::status(&e) == Some(401) => return Err(RunError::BadToken),
            Err(e) => {
                tracing::warn!(error = %e, "Discord cannot be reached; trying again in {wait:?}");
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = stop.wait_for(|s| *s) => return Ok(None),
                }
                wait = (wait * 2).min(Duration::from_secs(30));
            }
        }
    }
}

/// Runs the bot until SIGINT or SIGTERM, which stop it within 5 s in every state, connecting
/// included.
pub async fn run(config: Config, host: Arc<Host>, words: Arc<Words>) -> Result<(), RunError> {
    let (stop_tx, mut stop) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down: finishing what is in flight");
        let _ = stop_tx.send(true);
    });
    let turns = Arc::new(tokio::sync::RwLock::new(()));
    let result = serve(config, &host, words, Arc::clone(&turns), &mut stop).await;
    // The AI's turns in flight end with their moves posted (a master thinks 2 s); then the
    // others may take over at once what this process held. The whole stop stays within 5 s.
    if tokio::time::timeout(Duration::from_millis(2500), turns.write())
        .await
        .is_err()
    {
        tracing::warn!(
            "AI turns still thinking are left to the other processes (or to the next start)"
        );
    }
    match host.release_work().await {
        Ok(claims) => tracing::info!(claims, "released the sweep lease and the AI claims"),
        Err(e) => tracing::warn!(error = %e, "the lease and claims are left to run out"),
    }
    host.close().await;
    result
}

async fn serve(
    config: Config,
    host: &Arc<Host>,
    words: Arc<Words>,
    turns: Arc<tokio::sync::RwLock<()>>,
    stop: &mut tokio::sync::watch::Receiver<bool>,
) -> Result<(), RunError> {
    let sweep_every = config.sweep_every;
    // The gateway's address comes from the endpoint we were given, never from a fallback.
    let Some(gateway) = reach_discord(&http(&config), stop).await? else {
        return Ok(());
    };
    let asked = intents::Asked::of(&config);
    let guild = config.guild;
    let (boards, tidier) = boards::boards();
    let data = Arc::new(Data {
        host: Arc::clone(host),
        words: Arc::clone(&words),
        turns,
        boards,
        posts: posting::Posts::new(
            &config.token,
            config.api_base.as_deref(),
            Arc::clone(&words),
            Arc::clone(&config.metrics),
        ),
        metrics: Arc::clone(&config.metrics),
        discord: std::sync::OnceLock::new(),
    });
    let setup_data = Arc::clone(&data);
    let duties_stop = stop.clone();
    let mut commands = vec![commands::dama()];
    localize::apply(&words, &mut commands);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let _ = setup_data.discord.set(ctx.clone());
                let commands = &framework.options().commands;
                retry::retry(&setup_data.metrics, "registering the commands", || async {
                    match guild {
                        Some(g) => {
                            poise::builtins::register_in_guild(
                                ctx,
                                commands,
                                serenity::GuildId::new(g),
                            )
                            .await
                        }
                        None => poise::builtins::register_globally(ctx, commands).await,
                    }
                })
                .await?;
                // A game whose turn was the AI's when we stopped goes on now.
                for turn in setup_data.host.pending_ai_turns().await? {
                    let lang = setup_data.channel_lang(ctx, turn.guild).await;
                    spawn_ai_turn(
                        Arc::clone(&ctx.http),
                        Arc::clone(&setup_data),
                        serenity::ChannelId::new(turn.channel.0),
                        turn.game,
                        lang,
                    );
                }
                tidier.spawn(
                    Arc::clone(&ctx.http),
                    Arc::clone(&setup_data.host),
                    Arc::clone(&setup_data.metrics),
                );
                spawn_duties(
                    ctx.clone(),
                    Arc::clone(&setup_data),
                    sweep_every,
                    duties_stop.clone(),
                );
                sweeper::spawn_page_moves(ctx.clone(), Arc::clone(&setup_data));
                Ok(Shared(setup_data))
            })
        })
        // No owner-only commands: skip asking Discord for the application's owners.
        .initialize_owners(false)
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http(&config), asked.intents())
        .framework(framework)
        .await?;
    *client.ws_url.lock().await = gateway;
    let shards = Arc::clone(&client.shard_manager);
    let reporter = config.health.clone().map(|health| {
        let shards = Arc::clone(&shards);
        tokio::spawn(async move {
            loop {
                for (id, runner) in shards.runners.lock().await.iter() {
                    let state = dama_telemetry::ShardState {
                        connected: runner.stage == serenity::ConnectionStage::Connected,
                        latency: runner.latency,
                    };
                    health.set(id.0, state);
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    });
    let share = config.shards.unwrap_or(Shards {
        first: 0,
        last: 0,
        count: 1,
    });
    tracing::info!(
        first = share.first,
        last = share.last,
        count = share.count,
        "shards"
    );
    // serenity's range is inclusive at both ends (`start()` is shard 0..0 of 1).
    let start = client.start_shard_range(share.first..share.last, share.count);
    tokio::pin!(start);
    tokio::select! {
        r = &mut start => r.map_err(|e| match e {
            serenity::Error::Gateway(serenity::GatewayError::DisallowedGatewayIntents) => {
                RunError::IntentsRefused(asked.to_enable())
            }
            e => e.into(),
        })?,
        _ = stop.wait_for(|s| *s) => {
            // Close the gateway cleanly if it is up; never wait long for a dead one.
            let _ = tokio::time::timeout(Duration::from_millis(1500), shards.shutdown_all()).await;
            let _ = tokio::time::timeout(Duration::from_millis(500), &mut start).await;
        }
    }
    if let Some(r) = reporter {
        r.abort();
    }
    Ok(())
}

/// The framework's data: the one `Data`, shared with background tasks.
pub struct Shared(pub Arc<Data>);

impl std::ops::Deref for Shared {
    type Target = Data;
    fn deref(&self) -> &Data {
        &self.0
    }
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

async fn on_error(error: poise::FrameworkError<'_, Shared, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let lang = ctx.data().words.choose([ctx.locale()]);
            let failed =
                HostError::internal(format!("running /{}", ctx.command().qualified_name), error);
            let _ = ctx.send(ctx.data().refusal(lang, &failed)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "handling an error failed");
            }
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Shared, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = &framework.user_data.0;
    match event {
        serenity::FullEvent::Message { new_message } => {
            events::typed_move(ctx, data, new_message).await
        }
        // A player left a server (heard with DAMA_MEMBER_EVENTS): out of its pools at once.
        serenity::FullEvent::GuildMemberRemoval { guild_id, user, .. } => {
            let (guild, user) = (GuildId(guild_id.get()), UserId(user.id.get()));
            if let Err(e) = data.host.member_left(guild, user).await {
                tracing::warn!(error = %e, guild = guild.0, "taking a departed player out of a pool");
            }
            Ok(())
        }
        // Removed from a server (not an outage): its pools empty at once.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let guild = GuildId(incomplete.id.get());
            match data.host.server_left(guild).await {
                Ok(ended) => tracing::info!(guild = guild.0, ended, "removed from a server"),
                Err(e) => tracing::warn!(error = %e, guild = guild.0, "emptying a server's pools"),
            }
            Ok(())
        }
        serenity::FullEvent::InteractionCreate { interaction } => {
            if let Some(component) = interaction.as_message_component() {
                events::button(ctx, data, component).await?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
