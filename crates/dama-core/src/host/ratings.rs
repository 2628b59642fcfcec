//! Ratings: Glicko-2 (the `skillratings` crate), one rating a speed class, updated in the
//! transaction that ends a rated game, and the history rebuilt from past games once.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use dama_model::UnixMs;
use dama_model::UserId;
use dama_rules::{Color, GameResult};
use dama_store::{self as store, GameRow};

use super::{Host, HostError, RatingChange};

/// Rates a game that ended with `result` between `w` and `b` inside `tx`: both ratings in the
/// game's speed class, their history points, and the changes to show.
pub(super) async fn rate_game(
    tx: &mut store::Tx,
    row: &GameRow,
    w: UserId,
    b: UserId,
    result: GameResult,
    now: UnixMs,
) -> Result<Vec<RatingChange>, HostError> {
    // Each speed class has its own rating.
    let speed = row.speed;
    let white = store::rating_in(tx, w, speed).await?;
    let black = store::rating_in(tx, b, speed).await?;
    let (new_w, new_b) = glicko2(
        &rating_of(&white),
        &rating_of(&black),
        &outcome_of(result),
        &Glicko2Config::new(),
    );
    let score = match result {
        GameResult::Win(Color::White) => 1.0,
        GameResult::Win(Color::Black) => 0.0,
        GameResult::Draw => 0.5,
    };
    store::rate(
        tx,
        w,
        speed,
        (new_w.rating, new_w.deviation, new_w.volatility),
        score,
    )
    .await?;
    store::rate(
        tx,
        b,
        speed,
        (new_b.rating, new_b.deviation, new_b.volatility),
        1.0 - score,
    )
    .await?;
    for (user, r) in [(w, &new_w), (b, &new_b)] {
        let point = store::RatingPoint {
            game_id: row.id,
            rating: r.rating,
            deviation: r.deviation,
            played_at: now,
        };
        store::record_rating(tx, user, speed, point).await?;
    }
    Ok(vec![
        RatingChange {
            user: w,
            before: white.rating,
            after: new_w.rating,
        },
        RatingChange {
            user: b,
            before: black.rating,
            after: new_b.rating,
        },
    ])
}

impl Host {
    /// Rebuilds the rating history of games played before it was kept: the finished rated
    /// games are replayed in the order they ended with the same Glicko-2 computation, from the
    /// starting rating. Does nothing once any history is stored.
    pub async fn rebuild_rating_history(&self) -> Result<usize, HostError> {
        if self.store.has_rating_history().await? {
            return Ok(0);
        }
        let games = self.store.rated_games().await?;
        if games.is_empty() {
            return Ok(0);
        }
        let mut ratings: std::collections::HashMap<
            (dama_model::UserId, dama_play::clock::SpeedClass),
            Glicko2Rating,
        > = std::collections::HashMap::new();
        let mut tx = self.store.write().await?;
        for g in &games {
            let (Some(w), Some(b), Some(result)) = (g.white_id, g.black_id, g.result) else {
                continue;
            };
            let speed = g.speed;
            let (rw, rb) = (
                *ratings.entry((w, speed)).or_default(),
                *ratings.entry((b, speed)).or_default(),
            );
            let (nw, nb) = glicko2(&rw, &rb, &outcome_of(result), &Glicko2Config::new());
            ratings.insert((w, speed), nw);
            ratings.insert((b, speed), nb);
            for (user, r) in [(w, nw), (b, nb)] {
                let point = store::RatingPoint {
                    game_id: g.id,
                    rating: r.rating,
                    deviation: r.deviation,
                    played_at: g.updated_at,
                };
                store::record_rating(&mut tx, user, speed, point).await?;
            }
        }
        tx.commit().await?;
        tracing::info!(
            games = games.len(),
            "rebuilt the rating history of past games"
        );
        Ok(games.len())
    }
}

fn outcome_of(result: GameResult) -> Outcomes {
    match result {
        GameResult::Win(Color::White) => Outcomes::WIN,
        GameResult::Win(Color::Black) => Outcomes::LOSS,
        GameResult::Draw => Outcomes::DRAW,
    }
}

fn rating_of(p: &store::PlayerRow) -> Glicko2Rating {
    Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    }
}
