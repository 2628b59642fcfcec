//! A player's own link to play their game on its web page. The link carries a random token
//! (256 bits) of which only a hash is kept; asking again replaces it; opening it trades it for a
//! session (a secret of its own, kept by the browser's cookie), so a link opens a page once.
//! The Activity opens a session for a player Discord signed in. A session seats its player at
//! that game only and only while it runs. A move made on the page goes
//! through the same operation as a typed one, and its board goes to the game's channel.

use std::sync::PoisonError;
use std::sync::atomic::{AtomicBool, Ordering};

use dama_model::{ChannelId, GameId, GameStatus, GuildId, UserId};
use dama_rules::Color;
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

use super::{
    GameAction, Host, HostError, HostResult, Lang, Msg, Notice, Refusal, Reply, Who, color_of,
};
use dama_store as store;

/// A player signed in on a game's page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The game.
    pub game: GameId,
    /// The player.
    pub user: UserId,
    /// Their colour.
    pub color: Color,
    /// Where the game is played (its boards are posted there).
    pub channel: ChannelId,
    /// The server of that channel.
    pub guild: Option<GuildId>,
}

/// The boards of moves made on the web, for the front end that posts them in their channels
/// (kept only once one has taken them: with nobody to post them they would pile up).
pub(super) struct PageMoves {
    sender: mpsc::UnboundedSender<Notice>,
    receiver: std::sync::Mutex<Option<mpsc::UnboundedReceiver<Notice>>>,
    taken: AtomicBool,
}

impl Default for PageMoves {
    fn default() -> Self {
        let (sender, receiver) = mpsc::unbounded_channel();
        PageMoves {
            sender,
            receiver: std::sync::Mutex::new(Some(receiver)),
            taken: AtomicBool::new(false),
        }
    }
}

/// The seated player as the host's operations know a player, in the game's channel.
fn seated(seat: &Seat, lang: Lang) -> Who {
    Who {
        user: seat.user,
        name: String::new(),
        channel: seat.channel,
        guild: seat.guild,
        lang,
        admin: false,
        game: Some(seat.game),
    }
}

/// What the Activity shows a player: a channel's game, and their seat at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityGame {
    /// The key of the game's page.
    pub key: String,
    /// Whether it runs (else it is the channel's last game, over).
    pub running: bool,
    /// The player's side, if they play it while it runs.
    pub color: Option<Color>,
    /// Their new session's credential, sent with each move (no cookie inside Discord).
    pub credential: Option<String>,
}

/// The seat of `user`, playing `color` at the game `row`.
fn seat_of(row: &store::GameRow, user: UserId, color: Color) -> Seat {
    Seat {
        game: row.id,
        user,
        color,
        channel: row.channel_id,
        guild: row.guild_id,
    }
}

/// A new secret of 256 bits, as hex.
fn new_secret() -> Result<String, HostError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| HostError::internal("the system's random source failed", e))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The hash kept of a link's or a session's secret.
fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The token a seated page's move form carries, for a browser without JavaScript (which sends
/// no header): derived from the session's credential, so only a page served to that session
/// knows it, and a form on another page of the site cannot post for it.
pub fn form_token(credential: &str) -> String {
    hash(&format!("form:{credential}"))
}

impl Host {
    /// A new link for the asker to play the channel's running game on its page (any link they
    /// had to it retired), answered to them alone.
    pub async fn play_link(&self, who: &Who) -> HostResult {
        let base = self
            .config
            .public_url
            .as_deref()
            .ok_or(HostError::Refused(Refusal::NoPublicUrl))?;
        let row = self.running(who).await?;
        color_of(&row, who.user).ok_or(HostError::Refused(Refusal::NotAPlayer))?;
        let Some(key) = row.web_key.as_deref() else {
            return Err(HostError::Refused(Refusal::NoPublicUrl));
        };
        let secret = new_secret()?;
        let mut tx = self.store.write().await?;
        store::set_play_link(&mut tx, row.id, who.user, &hash(&secret), self.clock.now()).await?;
        tx.commit().await?;
        Ok(Reply::private(Msg::PlayLink {
            link: format!("{base}/game/{key}/play?token={}-{secret}", who.user.0),
        }))
    }

    /// Whom `credential` (a session's, from the page's cookie or the Activity) seats at the
    /// game at `key`: `None` for a game not running, a stranger, or a secret never given.
    pub async fn seat(&self, key: &str, credential: &str) -> Result<Option<Seat>, HostError> {
        let Some((row, user, color, secret)) = self.seat_asked(key, credential).await? else {
            return Ok(None);
        };
        let open = self.store.has_session(row.id, user, &hash(secret)).await?;
        Ok(open.then(|| seat_of(&row, user, color)))
    }

    /// The side `credential` (a session's) plays or played at the game at `key`, running or
    /// over: a player's board keeps their side after the end.
    pub async fn side_of(&self, key: &str, credential: &str) -> Result<Option<Color>, HostError> {
        let Some((row, user, color, secret)) = self.player_asked(key, credential).await? else {
            return Ok(None);
        };
        let open = self.store.has_session(row.id, user, &hash(secret)).await?;
        Ok(open.then_some(color))
    }

    /// Trades `token` (from the player's link to the game at `key`) for a session: the seat,
    /// and the session's credential for the page's cookie. The link is used up; `None` when it
    /// was never given, is used or replaced, or its game is over.
    pub async fn trade_link(
        &self,
        key: &str,
        token: &str,
    ) -> Result<Option<(Seat, String)>, HostError> {
        let Some((row, user, color, secret)) = self.seat_asked(key, token).await? else {
            return Ok(None);
        };
        let session = new_secret()?;
        let mut tx = self.store.write().await?;
        let now = self.clock.now();
        let traded =
            store::trade_play_link(&mut tx, row.id, user, &hash(secret), &hash(&session), now)
                .await?;
        if !traded {
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some((
            seat_of(&row, user, color),
            format!("{}-{session}", user.0),
        )))
    }

    /// What the Activity in `channel` shows `user`, whom Discord signed in: the channel's
    /// running game (seated with a new session if they play it) or else its last game; `None`
    /// for a channel that never had one.
    pub async fn activity(
        &self,
        channel: ChannelId,
        user: UserId,
    ) -> Result<Option<ActivityGame>, HostError> {
        let Some(row) = self.store.latest_game(channel).await? else {
            return Ok(None);
        };
        let Some(key) = row.web_key.clone() else {
            return Ok(None);
        };
        let running = row.status == GameStatus::Running;
        let color = color_of(&row, user).filter(|_| running);
        let credential = match color {
            Some(_) => {
                let session = new_secret()?;
                let mut tx = self.store.write().await?;
                store::open_session(&mut tx, row.id, user, &hash(&session), self.clock.now())
                    .await?;
                tx.commit().await?;
                Some(format!("{}-{session}", user.0))
            }
            None => None,
        };
        Ok(Some(ActivityGame {
            key,
            running,
            color,
            credential,
        }))
    }

    /// The running game at `key`, the player `credential` names in it and their secret.
    async fn seat_asked<'c>(
        &self,
        key: &str,
        credential: &'c str,
    ) -> Result<Option<(store::GameRow, UserId, Color, &'c str)>, HostError> {
        let asked = self.player_asked(key, credential).await?;
        Ok(asked.filter(|(row, ..)| row.status == GameStatus::Running))
    }

    /// The game at `key`, running or over, the player `credential` names in it and their
    /// secret.
    async fn player_asked<'c>(
        &self,
        key: &str,
        credential: &'c str,
    ) -> Result<Option<(store::GameRow, UserId, Color, &'c str)>, HostError> {
        let Some((user, secret)) = credential.split_once('-') else {
            return Ok(None);
        };
        let Ok(user) = user.parse::<u64>().map(UserId) else {
            return Ok(None);
        };
        let Some(row) = self.store.game_by_web_key(key).await? else {
            return Ok(None);
        };
        Ok(color_of(&row, user).map(|color| (row, user, color, secret)))
    }

    /// Plays `text` for the seated player, as if typed in the game's channel; its board (in
    /// `lang`, the channel's language) goes to the front end that posts page moves.
    pub async fn play_on_page(&self, seat: &Seat, text: &str, lang: Lang) -> HostResult {
        // The seat's game itself, not whatever runs in its channel by now.
        let row = self.game_row(seat.game).await?;
        if row.status != GameStatus::Running {
            return Err(HostError::Refused(Refusal::ButtonGameOver));
        }
        let reply = self.play_in(row, &seated(seat, lang), text, None).await?;
        self.to_channel(seat, &reply);
        Ok(reply)
    }

    /// Acts for the seated player as the game's button (or command) `action` would: resign
    /// (asked to confirm where a rated game needs it), offer or accept a draw, ask for or agree
    /// to a takeback, go berserk. What the channel should see goes there, as for a move; a
    /// question for the player alone (the resignation's confirmation) is the answer.
    pub async fn act_on_page(&self, seat: &Seat, action: GameAction, lang: Lang) -> HostResult {
        // The seat's game only: each read of the channel's game checks it is still the one.
        let who = seated(seat, lang);
        let reply = match action {
            GameAction::Resign => self.resign(&who).await,
            GameAction::ConfirmResign => self.resign_confirmed(&who).await,
            GameAction::Draw => self.draw(&who).await,
            GameAction::Takeback => self.takeback(&who).await,
            GameAction::Berserk => self.berserk(&who).await,
            GameAction::Hint | GameAction::PlayLink => {
                Err(HostError::Refused(Refusal::UnknownButton))
            }
        }?;
        if !reply.ephemeral {
            self.to_channel(seat, &reply);
        }
        Ok(reply)
    }

    /// Hands a page's reply to the front end that posts it in the game's channel.
    fn to_channel(&self, seat: &Seat, reply: &Reply) {
        // Nobody posts page moves (no Discord here): the page and its watchers still see it.
        if !self.page_moves.taken.load(Ordering::Acquire) {
            return;
        }
        let _ = self.page_moves.sender.send(Notice {
            channel: seat.channel,
            guild: seat.guild,
            reply: reply.clone(),
            settles: None,
        });
    }

    /// The boards of moves made on the web, to post in their channels (taken once).
    pub fn page_moves(&self) -> Option<mpsc::UnboundedReceiver<Notice>> {
        let taken = self
            .page_moves
            .receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        self.page_moves.taken.store(true, Ordering::Release);
        taken
    }
}
