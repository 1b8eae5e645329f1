//! The laws of short games, checked against a naive reference (game trees compared
//! and added by the definitions alone, and a plain game-tree search): canonical
//! forms are canonical and equal to their input, equal games are the same form,
//! sums obey the group laws, and G ≤ H exactly when Right moving first loses H − G.
//!
//! Exhaustively: every game born by day 2 (all 256 option sets over day 1), and
//! sums and comparisons of every pair of them. By property test beyond: random
//! trees of depth up to 4.

use crate::cgt_common;

use cgt_common::{tree_strategy, Naive, Tree};
use grundy::cgt::{CanonicalForm, Style};
use proptest::prelude::*;

/// The 256 games {L | R} with L, R subsets of the day-1 values 0, 1, -1, *, as
/// naive trees.
fn day_two(n: &mut Naive) -> Vec<usize> {
    let zero = n.node(vec![], vec![]);
    let one = n.node(vec![zero], vec![]);
    let minus_one = n.node(vec![], vec![zero]);
    let star = n.node(vec![zero], vec![zero]);
    let day1 = [zero, one, minus_one, star];
    let subset = |mask: usize| -> Vec<usize> {
        (0..4)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| day1[i])
            .collect()
    };
    let mut all = Vec::new();
    for l in 0..16 {
        for r in 0..16 {
            all.push(n.node(subset(l), subset(r)));
        }
    }
    all
}

/// Checks one game against the reference: its canonical form is canonical, equal
/// to it, and prints and reads back.
fn check_one(n: &mut Naive, t: usize) -> CanonicalForm {
    let g = n.to_game(t);
    let c = n.of_game(g);
    assert!(n.eq(c, t), "{g} is not equal to its input");
    assert!(n.is_canonical(c), "{g} is not canonical");
    for style in [Style::Ascii, Style::Unicode] {
        let text = g.to_string_in(style);
        assert_eq!(text.parse::<CanonicalForm>().unwrap(), g, "{text}");
    }
    let explicit = g.explicit(1 << 20).unwrap();
    assert_eq!(explicit.parse::<CanonicalForm>().unwrap(), g, "{explicit}");
    g
}

/// Checks a pair: comparison (both by the naive order and by game-tree search of
/// H − G), equality of forms, and the sum against the naive sum.
fn check_pair(n: &mut Naive, (t, g): (usize, CanonicalForm), (u, h): (usize, CanonicalForm)) {
    let le = g <= h;
    assert_eq!(le, n.le(t, u), "{g} <= {h}");
    // G ≤ H exactly when Right, moving first in H − G, loses.
    let minus_g = n.neg(t);
    let diff = n.add(u, minus_g);
    assert_eq!(
        le,
        !n.first_player_wins(diff, false),
        "{g} <= {h} by search"
    );
    assert_eq!(g == h, n.eq(t, u), "{g} == {h}");
    let s = g + h;
    let naive_sum = n.add(t, u);
    let c = n.of_game(s);
    assert!(n.eq(c, naive_sum), "{g} + {h} = {s}");
}

#[test]
fn day_two_has_22_values_and_every_pair_obeys_the_laws() {
    let mut n = Naive::default();
    let trees = day_two(&mut n);
    let games: Vec<CanonicalForm> = trees.iter().map(|&t| check_one(&mut n, t)).collect();
    let mut distinct: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    distinct.sort();
    distinct.dedup();
    // Winning Ways and Lessons in Play: 22 games are born by day 2.
    assert_eq!(distinct.len(), 22, "{distinct:?}");
    // Pairs of the distinct values (and a few repeats through equal forms).
    let mut reps: Vec<(usize, CanonicalForm)> = Vec::new();
    for (&t, &g) in trees.iter().zip(&games) {
        if !reps.iter().any(|&(_, h)| h == g) {
            reps.push((t, g));
        }
    }
    for &a in &reps {
        for &b in &reps {
            check_pair(&mut n, a, b);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_match_the_reference(a in tree_strategy(4), b in tree_strategy(3)) {
        let mut n = Naive::default();
        let (t, u) = (a.to_naive(&mut n), b.to_naive(&mut n));
        let g = check_one(&mut n, t);
        let h = check_one(&mut n, u);
        check_pair(&mut n, (t, g), (u, h));
    }

    #[test]
    fn group_laws(a in tree_strategy(3), b in tree_strategy(3), c in tree_strategy(3)) {
        let n = Naive::default();
        let mut n = n;
        let to = |t: &Tree, n: &mut Naive| { let i = t.to_naive(n); n.to_game(i) };
        let (g, h, k) = (to(&a, &mut n), to(&b, &mut n), to(&c, &mut n));
        prop_assert_eq!(g + (-g), CanonicalForm::zero());
        prop_assert_eq!(g + h, h + g);
        prop_assert_eq!((g + h) + k, g + (h + k));
        prop_assert_eq!(g - h, -(h - g));
        // Order is compatible with addition.
        prop_assert_eq!(g <= h, g + k <= h + k);
    }
}
