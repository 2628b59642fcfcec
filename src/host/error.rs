//! Everything a player can get wrong, said so they know what to do; and internal failures,
//! logged with their context and shown only as an apology.

use crate::engine::MoveError;

#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error("There is no game in this channel. Start one with /dama challenge or /dama ai.")]
    NoGame,
    #[error("There is no game here yet.")]
    NoGameYet,
    #[error("You are not playing in this game.")]
    NotAPlayer,
    #[error("It is not your turn: it is {0}'s move.")]
    NotYourTurn(String),
    #[error("That move cannot be played: {0}.")]
    Move(MoveError),
    #[error("The position has changed since then: look at the board again and send your move.")]
    Stale,
    #[error(
        "This channel already has a game running. Finish it first, or start yours in a thread (thread: true)."
    )]
    ChannelBusy,
    #[error("You cannot challenge yourself. Challenge someone else, or play the AI with /dama ai.")]
    SelfChallenge,
    #[error("That challenge does not exist.")]
    NoChallenge,
    #[error("That challenge is no longer open (it was {0}).")]
    ChallengeClosed(String),
    #[error("That challenge has expired. Ask for a new one.")]
    ChallengeExpired,
    #[error("That challenge is for someone else.")]
    NotYourChallenge,
    #[error("You have no open challenge in this channel.")]
    NoOpenChallenge,
    #[error("{0}")]
    NotAllowed(&'static str),
    #[error("Sorry, something went wrong on our side. Please try again in a moment.")]
    Internal(String),
}

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
