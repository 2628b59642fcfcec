//! Colours: C.04.3 E.1–E.5.

use dama_rules::Color;

use super::Pairer;
use super::field::{self, Field};

impl<const L: usize> Pairer<'_, L> {
    /// The colour of `v` against `m`: C.04.3 E.1–E.5.
    pub(super) fn color(&self, v: usize, m: usize) -> Color {
        let (p, o) = (self.player(v), self.player(m));
        if let Some(c) = neutral_color(self.field, p, o) {
            return c;
        }
        let p_lower = (p.score, std::cmp::Reverse(p.rank)) < (o.score, std::cmp::Reverse(o.rank));
        let first = self.field.first_color;
        match p.preference {
            None => {
                if p_lower {
                    if o.rank % 2 == 1 {
                        first
                    } else {
                        first.opponent()
                    }
                } else if p.rank % 2 == 1 {
                    first.opponent()
                } else {
                    first
                }
            }
            Some(pref) => {
                if p_lower {
                    o.preference.map_or(pref, Color::opponent)
                } else {
                    pref
                }
            }
        }
    }
}

/// The colour by preferences alone (E.1–E.4), `None` where they do not decide.
fn neutral_color(field: &Field, p: &field::Player, o: &field::Player) -> Option<Color> {
    let compatible =
        p.preference != o.preference || p.preference.is_none() || o.preference.is_none();
    if compatible {
        return p.preference.or(o.preference.map(Color::opponent));
    }
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return p.preference;
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return o.preference.map(Color::opponent);
    }
    if p.strong && !o.strong {
        return p.preference;
    }
    if o.strong && !p.strong {
        return o.preference.map(Color::opponent);
    }
    // E.4: the latest round in which they had different colours; each the other's then.
    let _ = field;
    let (mut a, mut b) = (played_colors(p), played_colors(o));
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return Some(y),
            _ => return None,
        }
    }
}

fn played_colors(p: &field::Player) -> impl Iterator<Item = Color> + '_ {
    p.rounds
        .iter()
        .rev()
        .filter(|r| r.played)
        .filter_map(|r| r.color)
}
