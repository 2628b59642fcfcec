//! Move notation (the rule book §7), read in two steps: the syntax ([`MoveText::parse`]), then
//! against a position ([`Position::read_move`]), with distinct errors for a move that is illegal
//! and one that is ambiguous.

use std::fmt;

use super::{Chain, Color, Move, Piece, Position, Role, Square};

/// The squares a player typed, in order: the origin, then landing squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// At least two, at most 17.
    pub squares: Vec<Square>,
}

/// A chain has at most 16 captures, so 17 squares.
const MAX_SQUARES: usize = 17;

/// `-`, `x`, `:`, and the dashes phones put in place of `-`.
fn is_separator(c: char) -> bool {
    matches!(c, '-' | ':' | 'x' | 'X' | '\u{2013}' | '\u{2014}')
}

/// Text that cannot be a move at all, whatever the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// Nothing typed.
    #[error("type a move as squares, such as e3-e4 or d3xd5xf5")]
    Empty,
    #[error("\"{0}\" is not a square: squares go from a1 to h8 (type a move such as e3-e4)")]
    /// A piece of text that is not a square.
    NotASquare(String),
    #[error(
        "a move needs at least two squares, where the piece starts and where it goes, such as e3-e4"
    )]
    /// A single square.
    OneSquare,
    #[error("a move ends on a square, not on \"{0}\"")]
    /// A separator with no square after it.
    TrailingSeparator(char),
    #[error("that is too many squares for one move (at most 17)")]
    /// More squares than any move has.
    TooLong,
}

impl MoveText {
    /// Reads squares joined by `-`, `x`, `:`, spaces or nothing; case and surrounding spaces do
    /// not matter.
    pub fn parse(text: &str) -> Result<MoveText, SyntaxError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SyntaxError::Empty);
        }
        let chars: Vec<char> = text.chars().collect();
        let mut squares = Vec::new();
        let mut i = 0;
        let skip_spaces = |i: &mut usize| {
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
        };
        loop {
            skip_spaces(&mut i);
            let token_end = (i..chars.len())
                .find(|&j| chars[j].is_whitespace() || is_separator(chars[j]))
                .unwrap_or(chars.len());
            // A square is two characters; "e3e4" has no separator between them.
            let end = if token_end - i > 2
                && chars[i].is_ascii_alphabetic()
                && chars[i + 1].is_ascii_digit()
            {
                i + 2
            } else {
                token_end
            };
            let token: String = chars[i..end].iter().collect();
            let Some(sq) = Square::parse(&token) else {
                let shown = if token.is_empty() {
                    chars
                        .get(i)
                        .map(std::string::ToString::to_string)
                        .unwrap_or_default()
                } else {
                    token
                };
                return Err(SyntaxError::NotASquare(super::quoted(&shown)));
            };
            squares.push(sq);
            if squares.len() > MAX_SQUARES {
                return Err(SyntaxError::TooLong);
            }
            i = end;
            skip_spaces(&mut i);
            if i >= chars.len() {
                break;
            }
            if is_separator(chars[i]) {
                let sep = chars[i];
                i += 1;
                skip_spaces(&mut i);
                if i >= chars.len() {
                    return Err(SyntaxError::TrailingSeparator(sep));
                }
            }
        }
        if squares.len() < 2 {
            return Err(SyntaxError::OneSquare);
        }
        Ok(MoveText { squares })
    }

    fn origin(&self) -> Square {
        self.squares[0]
    }

    #[expect(clippy::expect_used, reason = "at least two squares")]
    fn last(&self) -> Square {
        *self.squares.last().expect("at least two squares")
    }

    /// Whether this text names `chain`: same origin and final square, and the squares between
    /// are some of its landing squares, in order.
    fn names_chain(&self, chain: &Chain) -> bool {
        if self.origin() != chain.from || self.last() != chain.to() {
            return false;
        }
        let mut landings = chain.landings.iter();
        self.squares[1..].iter().all(|sq| landings.any(|l| l == sq))
    }

    /// Whether this text is the beginning of `chain` that stops too early.
    fn starts_chain(&self, chain: &Chain) -> bool {
        if self.origin() != chain.from {
            return false;
        }
        let last = self.last();
        let Some(stop) = chain.landings.iter().position(|&l| l == last) else {
            return false;
        };
        if stop + 1 == chain.landings.len() {
            return false;
        }
        let mut landings = chain.landings[..=stop].iter();
        self.squares[1..].iter().all(|sq| landings.any(|l| l == sq))
    }
}

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a move at all.
    #[error("{0}")]
    Syntax(#[from] SyntaxError),
    /// Not a legal move here.
    #[error("{0}")]
    Illegal(#[from] Illegal),
    #[error(
        "\"{text}\" could be {}: type more of its squares to choose one",
        or_list(options)
    )]
    /// Several legal moves fit what was typed.
    Ambiguous {
        /// What was typed.
        text: String,
        /// The moves it could be, written out.
        options: Vec<String>,
    },
}

/// What makes a typed move illegal, said the way a player would say it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The first square is empty.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    #[error("the piece on {square} is {owner}'s, and it is {side}'s turn")]
    /// The opponent's piece.
    NotYourPiece {
        /// Where it stands.
        square: Square,
        /// Whose it is.
        owner: Color,
        /// Whose turn it is.
        side: Color,
    },
    #[error("capturing is compulsory: play {}", or_list(options))]
    /// A quiet move where a capture is due.
    CaptureCompulsory {
        /// The captures to choose from.
        options: Vec<String>,
    },
    #[error(
        "you must capture as many pieces as possible ({count}), so play {}",
        or_list(options)
    )]
    /// A capture that takes fewer pieces than the most there is.
    MustTakeMore {
        /// The most pieces a capture takes here.
        count: u32,
        /// The captures that take that many.
        options: Vec<String>,
    },
    #[error(
        "the capture is not over: the piece must go on capturing while it can, so play {}",
        or_list(options)
    )]
    /// A capture that stops while the piece can still take.
    Unfinished {
        /// The whole captures.
        options: Vec<String>,
    },
    #[error(
        "the {piece} on {square} cannot capture that way; play {}",
        or_list(options)
    )]
    /// A capture route that piece does not have.
    WrongCapture {
        /// A man or a king.
        piece: PieceName,
        /// Where it stands.
        square: Square,
        /// Its captures.
        options: Vec<String>,
    },
    #[error(
        "there is nothing to capture, so a move is just two squares; play {}",
        or_list(options)
    )]
    /// A capture typed where there is nothing to take.
    NothingToCapture {
        /// The moves there are.
        options: Vec<String>,
    },
    #[error("the {piece} on {square} is blocked and cannot move")]
    /// A piece with no move.
    Blocked {
        /// A man or a king.
        piece: PieceName,
        /// Where it stands.
        square: Square,
    },
    #[error(
        "the {piece} on {from} cannot move to {to}: {why}; it can play {}",
        or_list(options)
    )]
    /// A destination the piece cannot reach.
    CannotMoveThere {
        /// A man or a king.
        piece: PieceName,
        /// Where it stands.
        from: Square,
        /// Where it was sent.
        to: Square,
        /// Why not.
        why: WhyNot,
        /// Its moves.
        options: Vec<String>,
    },
    /// No move is played in a finished game.
    #[error("the game is over")]
    GameOver,
}

/// Why a piece cannot go where a player sent it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyNot {
    /// The move starts and ends on the same square.
    Nowhere,
    /// A diagonal step or jump.
    Diagonal,
    /// A man going back towards its own side.
    ManBackwards,
    /// A man stepping more than one square.
    ManTooFar,
    /// A piece already stands there.
    SquareTaken,
    /// A king flying over a piece it may not take.
    PathBlocked,
    /// A move built by a program rather than typed, not among the legal ones.
    NotLegal,
}

impl fmt::Display for WhyNot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WhyNot::Nowhere => "a move must go somewhere",
            WhyNot::Diagonal => "pieces never move diagonally",
            WhyNot::ManBackwards => "a man never moves backwards",
            WhyNot::ManTooFar => "a man steps only one square, forward or sideways",
            WhyNot::SquareTaken => "that square is taken",
            WhyNot::PathBlocked => "the way there is blocked",
            WhyNot::NotLegal => "that is not a legal move",
        })
    }
}

/// "man" or "king", for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceName(pub Role);

impl fmt::Display for PieceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Role::Man => "man",
            Role::King => "king",
        })
    }
}

/// "a", "a or b", "a, b or c"; long lists are cut short.
fn or_list(options: &[String]) -> String {
    const SHOWN: usize = 8;
    let mut items: Vec<&str> = options.iter().take(SHOWN).map(String::as_str).collect();
    let more = options.len().saturating_sub(SHOWN);
    let more_text = format!("{more} other moves");
    if more > 0 {
        items.push(&more_text);
    }
    match items.len() {
        0 => String::new(),
        1 => items[0].to_string(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

impl Position {
    /// The written form of a legal move: `e3-e4`, or the origin and every landing square joined
    /// by `x` (of several chains making the same move, the one first in a1…h8 order).
    pub fn notation(&self, mv: &Move) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", mv.from(), mv.to());
        }
        let mut text = mv.from().to_string();
        let landings = self.canonical_landings(mv);
        if landings.is_empty() {
            // Not a legal move here: still name its ends rather than fail.
            text.push_str(&format!("x{}", mv.to()));
        }
        for sq in landings {
            text.push_str(&format!("x{sq}"));
        }
        text
    }

    /// The written forms of these moves, sorted.
    pub fn notations(&self, moves: &[Move]) -> Vec<String> {
        let mut names: Vec<String> = moves.iter().map(|m| self.notation(m)).collect();
        names.sort();
        names
    }

    /// Reads a typed move leniently (the rule book §7) and finds the one legal move it names.
    pub fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let typed = MoveText::parse(text)?;
        self.resolve(&typed, text)
    }

    /// Finds the one legal move that `typed` names; `text` is what the player typed.
    pub fn resolve(&self, typed: &MoveText, text: &str) -> Result<Move, MoveError> {
        let legal = self.legal_moves();
        let chains = self.legal_chains();
        let mut matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| {
                if mv.is_capture() {
                    chains
                        .iter()
                        .any(|c| c.as_move() == *mv && typed.names_chain(c))
                } else {
                    typed.squares == [mv.from(), mv.to()]
                }
            })
            .collect();
        match matches.len() {
            1 => Ok(matches.remove(0)),
            0 => Err(self.explain(typed, &legal, &chains).into()),
            _ => Err(MoveError::Ambiguous {
                text: text.trim().to_string(),
                options: self.notations(&matches),
            }),
        }
    }

    fn explain(&self, typed: &MoveText, legal: &[Move], chains: &[Chain]) -> Illegal {
        let from = typed.origin();
        let Some(piece) = self.piece_at(from) else {
            return Illegal::NoPiece(from);
        };
        if piece.color != self.side {
            return Illegal::NotYourPiece {
                square: from,
                owner: piece.color,
                side: self.side,
            };
        }
        let own: Vec<Move> = legal.iter().copied().filter(|m| m.from() == from).collect();
        let all = self.notations(legal);
        let own_names = self.notations(&own);
        if let Some(first) = legal.first().filter(|m| m.is_capture()) {
            let count = first.capture_count();
            if let Some(shorter) = self.chains_from(from).iter().find(|c| typed.names_chain(c)) {
                debug_assert!(shorter.captured.count() < count);
                return Illegal::MustTakeMore {
                    count,
                    options: all,
                };
            }
            if own.is_empty() {
                return Illegal::CaptureCompulsory { options: all };
            }
            let unfinished: Vec<Move> = own
                .iter()
                .copied()
                .filter(|m| {
                    chains
                        .iter()
                        .any(|c| c.as_move() == *m && typed.starts_chain(c))
                })
                .collect();
            if !unfinished.is_empty() {
                return Illegal::Unfinished {
                    options: self.notations(&unfinished),
                };
            }
            return Illegal::WrongCapture {
                piece: PieceName(piece.role),
                square: from,
                options: own_names,
            };
        }
        if typed.squares.len() > 2 {
            let quiet: Vec<Move> = own
                .iter()
                .copied()
                .filter(|m| m.to() == typed.last())
                .collect();
            let options = if quiet.is_empty() {
                own_names.clone()
            } else {
                self.notations(&quiet)
            };
            if !options.is_empty() {
                return Illegal::NothingToCapture { options };
            }
        }
        if own.is_empty() {
            return Illegal::Blocked {
                piece: PieceName(piece.role),
                square: from,
            };
        }
        let to = typed.last();
        Illegal::CannotMoveThere {
            piece: PieceName(piece.role),
            from,
            to,
            why: self.why_not(piece, from, to),
            options: own_names,
        }
    }

    fn why_not(&self, piece: Piece, from: Square, to: Square) -> WhyNot {
        let (df, dr) = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        let forward = if piece.color == Color::White { 1 } else { -1 };
        if from == to {
            return WhyNot::Nowhere;
        }
        if df != 0 && dr != 0 {
            return WhyNot::Diagonal;
        }
        match piece.role {
            Role::Man if dr == -forward * dr.abs() && dr != 0 => WhyNot::ManBackwards,
            Role::Man if df.abs() > 1 || dr.abs() > 1 => WhyNot::ManTooFar,
            _ if self.piece_at(to).is_some() => WhyNot::SquareTaken,
            _ => WhyNot::PathBlocked,
        }
    }
}
