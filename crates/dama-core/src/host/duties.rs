//! The host's background duties and their cadence, decided here once for every front end: the
//! Discord bot and the console tick the same schedule and do what it says is due.

use std::time::Duration;

/// A duty of the host that no player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duty {
    /// End the live games whose time ran out ([`super::Host::flags`]): every tick.
    Flags,
    /// Mark the bot alive ([`super::Host::beat`]), so a restart can give back the time no
    /// process ran: every second.
    Beat,
    /// Pair, start and end tournaments ([`super::Host::tournament_tick`]): every second.
    Tournaments,
    /// Take over the live games' AI turns a dead process left: every five seconds (a live
    /// game cannot wait for the sweep).
    StalledLiveAi,
    /// Post what games and Swiss rounds are owed ([`super::Host::owed_posts`],
    /// [`super::Host::owed_rounds`]: a change whose post was lost with its process, or refused
    /// for a while): every five seconds.
    OwedPosts,
    /// The sweep ([`super::Host::sweep`]: expired challenges, correspondence warnings and
    /// losses, damaged games), then the daily puzzle post, the other AI turns left behind, and
    /// the screening of finished games for puzzles: at the start, then every sweep period.
    Sweep,
}

/// The schedule: call [`Duties::due`] once every [`Duties::TICK`].
#[derive(Clone, Debug)]
pub struct Duties {
    tick: u64,
    sweep_ticks: u64,
}

/// Ticks in a second.
const SECOND: u64 = 1_000 / Duties::TICK.as_millis() as u64;

impl Duties {
    /// How often the schedule is asked: a flag is posted within this of falling.
    pub const TICK: Duration = Duration::from_millis(100);

    /// A schedule whose sweep comes every `sweep_every` (at least one tick).
    pub fn new(sweep_every: Duration) -> Duties {
        let ticks = sweep_every.as_millis() / Self::TICK.as_millis();
        Duties {
            tick: 0,
            sweep_ticks: u64::try_from(ticks).unwrap_or(u64::MAX).max(1),
        }
    }

    /// The duties due at this tick, in the order to do them; then the next tick.
    pub fn due(&mut self) -> Vec<Duty> {
        let t = self.tick;
        self.tick += 1;
        let mut due = vec![Duty::Flags];
        if t.is_multiple_of(SECOND) {
            due.push(Duty::Beat);
            due.push(Duty::Tournaments);
        }
        if t.is_multiple_of(5 * SECOND) {
            due.push(Duty::StalledLiveAi);
            due.push(Duty::OwedPosts);
        }
        if t.is_multiple_of(self.sweep_ticks) {
            due.push(Duty::Sweep);
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_duty_comes_at_its_cadence_and_the_sweep_at_once() {
        let mut duties = Duties::new(Duration::from_secs(60));
        let ticks: Vec<Vec<Duty>> = (0..1_200).map(|_| duties.due()).collect();
        let count = |d: Duty| ticks.iter().filter(|t| t.contains(&d)).count();
        // Two minutes of ticks.
        assert_eq!(count(Duty::Flags), 1_200);
        assert_eq!(count(Duty::Beat), 120);
        assert_eq!(count(Duty::Tournaments), 120);
        assert_eq!(count(Duty::StalledLiveAi), 24);
        assert_eq!(count(Duty::OwedPosts), 24);
        assert_eq!(count(Duty::Sweep), 2);
        assert!(
            ticks[0].contains(&Duty::Sweep),
            "the first sweep at the start"
        );
        assert!(ticks[600].contains(&Duty::Sweep));
        assert_eq!(ticks[1], vec![Duty::Flags]);
        // Flags first: a falling flag is never held up behind the slower duties.
        assert!(ticks.iter().all(|t| t[0] == Duty::Flags));
        let mut fast = Duties::new(Duration::ZERO);
        assert!(fast.due().contains(&Duty::Sweep) && fast.due().contains(&Duty::Sweep));
    }
}
