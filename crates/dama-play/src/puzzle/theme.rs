//! A puzzle's themes, computed from its line: what kind of idea it teaches. Stored with the
//! puzzle; players practise one at a time.

use std::fmt;

use super::{Kind, Puzzle, prove::Goal, prove::Prover};
use dama_rules::{Color, Position};

/// One idea a puzzle's line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver gives up material on the way (the defender captures in the line).
    Sacrifice,
    /// One of the solver's moves takes three pieces or more.
    MultiCapture,
    /// One of the solver's men is crowned in the line.
    Crowning,
    /// The defender has a king and the line takes it or leaves it without a move.
    KingHunt,
    /// A man crowned after the solver gave material up to open its way.
    Breakthrough,
    /// At some turn the defender, with no capture due, loses only because it must move: were
    /// it allowed to pass, the solver would not get there as fast.
    Zugzwang,
    /// A zugzwang between men alone: the side that must move into the other gives way.
    Opposition,
    /// Four pieces or fewer on the board (practice only, never a day's puzzle).
    Endgame,
}

impl Theme {
    /// Every theme, in the order they are listed to players.
    pub const ALL: [Theme; 8] = [
        Theme::Sacrifice,
        Theme::MultiCapture,
        Theme::Crowning,
        Theme::KingHunt,
        Theme::Breakthrough,
        Theme::Zugzwang,
        Theme::Opposition,
        Theme::Endgame,
    ];

    /// The theme's name in the puzzle file and in commands.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Sacrifice => "sacrifice",
            Theme::MultiCapture => "multi-capture",
            Theme::Crowning => "crowning",
            Theme::KingHunt => "king-hunt",
            Theme::Breakthrough => "breakthrough",
            Theme::Zugzwang => "zugzwang",
            Theme::Opposition => "opposition",
            Theme::Endgame => "endgame",
        }
    }

    /// The theme of a [`name`](Theme::name).
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The theme a player means: its English name or its Turkish one, in any case, with
    /// spaces or hyphens, with or without Turkish letters (`king hunt`, `dama avı`,
    /// `fedakârlık`, `fedakarlik`).
    pub fn read(text: &str) -> Option<Theme> {
        let folded: String = text
            .chars()
            .flat_map(char::to_lowercase)
            .map(|c| match c {
                'ç' => 'c',
                'ğ' => 'g',
                'ı' | 'î' => 'i',
                'ö' => 'o',
                'ş' => 's',
                'ü' | 'û' => 'u',
                'â' => 'a',
                '-' | '_' => ' ',
                // The dot that lowercase İ leaves behind.
                '\u{307}' => '\0',
                c => c,
            })
            .filter(|&c| c != '\0')
            .collect();
        let words: Vec<&str> = folded.split_whitespace().collect();
        let key = words.join(" ");
        let turkish = match key.as_str() {
            "fedakarlik" => Some(Theme::Sacrifice),
            "coklu alma" => Some(Theme::MultiCapture),
            "dama cikma" | "dama cikmak" => Some(Theme::Crowning),
            "dama avi" => Some(Theme::KingHunt),
            "yarma" => Some(Theme::Breakthrough),
            "karsi durma" => Some(Theme::Opposition),
            "oyun sonu" => Some(Theme::Endgame),
            _ => None,
        };
        turkish.or_else(|| {
            Theme::ALL
                .into_iter()
                .find(|t| t.name().replace('-', " ") == key)
        })
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of themes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Themes(u16);

impl Themes {
    /// Whether `theme` is in the set.
    pub fn contains(self, theme: Theme) -> bool {
        self.0 & theme.bit() != 0
    }

    /// Adds `theme` to the set.
    pub fn insert(&mut self, theme: Theme) {
        self.0 |= theme.bit();
    }

    /// The themes in the set, in [`Theme::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Theme> {
        Theme::ALL.into_iter().filter(move |t| self.contains(*t))
    }

    /// Whether the set has no theme.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Names separated by commas; `-` for none.
    pub fn to_text(self) -> String {
        if self.is_empty() {
            return "-".into();
        }
        self.iter().map(Theme::name).collect::<Vec<_>>().join(",")
    }

    /// Reads [`Themes::to_text`]; the first unknown name is the error.
    pub fn from_text(text: &str) -> Result<Themes, String> {
        let mut themes = Themes::default();
        if text == "-" {
            return Ok(themes);
        }
        for name in text.split(',') {
            themes.insert(Theme::from_name(name).ok_or_else(|| name.to_string())?);
        }
        Ok(themes)
    }
}

impl FromIterator<Theme> for Themes {
    fn from_iter<I: IntoIterator<Item = Theme>>(iter: I) -> Themes {
        let mut themes = Themes::default();
        for t in iter {
            themes.insert(t);
        }
        themes
    }
}

/// Pieces on the board.
pub fn pieces(pos: &Position) -> u32 {
    pos.occupied().count()
}

/// At most this many pieces makes an endgame puzzle.
pub const ENDGAME_PIECES: u32 = 4;

/// The themes of a proven puzzle. Zugzwang is settled by proving again with the defender's
/// turn passed, within `budget` positions (not found when it runs out).
pub fn themes_of(puzzle: &Puzzle, budget: u64) -> Themes {
    let solver = puzzle.solver();
    let mut themes = Themes::default();
    if pieces(&puzzle.start) <= ENDGAME_PIECES {
        themes.insert(Theme::Endgame);
    }
    let mut pos = puzzle.start;
    let mut sacrificed = false;
    let mut king_taken = false;
    for (i, mv) in puzzle.line.iter().enumerate() {
        if i % 2 == 1 {
            if mv.is_capture() {
                sacrificed = true;
                themes.insert(Theme::Sacrifice);
            }
        } else {
            if mv.capture_count() >= 3 {
                themes.insert(Theme::MultiCapture);
            }
            if mv
                .captured()
                .any(|sq| pos.kings(solver.opponent()).contains(sq))
            {
                king_taken = true;
            }
            if pos.is_promotion(mv) {
                themes.insert(Theme::Crowning);
                if sacrificed {
                    themes.insert(Theme::Breakthrough);
                }
            }
        }
        pos = pos.play_unchecked(mv);
    }
    let defender_king = !puzzle.start.kings(solver.opponent()).is_empty();
    if defender_king && (king_taken || puzzle.kind == Kind::Win) {
        themes.insert(Theme::KingHunt);
    }
    if let Some(men_only) = zugzwang(puzzle, budget) {
        themes.insert(Theme::Zugzwang);
        if men_only {
            themes.insert(Theme::Opposition);
        }
    }
    themes
}

/// The first defender's turn in the line lost only because it must move: `Some(men only on
/// the board then)`.
fn zugzwang(puzzle: &Puzzle, budget: u64) -> Option<bool> {
    let solver = puzzle.solver();
    let goal = match puzzle.kind {
        Kind::Win => Goal::Win,
        Kind::Material => Goal::gain_from(&puzzle.start),
    };
    let mut prover = Prover::with_goal(budget, goal);
    let moves = puzzle.moves() as u32;
    let mut pos = puzzle.start;
    for (i, mv) in puzzle.line.iter().enumerate() {
        pos = pos.play_unchecked(mv);
        let Some(defence) = puzzle.line.get(i + 1).filter(|_| i % 2 == 0) else {
            continue;
        };
        if defence.is_capture() {
            continue;
        }
        // The solver's moves still to come after the defender's.
        let left = moves - (i as u32 / 2 + 1);
        let passed = pos.with_side_to_move(solver);
        if matches!(prover.wins_within(&passed, left), Ok(false)) {
            let men_only = pos.kings(Color::White).is_empty() && pos.kings(Color::Black).is_empty();
            return Some(men_only);
        }
    }
    None
}
