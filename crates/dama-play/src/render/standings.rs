//! A tournament's standings as a picture: a line per player (rank, name, score, tie-breaks or
//! streak, each game as a coloured box), the podium marked when it is over. Texts written by
//! the caller; the board's palette, font and width.

use ab_glyph::PxScale;
use image::RgbaImage;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;

use super::card::Mark;
use super::theme::Rgb;
use super::{Renderer, rgba};

/// One line of the standings picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StandingsLine {
    /// The place, from 1.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// The score as said ("2½").
    pub score: String,
    /// Small text after the score: the tie-breaks, or the streak.
    pub detail: String,
    /// Each game, oldest first.
    pub games: Vec<Mark>,
    /// Withdrawn: drawn faded.
    pub faded: bool,
}

/// The standings picture's contents.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standings {
    /// The tournament's name and state.
    pub title: String,
    /// The players, best first.
    pub lines: Vec<StandingsLine>,
    /// Over: the first three ranks get the podium's colours.
    pub podium: bool,
    /// Said under the lines when there are more players than lines ("and 12 more").
    pub more: Option<String>,
}

/// Lines shown at most.
pub const STANDINGS_LINES: usize = 20;
const ROW: i32 = 34;
const TOP: i32 = 64;
/// A game's box and the space after it, where there is room.
const BOX: i32 = 16;
/// The space between columns.
const GAP: i32 = 10;
/// The least a name keeps before the games' boxes narrow.
const NAME_ROOM: i32 = 110;

impl Renderer {
    /// The standings as an indexed PNG, as wide as the board.
    pub fn standings_png(&self, s: &Standings) -> Vec<u8> {
        let t = &self.theme;
        let width = self.size as u32;
        let rows = s.lines.len().min(STANDINGS_LINES) as i32;
        let height = (TOP + rows * ROW + if s.more.is_some() { 40 } else { 16 }) as u32;
        let mut img = RgbaImage::from_pixel(width, height, rgba(t.frame));
        let text = |img: &mut RgbaImage, s: &str, x: i32, y: i32, px: f32, c: Rgb| {
            draw_text_mut(img, rgba(c), x, y, PxScale::from(px), &self.font, s);
        };
        let width_of = |s: &str, px: f32| text_size(PxScale::from(px), &self.font, s).0 as i32;
        let m = t.margin as i32;
        let right = width as i32 - m;
        let title = self.fit(&s.title, 26.0, right - m);
        text(&mut img, &title, m, 18, 26.0, t.coordinates);
        // Gold, the light squares' tan, the dark squares' brown: colours the palette holds.
        let podium = [t.black_crown, t.light, t.dark];
        // One set of columns for every line, wide enough for the widest score and detail, so
        // rows line up however many games each has had; the games' boxes narrow (to 6 pixels
        // a game) rather than cut a tie-break short, and the names take what is left.
        let shown = &s.lines[..s.lines.len().min(STANDINGS_LINES)];
        let widest = |f: &dyn Fn(&StandingsLine) -> i32| shown.iter().map(f).max().unwrap_or(0);
        let games = widest(&|l| l.games.len() as i32);
        let score_w = widest(&|l| width_of(&l.score, 19.0));
        let detail_w = widest(&|l| width_of(&l.detail, 13.0));
        let name_x = m + 36;
        let room = right - name_x - NAME_ROOM - score_w - detail_w - 3 * GAP;
        let pitch = if games == 0 {
            BOX
        } else {
            (room / games).clamp(6, BOX)
        };
        let box_left = right - games * pitch;
        let detail_x = (box_left - GAP - detail_w).max(name_x + NAME_ROOM + score_w + 2 * GAP);
        let score_x = detail_x - GAP - score_w;
        for (i, line) in shown.iter().enumerate() {
            let y = TOP + i as i32 * ROW;
            if i % 2 == 0 {
                let band = Rect::at(m - 8, y - 3).of_size((right - m + 16) as u32, ROW as u32);
                draw_filled_rect_mut(
                    &mut img,
                    band,
                    rgba(super::theme::mix(t.frame, t.dark, 0.12)),
                );
            }
            let ink = if line.faded { t.dark } else { t.coordinates };
            let rank = line.rank.to_string();
            match podium.get(line.rank.wrapping_sub(1)).filter(|_| s.podium) {
                Some(&medal) => {
                    draw_filled_circle_mut(&mut img, (m + 12, y + 13), 13, rgba(medal));
                    let w = width_of(&rank, 17.0);
                    text(&mut img, &rank, m + 12 - w / 2, y + 3, 17.0, t.frame);
                }
                None => text(&mut img, &rank, m, y + 3, 17.0, t.light),
            }
            // The games' boxes in the columns at the right, the score and its detail before.
            for (k, mark) in line.games.iter().enumerate() {
                let c = match mark {
                    Mark::Win => t.path,
                    Mark::Draw => t.dark,
                    Mark::Loss => t.captured,
                };
                let x = box_left + k as i32 * pitch;
                let w = (pitch - 3) as u32;
                draw_filled_rect_mut(&mut img, Rect::at(x, y + 5).of_size(w, 16), rgba(c));
            }
            text(&mut img, &line.score, score_x, y + 3, 19.0, t.black_crown);
            let detail = self.fit(&line.detail, 13.0, box_left - GAP - detail_x);
            text(&mut img, &detail, detail_x, y + 8, 13.0, t.light);
            let name = self.fit(&line.name, 18.0, score_x - GAP - name_x);
            text(&mut img, &name, name_x, y + 3, 18.0, ink);
        }
        if let Some(more) = &s.more {
            let y = TOP + rows * ROW + 6;
            text(
                &mut img,
                &self.fit(more, 15.0, right - m),
                m + 36,
                y,
                15.0,
                t.light,
            );
        }
        self.encode_indexed(&img)
    }
}
