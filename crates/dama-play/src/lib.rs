//! dama's pure game code, above the rule book: clocks and time controls, tournament pairing and
//! standings, the AI, endgame tables, puzzles and the pictures. No database, no Discord, no
//! async runtime: plain functions and values the host drives.

pub mod ai;
pub mod clock;
pub mod files;
pub mod pool;
pub mod puzzle;
pub mod render;
pub mod tables;
pub mod tournament;
