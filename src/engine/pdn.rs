//! Game records in PDN (RULES.md §8): the seven-tag roster, the Turkish draughts game type,
//! `[FEN]` for a game that did not start from the start position, numbered moves, the result.

use std::fmt::Write as _;

use super::{Color, Game, GameResult, MoveError, Position, Reason, fen};

/// The PDN game type code of Turkish draughts.
pub const GAME_TYPE: &str = "30,W,8,8,A1,0";

/// Tag pairs in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tags(pub Vec<(String, String)>);

impl Tags {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

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
    pub mark: &'static str,
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
            let words: Vec<String> = n
                .comment
                .replace(['{', '}'], "")
                .split_whitespace()
                .map(str::to_string)
                .collect();
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
    Tag,
    #[error("a {0} opened in the moves is never closed: close it, or remove it")]
    Unclosed(Bracket),
    #[error("the FEN tag is wrong: {0}")]
    Fen(#[from] fen::FenError),
    #[error("this is not a Turkish draughts game (GameType \"{0}\")")]
    GameType(String),
    #[error("move {number} (\"{text}\"): {error}")]
    Move {
        number: usize,
        text: String,
        error: MoveError,
    },
    #[error("the Result tag \"{0}\" is not 1-0, 0-1, 1/2-1/2 or *")]
    Result(String),
}

/// Reads one PDN game. Comments (`{…}`, `;…`), variations (`(…)`) and NAGs (`$n`) are skipped;
/// every move is read leniently against the position it is played in. A result in the tags or
/// the move text that the board does not explain (a resignation, say) is kept as recorded.
pub fn read(text: &str) -> Result<(Tags, Game), PdnError> {
    let (tags, movetext) = read_tags(text)?;
    if let Some(game_type) = tags.get("GameType")
        && game_type.split(',').next().map(str::trim) != Some("30")
    {
        return Err(PdnError::GameType(game_type.to_string()));
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
        return Err(PdnError::Result(r.to_string()));
    }
    let cleaned = strip_comments(movetext)?;
    for raw in cleaned.split_whitespace() {
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
            text: token.to_string(),
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
    Ok((tags, game))
}

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

fn strip_comments(text: &str) -> Result<String, PdnError> {
    let mut out = String::with_capacity(text.len());
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
            '{' if !brace => brace = true,
            '}' if brace => {
                brace = false;
                out.push(' ');
            }
            _ if brace => {}
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
    Ok(out)
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
