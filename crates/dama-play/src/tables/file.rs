//! One table per file, named for its material (`2010.dtw`): `DAMADTW2`, the material (4 bytes),
//! the entry count (u64), a CRC-32 of the whole file but these 4 bytes (the header included, so
//! a header moved from another file shows), then the entries deflated. An entry is one byte:
//! 0 not yet known (never written), 1 + plies to the end for a decided position (odd plies: the
//! side to move wins, even: it loses), 254 not a position, 255 a draw.

use std::path::{Path, PathBuf};

use super::TablesError;
use super::material::Material;

const MAGIC: &[u8; 8] = b"DAMADTW2";
/// The first format, whose checksum covered the entries only.
const OLD_MAGIC: &[u8; 8] = b"DAMADTW1";
const HEADER: usize = 8 + 4 + 8 + 4;
/// Where the checksum stands in the header.
const CRC: std::ops::Range<usize> = 20..24;

/// The checksum of a file's bytes, the checksum's own place left out.
fn checksum(bytes: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..CRC.start]);
    crc.update(&bytes[CRC.end..]);
    crc.finalize()
}

/// Where the table of `m` lives in `dir`.
pub fn path(dir: &Path, m: Material) -> PathBuf {
    dir.join(format!(
        "{}{}{}{}.dtw",
        m.white_men, m.white_kings, m.black_men, m.black_kings
    ))
}

/// Writes the table (to a temporary name first, so a half-written file is never read);
/// returns its size in bytes.
pub fn write(dir: &Path, m: Material, values: &[u8]) -> Result<u64, TablesError> {
    let mut bytes = Vec::with_capacity(HEADER + values.len() / 8);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&[m.white_men, m.white_kings, m.black_men, m.black_kings]);
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&[0; 4]);
    bytes.extend_from_slice(&miniz_oxide::deflate::compress_to_vec(values, 6));
    let crc = checksum(&bytes);
    bytes[CRC].copy_from_slice(&crc.to_le_bytes());
    let target = path(dir, m);
    let partial = target.with_extension(format!("dtw.partial.{}", std::process::id()));
    std::fs::write(&partial, &bytes).map_err(|e| TablesError::io(&partial, e))?;
    std::fs::rename(&partial, &target).map_err(|e| TablesError::io(&target, e))?;
    Ok(bytes.len() as u64)
}

/// The largest table file read (all the four-piece tables together take 17.6 MB).
const MAX_FILE: u64 = 64 << 20;

/// Reads a table file, checking that it is whole and that it is the table its name says.
#[expect(clippy::expect_used, reason = "4 bytes; 8 bytes")]
pub fn read(path: &Path) -> Result<(Material, Box<[u8]>), TablesError> {
    let bytes = crate::files::read(path, MAX_FILE).map_err(|e| TablesError::io(path, e))?;
    let damaged = |why: String| TablesError::Damaged(path.to_path_buf(), why);
    if bytes.len() >= 8 && &bytes[..8] == OLD_MAGIC {
        return Err(damaged("an older table format".into()));
    }
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(damaged("not a Dama endgame table".into()));
    }
    let crc = u32::from_le_bytes(bytes[CRC].try_into().expect("4 bytes"));
    if checksum(&bytes) != crc {
        return Err(damaged("the checksum does not match".into()));
    }
    let m = Material::new(bytes[8], bytes[9], bytes[10], bytes[11]);
    if !m.fits() || m.white_men + m.white_kings == 0 || m.black_men + m.black_kings == 0 {
        return Err(damaged("no such material".into()));
    }
    let named = path.file_name();
    if named != self::path(Path::new(""), m).file_name() {
        return Err(damaged(format!(
            "it holds the table of {m}, which is not the one its name says"
        )));
    }
    let count = u64::from_le_bytes(bytes[12..20].try_into().expect("8 bytes")) as usize;
    if count != m.size() {
        return Err(damaged("wrong number of entries for its material".into()));
    }
    let values = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes[HEADER..], count)
        .map_err(|_| damaged("the entries do not inflate".into()))?;
    if values.len() != count {
        return Err(damaged("wrong number of entries for its material".into()));
    }
    Ok((m, values.into_boxed_slice()))
}
