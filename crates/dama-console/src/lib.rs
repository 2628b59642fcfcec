//! `dama console`: the same host and database in a terminal, for trying the bot without
//! Discord. Several people can share the keyboard (`as <name>`); boards print as text and each
//! board picture is written to a folder. It speaks the language chosen with `--lang`.

use dama_core::host::Refusal;
use dama_model::UnixMs;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::io::{AsyncBufRead, AsyncWrite, AsyncWriteExt, BufReader};

use dama_core::host::{ButtonAction, Host, HostError, Lang, Msg, PuzzleMsg, Reply, Scope, Who};
use dama_core::words::{Arg, Markup, Surface, Words};
use dama_model::{ChallengeId, ChannelId, GuildId, UserId};
use dama_rules::fen;

mod duties;
mod parse;
mod terminal;

use duties::{Heard, Listener};

pub use parse::{Command, MAX_LINE, ParseError, TournamentCommand, parse};
use terminal::{for_terminal, put, read_line, text_grid, write_new};

/// The console's server, and the name of the channel a session starts in (the one channel
/// of earlier versions, so their games are still there).
const GUILD: GuildId = GuildId(1);
const FIRST_CHANNEL: &str = "1";
/// How often the console sweeps (the bot's default: expired challenges, correspondence
/// warnings and losses, the AI turns left behind).
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// A stable channel id for a console channel's name.
pub fn channel_id(name: &str) -> ChannelId {
    if name == FIRST_CHANNEL {
        return ChannelId(1);
    }
    // Apart from the users' ids (which are below 2^63 too) only by chance; they never meet.
    ChannelId(user_id(name).0 | 1 << 62)
}

/// A stable user id for a console name.
pub fn user_id(name: &str) -> UserId {
    // FNV-1a: the same name is the same player in every session.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.to_lowercase().bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    UserId(h >> 1)
}

/// Users by their console names; times written out.
struct ConsoleMarkup<'a> {
    names: &'a HashMap<UserId, String>,
    now: UnixMs,
}

impl Markup for ConsoleMarkup<'_> {
    fn user(&self, id: UserId) -> String {
        self.names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("#{}", id.0))
    }
    fn surface(&self) -> Surface {
        Surface::Console { now: self.now }
    }
}

/// A console session: the person at the keyboard (and those they type `as`), in a channel.
pub struct Console {
    /// Shared with the screening of finished games the sweep starts in the background.
    host: Arc<Host>,
    words: Arc<Words>,
    lang: Lang,
    /// Where pictures go; `None` once writing there failed.
    pictures: Option<PathBuf>,
    user: String,
    names: HashMap<UserId, String>,
    /// The last challenge shown, for `accept` and `decline`.
    challenge: Option<ChallengeId>,
    /// The last question asked (a resignation to confirm), for `yes`.
    confirm: Option<ButtonAction>,
    /// Pictures written so far, to number the files.
    written: usize,
    /// The names stored in the database are known (read once, before the first answer).
    names_read: bool,
    /// A puzzle is open: bare moves, `board` and `moves` go to it until it ends or a game
    /// command is used.
    in_puzzle: bool,
    /// The channel played in, and every channel used in this session (in order).
    channel: String,
    channels: Vec<String>,
}

impl Console {
    /// A session over `host` speaking `lang`, writing pictures to `pictures`, as `user`.
    pub fn new(
        host: Arc<Host>,
        words: Arc<Words>,
        lang: Lang,
        pictures: PathBuf,
        user: String,
    ) -> Console {
        let mut names = HashMap::new();
        names.insert(user_id(&user), user.clone());
        Console {
            host,
            words,
            lang,
            pictures: Some(pictures),
            user,
            names,
            challenge: None,
            confirm: None,
            written: 0,
            names_read: false,
            in_puzzle: false,
            channel: FIRST_CHANNEL.to_string(),
            channels: vec![FIRST_CHANNEL.to_string()],
        }
    }

    fn who(&self) -> Who {
        Who {
            user: user_id(&self.user),
            name: self.user.clone(),
            channel: channel_id(&self.channel),
            guild: Some(GUILD),
            lang: self.lang,
            // The person at the terminal owns the database: they may call off any game.
            admin: true,
            game: None,
        }
    }

    fn learn(&mut self, name: &str) -> UserId {
        let id = user_id(name);
        self.names.insert(id, name.to_string());
        id
    }

    /// A console text in the chosen language.
    fn say(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.writer_text(|w| w.text(id, args))
    }

    /// A text written by this console's writer.
    fn writer_text(&self, write: impl FnOnce(&dama_core::words::Writer<'_>) -> String) -> String {
        let markup = ConsoleMarkup {
            names: &self.names,
            now: self.host.clock().now(),
        };
        write(&self.words.writer(self.lang, &markup))
    }

    /// Runs commands from standard input until `quit` or the end of input.
    pub async fn run(self) -> std::io::Result<()> {
        let mut out = tokio::io::stdout();
        let input = BufReader::new(tokio::io::stdin());
        self.session(input, &mut out).await
    }

    /// Runs commands from `input` until `quit` or its end; the store is closed on every way
    /// out. Bytes that are not UTF-8 (a terminal in ISO-8859-9 typing "ş") are read as the
    /// replacement character and answered, never fatal.
    pub async fn session(
        mut self,
        mut input: impl AsyncBufRead + Unpin,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        let result = self.lines(&mut input, out).await;
        self.host.close().await;
        result
    }

    async fn lines(
        &mut self,
        input: &mut (impl AsyncBufRead + Unpin),
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        let welcome = self.say(
            "console-welcome",
            &[("name", Arg::from(self.user.as_str()))],
        );
        put(out, &welcome).await?;
        // The host's duties run beside the session, which shows what they find between lines:
        // a flag is shown as it falls. They end with the session: waited for on the way out,
        // so the store closes after them; aborted with the set on an error.
        let (listener, mut heard) = tokio::sync::mpsc::unbounded_channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let mut duties = tokio::task::JoinSet::new();
        duties.spawn(Arc::clone(&self.host).run_duties(
            Arc::new(Listener(listener)),
            SWEEP_EVERY,
            async {
                let _ = stopped.await;
            },
        ));
        let mut pending = Vec::new();
        loop {
            let prompt = if self.channel == FIRST_CHANNEL {
                format!("{}> ", for_terminal(&self.user))
            } else {
                format!(
                    "{} #{}> ",
                    for_terminal(&self.user),
                    for_terminal(&self.channel)
                )
            };
            out.write_all(prompt.as_bytes()).await?;
            out.flush().await?;
            let line = loop {
                tokio::select! {
                    biased;
                    line = read_line(input, &mut pending) => break line?,
                    Some(h) = heard.recv() => {
                        if self.show_heard(h, out).await? {
                            out.write_all(prompt.as_bytes()).await?;
                            out.flush().await?;
                        }
                    }
                }
            };
            let Some(line) = line else {
                break;
            };
            if line.trim().is_empty() {
                continue;
            }
            match parse(&line) {
                Ok(Command::Quit) => break,
                Ok(cmd) => self.execute(cmd, out).await?,
                Err(ParseError::Clock(e)) => {
                    let text = self.writer_text(|w| w.time_control_error(&e));
                    put(out, &text).await?;
                }
                Err(e) => {
                    let (id, mut args) = e.words();
                    if matches!(e, ParseError::PuzzleTheme(_) | ParseError::PuzzleThemes) {
                        let themes = self.writer_text(|w| {
                            dama_play::puzzle::Theme::ALL
                                .map(|t| w.theme_name(t))
                                .join(", ")
                        });
                        args.push(("themes", Arg::from(themes)));
                    }
                    let text = self.say(id, &args);
                    put(out, &text).await?;
                }
            }
        }
        let _ = stop.send(());
        while duties.join_next().await.is_some() {}
        Ok(())
    }

    /// Carries out one command and prints what happened.
    #[tracing::instrument(name = "command", skip_all, fields(command = ?cmd))]
    pub async fn execute(
        &mut self,
        cmd: Command,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        if !self.names_read {
            // Players of earlier sessions are named as they last named themselves, not numbered.
            if let Ok(stored) = self.host.player_names().await {
                for (id, name) in stored {
                    self.names.entry(id).or_insert(name);
                }
            }
            self.names_read = true;
        }
        let who = self.who();
        let puzzle_command = matches!(
            cmd,
            Command::Puzzle { .. }
                | Command::PuzzlePractice(_)
                | Command::PuzzleMove(_)
                | Command::PuzzleStats(_)
        ) || (cmd == Command::Yes
            && matches!(self.confirm, Some(ButtonAction::LeavePuzzle { .. })));
        let game_command = matches!(
            cmd,
            Command::Ai { .. }
                | Command::Challenge { .. }
                | Command::Accept
                | Command::Resign
                | Command::Draw
                | Command::Takeback
                | Command::Hint
                | Command::Berserk
                | Command::Pdn
                | Command::Replay
                | Command::Analyze
                | Command::Abort
        );
        // In a puzzle, `hint` is the puzzle's: it has none, and the puzzle stays open.
        if self.in_puzzle && cmd == Command::Hint {
            let text = self.say("console-puzzle-no-hint", &[]);
            return put(out, &text).await;
        }
        if game_command {
            self.in_puzzle = false;
        }
        // In an open puzzle a move, the board and the legal moves are the puzzle's.
        let cmd = match cmd {
            Command::Move(text) if self.in_puzzle => Command::PuzzleMove(text),
            other => other,
        };
        let in_puzzle = self.in_puzzle;
        let host = &self.host;
        let result = match cmd {
            Command::Help => Ok(host.help()),
            Command::Rules => Ok(host.rules()),
            Command::Quit => Ok(Reply::default()),
            Command::As(name) => {
                self.learn(&name);
                self.user = name;
                let text = self.say(
                    "console-you-are",
                    &[("name", Arg::from(self.user.as_str()))],
                );
                return put(out, &text).await;
            }
            Command::Ai {
                level,
                color,
                clock,
            } => host.play_ai_on(&who, level, color, clock).await,
            Command::Challenge {
                opponent,
                color,
                rated,
                clock,
            } => {
                let id = opponent.as_deref().map(|name| self.learn(name));
                let reply = self
                    .host
                    .challenge_on(&who, id, color, rated, false, clock)
                    .await;
                if let Ok(r) = &reply {
                    self.challenge = r.challenge();
                    self.show(r, out).await?;
                    let tip = match &opponent {
                        Some(name) => self.say(
                            "console-challenge-tip",
                            &[("name", Arg::from(name.as_str()))],
                        ),
                        None => self.say("console-open-challenge-tip", &[]),
                    };
                    return put(out, &tip).await;
                }
                reply
            }
            Command::Accept | Command::Decline => match self.challenge {
                Some(id) => {
                    let accept = cmd == Command::Accept;
                    host.press(&who, ButtonAction::Challenge { id, accept })
                        .await
                }
                None => Err(HostError::Refused(Refusal::NoChallenge)),
            },
            Command::Yes => match self.confirm.take() {
                Some(action) => self.host.press(&who, action).await,
                None => {
                    let text = self.say("console-nothing-to-confirm", &[]);
                    return put(out, &text).await;
                }
            },
            Command::No => {
                let id = match self.confirm.take() {
                    Some(_) => "console-not-confirmed",
                    None => "console-nothing-to-confirm",
                };
                let text = self.say(id, &[]);
                return put(out, &text).await;
            }
            Command::Cancel => host.cancel_challenge(&who).await,
            Command::Seek(Some((clock, rated))) => host.seek(&who, clock, rated, false).await,
            Command::Seek(None) => host.seeking(&who).await,
            Command::Leave => host.leave_pool(&who).await,
            Command::Rematch => host.rematch_here(&who).await,
            Command::Block(None) => host.block_list(&who).await,
            Command::Block(Some(name)) => {
                let id = self.learn(&name);
                self.host.block(&who, id, &name).await
            }
            Command::Unblock(name) => {
                let id = self.learn(&name);
                self.host.unblock(&who, id).await
            }
            Command::Move(text) => host.play(&who, &text).await,
            Command::Resign => host.resign(&who).await,
            Command::Draw => host.draw(&who).await,
            Command::Takeback => host.takeback(&who).await,
            Command::Hint => host.hint(&who).await,
            Command::Berserk => host.berserk(&who).await,
            Command::Board if in_puzzle => host.puzzle_view(&who).await,
            Command::Moves if in_puzzle => host.puzzle_legal_moves(&who).await,
            Command::Board => host.board(&who).await,
            Command::Link => host.play_link(&who).await,
            Command::Moves => host.legal_moves(&who).await,
            Command::Pdn => host.pdn(&who).await,
            Command::Replay => host.replay(&who).await,
            Command::Analyze => host.analyze(&who, Arc::new(|_| {})).await,
            Command::Abort => host.abort(&who).await,
            Command::Leaderboard(speed) => host.leaderboard(&who, Scope::Global, speed).await,
            Command::Stats(name) => {
                let id = match name {
                    Some(n) => self.learn(&n),
                    None => who.user,
                };
                self.host.stats(&who, id).await
            }
            Command::Puzzle { random } => host.puzzle(&who, random).await,
            Command::PuzzlePractice(practice) => host.puzzle_practice(&who, practice).await,
            Command::PuzzleMove(text) => host.puzzle_move(&who, &text).await,
            Command::PuzzleStats(name) => {
                let id = name.map(|n| self.learn(&n));
                self.host.puzzle_stats(&who, id).await
            }
            Command::Tournament(t) => {
                let who = self.who();
                match t {
                    TournamentCommand::Create(spec) => host.create_tournament(&who, spec).await,
                    TournamentCommand::Join => host.join_tournament(&who, None).await,
                    TournamentCommand::Leave => host.leave_tournament(&who, None).await,
                    TournamentCommand::Standings => host.tournament_standings(&who, None).await,
                    TournamentCommand::Pairings => host.tournament_pairings(&who, None).await,
                    TournamentCommand::Export => host.tournament_export(&who, None).await,
                    TournamentCommand::Start => host.start_tournament(&who, None).await,
                    TournamentCommand::Cancel => host.cancel_tournament(&who, None).await,
                }
            }
            Command::Channel(None) => {
                let text = self.channel_list().await;
                return put(out, &text).await;
            }
            Command::Channel(Some(name)) => {
                if !self.channels.contains(&name) {
                    self.channels.push(name.clone());
                }
                self.channel = name;
                self.in_puzzle = false;
                let text = self.say(
                    "console-channel-now",
                    &[("name", Arg::from(self.channel.as_str()))],
                );
                put(out, &text).await?;
                // The game going on there, if there is one.
                match self.host.board(&self.who()).await {
                    Ok(reply) => Ok(reply),
                    Err(HostError::Refused(Refusal::NoGame | Refusal::NoGameYet)) => return Ok(()),
                    Err(e) => Err(e),
                }
            }
        };
        let asked_to_leave = |reply: &Reply| {
            reply
                .body
                .iter()
                .any(|m| matches!(m, Msg::Puzzle(PuzzleMsg::LeaveFirst)))
        };
        if puzzle_command
            && let Ok(reply) = &result
            && !asked_to_leave(reply)
        {
            // A puzzle stays open until it is solved or its tries are spent.
            self.in_puzzle = !reply.body.iter().any(|m| {
                matches!(
                    m,
                    Msg::Puzzle(
                        PuzzleMsg::Solved { .. }
                            | PuzzleMsg::Failed { .. }
                            | PuzzleMsg::AlreadyDone { .. }
                            | PuzzleMsg::NoPracticeLeft { .. }
                    )
                )
            }) && reply.board.is_some();
        }
        let mut reply = match result {
            Ok(reply) => reply,
            Err(e) => {
                let text = self.error(&e);
                return put(out, &text).await;
            }
        };
        loop {
            self.show(&reply, out).await?;
            let Some(game) = reply.ai_turn else {
                break;
            };
            match self.host.ai_move(game, self.lang).await {
                Ok(Some(next)) => reply = next,
                Ok(None) => break,
                Err(e) => {
                    let text = self.error(&e);
                    put(out, &text).await?;
                    break;
                }
            }
        }
        Ok(())
    }

    /// Shows what the host's duties found ([`Heard`]): the games that ended on time, what the
    /// sweep settled, tournament news, the AI turns taken over, owed boards, the daily puzzle.
    /// Whether anything was shown.
    async fn show_heard(
        &mut self,
        heard: Heard,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<bool> {
        let reply = match heard {
            Heard::Notices(notices) => return self.show_notices(&notices, out).await,
            Heard::TournamentNews(news) => return self.show_tournament_news(*news, out).await,
            Heard::Meeting(m) => return self.show_meeting(&m, out).await,
            Heard::StalledAiTurn(turn) => match self.host.ai_move(turn.game, self.lang).await {
                Ok(reply) => reply,
                Err(e) => {
                    tracing::warn!(error = %e, game = turn.game.0, "an AI turn left behind");
                    None
                }
            },
            Heard::OwedPost(owed) => {
                match self.host.catch_up(owed.game, owed.channel, self.lang).await {
                    Ok(reply) => Some(reply),
                    Err(e) => {
                        tracing::warn!(error = %e, game = owed.game.0, "a game's owed board");
                        None
                    }
                }
            }
            Heard::DailyPuzzle => match self.host.daily_puzzle_post(self.lang) {
                Ok(reply) => Some(reply),
                Err(e) => {
                    tracing::warn!(error = %e, "the daily puzzle post failed");
                    None
                }
            },
        };
        let Some(reply) = reply else {
            return Ok(false);
        };
        put(out, "").await?;
        self.show(&reply, out).await?;
        Ok(true)
    }

    /// Shows the host's notices (each a blank line and its reply); whether there were any.
    async fn show_notices(
        &mut self,
        notices: &[dama_core::host::Notice],
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<bool> {
        for n in notices {
            put(out, "").await?;
            self.show(&n.reply, out).await?;
        }
        Ok(!notices.is_empty())
    }

    /// A tournament's news, and its games started each in a channel of its own (`t1-4`: the
    /// tournament's number and the pairing's), which `channel` lists and enters.
    async fn show_tournament_news(
        &mut self,
        mut n: dama_core::host::TournamentNews,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<bool> {
        if let Err(e) = self.host.picture_news(&mut n, self.lang).await {
            tracing::warn!(error = %e, "drawing the standings failed");
        }
        put(out, "").await?;
        self.show(&n.reply, out).await?;
        for g in &n.games {
            let name = format!("t{}-{}", g.tournament.0, g.pairing.0);
            match self
                .host
                .start_pairing(g, channel_id(&name), self.lang)
                .await
            {
                Ok(Some(reply)) => {
                    let text = self.say(
                        "console-tournament-game",
                        &[("channel", Arg::from(name.as_str()))],
                    );
                    put(out, &text).await?;
                    self.show(&reply, out).await?;
                    if !self.channels.contains(&name) {
                        self.channels.push(name);
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "starting a tournament game failed"),
            }
        }
        Ok(true)
    }

    /// A game the pools paired, opened in a channel of its own (`q7`: the meeting's number),
    /// which `channel` lists and enters.
    async fn show_meeting(
        &mut self,
        m: &dama_core::host::Meeting,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<bool> {
        let name = format!("q{}", m.id.0);
        let reply = match self
            .host
            .start_meeting(m.id, Some(channel_id(&name)), None, self.lang)
            .await
        {
            Ok(Some(reply)) => reply,
            Ok(None) => return Ok(false),
            Err(e) => {
                tracing::warn!(error = %e, "opening a paired game failed");
                return Ok(false);
            }
        };
        put(out, "").await?;
        let text = self.say(
            "console-paired-game",
            &[("channel", Arg::from(name.as_str()))],
        );
        put(out, &text).await?;
        self.show(&reply, out).await?;
        if !self.channels.contains(&name) {
            self.channels.push(name);
        }
        Ok(true)
    }

    /// The session's channels, each with the game going on in it.
    async fn channel_list(&self) -> String {
        let markup = ConsoleMarkup {
            names: &self.names,
            now: self.host.clock().now(),
        };
        let w = self.words.writer(self.lang, &markup);
        let mut entries = Vec::new();
        for name in &self.channels {
            let game = match self.host.running_players(channel_id(name)).await {
                Ok(Some(players)) => {
                    format!("{} – {}", w.player(players.white), w.player(players.black))
                }
                _ => "none".to_string(),
            };
            entries.push(w.part(
                "console-channel-entry",
                &[
                    ("name", Arg::from(name.as_str())),
                    ("game", Arg::from(game)),
                ],
            ));
        }
        w.text(
            "console-channels",
            &[
                ("list", Arg::from(entries.join(", "))),
                ("current", Arg::from(self.channel.as_str())),
            ],
        )
    }

    fn error(&self, e: &HostError) -> String {
        e.log_internal();
        let markup = ConsoleMarkup {
            names: &self.names,
            now: self.host.clock().now(),
        };
        self.words.writer(self.lang, &markup).error(e)
    }

    async fn show(
        &mut self,
        reply: &Reply,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        if let Some(f) = reply.fen.as_deref().and_then(|f| fen::parse(f).ok()) {
            // The grid only: the reply's own words say whose turn it is.
            let letters = self.words.get(self.lang, "console-board-letters");
            let letters: Vec<char> = letters.split_whitespace().flat_map(str::chars).collect();
            let letters = <[char; 4]>::try_from(letters).unwrap_or(['w', 'W', 'b', 'B']);
            put(out, &text_grid(&f, reply.black_bottom, letters)).await?;
            put(out, &self.words.get(self.lang, "console-board-legend")).await?;
        }
        let markup = ConsoleMarkup {
            names: &self.names,
            now: self.host.clock().now(),
        };
        let text = self.words.writer(self.lang, &markup).reply(reply);
        put(out, &text).await?;
        // Shown here, it is owed nowhere else.
        if let Some(shown) = reply.shown.filter(|_| !reply.ephemeral)
            && let Err(e) = self.host.posted_own(&[shown]).await
        {
            tracing::warn!(error = %e, "noting a game's change as shown failed");
        }
        if let Some(round) = reply.announced
            && let Err(e) = self.host.announced(round).await
        {
            tracing::warn!(error = %e, "noting a round as announced failed");
        }
        // A question with a confirmation button: `yes` presses it.
        if let Some(b) = reply.buttons.iter().find(|b| {
            matches!(
                b.action,
                ButtonAction::Game {
                    action: dama_core::host::GameAction::ConfirmResign,
                    ..
                } | ButtonAction::LeavePuzzle { .. }
            )
        }) {
            // The question itself says to type yes or no.
            self.confirm = Some(b.action);
        }
        if let Some(png) = &reply.board {
            self.written += 1;
            let name = match reply.game {
                Some(game) => format!("game-{game}-{:04}.png", self.written),
                None => format!("puzzle-{:04}.png", self.written),
            };
            self.save(&name, "console-board-picture", png, out).await?;
        }
        for file in reply.file.iter().chain(&reply.attachment) {
            self.save(&file.name, "console-saved", &file.bytes, out)
                .await?;
        }
        Ok(())
    }

    /// Writes a picture or a file to the pictures folder and says where; the first failure is
    /// said once and pictures stop.
    async fn save(
        &mut self,
        name: &str,
        said: &str,
        bytes: &[u8],
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        let Some(dir) = self.pictures.clone() else {
            return Ok(());
        };
        let written = match tokio::fs::create_dir_all(&dir).await {
            Ok(()) => write_new(&dir, name, bytes).await,
            Err(e) => Err(e),
        };
        let text = match written {
            Ok(path) => self.say(said, &[("path", Arg::from(path.display().to_string()))]),
            Err(e) => {
                self.pictures = None;
                self.say(
                    "console-pictures-failed",
                    &[
                        ("path", Arg::from(dir.display().to_string())),
                        ("error", Arg::from(e.to_string())),
                    ],
                )
            }
        };
        put(out, &text).await
    }
}

/// The host's settings for a console: its games' records say they were played in a terminal.
pub fn host_config() -> dama_core::host::HostConfig {
    dama_core::host::HostConfig {
        pdn_event: "Dama in the console".into(),
        pdn_site: "dama console".into(),
        one_server: true,
        ..dama_core::host::HostConfig::default()
    }
}
