//! The P-positions of Wythoff's game in exact integer arithmetic.
//!
//! With φ = (1 + √5)/2, the P-positions are (a_k, b_k) and (b_k, a_k) for k ≥ 0,
//! where a_k = ⌊kφ⌋ and b_k = ⌊kφ²⌋ = a_k + k. The floors are computed without
//! floating point: ⌊kφ⌋ = ⌊(k + ⌊k√5⌋)/2⌋, and ⌊k√5⌋ comes from the 128-bit integer
//! square root of ⌊5k²/4⌋ (see [`floor_phi`]), exact for every k up to 2^63.
//!
//! The a_k and b_k (k ≥ 1) are complementary Beatty sequences: every positive integer
//! is exactly one of them, exactly once. So every heap size x has exactly one
//! *partner* p(x) such that the two heaps x and p(x) form a P-position (p(0) = 0), and
//! for every difference d exactly one P-position has heaps that differ by d:
//! (a_d, a_d + d).

/// The largest heap the closed form takes: 2^63 stones.
pub const MAX_HEAP: u64 = 1 << 63;

/// About 2^64/φ: a first guess of x/φ, corrected exactly by [`index_of`].
const INV_PHI_2_64: u128 = 0x9E37_79B9_7F4A_7C15;

/// ⌊√n⌋, by Newton's method in integers.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    // 2^⌈bits/2⌉ ≥ √n: Newton's steps then decrease to ⌊√n⌋ and stop there.
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// a_k = ⌊kφ⌋, exactly, for every k ≤ 2^63.
///
/// 5k² needs up to 129 bits, so the root is taken of 5k²/4 = q + r/4 (q = k² +
/// ⌊k²/4⌋, r = k² mod 4, both in 128 bits): s = ⌊√q⌋ = ⌊k√5/2⌋, and ⌊k√5⌋ is 2s + 1
/// when (2s + 1)² ≤ 5k², that is s² + s + 1/4 ≤ q + r/4, and 2s otherwise.
///
/// # Panics
/// If k > 2^63.
pub fn floor_phi(k: u64) -> u64 {
    assert!(k <= MAX_HEAP, "floor_phi({k}): k is beyond 2^63");
    let k = u128::from(k);
    let square = k * k;
    let (q, r) = (square + square / 4, square % 4);
    let s = isqrt(q);
    let odd = s * s + s < q || (s * s + s == q && r == 1);
    let root = 2 * s + u128::from(odd);
    ((k + root) / 2) as u64
}

/// The P-position (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋).
///
/// # Panics
/// If b_k does not fit in a `u64` (k above about 2^62.5).
pub fn p_position(k: u64) -> (u64, u64) {
    let a = floor_phi(k);
    (a, a.checked_add(k).expect("b_k fits in 64 bits"))
}

/// Where heap size `x` stands among the P-positions: `(k, true)` when x = a_k,
/// `(k, false)` when x = b_k; `(0, true)` for x = 0. Exact for every `u64`.
pub fn index_of(x: u64) -> (u64, bool) {
    if x == 0 {
        return (0, true);
    }
    // J, the number of b_j (j ≥ 1) below x, is the largest j with b_j < x. It is
    // near x/φ² = x − x/φ; the guess is within a few of it, and the two loops make
    // it exact (b_j increases with j, b_0 = 0 < x). Only j ≤ 0.39 x is needed.
    // b_j is taken in 128 bits: b_{J+1} may pass 2^64 when x is near it.
    let b = |j: u64| u128::from(floor_phi(j)) + u128::from(j);
    let guess = ((u128::from(x) * INV_PHI_2_64) >> 64) as u64;
    let mut j = x - guess.min(x);
    let wide = u128::from(x);
    while j > 0 && b(j) >= wide {
        j -= 1;
    }
    while b(j + 1) < wide {
        j += 1;
    }
    if b(j + 1) == wide {
        return (j + 1, false);
    }
    // x = a_k: below x lie the k − 1 numbers a_1..a_{k−1} and the J numbers b_j,
    // x − 1 positive numbers in all (the two sequences are complementary).
    (x - j, true)
}

/// The partner of heap size `x`: the one y such that heaps x and y form a
/// P-position. Defined for x ≤ [`MAX_HEAP`] and for the partners of those.
///
/// # Panics
/// If the partner does not fit in a `u64` (x above about 1.14 · 10^19).
pub fn partner(x: u64) -> u64 {
    match index_of(x) {
        (k, true) => x.checked_add(k).expect("the partner fits in 64 bits"),
        (k, false) => x - k,
    }
}

/// Whether heaps `a` and `b` form a P-position: the smaller is a_d, where d is their
/// difference. Exact for every pair of `u64`s.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    let d = large - small;
    // a_d ≥ d, so a smaller heap below d cannot be a_d; otherwise d ≤ large / 2 < 2^63.
    small >= d && floor_phi(d) == small
}
