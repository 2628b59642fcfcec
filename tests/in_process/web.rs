//! The web in process: the pages and the operators' routes.

mod activity;
mod operators;
mod pages;
mod play;
