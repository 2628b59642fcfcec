//! What a line typed at the console means: the command reader, English or Turkish words.

use dama_core::words::Arg;
use dama_model::ColorChoice;
use dama_play::ai::Level;
use dama_play::clock::{SpeedClass, TimeControl, TimeControlError};
use dama_rules::Color;

/// The longest line read; anything longer is refused (and the rest of it skipped).
pub const MAX_LINE: usize = 512;

/// One line typed at the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help`: how to play here.
    Help,
    /// `rules`: the rules of Turkish draughts.
    Rules,
    /// `as NAME`: the next commands are this person's.
    As(String),
    /// `ai [level] [white|black] [clock]`: a game against the AI.
    Ai {
        /// The AI's level.
        level: Level,
        /// The person's color.
        color: Color,
        /// The time control.
        clock: TimeControl,
    },
    /// `challenge [NAME] [options]`: a game against another person at this keyboard; with no
    /// name, an open challenge that whoever types `accept` next takes.
    Challenge {
        /// The name challenged (`None`: an open challenge).
        opponent: Option<String>,
        /// The color asked for.
        color: ColorChoice,
        /// Rated.
        rated: bool,
        /// The time control.
        clock: TimeControl,
    },
    /// `seek [clock] [rated|casual]`: waits in that clock's pool for an opponent (with nothing
    /// after it: says where the player waits).
    Seek(Option<(TimeControl, bool)>),
    /// `leave`: leaves the pool the player waits in.
    Leave,
    /// `rematch`: offers the channel's last game again, colours swapped (or accepts that
    /// offer).
    Rematch,
    /// `block [NAME]`: blocks a player (with no name: lists whom the player blocked).
    Block(Option<String>),
    /// `unblock NAME`.
    Unblock(String),
    /// `accept`: accepts the last challenge shown.
    Accept,
    /// `decline`: declines the last challenge shown.
    Decline,
    /// `cancel`: withdraws the challenge made here.
    Cancel,
    /// Confirms the last question (resigning a rated game).
    Yes,
    /// Answers the last question no: nothing happens.
    No,
    /// A move, typed bare or after `move`.
    Move(String),
    /// `resign`.
    Resign,
    /// `draw`: offers a draw, or accepts the one offered.
    Draw,
    /// `takeback`: asks to take the last move back, or agrees to it.
    Takeback,
    /// `hint`: the AI's suggestion.
    Hint,
    /// Arena: half the clock for an extra point.
    Berserk,
    /// `board`: the board again.
    Board,
    /// `link`: the player's own link to play the game on its web page.
    Link,
    /// `moves`: the legal moves.
    Moves,
    /// `pdn`: the game's record, written to a file.
    Pdn,
    /// `replay`: the game as an animated picture, written to a file.
    Replay,
    /// `analyze`: the game's analysis.
    Analyze,
    /// `abort`: ends the game here with no result (for a damaged game).
    Abort,
    /// The ratings table of one speed class (`None`: the most played).
    Leaderboard(Option<SpeedClass>),
    /// `stats [NAME]`: a player's card (the asker's by default).
    Stats(Option<String>),
    /// Today's puzzle, or a practice one.
    Puzzle {
        /// A practice puzzle rather than today's.
        random: bool,
    },
    /// A practice puzzle of one theme, or from the player's own games.
    PuzzlePractice(dama_core::host::Practice),
    /// A move in the open puzzle.
    PuzzleMove(String),
    /// `puzzle stats [NAME]`: a player's puzzle record.
    PuzzleStats(Option<String>),
    /// Lists the console's channels, or plays in another one (opening it).
    Channel(Option<String>),
    /// `tournament …`.
    Tournament(TournamentCommand),
    /// `quit`: ends the session.
    Quit,
}

/// `tournament …` (`turnuva …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `tournament create [swiss|arena] [options]`.
    Create(dama_core::host::TournamentSpec),
    /// `tournament join`.
    Join,
    /// `tournament leave`.
    Leave,
    /// `tournament standings`.
    Standings,
    /// `tournament pairings`: the round's games.
    Pairings,
    /// `tournament export`: the Swiss as a report file.
    Export,
    /// `tournament start`: starts it now (its organiser).
    Start,
    /// `tournament cancel`: calls it off (its organiser).
    Cancel,
}

/// A line that is not a command, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing was typed.
    Empty,
    /// The first word is not a command; it holds the word.
    NotACommand(String),
    /// A line longer than [`MAX_LINE`]; it holds its length.
    TooLong(usize),
    /// A command that takes no words was given some; it holds the command.
    TakesNothing(&'static str),
    /// `as` without a name.
    AsUsage,
    /// A challenge option not known.
    ChallengeOption(String),
    /// `block` or `unblock` with more than a name, or `unblock` without one.
    BlockUsage,
    /// A seek option not known.
    SeekOption(String),
    /// `move` without a move.
    MoveUsage,
    /// `stats` with more than a name.
    StatsUsage,
    /// `channel` with more than a name.
    ChannelUsage,
    /// `puzzle theme` with a word that is not a theme.
    PuzzleTheme(String),
    /// `puzzle theme` alone: the themes are listed.
    PuzzleThemes,
    /// Not one of the AI's levels.
    NotALevel(String),
    /// `leaderboard` with a word that is not a speed class.
    LeaderboardUsage,
    /// `tournament` without a known subcommand.
    TournamentUsage,
    /// A number where a tournament needs one (`rounds 5`, `minutes 90`).
    TournamentNumber(String),
    /// A time control that is not on offer (its own words say why).
    Clock(TimeControlError),
}

impl ParseError {
    /// The message id and arguments in the language files.
    pub fn words(&self) -> (&'static str, Vec<(&'static str, Arg)>) {
        let quoted = |t: &str| Arg::from(dama_core::words::clip(t));
        match self {
            ParseError::Empty => ("console-empty", vec![]),
            ParseError::NotACommand(t) => ("console-not-a-command", vec![("text", quoted(t))]),
            ParseError::TooLong(n) => ("console-too-long", vec![("count", Arg::from(*n as i64))]),
            ParseError::TakesNothing(c) => {
                ("console-takes-nothing", vec![("command", Arg::from(*c))])
            }
            ParseError::AsUsage => ("console-as-usage", vec![]),
            ParseError::ChallengeOption(t) => {
                ("console-challenge-option", vec![("text", quoted(t))])
            }
            ParseError::BlockUsage => ("console-block-usage", vec![]),
            ParseError::SeekOption(t) => ("console-seek-option", vec![("text", quoted(t))]),
            ParseError::MoveUsage => ("console-move-usage", vec![]),
            ParseError::StatsUsage => ("console-stats-usage", vec![]),
            ParseError::ChannelUsage => ("console-channel-usage", vec![]),
            // The console adds the themes' names (`themes`) in its language.
            ParseError::PuzzleTheme(t) => ("console-puzzle-theme", vec![("text", quoted(t))]),
            ParseError::PuzzleThemes => ("console-puzzle-themes", vec![]),
            ParseError::NotALevel(t) => ("console-not-a-level", vec![("text", quoted(t))]),
            ParseError::LeaderboardUsage => ("console-leaderboard-usage", vec![]),
            ParseError::TournamentUsage => ("console-tournament-usage", vec![]),
            ParseError::TournamentNumber(t) => {
                ("console-tournament-number", vec![("text", quoted(t))])
            }
            // Written by `Writer::time_control_error`; this is its short form.
            ParseError::Clock(_) => ("console-clock", vec![]),
        }
    }
}

/// The English command word for a Turkish one (the console takes both, whatever its
/// language); other words as they are, in lower case.
/// Whether a word after `challenge` is one of its options (a colour, rated or casual, a
/// clock) rather than a name.
fn is_challenge_option(word: &str) -> bool {
    matches!(
        canonical(word).as_str(),
        "white" | "black" | "random" | "casual" | "rated"
    ) || word.parse::<TimeControl>().is_ok()
        || word.chars().all(|c| c.is_ascii_digit())
}

fn canonical(word: &str) -> String {
    // Turkish İ is i (Rust's lowercase would add a combining dot).
    let word = word.replace('İ', "i").to_lowercase();
    let english = match word.as_str() {
        "yardım" | "yardim" => "help",
        "kurallar" => "rules",
        "çık" | "cik" | "çıkış" | "cikis" => "quit",
        "ben" => "as",
        "bilgisayar" => "ai",
        "davet" => "challenge",
        "ara" => "seek",
        "engelle" => "block",
        "engeli-kaldır" | "engeli-kaldir" => "unblock",
        "ayrıl" | "ayril" => "leave",
        "rövanş" | "rovans" => "rematch",
        "kabul" => "accept",
        "reddet" => "decline",
        "vazgeç" | "vazgec" => "cancel",
        "hamle" => "move",
        "terk" => "resign",
        "beraberlik" => "draw",
        "geri-al" => "takeback",
        "ipucu" => "hint",
        "tahta" => "board",
        "bağlantı" | "baglanti" => "link",
        "hamleler" => "moves",
        "izle" => "replay",
        "analiz" => "analyze",
        "iptal" => "abort",
        "sıralama" | "siralama" => "leaderboard",
        "istatistik" => "stats",
        "bulmaca" => "puzzle",
        "kanal" => "channel",
        "rastgele" => "random",
        "tema" => "theme",
        "benim" => "mine",
        "beyaz" => "white",
        "siyah" => "black",
        "kura" => "random",
        "puansız" | "puansiz" => "casual",
        "puanlı" | "puanli" => "rated",
        "kolay" => "easy",
        "orta" => "medium",
        "zor" => "hard",
        "usta" => "master",
        _ => return word,
    };
    english.to_string()
}

/// A speed class by its English or Turkish name.
fn speed_class(word: &str) -> Option<SpeedClass> {
    match canonical(word).as_str() {
        "bullet" => Some(SpeedClass::Bullet),
        "blitz" => Some(SpeedClass::Blitz),
        "rapid" | "hızlı" | "hizli" => Some(SpeedClass::Rapid),
        "classical" | "klasik" => Some(SpeedClass::Classical),
        "correspondence" | "yazışmalı" | "yazismali" => Some(SpeedClass::Correspondence),
        _ => None,
    }
}

/// Takes a time control out of a command's words (`5+3`, `1/4+0`, `3d`, `3 days`, `3 gün`):
/// a word with a digit is one; the default when there is none.
fn time_control<'a>(words: &[&'a str]) -> Result<(TimeControl, Vec<&'a str>), ParseError> {
    let mut clock = None;
    let mut rest = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if !w.chars().any(|c| c.is_ascii_digit()) {
            rest.push(w);
            i += 1;
            continue;
        }
        // "3 days", "3 gün": the unit as a word of its own.
        let joined = words.get(i + 1).map(|unit| format!("{w} {unit}"));
        let (text, used) = match joined {
            Some(j)
                if w.chars().all(|c| c.is_ascii_digit()) && j.parse::<TimeControl>().is_ok() =>
            {
                (j, 2)
            }
            _ => (w.to_string(), 1),
        };
        clock = Some(text.parse::<TimeControl>().map_err(ParseError::Clock)?);
        i += used;
    }
    Ok((clock.unwrap_or_default(), rest))
}

/// Reads one console line; command words in English or Turkish.
pub fn parse(line: &str) -> Result<Command, ParseError> {
    let count = line.chars().count();
    if count > MAX_LINE {
        return Err(ParseError::TooLong(count));
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(ParseError::Empty);
    };
    let one = |name: &'static str, cmd: Command| {
        if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(ParseError::TakesNothing(name))
        }
    };
    match canonical(first).as_str() {
        "help" | "?" => one("help", Command::Help),
        "rules" => one("rules", Command::Rules),
        "quit" | "exit" => one("quit", Command::Quit),
        "yes" | "y" | "confirm" | "evet" | "e" => one("yes", Command::Yes),
        "no" | "n" | "hayır" | "hayir" | "h" => one("no", Command::No),
        "as" => match rest {
            [name] => Ok(Command::As(name.to_string())),
            _ => Err(ParseError::AsUsage),
        },
        "ai" => {
            let mut level = Level::Medium;
            let mut color = Color::White;
            let (clock, rest) = time_control(rest)?;
            for w in &rest {
                match canonical(w).as_str() {
                    "white" => color = Color::White,
                    "black" => color = Color::Black,
                    other => {
                        level = other
                            .parse::<Level>()
                            .map_err(|_| ParseError::NotALevel(w.to_string()))?;
                    }
                }
            }
            Ok(Command::Ai {
                level,
                color,
                clock,
            })
        }
        "challenge" => {
            // A first word that is an option leaves the challenge open, for anyone.
            let (name, options) = match rest.split_first() {
                Some((first, more)) if !is_challenge_option(first) => (Some(*first), more),
                _ => (None, rest),
            };
            let mut color = ColorChoice::Random;
            let mut rated = true;
            let (clock, options) = time_control(options)?;
            for w in &options {
                match canonical(w).as_str() {
                    "white" => color = ColorChoice::White,
                    "black" => color = ColorChoice::Black,
                    "random" => color = ColorChoice::Random,
                    "casual" => rated = false,
                    "rated" => rated = true,
                    _ => return Err(ParseError::ChallengeOption(w.to_string())),
                }
            }
            Ok(Command::Challenge {
                opponent: name.map(str::to_string),
                color,
                rated,
                clock,
            })
        }
        "accept" => one("accept", Command::Accept),
        "decline" => one("decline", Command::Decline),
        "cancel" => one("cancel", Command::Cancel),
        "leave" => one("leave", Command::Leave),
        "rematch" => one("rematch", Command::Rematch),
        "block" => match rest {
            [] => Ok(Command::Block(None)),
            [name] => Ok(Command::Block(Some(name.to_string()))),
            _ => Err(ParseError::BlockUsage),
        },
        "unblock" => match rest {
            [name] => Ok(Command::Unblock(name.to_string())),
            _ => Err(ParseError::BlockUsage),
        },
        "seek" if rest.is_empty() => Ok(Command::Seek(None)),
        "seek" => {
            let (clock, rest) = time_control(rest)?;
            let mut rated = true;
            for w in rest {
                match canonical(w).as_str() {
                    "rated" => rated = true,
                    "casual" => rated = false,
                    _ => return Err(ParseError::SeekOption(w.to_string())),
                }
            }
            Ok(Command::Seek(Some((clock, rated))))
        }
        "move" => {
            if rest.is_empty() {
                Err(ParseError::MoveUsage)
            } else {
                Ok(Command::Move(rest.join(" ")))
            }
        }
        "resign" => one("resign", Command::Resign),
        "draw" => one("draw", Command::Draw),
        "takeback" => one("takeback", Command::Takeback),
        "hint" => one("hint", Command::Hint),
        "berserk" => one("berserk", Command::Berserk),
        "board" => one("board", Command::Board),
        "link" => one("link", Command::Link),
        "moves" => one("moves", Command::Moves),
        "pdn" => one("pdn", Command::Pdn),
        "replay" => one("replay", Command::Replay),
        "analyze" | "analyse" => one("analyze", Command::Analyze),
        "abort" => one("abort", Command::Abort),
        "leaderboard" => match rest {
            [] => Ok(Command::Leaderboard(None)),
            [w] => speed_class(w)
                .map(|s| Command::Leaderboard(Some(s)))
                .ok_or(ParseError::LeaderboardUsage),
            _ => Err(ParseError::LeaderboardUsage),
        },
        "puzzle" => {
            let sub: Vec<String> = rest.iter().map(|w| canonical(w)).collect();
            match (sub.as_slice(), rest) {
                ([], _) => Ok(Command::Puzzle { random: false }),
                ([r], _) if r == "random" => Ok(Command::Puzzle { random: true }),
                ([m], _) if m == "mine" => Ok(Command::PuzzlePractice(dama_core::host::Practice {
                    theme: None,
                    mine: true,
                })),
                ([t, _, ..], [_, words @ ..]) if t == "theme" => {
                    let word = words.join(" ");
                    let theme = dama_play::puzzle::Theme::read(&word)
                        .ok_or(ParseError::PuzzleTheme(word))?;
                    Ok(Command::PuzzlePractice(dama_core::host::Practice {
                        theme: Some(theme),
                        mine: false,
                    }))
                }
                ([t], _) if t == "theme" => Err(ParseError::PuzzleThemes),
                ([s], _) if s == "stats" => Ok(Command::PuzzleStats(None)),
                ([s, _], [_, name]) if s == "stats" => {
                    Ok(Command::PuzzleStats(Some(name.to_string())))
                }
                _ => Ok(Command::PuzzleMove(rest.join(" "))),
            }
        }
        "channel" => match rest {
            [] => Ok(Command::Channel(None)),
            [name] => Ok(Command::Channel(Some(name.to_string()))),
            _ => Err(ParseError::ChannelUsage),
        },
        "tournament" | "turnuva" => tournament(rest).map(Command::Tournament),
        "stats" => match rest {
            [] => Ok(Command::Stats(None)),
            [name] => Ok(Command::Stats(Some(name.to_string()))),
            _ => Err(ParseError::StatsUsage),
        },
        _ if dama_rules::MoveText::parse(line).is_ok() => {
            Ok(Command::Move(line.trim().to_string()))
        }
        // A lone square (`e4`) is a move with a square missing: the move's own refusal says
        // what to write (`e3-e4`).
        _ if rest.is_empty() && dama_rules::Square::parse(first).is_some() => {
            Ok(Command::Move(first.to_string()))
        }
        _ => Err(ParseError::NotACommand(first.to_string())),
    }
}

/// `tournament create swiss 5+3 rounds 5 starts 30 casual name Kahvehane Kupası`, or one of
/// join, leave, standings, pairings, export, start, cancel (English or Turkish words).
fn tournament(words: &[&str]) -> Result<TournamentCommand, ParseError> {
    use dama_model::TournamentKind;
    let Some((&sub, rest)) = words.split_first() else {
        return Err(ParseError::TournamentUsage);
    };
    let sub = sub.replace('İ', "i").to_lowercase();
    let simple = match sub.as_str() {
        "join" | "katıl" | "katil" => Some(TournamentCommand::Join),
        "leave" | "ayrıl" | "ayril" => Some(TournamentCommand::Leave),
        "standings" | "sıralama" | "siralama" => Some(TournamentCommand::Standings),
        "pairings" | "eşleşmeler" | "eslesmeler" => Some(TournamentCommand::Pairings),
        "export" | "rapor" => Some(TournamentCommand::Export),
        "start" | "başlat" | "baslat" => Some(TournamentCommand::Start),
        "cancel" | "iptal" => Some(TournamentCommand::Cancel),
        _ => None,
    };
    if let Some(cmd) = simple {
        return if rest.is_empty() {
            Ok(cmd)
        } else {
            Err(ParseError::TournamentUsage)
        };
    }
    if !matches!(sub.as_str(), "create" | "oluştur" | "olustur") {
        return Err(ParseError::TournamentUsage);
    }
    let mut spec = dama_core::host::TournamentSpec {
        kind: TournamentKind::Swiss,
        control: TimeControl::default(),
        rounds: None,
        minutes: None,
        starts: None,
        rated: true,
        name: String::new(),
        pause: None,
    };
    let mut clock_words = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let w = rest[i].replace('İ', "i").to_lowercase();
        let number = |slot: &mut Option<i64>| -> Result<(), ParseError> {
            let text = rest.get(i + 1).ok_or(ParseError::TournamentUsage)?;
            let n = text
                .parse::<i64>()
                .map_err(|_| ParseError::TournamentNumber(text.to_string()))?;
            *slot = Some(n);
            Ok(())
        };
        match w.as_str() {
            "swiss" | "isviçre" | "isvicre" => spec.kind = TournamentKind::Swiss,
            "arena" => spec.kind = TournamentKind::Arena,
            "rated" | "puanlı" | "puanli" => spec.rated = true,
            "casual" | "puansız" | "puansiz" => spec.rated = false,
            "rounds" | "tur" => {
                number(&mut spec.rounds)?;
                i += 1;
            }
            "minutes" | "dakika" => {
                number(&mut spec.minutes)?;
                i += 1;
            }
            "pause" | "ara" => {
                number(&mut spec.pause)?;
                i += 1;
            }
            "starts" | "başlar" | "baslar" => {
                // A date takes its time with it: `starts 2026-12-05 20:30`.
                let mut start = rest
                    .get(i + 1)
                    .ok_or(ParseError::TournamentUsage)?
                    .to_string();
                i += 1;
                let is_date = start
                    .chars()
                    .filter(|c| matches!(c, '-' | '.' | '/'))
                    .count()
                    == 2;
                if is_date && let Some(time) = rest.get(i + 1) {
                    start = format!("{start} {time}");
                    i += 1;
                }
                spec.starts = Some(start);
            }
            "name" | "ad" => {
                spec.name = rest[i + 1..].join(" ");
                break;
            }
            _ => clock_words.push(rest[i]),
        }
        i += 1;
    }
    let (clock, unknown) = time_control(&clock_words)?;
    if let Some(w) = unknown.first() {
        return Err(ParseError::ChallengeOption(w.to_string()));
    }
    spec.control = clock;
    Ok(TournamentCommand::Create(spec))
}
