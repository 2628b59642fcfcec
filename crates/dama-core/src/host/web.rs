//! What the web pages show (a game by its link's key, a listed server, a player) and the one
//! setting a server makes for them. The web only reads; that setting is a host operation.

use crate::host::Refusal;
use std::sync::Arc;

use dama_model::{Millis, UnixMs};
use dama_play::clock::{Clocks, TimeControl};
use dama_rules::{Color, Game, GameResult};
use dama_store::{self as store, GameRow, PlayerRow};

use super::pictures::{Key, Kind, PictureError};
use super::play::with_stored_result;
use super::{Host, HostError, HostResult, Msg, Player, Reply, Who, players};
use dama_model::{
    GameId, GameStatus, GuildId, TournamentFormat, TournamentId, TournamentStatus, UserId,
};

/// A server that chose to be listed on the web.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedServer {
    /// The server.
    pub guild: GuildId,
    /// Its name when it chose to be listed.
    pub name: String,
}

impl From<store::PublicServer> for ListedServer {
    fn from(s: store::PublicServer) -> ListedServer {
        ListedServer {
            guild: s.guild_id,
            name: s.name,
        }
    }
}

/// Whether a text can be a game's page key, before the database is asked.
pub fn is_web_key(key: &str) -> bool {
    store::is_web_key(key)
}

/// A player of a game as its page shows them.
#[derive(Clone, Debug)]
pub struct WebPlayer {
    /// Who they are.
    pub player: Player,
    /// The name they were last seen with (empty for the AI or a player never seen).
    pub name: String,
    /// Their rating in the game's speed class, if they have one (a finished rated game: the
    /// rating it left them with).
    pub rating: Option<f64>,
    /// What a finished rated game did to that rating.
    pub change: Option<f64>,
    /// Their rated games in the speed class (on a leaderboard).
    pub games: Option<i64>,
}

/// What a page says of a game besides its board and its players.
#[derive(Clone, Debug)]
pub struct GameFacts {
    /// The game.
    pub id: GameId,
    /// Its page's key.
    pub web_key: Option<String>,
    /// Running, over or called off.
    pub status: GameStatus,
    /// Its result, once over.
    pub result: Option<GameResult>,
    /// A tournament game lost by forfeit: the side that never made its first move.
    pub forfeited_by: Option<Color>,
    /// Whether it is rated.
    pub rated: bool,
    /// Its time control.
    pub time_control: TimeControl,
    /// When it began.
    pub created_at: UnixMs,
    /// The side offering a draw now.
    pub draw_offer: Option<Color>,
    /// The side asking to take a move back now.
    pub takeback_offer: Option<Color>,
    /// Its clocks as stored.
    pub clocks: Clocks,
    /// Which sides went berserk, in a game that allows it (an arena's).
    pub berserk: Option<[bool; 2]>,
    /// One number that changes with everything its page shows ([`Host::web_game_version`]).
    pub version: i64,
}

impl From<&GameRow> for GameFacts {
    fn from(row: &GameRow) -> GameFacts {
        GameFacts {
            id: row.id,
            web_key: row.web_key.clone(),
            status: row.status,
            result: row.result,
            forfeited_by: row.forfeited_by(),
            rated: row.rated,
            time_control: row.time_control,
            created_at: row.created_at,
            draw_offer: row.draw_offer,
            takeback_offer: row.takeback_offer,
            clocks: row.clocks(),
            berserk: row.berserk.is_some().then_some(row.clocks().berserk),
            version: version(row),
        }
    }
}

/// A game as its page shows it.
#[derive(Clone, Debug)]
pub struct WebGame {
    /// The game as stored, for the host's own work on it (its PDN, its pictures).
    row: GameRow,
    /// What the page says of it.
    pub facts: GameFacts,
    /// With the stored result declared when the board alone does not show it.
    pub game: Game,
    /// White.
    pub white: WebPlayer,
    /// Black.
    pub black: WebPlayer,
    /// Both clocks after each ply (live games; milliseconds).
    pub clocks: Vec<Option<[Millis; 2]>>,
    /// A live game's clocks now: running, as they stand; over, as they stopped (a flagged
    /// side at 0).
    pub left_now: Option<[Millis; 2]>,
    /// Its server, when that server is listed on the web.
    pub server: Option<ListedServer>,
    /// Its analysis, when one was made at the game's version now.
    pub analysis: Option<dama_play::ai::analysis::Analysis>,
}

/// One number that changes with every move, takeback, ending, offer and berserk of a game
/// (what its page shows).
fn version(row: &GameRow) -> i64 {
    let offer = |o: Option<Color>| o.map_or(0, |c| c.index() as i64 + 1);
    let asked = offer(row.draw_offer) * 3 + offer(row.takeback_offer);
    ((row.version * 4 + row.status as i64) * 9 + asked) * 4 + row.berserk.unwrap_or(0)
}

impl Host {
    /// The servers listed on the web, for its home page.
    pub async fn public_servers(&self) -> Result<Vec<ListedServer>, HostError> {
        let servers = self.store.public_servers().await?;
        Ok(servers.into_iter().map(ListedServer::from).collect())
    }

    /// A listed server; `None` for one that is not listed.
    async fn listed_server(&self, guild: GuildId) -> Result<Option<ListedServer>, HostError> {
        Ok(self
            .store
            .public_server(guild)
            .await?
            .map(ListedServer::from))
    }
}

impl WebGame {
    /// The player with `color`.
    pub fn player(&self, color: Color) -> &WebPlayer {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// A listed server's page.
#[derive(Clone, Debug)]
pub struct WebServer {
    /// The server.
    pub server: ListedServer,
    /// Each speed class with rated games there, best players first.
    pub leaderboards: Vec<(dama_play::clock::SpeedClass, Vec<WebPlayer>)>,
    /// Its running games.
    pub running: Vec<WebGameLine>,
    /// Its pools: the usual ones and any other someone waits in there.
    pub pools: Vec<PoolLine>,
    /// Its tournaments: those open or running, and the latest.
    pub tournaments: Vec<TournamentFacts>,
}

/// A pool as the lobby shows it: its clock and how many wait in it, never who.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolLine {
    /// The pool's clock.
    pub control: TimeControl,
    /// How many wait in it.
    pub waiting: i64,
}

/// The lobby (`/play`): every server's pools counted together, and the games being played now
/// on the listed servers.
#[derive(Clone, Debug)]
pub struct Lobby {
    /// The usual pools, and any other someone waits in.
    pub pools: Vec<PoolLine>,
    /// Games being played now on listed servers, newest first.
    pub playing: Vec<WebGameLine>,
}

/// The usual pools with their counts, then any other clock someone waits for, in pool order.
fn pool_lines(counts: Vec<(TimeControl, i64)>) -> Vec<PoolLine> {
    let mut lines: Vec<PoolLine> = dama_play::pool::USUAL_POOLS
        .iter()
        .map(|&control| PoolLine {
            control,
            waiting: 0,
        })
        .collect();
    for (control, waiting) in counts {
        match lines.iter_mut().find(|l| l.control == control) {
            Some(line) => line.waiting += waiting,
            None => lines.push(PoolLine { control, waiting }),
        }
    }
    lines.sort_by_key(|l| dama_play::pool::pool_order(l.control));
    lines
}

/// A game in a list: who plays whom, and its link's key.
#[derive(Clone, Debug)]
pub struct WebGameLine {
    /// What the list says of it.
    pub facts: GameFacts,
    /// White.
    pub white: WebPlayer,
    /// Black.
    pub black: WebPlayer,
}

/// What a page says of a tournament besides its players and games.
#[derive(Clone, Debug)]
pub struct TournamentFacts {
    /// The tournament.
    pub id: TournamentId,
    /// Its name, or `#id` when it has none.
    pub name: String,
    /// Swiss of so many rounds, or Arena of so many minutes.
    pub format: TournamentFormat,
    /// The time control of its games.
    pub time_control: TimeControl,
    /// Its games are rated.
    pub rated: bool,
    /// Open, running, finished or cancelled.
    pub status: TournamentStatus,
    /// When it starts by itself (`None`: when its organiser starts it).
    pub starts_at: Option<UnixMs>,
    /// When an Arena ends, or when a tournament finished.
    pub ends_at: Option<UnixMs>,
    /// Swiss rounds paired so far.
    pub round: i64,
}

/// A Swiss board (or bye), or an Arena game.
#[derive(Clone, Debug)]
pub struct WebPairing {
    /// The Swiss round (0 for an Arena game).
    pub round: i64,
    /// The board, from 1.
    pub board: i64,
    /// The player with White (or the bye).
    pub white: UserId,
    /// `None`: a bye.
    pub black: Option<UserId>,
    /// The game, once made.
    pub game: Option<GameId>,
    /// White's result in halves, once ended.
    pub white_halves: Option<i64>,
    /// Lost by forfeit: the loser never made a first move.
    pub forfeit: bool,
    /// When its game starts.
    pub starts: UnixMs,
}

/// Someone who entered a tournament.
#[derive(Clone, Copy, Debug)]
pub struct WebEntrant {
    /// The player.
    pub user: UserId,
    /// The Swiss round they joined after (0: from the start).
    pub joined_round: i64,
    /// They left.
    pub withdrawn: bool,
}

/// A listed server's tournament.
#[derive(Clone, Debug)]
pub struct WebTournament {
    /// What its page says of it.
    pub facts: TournamentFacts,
    /// Its server.
    pub server: ListedServer,
    /// Its standings.
    pub lines: Vec<super::TournamentLine>,
    /// The names of its players.
    pub names: std::collections::HashMap<UserId, String>,
    /// Everyone who entered.
    pub entrants: Vec<WebEntrant>,
    /// Every pairing: a Swiss's boards round by round, an Arena's games.
    pub pairings: Vec<WebPairing>,
    /// The link keys of its games' pages.
    pub game_keys: std::collections::HashMap<GameId, String>,
    /// What changes whenever anything on its page does (see [`Host::web_tournament_version`]).
    pub version: String,
}

/// A tournament's version for its page: its own (status, rounds), its entrants and who is
/// present, and its pairings with how many games started and ended.
fn tournament_version(
    t: &store::TournamentRow,
    entrants: &[store::EntrantRow],
    pairings: &[store::PairingRow],
) -> String {
    let present = entrants.iter().filter(|e| !e.withdrawn).count();
    let started = pairings.iter().filter(|p| p.game_id.is_some()).count();
    let ended = pairings.iter().filter(|p| p.white_halves.is_some()).count();
    format!(
        "{}.{}.{present}.{}.{started}.{ended}",
        t.version,
        entrants.len(),
        pairings.len()
    )
}

/// A player's page: what they did on listed servers only.
#[derive(Clone, Debug)]
pub struct WebPlayerPage {
    /// The player.
    pub user: UserId,
    /// The name they were last seen with.
    pub name: String,
    /// Per speed class, the most played first: their rated games on listed servers.
    pub ratings: Vec<WebRating>,
    /// Their latest games on listed servers.
    pub games: Vec<WebGameLine>,
    /// Puzzles solved and failed on listed servers, if any were tried there.
    pub puzzles: Option<(i64, i64)>,
}

/// A player's rated games of one speed class on listed servers.
#[derive(Clone, Debug)]
pub struct WebRating {
    /// The speed class.
    pub speed: dama_play::clock::SpeedClass,
    /// The rating after each of them, oldest first.
    pub curve: Vec<f64>,
    /// Won, drawn, lost.
    pub record: [i64; 3],
}

/// A leaderboard's line: a player with their rating and games.
fn leader(row: PlayerRow) -> WebPlayer {
    WebPlayer {
        player: Player::User(row.user_id),
        name: row.name,
        rating: Some(row.rating),
        change: None,
        games: Some(row.games),
    }
}

/// How many games and players a list shows.
const WEB_LIST: i64 = 20;

impl Host {
    /// What a page says of tournament `t`.
    fn tournament_facts(&self, t: &store::TournamentRow) -> TournamentFacts {
        TournamentFacts {
            id: t.id,
            name: self.tournament_name(t.id, &t.name),
            format: t.format,
            time_control: t.time_control,
            rated: t.rated,
            status: t.status,
            starts_at: t.starts_at,
            ends_at: t.ends_at,
            round: t.round,
        }
    }

    /// The game whose link carries `key`; `None` for any other text.
    pub async fn web_game(&self, key: &str) -> Result<Option<WebGame>, HostError> {
        // A move between reading the row and its moves shows as stale: read again.
        for _ in 0..3 {
            let Some(row) = self.store.game_by_web_key(key).await? else {
                return Ok(None);
            };
            let game = match self.load(&row).await {
                Err(HostError::Refused(Refusal::ChangedMeanwhile)) => continue,
                other => other?,
            };
            let game = with_stored_result(&row, game);
            let clocks = self.clocks_by_ply(&row).await?;
            // Read now, as the board's picture is: a flagged side shows 0, not its last value.
            let left_now = self.clocks_now(&row, &game, self.clock.now());
            let server = match row.guild_id {
                Some(g) => self.listed_server(g).await?,
                None => None,
            };
            let (white, black) = self.web_players(&row).await?;
            let analysis = match self.store.analysis(row.id).await? {
                Some((version, text)) if version == row.version => {
                    dama_play::ai::analysis::Analysis::from_text(&text, &game)
                }
                _ => None,
            };
            return Ok(Some(WebGame {
                analysis,
                facts: GameFacts::from(&row),
                row,
                game,
                white,
                black,
                clocks,
                left_now,
                server,
            }));
        }
        Err(HostError::Refused(Refusal::ChangedMeanwhile))
    }

    /// What is committed from now on (by this process or, on PostgreSQL, another): what live
    /// pages follow instead of reading the database again and again.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<dama_model::Change> {
        self.store.changes()
    }

    /// A game's version and status now (what live pages watch; see [`WebGame::version`]).
    pub async fn web_game_version(&self, game: GameId) -> Result<Option<i64>, HostError> {
        Ok(self.store.game(game).await?.map(|r| version(&r)))
    }

    /// The game's PDN, as the PDN command gives it.
    pub async fn web_pdn(&self, web: &WebGame) -> Result<String, HostError> {
        self.pdn_text(&web.row, web.game.clone()).await
    }

    /// The game's animated replay, as the replay command gives it (captions in `lang`),
    /// drawn behind the web's own queue ([`PictureError::Busy`] when it is full).
    pub async fn web_gif(
        &self,
        web: &WebGame,
        lang: super::Lang,
    ) -> Result<Arc<Vec<u8>>, PictureError> {
        let key = Key {
            game: web.row.id,
            version: web.facts.version,
            lang,
            kind: Kind::Replay,
        };
        let game = web.game.clone();
        let black = web.row.white_id.is_none() && web.row.black_id.is_some();
        let clocks = self.clocks_by_ply(&web.row).await?;
        let captions = self.replay_captions(&game, super::Caption::ReplayStart, &clocks, lang);
        let renderer = Arc::clone(&self.renderer);
        let frames = self.config.replay_max_frames;
        self.web_pictures
            .get(key, move || {
                renderer.replay_gif(&game, black, &captions, frames)
            })
            .await
    }

    /// The analysis chart of the game (texts in `lang`), if it was analysed; drawn behind
    /// the web's own queue.
    pub async fn web_analysis_chart(
        &self,
        web: &WebGame,
        lang: super::Lang,
    ) -> Result<Option<Arc<Vec<u8>>>, PictureError> {
        let Some(analysis) = &web.analysis else {
            return Ok(None);
        };
        let tags = self.pdn_tags(&web.row).await?;
        let names = [
            tags.get("White").unwrap_or("?"),
            tags.get("Black").unwrap_or("?"),
        ];
        let result = dama_rules::pdn::result_token(&web.game);
        // The curve alone: the page says the players, the accuracies and the turning points
        // in its own text, which reads on a phone as the picture's small boards do not.
        let chart = dama_play::render::Chart {
            title: String::new(),
            legend: Vec::new(),
            boards: Vec::new(),
            ..self
                .captions
                .analysis_chart(lang, &web.game, names, result, analysis)
        };
        let renderer = Arc::clone(&self.renderer);
        let key = Key {
            game: web.row.id,
            version: web.facts.version,
            lang,
            kind: Kind::Chart,
        };
        self.web_pictures
            .get(key, move || renderer.chart_png(&chart))
            .await
            .map(Some)
    }

    /// The analysis's note on each move (texts in `lang`), if the game was analysed.
    pub fn web_analysis_notes(
        &self,
        web: &WebGame,
        lang: super::Lang,
    ) -> Vec<Option<dama_rules::pdn::Note>> {
        web.analysis.as_ref().map_or(Vec::new(), |a| {
            self.captions.analysis_notes(lang, &web.game, a)
        })
    }

    #[expect(clippy::expect_used, reason = "two players")]
    async fn web_players(&self, row: &GameRow) -> Result<(WebPlayer, WebPlayer), HostError> {
        let who = players(row);
        let mut out = Vec::with_capacity(2);
        for color in [Color::White, Color::Black] {
            let player = who.of(color);
            let (name, rating, change) = match player {
                Player::User(id) => {
                    let name = self.store.player_name(id).await?.unwrap_or_default();
                    let rated = row.rated && row.status == GameStatus::Finished;
                    let change = match rated {
                        true => self.store.rating_change(row.id, id, row.speed).await?,
                        false => None,
                    };
                    let now = self.store.rating(id, row.speed).await?.map(|r| r.rating);
                    match change {
                        Some((after, change)) => (name, Some(after), Some(change)),
                        None => (name, now, None),
                    }
                }
                Player::Ai(_) => (String::new(), None, None),
            };
            out.push(WebPlayer {
                player,
                name,
                rating,
                change,
                games: None,
            });
        }
        let black = out.pop().expect("two players");
        let white = out.pop().expect("two players");
        Ok((white, black))
    }

    async fn web_lines(&self, rows: Vec<GameRow>) -> Result<Vec<WebGameLine>, HostError> {
        let mut lines = Vec::with_capacity(rows.len());
        for row in rows {
            let (white, black) = self.web_players(&row).await?;
            lines.push(WebGameLine {
                facts: GameFacts::from(&row),
                white,
                black,
            });
        }
        Ok(lines)
    }

    /// A server's page, if it chose to be listed.
    pub async fn web_server(&self, guild: GuildId) -> Result<Option<WebServer>, HostError> {
        let Some(server) = self.listed_server(guild).await? else {
            return Ok(None);
        };
        let mut leaderboards = Vec::new();
        for speed in dama_play::clock::SpeedClass::ALL {
            let rows = self.store.leaderboard(Some(guild), speed, WEB_LIST).await?;
            if !rows.is_empty() {
                let lines = rows.into_iter().map(leader).collect();
                leaderboards.push((speed, lines));
            }
        }
        let running = self
            .web_lines(self.store.public_running_games(guild, WEB_LIST).await?)
            .await?;
        let pools = pool_lines(self.store.pool_counts(Some(guild)).await?);
        let mut tournaments = self.store.live_tournaments(guild).await?;
        if let Some(latest) = self.store.latest_tournament(guild).await?
            && !tournaments.iter().any(|t| t.id == latest.id)
        {
            tournaments.push(latest);
        }
        let tournaments = tournaments
            .iter()
            .map(|t| self.tournament_facts(t))
            .collect();
        Ok(Some(WebServer {
            server,
            leaderboards,
            running,
            pools,
            tournaments,
        }))
    }

    /// The lobby: the pools of every server counted together, and the listed servers' games
    /// being played now.
    pub async fn lobby(&self) -> Result<Lobby, HostError> {
        let pools = pool_lines(self.store.pool_counts(None).await?);
        let playing = self
            .web_lines(self.store.listed_running_games(WEB_LIST).await?)
            .await?;
        Ok(Lobby { pools, playing })
    }

    /// A tournament of a listed server, with its standings and the names in them.
    pub async fn web_tournament(
        &self,
        id: dama_model::TournamentId,
    ) -> Result<Option<WebTournament>, HostError> {
        let Some(t) = self.store.public_tournament(id).await? else {
            return Ok(None);
        };
        let Some(server) = self.listed_server(t.guild_id).await? else {
            return Ok(None);
        };
        let lines = self.standing_lines(&t).await?;
        let entrants = self.store.entrants(t.id).await?;
        let mut names = std::collections::HashMap::new();
        for e in &entrants {
            let name = self.store.player_name(e.user_id).await?.unwrap_or_default();
            names.insert(e.user_id, name);
        }
        let pairings = self.store.pairings(t.id).await?;
        let mut game_keys = std::collections::HashMap::new();
        for game in pairings.iter().filter_map(|p| p.game_id) {
            if let Some(key) = self.store.game(game).await?.and_then(|g| g.web_key) {
                game_keys.insert(game, key);
            }
        }
        Ok(Some(WebTournament {
            version: tournament_version(&t, &entrants, &pairings),
            facts: self.tournament_facts(&t),
            server,
            lines,
            names,
            entrants: entrants
                .iter()
                .map(|e| WebEntrant {
                    user: e.user_id,
                    joined_round: e.joined_round,
                    withdrawn: e.withdrawn,
                })
                .collect(),
            pairings: pairings
                .iter()
                .map(|p| WebPairing {
                    round: p.round,
                    board: p.board,
                    white: p.white_id,
                    black: p.black_id,
                    game: p.game_id,
                    white_halves: p.white_halves,
                    forfeit: p.forfeit,
                    starts: p.starts(),
                })
                .collect(),
            game_keys,
        }))
    }

    /// What changes on a listed server's tournament page whenever anything on it changes (its
    /// status and rounds, a player joining or leaving, a game starting or ending); `None` for
    /// a tournament that is not listed.
    pub async fn web_tournament_version(
        &self,
        id: dama_model::TournamentId,
    ) -> Result<Option<String>, HostError> {
        let Some(t) = self.store.public_tournament(id).await? else {
            return Ok(None);
        };
        let entrants = self.store.entrants(id).await?;
        let pairings = self.store.pairings(id).await?;
        Ok(Some(tournament_version(&t, &entrants, &pairings)))
    }

    /// A listed server's Swiss as FIDE's report file, once it has begun; `None` otherwise.
    pub async fn web_tournament_report(
        &self,
        id: dama_model::TournamentId,
    ) -> Result<Option<super::File>, HostError> {
        let Some(t) = self.store.public_tournament(id).await? else {
            return Ok(None);
        };
        if self.store.public_server(t.guild_id).await?.is_none()
            || t.format.kind() != dama_model::TournamentKind::Swiss
            || t.status == dama_model::TournamentStatus::Open
        {
            return Ok(None);
        }
        Ok(Some(self.report_file(&t).await?))
    }

    /// A player's page: only what they did on listed servers (their rated games there, the
    /// rating each left them with, their puzzles there, their latest games); `None` for a
    /// player who has no game on one, exactly as for a stranger.
    pub async fn web_player(&self, user: UserId) -> Result<Option<WebPlayerPage>, HostError> {
        let rows = self.store.public_games_of(user, WEB_LIST).await?;
        if rows.is_empty() {
            return Ok(None);
        }
        let name = self.store.player_name(user).await?.unwrap_or_default();
        let mut ratings: Vec<WebRating> = Vec::new();
        for g in self.store.public_rated_games_of(user).await? {
            let i = match ratings.iter().position(|r| r.speed == g.speed) {
                Some(i) => i,
                None => {
                    ratings.push(WebRating {
                        speed: g.speed,
                        curve: Vec::new(),
                        record: [0; 3],
                    });
                    ratings.len() - 1
                }
            };
            let r = &mut ratings[i];
            r.curve.push(g.rating);
            r.record[usize::from(2 - g.halves())] += 1;
        }
        // The most played class first.
        ratings.sort_by_key(|r| std::cmp::Reverse(r.curve.len()));
        let (solved, failed) = self.store.public_puzzles_of(user).await?;
        Ok(Some(WebPlayerPage {
            user,
            name,
            ratings,
            games: self.web_lines(rows).await?,
            puzzles: (solved + failed > 0).then_some((solved, failed)),
        }))
    }

    /// Lists this server's leaderboards, running games and tournaments
    /// on the web, or stops. Managers only.
    pub async fn set_web_public(&self, who: &Who, public: bool, server_name: &str) -> HostResult {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        if !who.admin {
            return Err(HostError::Refused(Refusal::WebNeedsManageServer));
        }
        let mut tx = self.store.write().await?;
        store::set_public(&mut tx, guild, server_name, public).await?;
        tx.commit().await?;
        let link = self
            .config
            .public_url
            .as_ref()
            .map(|base| format!("{base}/server/{}", guild.0));
        Ok(Reply::private(Msg::WebListed { public, link }))
    }
}
