//! A fixed-width signed integer for edge weights: the Dutch system stacks a score group's worth
//! of bits per criterion, hundreds of bits in all, more than `i128` holds. Two's complement in
//! `L` 64-bit limbs, least significant first; only what weights and the blossom solver need.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use integer_blossom::Weight;

/// A signed integer of `64 * L` bits.
#[derive(Clone, Copy, Eq)]
pub struct Wide<const L: usize>([u64; L]);

// By hand, limb by limb and inlined: the solver compares weights in its innermost loops, where
// a call to `memcmp` for each comparison took a tenth of the pairing's time.
impl<const L: usize> PartialEq for Wide<L> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let mut differ = 0;
        for i in 0..L {
            differ |= self.0[i] ^ other.0[i];
        }
        differ == 0
    }
}

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const fn zero() -> Self {
        Self([0; L])
    }

    /// A small value.
    pub fn from_u64(value: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = value;
        Self(limbs)
    }

    /// `2^bits - 1`: every bit below `bits` set.
    pub fn ones(bits: usize) -> Self {
        let mut limbs = [0; L];
        for (i, limb) in limbs.iter_mut().enumerate() {
            let low = i * 64;
            if bits >= low + 64 {
                *limb = u64::MAX;
            } else if bits > low {
                *limb = (1u64 << (bits - low)) - 1;
            }
        }
        Self(limbs)
    }

    /// Whether it is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().fold(0, |acc, &l| acc | l) == 0
    }

    fn is_negative(&self) -> bool {
        self.0[L - 1] >> 63 == 1
    }

    /// Shifted left by `bits`.
    #[inline]
    pub fn shl(self, bits: usize) -> Self {
        let (words, rest) = (bits / 64, (bits % 64) as u32);
        let mut limbs = [0; L];
        for (i, limb) in limbs.iter_mut().enumerate().skip(words) {
            let high = self.0[i - words];
            *limb = if rest == 0 {
                high
            } else {
                let low = if i > words { self.0[i - words - 1] } else { 0 };
                (high << rest) | (low >> (64 - rest))
            };
        }
        Self(limbs)
    }

    /// Shifted right by `bits`, zeros in from the top (a non-negative value halved `bits` times).
    pub fn shr(self, bits: usize) -> Self {
        let (words, rest) = (bits / 64, (bits % 64) as u32);
        let mut limbs = [0; L];
        for (i, limb) in limbs.iter_mut().enumerate().take(L.saturating_sub(words)) {
            let low = self.0[i + words];
            *limb = if rest == 0 {
                low
            } else {
                let high = if i + words + 1 < L {
                    self.0[i + words + 1]
                } else {
                    0
                };
                (low >> rest) | (high << (64 - rest))
            };
        }
        Self(limbs)
    }

    /// Only its lowest `bits` bits.
    pub fn low(self, bits: usize) -> Self {
        self & Self::ones(bits)
    }

    /// The bitwise or with a small value.
    pub fn or(mut self, value: u64) -> Self {
        self.0[0] |= value;
        self
    }

    /// Plus `value` shifted left by `bit`: a part of a weight set where it begins, with no
    /// shift of the whole.
    #[inline]
    pub fn plus_at(mut self, bit: usize, value: u64) -> Self {
        let (i, rest) = (bit / 64, (bit % 64) as u32);
        let high = if rest == 0 { 0 } else { value >> (64 - rest) };
        let (sum, mut carry) = self.0[i].overflowing_add(value << rest);
        self.0[i] = sum;
        let mut add = high;
        for limb in self.0.iter_mut().skip(i + 1) {
            if add == 0 && !carry {
                break;
            }
            let (a, c1) = limb.overflowing_add(add);
            let (b, c2) = a.overflowing_add(u64::from(carry));
            *limb = b;
            (add, carry) = (0, c1 || c2);
        }
        self
    }

    /// Plus a small value.
    pub fn plus(self, value: u64) -> Self {
        self + Self::from_u64(value)
    }

    /// Minus a small value.
    pub fn minus(self, value: u64) -> Self {
        self - Self::from_u64(value)
    }

    fn negated(self) -> Self {
        let mut inverted = self;
        for l in &mut inverted.0 {
            *l = !*l;
        }
        inverted + Self::from_u64(1)
    }
}

impl<const L: usize> std::fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for l in self.0.iter().rev() {
            write!(f, "{l:016x}")?;
        }
        Ok(())
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // The top limb as signed, the others as unsigned.
        let top = (self.0[L - 1] as i64).cmp(&(other.0[L - 1] as i64));
        if top != Ordering::Equal {
            return top;
        }
        for i in (0..L - 1).rev() {
            if self.0[i] != other.0[i] {
                return self.0[i].cmp(&other.0[i]);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> std::ops::BitAnd for Wide<L> {
    type Output = Self;
    fn bitand(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        self
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline]
    fn add(mut self, other: Self) -> Self {
        let mut carry = 0u64;
        for i in 0..L {
            let sum = u128::from(self.0[i]) + u128::from(other.0[i]) + u128::from(carry);
            self.0[i] = sum as u64;
            carry = (sum >> 64) as u64;
        }
        self
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline]
    fn sub(mut self, other: Self) -> Self {
        let mut borrow = 0u64;
        for i in 0..L {
            let diff = u128::from(self.0[i])
                .wrapping_sub(u128::from(other.0[i]))
                .wrapping_sub(u128::from(borrow));
            self.0[i] = diff as u64;
            borrow = u64::from(diff > u128::from(u64::MAX));
        }
        self
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    #[inline]
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    #[inline]
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

impl<const L: usize> Weight for Wide<L> {
    const ZERO: Self = Self([0; L]);
    const ONE: Self = {
        let mut limbs = [0; L];
        limbs[0] = 1;
        Self(limbs)
    };

    fn inf() -> Self {
        // MAX / 4, as the solver's own integers take it.
        Self::ones(64 * L - 3)
    }

    #[inline]
    fn double(self) -> Self {
        let mut limbs = self.0;
        for i in (1..L).rev() {
            limbs[i] = (limbs[i] << 1) | (limbs[i - 1] >> 63);
        }
        limbs[0] <<= 1;
        Self(limbs)
    }

    fn half(self) -> Self {
        // Toward zero, as integer division does.
        if self.is_negative() {
            return self.negated().half().negated();
        }
        let mut limbs = self.0;
        for i in 0..L {
            let high = if i + 1 < L { limbs[i + 1] << 63 } else { 0 };
            limbs[i] = (limbs[i] >> 1) | high;
        }
        Self(limbs)
    }
}

#[cfg(test)]
mod tests {
    use integer_blossom::max_weight_matching;

    use super::*;

    /// The best total by trying every matching.
    fn best_total(weights: &[i128], n: usize, free: u32) -> i128 {
        let Some(a) = (0..n).find(|&v| free & (1 << v) != 0) else {
            return 0;
        };
        let rest = free & !(1 << a);
        let mut best = best_total(weights, n, rest);
        for b in (a + 1..n).filter(|&b| rest & (1 << b) != 0 && weights[a * n + b] > 0) {
            best = best.max(weights[a * n + b] + best_total(weights, n, rest & !(1 << b)));
        }
        best
    }

    /// The solver's infinity is a quarter of the range and its dual values grow past the
    /// largest weight: with weights of up to `64 * L - 4` bits it still finds the best matching
    /// (with `64 * L - 2` it did not), which the room `pair` leaves above the weights counts on.
    #[test]
    fn the_solver_is_exact_with_weights_four_bits_under_the_width() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        };
        let top: i128 = 1 << 124;
        for round in 0..300 {
            let n = 2 + round % 9;
            let mut weights = vec![0i128; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    let w = match next() % 4 {
                        0 => 0,
                        1 => top - 1 - i128::from(next() % 3),
                        _ => ((i128::from(next()) << 64) | i128::from(next())) % top,
                    };
                    weights[a * n + b] = w;
                }
            }
            let wide: Vec<Wide<2>> = weights
                .iter()
                .map(|&w| Wide([w as u64, (w >> 64) as u64]))
                .collect();
            let mates = max_weight_matching(&wide, n);
            let total: i128 = (0..n)
                .filter_map(|a| mates[a].filter(|&b| b > a).map(|b| weights[a * n + b]))
                .sum();
            assert_eq!(total, best_total(&weights, n, (1 << n) - 1), "{weights:?}");
        }
    }

    /// Small values agree with `i128` in every operation the solver uses.
    #[test]
    fn wide_arithmetic_agrees_with_i128() {
        let values: [i128; 9] = [
            0,
            1,
            -1,
            7,
            -8,
            1 << 70,
            -(1 << 70),
            i128::MAX / 8,
            i128::MIN / 8,
        ];
        let wide = |v: i128| {
            let u = v as u128;
            Wide::<3>([u as u64, (u >> 64) as u64, if v < 0 { u64::MAX } else { 0 }])
        };
        for &a in &values {
            assert_eq!(wide(a).double(), wide(a * 2), "{a} * 2");
            assert_eq!(wide(a).half(), wide(a / 2), "{a} / 2");
            for &b in &values {
                assert_eq!(wide(a) + wide(b), wide(a + b), "{a} + {b}");
                assert_eq!(wide(a) - wide(b), wide(a - b), "{a} - {b}");
                assert_eq!(wide(a).cmp(&wide(b)), a.cmp(&b), "{a} <=> {b}");
            }
        }
        assert_eq!(Wide::<3>::from_u64(5).shl(130), Wide([0, 0, 5 << 2]));
        assert_eq!(Wide::<2>::ones(70), Wide([u64::MAX, 63]));
        for &a in values.iter().filter(|&&a| a >= 0) {
            for bits in [0, 1, 63, 64, 65, 100] {
                assert_eq!(wide(a).shr(bits), wide(a >> bits), "{a} >> {bits}");
            }
        }
        assert_eq!(Wide::<3>::from_u64(5).shl(130).shr(129), Wide::from_u64(10));
        for &a in &values {
            for bit in [0, 1, 60, 63, 64, 70, 127, 128, 150] {
                for value in [1u64, 3, u64::MAX] {
                    let shifted = Wide::<3>::from_u64(value).shl(bit);
                    assert_eq!(
                        wide(a).plus_at(bit, value),
                        wide(a) + shifted,
                        "{a} + {value} << {bit}"
                    );
                }
            }
        }
    }
}
