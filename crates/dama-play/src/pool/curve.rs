//! The rating gap a waiting player accepts, widening with the wait.
//!
//! | waited (share of the horizon) | 0 | ¼ | ½ | ¾ | 1 |
//! |---|---|---|---|---|---|
//! | established rating (deviation ≤ 100) | ±100 | ±200 | ±400 | ±800 | anyone |
//! | new player (deviation 350) | ±350 | ±700 | ±1400 | ±2800 | anyone |
//!
//! The horizon is 60 s for live clocks and 10 minutes for correspondence: the gap doubles
//! every quarter of it, and past it the player is paired with anyone in the pool.

use dama_model::Millis;
use std::time::Duration;

/// After this a player waiting for a live game is paired with anyone.
pub const ANYONE_AFTER_LIVE: Duration = Duration::from_secs(60);
/// After this a player waiting for a correspondence game is paired with anyone.
pub const ANYONE_AFTER_CORRESPONDENCE: Duration = Duration::from_secs(600);

/// The narrowest gap anyone accepts: about a hundred points either side for an established
/// rating.
const NARROWEST: u32 = 100;

/// The wait after which anyone will do, for a live clock or a correspondence one.
pub fn anyone_after(live: bool) -> Duration {
    if live {
        ANYONE_AFTER_LIVE
    } else {
        ANYONE_AFTER_CORRESPONDENCE
    }
}

/// The rating gap a player accepts after `waited`, with a rating of `deviation` (Glicko-2,
/// rounded); `None`: anyone. A rating still settling (a high deviation) starts wider.
pub fn accepted_gap(deviation: u32, waited: Millis, horizon: Duration) -> Option<u32> {
    let horizon = Millis::from_std(horizon).0.max(4);
    let waited = waited.0.max(0);
    if waited >= horizon {
        return None;
    }
    let base = f64::from(deviation.max(NARROWEST));
    // Doubles every quarter of the horizon.
    let quarters = waited as f64 / horizon as f64 * 4.0;
    Some((base * quarters.exp2()).round() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: i64) -> Millis {
        Millis(s * 1_000)
    }

    #[test]
    fn the_curve_is_the_one_the_table_shows() {
        let live = ANYONE_AFTER_LIVE;
        assert_eq!(accepted_gap(60, secs(0), live), Some(100));
        assert_eq!(accepted_gap(100, secs(15), live), Some(200));
        assert_eq!(accepted_gap(80, secs(30), live), Some(400));
        assert_eq!(accepted_gap(80, secs(45), live), Some(800));
        assert_eq!(accepted_gap(80, secs(60), live), None);
        assert_eq!(accepted_gap(350, secs(0), live), Some(350));
        assert_eq!(accepted_gap(350, secs(30), live), Some(1_400));
        let days = ANYONE_AFTER_CORRESPONDENCE;
        assert_eq!(accepted_gap(80, secs(150), days), Some(200));
        assert_eq!(
            accepted_gap(80, secs(599), days).map(|g| g > 1_500),
            Some(true)
        );
        assert_eq!(accepted_gap(80, secs(600), days), None);
    }

    #[test]
    fn the_gap_never_narrows_as_the_wait_grows() {
        let mut last = 0;
        for ms in (0..60_000).step_by(250) {
            let Some(gap) = accepted_gap(120, Millis(ms), ANYONE_AFTER_LIVE) else {
                panic!("anyone before the horizon, at {ms} ms");
            };
            assert!(gap >= last, "{gap} after {last} at {ms} ms");
            last = gap;
        }
    }
}
