//! Quick pairing: the waves (pure) and seeking in the host.

mod blocks;
mod hosting;
mod waves;
