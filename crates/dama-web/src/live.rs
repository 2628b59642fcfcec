//! Live pages: server-sent events carrying a game's state to every open page (and a
//! tournament's version to its pages, which read themselves again). One watcher per watched
//! game or tournament, however many pages watch it, reads it again only when the store says it
//! changed (`Store::changes`: at once for this process's writes, by PostgreSQL's `NOTIFY` for
//! the other processes'; everything again after a lost connection), and hands each change to
//! all of them at once. One dispatcher hears every change and wakes only the watcher it
//! concerns, so a move costs the same with ten watched games or a thousand. Nothing is polled.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::{Notify, broadcast, watch};

use dama_model::Change;

use dama_model::{GameId, TournamentId};

use super::error::{GameByKey, WebError};
use super::game::live_json;
use super::html::Asked;
use super::{Reader, Web};

/// One watched game or tournament: what its pages are sent, and the dispatcher's nudge.
struct Watched {
    sender: watch::Sender<Arc<str>>,
    changed: Arc<Notify>,
}

impl Watched {
    /// A new watcher's end, holding `now` for its pages.
    fn new(now: Arc<str>) -> (Watched, watch::Receiver<Arc<str>>, Arc<Notify>) {
        let (sender, receiver) = watch::channel(now);
        let changed = Arc::new(Notify::new());
        let watched = Watched {
            sender,
            changed: Arc::clone(&changed),
        };
        (watched, receiver, changed)
    }
}

/// The watchers of this process, and the limits on open live pages.
pub struct Live {
    games: Mutex<HashMap<GameId, Watched>>,
    tournaments: Mutex<HashMap<TournamentId, Watched>>,
    lobby: Mutex<Option<Watched>>,
    dispatcher: OnceLock<()>,
    open: AtomicUsize,
    max_open: usize,
    by_reader: Mutex<HashMap<IpAddr, usize>>,
    max_per_reader: usize,
}

impl Live {
    /// No page open yet, within `limits`.
    pub fn new(limits: &super::WebLimits) -> Live {
        Live {
            games: Mutex::new(HashMap::new()),
            tournaments: Mutex::new(HashMap::new()),
            lobby: Mutex::new(None),
            dispatcher: OnceLock::new(),
            open: AtomicUsize::new(0),
            max_open: limits.live_pages,
            by_reader: Mutex::new(HashMap::new()),
            max_per_reader: limits.live_pages_per_reader,
        }
    }

    /// Counts a new live page of `reader`, or names the limit it is over.
    fn open_for(&self, reader: IpAddr) -> Result<(), &'static str> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= self.max_open {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err("live_pages");
        }
        let mut by_reader = self
            .by_reader
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let held = by_reader.entry(reader).or_insert(0);
        if *held >= self.max_per_reader {
            drop(by_reader);
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err("live_pages_per_reader");
        }
        *held += 1;
        Ok(())
    }

    fn close_for(&self, reader: IpAddr) {
        let mut by_reader = self
            .by_reader
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(held) = by_reader.get_mut(&reader) {
            *held -= 1;
            if *held == 0 {
                by_reader.remove(&reader);
            }
        }
        drop(by_reader);
        self.open.fetch_sub(1, Ordering::AcqRel);
    }

    /// Live pages open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// A receiver of the game's state, starting a watcher if none runs.
    /// `now` is the game's state as read at `version`.
    fn watch(
        &self,
        web: &Web,
        game: GameId,
        key: String,
        (version, now): (i64, Arc<str>),
    ) -> watch::Receiver<Arc<str>> {
        self.dispatch(web);
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(watched) = games.get(&game) {
            return watched.sender.subscribe();
        }
        let (watched, receiver, changed) = Watched::new(now);
        let sender = watched.sender.clone();
        games.insert(game, watched);
        tokio::spawn(watcher(web.clone(), game, key, version, sender, changed));
        receiver
    }

    /// Starts this process's dispatcher, once: it hears of every change from here on.
    fn dispatch(&self, web: &Web) {
        self.dispatcher.get_or_init(|| {
            let changes = web.host.changes();
            tokio::spawn(dispatcher(Arc::downgrade(&web.live), changes));
        });
    }
}

/// Wakes the watcher of each changed game or tournament, or every watcher when some change may
/// have been missed; ends with the pages. A tournament game that starts or ends changes its
/// tournament too (the store says so), so a move elsewhere wakes no tournament's watcher.
async fn dispatcher(live: Weak<Live>, mut changes: broadcast::Receiver<Change>) {
    loop {
        let change = changes.recv().await;
        let Some(live) = live.upgrade() else {
            return;
        };
        let games = live.games.lock().unwrap_or_else(PoisonError::into_inner);
        let tournaments = live
            .tournaments
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let lobby = live.lobby.lock().unwrap_or_else(PoisonError::into_inner);
        let wake = |w: &Watched| w.changed.notify_one();
        match change {
            Ok(Change::Game(game)) => games.get(&game).into_iter().for_each(wake),
            Ok(Change::Tournament(id)) => tournaments.get(&id).into_iter().for_each(wake),
            Ok(Change::Lobby) => lobby.iter().for_each(wake),
            // Fell behind, or told to read everything again.
            Ok(Change::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                games.values().for_each(wake);
                tournaments.values().for_each(wake);
                lobby.iter().for_each(wake);
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Waits until the dispatcher says what is watched changed, or until no page watches it any
/// more (`None`).
async fn next_change(changed: &Notify, sender: &watch::Sender<Arc<str>>) -> Option<()> {
    tokio::select! {
        () = sender.closed() => None,
        () = changed.notified() => Some(()),
    }
}

/// Removes a watcher whose pages are all closed (`true`); one that a page came back to between
/// the last one closing and this lock stays.
fn unwatched<K: std::hash::Hash + Eq>(
    watched: &Mutex<HashMap<K, Watched>>,
    key: &K,
    sender: &watch::Sender<Arc<str>>,
) -> bool {
    let mut watched = watched.lock().unwrap_or_else(PoisonError::into_inner);
    if sender.receiver_count() == 0 {
        watched.remove(key);
        return true;
    }
    false
}

/// Reads the game again whenever the store says it changed, while a page watches it; sends its
/// state when its version moved.
async fn watcher(
    web: Web,
    game: GameId,
    key: String,
    version: i64,
    sender: watch::Sender<Arc<str>>,
    changed: Arc<Notify>,
) {
    let mut seen = Some(version);
    // A change between the page's first reading and the subscription: read once at the start.
    let mut first = true;
    loop {
        if !first && next_change(&changed, &sender).await.is_none() {
            if unwatched(&web.live.games, &game, &sender) {
                return;
            }
            continue;
        }
        first = false;
        web.metrics.live_read("game");
        let version = match web.host.web_game_version(game).await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(game = game.0, error = %e, "web: watching a game");
                continue;
            }
        };
        if version == seen {
            continue;
        }
        match web.host.web_game(&key).await {
            Ok(Some(now)) => {
                seen = Some(now.facts.version);
                sender.send_replace(Arc::from(live_json(&web.host.renderer(), &web.words, &now)));
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(game = game.0, error = %e, "web: reading a watched game"),
        }
    }
}

/// One open live page, counted while it lasts.
struct Open(Web, IpAddr);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.live.close_for(self.1);
        self.0.metrics.live_pages(self.0.live.open());
    }
}

/// `GET /game/{key}/events`: the game's state now, then again after every change.
pub(super) async fn events(
    State(web): State<Web>,
    Path(key): Path<String>,
    Reader(reader): Reader,
    asked: Asked,
    GameByKey(game): GameByKey,
) -> Result<Response, WebError> {
    if let Err(limit) = web.live.open_for(reader) {
        return Err(asked.live_full(&web, limit).short());
    }
    web.metrics.live_pages(web.live.open());
    let open = Open(web.clone(), reader);
    let receiver = web.live.watch(
        &web,
        game.facts.id,
        key,
        (
            game.facts.version,
            Arc::from(live_json(&web.host.renderer(), &web.words, &game)),
        ),
    );
    Ok(stream(receiver, open, "state"))
}

/// The events of one open page: what `receiver` holds now, then again after every change, as
/// events named `name`; the page is counted open until the stream ends.
fn stream(receiver: watch::Receiver<Arc<str>>, open: Open, name: &'static str) -> Response {
    let stream = futures_util::stream::unfold(
        (receiver, open, true),
        move |(mut receiver, open, first)| async move {
            if !first && receiver.changed().await.is_err() {
                return None;
            }
            let data = Arc::clone(&receiver.borrow_and_update());
            let event = Event::default()
                .event(name)
                .retry(Duration::from_secs(1))
                .data(&*data);
            Some((Ok::<_, Infallible>(event), (receiver, open, false)))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// A watched tournament is read again at most this often (a round's last games may end
/// together).
const TOURNAMENT_PAUSE: Duration = Duration::from_millis(250);

impl Live {
    /// A receiver of the tournament's version, starting a watcher if none runs.
    fn watch_tournament(
        &self,
        web: &Web,
        id: TournamentId,
        now: Arc<str>,
    ) -> watch::Receiver<Arc<str>> {
        self.dispatch(web);
        let mut tournaments = self
            .tournaments
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(watched) = tournaments.get(&id) {
            return watched.sender.subscribe();
        }
        let (watched, receiver, changed) = Watched::new(now);
        let sender = watched.sender.clone();
        tournaments.insert(id, watched);
        tokio::spawn(tournament_watcher(web.clone(), id, sender, changed));
        receiver
    }
}

/// Reads the tournament's version again whenever it changed (one of its games starting or
/// ending changes it too), while a page watches it.
async fn tournament_watcher(
    web: Web,
    id: TournamentId,
    sender: watch::Sender<Arc<str>>,
    changed: Arc<Notify>,
) {
    let mut first = true;
    loop {
        if !first {
            if next_change(&changed, &sender).await.is_none() {
                if unwatched(&web.live.tournaments, &id, &sender) {
                    return;
                }
                continue;
            }
            tokio::time::sleep(TOURNAMENT_PAUSE).await;
        }
        first = false;
        web.metrics.live_read("tournament");
        match web.host.web_tournament_version(id).await {
            Ok(Some(version)) if **sender.borrow() != *version => {
                sender.send_replace(Arc::from(version));
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(tournament = id.0, error = %e, "web: watching a tournament"),
        }
    }
}

/// `GET /tournament/{id}/events`: the tournament's version now, then again after every
/// change (its page reads itself again then).
pub(super) async fn tournament_events(
    State(web): State<Web>,
    Path(text): Path<String>,
    Reader(reader): Reader,
    asked: Asked,
) -> Result<Response, WebError> {
    let Some(id) = super::pages::id(&text).and_then(|i| i64::try_from(i).ok()) else {
        return Err(asked.not_found(&web).short());
    };
    let id = TournamentId(id);
    let version = web
        .host
        .web_tournament_version(id)
        .await
        .map_err(|e| {
            asked
                .failed(&web, "reading a tournament's version", e)
                .short()
        })?
        .ok_or_else(|| asked.not_found(&web).short())?;
    if let Err(limit) = web.live.open_for(reader) {
        return Err(asked.live_full(&web, limit).short());
    }
    web.metrics.live_pages(web.live.open());
    let open = Open(web.clone(), reader);
    let receiver = web.live.watch_tournament(&web, id, Arc::from(version));
    Ok(stream(receiver, open, "version"))
}

/// The lobby is read again at most this often (a wave pairs many players at once).
const LOBBY_PAUSE: Duration = Duration::from_millis(250);

impl Live {
    /// A receiver of the lobby's version, starting its watcher if none runs.
    fn watch_lobby(&self, web: &Web, now: Arc<str>) -> watch::Receiver<Arc<str>> {
        self.dispatch(web);
        let mut lobby = self.lobby.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(watched) = lobby.as_ref() {
            return watched.sender.subscribe();
        }
        let (watched, receiver, changed) = Watched::new(now);
        let sender = watched.sender.clone();
        *lobby = Some(watched);
        tokio::spawn(lobby_watcher(web.clone(), sender, changed));
        receiver
    }
}

/// Reads the lobby again whenever a pool or the set of running games changed, while a page
/// watches it.
async fn lobby_watcher(web: Web, sender: watch::Sender<Arc<str>>, changed: Arc<Notify>) {
    let mut first = true;
    loop {
        if !first {
            if next_change(&changed, &sender).await.is_none() {
                let mut lobby = web
                    .live
                    .lobby
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if sender.receiver_count() == 0 {
                    *lobby = None;
                    return;
                }
                continue;
            }
            tokio::time::sleep(LOBBY_PAUSE).await;
        }
        first = false;
        web.metrics.live_read("lobby");
        match web.host.lobby().await {
            Ok(lobby) => {
                let version = super::lobby::version(&lobby);
                if **sender.borrow() != *version {
                    sender.send_replace(Arc::from(version));
                }
            }
            Err(e) => tracing::warn!(error = %e, "web: watching the lobby"),
        }
    }
}

/// `GET /play/events`: the lobby's version now, then again after every change (its page reads
/// itself again then).
pub(super) async fn lobby_events(
    State(web): State<Web>,
    Reader(reader): Reader,
    asked: Asked,
) -> Result<Response, WebError> {
    let lobby = web
        .host
        .lobby()
        .await
        .map_err(|e| asked.failed(&web, "reading the lobby", e).short())?;
    if let Err(limit) = web.live.open_for(reader) {
        return Err(asked.live_full(&web, limit).short());
    }
    web.metrics.live_pages(web.live.open());
    let open = Open(web.clone(), reader);
    let now = Arc::from(super::lobby::version(&lobby));
    let receiver = web.live.watch_lobby(&web, now);
    Ok(stream(receiver, open, "version"))
}
