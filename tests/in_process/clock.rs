//! Clocks: time controls and their arithmetic (pure), and live games in the host.

mod clocks;
mod hosting;
