//! Finding a game: quick pairing (the waves, pure, and seeking in the host), blocks and
//! rematches.

mod blocks;
mod hosting;
mod network;
mod rematches;
mod waves;
