//! The `/dama` command group (`docs/playing/`). Descriptions come from the language files
//! (`cmd-…` messages), in English and as localizations.

use dama_core::host::Refusal;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::asking::{answer, asker, complete_clock, lang, time_control};
use super::{Context, Error};
use dama_core::host::{HostError, LanguageScope, Scope};
use dama_model::{ColorChoice, UserId};
use dama_play::ai::Level;
use dama_rules::Color;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorArg {
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
    #[name = "random"]
    Random,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideArg {
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelArg {
    #[name = "easy"]
    Easy,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
    #[name = "master"]
    Master,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeArg {
    #[name = "server"]
    Server,
    #[name = "global"]
    Global,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SpeedArg {
    #[name = "bullet"]
    Bullet,
    #[name = "blitz"]
    Blitz,
    #[name = "rapid"]
    Rapid,
    #[name = "classical"]
    Classical,
    #[name = "correspondence"]
    Correspondence,
}

impl From<SpeedArg> for dama_play::clock::SpeedClass {
    fn from(s: SpeedArg) -> Self {
        use dama_play::clock::SpeedClass as S;
        match s {
            SpeedArg::Bullet => S::Bullet,
            SpeedArg::Blitz => S::Blitz,
            SpeedArg::Rapid => S::Rapid,
            SpeedArg::Classical => S::Classical,
            SpeedArg::Correspondence => S::Correspondence,
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ThemeArg {
    #[name = "sacrifice"]
    Sacrifice,
    #[name = "multi-capture"]
    MultiCapture,
    #[name = "crowning"]
    Crowning,
    #[name = "king-hunt"]
    KingHunt,
    #[name = "breakthrough"]
    Breakthrough,
    #[name = "zugzwang"]
    Zugzwang,
    #[name = "opposition"]
    Opposition,
    #[name = "endgame"]
    Endgame,
}

impl From<ThemeArg> for dama_play::puzzle::Theme {
    fn from(t: ThemeArg) -> Self {
        use dama_play::puzzle::Theme as T;
        match t {
            ThemeArg::Sacrifice => T::Sacrifice,
            ThemeArg::MultiCapture => T::MultiCapture,
            ThemeArg::Crowning => T::Crowning,
            ThemeArg::KingHunt => T::KingHunt,
            ThemeArg::Breakthrough => T::Breakthrough,
            ThemeArg::Zugzwang => T::Zugzwang,
            ThemeArg::Opposition => T::Opposition,
            ThemeArg::Endgame => T::Endgame,
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageArg {
    #[name = "tr"]
    Turkish,
    #[name = "en"]
    English,
    #[name = "auto"]
    Auto,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageScopeArg {
    #[name = "me"]
    Me,
    #[name = "server"]
    Server,
}

/// Turkish draughts (Dama): challenge a friend or play the AI.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "ai",
        "move_",
        "resign",
        "draw",
        "takeback",
        "hint",
        "board",
        "play_link",
        "moves",
        "pdn",
        "replay",
        "analyze",
        "leaderboard",
        "stats",
        "rules",
        "help",
        "abort",
        "language",
        "puzzle",
        "puzzle_stats",
        "puzzle_leaderboard",
        "puzzle_channel",
        "web",
        "super::tournaments::tournament",
        "super::seeking::seek",
        "super::seeking::block",
        "super::seeking::unblock",
        "super::seeking::network"
    )
)]
pub async fn dama(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone to a game of Dama in this channel, or without an opponent anyone here.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "challenge", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    color: Option<ColorArg>,
    rated: Option<bool>,
    thread: Option<bool>,
    #[autocomplete = "complete_clock"] clock: Option<String>,
) -> Result<(), Error> {
    let who = asker(&ctx).await;
    if opponent.as_ref().is_some_and(|o| o.bot) {
        return answer(ctx, who.lang, Err(HostError::Refused(Refusal::BotOpponent))).await;
    }
    let clock = match time_control(clock.as_deref()) {
        Ok(c) => c,
        Err(e) => return answer(ctx, who.lang, Err(e)).await,
    };
    let color = match color.unwrap_or(ColorArg::Random) {
        ColorArg::White => ColorChoice::White,
        ColorArg::Black => ColorChoice::Black,
        ColorArg::Random => ColorChoice::Random,
    };
    let result = ctx
        .data()
        .host
        .challenge_on(
            &who,
            opponent.map(|o| UserId(o.id.get())),
            color,
            rated.unwrap_or(true),
            thread.unwrap_or(false),
            clock,
        )
        .await;
    answer(ctx, who.lang, result).await
}

/// Play against the built-in AI.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "ai", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn ai(
    ctx: Context<'_>,
    level: Option<LevelArg>,
    color: Option<SideArg>,
    #[autocomplete = "complete_clock"] clock: Option<String>,
) -> Result<(), Error> {
    let level = match level.unwrap_or(LevelArg::Medium) {
        LevelArg::Easy => Level::Easy,
        LevelArg::Medium => Level::Medium,
        LevelArg::Hard => Level::Hard,
        LevelArg::Master => Level::Master,
    };
    let color = match color.unwrap_or(SideArg::White) {
        SideArg::White => Color::White,
        SideArg::Black => Color::Black,
    };
    let who = asker(&ctx).await;
    let result = match time_control(clock.as_deref()) {
        Ok(clock) => ctx.data().host.play_ai_on(&who, level, color, clock).await,
        Err(e) => Err(e),
    };
    answer(ctx, who.lang, result).await
}

async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let moves = super::or_default(
        ctx.data()
            .host
            .complete_move(dama_model::ChannelId(ctx.channel_id().get()), partial)
            .await,
    );
    serenity::CreateAutocompleteResponse::new().set_choices(
        moves
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Play a move, like e3-e4 or d4xd6xf6.
#[poise::command(slash_command, rename = "move")]
#[tracing::instrument(name = "command", skip_all, fields(command = "move", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn move_(
    ctx: Context<'_>,
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: String,
) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let made = super::stamp(ctx.id());
    let result = ctx.data().host.play_at(&who, &text, Some(made)).await;
    answer(ctx, who.lang, result).await
}

/// Resign this channel's game.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "resign", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.resign(&who).await;
    answer(ctx, who.lang, result).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "draw", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    // Only a request that will be answered publicly waits publicly; a refusal stays private.
    if let Err(e) = ctx.data().host.may_offer_draw(&who).await {
        return answer(ctx, who.lang, Err(e)).await;
    }
    ctx.defer().await?;
    let result = ctx.data().host.draw(&who).await;
    answer(ctx, who.lang, result).await
}

/// Ask to take back your last move, or allow your opponent's request.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "takeback", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.takeback(&who).await;
    answer(ctx, who.lang, result).await
}

/// The AI's suggestion for your move (casual and AI games).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "hint", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let who = asker(&ctx).await;
    let result = ctx.data().host.hint(&who).await;
    answer(ctx, who.lang, result).await
}

/// Your own link to play this channel's game on its web page (only you see it).
#[poise::command(slash_command, rename = "play-link")]
#[tracing::instrument(name = "command", skip_all, fields(command = "play_link", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn play_link(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let who = asker(&ctx).await;
    let result = ctx.data().host.play_link(&who).await;
    answer(ctx, who.lang, result).await
}

/// Show this channel's board again.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "board", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.board(&who).await;
    answer(ctx, who.lang, result).await
}

/// List the legal moves.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "moves", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.legal_moves(&who).await;
    answer(ctx, who.lang, result).await
}

/// This channel's current or last game as a PDN file.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "pdn", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn pdn(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.pdn(&who).await;
    answer(ctx, who.lang, result).await
}

/// This channel's current or last game as an animated replay.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "replay", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    if let Err(e) = ctx.data().host.may_replay(&who).await {
        return answer(ctx, who.lang, Err(e)).await;
    }
    ctx.defer().await?;
    let result = ctx.data().host.replay(&who).await;
    answer(ctx, who.lang, result).await
}

/// The AI's analysis of this channel's last game: mistakes, better moves, accuracy.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "analyze", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn analyze(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let data = ctx.data();
    let (tx, mut rx) = tokio::sync::watch::channel(0u32);
    let progress: dama_core::host::AnalysisProgress = Arc::new(move |percent| {
        tx.send_if_modified(|p| std::mem::replace(p, percent) != percent);
    });
    let work = data.host.analyze(&who, progress);
    tokio::pin!(work);
    // A refusal or a request to the other player comes at once and is answered as usual; an
    // analysis under way shows its progress in the response, edited at most once a second.
    let acknowledge = tokio::time::sleep(std::time::Duration::from_millis(2500));
    tokio::pin!(acknowledge);
    let mut shown: Option<(poise::ReplyHandle<'_>, tokio::time::Instant)> = None;
    let show = |percent| {
        data.command_reply(
            who.lang,
            &dama_core::host::Reply::say(dama_core::host::Msg::AnalysisProgress { percent }),
        )
    };
    let result = loop {
        tokio::select! {
            result = &mut work => break result,
            changed = rx.changed() => {
                let percent = *rx.borrow_and_update();
                if changed.is_err() {
                    continue;
                }
                match &shown {
                    None => shown = Some((ctx.send(show(percent)).await?, tokio::time::Instant::now())),
                    Some((handle, at)) if at.elapsed().as_millis() >= 1000 => {
                        handle.edit(ctx, show(percent)).await?;
                        shown = Some((handle.clone(), tokio::time::Instant::now()));
                    }
                    Some(_) => {}
                }
            }
            () = &mut acknowledge, if shown.is_none() => {
                shown = Some((ctx.send(show(0)).await?, tokio::time::Instant::now()));
            }
        }
    };
    match (shown, result) {
        (None, result) => answer(ctx, who.lang, result).await,
        (Some((handle, _)), Ok(reply)) => {
            let done = data.command_reply(who.lang, &reply);
            super::retry::retry(&data.metrics, "showing an analysis", || {
                handle.edit(ctx, done.clone())
            })
            .await?;
            Ok(())
        }
        (Some((handle, _)), Err(e)) => {
            handle.edit(ctx, data.refusal(who.lang, &e)).await?;
            Ok(())
        }
    }
}

/// The ratings table.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "leaderboard", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeArg>,
    speed: Option<SpeedArg>,
) -> Result<(), Error> {
    let scope = match scope.unwrap_or(ScopeArg::Server) {
        ScopeArg::Server => Scope::Server,
        ScopeArg::Global => Scope::Global,
    };
    let who = asker(&ctx).await;
    let speed = speed.map(Into::into);
    let result = ctx.data().host.leaderboard(&who, scope, speed).await;
    answer(ctx, who.lang, result).await
}

/// Rating, games and recent results.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "stats", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let id = user.as_ref().unwrap_or(ctx.author()).id.get();
    let who = asker(&ctx).await;
    let result = ctx.data().host.stats(&who, UserId(id)).await;
    answer(ctx, who.lang, result).await
}

/// The rules of Turkish draughts.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "rules", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let reply = ctx.data().host.rules();
    answer(ctx, who.lang, Ok(reply)).await
}

/// How to play with this bot.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "help", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let reply = ctx.data().host.help();
    answer(ctx, who.lang, Ok(reply)).await
}

/// Call off this channel's game.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "abort", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.abort(&who).await;
    answer(ctx, who.lang, result).await
}

/// The language of the bot's replies.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "language", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn language(
    ctx: Context<'_>,
    language: LanguageArg,
    scope: Option<LanguageScopeArg>,
) -> Result<(), Error> {
    let mut who = asker(&ctx).await;
    let words = &ctx.data().words;
    let lang = match language {
        LanguageArg::Turkish => words.pick("tr"),
        LanguageArg::English => words.pick("en-US"),
        LanguageArg::Auto => None,
    };
    let scope = match scope.unwrap_or(LanguageScopeArg::Me) {
        LanguageScopeArg::Me => LanguageScope::Me,
        LanguageScopeArg::Server => LanguageScope::Server,
    };
    let result = ctx.data().host.set_language(&who, scope, lang).await;
    // The answer comes in the language just chosen.
    if result.is_ok() && scope == LanguageScope::Me {
        who.lang = self::lang(&ctx).await;
    }
    answer(ctx, who.lang, result).await
}

async fn complete_puzzle_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let who = asker(&ctx).await;
    let partial = partial.trim().to_ascii_lowercase();
    let moves = super::or_default(ctx.data().host.puzzle_moves(&who).await)
        .into_iter()
        .filter(|m| m.starts_with(&partial))
        .take(25);
    serenity::CreateAutocompleteResponse::new()
        .set_choices(moves.map(serenity::AutocompleteChoice::from).collect())
}

/// Today's puzzle (the same for everyone), or a practice one; play it with move.
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "puzzle", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn puzzle(
    ctx: Context<'_>,
    #[autocomplete = "complete_puzzle_move"]
    #[rename = "move"]
    text: Option<String>,
    random: Option<bool>,
    theme: Option<ThemeArg>,
    mine: Option<bool>,
) -> Result<(), Error> {
    // Every answer is private, and a finished puzzle's animation takes a moment to draw.
    ctx.defer_ephemeral().await?;
    let who = asker(&ctx).await;
    let host = &ctx.data().host;
    let practice = dama_core::host::Practice {
        theme: theme.map(Into::into),
        mine: mine.unwrap_or(false),
    };
    let result = match text {
        Some(text) => host.puzzle_move(&who, &text).await,
        None if practice != dama_core::host::Practice::default() => {
            host.puzzle_practice(&who, practice).await
        }
        None => host.puzzle(&who, random.unwrap_or(false)).await,
    };
    answer(ctx, who.lang, result).await
}

/// Puzzle streak, best streak, puzzles solved (per theme too) and puzzle rating.
#[poise::command(slash_command, rename = "puzzle-stats")]
#[tracing::instrument(name = "command", skip_all, fields(command = "puzzle_stats", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn puzzle_stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let user = user.map(|u| UserId(u.id.get()));
    let result = ctx.data().host.puzzle_stats(&who, user).await;
    answer(ctx, who.lang, result).await
}

/// This server's best puzzle streaks.
#[poise::command(slash_command, rename = "puzzle-leaderboard")]
#[tracing::instrument(name = "command", skip_all, fields(command = "puzzle_leaderboard", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn puzzle_leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let result = ctx.data().host.puzzle_leaderboard(&who).await;
    answer(ctx, who.lang, result).await
}

/// List this server's leaderboards, running games and tournaments on the web (Manage Server).
#[poise::command(slash_command)]
#[tracing::instrument(name = "command", skip_all, fields(command = "web", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn web(ctx: Context<'_>, public: bool) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let name = ctx.guild().map(|g| g.name.clone()).unwrap_or_default();
    let result = ctx.data().host.set_web_public(&who, public, &name).await;
    answer(ctx, who.lang, result).await
}

/// Where the bot posts the daily puzzle (Manage Server).
#[poise::command(slash_command, rename = "puzzle-channel")]
#[tracing::instrument(name = "command", skip_all, fields(command = "puzzle_channel", channel = %ctx.channel_id(), user = %ctx.author().id))]
async fn puzzle_channel(
    ctx: Context<'_>,
    #[channel_types("Text")] channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    let who = asker(&ctx).await;
    let channel = channel.map(|c| dama_model::ChannelId(c.get()));
    let result = ctx.data().host.set_puzzle_channel(&who, channel).await;
    let chosen = result.is_ok();
    answer(ctx, who.lang, result).await?;
    // A new puzzle channel gets today's puzzle now, not at midnight.
    if chosen {
        let bot = super::sweeper::Bot {
            ctx: ctx.serenity_context().clone(),
            data: Arc::clone(&ctx.data().0),
        };
        ctx.data().host.tell_daily_puzzles(&bot).await;
    }
    Ok(())
}
