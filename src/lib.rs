//! `dama`: a Discord bot that hosts games of Turkish draughts.
//!
//! The layers are crates (see `docs/inside/design.md`), each depending only on those below it:
//! [`engine`] (`dama-rules`), [`model`] (`dama-model`), the pure game code (`dama-play`), the
//! host with its store, words and telemetry (`dama-core`), and this crate's front ends: Discord,
//! the web, the console and the command line. The layers below are re-exported under the names
//! the front ends, the tests and the benchmarks use.

pub use dama_core::{host, store, telemetry, words};
pub use dama_model as model;
pub use dama_play::{ai, clock, files, puzzle, render, tables, tournament};
pub use dama_rules as engine;
pub use dama_rules::bitboard;

pub mod cli;
pub mod console;
pub mod discord;
pub mod web;
