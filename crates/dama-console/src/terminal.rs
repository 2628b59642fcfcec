//! The terminal's side of the console: lines read leniently, text written without what a
//! terminal would act on, the board as text, and pictures written to files never overwritten.

use std::path::PathBuf;

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWrite, AsyncWriteExt};

use super::MAX_LINE;

/// Writes `bytes` to `name` in `dir`, or, when a file of that name is there already (from an
/// earlier session), to `name-2`, `name-3`, …: a picture is never written over. Returns the
/// path written.
pub(super) async fn write_new(
    dir: &std::path::Path,
    name: &str,
    bytes: &[u8],
) -> std::io::Result<PathBuf> {
    use tokio::io::AsyncWriteExt;
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    for n in 1.. {
        let candidate = match (n, ext) {
            (1, _) => name.to_string(),
            (_, "") => format!("{stem}-{n}"),
            _ => format!("{stem}-{n}.{ext}"),
        };
        let path = dir.join(candidate);
        // create_new: the check and the creation are one step, so two sessions never share one.
        match tokio::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .await
        {
            Ok(mut file) => {
                file.write_all(bytes).await?;
                file.flush().await?;
                return Ok(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("some name is free")
}

/// The board as text, ranks 8 to 1 and files a to h (or turned round, Black at the bottom),
/// without the line saying whose turn it is. `letters` mark White's man and king, then
/// Black's: each language's own (a Turkish reader takes `b` for beyaz, white).
pub(super) fn text_grid(
    pos: &dama_rules::Position,
    black_bottom: bool,
    letters: [char; 4],
) -> String {
    use dama_rules::{Color, Role, Square};
    let order = |i: u8| if black_bottom { 7 - i } else { i };
    let mut out = String::new();
    for row in 0..8u8 {
        let rank = 7 - order(row);
        out.push_str(&format!("{} ", rank + 1));
        for column in 0..8u8 {
            let file = order(column);
            let mark = Square::from_coords(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| {
                    let at = match (p.color, p.role) {
                        (Color::White, Role::Man) => 0,
                        (Color::White, Role::King) => 1,
                        (Color::Black, Role::Man) => 2,
                        (Color::Black, Role::King) => 3,
                    };
                    letters[at]
                });
            out.push(' ');
            out.push(mark);
        }
        out.push('\n');
    }
    out.push_str("  ");
    for column in 0..8u8 {
        out.push(' ');
        out.push(char::from(b'a' + order(column)));
    }
    out
}

/// Writes a line for the person at the terminal, without what a terminal would act on
/// instead of show (see [`for_terminal`]).
pub(super) async fn put(out: &mut (impl AsyncWrite + Unpin), text: &str) -> std::io::Result<()> {
    let mut line = for_terminal(text).into_owned();
    line.push('\n');
    out.write_all(line.as_bytes()).await
}

/// Text safe to print on a terminal: control characters (escape sequences that retitle the
/// terminal or move the cursor, a NUL, a carriage return) and the characters that reorder
/// text right to left (overrides and isolates) are left out; new lines and tabs stay.
pub(super) fn for_terminal(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c != '\n' && c != '\t' && dama_core::words::unprintable(c);
    if text.chars().any(unsafe_char) {
        text.chars().filter(|&c| !unsafe_char(c)).collect()
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// One line of input, decoded leniently; at most [`MAX_LINE`] characters are kept (a longer
/// line is cut, and [`parse`](super::parse) refuses it). `None` at the end of input. `bytes`
/// keeps what was read of the line so far, so a read given up for something else (a clock's
/// flag) loses nothing.
pub(super) async fn read_line(
    input: &mut (impl AsyncBufRead + Unpin),
    bytes: &mut Vec<u8>,
) -> std::io::Result<Option<String>> {
    let limit = (MAX_LINE + 1) * 4;
    loop {
        let chunk = input.fill_buf().await?;
        if chunk.is_empty() {
            if bytes.is_empty() {
                return Ok(None);
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if bytes.len() < limit {
            let room = limit - bytes.len();
            bytes.extend_from_slice(&chunk[..take.min(room)]);
        }
        input.consume(take);
        if done {
            break;
        }
    }
    let text = String::from_utf8_lossy(bytes);
    let line = text.trim_end_matches(['\n', '\r']).to_string();
    bytes.clear();
    Ok(Some(line))
}
