//! Everything a player can get wrong, one variant per refusal, carrying what the `words` layer
//! needs to say what to do; and internal failures, logged with their context and shown only as
//! an apology.

use crate::store::{ChallengeStatus, GameId};
use dama_rules::MoveError;

use super::{Player, Players};

#[derive(Debug)]
pub enum HostError {
    /// No game is running in this channel.
    NoGame,
    /// This channel has never had a game.
    NoGameYet,
    NotAPlayer,
    NotYourTurn {
        to_move: Player,
    },
    Move(MoveError),
    /// The game changed while the request was on its way.
    Stale,
    /// The channel has a game running: between these players, when known.
    ChannelBusy {
        players: Option<Players>,
    },
    SelfChallenge,
    /// Bots do not play; the AI does.
    BotOpponent,
    NoChallenge,
    ChallengeClosed(ChallengeStatus),
    ChallengeExpired,
    NotYourChallenge,
    NoOpenChallenge,
    GameAlreadyOver,
    DrawAlreadyOffered,
    TakebackAlreadyAsked,
    NothingToTakeBack,
    NoHintsInRatedGames,
    /// A rated game is analysed once it is over, never while its players can use it.
    NoAnalysisDuringRatedGames,
    /// A running game's analysis is for its players.
    AnalysisForPlayersOnly,
    /// The game has no move yet.
    NothingToAnalyse,
    /// A button of an earlier board.
    OldButton,
    /// A button of a game that has ended.
    ButtonGameOver,
    /// A button id that is not one of ours.
    UnknownButton,
    /// The game's record cannot be read; it can only be aborted.
    Broken {
        game: GameId,
    },
    /// Aborting is for the players of a damaged game, or for server admins.
    CannotAbort,
    /// Setting the server's language needs the Manage Server permission.
    NeedsManageServer,
    /// A time control that is not on offer.
    TimeControl(dama_play::clock::TimeControlError),
    /// One player may not hold more open challenges than this.
    TooManyChallenges {
        limit: i64,
    },
    /// One player may not play more games against the AI at once than this.
    TooManyAiGames {
        limit: i64,
    },
    /// A running game's replay is for its players (anyone may replay a finished game).
    ReplayForPlayersOnly,
    /// Not a language we have.
    UnknownLanguage(String),
    /// No puzzles are installed.
    NoPuzzles,
    /// A move for a puzzle that is over (solved, or out of tries).
    PuzzleOver,
    /// A command about a server, used outside one.
    ServerOnly,
    /// Choosing the puzzle channel needs the Manage Server permission.
    PuzzleChannelNeedsManageServer,
    /// Listing the server on the web needs the Manage Server permission.
    WebNeedsManageServer,
    /// A tournament command that changes nothing, and why.
    Tournament(super::TournamentRefusal),
    Internal(String),
}

/// For logs only: players read these through the `words` layer.
impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for HostError {}

impl From<crate::store::StoreError> for HostError {
    fn from(e: crate::store::StoreError) -> Self {
        tracing::error!(error = %e, "database error");
        HostError::Internal(e.to_string())
    }
}

impl HostError {
    pub fn internal(context: &str, detail: impl std::fmt::Display) -> HostError {
        tracing::error!(%detail, "{context}");
        HostError::Internal(format!("{context}: {detail}"))
    }
}
