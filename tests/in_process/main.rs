//! The in-process tests: the rule book, perft and the independent move generator, the AI, the
//! endgame tables, the puzzles, the pictures, the words, clocks and tournaments, the store and
//! the host on SQLite and PostgreSQL, the console, the web's handlers, the command line and the
//! book. One binary: the crate is linked once.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "tests and benches stop at the first thing that fails"
)]

mod ai;
mod analysis;
mod cli;
mod clock;
mod console;
mod differential_kish;
mod docs;
mod duties;
mod host;
mod host_analysis;
mod host_processes;
mod host_puzzles;
mod layers;
mod perft;
mod properties;
mod puzzles;
mod render;
mod rules;
mod seeking;
mod shards;
mod store;
mod tables;
mod tournament;
mod tune;
mod web;
mod words;

use dama_testkit as common;
use dama_testkit::on_both_databases;
