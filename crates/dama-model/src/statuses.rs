//! Where a game, a challenge and a tournament stand, and the colour a challenger asks for.

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
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
    Open,
    Accepted,
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    Expired,
}

/// Which colour the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries, not started.
    Open,
    Running,
    Finished,
    Cancelled,
}
