//! Tests of `grundy_games::rules::wythoff::golden`.

use grundy_games::rules::wythoff::golden::*;

/// The P-positions by their definition, with no golden ratio: a_k is the least
/// number not yet in any P-position, and b_k = a_k + k.
fn greedy_p_positions(count: usize) -> Vec<(u64, u64)> {
    let mut used = vec![false; 3 * count + 3];
    let mut out = Vec::with_capacity(count);
    let mut a = 0;
    for k in 0..count as u64 {
        while used[a as usize] {
            a += 1;
        }
        let b = a + k;
        used[a as usize] = true;
        used[b as usize] = true;
        out.push((a, b));
    }
    out
}

/// ⌊kφ⌋ with no square root: for k ≥ 1, a_k − 1 is k − 1 with its Zeckendorf
/// representation shifted up by one Fibonacci number.
fn floor_phi_by_zeckendorf(k: u64) -> u64 {
    if k == 0 {
        return 0;
    }
    let mut fib: Vec<u128> = vec![1, 2];
    while fib[fib.len() - 1] <= u128::from(k) {
        let n = fib.len();
        fib.push(fib[n - 1] + fib[n - 2]);
    }
    fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    let (mut rest, mut shifted) = (u128::from(k - 1), 0u128);
    for i in (0..fib.len() - 1).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            shifted += fib[i + 1];
        }
    }
    u64::try_from(shifted + 1).unwrap()
}

#[test]
fn floors_match_the_greedy_definition() {
    let greedy = greedy_p_positions(100_000);
    assert_eq!(
        &greedy[..6],
        &[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    );
    for (k, &(a, b)) in greedy.iter().enumerate() {
        assert_eq!(p_position(k as u64), (a, b), "k = {k}");
        assert_eq!(floor_phi_by_zeckendorf(k as u64), a, "k = {k}");
        assert_eq!(partner(a), b);
        assert_eq!(partner(b), a);
        assert!(is_p_position(a, b) && is_p_position(b, a));
    }
    for x in 0..150_000u64 {
        let p = partner(x);
        assert_eq!(partner(p), x);
        assert!(is_p_position(x, p));
        assert!(!is_p_position(x, p + 1) && (p == 0 || !is_p_position(x, p - 1)));
    }
}

#[test]
fn the_edges_of_the_range() {
    for n in [
        0u128,
        1,
        2,
        3,
        4,
        15,
        16,
        17,
        u128::from(u64::MAX),
        u128::MAX,
    ] {
        let r = isqrt(n);
        assert!(r * r <= n, "{n}");
        assert!((r + 1).checked_mul(r + 1).is_none_or(|s| s > n), "{n}");
    }
    assert_eq!(isqrt(u128::MAX), u128::from(u64::MAX));
    for k in [MAX_HEAP, MAX_HEAP - 1, MAX_HEAP - 2, 1 << 62] {
        assert_eq!(floor_phi(k), floor_phi_by_zeckendorf(k), "k = {k}");
    }
    for x in [MAX_HEAP - 1, MAX_HEAP, u64::MAX / 2 + 12345] {
        assert_eq!(partner(partner(x)), x);
    }
    for x in [u64::MAX, u64::MAX - 1, u64::MAX - 2, u64::MAX - 3] {
        // Here a_k is beyond floor_phi's range: x is placed by the b_j below it.
        let b = |j: u64| u128::from(floor_phi(j)) + u128::from(j);
        let (k, lower) = index_of(x);
        let x = u128::from(x);
        match (k, lower) {
            (k, false) => assert_eq!(b(k), x),
            (k, true) => {
                let j = (x - u128::from(k)) as u64;
                assert!(b(j) < x && b(j + 1) > x);
            }
        }
    }
    assert!(!is_p_position(u64::MAX, 0) && !is_p_position(u64::MAX, u64::MAX));
}

proptest::proptest! {
    #[test]
    fn square_roots(n in proptest::num::u128::ANY) {
        let r = isqrt(n);
        proptest::prop_assert!(r * r <= n);
        proptest::prop_assert!((r + 1).checked_mul(r + 1).is_none_or(|s| s > n));
    }

    /// a = ⌊kφ⌋ exactly when a ≤ kφ < a + 1, i.e. (2a − k)² ≤ 5k² < (2a + 2 − k)²
    /// (checked where the squares fit in 128 bits), and by Zeckendorf everywhere.
    #[test]
    fn floor_phi_by_two_other_methods(k in 0..=MAX_HEAP) {
        let a = floor_phi(k);
        proptest::prop_assert_eq!(a, floor_phi_by_zeckendorf(k));
        let (a, k) = (u128::from(a), u128::from(k));
        if k <= 8_000_000_000_000_000_000 {
            proptest::prop_assert!(2 * a >= k);
            proptest::prop_assert!((2 * a - k) * (2 * a - k) <= 5 * k * k);
            proptest::prop_assert!(5 * k * k < (2 * a + 2 - k) * (2 * a + 2 - k));
        }
    }

    #[test]
    fn partners_pair_up(x in 0..=MAX_HEAP) {
        let (k, lower) = index_of(x);
        proptest::prop_assert_eq!(x, if lower { floor_phi(k) } else { floor_phi(k) + k });
        let p = partner(x);
        proptest::prop_assert_eq!(partner(p), x);
        proptest::prop_assert!(is_p_position(x, p) && is_p_position(p, x));
        proptest::prop_assert!(x == 0 || !is_p_position(x, x));
    }
}
