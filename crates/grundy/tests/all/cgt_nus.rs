//! Number + ups + nimber values: their closed-form canonical options, sums, order,
//! outcomes and birthdays, against naive sums of the definitions
//! `n = {n-1|}`, `m/2^k = {(m-1)/2^k | (m+1)/2^k}`, `↑ = {0|*}`, `*m = {*k | *k}`.

use crate::cgt_common;

use cgt_common::Naive;
use grundy::cgt::{CanonicalForm, Dyadic, Nus};

fn naive_number(n: &mut Naive, x: Dyadic) -> usize {
    if x.is_integer() {
        let v = x.numerator();
        let mut g = n.node(vec![], vec![]);
        for _ in 0..v.abs() {
            g = if v > 0 {
                n.node(vec![g], vec![])
            } else {
                n.node(vec![], vec![g])
            };
        }
        g
    } else {
        let (p, k) = (x.numerator(), x.exponent());
        let l = naive_number(n, Dyadic::new(p - 1, k).unwrap());
        let r = naive_number(n, Dyadic::new(p + 1, k).unwrap());
        n.node(vec![l], vec![r])
    }
}

fn naive_nimber(n: &mut Naive, m: u32) -> usize {
    let opts: Vec<usize> = (0..m).map(|k| naive_nimber(n, k)).collect();
    n.node(opts.clone(), opts)
}

fn naive_nus(n: &mut Naive, v: Nus) -> usize {
    let zero = n.node(vec![], vec![]);
    let star = n.node(vec![zero], vec![zero]);
    let up = n.node(vec![zero], vec![star]);
    let unit = if v.ups >= 0 { up } else { n.neg(up) };
    let mut g = naive_number(n, v.number);
    for _ in 0..v.ups.abs() {
        g = n.add(g, unit);
    }
    let s = naive_nimber(n, v.nimber);
    n.add(g, s)
}

fn height(g: CanonicalForm) -> u64 {
    g.left_options()
        .iter()
        .chain(g.right_options())
        .map(|&o| height(o) + 1)
        .max()
        .unwrap_or(0)
}

fn small_nus() -> Vec<Nus> {
    let numbers = ["0", "1", "-1", "2", "1/2", "-3/4", "3/2"];
    let mut all = Vec::new();
    for x in numbers {
        for ups in -3..=3 {
            for nimber in 0..4 {
                all.push(Nus::new(x.parse().unwrap(), ups, nimber).unwrap());
            }
        }
    }
    all
}

#[test]
fn closed_forms_are_the_canonical_forms_of_the_sums() {
    let mut n = Naive::default();
    for v in small_nus() {
        let g = CanonicalForm::from_nus(v).unwrap();
        assert_eq!(g.as_nus(), Some(v));
        let t = n.of_game(g);
        let reference = naive_nus(&mut n, v);
        assert!(n.eq(t, reference), "{g}");
        assert!(n.is_canonical(t), "{g} is not canonical");
        assert_eq!(g.birthday(), height(g), "birthday of {g}");
        // Rebuilding from the options recognises the same Nus.
        assert_eq!(
            CanonicalForm::from_options(g.left_options(), g.right_options()).unwrap(),
            g
        );
    }
}

#[test]
fn closed_form_order_and_outcomes_match_the_definitions() {
    let mut n = Naive::default();
    let all = small_nus();
    let trees: Vec<usize> = all.iter().map(|&v| naive_nus(&mut n, v)).collect();
    let zero = n.node(vec![], vec![]);
    for (i, &v) in all.iter().enumerate() {
        let g = CanonicalForm::from_nus(v).unwrap();
        let outcome = g.outcome();
        assert_eq!(
            outcome.left_starting_wins(),
            n.first_player_wins(trees[i], true),
            "{g}"
        );
        assert_eq!(
            outcome.right_starting_wins(),
            n.first_player_wins(trees[i], false),
            "{g}"
        );
        assert_eq!(n.le(zero, trees[i]), CanonicalForm::zero() <= g, "{g}");
        for (j, &w) in all.iter().enumerate().step_by(5) {
            let h = CanonicalForm::from_nus(w).unwrap();
            assert_eq!(g <= h, n.le(trees[i], trees[j]), "{g} <= {h}");
            let s = g + h;
            assert_eq!(s.as_nus(), Some(v.checked_add(w).unwrap()));
        }
    }
}
