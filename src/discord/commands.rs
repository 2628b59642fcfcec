//! The `/dama` command group (DESIGN.md §4). Doc comments are the players' help text.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::{Context, Error, command_reply, spawn_ai_turn, who};
use crate::ai::Level;
use crate::engine::Color;
use crate::host::{ColorChoice, HostResult, Reply, Scope};

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

fn asker(ctx: &Context<'_>) -> crate::host::Who {
    who(ctx.author(), ctx.channel_id(), ctx.guild_id())
}

/// Sends the host's answer (or its refusal, privately) and starts the AI's turn if it is due.
async fn answer(ctx: Context<'_>, result: HostResult) -> Result<(), Error> {
    match result {
        Ok(reply) => {
            let sent = ctx.send(command_reply(&reply)).await?;
            if let Some(g) = reply.game
                && let Ok(m) = sent.message().await
            {
                let _ = ctx.data().host.set_board_message(g, m.id.get()).await;
            }
            if let Some(game) = reply.ai_turn {
                spawn_ai_turn(
                    Arc::clone(&ctx.serenity_context().http),
                    Arc::clone(&ctx.data().host),
                    ctx.channel_id(),
                    game,
                );
            }
        }
        Err(e) => {
            ctx.send(
                poise::CreateReply::default()
                    .content(e.to_string())
                    .ephemeral(true),
            )
            .await?;
        }
    }
    Ok(())
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
        "moves",
        "pdn",
        "replay",
        "leaderboard",
        "stats",
        "rules",
        "help"
    )
)]
pub async fn dama(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone to a game of Dama in this channel.
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you want to play"] opponent: serenity::User,
    #[description = "Your colour (default: random)"] color: Option<ColorArg>,
    #[description = "Count the game for ratings (default: yes)"] rated: Option<bool>,
    #[description = "Play in a new thread (default: no)"] thread: Option<bool>,
) -> Result<(), Error> {
    if opponent.bot {
        return answer(
            ctx,
            Ok(Reply::private(
                "Bots do not play Dama here. To play the computer, use /dama ai.",
            )),
        )
        .await;
    }
    let color = match color.unwrap_or(ColorArg::Random) {
        ColorArg::White => ColorChoice::White,
        ColorArg::Black => ColorChoice::Black,
        ColorArg::Random => ColorChoice::Random,
    };
    let result = ctx
        .data()
        .host
        .challenge(
            &asker(&ctx),
            opponent.id.get(),
            color,
            rated.unwrap_or(true),
            thread.unwrap_or(false),
        )
        .await;
    answer(ctx, result).await
}

/// Play against the built-in AI.
#[poise::command(slash_command)]
async fn ai(
    ctx: Context<'_>,
    #[description = "How strong (default: medium)"] level: Option<LevelArg>,
    #[description = "Your colour (default: white)"] color: Option<SideArg>,
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
    let result = ctx.data().host.play_ai(&asker(&ctx), level, color).await;
    answer(ctx, result).await
}

async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let moves = ctx
        .data()
        .host
        .complete_move(ctx.channel_id().get(), partial)
        .await
        .unwrap_or_default();
    serenity::CreateAutocompleteResponse::new().set_choices(
        moves
            .into_iter()
            .map(serenity::AutocompleteChoice::from)
            .collect(),
    )
}

/// Play a move, like e3-e4 or d4xd6xf6 (you can also just type it in the channel).
#[poise::command(slash_command, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[description = "Your move"]
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: String,
) -> Result<(), Error> {
    let result = ctx.data().host.play(&asker(&ctx), &text).await;
    answer(ctx, result).await
}

/// Resign this channel's game.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let result = ctx.data().host.resign(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let result = ctx.data().host.draw(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// Ask to take back your last move, or allow your opponent's request.
#[poise::command(slash_command)]
async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    let result = ctx.data().host.takeback(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// The AI's suggestion for your move (casual games and games against the AI).
#[poise::command(slash_command)]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let result = ctx.data().host.hint(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// Show this channel's board again.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let result = ctx.data().host.board(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// List the legal moves.
#[poise::command(slash_command)]
async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    let result = ctx.data().host.legal_moves(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// This channel's current or last game as a PDN file.
#[poise::command(slash_command)]
async fn pdn(ctx: Context<'_>) -> Result<(), Error> {
    let result = ctx.data().host.pdn(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// This channel's current or last game as an animated replay.
#[poise::command(slash_command)]
async fn replay(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let result = ctx.data().host.replay(&asker(&ctx)).await;
    answer(ctx, result).await
}

/// The ratings table.
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "This server or everyone (default: server)"] scope: Option<ScopeArg>,
) -> Result<(), Error> {
    let scope = match scope.unwrap_or(ScopeArg::Server) {
        ScopeArg::Server => Scope::Server,
        ScopeArg::Global => Scope::Global,
    };
    let result = ctx.data().host.leaderboard(&asker(&ctx), scope).await;
    answer(ctx, result).await
}

/// Rating, games and recent results.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let id = user.as_ref().unwrap_or(ctx.author()).id.get();
    let result = ctx.data().host.stats(id).await;
    answer(ctx, result).await
}

pub const RULES: &str = "\
**Turkish draughts (Dama)**
• 8×8 board, every square in play. 16 men each, on the second and third rows. White starts.
• A man steps one square forward or sideways, never backwards or diagonally.
• A man captures by jumping an enemy piece forward or sideways onto the empty square beyond.
• A man that ends its move on the far row becomes a king (dama). A king moves any distance along rows and columns, and captures from a distance, landing on any empty square beyond.
• Capturing is compulsory, and you must take the most pieces possible. A capture goes on while the piece can capture; captured pieces leave the board at once; a king never turns straight back between two captures.
• You lose when you have no move (no pieces, or all blocked). Draws: the same position three times, 100 plies without a capture, promotion or forward man move, one king against one king, or agreement.";

/// The rules of Turkish draughts.
#[poise::command(slash_command)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(RULES).ephemeral(true))
        .await?;
    Ok(())
}

pub const HELP: &str = "\
**Playing Dama here**
• /dama challenge @someone, or /dama ai to play the computer (easy, medium, hard, master).
• Type your move in the channel, like `e3-e4`, or use /dama move. Captures: `d4xd6xf6` (or just `d4xf6` when that is clear).
• /dama draw, /dama takeback, /dama resign; /dama hint in casual and AI games.
• /dama board, /dama moves, /dama pdn, /dama replay, /dama leaderboard, /dama stats.
• One game per channel; ask for thread: true to play in a thread.";

/// How to play with this bot.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    ctx.send(poise::CreateReply::default().content(HELP).ephemeral(true))
        .await?;
    Ok(())
}
