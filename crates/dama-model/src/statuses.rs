//! Where a game, a challenge and a tournament stand, and the colour a challenger asks for.

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Being played.
    Running,
    /// Over, with a result.
    Finished,
    /// Called off: it counts for nothing (left before both sides moved, or stopped by an
    /// admin).
    Aborted,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Taken up: a game began.
    Accepted,
    /// Turned down by the one challenged.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered in time.
    Expired,
}

/// Which colour the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn by lot when the game begins.
    Random,
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries, not started.
    Open,
    /// Under way.
    Running,
    /// Played to the end, with its final standings.
    Finished,
    /// Called off before its end.
    Cancelled,
}
