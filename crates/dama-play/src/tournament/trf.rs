//! FIDE's Tournament Report File (TRF-16), the form arbiters and pairing engines exchange a
//! Swiss in: one `001` line a player (pairing number, name, rating, points, then a 10-column
//! field a round), `012` the name, `XXR` (or `142`) the number of rounds, `XXC white1`/`black1`
//! (or `152 W`/`B`) the colour of the top player in round 1. Other lines are kept out: they
//! describe the event, not its pairings.
//!
//! Read in one pass that names the line and column of the first thing wrong; written back in the
//! same columns, so a file read and written pairs the same.

use std::fmt::{self, Write as _};

use dama_rules::Color;

use super::dutch::Board;

/// A tournament as its report file gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trf {
    /// The tournament's name (`012`).
    pub name: Option<String>,
    /// The number of rounds it was announced with (`XXR` or `142`).
    pub rounds: Option<u32>,
    /// The colour of the top player in round 1 (`XXC white1`/`black1`, or `152`).
    pub first_color: Option<Color>,
    /// The players, in the file's order.
    pub players: Vec<TrfPlayer>,
    /// Pairs that must not meet (`XXP`: each line names players none of whom may meet another).
    pub forbidden: Vec<(u32, u32)>,
    /// Comments (`###` lines), as written after the mark.
    pub comments: Vec<String>,
}

/// A round paired outside FIDE's absolute rules (C.04.3): no pairing of its players kept them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesBroken {
    /// The round, from 1.
    pub round: usize,
    /// Pairs that played each other again (C1), by pairing number.
    pub rematches: Vec<(u32, u32)>,
    /// Players given the pairing-allocated bye after a bye or a point without playing (C2).
    pub second_byes: Vec<u32>,
}

impl fmt::Display for RulesBroken {
    /// The comment an arbiter reads in the file: `Round 3 paired outside C.04.3: 1-4 met
    /// before (C1); 9 had a bye before (C2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Round {} paired outside C.04.3:", self.round)?;
        let mut parts = Vec::new();
        if !self.rematches.is_empty() {
            let pairs: Vec<String> = self
                .rematches
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect();
            parts.push(format!("{} met before (C1)", pairs.join(", ")));
        }
        if !self.second_byes.is_empty() {
            let players: Vec<String> = self.second_byes.iter().map(u32::to_string).collect();
            parts.push(format!("{} had a bye before (C2)", players.join(", ")));
        }
        write!(f, " {}", parts.join("; "))
    }
}

/// One `001` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// The pairing number, from 1.
    pub number: u32,
    /// The name as written.
    pub name: String,
    /// The rating, 0 where none is given.
    pub rating: u32,
    /// The points the line states, in halves.
    pub halves: u32,
    /// Each round from the first: what the player did, `None` where the field is blank.
    pub rounds: Vec<Option<RoundEntry>>,
}

/// One round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's pairing number; `None` for `0000` (no opponent).
    pub opponent: Option<u32>,
    /// The colour played; `None` for `-`.
    pub color: Option<Color>,
    /// How the round ended for this player.
    pub result: RoundResult,
}

/// The result codes of TRF-16, 2026 edition (the older `W`, `D`, `L` read as wins, draws and
/// losses of played games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundResult {
    /// `1`: won a played game.
    Won,
    /// `=`: drew a played game.
    Drew,
    /// `0`: lost a played game.
    Lost,
    /// `+`: won by forfeit.
    WonByForfeit,
    /// `-`: lost by forfeit.
    LostByForfeit,
    /// `U`: the pairing-allocated bye (a full point).
    PairingBye,
    /// `H`: a half-point bye, asked for.
    HalfPointBye,
    /// `F`: a full-point bye, given by the arbiter.
    FullPointBye,
    /// `Z`: a zero-point bye (absent, withdrawn, or not yet entered).
    ZeroPointBye,
}

impl RoundEntry {
    /// A round without an opponent: a bye, or absent.
    pub fn unpaired(result: RoundResult) -> RoundEntry {
        RoundEntry {
            opponent: None,
            color: None,
            result,
        }
    }
}

impl RoundResult {
    /// The code in the file.
    pub fn code(self) -> char {
        match self {
            Self::Won => '1',
            Self::Drew => '=',
            Self::Lost => '0',
            Self::WonByForfeit => '+',
            Self::LostByForfeit => '-',
            Self::PairingBye => 'U',
            Self::HalfPointBye => 'H',
            Self::FullPointBye => 'F',
            Self::ZeroPointBye => 'Z',
        }
    }

    fn from_code(code: char) -> Option<Self> {
        Some(match code.to_ascii_uppercase() {
            '1' | 'W' => Self::Won,
            '=' | 'D' => Self::Drew,
            '0' | 'L' => Self::Lost,
            '+' => Self::WonByForfeit,
            '-' => Self::LostByForfeit,
            'U' => Self::PairingBye,
            'H' => Self::HalfPointBye,
            'F' => Self::FullPointBye,
            'Z' => Self::ZeroPointBye,
            _ => return None,
        })
    }

    /// The points it scores, in halves.
    pub fn halves(self) -> u32 {
        match self {
            Self::Won | Self::WonByForfeit | Self::PairingBye | Self::FullPointBye => 2,
            Self::Drew | Self::HalfPointBye => 1,
            Self::Lost | Self::LostByForfeit | Self::ZeroPointBye => 0,
        }
    }

    /// Whether the game was played over the board (a forfeit and a bye were not).
    pub fn is_played(self) -> bool {
        matches!(self, Self::Won | Self::Drew | Self::Lost)
    }

    /// A round without an opponent by its nature: the byes.
    fn is_bye(self) -> bool {
        matches!(
            self,
            Self::PairingBye | Self::HalfPointBye | Self::FullPointBye | Self::ZeroPointBye
        )
    }
}

/// What is wrong in a report file, and where (line and column from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {what}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong there.
    pub what: String,
}

/// The first column of round 1's field in a `001` line (1-based); each round takes 10.
const FIRST_ROUND_COLUMN: usize = 92;

fn fail(line: usize, column: usize, what: impl Into<String>) -> TrfError {
    TrfError {
        line,
        column,
        what: what.into(),
    }
}

impl Trf {
    /// Enters a round as it was played: each board's game with the results `result` gives
    /// it (White's then Black's, from the board's index and the two pairing numbers), the bye
    /// as the pairing-allocated bye. A board naming a number without a line is left out.
    pub fn enter_round(
        &mut self,
        boards: &[Board],
        mut result: impl FnMut(usize, u32, u32) -> (RoundResult, RoundResult),
    ) {
        for (k, &board) in boards.iter().enumerate() {
            match board {
                Board::Game { white, black } => {
                    let (w, b) = result(k, white, black);
                    let game = |opponent, color, result| RoundEntry {
                        opponent: Some(opponent),
                        color: Some(color),
                        result,
                    };
                    self.enter(white, game(black, Color::White, w));
                    self.enter(black, game(white, Color::Black, b));
                }
                Board::Bye(p) => self.enter(p, RoundEntry::unpaired(RoundResult::PairingBye)),
            }
        }
    }

    /// Adds the next round's entry to a player's line, and its points to the line's total.
    pub fn enter(&mut self, number: u32, entry: RoundEntry) {
        if let Some(p) = self.players.iter_mut().find(|p| p.number == number) {
            p.halves += entry.result.halves();
            p.rounds.push(Some(entry));
        }
    }

    /// The rounds paired outside the absolute rules: a game between two who had played each
    /// other (C1), or a pairing-allocated bye to one who had a bye or a point without playing
    /// (C2).
    pub fn rules_broken(&self) -> Vec<RulesBroken> {
        let rounds = self
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0);
        let mut broken = Vec::new();
        for r in 0..rounds {
            let mut found = RulesBroken {
                round: r + 1,
                rematches: Vec::new(),
                second_byes: Vec::new(),
            };
            for p in &self.players {
                let Some(e) = p.rounds.get(r).copied().flatten() else {
                    continue;
                };
                let before = p.rounds[..r].iter().flatten();
                match (e.opponent, e.result) {
                    (Some(o), result) if result.is_played() && p.number < o => {
                        let met = before
                            .filter(|b| b.result.is_played())
                            .any(|b| b.opponent == Some(o));
                        if met {
                            found.rematches.push((p.number, o));
                        }
                    }
                    (None, RoundResult::PairingBye) => {
                        let had = before.copied().any(|b| {
                            matches!(
                                b.result,
                                RoundResult::PairingBye
                                    | RoundResult::FullPointBye
                                    | RoundResult::WonByForfeit
                            )
                        });
                        if had {
                            found.second_byes.push(p.number);
                        }
                    }
                    _ => {}
                }
            }
            if !found.rematches.is_empty() || !found.second_byes.is_empty() {
                broken.push(found);
            }
        }
        broken
    }

    /// Reads a report file. Lines end in CR, LF or both; a byte-order mark before the first is
    /// skipped. A line the pairing would need to honour and does not (`XXA`, `240`), or one
    /// that scores otherwise than 1, ½ and 0 (`BBW`, `BBD`), is refused by name.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut trf = Trf::default();
        let mut lines_of = Vec::new();
        for (index, line) in text.split(['\r', '\n']).enumerate() {
            let number = index + 1;
            let code = line.get(..3).unwrap_or("");
            if let Some(comment) = line.strip_prefix("###") {
                trf.comments.push(comment.trim().to_owned());
                continue;
            }
            match code {
                "XXP" => {
                    let mut named = Vec::new();
                    for word in line[3..].split_whitespace() {
                        match word.parse::<u32>() {
                            Ok(n) if n > 0 => named.push(n),
                            _ => {
                                return Err(fail(
                                    number,
                                    5,
                                    format!(
                                        "`{word}` is not a pairing number (XXP names the players who must not meet)"
                                    ),
                                ));
                            }
                        }
                    }
                    for (i, &a) in named.iter().enumerate() {
                        for &b in &named[i + 1..] {
                            trf.forbidden.push((a, b));
                        }
                    }
                }
                "XXA" => {
                    return Err(fail(
                        number,
                        1,
                        "XXA asks for accelerated pairings, which this pairing does not make: remove the line to pair without acceleration",
                    ));
                }
                "240" => {
                    return Err(fail(
                        number,
                        1,
                        "a 240 line asks for byes ahead, which this pairing does not read: write each bye in its player's round (H, F or Z) instead",
                    ));
                }
                "BBW" | "BBD" => {
                    let value = line[3..].trim();
                    let usual = if code == "BBW" { "1.0" } else { "0.5" };
                    let points: Option<f64> = value.parse().ok();
                    if points != usual.parse().ok() {
                        let what = if code == "BBW" { "a win" } else { "a draw" };
                        return Err(fail(
                            number,
                            5,
                            format!(
                                "the file scores {what} {value} points, and this pairing counts 1 for a win and ½ for a draw: write the points that way"
                            ),
                        ));
                    }
                }
                "001" => {
                    trf.players.push(player_line(line, number)?);
                    lines_of.push(number);
                }
                "012" => trf.name = Some(line.get(4..).unwrap_or("").trim().to_owned()),
                "XXR" | "142" => {
                    let value = line[3..].trim();
                    match value.parse::<u32>() {
                        Ok(n) if n > 0 => trf.rounds = Some(n),
                        _ => {
                            return Err(fail(
                                number,
                                5,
                                format!("`{value}` is not a number of rounds"),
                            ));
                        }
                    }
                }
                "XXC" => {
                    for word in line[3..].split_whitespace() {
                        match word {
                            "white1" => trf.first_color = Some(Color::White),
                            "black1" => trf.first_color = Some(Color::Black),
                            _ => {}
                        }
                    }
                }
                "152" => match line.get(4..).map(str::trim) {
                    Some("W") => trf.first_color = Some(Color::White),
                    Some("B") => trf.first_color = Some(Color::Black),
                    _ => return Err(fail(number, 5, "the first colour is W or B")),
                },
                _ => {}
            }
        }
        trf.check(&lines_of)?;
        Ok(trf)
    }

    /// Every opponent exists, says the same of the game, and every line's points add up.
    fn check(&self, lines_of: &[usize]) -> Result<(), TrfError> {
        let mut by_number = std::collections::HashMap::new();
        for (i, p) in self.players.iter().enumerate() {
            if by_number.insert(p.number, i).is_some() {
                return Err(fail(
                    lines_of[i],
                    5,
                    format!("pairing number {} is given twice", p.number),
                ));
            }
        }
        for (i, p) in self.players.iter().enumerate() {
            let line = lines_of[i];
            for (round, entry) in p.rounds.iter().enumerate() {
                let Some(entry) = entry else { continue };
                let column = FIRST_ROUND_COLUMN + 10 * round;
                let Some(opponent) = entry.opponent else {
                    continue;
                };
                let Some(&o) = by_number.get(&opponent) else {
                    return Err(fail(line, column, format!("there is no player {opponent}")));
                };
                if !entry.result.is_played() {
                    continue;
                }
                let theirs = self.players[o].rounds.get(round).copied().flatten();
                let agrees = theirs.is_some_and(|t| {
                    t.opponent == Some(p.number)
                        && t.result.is_played()
                        && t.color.is_some()
                        && t.color != entry.color
                        && t.result.halves() + entry.result.halves() == 2
                });
                if !agrees {
                    return Err(fail(
                        line,
                        column,
                        format!(
                            "player {opponent}'s line does not say the same of round {}",
                            round + 1
                        ),
                    ));
                }
            }
            let counted: u32 = p.rounds.iter().flatten().map(|e| e.result.halves()).sum();
            // A round entered ahead (a bye asked for) may or may not be in the stated points.
            let ahead = p
                .rounds
                .last()
                .copied()
                .flatten()
                .map_or(0, |e| e.result.halves());
            if p.halves != counted && p.halves + ahead != counted {
                return Err(fail(
                    line,
                    81,
                    format!(
                        "the points say {} where the rounds add up to {}",
                        show_halves(p.halves),
                        show_halves(counted)
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn show_halves(halves: u32) -> String {
    format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 })
}

/// The characters of `line` in the 1-based columns `from..=to`, as far as the line goes.
fn columns(line: &str, from: usize, to: usize) -> &str {
    let start = (from - 1).min(line.len());
    let end = to.min(line.len());
    line.get(start..end).unwrap_or("")
}

fn player_line(line: &str, number: usize) -> Result<TrfPlayer, TrfError> {
    if !line.is_ascii() {
        let column = line
            .char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map_or(1, |(i, _)| i + 1);
        // Names may carry any letter; only the columns that follow must line up. The name is
        // read from the line as written, by characters.
        if column < 49 {
            let name: String = line.chars().skip(14).take(33).collect();
            return player_line(&ascii_names(line), number).map(|p| TrfPlayer {
                name: name.trim().to_owned(),
                ..p
            });
        }
        return Err(fail(
            number,
            column,
            "a player line holds a character that is not ASCII",
        ));
    }
    if line.len() < 84 {
        return Err(fail(
            number,
            line.len() + 1,
            "a player line ends before its points (column 84)",
        ));
    }
    let pairing = columns(line, 5, 8).trim();
    let pairing: u32 = match pairing.parse() {
        Ok(n) if n > 0 => n,
        _ => {
            return Err(fail(
                number,
                5,
                format!("`{pairing}` is not a pairing number"),
            ));
        }
    };
    let rating = columns(line, 49, 52).trim();
    let rating = if rating.is_empty() {
        0
    } else {
        rating
            .parse()
            .map_err(|_| fail(number, 49, format!("`{rating}` is not a rating")))?
    };
    let points = columns(line, 81, 84).trim();
    let halves = parse_points(points).ok_or_else(|| {
        fail(
            number,
            81,
            format!("`{points}` is not a score in halves of a point"),
        )
    })?;
    let mut rounds = Vec::new();
    let mut start = FIRST_ROUND_COLUMN;
    while start + 7 <= line.len() {
        let field = columns(line, start, start + 7);
        rounds.push(round_field(field, number, start)?);
        start += 10;
    }
    if start <= line.len() && !columns(line, start, line.len()).trim().is_empty() {
        return Err(fail(number, start, "a round's field is cut short"));
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        number: pairing,
        name: columns(line, 15, 47).trim().to_owned(),
        rating,
        halves,
        rounds,
    })
}

/// The line with every non-ASCII character of the name columns as `?`, so the columns line up
/// as the file's author counted them (in characters, not bytes).
fn ascii_names(line: &str) -> String {
    line.chars()
        .map(|c| if c.is_ascii() { c } else { '?' })
        .collect()
}

/// A name as a player line's columns 15–47 hold it: in ASCII (`ş` as `s`, a full-width `Ａ`
/// as `A`), so the columns after it line up for a program that counts bytes as for one that
/// counts characters; nothing that would break the line or turn its text around; at most 33.
fn column_name(name: &str) -> String {
    let ascii = deunicode::deunicode_with_tofu(&one_line(name), "?");
    ascii.trim().chars().take(33).collect()
}

/// `text` on one line: controls, line and paragraph separators as spaces, the bidirectional
/// controls dropped.
fn one_line(text: &str) -> String {
    text.chars()
        .filter(|&c| !crate::render::is_bidi_control(c))
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

fn parse_points(text: &str) -> Option<u32> {
    let (whole, tenths) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = whole.parse().ok()?;
    let halves = match tenths {
        "0" | "" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(whole * 2 + halves)
}

/// One round's field: opponent (4 columns), a space, colour, a space, result.
fn round_field(field: &str, line: usize, start: usize) -> Result<Option<RoundEntry>, TrfError> {
    if field.trim().is_empty() {
        return Ok(None);
    }
    let bytes = field.as_bytes();
    let opponent = field[..4].trim();
    let opponent = match opponent {
        "" | "0000" | "0" => None,
        n => match n.parse::<u32>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(fail(
                    line,
                    start,
                    format!("`{n}` is not an opponent's pairing number"),
                ));
            }
        },
    };
    let color = match bytes[5] {
        b'w' | b'W' => Some(Color::White),
        b'b' | b'B' => Some(Color::Black),
        b'-' | b' ' => None,
        c => {
            return Err(fail(
                line,
                start + 5,
                format!("`{}` is not a colour (w, b or -)", c as char),
            ));
        }
    };
    let code = bytes[7] as char;
    let result = RoundResult::from_code(code)
        .ok_or_else(|| fail(line, start + 7, format!("`{code}` is not a result code")))?;
    // Older files write a half-point bye as a draw against nobody, a zero-point one as a loss.
    let result = match (opponent, result) {
        (None, RoundResult::Drew) => RoundResult::HalfPointBye,
        (None, RoundResult::Lost) => RoundResult::ZeroPointBye,
        (_, result) => result,
    };
    if result.is_bye() && opponent.is_some() {
        return Err(fail(
            line,
            start,
            format!("a bye (`{code}`) has no opponent"),
        ));
    }
    if result.is_played() && (opponent.is_none() || color.is_none()) {
        return Err(fail(
            line,
            start,
            "a played game needs an opponent and a colour",
        ));
    }
    Ok(Some(RoundEntry {
        opponent,
        color,
        result,
    }))
}

impl fmt::Display for Trf {
    /// The file, lines ending in LF.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.name {
            writeln!(f, "012 {}", one_line(name))?;
        }
        // The rank column (86–89) is the standings' place by FIDE's tie-breaks, as the bot's own
        // standings give it: a rating officer reads it.
        let places: std::collections::HashMap<u32, usize> = super::fide_standings(self)
            .into_iter()
            .map(|l| (l.number, l.place))
            .collect();
        let place_of: Vec<usize> = self
            .players
            .iter()
            .map(|p| places.get(&p.number).copied().unwrap_or(0))
            .collect();
        for (i, p) in self.players.iter().enumerate() {
            let name = column_name(&p.name);
            let mut line = format!(
                "001 {:>4}      {:<33} {:>4}                            {:>4} {:>4}",
                p.number,
                name,
                if p.rating == 0 {
                    String::new()
                } else {
                    p.rating.to_string()
                },
                show_halves(p.halves),
                place_of[i],
            );
            for entry in &p.rounds {
                line.push_str("  ");
                match entry {
                    None => line.push_str("        "),
                    Some(e) => {
                        let _ = write!(
                            line,
                            "{:>4} {} {}",
                            e.opponent
                                .map_or_else(|| "0000".to_owned(), |o| o.to_string()),
                            match e.color {
                                Some(Color::White) => 'w',
                                Some(Color::Black) => 'b',
                                None => '-',
                            },
                            e.result.code()
                        );
                    }
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        if let Some(rounds) = self.rounds {
            writeln!(f, "XXR {rounds}")?;
        }
        for (a, b) in &self.forbidden {
            writeln!(f, "XXP {a} {b}")?;
        }
        for comment in &self.comments {
            writeln!(f, "### {}", one_line(comment))?;
        }
        match self.first_color {
            Some(Color::White) => writeln!(f, "XXC white1")?,
            Some(Color::Black) => writeln!(f, "XXC black1")?,
            None => {}
        }
        Ok(())
    }
}
