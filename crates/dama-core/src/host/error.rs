//! How the host says no, in two buckets: a [`Refusal`] (what the player asked for that the rules
//! or the game's state do not allow, one variant each, carrying what the `words` layer needs to
//! say what to do) and an [`InternalError`] (what went wrong inside, with its cause: logged once,
//! where the player is answered, and shown only as an apology).

use std::borrow::Cow;

use dama_model::{ChallengeStatus, GameId};
use dama_rules::MoveError;

use super::{Player, Players};

/// Why a request was not carried out.
#[derive(Debug)]
pub enum HostError {
    /// The player is told why and what to do.
    Refused(Refusal),
    /// Something inside failed; the player gets an apology.
    Internal(InternalError),
}

/// Everything a player can get wrong, one variant per refusal.
#[derive(Debug)]
pub enum Refusal {
    /// No game is running in this channel.
    NoGame,
    /// This channel has never had a game.
    NoGameYet,
    /// The asker is not playing in this game.
    NotAPlayer,
    /// It is the other side's turn.
    NotYourTurn {
        /// The player to move.
        to_move: Player,
    },
    /// A move that cannot be played, and why.
    Move(MoveError),
    /// The game changed while the request was on its way (a move or an answer came first).
    /// The host decides again wherever the wish stands whatever the position (resigning,
    /// aborting, a puzzle try); the player hears this only where it cannot.
    ChangedMeanwhile,
    /// The channel has a game running: between these players, when known.
    ChannelBusy {
        /// Who plays it, when known.
        players: Option<Players>,
    },
    /// A player challenged themself.
    SelfChallenge,
    /// Bots do not play; the AI does.
    BotOpponent,
    /// No such challenge.
    NoChallenge,
    /// The challenge was answered or withdrawn already.
    ChallengeClosed(ChallengeStatus),
    /// The challenge ran out of time.
    ChallengeExpired,
    /// The challenge is for someone else.
    NotYourChallenge,
    /// Only its challenger may withdraw an open challenge.
    NotYourOpenChallenge {
        /// The challenger.
        challenger: dama_model::UserId,
    },
    /// The challenger pressed Accept on their own open challenge.
    OwnChallenge,
    /// An open challenge outside a server: nobody else could take it.
    OpenChallengeNeedsServer,
    /// The asker has no open challenge in this channel.
    NoOpenChallenge,
    /// The game is over already.
    GameAlreadyOver,
    /// A draw offer stands already.
    DrawAlreadyOffered,
    /// A takeback request stands already.
    TakebackAlreadyAsked,
    /// The asker has no move to take back.
    NothingToTakeBack,
    /// Rated games get no hints.
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
        /// The game.
        game: GameId,
    },
    /// Aborting is for the players of a damaged game, or for server admins.
    CannotAbort,
    /// Setting the server's language needs the Manage Server permission.
    NeedsManageServer,
    /// A time control that is not on offer.
    TimeControl(dama_play::clock::TimeControlError),
    /// A player cannot block themselves.
    BlockSelf,
    /// The asker blocked this player already.
    AlreadyBlocked {
        /// The player.
        user: dama_model::UserId,
    },
    /// The asker has not blocked this player.
    NotBlocked {
        /// The player.
        user: dama_model::UserId,
    },
    /// One player may block at most this many.
    TooManyBlocks {
        /// The most blocks.
        limit: usize,
    },
    /// The other player blocked the asker: they learn only that the player is not available.
    NotAvailable,
    /// The asker blocked the other player.
    YouBlocked {
        /// The player.
        user: dama_model::UserId,
    },
    /// A rematch is for a game that has ended.
    RematchNotOver,
    /// Only the players of a game may ask for its rematch.
    RematchNotPlayer,
    /// A tournament pairs its own games.
    RematchInTournament,
    /// The asker's rematch offer stands already.
    RematchOfferedAlready {
        /// The other player.
        to: dama_model::UserId,
    },
    /// The game has been played again already.
    RematchPlayed,
    /// One player may offer at most this many rematches a minute.
    TooManyRematches {
        /// Offers a minute.
        limit: i64,
    },
    /// Seeking is for a server's channels.
    SeekNeedsServer,
    /// Seeking everywhere needs a server in the network.
    NotInNetwork,
    /// Joining or leaving the network needs Manage Server.
    NetworkNeedsManageServer,
    /// A game between two servers has no rematch (it would be played in one of them).
    RematchAcrossServers,
    /// A player in a running live game may not seek another live one.
    SeekWhilePlayingLive,
    /// The asker waits in no pool.
    NotSeeking,
    /// One player may seek at most this many times a minute.
    TooManySeeks {
        /// Seeks a minute.
        limit: i64,
    },
    /// One player may not hold more open challenges than this.
    TooManyChallenges {
        /// The most open challenges.
        limit: i64,
    },
    /// One player may not play more games against the AI at once than this.
    TooManyAiGames {
        /// The most games against the AI at once.
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
    /// Playing on the page needs the web's public address (`DAMA_PUBLIC_URL`).
    NoPublicUrl,
    /// A page asked to play without a link (or cookie) of the player to move in this game.
    NotSignedIn,
}

/// What went wrong inside: what the host was doing, and the cause.
#[derive(Debug, thiserror::Error)]
#[error("{doing}")]
pub struct InternalError {
    doing: Cow<'static, str>,
    #[source]
    cause: Box<dyn std::error::Error + Send + Sync>,
}

impl InternalError {
    /// What the host was doing when it failed.
    pub fn doing(&self) -> &str {
        &self.doing
    }
}

/// For logs only: players read these through the `words` layer.
impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostError::Refused(refusal) => write!(f, "refused: {refusal:?}"),
            HostError::Internal(e) => write!(f, "{}: {}", e.doing, e.cause),
        }
    }
}

impl std::error::Error for HostError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            HostError::Refused(_) => None,
            HostError::Internal(e) => Some(e),
        }
    }
}

impl From<Refusal> for HostError {
    fn from(refusal: Refusal) -> Self {
        HostError::Refused(refusal)
    }
}

impl From<dama_store::StoreError> for HostError {
    fn from(e: dama_store::StoreError) -> Self {
        HostError::internal("using the database", e)
    }
}

impl HostError {
    /// An internal failure while `doing` something, with its cause (an error, or words).
    pub fn internal(
        doing: impl Into<Cow<'static, str>>,
        cause: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> HostError {
        HostError::Internal(InternalError {
            doing: doing.into(),
            cause: cause.into(),
        })
    }

    /// Logs an internal failure with its cause; a refusal is the player's business and is not
    /// logged. Called once, by the front end that answers the player.
    pub fn log_internal(&self) {
        if let HostError::Internal(e) = self {
            tracing::error!(cause = %e.cause, "internal error {}", e.doing);
        }
    }

    /// The refusal, when this is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            HostError::Refused(refusal) => Some(refusal),
            HostError::Internal(_) => None,
        }
    }
}
