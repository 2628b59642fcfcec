//! The analysis picture: the evaluation across the game as a chart with the bad moves marked,
//! then the turning points as small boards with their captions. Data and finished words in,
//! PNG out, in the board's palette and font and at its width.

use ab_glyph::PxScale;
use image::RgbaImage;
use image::imageops::{FilterType, resize};
use imageproc::drawing::{
    draw_antialiased_line_segment_mut, draw_filled_circle_mut, draw_filled_rect_mut, draw_text_mut,
    text_size,
};
use imageproc::rect::Rect;

use super::theme::{Rgb, mix};
use super::{Renderer, Scene, rgba};
use crate::ai::analysis::Judgement;

/// Everything the analysis picture shows, texts written by the caller.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chart {
    /// The players and the result.
    pub title: String,
    /// White's winning chances in each position of the game, from −1 to +1, the start first.
    pub chances: Vec<f64>,
    /// Bad moves: the index in `chances` of the position after the move, and how bad.
    pub marks: Vec<(usize, Judgement)>,
    /// One line per player (name, accuracy, the counts).
    pub legend: Vec<String>,
    /// The turning points: the board after the move (its move highlighted), and one or two
    /// caption lines under it.
    pub boards: Vec<(Scene, Vec<String>)>,
}

const WIDTH_BOARD: u32 = 172;
const CHART_TOP: i32 = 52;
const CHART_HEIGHT: i32 = 210;

impl Renderer {
    /// The analysis picture as an indexed PNG.
    pub fn chart_png(&self, chart: &Chart) -> Vec<u8> {
        let t = &self.theme;
        let width = self.size as u32;
        // Without a title (the web page says it in text) the curve starts at the top.
        let chart_top = if chart.title.is_empty() {
            12
        } else {
            CHART_TOP
        };
        let boards_top = chart_top + CHART_HEIGHT + 20 + 22 * chart.legend.len() as i32;
        let height = if chart.boards.is_empty() {
            boards_top as u32 + 4
        } else {
            boards_top as u32 + WIDTH_BOARD + 52
        };
        let mut img = RgbaImage::from_pixel(width, height, rgba(t.frame));
        let m = t.margin as i32;
        let right = width as i32 - m;
        let title = self.fit(&chart.title, 24.0, right - m);
        self.text(&mut img, &title, m, 14, 24.0, t.coordinates);
        self.draw_chances(
            &mut img,
            chart,
            (m, chart_top, right, chart_top + CHART_HEIGHT),
        );
        let mut y = chart_top + CHART_HEIGHT + 12;
        for line in &chart.legend {
            // A long name or language shrinks its line rather than run off the picture.
            let px = [17.0, 16.0, 15.0, 14.0, 13.0]
                .into_iter()
                .find(|&px| text_size(PxScale::from(px), &self.font, line).0 as i32 <= right - m)
                .unwrap_or(12.0);
            let line = self.fit(line, px, right - m);
            self.text(&mut img, &line, m, y, px, t.coordinates);
            y += 22;
        }
        let n = chart.boards.len() as i32;
        if n > 0 {
            let gap = ((right - m) - n * WIDTH_BOARD as i32) / (n.max(2) - 1).max(1);
            let gap = gap.min(24);
            let used = n * WIDTH_BOARD as i32 + (n - 1) * gap;
            let mut x = (width as i32 - used) / 2;
            for (scene, caption) in &chart.boards {
                let small = self.small_board(scene);
                image::imageops::overlay(&mut img, &small, x.into(), boards_top.into());
                let mut cy = boards_top + WIDTH_BOARD as i32 + 6;
                for line in caption {
                    let line = &self.fit(line, 14.0, WIDTH_BOARD as i32 + gap);
                    let w = text_size(PxScale::from(14.0), &self.font, line).0 as i32;
                    let cx = x + (WIDTH_BOARD as i32 - w) / 2;
                    self.text(&mut img, line, cx.max(2), cy, 14.0, t.coordinates);
                    cy += 19;
                }
                x += WIDTH_BOARD as i32 + gap;
            }
        }
        self.encode_indexed(&img)
    }

    fn text(&self, img: &mut RgbaImage, s: &str, x: i32, y: i32, px: f32, c: Rgb) {
        draw_text_mut(img, rgba(c), x, y, PxScale::from(px), &self.font, s);
    }

    /// The curve of White's chances inside `(left, top, right, bottom)`: White's share light
    /// above the middle line, Black's dark below it, bad moves as coloured dots.
    fn draw_chances(
        &self,
        img: &mut RgbaImage,
        chart: &Chart,
        (l, top, r, b): (i32, i32, i32, i32),
    ) {
        let t = &self.theme;
        let panel = mix(t.dark, t.frame, 0.35);
        draw_filled_rect_mut(
            img,
            Rect::at(l, top).of_size((r - l) as u32, (b - top) as u32),
            rgba(panel),
        );
        let mid = (top + b) / 2;
        let pts = &chart.chances;
        let x_of = |i: usize| {
            if pts.len() <= 1 {
                l
            } else {
                l + (f64::from(r - l - 1) * i as f64 / (pts.len() - 1) as f64).round() as i32
            }
        };
        let y_of = |c: f64| mid - (c.clamp(-1.0, 1.0) * f64::from(mid - top - 6)).round() as i32;
        // The filled area, column by column, the curve between points drawn straight.
        if pts.len() >= 2 {
            for x in l..r {
                let f = f64::from(x - l) / f64::from(r - l - 1) * (pts.len() - 1) as f64;
                let i = (f.floor() as usize).min(pts.len() - 2);
                let c = pts[i] + (pts[i + 1] - pts[i]) * (f - i as f64);
                let y = y_of(c);
                let (from, to, color) = if y < mid {
                    (y, mid, t.white_fill)
                } else {
                    (mid, y, t.black_fill)
                };
                if to > from {
                    draw_filled_rect_mut(
                        img,
                        Rect::at(x, from).of_size(1, (to - from) as u32),
                        rgba(color),
                    );
                }
            }
        }
        draw_filled_rect_mut(
            img,
            Rect::at(l, mid).of_size((r - l) as u32, 1),
            rgba(t.dark),
        );
        for (i, pair) in pts.windows(2).enumerate() {
            let (a, c) = ((x_of(i), y_of(pair[0])), (x_of(i + 1), y_of(pair[1])));
            for d in [0, 1] {
                draw_antialiased_line_segment_mut(
                    img,
                    (a.0, a.1 + d),
                    (c.0, c.1 + d),
                    rgba(t.path),
                    super::blend,
                );
            }
        }
        for &(i, swing) in &chart.marks {
            let Some(&c) = pts.get(i) else { continue };
            let color = match swing {
                Judgement::Blunder => t.captured,
                Judgement::Mistake => t.white_crown,
                Judgement::Inaccuracy => t.black_crown,
            };
            let at = (x_of(i), y_of(c));
            draw_filled_circle_mut(img, at, 6, rgba(t.black_edge));
            draw_filled_circle_mut(img, at, 4, rgba(color));
        }
    }

    /// A board scaled down to fit a turning point.
    fn small_board(&self, scene: &Scene) -> RgbaImage {
        let indices = self.indices(scene);
        let size = self.size as u32;
        let full = RgbaImage::from_fn(size, size, |x, y| {
            rgba(self.color(indices[(y * size + x) as usize]))
        });
        resize(&full, WIDTH_BOARD, WIDTH_BOARD, FilterType::Triangle)
    }
}
