//! The words Domineering's bitboards are kept in: a bit per cell, rows one after
//! the other. A board of at most 64 cells and 31 columns is searched in a `u64`,
//! whose operations are one instruction each, any other (at most 127 cells) in a
//! `u128`.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

/// An unsigned word of bits, a cell each.
pub(crate) trait Word:
    Copy
    + Default
    + Eq
    + Ord
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No bit set.
    const ZERO: Self;
    /// Bit 0 alone.
    const ONE: Self;
    /// The bits of the word.
    const BITS: u32;

    /// The `n` lowest bits set (`n` at most [`Word::BITS`]).
    fn low(n: u32) -> Self;

    /// The bits set.
    fn count_ones(self) -> u32;

    /// The index of the lowest bit set ([`Word::BITS`] for none).
    fn trailing_zeros(self) -> u32;

    /// The lowest bit set alone (none for none).
    fn lowest(self) -> Self;

    /// The word without its lowest bit set.
    fn without_lowest(self) -> Self;

    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;

    /// Whether bit `k` is set.
    #[inline]
    fn has(self, k: u32) -> bool {
        (self >> k) & Self::ONE == Self::ONE
    }

    /// The word of the cells `x`, all below [`Word::BITS`] (higher bits dropped).
    fn of_cells(x: u128) -> Self;

    /// The cells of the word as a `u128`.
    fn cells(self) -> u128;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const BITS: u32 = <$t>::BITS;

            #[inline]
            fn low(n: u32) -> $t {
                if n >= <$t>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }

            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }

            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }

            #[inline]
            fn lowest(self) -> $t {
                self & self.wrapping_neg()
            }

            #[inline]
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }

            #[inline]
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }

            #[inline]
            fn of_cells(x: u128) -> $t {
                x as $t
            }

            #[inline]
            fn cells(self) -> u128 {
                self as u128
            }
        }
    };
}

word!(u64);
word!(u128);
