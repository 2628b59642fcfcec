//! The AI: searches positions from [`dama_rules`]. Plain and synchronous, no global state: a
//! [`Searcher`] owns its tables and honours a node, depth or time limit and a stop flag.

pub mod analysis;
pub mod arena;
mod endgame;
pub mod eval;
mod level;
mod search;
pub mod tune;

pub use endgame::TABLE_WIN;
pub use eval::{Features, Weights, WeightsError};
pub use level::{AiPlayer, Eval, Level, ParseLevelError, hint};
pub use search::{LimitError, Limits, MATE, MAX_DEPTH, SearchResult, Searcher};
