//! What the host answers: messages, a board picture or a file, buttons, and work that follows.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::Msg;
pub use dama_model::Shown;
use dama_model::{ChallengeId, ChannelId, GameId, GuildId, UserId};

/// What a button does. Its id carries what it acts on, so it still works after a restart; the
/// id is written by `Display` and read by `FromStr`, here only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonAction {
    /// Accepts (or, `accept: false`, declines) a challenge.
    Challenge {
        /// The challenge.
        id: ChallengeId,
        /// Accept, or decline.
        accept: bool,
    },
    /// `version`: the game's version when the button was posted.
    Game {
        /// The game.
        id: GameId,
        /// Its version when the button was posted.
        version: i64,
        /// What the button does to it.
        action: GameAction,
    },
    /// Under the daily puzzle's post: opens today's puzzle privately for whoever clicks.
    OpenPuzzle,
    /// Leaves the practice puzzle `attempt` (tried, so it counts as failed) for the puzzle
    /// asked for: today's (`None`), or a practice one.
    LeavePuzzle {
        /// The attempt to leave.
        attempt: dama_model::AttemptId,
        /// The puzzle asked for instead.
        then: Option<crate::host::Practice>,
    },
    /// Leaves the quick-pairing pool the presser waits in.
    LeavePool,
    /// Offers to play a finished game again, colours swapped, or accepts that offer.
    Rematch {
        /// The finished game.
        game: GameId,
    },
    /// Joins (or, `join: false`, leaves) a tournament.
    Tournament {
        /// The tournament.
        id: dama_model::TournamentId,
        /// Join, or leave.
        join: bool,
    },
}

/// What a button under a game's board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameAction {
    /// Resigns (asked twice in a rated game).
    Resign,
    /// The confirmation of a resignation in a rated game.
    ConfirmResign,
    /// Offers a draw, or accepts the one offered.
    Draw,
    /// Asks to take the last move back, or agrees to it.
    Takeback,
    /// Asks the AI for a hint.
    Hint,
    /// Arena: half the clock, no increment, a point more for a win.
    Berserk,
    /// The clicker's own link to play the game on its page (its players only).
    PlayLink,
}

impl GameAction {
    /// The action named `name` (as in a button's id: `resign`, `resign!`, `draw`, …).
    pub fn named(name: &str) -> Option<GameAction> {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(a, _)| *a)
    }

    const NAMES: [(GameAction, &'static str); 7] = [
        (GameAction::Resign, "resign"),
        (GameAction::ConfirmResign, "resign!"),
        (GameAction::Draw, "draw"),
        (GameAction::Takeback, "takeback"),
        (GameAction::Hint, "hint"),
        (GameAction::Berserk, "berserk"),
        (GameAction::PlayLink, "play"),
    ];
}

impl fmt::Display for ButtonAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ButtonAction::Challenge { id, accept } => write!(
                f,
                "challenge:{}:{}",
                id.0,
                if accept { "accept" } else { "decline" }
            ),
            ButtonAction::Game {
                id,
                version,
                action,
            } => {
                let name = GameAction::NAMES
                    .iter()
                    .find(|(a, _)| *a == action)
                    .map_or("", |(_, n)| n);
                write!(f, "game:{}:{version}:{name}", id.0)
            }
            ButtonAction::OpenPuzzle => f.write_str("puzzle:open"),
            ButtonAction::LeavePuzzle { attempt, then } => {
                let then = match then {
                    None => "daily".to_string(),
                    Some(p) if p.mine => "mine".to_string(),
                    Some(p) => p
                        .theme
                        .map_or("random".to_string(), |t| t.name().to_string()),
                };
                write!(f, "puzzle:leave:{}:{then}", attempt.0)
            }
            ButtonAction::LeavePool => f.write_str("pool:leave"),
            ButtonAction::Rematch { game } => write!(f, "rematch:{}", game.0),
            ButtonAction::Tournament { id, join } => write!(
                f,
                "tournament:{}:{}",
                id.0,
                if join { "join" } else { "leave" }
            ),
        }
    }
}

/// A button id we did not write (ids can be forged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownButton;

impl FromStr for ButtonAction {
    type Err = UnknownButton;
    fn from_str(id: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = id.split(':').collect();
        match parts.as_slice() {
            ["challenge", id, answer] => Ok(ButtonAction::Challenge {
                id: ChallengeId(id.parse().map_err(|_| UnknownButton)?),
                accept: match *answer {
                    "accept" => true,
                    "decline" => false,
                    _ => return Err(UnknownButton),
                },
            }),
            ["game", id, version, action] => Ok(ButtonAction::Game {
                id: GameId(id.parse().map_err(|_| UnknownButton)?),
                version: version.parse().map_err(|_| UnknownButton)?,
                action: GameAction::named(action).ok_or(UnknownButton)?,
            }),
            ["puzzle", "open"] => Ok(ButtonAction::OpenPuzzle),
            ["pool", "leave"] => Ok(ButtonAction::LeavePool),
            ["rematch", game] => Ok(ButtonAction::Rematch {
                game: GameId(game.parse().map_err(|_| UnknownButton)?),
            }),
            ["puzzle", "leave", attempt, then] => Ok(ButtonAction::LeavePuzzle {
                attempt: dama_model::AttemptId(attempt.parse().map_err(|_| UnknownButton)?),
                then: match *then {
                    "daily" => None,
                    "random" => Some(crate::host::Practice::default()),
                    "mine" => Some(crate::host::Practice {
                        theme: None,
                        mine: true,
                    }),
                    name => Some(crate::host::Practice {
                        theme: Some(
                            dama_play::puzzle::Theme::from_name(name).ok_or(UnknownButton)?,
                        ),
                        mine: false,
                    }),
                },
            }),
            ["tournament", id, answer] => Ok(ButtonAction::Tournament {
                id: dama_model::TournamentId(id.parse().map_err(|_| UnknownButton)?),
                join: match *answer {
                    "join" => true,
                    "leave" => false,
                    _ => return Err(UnknownButton),
                },
            }),
            _ => Err(UnknownButton),
        }
    }
}

/// What a button says; the `words` layer writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonLabel {
    /// Accept a challenge.
    Accept,
    /// Decline a challenge.
    Decline,
    /// Withdraw an open challenge.
    Cancel,
    /// Resign.
    Resign,
    /// Confirm a resignation.
    ConfirmResign,
    /// Offer a draw.
    OfferDraw,
    /// Accept the draw offered.
    AcceptDraw,
    /// Allow the takeback asked for.
    AllowTakeback,
    /// Ask for a hint.
    Hint,
    /// Open the daily puzzle.
    SolvePuzzle,
    /// Leave an unfinished practice puzzle (it counts as failed) for another.
    LeavePuzzle,
    /// Join a tournament.
    JoinTournament,
    /// Leave a tournament.
    LeaveTournament,
    /// Play the game on its web page.
    PlayOnBoard,
    /// Leave the quick-pairing pool.
    LeavePool,
    /// Play the finished game again, colours swapped.
    Rematch,
    /// Go berserk in an Arena game.
    Berserk,
}

/// A button under a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// What it does.
    pub action: ButtonAction,
    /// What it says.
    pub label: ButtonLabel,
    /// How it looks.
    pub style: ButtonStyle,
    /// Greyed: it no longer acts.
    pub disabled: bool,
}

impl Button {
    /// A button acting on a game at its version.
    pub fn game(
        row: &dama_store::GameRow,
        action: GameAction,
        label: ButtonLabel,
        style: ButtonStyle,
    ) -> Button {
        Button {
            action: ButtonAction::Game {
                id: row.id,
                version: row.version,
                action,
            },
            label,
            style,
            disabled: false,
        }
    }
}

/// How a button looks (Discord's four styles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    /// The main choice.
    Primary,
    /// A neutral choice.
    Secondary,
    /// A welcome choice (accept, join).
    Success,
    /// A choice with a cost (resign, decline, leave a puzzle).
    Danger,
}

/// An attachment other than the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The file's name, with its extension.
    pub name: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

/// A Swiss round whose pairings a reply tells its tournament's channel of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Announced {
    /// The tournament.
    pub tournament: dama_model::TournamentId,
    /// The round, from 1.
    pub round: i64,
}

/// One answer: what to say (in order), what to show, and what comes next.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    /// What to say, in order.
    pub body: Vec<Msg>,
    /// Only the asker should see it.
    pub ephemeral: bool,
    /// The board as a PNG (its caption in the language asked for).
    pub board: Option<Arc<[u8]>>,
    /// The position on that board, as text (the rule book §6).
    pub fen: Option<String>,
    /// That board is drawn with Black at the bottom (a puzzle Black solves), for a front end
    /// that draws it again as text.
    pub black_bottom: bool,
    /// An attachment (a PDN file, a replay, a card).
    pub file: Option<File>,
    /// A second attachment (the annotated PDN under an analysis's picture).
    pub attachment: Option<File>,
    /// Buttons under the message.
    pub buttons: Vec<Button>,
    /// Users to notify.
    pub mentions: Vec<UserId>,
    /// The game whose board this reply shows, if any (the front end remembers the message).
    pub game: Option<GameId>,
    /// The game's change this reply tells its channel of: once it is posted (or can never be),
    /// the front end says so ([`Host::posted`](super::Host::posted)) and the game owes no
    /// post up to it.
    pub shown: Option<Shown>,
    /// The round this reply announces: once it is posted (or can never be), the front end
    /// says so ([`Host::announced`](super::Host::announced)) and the round is owed no more.
    pub announced: Option<Announced>,
    /// The address of that game's web page (with `DAMA_PUBLIC_URL`).
    pub game_link: Option<String>,
    /// The AI is to move in this game: run [`Host::ai_move`](super::Host::ai_move) next.
    pub ai_turn: Option<GameId>,
    /// The tournament this reply is about (the front end shows its buttons).
    pub tournament: Option<dama_model::TournamentId>,
    /// Another message whose buttons this reply settles, and its buttons now (a challenge
    /// accepted from elsewhere, greyed).
    pub settles: Option<(dama_model::MessageId, Vec<Button>)>,
    /// Every channel of a game between two servers, where this reply (an offer, which changes
    /// no board) is posted too, in each one's language; empty for other games.
    pub elsewhere: Vec<super::GameChannel>,
}

impl Reply {
    /// A reply that says `msg` to the channel.
    pub fn say(msg: Msg) -> Reply {
        Reply {
            body: vec![msg],
            ..Reply::default()
        }
    }

    /// A reply that says `msg` to the asker only.
    pub fn private(msg: Msg) -> Reply {
        Reply {
            body: vec![msg],
            ephemeral: true,
            ..Reply::default()
        }
    }

    /// The challenge whose buttons this reply carries, if any.
    pub fn challenge(&self) -> Option<ChallengeId> {
        self.buttons.iter().find_map(|b| match b.action {
            ButtonAction::Challenge { id, .. } => Some(id),
            ButtonAction::Game { .. }
            | ButtonAction::OpenPuzzle
            | ButtonAction::LeavePool
            | ButtonAction::Rematch { .. }
            | ButtonAction::LeavePuzzle { .. }
            | ButtonAction::Tournament { .. } => None,
        })
    }

    /// This board, not yet posted, and `newer`, the next board of the same game, as one post:
    /// `newer` naming this one's moves before its own. `None` where both must be posted: not
    /// boards of one game, or this one says more than moves and whose turn it is (an offer, an
    /// ending), which must not be lost.
    pub fn overtaken_by(&self, newer: &Reply) -> Option<Reply> {
        let boards = self.board.is_some() && newer.board.is_some();
        let private = self.ephemeral || newer.ephemeral;
        if !boards || private || self.game.is_none() || self.game != newer.game {
            return None;
        }
        let mut earlier = Vec::new();
        for msg in &self.body {
            match msg {
                Msg::Played { notation, .. } => earlier.push(notation.clone()),
                Msg::PlayedSince {
                    earlier: before,
                    notation,
                    ..
                } => {
                    earlier.extend(before.iter().cloned());
                    earlier.push(notation.clone());
                }
                Msg::ToMove { .. } | Msg::AiThinking { .. } => {}
                _ => return None,
            }
        }
        let mut merged = newer.clone();
        let last = merged
            .body
            .iter_mut()
            .find(|m| matches!(m, Msg::Played { .. } | Msg::PlayedSince { .. }))?;
        *last = match last.clone() {
            Msg::Played {
                mover,
                notation,
                crowned,
            } => Msg::PlayedSince {
                earlier,
                mover,
                notation,
                crowned,
            },
            Msg::PlayedSince {
                earlier: mut own,
                mover,
                notation,
                crowned,
            } => {
                earlier.append(&mut own);
                Msg::PlayedSince {
                    earlier,
                    mover,
                    notation,
                    crowned,
                }
            }
            _ => return None,
        };
        Some(merged)
    }

    /// Puts `msg` before what the reply already says.
    pub(crate) fn led_by(mut self, msg: Msg) -> Reply {
        self.body.insert(0, msg);
        self
    }
}

/// A message the host sends on its own (an expired challenge, a time warning, a loss on time).
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The channel to post in.
    pub channel: ChannelId,
    /// The server of that channel (`None`: a direct message or the console).
    pub guild: Option<GuildId>,
    /// What to post.
    pub reply: Reply,
    /// A message of ours in that channel whose buttons no longer act (an expired challenge),
    /// with its buttons as they should now show: greyed.
    pub settles: Option<(dama_model::MessageId, Vec<Button>)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::Player;
    use dama_play::ai::Level;

    fn board(game: i64, body: Vec<Msg>) -> Reply {
        Reply {
            body,
            board: Some(Arc::from(&b"png"[..])),
            game: Some(GameId(game)),
            ..Reply::default()
        }
    }

    fn played(notation: &str) -> Msg {
        Msg::Played {
            mover: Player::Ai(Level::Easy),
            notation: notation.into(),
            crowned: false,
        }
    }

    fn thinking() -> Msg {
        Msg::AiThinking { level: Level::Easy }
    }

    #[test]
    fn a_newer_board_names_the_moves_of_those_it_covers_oldest_first() {
        let first = board(7, vec![played("e3-e4"), thinking()]);
        let second = board(7, vec![played("f6-f5"), thinking()]);
        let mut third = board(7, vec![played("d3-d4"), Msg::MoveTooLate]);
        third.board = Some(Arc::from(&b"newest"[..]));
        let two = first.overtaken_by(&second).expect("two boards of one game");
        let three = two.overtaken_by(&third).expect("and a third");
        assert_eq!(
            three.body,
            vec![
                Msg::PlayedSince {
                    earlier: vec!["e3-e4".into(), "f6-f5".into()],
                    mover: Player::Ai(Level::Easy),
                    notation: "d3-d4".into(),
                    crowned: false,
                },
                Msg::MoveTooLate,
            ]
        );
        assert_eq!(three.board.as_deref(), Some(&b"newest"[..]));
    }

    #[test]
    fn a_board_that_says_more_than_moves_or_another_games_is_never_covered() {
        let newer = board(7, vec![played("f6-f5")]);
        let ending = board(7, vec![played("e3-e4"), Msg::MoveTooLate]);
        assert_eq!(ending.overtaken_by(&newer), None);
        assert_eq!(board(8, vec![played("e3-e4")]).overtaken_by(&newer), None);
        let text = Reply {
            board: None,
            ..board(7, vec![played("e3-e4")])
        };
        assert_eq!(text.overtaken_by(&newer), None);
        let private = Reply {
            ephemeral: true,
            ..board(7, vec![played("e3-e4")])
        };
        assert_eq!(private.overtaken_by(&newer), None);
    }
}
