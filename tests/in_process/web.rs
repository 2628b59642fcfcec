//! The web in process: the pages and the operators' routes.

mod operators;
mod pages;
mod play;
