//! The keys a message's arguments carry for each language to pick its own forms by: colours,
//! pieces, reasons, results and commands go into Fluent as `white`, `man`, `resignation`…

use dama_rules::{Color, Reason, Role};

use super::Arg;
use crate::host::{CommandName, PlayerResult, Scope};

pub(super) fn command_id(cmd: CommandName) -> &'static str {
    match cmd {
        CommandName::Challenge => "challenge",
        CommandName::Ai => "ai",
        CommandName::Move => "move",
        CommandName::Draw => "draw",
        CommandName::Takeback => "takeback",
        CommandName::Resign => "resign",
        CommandName::Hint => "hint",
        CommandName::Board => "board",
        CommandName::Moves => "moves",
        CommandName::Abort => "abort",
        CommandName::Language => "language",
        CommandName::Puzzle => "puzzle",
        CommandName::Analyze => "analyze",
        CommandName::Seek => "seek",
        CommandName::Block => "block",
        CommandName::Unblock => "unblock",
        CommandName::Network => "network",
    }
}

pub(super) fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(super) fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

pub(super) fn reason_key(r: Reason) -> &'static str {
    match r {
        Reason::NoMoves => "no-moves",
        Reason::NoPieces => "no-pieces",
        Reason::Resignation => "resignation",
        Reason::Timeout => "time",
        Reason::Repetition => "repetition",
        Reason::NoProgress => "no-progress",
        Reason::KingAgainstKing => "king-against-king",
        Reason::Agreement => "agreement",
        Reason::Recorded => "recorded",
    }
}

pub(super) fn piece_key(r: Role) -> &'static str {
    match r {
        Role::Man => "man",
        Role::King => "king",
    }
}

pub(super) fn a(s: impl Into<Arg>) -> Arg {
    s.into()
}

pub(super) fn result_key(r: PlayerResult) -> &'static str {
    match r {
        PlayerResult::Win => "win",
        PlayerResult::Draw => "draw",
        PlayerResult::Loss => "loss",
    }
}

pub(super) fn scope_key(s: Scope) -> &'static str {
    match s {
        Scope::Server => "server",
        Scope::Global => "global",
    }
}
