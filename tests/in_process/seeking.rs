//! Quick pairing: the waves (pure) and seeking in the host.

mod hosting;
mod waves;
