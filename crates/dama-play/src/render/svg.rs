//! The board as SVG for the web pages: the PNG's theme and marks (last move, its path,
//! captured pieces, pieces that must capture) drawn as vectors, crisp at any size and a few
//! kilobytes. The title (what a screen reader says) arrives as finished text.

use std::fmt::Write;

use super::theme::{Rgb, Theme, mix};
use super::tile::{CROWN, CROWN_JEWELS, Highlight, square_color};
use super::{Scene, screen};
use dama_rules::{Bitboard, Color, Role, Square};

/// `text` safe inside XML or HTML text and attribute values. Players name themselves, so the
/// characters that would reorder or break what follows them are not passed on: the
/// bidirectional controls (a right-to-left override reverses the rest of a line) are dropped,
/// and a line or paragraph separator becomes a space.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_bidi_control(c) => {}
            '\u{2028}' | '\u{2029}' | '\u{85}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The characters that set the direction of the text after them: the marks, embeddings,
/// overrides and isolates of Unicode's bidirectional algorithm.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// `scene` as an SVG document (without the XML declaration, so it can also sit inside HTML).
/// The caption is not drawn: a page writes it as text.
pub fn board_svg(theme: &Theme, scene: &Scene, title: &str) -> String {
    let s = theme.square as i32;
    let m = theme.margin as i32;
    let size = theme.size();
    let flip = scene.black_bottom;
    let at = |sq: Square| {
        let (c, r) = screen(sq, flip);
        (m + c * s, m + r * s)
    };
    let centre = |sq: Square| {
        let (x, y) = at(sq);
        (x + s / 2, y + s / 2)
    };
    let u = s as f32 / 64.0; // drawing sizes are for a 64-unit square, as the PNG's tiles
    let mut out = String::with_capacity(6000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" role=\"img\" \
         aria-labelledby=\"board-title\" class=\"board\"><title id=\"board-title\">{}</title>",
        escape(title)
    );
    out.push_str("<defs>");
    for (id, color, king) in [
        ("wm", Color::White, false),
        ("wk", Color::White, true),
        ("bm", Color::Black, false),
        ("bk", Color::Black, true),
    ] {
        piece_symbol(&mut out, theme, id, color, king, u);
    }
    out.push_str("</defs>");
    let _ = write!(
        out,
        "<rect width=\"{size}\" height=\"{size}\" fill=\"{}\"/>",
        hex(theme.frame)
    );
    // Every square, light ones as one rectangle and dark ones as one path.
    let _ = write!(
        out,
        "<rect x=\"{m}\" y=\"{m}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
        8 * s,
        8 * s,
        hex(theme.light)
    );
    let mut dark = String::new();
    for sq in Square::ALL {
        if (sq.file() + sq.rank()).is_multiple_of(2) {
            let (x, y) = at(sq);
            let _ = write!(dark, "M{x} {y}h{s}v{s}h-{s}z");
        }
    }
    let _ = write!(out, "<path fill=\"{}\" d=\"{dark}\"/>", hex(theme.dark));

    if let Some(last) = &scene.last_move {
        let tint = |sq: Square, h: Highlight| {
            let (x, y) = at(sq);
            let dark = (sq.file() + sq.rank()).is_multiple_of(2);
            format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{}\"/>",
                hex(square_color(theme, dark, h))
            )
        };
        out.push_str(&tint(last.from, Highlight::From));
        if let Some(&to) = last.landings.last() {
            out.push_str(&tint(to, Highlight::To));
        }
        let mut points = vec![centre(last.from)];
        points.extend(last.landings.iter().map(|&sq| centre(sq)));
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = write!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            list.join(" "),
            hex(theme.path),
            10.0 * u
        );
        if !last.captured.is_empty() {
            for &sq in &last.landings[..last.landings.len().saturating_sub(1)] {
                let (x, y) = centre(sq);
                let _ = write!(
                    out,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\"/>",
                    11.0 * u,
                    hex(theme.path)
                );
            }
        }
        for sq in last.captured {
            let (x, y) = at(sq);
            let (a, b) = (16.0 * u, 48.0 * u);
            let _ = write!(
                out,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                x as f32 + a,
                y as f32 + a,
                x as f32 + b,
                y as f32 + b,
                x as f32 + a,
                y as f32 + b,
                x as f32 + b,
                y as f32 + a,
                hex(theme.captured),
                9.0 * u
            );
        }
    }

    let pos = &scene.position;
    let must: Bitboard = if scene.show_must_capture && pos.has_capture() {
        pos.legal_moves()
            .iter()
            .map(dama_rules::Move::from)
            .collect()
    } else {
        Bitboard::EMPTY
    };
    for sq in Square::ALL {
        let Some(piece) = pos.piece_at(sq) else {
            if scene.dots.contains(sq) {
                let (x, y) = centre(sq);
                let _ = write!(
                    out,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" fill-opacity=\".55\"/>",
                    8.0 * u,
                    hex(theme.dot)
                );
            }
            continue;
        };
        let (x, y) = centre(sq);
        if must.contains(sq) {
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
                28.75 * u,
                hex(theme.must_capture),
                3.5 * u
            );
        }
        let id = match (piece.color, piece.role) {
            (Color::White, Role::Man) => "wm",
            (Color::White, Role::King) => "wk",
            (Color::Black, Role::Man) => "bm",
            (Color::Black, Role::King) => "bk",
        };
        let _ = write!(out, "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\"/>");
    }

    // The files and ranks in the frame.
    let font = (m as f32 * 0.62).round();
    let _ = write!(
        out,
        "<g fill=\"{}\" font-family=\"DejaVu Sans,Verdana,sans-serif\" font-weight=\"bold\" \
         font-size=\"{font}\" text-anchor=\"middle\" dominant-baseline=\"central\" aria-hidden=\"true\">",
        hex(theme.coordinates)
    );
    for i in 0..8 {
        let file = if flip { 7 - i } else { i };
        let rank = if flip { i } else { 7 - i };
        let mid = m + i * s + s / 2;
        let _ = write!(
            out,
            "<text x=\"{mid}\" y=\"{}\">{}</text><text x=\"{}\" y=\"{mid}\">{}</text>",
            m + 8 * s + m / 2,
            (b'a' + file as u8) as char,
            m / 2,
            rank + 1
        );
    }
    out.push_str("</g></svg>");
    out
}

/// A piece drawn around (0, 0), as the PNG's tile draws it: a shadow, the rim, the face, an
/// inner groove and, on a king, the crown.
fn piece_symbol(out: &mut String, theme: &Theme, id: &str, color: Color, king: bool, u: f32) {
    let (fill, edge, crown) = match color {
        Color::White => (theme.white_fill, theme.white_edge, theme.white_crown),
        Color::Black => (theme.black_fill, theme.black_edge, theme.black_crown),
    };
    let _ = write!(
        out,
        "<g id=\"{id}\"><circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"#000\" fill-opacity=\".35\"/>\
         <circle r=\"{r}\" fill=\"{}\"/><circle r=\"{}\" fill=\"{}\"/>\
         <circle r=\"{}\" fill=\"{}\"/><circle r=\"{}\" fill=\"{}\"/>",
        1.5 * u,
        2.0 * u,
        hex(edge),
        23.0 * u,
        hex(fill),
        17.5 * u,
        hex(mix(fill, edge, 0.35)),
        16.0 * u,
        hex(fill),
        r = 25.0 * u,
    );
    if king {
        let p = |x: f32, y: f32| format!("{},{}", (x - 32.0) * u, (y - 32.0) * u);
        let points = CROWN.map(|(x, y)| p(x, y)).join(" ");
        let c = hex(crown);
        let _ = write!(
            out,
            "<polygon points=\"{points}\" fill=\"{c}\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" \
             height=\"{}\" fill=\"{c}\"/>",
            -12.0 * u,
            9.5 * u,
            24.0 * u,
            3.5 * u
        );
        for (x, y) in CROWN_JEWELS {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{c}\"/>",
                (x - 32.0) * u,
                (y - 32.0) * u,
                2.6 * u
            );
        }
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escaped_text_neither_reorders_nor_breaks_what_follows() {
        assert_eq!(escape("a\u{202E}evil"), "aevil");
        assert_eq!(escape("\u{2067}x\u{2069}\u{200F}"), "x");
        assert_eq!(escape("one\u{2028}two\u{2029}three"), "one two three");
        assert_eq!(escape("<Ayşe & 'Ali'>"), "&lt;Ayşe &amp; &#39;Ali&#39;&gt;");
        assert_eq!(escape("محمد"), "محمد", "right-to-left letters stay");
    }
}
