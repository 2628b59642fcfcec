//! The board picture: a position plus what to highlight, as PNG bytes; a game as an animated
//! GIF. Plain and synchronous, no I/O.
//!
//! Fast because nothing is drawn twice: each kind of square is drawn once (anti-aliased) and
//! kept as palette indices, the frame with its coordinates is kept per orientation, a picture
//! is those pieces copied together, and the PNG is 8-bit indexed. A picture asked for twice is
//! encoded once.

mod card;
mod chart;
mod palette;
mod replay;
mod standings;
mod svg;
mod theme;
mod tile;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use ab_glyph::{FontRef, PxScale};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_text_mut, text_size};

use dama_rules::{Bitboard, Move, Position, Square};
use palette::Palette;
use tile::{Highlight, TileKey};

pub use card::{Card, Mark};
pub use chart::Chart;
pub use standings::{STANDINGS_LINES, Standings, StandingsLine};
pub use svg::{board_svg, escape, is_bidi_control};
pub use theme::{Rgb, Theme};

/// The last move as the picture shows it: where it started, every landing square, what it took.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The square the piece left.
    pub from: Square,
    /// The squares the piece stopped on, the final square last.
    pub landings: Vec<Square>,
    /// The pieces it took.
    pub captured: Bitboard,
}

impl LastMove {
    /// `mv` as played in `before` (its written chain of landing squares).
    pub fn new(before: &Position, mv: &Move) -> LastMove {
        let landings = if mv.is_capture() {
            before.canonical_landings(mv)
        } else {
            vec![mv.to()]
        };
        LastMove {
            from: mv.from(),
            landings,
            captured: mv.captured(),
        }
    }
}

/// What to draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scene {
    /// The position drawn.
    pub position: Position,
    /// The move that led to it, marked on the board.
    pub last_move: Option<LastMove>,
    /// Black's side at the bottom (a1 at the top right).
    pub black_bottom: bool,
    /// Ring the pieces that must capture, when a capture is compulsory.
    pub show_must_capture: bool,
    /// Squares to mark with a dot (where a chosen piece can go).
    pub dots: Bitboard,
    /// A short line above the board.
    pub caption: Option<String>,
}

impl Scene {
    /// `position` with no move marked, White at the bottom, and the pieces that must capture
    /// ringed.
    pub fn new(position: Position) -> Scene {
        Scene {
            position,
            last_move: None,
            black_bottom: false,
            show_must_capture: true,
            dots: Bitboard::EMPTY,
            caption: None,
        }
    }
}

/// How many encoded pictures are kept.
const CACHE_SIZE: usize = 128;

/// Draws boards. Build one and share it: it keeps what it has drawn.
pub struct Renderer {
    theme: Theme,
    palette: Palette,
    font: FontRef<'static>,
    size: usize,
    /// The frame and coordinates, per orientation (white bottom, black bottom).
    frames: [Vec<u8>; 2],
    tiles: Mutex<HashMap<TileKey, Arc<[u8]>>>,
    captions: Mutex<HashMap<String, Arc<[u8]>>>,
    pictures: Mutex<VecDeque<(Scene, Arc<[u8]>)>>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new(Theme::default())
    }
}

impl Renderer {
    /// A renderer drawing in `theme`; the frames and the palette are made once here.
    #[expect(
        clippy::expect_used,
        reason = "the theme's font is a valid TrueType font"
    )]
    pub fn new(theme: Theme) -> Renderer {
        let font =
            FontRef::try_from_slice(theme.font).expect("the theme's font is a valid TrueType font");
        let size = theme.size() as usize;
        let frames_rgb = [false, true].map(|flip| draw_frame(&theme, &font, flip));
        let palette = build_palette(&theme, &frames_rgb);
        let frames = frames_rgb.map(|f| f.iter().map(|&c| palette.index(c)).collect());
        Renderer {
            theme,
            palette,
            font,
            size,
            frames,
            tiles: Mutex::new(HashMap::new()),
            captions: Mutex::new(HashMap::new()),
            pictures: Mutex::new(VecDeque::new()),
        }
    }

    /// The theme it draws in.
    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// `scene` as SVG in this renderer's theme (see [`board_svg`]).
    pub fn svg(&self, scene: &Scene, title: &str) -> String {
        board_svg(&self.theme, scene, title)
    }

    /// Width and height of a picture, in pixels.
    pub fn size(&self) -> u32 {
        self.size as u32
    }

    /// The picture as PNG bytes; the same scene twice is encoded once.
    pub fn png(&self, scene: &Scene) -> Arc<[u8]> {
        {
            let pictures = self.pictures.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some((_, png)) = pictures.iter().find(|(s, _)| s == scene) {
                return Arc::clone(png);
            }
        }
        let png: Arc<[u8]> = self.encode_png(&self.indices(scene)).into();
        let mut pictures = self.pictures.lock().unwrap_or_else(PoisonError::into_inner);
        if pictures.len() >= CACHE_SIZE {
            pictures.pop_front();
        }
        pictures.push_back((scene.clone(), Arc::clone(&png)));
        png
    }

    /// The picture as palette indices, row by row.
    pub fn indices(&self, scene: &Scene) -> Vec<u8> {
        let flip = scene.black_bottom;
        let mut out = self.frames[usize::from(flip)].clone();
        if let Some(caption) = &scene.caption {
            let strip = self.caption_strip(caption);
            out[..strip.len()].copy_from_slice(&strip);
        }
        let keys = tile_keys(scene);
        let tiles: Vec<Arc<[u8]>> = {
            let mut cache = self.tiles.lock().unwrap_or_else(PoisonError::into_inner);
            keys.iter()
                .map(|key| {
                    Arc::clone(cache.entry(*key).or_insert_with(|| {
                        tile::draw(&self.theme, key)
                            .into_iter()
                            .map(|c| self.palette.index(c))
                            .collect()
                    }))
                })
                .collect()
        };
        let (side, margin) = (self.theme.square as usize, self.theme.margin as usize);
        for (i, tile) in tiles.iter().enumerate() {
            let (col, row) = (i % 8, i / 8);
            let x = margin + col * side;
            for y in 0..side {
                let start = (margin + row * side + y) * self.size + x;
                out[start..start + side].copy_from_slice(&tile[y * side..(y + 1) * side]);
            }
        }
        out
    }

    /// Encodes palette indices as an 8-bit indexed PNG.
    pub fn encode_png(&self, indices: &[u8]) -> Vec<u8> {
        png_indexed(self.size as u32, indices, &self.palette.bytes())
    }

    /// The colour of a palette index.
    pub fn color(&self, index: u8) -> Rgb {
        self.palette.colors[index as usize]
    }

    /// `text` as it can be drawn at `px` within `max` pixels: characters the font has no glyph
    /// for (emoji, scripts the font lacks) and control characters are left out, as they would
    /// draw as empty boxes, and a text still too wide is cut with an ellipsis. Names are the
    /// players' own, of any length.
    /// `text` broken between words into lines at most `max` pixels wide at `px` (a word too
    /// long for a line alone is cut with an ellipsis).
    pub(crate) fn wrap(&self, text: &str, px: f32, max: i32) -> Vec<String> {
        let scale = PxScale::from(px);
        let width = |s: &str| imageproc::drawing::text_size(scale, &self.font, s).0 as i32;
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let longer = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if line.is_empty() || width(&longer) <= max {
                line = longer;
            } else {
                lines.push(self.fit(&line, px, max));
                line = word.to_string();
            }
        }
        if !line.is_empty() {
            lines.push(self.fit(&line, px, max));
        }
        lines
    }

    pub(crate) fn fit(&self, text: &str, px: f32, max: i32) -> String {
        use ab_glyph::Font;
        let mut kept: String = text
            .chars()
            .filter(|&c| !c.is_control() && (c == ' ' || self.font.glyph_id(c).0 != 0))
            .collect();
        let scale = PxScale::from(px);
        if imageproc::drawing::text_size(scale, &self.font, &kept).0 as i32 <= max {
            return kept;
        }
        // Cut by halves to the longest prefix that fits with its ellipsis.
        let chars: Vec<char> = kept.chars().collect();
        let (mut lo, mut hi) = (0, chars.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let candidate: String = chars[..mid].iter().chain(['…'].iter()).collect();
            if imageproc::drawing::text_size(scale, &self.font, &candidate).0 as i32 <= max {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        kept = chars[..lo]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string();
        kept.push('…');
        kept
    }

    fn caption_strip(&self, text: &str) -> Arc<[u8]> {
        let mut captions = self.captions.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(strip) = captions.get(text) {
            return Arc::clone(strip);
        }
        let (w, h) = (self.size as u32, self.theme.margin);
        let mut img = RgbaImage::from_pixel(w, h, rgba(self.theme.frame));
        let scale = PxScale::from(h as f32 * 0.6);
        let text = &self.fit(
            text,
            h as f32 * 0.6,
            w as i32 - 2 * self.theme.margin as i32,
        );
        let (_, th) = text_size(scale, &self.font, text);
        let y = (h as i32 - th as i32) / 2 - 1;
        draw_text_mut(
            &mut img,
            rgba(self.theme.coordinates),
            self.theme.margin as i32,
            y,
            scale,
            &self.font,
            text,
        );
        let strip: Arc<[u8]> = img
            .pixels()
            .map(|p| self.palette.index([p[0], p[1], p[2]]))
            .collect();
        if captions.len() > 256 {
            captions.clear();
        }
        captions.insert(text.clone(), Arc::clone(&strip));
        strip
    }
}

/// A PNG of 8-bit palette indices. Written by hand because it is short and the choice that
/// matters is the compression: rows unfiltered and deflate at level 1 give about 20 KB in a
/// few hundred microseconds, where the `png` crate's settings gave either 50 KB or 900 µs.
fn png_indexed(size: u32, indices: &[u8], palette: &[u8]) -> Vec<u8> {
    png_indexed_size(size, size, indices, palette)
}

/// [`png_indexed`] of any width and height.
fn png_indexed_size(width: u32, height: u32, indices: &[u8], palette: &[u8]) -> Vec<u8> {
    let w = width as usize;
    let mut raw = Vec::with_capacity((w + 1) * height as usize);
    for row in indices.chunks_exact(w) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&raw, 1);
    let mut out = Vec::with_capacity(compressed.len() + palette.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 3, 0, 0, 0]); // 8 bits, indexed colour, no interlace
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", palette);
    chunk(&mut out, b"IDAT", &compressed);
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Anti-aliased lines: `a` laid over `b` with weight `w`.
fn blend(a: Rgba<u8>, b: Rgba<u8>, w: f32) -> Rgba<u8> {
    let m = |x: u8, y: u8| (f32::from(x) * w + f32::from(y) * (1.0 - w)).round() as u8;
    Rgba([m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), 255])
}

fn rgba(c: Rgb) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// The square shown at screen column `col` and row `row` (row 0 at the top).
#[expect(clippy::expect_used, reason = "on the board")]
fn square_at(col: usize, row: usize, flip: bool) -> Square {
    let (file, rank) = if flip { (7 - col, row) } else { (col, 7 - row) };
    Square::from_coords(file as u8, rank as u8).expect("on the board")
}

fn screen(sq: Square, flip: bool) -> (i32, i32) {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    if flip { (7 - f, r) } else { (f, 7 - r) }
}

/// The 64 squares' looks, in screen order (top row first).
fn tile_keys(scene: &Scene) -> [TileKey; 64] {
    let flip = scene.black_bottom;
    let pos = &scene.position;
    let must = if scene.show_must_capture && pos.has_capture() {
        pos.legal_moves()
            .iter()
            .map(dama_rules::Move::from)
            .collect()
    } else {
        Bitboard::EMPTY
    };
    let mut keys = [TileKey::default(); 64];
    for (i, key) in keys.iter_mut().enumerate() {
        let sq = square_at(i % 8, i / 8, flip);
        let piece = pos.piece_at(sq);
        *key = TileKey {
            dark: (sq.file() + sq.rank()).is_multiple_of(2),
            piece,
            must_capture: piece.is_some() && must.contains(sq),
            dot: scene.dots.contains(sq),
            ..TileKey::default()
        };
    }
    if let Some(last) = &scene.last_move {
        let index = |sq: Square| {
            let (c, r) = screen(sq, flip);
            (r * 8 + c) as usize
        };
        keys[index(last.from)].highlight = Highlight::From;
        if let Some(&to) = last.landings.last() {
            keys[index(to)].highlight = Highlight::To;
        }
        for sq in last.captured {
            keys[index(sq)].captured = true;
        }
        let mut at = last.from;
        for (n, &land) in last.landings.iter().enumerate() {
            let (mut c, mut r) = screen(at, flip);
            let (tc, tr) = screen(land, flip);
            let (dc, dr) = ((tc - c).signum(), (tr - r).signum());
            let toward = match (dc, dr) {
                (1, _) => tile::RIGHT,
                (-1, _) => tile::LEFT,
                (_, 1) => tile::DOWN,
                _ => tile::UP,
            };
            let back = match toward {
                tile::RIGHT => tile::LEFT,
                tile::LEFT => tile::RIGHT,
                tile::DOWN => tile::UP,
                _ => tile::DOWN,
            };
            while (c, r) != (tc, tr) {
                keys[(r * 8 + c) as usize].path |= toward;
                c += dc;
                r += dr;
                keys[(r * 8 + c) as usize].path |= back;
            }
            if !last.captured.is_empty() && n + 1 < last.landings.len() {
                keys[(tr * 8 + tc) as usize].path |= tile::LANDING;
            }
            at = land;
        }
    }
    keys
}

/// The frame around the board with the files and ranks written in it.
fn draw_frame(theme: &Theme, font: &FontRef<'_>, flip: bool) -> Vec<Rgb> {
    let size = theme.size();
    let (side, margin) = (theme.square as i32, theme.margin as i32);
    let mut img = RgbaImage::from_pixel(size, size, rgba(theme.frame));
    let scale = PxScale::from(margin as f32 * 0.62);
    for i in 0..8 {
        let file = if flip { 7 - i } else { i };
        let rank = if flip { i } else { 7 - i };
        let letter = ((b'a' + file as u8) as char).to_string();
        let digit = (rank + 1).to_string();
        let (w, h) = text_size(scale, font, &letter);
        let x = margin + i * side + (side - w as i32) / 2;
        let y = margin + 8 * side + (margin - h as i32) / 2 - 1;
        draw_text_mut(
            &mut img,
            rgba(theme.coordinates),
            x,
            y,
            scale,
            font,
            &letter,
        );
        let (w, h) = text_size(scale, font, &digit);
        let x = (margin - w as i32) / 2;
        let y = margin + i * side + (side - h as i32) / 2 - 1;
        draw_text_mut(&mut img, rgba(theme.coordinates), x, y, scale, font, &digit);
    }
    img.pixels().map(|p| [p[0], p[1], p[2]]).collect()
}

/// The theme's own colours exactly, then the colours its smooth edges use most.
fn build_palette(theme: &Theme, frames: &[Vec<Rgb>; 2]) -> Palette {
    use dama_rules::{Color, Piece, Role};
    let mut base = vec![theme.frame, theme.coordinates];
    let highlights = [Highlight::None, Highlight::From, Highlight::To];
    for dark in [false, true] {
        for h in highlights {
            base.push(tile::square_color(theme, dark, h));
        }
    }
    base.extend([
        theme.white_fill,
        theme.white_edge,
        theme.black_fill,
        theme.black_edge,
        theme.white_crown,
        theme.black_crown,
        theme.must_capture,
        theme.path,
        theme.captured,
    ]);
    let mut samples: Vec<Rgb> = frames.iter().flatten().copied().collect();
    let pieces = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| [Role::Man, Role::King].map(|role| Some(Piece { color, role })));
    let pieces: Vec<Option<Piece>> = std::iter::once(None).chain(pieces).collect();
    for dark in [false, true] {
        for highlight in highlights {
            for &piece in &pieces {
                for variant in 0..4u8 {
                    let key = TileKey {
                        dark,
                        highlight,
                        piece,
                        must_capture: variant & 1 != 0,
                        path: if variant & 2 != 0 {
                            tile::UP | tile::DOWN | tile::LANDING
                        } else {
                            0
                        },
                        captured: variant == 2,
                        dot: variant == 1 && piece.is_none(),
                    };
                    samples.extend(tile::draw(theme, &key));
                }
            }
        }
    }
    Palette::build(&base, &samples)
}
