//! A whole game as an animated GIF: the start, then one frame a ply with its move shown, and a
//! longer pause on the final position. Frames share the theme's palette and only the part that
//! changed is stored, so a long game stays small. A game longer than the frame budget shows
//! every k-th position (and always the last), so the file stays under Discord's upload limit.

use super::{LastMove, Renderer, Scene};
use dama_rules::Game;

/// Hundredths of a second each frame is shown.
const FRAME_DELAY: u16 = 90;
const FINAL_DELAY: u16 = 400;

impl Renderer {
    /// The game as an animated GIF, from White's side or Black's, in at most `max_frames`
    /// frames; `captions` holds the line above each position (the start, then one a ply),
    /// written by the caller in its language.
    #[expect(clippy::expect_used, reason = "writing to memory cannot fail")]
    pub fn replay_gif(
        &self,
        game: &Game,
        black_bottom: bool,
        captions: &[String],
        max_frames: usize,
    ) -> Vec<u8> {
        let caption = |i: usize| captions.get(i).cloned();
        let plies = game.ply_count();
        let step = plies.div_ceil(max_frames.max(2) - 1).max(1);
        let shown = |i: usize| i.is_multiple_of(step) || i == plies;
        let mut scenes = vec![Scene {
            black_bottom,
            caption: caption(0),
            ..Scene::new(*game.start())
        }];
        for (i, (before, mv)) in game.history().enumerate() {
            if !shown(i + 1) {
                continue;
            }
            scenes.push(Scene {
                last_move: Some(LastMove::new(before, &mv)),
                black_bottom,
                caption: caption(i + 1),
                ..Scene::new(before.play_unchecked(&mv))
            });
        }

        let size = self.size() as u16;
        let mut bytes = Vec::new();
        {
            let mut encoder = gif::Encoder::new(&mut bytes, size, size, &self.palette.bytes())
                .expect("writing to memory cannot fail");
            encoder
                .set_repeat(gif::Repeat::Infinite)
                .expect("writing to memory cannot fail");
            let mut previous: Option<Vec<u8>> = None;
            let count = scenes.len();
            for (i, scene) in scenes.iter().enumerate() {
                let pixels = self.indices(scene);
                let (left, top, width, height) = match &previous {
                    None => (0, 0, size, size),
                    Some(prev) => changed_box(prev, &pixels, size as usize),
                };
                let mut part = Vec::with_capacity(width as usize * height as usize);
                for y in top..top + height {
                    let start = y as usize * size as usize + left as usize;
                    part.extend_from_slice(&pixels[start..start + width as usize]);
                }
                let mut frame = gif::Frame::from_indexed_pixels(width, height, part, None);
                frame.left = left;
                frame.top = top;
                frame.delay = if i + 1 == count {
                    FINAL_DELAY
                } else {
                    FRAME_DELAY
                };
                encoder
                    .write_frame(&frame)
                    .expect("writing to memory cannot fail");
                previous = Some(pixels);
            }
        }
        bytes
    }
}

/// The smallest rectangle holding every pixel that differs (1×1 when none does).
fn changed_box(a: &[u8], b: &[u8], size: usize) -> (u16, u16, u16, u16) {
    let (mut x0, mut y0, mut x1, mut y1) = (size, size, 0, 0);
    for y in 0..size {
        let (ra, rb) = (&a[y * size..(y + 1) * size], &b[y * size..(y + 1) * size]);
        if ra == rb {
            continue;
        }
        y0 = y0.min(y);
        y1 = y1.max(y);
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = size
            - 1
            - ra.iter()
                .rev()
                .zip(rb.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
    }
    if x0 > x1 {
        return (0, 0, 1, 1);
    }
    (
        x0 as u16,
        y0 as u16,
        (x1 - x0 + 1) as u16,
        (y1 - y0 + 1) as u16,
    )
}
