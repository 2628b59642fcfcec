//! Files the bot reads whole (endgame tables, weights, positions, PDN): opened only when they
//! are regular files, and read only up to a size. A FIFO named like a table must not hang the
//! bot, nor `/dev/zero` given as a game fill its memory.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The bytes of the regular file at `path`, refused when it holds more than `max` of them.
pub fn read(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > max {
        return Err(too_big(size, max));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    // It may have grown since: what is read is bounded all the same.
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big(bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// The text of the regular file at `path` (UTF-8), at most `max` bytes of it.
pub fn read_to_string(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read(path, max)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

/// Opens `path` for reading without waiting (a FIFO's open would wait for a writer), then
/// refuses anything that is not a regular file.
fn open_regular(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
        .open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is not a regular file",
        ));
    }
    Ok(file)
}

fn too_big(size: u64, max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is too big ({size} bytes; at most {max})"),
    )
}
