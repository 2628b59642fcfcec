//! What the host answers: text, a board picture or a file, buttons, and work that follows.

use std::sync::Arc;

/// A button under a message. Its id carries what it acts on, so it still works after a restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: &'static str,
    pub style: ButtonStyle,
    pub disabled: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// An attachment other than the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One answer. Mentions in `text` are written `<@user id>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    /// Only the asker should see it.
    pub ephemeral: bool,
    /// The board as a PNG.
    pub board: Option<Arc<[u8]>>,
    /// The position on that board, as text (RULES.md §6).
    pub fen: Option<String>,
    pub file: Option<File>,
    pub buttons: Vec<Button>,
    /// Users to notify.
    pub mentions: Vec<u64>,
    /// The game whose board this reply shows, if any (the front end remembers the message).
    pub game: Option<i64>,
    /// The AI is to move in this game: run [`Host::ai_move`](super::Host::ai_move) next.
    pub ai_turn: Option<i64>,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn private(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ephemeral: true,
            ..Reply::default()
        }
    }
}

/// A message the host sends on its own (an expired challenge, a time warning, a loss on time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub channel: u64,
    pub reply: Reply,
}
