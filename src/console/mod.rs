//! `dama console`: the same host and database in a terminal, for trying the bot without
//! Discord. Several people can share the keyboard (`as <name>`); boards print as text and each
//! board picture is written to a folder.

use std::collections::HashMap;
use std::path::PathBuf;

use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::ai::Level;
use crate::engine::{Color, fen};
use crate::host::{ColorChoice, Host, HostError, Reply, Scope, Who};

/// The console's one channel and server.
const CHANNEL: u64 = 1;
const GUILD: u64 = 1;

/// One line typed at the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    As(String),
    Ai {
        level: Level,
        color: Color,
    },
    Challenge {
        opponent: String,
        color: ColorChoice,
        rated: bool,
    },
    Accept,
    Decline,
    Cancel,
    Move(String),
    Resign,
    Draw,
    Takeback,
    Hint,
    Board,
    Moves,
    Pdn,
    Replay,
    Leaderboard,
    Stats(Option<String>),
    Quit,
}

pub const HELP: &str = "\
Commands (a move can also be typed on its own, like e3-e4 or d4xd6xf6):
  as <name>                         play as someone else (hot seat)
  ai [easy|medium|hard|master] [white|black]
                                    play the AI (default medium, white)
  challenge <name> [white|black|random] [casual]
  accept | decline | cancel         answer or withdraw the last challenge
  move <move>                       play a move
  resign | draw | takeback | hint
  board | moves | pdn | replay
  leaderboard | stats [name] | help | quit";

/// Reads one console line. Errors say what was wrong in a sentence.
pub fn parse(line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err("Type a command or a move; `help` lists them.".into());
    };
    let one = |name: &str, cmd: Command| {
        if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(format!("`{name}` takes nothing after it."))
        }
    };
    match first.to_ascii_lowercase().as_str() {
        "help" | "?" => one("help", Command::Help),
        "quit" | "exit" => one("quit", Command::Quit),
        "as" => match rest {
            [name] => Ok(Command::As(name.to_string())),
            _ => Err("Write `as <name>`, with one word for the name.".into()),
        },
        "ai" => {
            let mut level = Level::Medium;
            let mut color = Color::White;
            for w in rest {
                match w.to_ascii_lowercase().as_str() {
                    "white" => color = Color::White,
                    "black" => color = Color::Black,
                    other => {
                        level = other.parse().map_err(|e: crate::ai::ParseLevelError| {
                            format!("{e}; a colour is white or black.")
                        })?
                    }
                }
            }
            Ok(Command::Ai { level, color })
        }
        "challenge" => {
            let Some((name, options)) = rest.split_first() else {
                return Err("Write `challenge <name>`.".into());
            };
            let mut color = ColorChoice::Random;
            let mut rated = true;
            for w in options {
                match w.to_ascii_lowercase().as_str() {
                    "white" => color = ColorChoice::White,
                    "black" => color = ColorChoice::Black,
                    "random" => color = ColorChoice::Random,
                    "casual" => rated = false,
                    "rated" => rated = true,
                    other => {
                        return Err(format!(
                            "\"{other}\" is not a challenge option: use white, black, random, casual or rated."
                        ));
                    }
                }
            }
            Ok(Command::Challenge {
                opponent: name.to_string(),
                color,
                rated,
            })
        }
        "accept" => one("accept", Command::Accept),
        "decline" => one("decline", Command::Decline),
        "cancel" => one("cancel", Command::Cancel),
        "move" => {
            if rest.is_empty() {
                Err("Write `move <move>`, like `move e3-e4`.".into())
            } else {
                Ok(Command::Move(rest.join(" ")))
            }
        }
        "resign" => one("resign", Command::Resign),
        "draw" => one("draw", Command::Draw),
        "takeback" => one("takeback", Command::Takeback),
        "hint" => one("hint", Command::Hint),
        "board" => one("board", Command::Board),
        "moves" => one("moves", Command::Moves),
        "pdn" => one("pdn", Command::Pdn),
        "replay" => one("replay", Command::Replay),
        "leaderboard" => one("leaderboard", Command::Leaderboard),
        "stats" => match rest {
            [] => Ok(Command::Stats(None)),
            [name] => Ok(Command::Stats(Some(name.to_string()))),
            _ => Err("Write `stats` or `stats <name>`.".into()),
        },
        _ if crate::engine::MoveText::parse(line).is_ok() => {
            Ok(Command::Move(line.trim().to_string()))
        }
        other => Err(format!(
            "\"{other}\" is not a command or a move; `help` lists the commands."
        )),
    }
}

/// A stable user id for a console name.
pub fn user_id(name: &str) -> u64 {
    // FNV-1a: the same name is the same player in every session.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.to_lowercase().bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h >> 1
}

pub struct Console {
    host: Host,
    pictures: PathBuf,
    user: String,
    names: HashMap<u64, String>,
    /// The last challenge shown, for `accept` and `decline`.
    challenge: Option<String>,
    /// Pictures written so far, to number the files.
    written: usize,
}

impl Console {
    pub fn new(host: Host, pictures: PathBuf, user: String) -> Console {
        let mut names = HashMap::new();
        names.insert(user_id(&user), user.clone());
        Console {
            host,
            pictures,
            user,
            names,
            challenge: None,
            written: 0,
        }
    }

    fn who(&self) -> Who {
        Who {
            user: user_id(&self.user),
            name: self.user.clone(),
            channel: CHANNEL,
            guild: Some(GUILD),
        }
    }

    fn learn(&mut self, name: &str) -> u64 {
        let id = user_id(name);
        self.names.insert(id, name.to_string());
        id
    }

    /// Runs commands from standard input until `quit` or the end of input.
    pub async fn run(mut self) -> std::io::Result<()> {
        let mut out = tokio::io::stdout();
        out.write_all(
            format!(
                "Dama console. You are {}. Type `help` for the commands.\n",
                self.user
            )
            .as_bytes(),
        )
        .await?;
        let mut lines = BufReader::new(tokio::io::stdin()).lines();
        loop {
            out.write_all(format!("{}> ", self.user).as_bytes()).await?;
            out.flush().await?;
            let Some(line) = lines.next_line().await? else {
                break;
            };
            if line.trim().is_empty() {
                continue;
            }
            match parse(&line) {
                Ok(Command::Quit) => break,
                Ok(cmd) => self.execute(cmd, &mut out).await?,
                Err(message) => out.write_all(format!("{message}\n").as_bytes()).await?,
            }
        }
        self.host.store().close().await;
        Ok(())
    }

    /// Carries out one command and prints what happened.
    pub async fn execute(
        &mut self,
        cmd: Command,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        let who = self.who();
        let result = match cmd {
            Command::Help => Ok(Reply::text(HELP)),
            Command::Quit => Ok(Reply::default()),
            Command::As(name) => {
                self.learn(&name);
                self.user = name;
                Ok(Reply::text(format!("You are now {}.", self.user)))
            }
            Command::Ai { level, color } => self.host.play_ai(&who, level, color).await,
            Command::Challenge {
                opponent,
                color,
                rated,
            } => {
                let id = self.learn(&opponent);
                let reply = self.host.challenge(&who, id, color, rated, false).await;
                if let Ok(r) = &reply {
                    self.challenge = r.buttons.first().map(|b| b.id.replace(":accept", ""));
                }
                reply.map(|mut r| {
                    r.text
                        .push_str(&format!(" ({opponent}: `as {opponent}` then `accept`.)"));
                    r
                })
            }
            Command::Accept | Command::Decline => match &self.challenge {
                Some(id) => {
                    let answer = if cmd == Command::Accept {
                        "accept"
                    } else {
                        "decline"
                    };
                    self.host
                        .button(&who, &format!("{id}:{answer}"), None)
                        .await
                }
                None => Err(HostError::NoChallenge),
            },
            Command::Cancel => self.host.cancel_challenge(&who).await,
            Command::Move(text) => self.host.play(&who, &text).await,
            Command::Resign => self.host.resign(&who).await,
            Command::Draw => self.host.draw(&who).await,
            Command::Takeback => self.host.takeback(&who).await,
            Command::Hint => self.host.hint(&who).await,
            Command::Board => self.host.board(&who).await,
            Command::Moves => self.host.legal_moves(&who).await,
            Command::Pdn => self.host.pdn(&who).await,
            Command::Replay => self.host.replay(&who).await,
            Command::Leaderboard => self.host.leaderboard(&who, Scope::Global).await,
            Command::Stats(name) => {
                let id = match name {
                    Some(n) => self.learn(&n),
                    None => who.user,
                };
                self.host.stats(id).await
            }
        };
        let mut reply = match result {
            Ok(reply) => reply,
            Err(e) => {
                return out.write_all(format!("{e}\n").as_bytes()).await;
            }
        };
        loop {
            self.show(&reply, out).await?;
            let Some(game) = reply.ai_turn else {
                break;
            };
            match self.host.ai_move(game).await {
                Ok(Some(next)) => reply = next,
                Ok(None) => break,
                Err(e) => {
                    out.write_all(format!("{e}\n").as_bytes()).await?;
                    break;
                }
            }
        }
        Ok(())
    }

    async fn show(
        &mut self,
        reply: &Reply,
        out: &mut (impl AsyncWrite + Unpin),
    ) -> std::io::Result<()> {
        if let Some(f) = reply.fen.as_deref().and_then(|f| fen::parse(f).ok()) {
            out.write_all(format!("{f}\n").as_bytes()).await?;
        }
        let mut text = reply.text.clone();
        for (id, name) in &self.names {
            text = text.replace(&format!("<@{id}>"), name);
        }
        out.write_all(format!("{text}\n").as_bytes()).await?;
        if let (Some(png), Some(game)) = (&reply.board, reply.game) {
            self.written += 1;
            let path = self
                .pictures
                .join(format!("game-{game}-{:04}.png", self.written));
            self.save(&path, png).await?;
            out.write_all(format!("(board picture: {})\n", path.display()).as_bytes())
                .await?;
        }
        if let Some(file) = &reply.file {
            let path = self.pictures.join(&file.name);
            self.save(&path, &file.bytes).await?;
            out.write_all(format!("(saved {})\n", path.display()).as_bytes())
                .await?;
        }
        Ok(())
    }

    async fn save(&self, path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
        tokio::fs::create_dir_all(&self.pictures).await?;
        tokio::fs::write(path, bytes).await
    }
}
