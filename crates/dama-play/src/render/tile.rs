//! One square of the board, drawn once at four times its size and scaled down, so every edge
//! is smooth; then kept as palette indices.

use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;

use super::theme::{Rgb, Theme, mix};
use dama_rules::{Color, Piece, Role};

/// How much larger a tile is drawn than shown.
const SUPERSAMPLE: u32 = 4;

/// Path bits: the last move's path leaves the square's centre towards these screen edges.
pub const UP: u8 = 1;
pub const DOWN: u8 = 2;
pub const LEFT: u8 = 4;
pub const RIGHT: u8 = 8;
/// A landing mark at the centre.
pub const LANDING: u8 = 16;

/// Everything that decides how one square looks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TileKey {
    pub dark: bool,
    pub highlight: Highlight,
    pub piece: Option<Piece>,
    pub must_capture: bool,
    pub path: u8,
    pub captured: bool,
    pub dot: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Highlight {
    #[default]
    None,
    From,
    To,
}

fn rgba(c: Rgb) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// The square's colour under any piece or mark.
pub fn square_color(theme: &Theme, dark: bool, highlight: Highlight) -> Rgb {
    let base = if dark { theme.dark } else { theme.light };
    match highlight {
        Highlight::None => base,
        Highlight::From => mix(base, theme.last_from, 0.45),
        Highlight::To => mix(base, theme.last_to, 0.6),
    }
}

/// A king's crown on a 64-unit square: its outline, and the jewels on its three points.
pub const CROWN: [(f32, f32); 7] = [
    (20.0, 40.0),
    (18.5, 24.0),
    (26.0, 31.0),
    (32.0, 20.0),
    (38.0, 31.0),
    (45.5, 24.0),
    (44.0, 40.0),
];
pub const CROWN_JEWELS: [(f32, f32); 3] = [(18.5, 24.0), (32.0, 20.0), (45.5, 24.0)];

/// Draws a tile and returns its pixels, row by row.
pub fn draw(theme: &Theme, key: &TileKey) -> Vec<Rgb> {
    let s = theme.square * SUPERSAMPLE;
    let unit = s as f32 / 64.0; // drawing coordinates are for a 64-pixel square
    let at = |v: f32| (v * unit).round() as i32;
    let c = at(32.0);
    let background = square_color(theme, key.dark, key.highlight);
    let mut img = RgbaImage::from_pixel(s, s, rgba(background));

    // The path of the last move, under everything else.
    let half = at(5.0);
    let path = rgba(theme.path);
    let bar = |img: &mut RgbaImage, x0: i32, y0: i32, x1: i32, y1: i32| {
        let (x0, x1) = (x0.min(x1), x0.max(x1));
        let (y0, y1) = (y0.min(y1), y0.max(y1));
        draw_filled_rect_mut(
            img,
            Rect::at(x0, y0).of_size((x1 - x0).max(1) as u32, (y1 - y0).max(1) as u32),
            path,
        );
    };
    if key.path & UP != 0 {
        bar(&mut img, c - half, 0, c + half, c + half);
    }
    if key.path & DOWN != 0 {
        bar(&mut img, c - half, c - half, c + half, s as i32);
    }
    if key.path & LEFT != 0 {
        bar(&mut img, 0, c - half, c + half, c + half);
    }
    if key.path & RIGHT != 0 {
        bar(&mut img, c - half, c - half, s as i32, c + half);
    }
    if key.path & LANDING != 0 {
        draw_filled_circle_mut(&mut img, (c, c), at(11.0), path);
    }

    if key.captured {
        // A cross where the captured piece stood.
        let red = rgba(theme.captured);
        let (a, b, w) = (16.0, 48.0, 4.5);
        for (x0, y0, x1, y1) in [(a, a, b, b), (a, b, b, a)] {
            let (dx, dy) = (x1 - x0, y1 - y0);
            let len = f32::hypot(dx, dy);
            let (nx, ny) = (-dy / len * w, dx / len * w);
            let poly = [
                Point::new(at(x0 + nx), at(y0 + ny)),
                Point::new(at(x1 + nx), at(y1 + ny)),
                Point::new(at(x1 - nx), at(y1 - ny)),
                Point::new(at(x0 - nx), at(y0 - ny)),
            ];
            draw_polygon_mut(&mut img, &poly, red);
        }
    }

    if let Some(piece) = key.piece {
        if key.must_capture {
            draw_filled_circle_mut(&mut img, (c, c), at(30.5), rgba(theme.must_capture));
            draw_filled_circle_mut(&mut img, (c, c), at(27.0), rgba(background));
        }
        let (fill, edge, crown) = match piece.color {
            Color::White => (theme.white_fill, theme.white_edge, theme.white_crown),
            Color::Black => (theme.black_fill, theme.black_edge, theme.black_crown),
        };
        // A shadow, the rim, the face, and an inner groove like a wooden piece.
        draw_filled_circle_mut(
            &mut img,
            (c + at(1.5), c + at(2.0)),
            at(25.0),
            rgba(mix(background, [0, 0, 0], 0.35)),
        );
        draw_filled_circle_mut(&mut img, (c, c), at(25.0), rgba(edge));
        draw_filled_circle_mut(&mut img, (c, c), at(23.0), rgba(fill));
        draw_filled_circle_mut(&mut img, (c, c), at(17.5), rgba(mix(fill, edge, 0.35)));
        draw_filled_circle_mut(&mut img, (c, c), at(16.0), rgba(fill));
        if piece.role == Role::King {
            let poly: Vec<Point<i32>> = CROWN
                .iter()
                .map(|&(x, y)| Point::new(at(x), at(y)))
                .collect();
            draw_polygon_mut(&mut img, &poly, rgba(crown));
            draw_filled_rect_mut(
                &mut img,
                Rect::at(at(20.0), at(41.5)).of_size(at(24.0) as u32, at(3.5) as u32),
                rgba(crown),
            );
            for (x, y) in CROWN_JEWELS {
                draw_filled_circle_mut(&mut img, (at(x), at(y)), at(2.6), rgba(crown));
            }
        }
    }

    if key.dot {
        draw_filled_circle_mut(
            &mut img,
            (c, c),
            at(8.0),
            rgba(mix(background, theme.dot, 0.55)),
        );
    }
    downsample(&img, SUPERSAMPLE)
}

/// Averages each `f`×`f` block: the anti-aliasing.
fn downsample(img: &RgbaImage, f: u32) -> Vec<Rgb> {
    let (w, h) = (img.width() / f, img.height() / f);
    let mut out = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0u32; 3];
            for dy in 0..f {
                for dx in 0..f {
                    let p = img.get_pixel(x * f + dx, y * f + dy);
                    for i in 0..3 {
                        sum[i] += u32::from(p[i]);
                    }
                }
            }
            let n = f * f;
            out.push(sum.map(|s| ((s + n / 2) / n) as u8));
        }
    }
    out
}
