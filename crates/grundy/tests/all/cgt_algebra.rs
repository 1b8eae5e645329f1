//! Cooling, heating, overheating and the nim product, in the notation of `grundy
//! value`: values worked out by hand from the definitions (the module docs of
//! `grundy::cgt::algebra` give them with their sources), and the laws cooling obeys
//! (it keeps the mean, lowers the temperature by t, and adds: (G + H)_t = G_t + H_t)
//! on every game born by day 2 and on random games beyond.

use crate::cgt_common::{tree_strategy, Naive};
use grundy::cgt::{nim_product, Dyadic, Game, ValueError};
use proptest::prelude::*;

fn value(text: &str) -> Game {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn same(text: &str, expected: &str) {
    assert_eq!(value(text), value(expected), "{text}");
}

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp).unwrap()
}

#[test]
fn cooling_as_worked_out_from_the_definition() {
    same("cool({1|-1}, 1)", "*");
    same("cool({2|-2}, 1)", "+-1");
    same("cool({2|-2}, 2)", "*");
    same("cool({2|-2}, 3)", "0");
    same("cool({3|1}, 1)", "2*");
    same("cool({3|1}, 2)", "2");
    same("cool(^, 0)", "^");
    same("cool(^, 1/2)", "0");
    same("cool(3/4, 5)", "3/4");
    // Sums cool part by part: {2|-2} + {3|1} cooled by 1 is ±1 + 2*.
    same("cool({2|-2} + {3|1}, 1)", "+-1 + 2*");
}

#[test]
fn heating_and_overheating_as_worked_out_from_the_definition() {
    same("heat(*, 1)", "+-1");
    same("heat(3/2, 5)", "3/2");
    same("heat({1|-1}, 1)", "+-2");
    same("heat(*, *)", "{*|*}");
    same("overheat(3, 1*, 1)", "3*");
    same("overheat(*, 1, 1)", "+-1");
    // The halves are not integers: {0|1} becomes {0 + 1 | 1 - 1}.
    same("overheat(1/2, 1, 1)", "{1|0}");
    same(
        "overheat(-5, {1|*}, 0)",
        "-({1|*} + {1|*} + {1|*} + {1|*} + {1|*})",
    );
    // Cooling undoes heating here.
    same("cool(heat({2|*}, 1), 1)", "{2|*}");
}

#[test]
fn ordinal_sums_as_published() {
    // Hackenbush strings are ordinal sums (Winning Ways, ch. 2): blue on blue is 2,
    // red on blue 1/2; a blue edge on a green one, *:1 = {0, * | 0}, is ^*.
    same("ordinal(1, 1)", "2");
    same("ordinal(1, -1)", "1/2");
    same("ordinal(*, 1)", "^*");
    same("ordinal(*, -1)", "v*");
    same("ordinal(1, *)", "1*");
    same("ordinal(0, {1|-1})", "{1|-1}");
    same("ordinal({1|-1}, 0)", "{1|-1}");
    // A blue-red string read as ordinal sums: blue, red, red is 1:-1:-1 = 1/4.
    same("ordinal(ordinal(1, -1), -1)", "1/4");
}

/// A Blue-Red Hackenbush string is the ordinal sum of its edges from the ground up
/// (1 for blue, -1 for red): every string of up to 10 edges, against its sign
/// expansion (the Hackenbush ruleset's closed form).
#[test]
fn hackenbush_strings_are_ordinal_sums_of_their_edges() {
    let budget = grundy::cgt::Budget::unlimited();
    for len in 1..=10u32 {
        for bits in 0..1u32 << len {
            let string: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let edge = |blue: bool| Game::integer(if blue { 1 } else { -1 }).unwrap();
            let sum = string[1..].iter().fold(edge(string[0]), |g, &blue| {
                g.ordinal(edge(blue), &budget).unwrap()
            });
            let expected = grundy::rules::hackenbush::sign_expansion(&string).unwrap();
            assert_eq!(sum, Game::number(expected), "{string:?}");
        }
    }
}

#[test]
fn norton_products_multiply_and_add() {
    // G.1 = G; integers multiply; halves add up: 1/2.U + 1/2.U = 1.U = U.
    same("norton({2|*}, 1)", "{2|*}");
    same("norton(3, ^)", "^ + ^ + ^");
    same("norton(-2, {3|1})", "-({3|1} + {3|1})");
    same("norton(1/2, ^) + norton(1/2, ^)", "^");
    same("norton(3/4, {2|1}) + norton(1/4, {2|1})", "{2|1}");
    let err = "norton(1, *)".parse::<Game>().unwrap_err().to_string();
    assert!(err.contains("needs U > 0, found U = *"), "{err}");
    // On every pair of values born by day 2, for positive units: (G + H).U = G.U + H.U.
    let budget = grundy::cgt::Budget::unlimited();
    let day2: Vec<Game> = {
        let mut n = Naive::default();
        let zero = n.node(vec![], vec![]);
        let one = n.node(vec![zero], vec![]);
        let minus_one = n.node(vec![], vec![zero]);
        let star = n.node(vec![zero], vec![zero]);
        let day1 = [zero, one, minus_one, star];
        let mut all = Vec::new();
        for l in 0..16usize {
            for r in 0..16usize {
                let pick = |m: usize| {
                    (0..4)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect()
                };
                let t = n.node(pick(l), pick(r));
                all.push(n.to_game(t));
            }
        }
        all.sort_by_key(|g| g.to_string());
        all.dedup();
        all
    };
    for u in ["1", "2", "^", "1*", "{3|1}", "1/2"] {
        let u = value(u);
        for &g in &day2 {
            assert_eq!(g.norton(Game::integer(1).unwrap(), &budget).unwrap(), g);
            for &h in &day2 {
                let sum = (g + h).norton(u, &budget).unwrap();
                let parts = g.norton(u, &budget).unwrap() + h.norton(u, &budget).unwrap();
                assert_eq!(sum, parts, "({g} + {h}).{u}");
            }
        }
    }
}

#[test]
fn nim_products_in_the_notation() {
    same("*2 x *3", "*");
    same("*4 × *4", "*6");
    same("*8 x *8 x *1", "*13");
    same("*3 x *3 + *2", "0");
    for (a, b) in [(2048u32, 2048u32), (4095, 4095), (100, 200)] {
        let text = format!("*{a} x *{b}");
        let p = nim_product(a.into(), b.into());
        match text.parse::<Game>() {
            Ok(g) => assert_eq!(g, Game::nimber(p as u32).unwrap(), "{text}"),
            Err(e) => assert!(
                p >= 4096 && e.to_string().contains("nimbers below"),
                "{text}: {e}"
            ),
        }
    }
}

#[test]
fn operations_that_do_not_apply_say_why() {
    let err = |text: &str| text.parse::<Game>().unwrap_err().to_string();
    assert_eq!(
        err("1 x *2"),
        "column 3: the nim product multiplies nimbers, found 1 and *2"
    );
    assert!(
        err("cool(*, -1)").contains("only t >= 0 is defined"),
        "{}",
        err("cool(*, -1)")
    );
    assert!(err("cool(*, *)").contains("t must be a number"));
    assert!(
        err("cool(*)").contains("expected ',' and the next argument"),
        "{}",
        err("cool(*)")
    );
    assert!(
        err("heat(*, 1, 2)").contains("heat takes 2 arguments"),
        "{}",
        err("heat(*, 1, 2)")
    );
    assert!(
        err("warm(*, 1)").contains("expected a function"),
        "{}",
        err("warm(*, 1)")
    );
    // A budget error, not a hang: heating a big value within a small budget.
    let budget = grundy::cgt::Budget::steps(2);
    let big = value("{{{4|3}|{2|1}}|{{0|-1}|{-2|-3}}}");
    let heated = big.heat(Game::integer(1).unwrap(), &budget);
    assert!(
        matches!(heated, Err(ValueError::Budget { .. })),
        "{big}: {heated:?}"
    );
}

/// The laws of cooling on `g`, for t = 0, 1/2, 1, 3/2, 2.
fn cooling_laws(g: Game) {
    let budget = grundy::cgt::Budget::unlimited();
    for t in [d(0, 0), d(1, 1), d(1, 0), d(3, 1), d(2, 0)] {
        let c = g.cool(t, &budget).unwrap();
        assert_eq!(
            c.mean().unwrap(),
            g.mean().unwrap(),
            "mean of {g} cooled by {t}"
        );
        if !g.is_number() {
            let temp = g.temperature().unwrap();
            if t <= temp {
                assert_eq!(
                    c.temperature().unwrap(),
                    temp.checked_sub(t).unwrap(),
                    "temperature of {g} cooled by {t}"
                );
            } else {
                assert!(
                    c.is_number(),
                    "{g} cooled by {t} past its temperature {temp}: {c}"
                );
            }
        } else {
            assert_eq!(c, g);
        }
    }
}

#[test]
fn cooling_keeps_the_mean_lowers_the_temperature_and_adds_on_day_two() {
    let mut n = Naive::default();
    let day1: Vec<usize> = {
        let zero = n.node(vec![], vec![]);
        let one = n.node(vec![zero], vec![]);
        let minus_one = n.node(vec![], vec![zero]);
        let star = n.node(vec![zero], vec![zero]);
        vec![zero, one, minus_one, star]
    };
    let mut games = Vec::new();
    for l in 0..16usize {
        for r in 0..16usize {
            let pick = |m: usize| {
                (0..4)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| day1[i])
                    .collect()
            };
            let t = n.node(pick(l), pick(r));
            games.push(n.to_game(t));
        }
    }
    games.sort_by_key(|g| g.to_string());
    games.dedup();
    let budget = grundy::cgt::Budget::unlimited();
    for &g in &games {
        cooling_laws(g);
        for &h in &games {
            for t in [d(1, 1), d(1, 0)] {
                let sum = (g + h).cool(t, &budget).unwrap();
                let parts = g.cool(t, &budget).unwrap() + h.cool(t, &budget).unwrap();
                assert_eq!(sum, parts, "({g} + {h}) cooled by {t}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cooling_obeys_its_laws_on_random_games(a in tree_strategy(3), b in tree_strategy(3)) {
        let mut n = Naive::default();
        let (ta, tb) = (a.to_naive(&mut n), b.to_naive(&mut n));
        let (g, h) = (n.to_game(ta), n.to_game(tb));
        cooling_laws(g);
        let budget = grundy::cgt::Budget::unlimited();
        for t in [d(1, 2), d(1, 0), d(5, 1)] {
            let sum = (g + h).cool(t, &budget).unwrap();
            let parts = g.cool(t, &budget).unwrap() + h.cool(t, &budget).unwrap();
            prop_assert_eq!(sum, parts, "({} + {}) cooled by {}", g, h, t);
        }
    }
}
