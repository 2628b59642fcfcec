//! What the host's duties find, said in Discord ([`Audience`]): flags as they fall, tournament
//! news and their games' threads, what the sweep settled (expired challenges greyed, time
//! warnings and losses, damaged games), the daily puzzle, the AI turns a stopped process left,
//! the posts a game or a round is owed, and the moves played on the web.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::{Data, post, queue_post, retry, spawn_ai_turn};
use dama_core::host::{
    AiTurn, Audience, Button, GameChannel, Lang, Meeting, Notice, Reply, TournamentNews,
};
use dama_model::{ChannelId, GuildId, MessageId};

/// Posts the boards of the moves played on the web in their channels, each in its turn.
pub(super) fn spawn_page_moves(ctx: serenity::Context, data: Arc<Data>) {
    let Some(mut moves) = data.host.page_moves() else {
        return;
    };
    tokio::spawn(async move {
        while let Some(n) = moves.recv().await {
            let lang = data.channel_lang(&ctx, n.guild).await;
            let channel = serenity::ChannelId::new(n.channel.0);
            tokio::spawn(queue_post(&ctx.http, &data, channel, lang, &n.reply));
        }
    });
}

/// Runs the host's duties for this bot, every `sweep_every` a sweep, until the bot stops.
pub(super) fn spawn_duties(
    ctx: serenity::Context,
    data: Arc<Data>,
    sweep_every: Duration,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let host = Arc::clone(&data.host);
    let stopped = async move {
        let _ = stop.wait_for(|stopping| *stopping).await;
    };
    tokio::spawn(host.run_duties(Arc::new(Bot { ctx, data }), sweep_every, stopped));
}

/// The bot, as the duties' audience.
pub(super) struct Bot {
    pub(super) ctx: serenity::Context,
    pub(super) data: Arc<Data>,
}

impl Audience for Bot {
    async fn notices(&self, notices: Vec<Notice>) {
        let (ctx, data) = (self.ctx.clone(), Arc::clone(&self.data));
        // Queued in their order, in the background: a slow post never holds up the next flag.
        tokio::spawn(async move {
            for n in notices {
                let lang = data.channel_lang(&ctx, n.guild).await;
                let channel = serenity::ChannelId::new(n.channel.0);
                if let Some((message, buttons)) = n.settles {
                    let grey = grey(
                        Arc::clone(&ctx.http),
                        Arc::clone(&data),
                        channel,
                        lang,
                        (message, buttons),
                    );
                    tokio::spawn(grey);
                }
                tokio::spawn(queue_post(&ctx.http, &data, channel, lang, &n.reply));
            }
        });
    }

    async fn tournament_news(&self, news: TournamentNews) {
        let (ctx, data) = (self.ctx.clone(), Arc::clone(&self.data));
        tokio::spawn(async move { super::tournaments::tell(&ctx, &data, news).await });
    }

    async fn owed_post(&self, owed: GameChannel) {
        let (ctx, data) = (&self.ctx, &self.data);
        let lang = data.channel_lang(ctx, owed.guild).await;
        match data.host.catch_up(owed.game, owed.channel, lang).await {
            Ok(reply) => {
                let channel = serenity::ChannelId::new(owed.channel.0);
                tokio::spawn(queue_post(&ctx.http, data, channel, lang, &reply));
            }
            Err(e) => tracing::warn!(error = %e, game = owed.game.0, "a game's owed post"),
        }
    }

    async fn meeting(&self, meeting: Meeting) {
        let (ctx, data) = (self.ctx.clone(), Arc::clone(&self.data));
        tokio::spawn(async move { super::seeking::open_meeting(&ctx, &data, meeting).await });
    }

    async fn stalled_ai_turn(&self, turn: AiTurn) {
        let lang = self.data.channel_lang(&self.ctx, turn.guild).await;
        let channel = serenity::ChannelId::new(turn.channel.0);
        spawn_ai_turn(
            Arc::clone(&self.ctx.http),
            Arc::clone(&self.data),
            channel,
            turn.game,
            lang,
        );
    }

    async fn daily_puzzle(&self, guild: GuildId, channel: ChannelId) {
        let (ctx, data) = (&self.ctx, &self.data);
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

/// Greys the buttons of a challenge that expired, or that was settled from another message.
pub(super) async fn grey(
    http: Arc<serenity::Http>,
    data: Arc<Data>,
    channel: serenity::ChannelId,
    lang: Lang,
    (message, buttons): (MessageId, Vec<Button>),
) {
    let grey = Reply {
        buttons,
        ..Reply::default()
    };
    let edit = serenity::EditMessage::new().components(data.components(lang, &grey));
    let message = serenity::MessageId::new(message.0);
    if let Err(e) = retry::retry(&data.metrics, "greying a settled challenge", || {
        channel.edit_message(&http, message, edit.clone())
    })
    .await
    {
        tracing::warn!(error = %e, "a settled challenge keeps its buttons");
    }
}
