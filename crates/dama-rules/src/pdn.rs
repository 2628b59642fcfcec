//! Game records in PDN (the rule book §8): the seven-tag roster, the Turkish draughts game type,
//! `[FEN]` for a game that did not start from the start position, numbered moves, the result.

use std::fmt::Write as _;

use super::{Color, Game, GameResult, MoveError, Position, Reason, fen};

/// The PDN game type code of Turkish draughts.
pub const GAME_TYPE: &str = "30,W,8,8,A1,0";

/// Tag pairs in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    /// The value of the tag `name` (any case).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name`, where it stands if already there, else last.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .0
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The result token of a game: `1-0`, `0-1`, `1/2-1/2`, or `*` while it runs.
pub fn result_token(game: &Game) -> &'static str {
    game.outcome().map_or("*", |o| o.result.pdn())
}

/// What to add after one move of an annotated game: a mark (`??`, `?`, `?!`, `!`) and a
/// comment.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Note {
    /// `??`, `?`, `?!`, `!` or nothing.
    pub mark: &'static str,
    /// Text for a `{…}` comment (empty: none).
    pub comment: String,
}

/// Writes `game` as PDN. The roster tags come first (`?` where `tags` has none), then
/// GameType, FEN when needed, then any other tags; Result always follows the game.
pub fn write(game: &Game, tags: &Tags) -> String {
    write_annotated(game, tags, &[])
}

/// [`write`] with a note after some moves (`notes[ply]`, the first move being ply 0); braces
/// in a comment are dropped, since they would end it.
pub fn write_annotated(game: &Game, tags: &Tags, notes: &[Option<Note>]) -> String {
    let result = result_token(game);
    let mut out = String::new();
    for name in ROSTER {
        let value = match name {
            "Result" => result.to_string(),
            _ => tags.get(name).unwrap_or("?").to_string(),
        };
        tag_line(&mut out, name, &value);
    }
    tag_line(&mut out, "GameType", GAME_TYPE);
    if *game.start() != Position::start() {
        tag_line(&mut out, "FEN", &fen::write(game.start()));
    }
    for (name, value) in &tags.0 {
        let known = ROSTER
            .iter()
            .chain(&["GameType", "FEN"])
            .any(|k| k.eq_ignore_ascii_case(name));
        if !known {
            tag_line(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = 1;
    for (i, (pos, mv)) in game.history().enumerate() {
        let white = pos.side_to_move() == Color::White;
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        let note = notes.get(i).and_then(Option::as_ref);
        tokens.push(pos.notation(&mv) + note.map_or("", |n| n.mark));
        if let Some(n) = note.filter(|n| !n.comment.is_empty()) {
            let mut words: Vec<String> = Vec::new();
            for word in n.comment.replace(['{', '}'], "").split_whitespace() {
                // A clock (`[%clk 0:04:59]`) stays on one line.
                match words.last_mut() {
                    Some(last) if last == "[%clk" => {
                        last.push(' ');
                        last.push_str(word);
                    }
                    _ => words.push(word.to_string()),
                }
            }
            if let Some((last, first)) = words.split_last() {
                let mut words = first.to_vec();
                words.push(format!("{last}}}"));
                words[0] = format!("{{{}", words[0]);
                tokens.extend(words);
            }
            // After a comment, Black's move needs its number again.
            if white && i + 1 < game.ply_count() {
                tokens.push(format!("{number}..."));
            }
        }
        if !white {
            number += 1;
        }
    }
    tokens.push(result.to_string());
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    out
}

fn tag_line(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// What is wrong with a PDN text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    #[error("a tag is not closed: tags look like [Event \"Cup\"]")]
    /// A tag without its closing bracket.
    Tag,
    #[error("a {0} opened in the moves is never closed: close it, or remove it")]
    /// A comment or variation never closed.
    Unclosed(Bracket),
    #[error("the FEN tag is wrong: {0}")]
    /// The FEN tag does not hold a position.
    Fen(#[from] fen::FenError),
    #[error("this is not a Turkish draughts game (GameType \"{0}\")")]
    /// A game of another draughts variant.
    GameType(String),
    #[error("move {number} (\"{text}\"): {error}")]
    /// A move the position it is played in does not allow.
    Move {
        /// The move's number, as the record counts.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it is not a move there.
        error: MoveError,
    },
    #[error("the Result tag \"{0}\" is not 1-0, 0-1, 1/2-1/2 or *")]
    /// A Result tag that is no result.
    Result(String),
}

/// Reads one PDN game. Comments (`{…}`, `;…`), variations (`(…)`) and NAGs (`$n`) are skipped;
/// every move is read leniently against the position it is played in. A result in the tags or
/// the move text that the board does not explain (a resignation, say) is kept as recorded.
pub fn read(text: &str) -> Result<(Tags, Game), PdnError> {
    read_with_clocks(text).map(|(tags, game, _)| (tags, game))
}

/// A clock as PGN comments write it after a move: `[%clk 0:04:59]`, with tenths under ten
/// seconds (`[%clk 0:00:09.4]`).
pub fn clock_comment(left: std::time::Duration) -> String {
    let ms = left.as_millis();
    let s = ms / 1000;
    let (h, m, sec) = (s / 3600, s % 3600 / 60, s % 60);
    if ms < 10_000 {
        format!("[%clk {h}:{m:02}:{sec:02}.{}]", ms % 1000 / 100)
    } else {
        format!("[%clk {h}:{m:02}:{sec:02}]")
    }
}

/// The clock in a comment (`[%clk h:mm:ss(.f)]`), to the millisecond.
pub fn read_clock_comment(comment: &str) -> Option<std::time::Duration> {
    let rest = &comment[comment.find("[%clk")? + 5..];
    let value = rest[..rest.find(']')?].trim();
    let parts: Vec<&str> = value.split(':').collect();
    let [h, m, s] = parts[..] else {
        return None;
    };
    let (h, m): (u64, u64) = (h.parse().ok()?, m.parse().ok()?);
    let seconds: f64 = s
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)?;
    if m >= 60 || seconds >= 60.0 {
        return None;
    }
    let whole = h.checked_mul(3600)?.checked_add(m * 60)?;
    Some(
        std::time::Duration::from_secs(whole)
            + std::time::Duration::from_millis((seconds * 1000.0).round() as u64),
    )
}

/// [`read`], with the clock recorded after each move (`[%clk …]` comments), by ply.
pub fn read_with_clocks(
    text: &str,
) -> Result<(Tags, Game, Vec<Option<std::time::Duration>>), PdnError> {
    let (tags, movetext) = read_tags(text)?;
    if let Some(game_type) = tags.get("GameType")
        && game_type.split(',').next().map(str::trim) != Some("30")
    {
        return Err(PdnError::GameType(super::quoted(game_type)));
    }
    let start = match tags.get("FEN") {
        Some(f) => fen::parse(f)?,
        None => Position::start(),
    };
    let mut game = Game::new(start);
    let mut result: Option<&str> = tags.get("Result");
    if let Some(r) = result
        && !matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*")
    {
        return Err(PdnError::Result(super::quoted(r)));
    }
    let (cleaned, comments) = strip_comments(movetext)?;
    let mut clocks: Vec<Option<std::time::Duration>> = Vec::new();
    for raw in cleaned.split_whitespace() {
        if let Some(i) = raw.strip_prefix(COMMENT_MARK) {
            let comment = i.parse::<usize>().ok().and_then(|i| comments.get(i));
            if let (Some(ply), Some(ms)) = (
                game.ply_count().checked_sub(1),
                comment.and_then(|c| read_clock_comment(c)),
            ) {
                clocks.resize(ply + 1, None);
                clocks[ply] = Some(ms);
            }
            continue;
        }
        // Marks after a move (`??`, `!?`) say what someone thought of it; they are not part of it.
        let token = strip_move_number(raw).trim_end_matches(['!', '?']);
        if token.is_empty() || token.starts_with('$') {
            continue;
        }
        if matches!(
            token,
            "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1"
        ) {
            result = Some(match token {
                "2-0" => "1-0",
                "0-2" => "0-1",
                "1-1" => "1/2-1/2",
                t => t,
            });
            break;
        }
        game.play_text(token).map_err(|error| PdnError::Move {
            number: game.ply_count() + 1,
            text: super::quoted(token),
            error,
        })?;
    }
    if game.outcome().is_none() {
        let recorded = match result {
            Some("1-0") => Some(GameResult::Win(Color::White)),
            Some("0-1") => Some(GameResult::Win(Color::Black)),
            Some("1/2-1/2") => Some(GameResult::Draw),
            _ => None,
        };
        if let Some(r) = recorded {
            game.declare(r, Reason::Recorded);
        }
    }
    clocks.resize(game.ply_count(), None);
    Ok((tags, game, clocks))
}

/// Stands in the cleaned move text for the comment of that index.
const COMMENT_MARK: char = '\u{1}';

/// What opens a part of the move text that must be closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bracket {
    /// `{`
    Comment,
    /// `(`
    Variation,
}

impl std::fmt::Display for Bracket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Bracket::Comment => "comment \"{\"",
            Bracket::Variation => "variation \"(\"",
        })
    }
}

/// The tag pairs at the head of a PDN text, and the move text after them. A value is read
/// up to its closing quote, so it may hold `]`; `\"` and `\\` are its escapes. A tag named
/// twice keeps its last value (in linear time, however many tags come).
fn read_tags(text: &str) -> Result<(Tags, &str), PdnError> {
    let mut tags = Tags::default();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut rest = text.trim_start();
    while let Some(after) = rest.strip_prefix('[') {
        let after = after.trim_start();
        let name_end = after.find(char::is_whitespace).ok_or(PdnError::Tag)?;
        let name = &after[..name_end];
        let quoted = after[name_end..]
            .trim_start()
            .strip_prefix('"')
            .ok_or(PdnError::Tag)?;
        let mut value = String::new();
        let mut chars = quoted.char_indices();
        let close = loop {
            match chars.next().ok_or(PdnError::Tag)? {
                (i, '"') => break i,
                (_, '\\') => match chars.next().ok_or(PdnError::Tag)? {
                    (_, c @ ('"' | '\\')) => value.push(c),
                    (_, c) => {
                        value.push('\\');
                        value.push(c);
                    }
                },
                (_, c) => value.push(c),
            }
        };
        rest = quoted[close + 1..]
            .trim_start()
            .strip_prefix(']')
            .ok_or(PdnError::Tag)?
            .trim_start();
        match index.entry(name.to_ascii_lowercase()) {
            std::collections::hash_map::Entry::Occupied(at) => tags.0[*at.get()].1 = value,
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(tags.0.len());
                tags.0.push((name.to_string(), value));
            }
        }
    }
    Ok((tags, rest))
}

/// The move text without comments and variations; each `{…}` comment is replaced by a mark
/// with its index in the list returned beside.
fn strip_comments(text: &str) -> Result<(String, Vec<String>), PdnError> {
    let mut out = String::with_capacity(text.len());
    let mut comments: Vec<String> = Vec::new();
    let mut brace = false;
    let mut paren = 0usize;
    let mut line_comment = false;
    for c in text.chars() {
        match c {
            '\n' if line_comment => {
                line_comment = false;
                out.push(' ');
            }
            _ if line_comment => {}
            '{' if !brace && paren == 0 => {
                brace = true;
                comments.push(String::new());
            }
            '{' if !brace => brace = true,
            '}' if brace => {
                brace = false;
                if paren == 0 {
                    let _ = write!(out, " {COMMENT_MARK}{} ", comments.len() - 1);
                } else {
                    out.push(' ');
                }
            }
            _ if brace => {
                if paren == 0
                    && let Some(comment) = comments.last_mut()
                {
                    comment.push(c);
                }
            }
            ';' if paren == 0 => line_comment = true,
            '(' => paren += 1,
            ')' if paren > 0 => {
                paren -= 1;
                out.push(' ');
            }
            _ if paren > 0 => {}
            c => out.push(c),
        }
    }
    if brace {
        return Err(PdnError::Unclosed(Bracket::Comment));
    }
    if paren > 0 {
        return Err(PdnError::Unclosed(Bracket::Variation));
    }
    Ok((out, comments))
}

/// "12." or "12..." before a move, with or without a space.
fn strip_move_number(token: &str) -> &str {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}
