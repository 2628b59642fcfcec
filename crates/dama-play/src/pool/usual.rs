//! The pools offered first: lichess's eleven live clocks, and one and three days a move.

use crate::clock::TimeControl;

/// The usual pools, quickest first: offered as a seek's clock is typed, and always listed in
/// the lobby (any other clock a challenge takes is a pool too, while someone waits in it).
pub const USUAL_POOLS: [TimeControl; 13] = [
    TimeControl::live_secs(60, 0),
    TimeControl::live_secs(120, 1),
    TimeControl::live_secs(180, 0),
    TimeControl::live_secs(180, 2),
    TimeControl::live_secs(300, 0),
    TimeControl::live_secs(300, 3),
    TimeControl::live_secs(600, 0),
    TimeControl::live_secs(600, 5),
    TimeControl::live_secs(900, 10),
    TimeControl::live_secs(1_800, 0),
    TimeControl::live_secs(1_800, 20),
    TimeControl::Correspondence { days: 1 },
    TimeControl::Correspondence { days: 3 },
];

/// Where a pool's clock stands among the pools: live by their expected length, then
/// correspondence by days.
pub fn pool_order(control: TimeControl) -> (u8, i64) {
    match control {
        TimeControl::Live { .. } => (0, control.estimated().map_or(0, |m| m.0)),
        TimeControl::Correspondence { days } => (1, i64::from(days)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_pools_are_written_as_players_type_them_and_in_order() {
        let written: Vec<String> = USUAL_POOLS.iter().map(ToString::to_string).collect();
        assert_eq!(
            written,
            [
                "1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20",
                "1d", "3d"
            ]
        );
        assert!(USUAL_POOLS.is_sorted_by_key(|&c| pool_order(c)));
    }
}
