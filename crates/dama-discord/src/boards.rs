//! Only the newest board of a game has buttons. Which message that is gets written down, and
//! the old board's buttons taken off, by one background task in batches, with what each post
//! told its channel (so the game owes it no more): a move's board is posted without waiting
//! for either. (Done on every move's path, a second write transaction
//! and an edit made the bot's slowest moves five times slower under load.)

use dama_telemetry::Metrics;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tokio::sync::{Semaphore, mpsc};

use dama_core::host::{Host, Shown};
use dama_model::{ChannelId, GameId, MessageId};

/// A batch never waits for more than this many boards.
const BATCH: usize = 256;
/// The steps a batch's edits are spread over.
const STEPS: usize = 10;
/// How long a batch gathers boards after its first.
const GATHER: std::time::Duration = std::time::Duration::from_millis(100);
/// Edits of old boards under way at once: enough to keep up with Discord's round trips, few
/// enough to leave the moves the machine.
const EDITS: usize = 8;

/// A post of a game's: its board's message, if it has one, and the change it told its
/// channel of.
struct Posted {
    board: Option<(serenity::ChannelId, GameId, MessageId)>,
    shown: Option<(ChannelId, Shown)>,
}

/// Where a posted board is handed over.
pub struct Boards(mpsc::UnboundedSender<Posted>);

/// The other end: started once the bot can talk to Discord.
pub struct Tidier(mpsc::UnboundedReceiver<Posted>);

pub fn boards() -> (Boards, Tidier) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Boards(tx), Tidier(rx))
}

impl Boards {
    /// `message` in `channel` is the newest board of `game`, and told its channel of `shown`.
    pub fn posted(
        &self,
        channel: serenity::ChannelId,
        game: GameId,
        message: MessageId,
        shown: Option<Shown>,
    ) {
        // Only fails once the tidier is gone (the process is stopping): the old board keeps
        // its buttons, which act on the game as it stands, and the change stays owed.
        let _ = self.0.send(Posted {
            board: Some((channel, game, message)),
            shown: shown.map(|s| (ChannelId(channel.get()), s)),
        });
    }

    /// A post without a board (an ending told in words) told `channel` of `shown`.
    pub fn shown(&self, channel: serenity::ChannelId, shown: Shown) {
        let _ = self.0.send(Posted {
            board: None,
            shown: Some((ChannelId(channel.get()), shown)),
        });
    }
}

impl Tidier {
    pub fn spawn(mut self, http: Arc<serenity::Http>, host: Arc<Host>, metrics: Arc<Metrics>) {
        tokio::spawn(async move {
            let edits = Arc::new(Semaphore::new(EDITS));
            let mut batch = Vec::new();
            // The edits of the last batch, spread over the next gathering so they come as a
            // steady trickle between the moves, not as a burst.
            let mut paced: Vec<(serenity::ChannelId, GameId, MessageId)> = Vec::new();
            loop {
                // Nothing to do: wait for a board.
                if paced.is_empty() && self.0.recv_many(&mut batch, BATCH).await == 0 {
                    return;
                }
                // Gather what else comes in a moment: one transaction for many boards, not one
                // a move (the old boards can wait that long for their buttons to go).
                let until = tokio::time::Instant::now() + GATHER;
                let per_step = paced.len().div_ceil(STEPS).max(1);
                for step in paced.chunks(per_step) {
                    for &(channel, game, old) in step {
                        let Ok(permit) = Arc::clone(&edits).acquire_owned().await else {
                            return;
                        };
                        let http = Arc::clone(&http);
                        let metrics = Arc::clone(&metrics);
                        tokio::spawn(async move {
                            let _permit = permit;
                            take_buttons_off(&http, &metrics, channel, game, old).await;
                        });
                    }
                    tokio::time::sleep(GATHER / STEPS as u32).await;
                }
                paced.clear();
                tokio::time::sleep_until(until).await;
                while batch.len() < BATCH {
                    match self.0.try_recv() {
                        Ok(posted) => batch.push(posted),
                        Err(_) => break,
                    }
                }
                if batch.is_empty() {
                    continue;
                }
                let boards: Vec<(GameId, ChannelId, MessageId)> = batch
                    .iter()
                    .filter_map(|p| p.board)
                    .map(|(channel, game, message)| (game, ChannelId(channel.get()), message))
                    .collect();
                let shown: Vec<(ChannelId, Shown)> = batch.iter().filter_map(|p| p.shown).collect();
                let replaced = match host.set_board_messages(&boards, &shown).await {
                    Ok(r) => r,
                    Err(e) => {
                        tracing::warn!(error = %e, boards = boards.len(), "remembering the board messages failed");
                        batch.clear();
                        continue;
                    }
                };
                for (game, channel, old) in replaced {
                    paced.push((serenity::ChannelId::new(channel.0), game, old));
                }
                batch.clear();
            }
        });
    }
}

async fn take_buttons_off(
    http: &serenity::Http,
    metrics: &Metrics,
    channel: serenity::ChannelId,
    game: GameId,
    old: MessageId,
) {
    let old = serenity::MessageId::new(old.0);
    let edit = serenity::EditMessage::new().components(Vec::new());
    if let Err(e) = super::retry::retry(metrics, "taking the buttons off an old board", || {
        channel.edit_message(http, old, edit.clone())
    })
    .await
    {
        tracing::warn!(error = %e, game = game.0, "an old board keeps its buttons");
    }
}
