//! A player's card: name, rating, ranks, the rating curve with its peak, the record as counts
//! and a bar, the last results, and a line or two more. Data in (words already written by the
//! caller, in the reader's language), PNG out; the board's palette, font and width.

use ab_glyph::PxScale;
use image::RgbaImage;
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_filled_rect_mut, draw_text_mut,
    text_size,
};
use imageproc::rect::Rect;

use super::theme::{Rgb, mix};
use super::{Renderer, rgba};

/// How a game ended for the card's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// Everything a card shows, texts written by the caller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Card {
    /// The player's name.
    pub name: String,
    /// The rating with its uncertainty, e.g. "1612 ± 290".
    pub rating: String,
    /// The ranks, e.g. "#2 on this server · #5 overall".
    pub rank: String,
    /// The rating after each rated game, oldest first.
    pub curve: Vec<f64>,
    /// Labels under the curve, each at a place from 0 (first game) to 1 (last).
    pub dates: Vec<(f32, String)>,
    /// The highest point of the curve (its index) and its label.
    pub peak: Option<(usize, String)>,
    /// Wins, draws and losses, and how they are said.
    pub record: [u32; 3],
    /// The record as said.
    pub record_text: String,
    /// The last results, oldest first, each with its letter ("W", "G"…), and their heading.
    pub recent: Vec<(Mark, String)>,
    /// The heading of the last results.
    pub recent_title: String,
    /// Lines at the bottom (the favourite opponent, the longest winning streak).
    pub lines: Vec<String>,
    /// For a player without a rated game: what to say instead of a curve.
    pub empty: Option<String>,
}

/// Height of a card with at most two lines under its last results; each more line adds
/// [`LINE`].
const HEIGHT: u32 = 440;
const LINE: u32 = 22;

impl Renderer {
    /// The card as an indexed PNG, as wide as the board.
    pub fn card_png(&self, card: &Card) -> Vec<u8> {
        let t = &self.theme;
        let size = self.size as u32;
        let height = HEIGHT + LINE * card.lines.len().saturating_sub(2) as u32;
        let mut img = RgbaImage::from_pixel(size, height, rgba(t.frame));
        let text = |img: &mut RgbaImage, s: &str, x: i32, y: i32, px: f32, c: Rgb| {
            draw_text_mut(img, rgba(c), x, y, PxScale::from(px), &self.font, s);
        };
        let width_of = |s: &str, px: f32| text_size(PxScale::from(px), &self.font, s).0 as i32;
        let m = t.margin as i32;
        let right = size as i32 - m;

        // Name and rating on the first line (the name cut to leave the rating room), the
        // ranks under them.
        let rw = width_of(&card.rating, 30.0);
        let name = self.fit(&card.name, 30.0, right - rw - 16 - m);
        text(&mut img, &name, m, 14, 30.0, t.coordinates);
        text(&mut img, &card.rating, right - rw, 14, 30.0, t.black_crown);
        let rank = self.fit(&card.rank, 18.0, right - m);
        text(&mut img, &rank, m, 52, 18.0, t.light);

        // The curve on a light panel.
        let (top, bottom) = (84, 270);
        draw_filled_rect_mut(
            &mut img,
            Rect::at(m, top).of_size((right - m) as u32, (bottom - top) as u32),
            rgba(t.light),
        );
        if let Some(empty) = &card.empty {
            // Broken into lines that fit the panel, centred both ways.
            let lines = self.wrap(empty, 18.0, right - m - 32);
            let first = (top + bottom) / 2 - 12 * lines.len() as i32;
            for (i, line) in lines.iter().enumerate() {
                let w = width_of(line, 18.0);
                text(
                    &mut img,
                    line,
                    (size as i32 - w) / 2,
                    first + 24 * i as i32,
                    18.0,
                    t.frame,
                );
            }
        } else {
            self.draw_curve(&mut img, card, (m + 12, top + 16, right - 12, bottom - 16));
        }
        for (at, label) in &card.dates {
            let w = width_of(label, 14.0);
            let x = m + 12 + (at.clamp(0.0, 1.0) * (right - m - 24) as f32) as i32 - w / 2;
            text(
                &mut img,
                label,
                x.clamp(m, right - w),
                bottom + 4,
                14.0,
                t.light,
            );
        }

        // The record: counts, then a bar.
        let y = 296;
        let record = self.fit(&card.record_text, 18.0, right - m);
        text(&mut img, &record, m, y, 18.0, t.coordinates);
        let total: u32 = card.record.iter().sum();
        let bar = (m, y + 26, (right - m) as u32, 14u32);
        // Draws in the light squares' tan: the dark grey of the board's dots does not show on
        // the frame.
        let colors = [t.path, t.dark, t.captured];
        if total == 0 {
            draw_filled_rect_mut(
                &mut img,
                Rect::at(bar.0, bar.1).of_size(bar.2, bar.3),
                rgba(mix(t.frame, t.light, 0.3)),
            );
        } else {
            let mut x = bar.0;
            for (i, &n) in card.record.iter().enumerate() {
                let w = (u64::from(bar.2) * u64::from(n) / u64::from(total)) as i32;
                let w = if i == 2 { bar.0 + bar.2 as i32 - x } else { w };
                if w > 0 {
                    draw_filled_rect_mut(
                        &mut img,
                        Rect::at(x, bar.1).of_size(w as u32, bar.3),
                        rgba(colors[i]),
                    );
                }
                x += w;
            }
        }

        // The last results, a square each.
        let y = 352;
        text(&mut img, &card.recent_title, m, y + 3, 16.0, t.light);
        let mut x = m + width_of(&card.recent_title, 16.0) + 12;
        for (mark, letter) in &card.recent {
            let (c, ink) = match mark {
                Mark::Win => (t.path, t.white_fill),
                Mark::Draw => (t.dark, t.frame),
                Mark::Loss => (t.captured, t.white_fill),
            };
            draw_filled_rect_mut(&mut img, Rect::at(x, y).of_size(24, 24), rgba(c));
            let lw = width_of(letter, 15.0);
            text(&mut img, letter, x + (24 - lw) / 2, y + 4, 15.0, ink);
            x += 28;
        }
        for (i, line) in card.lines.iter().enumerate() {
            let line = self.fit(line, 16.0, right - m);
            text(
                &mut img,
                &line,
                m,
                388 + (LINE * i as u32) as i32,
                16.0,
                t.coordinates,
            );
        }
        self.encode_indexed(&img)
    }

    /// The rating curve inside `(left, top, right, bottom)`, its peak marked.
    fn draw_curve(&self, img: &mut RgbaImage, card: &Card, (l, top, r, b): (i32, i32, i32, i32)) {
        let t = &self.theme;
        let pts = &card.curve;
        if pts.is_empty() {
            return;
        }
        // Room above the curve for the peak's label, so it never lies on the curve.
        let (label_room, top) = (24, top);
        let curve_top = top + label_room;
        let lo = pts.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = pts.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let span = (hi - lo).max(50.0);
        let mid = (hi + lo) / 2.0;
        let at = |i: usize, v: f64| {
            let x = if pts.len() == 1 {
                (l + r) / 2
            } else {
                l + (f64::from(r - l) * i as f64 / (pts.len() - 1) as f64) as i32
            };
            let y =
                (curve_top + b) / 2 - ((v - mid) / span * f64::from(b - curve_top) * 0.9) as i32;
            (x, y)
        };
        // A faint line at the starting rating.
        let (_, y0) = at(0, 1500.0);
        if (top..=b).contains(&y0) {
            draw_filled_rect_mut(
                img,
                Rect::at(l, y0).of_size((r - l) as u32, 1),
                rgba(t.dark),
            );
        }
        for w in pts.windows(2).enumerate() {
            let (i, pair) = w;
            let (a, c) = (at(i, pair[0]), at(i + 1, pair[1]));
            for d in [-1, 0, 1] {
                draw_antialiased_line_segment_mut(
                    img,
                    (a.0, a.1 + d),
                    (c.0, c.1 + d),
                    rgba(t.path),
                    super::blend,
                );
            }
        }
        for (i, &v) in pts.iter().enumerate() {
            if pts.len() <= 40 {
                draw_filled_circle_mut(img, at(i, v), 3, rgba(t.path));
            }
        }
        if let Some((i, label)) = &card.peak
            && let Some(&v) = pts.get(*i)
        {
            let (x, y) = at(*i, v);
            draw_filled_circle_mut(img, (x, y), 7, rgba(t.black_edge));
            draw_filled_circle_mut(img, (x, y), 5, rgba(t.black_crown));
            let w = text_size(PxScale::from(15.0), &self.font, label).0 as i32;
            let lx = (x - w / 2).clamp(l, r - w);
            // The peak is the curve's highest point: above it there is only the label's room.
            let ly = (y - 24).max(top);
            draw_text_mut(
                img,
                rgba(t.frame),
                lx,
                ly,
                PxScale::from(15.0),
                &self.font,
                label,
            );
        }
    }

    /// Any picture of this theme as an indexed PNG (runs of one colour are looked up once).
    pub(super) fn encode_indexed(&self, img: &RgbaImage) -> Vec<u8> {
        let mut indices = Vec::with_capacity((img.width() * img.height()) as usize);
        let mut last: Option<([u8; 3], u8)> = None;
        for p in img.pixels() {
            let c = [p[0], p[1], p[2]];
            let i = match last {
                Some((lc, li)) if lc == c => li,
                _ => {
                    let i = self.palette.index(c);
                    last = Some((c, i));
                    i
                }
            };
            indices.push(i);
        }
        super::png_indexed_size(img.width(), img.height(), &indices, &self.palette.bytes())
    }
}
