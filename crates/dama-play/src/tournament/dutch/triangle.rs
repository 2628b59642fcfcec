//! A value for each pair of players, kept once a pair.

/// A value for each pair of `n` players, row by row of the upper triangle of an `n × n` table
/// (row `a` holds `a`'s pairs with the players after it): half the memory a whole table takes,
/// and half the pages to touch, as a large field's tables are written afresh each round.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Triangle<W> {
    n: usize,
    cells: Vec<W>,
}

/// No players: the table before any is weighed, or once its weights are handed on.
impl<W> Default for Triangle<W> {
    fn default() -> Self {
        Triangle {
            n: 0,
            cells: Vec::new(),
        }
    }
}

impl<W: Copy> Triangle<W> {
    /// Every pair of `n` players at `value`.
    pub(super) fn new(n: usize, value: W) -> Self {
        Triangle {
            n,
            cells: vec![value; n * n.saturating_sub(1) / 2],
        }
    }

    /// Every pair of `n` players at `value(a, b)`, `a` before `b`, called row by row.
    pub(super) fn from_fn(n: usize, mut value: impl FnMut(usize, usize) -> W) -> Self {
        let mut cells = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        for a in 0..n {
            for b in a + 1..n {
                cells.push(value(a, b));
            }
        }
        Triangle { n, cells }
    }

    /// How many players.
    pub(super) fn players(&self) -> usize {
        self.n
    }

    /// Where the pair of two distinct players is kept, in either order. Checked in every
    /// build: a player paired with itself, or one past the last, would read another pair's
    /// cell, not fail.
    fn at(&self, a: usize, b: usize) -> usize {
        let (a, b) = (a.min(b), a.max(b));
        assert!(a < b && b < self.n, "a pair of two of the players");
        a * (2 * self.n - a - 1) / 2 + (b - a - 1)
    }

    /// The pair's value.
    pub(super) fn get(&self, a: usize, b: usize) -> W {
        self.cells[self.at(a, b)]
    }

    /// The pair's value, to change.
    pub(super) fn get_mut(&mut self, a: usize, b: usize) -> &mut W {
        let at = self.at(a, b);
        &mut self.cells[at]
    }

    /// Sets the pair's value.
    pub(super) fn set(&mut self, a: usize, b: usize, value: W) {
        *self.get_mut(a, b) = value;
    }
}

#[cfg(test)]
mod tests {
    use super::Triangle;

    #[test]
    fn each_pair_has_one_cell_of_its_own_in_either_order() {
        for n in 0..12 {
            let table = Triangle::from_fn(n, |a, b| a * 100 + b);
            for a in 0..n {
                for b in (0..n).filter(|&b| b != a) {
                    assert_eq!(
                        table.get(a, b),
                        a.min(b) * 100 + a.max(b),
                        "{a}, {b} of {n}"
                    );
                }
            }
            let mut filled = Triangle::new(n, 0);
            for a in 0..n {
                for b in a + 1..n {
                    filled.set(b, a, a * 100 + b);
                }
            }
            assert_eq!(filled, table);
            if n > 2 {
                filled.set(n - 1, 0, 7);
                assert_eq!(filled.get(0, n - 1), 7);
                assert_eq!(filled.get(1, n - 1), 100 + n - 1, "no other pair moved");
            }
        }
    }

    #[test]
    #[should_panic(expected = "a pair of two of the players")]
    fn a_player_paired_with_itself_is_refused() {
        Triangle::new(4, 0).get(2, 2);
    }

    #[test]
    #[should_panic(expected = "a pair of two of the players")]
    fn a_player_past_the_last_is_refused() {
        // Unchecked, (0, 4) would be the cell of (1, 2).
        Triangle::new(4, 0).get(0, 4);
    }
}
