//! `dama`: a Discord bot that hosts games of Turkish draughts.
//!
//! Layers (see `docs/inside/design.md`): [`engine`] is the rule book in code; the AI, the board picture, the
//! game host, the database and the Discord front end are built on top of it.

pub mod ai;
pub mod cli;
pub mod clock;
pub mod console;
pub mod discord;
pub mod engine;
pub mod files;
pub mod host;
pub mod puzzle;
pub mod render;
pub mod store;
pub mod tables;
pub mod telemetry;
pub mod tournament;
pub mod web;
pub mod words;
