//! Thermographs, checked by theorems that do not use them: the walls at t = 0 are
//! the stops, the mean is additive, the temperature of a sum is at most the larger
//! temperature, and a hot switch {a|b} of numbers has mean (a+b)/2 and temperature
//! (a-b)/2.

use crate::cgt_common;

use cgt_common::{tree_strategy, Naive};
use grundy::cgt::{thermograph, CanonicalForm, Dyadic};
use proptest::prelude::*;

fn g(s: &str) -> CanonicalForm {
    s.parse().unwrap()
}

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

#[test]
fn switches_of_numbers() {
    for (a, b) in [("1", "-1"), ("2", "0"), ("3/2", "1/4"), ("5", "-7/8")] {
        let t = g(&format!("{{{a}|{b}}}")).thermograph().unwrap();
        let (a, b) = (d(a), d(b));
        assert_eq!(t.mean, a.midpoint(b).unwrap());
        assert_eq!(t.temperature, a.checked_sub(b).unwrap().half().unwrap());
    }
}

#[test]
fn a_nested_switch_and_its_picture() {
    // {3 | {2|0}}: the left wall 3 − t meets the right wall 2 at t = 1.
    let t = g("{3||2|0}").thermograph().unwrap();
    assert_eq!(t.temperature, d("1"));
    assert_eq!(t.mean, d("2"));
    assert_eq!(t.left.at(d("1/2")).unwrap(), d("5/2"));
    assert_eq!(t.right.at(d("1/2")).unwrap(), d("2"));
    let svg = thermograph::svg("{3||2|0}", &t);
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("<polyline").count(), 2);
    assert!(svg.contains("mean 2, temperature 1"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn theorems(a in tree_strategy(4), b in tree_strategy(4)) {
        let mut n = Naive::default();
        let (t, u) = (a.to_naive(&mut n), b.to_naive(&mut n));
        let (g, h) = (n.to_game(t), n.to_game(u));
        let (tg, th) = (g.thermograph().unwrap(), h.thermograph().unwrap());
        if !g.is_number() {
            prop_assert!(tg.temperature >= Dyadic::ZERO);
            prop_assert_eq!(tg.left.at(Dyadic::ZERO).unwrap(), g.left_stop());
            prop_assert_eq!(tg.right.at(Dyadic::ZERO).unwrap(), g.right_stop());
        }
        let s = g + h;
        let ts = s.thermograph().unwrap();
        prop_assert_eq!(ts.mean, tg.mean.checked_add(th.mean).unwrap());
        prop_assert!(ts.temperature <= tg.temperature.max(th.temperature).max(Dyadic::ZERO));
    }
}
