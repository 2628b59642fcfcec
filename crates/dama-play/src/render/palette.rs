//! The 256-colour palette every picture of a theme uses, and the map from any colour to it.
//! Indexed pixels make the PNG small and quick to encode, and let a replay share one palette.

use std::collections::HashMap;

use super::theme::Rgb;

pub struct Palette {
    /// The colours, at most 256.
    pub colors: Vec<Rgb>,
    /// Nearest palette index for each colour with 5 bits a channel.
    lookup: Vec<u8>,
    /// Colours that must be reproduced exactly (the theme's own), by colour.
    exact: HashMap<Rgb, u8>,
}

fn bucket(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

impl Palette {
    /// A palette holding `base` exactly, filled up with the most frequent other colours of
    /// `samples` (grouped at 5 bits a channel).
    pub fn build(base: &[Rgb], samples: &[Rgb]) -> Palette {
        let mut colors: Vec<Rgb> = Vec::new();
        for &c in base {
            if !colors.contains(&c) {
                colors.push(c);
            }
        }
        let mut groups: HashMap<usize, (u64, [u64; 3])> = HashMap::new();
        for &c in samples {
            let g = groups.entry(bucket(c)).or_default();
            g.0 += 1;
            for (sum, channel) in g.1.iter_mut().zip(c) {
                *sum += u64::from(channel);
            }
        }
        for c in &colors {
            groups.remove(&bucket(*c));
        }
        let mut ranked: Vec<(u64, Rgb)> = groups
            .values()
            .map(|&(n, sum)| (n, sum.map(|s| (s / n) as u8)))
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, c) in ranked {
            if colors.len() == 256 {
                break;
            }
            colors.push(c);
        }
        let lookup = (0..32 * 32 * 32)
            .map(|i| {
                let c = [
                    ((i >> 10) << 3 | 4) as u8,
                    (((i >> 5) & 31) << 3 | 4) as u8,
                    ((i & 31) << 3 | 4) as u8,
                ];
                nearest(&colors, c)
            })
            .collect();
        let exact = colors
            .iter()
            .enumerate()
            .take(base.len())
            .map(|(i, &c)| (c, i as u8))
            .collect();
        Palette {
            colors,
            lookup,
            exact,
        }
    }

    /// The palette index for a colour: exact for the theme's colours, nearest otherwise.
    pub fn index(&self, c: Rgb) -> u8 {
        match self.exact.get(&c) {
            Some(&i) => i,
            None => self.lookup[bucket(c)],
        }
    }

    /// `r, g, b, r, g, b, …` as PNG and GIF want it.
    pub fn bytes(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }
}

fn nearest(colors: &[Rgb], c: Rgb) -> u8 {
    let distance = |p: &Rgb| -> i32 {
        (0..3)
            .map(|i| (i32::from(p[i]) - i32::from(c[i])).pow(2))
            .sum()
    };
    colors
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| distance(p))
        .map_or(0, |(i, _)| i as u8)
}
