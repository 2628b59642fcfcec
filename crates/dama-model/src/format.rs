//! What kind of tournament it is, with what that kind needs and nothing else.

/// The two kinds of tournament, as an organiser picks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentKind {
    /// A fixed number of rounds, everyone paired each round.
    Swiss,
    /// A fixed time, each player paired again as soon as their game ends.
    Arena,
}

/// A tournament's format: a Swiss of so many rounds, or an Arena of so many minutes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentFormat {
    /// Everyone plays every round, paired by score.
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
    /// Play as many games as you can until the time is up.
    Arena {
        /// How long it lasts.
        minutes: u32,
    },
}

impl TournamentFormat {
    /// Which kind it is.
    pub fn kind(self) -> TournamentKind {
        match self {
            TournamentFormat::Swiss { .. } => TournamentKind::Swiss,
            TournamentFormat::Arena { .. } => TournamentKind::Arena,
        }
    }

    /// The Swiss's rounds (`None` for an Arena).
    pub fn rounds(self) -> Option<u32> {
        match self {
            TournamentFormat::Swiss { rounds } => Some(rounds),
            TournamentFormat::Arena { .. } => None,
        }
    }

    /// The Arena's minutes (`None` for a Swiss).
    pub fn minutes(self) -> Option<u32> {
        match self {
            TournamentFormat::Arena { minutes } => Some(minutes),
            TournamentFormat::Swiss { .. } => None,
        }
    }
}
