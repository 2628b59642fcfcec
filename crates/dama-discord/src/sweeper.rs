//! The background of the bot, on the host's schedule ([`Duties`]): flags as they fall, the
//! heartbeat, tournaments, the sweep (expired challenges, time warnings and losses, damaged
//! games), the daily puzzle post, the AI turns a stopped process left behind, and the
//! screening of finished games for puzzles.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::Instrument;

use super::{Data, post, retry, spawn_ai_turn};
use dama_core::host::{Duties, Duty, Reply};

/// The host's duties on the schedule it keeps ([`Duties`]): flags at every tick, the
/// tournaments and the heartbeat every second, live games' stalled AI turns every five seconds,
/// and the sweep every `sweep_every`; the tournaments and the sweep apart, so a long one never
/// holds up a flag.
pub(super) fn spawn_duties(ctx: serenity::Context, data: Arc<Data>, sweep_every: Duration) {
    tokio::spawn(async move {
        let mut duties = Duties::new(sweep_every);
        let mut tick = tokio::time::interval(Duties::TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let sweeping = Arc::new(AtomicBool::new(false));
        let watching = Arc::new(AtomicBool::new(false));
        loop {
            tick.tick().await;
            for duty in duties.due() {
                let span = tracing::info_span!("duty", duty = ?duty);
                async {
                    match duty {
                        Duty::Flags => post_flags(&ctx, &data).await,
                        Duty::Beat => {
                            if let Err(e) = data.host.beat().await {
                                tracing::warn!(error = %e, "could not mark the bot alive");
                            }
                        }
                        Duty::Tournaments => {
                            // Apart too: pairing a big Swiss round takes seconds, a flag cannot
                            // wait for it; a watch still running is left to finish.
                            if !watching.swap(true, Ordering::AcqRel) {
                                let (ctx, data, watching) =
                                    (ctx.clone(), Arc::clone(&data), Arc::clone(&watching));
                                tokio::spawn(
                                    async move {
                                        super::tournaments::watch(&ctx, &data).await;
                                        watching.store(false, Ordering::Release);
                                    }
                                    .in_current_span(),
                                );
                            }
                        }
                        Duty::StalledLiveAi => resume_stalled_ai_turns(&ctx, &data, true).await,
                        Duty::OwedPosts => post_owed(&ctx, &data).await,
                        Duty::Sweep => {
                            // A sweep still running is left to finish: the next one comes later.
                            if !sweeping.swap(true, Ordering::AcqRel) {
                                let (ctx, data, sweeping) =
                                    (ctx.clone(), Arc::clone(&data), Arc::clone(&sweeping));
                                tokio::spawn(
                                    async move {
                                        sweep(&ctx, &data).await;
                                        sweeping.store(false, Ordering::Release);
                                    }
                                    .in_current_span(),
                                );
                            }
                        }
                    }
                }
                .instrument(span)
                .await;
            }
        }
    });
}

/// The sweep: expired challenges, warnings and losses on time, damaged games; then the daily
/// puzzle where it is due, the AI turns a stopped process left, and the screening of finished
/// games.
async fn sweep(ctx: &serenity::Context, data: &Arc<Data>) {
    match data.host.sweep().await {
        Ok(notices) => {
            for n in notices {
                let lang = data.channel_lang(ctx, n.guild).await;
                let channel = serenity::ChannelId::new(n.channel.0);
                if let Some((message, buttons)) = &n.settles {
                    let grey = Reply {
                        buttons: buttons.clone(),
                        ..Reply::default()
                    };
                    let edit =
                        serenity::EditMessage::new().components(data.components(lang, &grey));
                    let message = serenity::MessageId::new(message.0);
                    if let Err(e) =
                        retry::retry(&data.metrics, "greying an expired challenge", || {
                            channel.edit_message(&ctx.http, message, edit.clone())
                        })
                        .await
                    {
                        tracing::warn!(error = %e, "an expired challenge keeps its buttons");
                    }
                }
                post(&ctx.http, data, channel, lang, &n.reply).await;
            }
        }
        Err(e) => tracing::error!(error = %e, "the sweep failed"),
    }
    post_daily_puzzles(ctx, data).await;
    resume_stalled_ai_turns(ctx, data, false).await;
    // Finished games are screened for missed combinations off the sweep's path (a screening
    // still running is left to finish).
    let miner = Arc::clone(data);
    tokio::spawn(async move {
        if let Err(e) = miner.host.mine_games().await {
            tracing::warn!(error = %e, "screening finished games failed");
        }
    });
}

/// Posts what games and Swiss rounds are owed: a change whose post died with its process, or
/// that Discord refused for a while. Each is claimed by this process first, so one process posts it; its
/// nonce is the change's own, so Discord never shows it twice.
async fn post_owed(ctx: &serenity::Context, data: &Arc<Data>) {
    let owed = match data.host.owed_posts().await {
        Ok(owed) => owed,
        Err(e) => {
            tracing::warn!(error = %e, "reading the posts games are owed failed");
            return;
        }
    };
    for o in owed {
        let lang = data.channel_lang(ctx, o.guild).await;
        match data.host.catch_up(o.game, lang).await {
            Ok(reply) => {
                tracing::info!(game = o.game.0, "posting what a game was owed");
                let channel = serenity::ChannelId::new(o.channel.0);
                tokio::spawn(super::queue_post(&ctx.http, data, channel, lang, &reply));
            }
            Err(e) => tracing::warn!(error = %e, game = o.game.0, "a game's owed post"),
        }
    }
    let rounds = match data.host.owed_rounds().await {
        Ok(rounds) => rounds,
        Err(e) => {
            tracing::warn!(error = %e, "reading the rounds owed their announcement failed");
            return;
        }
    };
    for n in rounds {
        tracing::info!(
            tournament = n.tournament.0,
            "posting a round's owed announcement"
        );
        let lang = data.channel_lang(ctx, Some(n.guild)).await;
        let channel = serenity::ChannelId::new(n.channel.0);
        tokio::spawn(super::queue_post(&ctx.http, data, channel, lang, &n.reply));
    }
}

/// Ends the live games whose time is up (every process looks at every game; the database lets
/// one of them end each) and posts each ending.
async fn post_flags(ctx: &serenity::Context, data: &Arc<Data>) {
    match data.host.flags().await {
        Ok(notices) => {
            for n in notices {
                let (ctx, data) = (ctx.clone(), Arc::clone(data));
                // Posted apart, so one slow post does not hold up the next flag.
                tokio::spawn(async move {
                    let lang = data.channel_lang(&ctx, n.guild).await;
                    let channel = serenity::ChannelId::new(n.channel.0);
                    post(&ctx.http, &data, channel, lang, &n.reply).await;
                });
            }
        }
        Err(e) => tracing::error!(error = %e, "watching the clocks failed"),
    }
}

/// Takes over the AI turns whose process stopped or died while thinking (`live_only`: those of
/// live games).
async fn resume_stalled_ai_turns(ctx: &serenity::Context, data: &Arc<Data>, live_only: bool) {
    match data.host.stalled_ai_turns().await {
        Ok(rows) => {
            for row in rows {
                if live_only && !row.time_control.is_live() {
                    continue;
                }
                tracing::info!(game = row.id.0, "taking over a stalled AI turn");
                let lang = data.channel_lang(ctx, row.guild_id).await;
                let channel = serenity::ChannelId::new(row.channel_id.0);
                spawn_ai_turn(
                    Arc::clone(&ctx.http),
                    Arc::clone(data),
                    channel,
                    row.id,
                    lang,
                );
            }
        }
        Err(e) => tracing::error!(error = %e, "looking for stalled AI turns failed"),
    }
}

/// Posts today's puzzle in every puzzle channel that has not had it (each once a day).
pub(super) async fn post_daily_puzzles(ctx: &serenity::Context, data: &Arc<Data>) {
    let posts = match data.host.claim_puzzle_posts().await {
        Ok(posts) => posts,
        Err(e) => {
            tracing::error!(error = %e, "claiming the daily puzzle posts failed");
            return;
        }
    };
    for (guild, channel) in posts {
        let lang = data.channel_lang(ctx, Some(guild)).await;
        match data.host.daily_puzzle_post(lang) {
            Ok(reply) => {
                let channel = serenity::ChannelId::new(channel.0);
                post(&ctx.http, data, channel, lang, &reply).await;
            }
            Err(e) => tracing::error!(error = %e, guild = guild.0, "the daily puzzle post failed"),
        }
    }
}
