//! Cooling, heating, overheating and the nim product, in the notation of `grundy
//! value`: values worked out by hand from the definitions (the module docs of
//! `grundy::cgt::algebra` give them with their sources), and the laws cooling obeys
//! (it keeps the mean, lowers the temperature by t, and adds: (G + H)_t = G_t + H_t)
//! on every game born by day 2 and on random games beyond; the reduced canonical
//! form, the atomic weight and the incentives, by their laws and against
//! Calistrate's construction of the reduced form.

use crate::cgt_common::{tree_strategy, Naive};
use grundy::cgt::{nim_product, CanonicalForm, Dyadic, ValueError};
use proptest::prelude::*;

fn value(text: &str) -> CanonicalForm {
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
    let budget = grundy::cgt::ValueBudget::unlimited();
    for len in 1..=10u32 {
        for bits in 0..1u32 << len {
            let string: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let edge = |blue: bool| CanonicalForm::integer(if blue { 1 } else { -1 }).unwrap();
            let sum = string[1..].iter().fold(edge(string[0]), |g, &blue| {
                g.ordinal(edge(blue), &budget).unwrap()
            });
            let expected = grundy::rules::hackenbush::sign_expansion(&string).unwrap();
            assert_eq!(sum, CanonicalForm::number(expected), "{string:?}");
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
    let err = "norton(1, *)"
        .parse::<CanonicalForm>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("needs U > 0, found U = *"), "{err}");
    // On every pair of values born by day 2, for positive units: (G + H).U = G.U + H.U.
    let budget = grundy::cgt::ValueBudget::unlimited();
    let day2: Vec<CanonicalForm> = {
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
            assert_eq!(
                g.norton(CanonicalForm::integer(1).unwrap(), &budget)
                    .unwrap(),
                g
            );
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
        match text.parse::<CanonicalForm>() {
            Ok(g) => assert_eq!(g, CanonicalForm::nimber(p as u32).unwrap(), "{text}"),
            Err(e) => assert!(
                p >= 4096 && e.to_string().contains("nimbers below"),
                "{text}: {e}"
            ),
        }
    }
}

#[test]
fn operations_that_do_not_apply_say_why() {
    let err = |text: &str| text.parse::<CanonicalForm>().unwrap_err().to_string();
    assert_eq!(
        err("1 x *2"),
        "character 3: the nim product multiplies nimbers, found 1 and *2"
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
    assert_eq!(
        err("atomic_weight({1|0})"),
        "character 1: the atomic weight is defined for all-small games (wherever one player \
         can move, so can the other); {1|0} is not all-small: in its position 1 only Left \
         can move"
    );
    assert!(err("atomic_weight(-1/2)").contains("only Right can move"));
    assert!(
        err("1 + incentives(*)").starts_with("character 5: incentives(G) is a list of games"),
        "{}",
        err("1 + incentives(*)")
    );
    assert!(
        err("reduced(*, *)").contains("reduced takes 1 argument,"),
        "{}",
        err("reduced(*, *)")
    );
    // A budget error, not a hang: heating a big value within a small budget.
    let budget = grundy::cgt::ValueBudget::steps(2);
    let big = value("{{{4|3}|{2|1}}|{{0|-1}|{-2|-3}}}");
    let heated = big.heat(CanonicalForm::integer(1).unwrap(), &budget);
    assert!(
        matches!(heated, Err(ValueError::Budget { .. })),
        "{big}: {heated:?}"
    );
}

/// The laws of cooling on `g`, for t = 0, 1/2, 1, 3/2, 2.
fn cooling_laws(g: CanonicalForm) {
    let budget = grundy::cgt::ValueBudget::unlimited();
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
    let budget = grundy::cgt::ValueBudget::unlimited();
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
        let budget = grundy::cgt::ValueBudget::unlimited();
        for t in [d(1, 2), d(1, 0), d(5, 1)] {
            let sum = (g + h).cool(t, &budget).unwrap();
            let parts = g.cool(t, &budget).unwrap() + h.cool(t, &budget).unwrap();
            prop_assert_eq!(sum, parts, "({} + {}) cooled by {}", g, h, t);
        }
    }
}

/// The 22 values born by day 2, from the day-1 values 0, 1, -1 and *.
fn day_two() -> Vec<CanonicalForm> {
    let day1 = [value("0"), value("1"), value("-1"), value("*")];
    let pick = |m: usize| -> Vec<CanonicalForm> {
        (0..4)
            .filter(|i| m >> i & 1 == 1)
            .map(|i| day1[i])
            .collect()
    };
    let mut all = Vec::new();
    for l in 0..16usize {
        for r in 0..16usize {
            all.push(CanonicalForm::from_options(&pick(l), &pick(r)).unwrap());
        }
    }
    all.sort_by_key(|g| g.to_string());
    all.dedup();
    assert_eq!(all.len(), 22);
    all
}

/// Whether `g` is infinitesimal: `-x < g < x` for every number `x > 0`. That holds
/// exactly when both stops of `g` are 0: `g < x` for every `x > 0` forces
/// `L(g) <= 0` (the stops keep the order, so `L(g) <= x` for every `x > 0`), and
/// `L(g) <= 0 < x` gives `g < x` (a game whose left stop is negative, as that of
/// `g - x`, is negative); likewise `g > -x` for every `x` exactly when `R(g) >= 0`;
/// and `R(g) <= L(g)`. (The law tests below also check `-1/64 < g < 1/64` directly.)
fn is_infinitesimal(g: CanonicalForm) -> bool {
    g.left_stop() == Dyadic::ZERO && g.right_stop() == Dyadic::ZERO
}

/// Calistrate's construction of the reduced canonical form (Calistrate, "The reduced
/// canonical form of a game", 1996; proved by Grossman and Siegel, 2009): the star
/// projection of `G` heated by `*`, where the star projection of `x` and `x*` is
/// `x` (x a number) and of any other game `{p(G^L) | p(G^R)}`. The library follows
/// Grossman and Siegel's other construction (reductions up to infinitesimals), so
/// the two check each other.
fn calistrate(g: CanonicalForm) -> CanonicalForm {
    fn projection(g: CanonicalForm) -> CanonicalForm {
        if let Some(v) = g.as_nus() {
            if v.ups == 0 && v.nimber <= 1 {
                return CanonicalForm::number(v.number);
            }
        }
        let left: Vec<CanonicalForm> = g.left_options().iter().map(|&o| projection(o)).collect();
        let right: Vec<CanonicalForm> = g.right_options().iter().map(|&o| projection(o)).collect();
        CanonicalForm::from_options(&left, &right).unwrap()
    }
    match g.as_nus() {
        Some(v) => CanonicalForm::number(v.number),
        None => projection(
            g.heat(
                CanonicalForm::star(),
                &grundy::cgt::ValueBudget::unlimited(),
            )
            .unwrap(),
        ),
    }
}

#[test]
fn reduced_forms_as_worked_out() {
    // Numbers stay; a number plus an infinitesimal is the number (Calistrate; Siegel,
    // Combinatorial Game Theory, II.6: G is reduced to x when G - x is
    // infinitesimal).
    for (g, r) in [
        ("^", "0"),
        ("*", "0"),
        ("*5", "0"),
        ("v3*2", "0"),
        ("{0||0|-1}", "0"), // tiny-one
        ("3/4 + ^*", "3/4"),
        ("-2 + v2*7", "-2"),
        ("5/8", "5/8"),
        ("-3", "-3"),
    ] {
        same(&format!("reduced({g})"), r);
    }
    // Hot games whose options are numbers stay as they are.
    same("reduced({1|0})", "{1|0}");
    same("reduced(+-1)", "+-1");
    same("reduced({3||2|0})", "{3||2|0}");
    // Options are reduced first: 1* is 1 up to *.
    same("reduced({1*|0})", "{1|0}");
    same("reduced({1|0} + ^)", "{1|0}");
    same("reduced({1*|0} + ^ + *2)", "{1|0}");
    // Dominated up to infinitesimals: in {1, +-1 | -1} (canonical: 1 - +-1 = {2|0}
    // is confused with 0), +-1 <=_Inf 1 since the right stop of {2|0} is 0, so
    // +-1 goes and {1 | -1} = +-1 is left.
    assert_eq!(value("{1,+-1|-1}").to_string(), "{+-1,1|-1}");
    same("reduced({1,+-1|-1})", "+-1");
    // Reversible up to infinitesimals: in G = {0, +-1 | -1} (canonical: Right,
    // moving first in G + 1, wins by moving to 0, so -1 <= G fails), -1 <=_Inf G
    // since R(G + 1) = R(G) + 1 = 0; Left's option +-1 reverses through its Right
    // option -1, which has no Left option, and goes: {0 | -1} is left.
    assert_eq!(value("{0,+-1|-1}").to_string(), "{+-1,0|-1}");
    same("reduced({0,+-1|-1})", "{0|-1}");
    // Both: in {*, {1|*} | -1} the options reduce to 0 and {1|0}, and 0 <=_Inf {1|0}
    // (their right stops: 0 >= 0) though 0 || {1|0}; {1|0} does not reverse (its
    // right option 0 has left stop 0 > R(G) = -1).
    assert_eq!(value("{*,{1|*}|-1}").to_string(), "{*,{1|*}|-1}");
    same("reduced({*,{1|*}|-1})", "{1|0||-1}");
}

/// The laws of the reduced canonical form on `g`: it is infinitesimally close to
/// `g`, reduced already, no older than `g`, the same for `-g` negated and for `g`
/// plus any infinitesimal, and what Calistrate's construction gives.
fn reduced_laws(g: CanonicalForm) {
    let budget = grundy::cgt::ValueBudget::unlimited();
    let r = g.reduced(&budget).unwrap();
    let difference = g - r;
    assert!(is_infinitesimal(difference), "{g} - {r} = {difference}");
    let x = CanonicalForm::number(d(1, 6));
    assert!(
        -x < difference && difference < x,
        "{g} - {r} is not within 1/64"
    );
    assert_eq!(r.reduced(&budget).unwrap(), r, "reduced({g}) = {r}");
    assert!(r.birthday() <= g.birthday(), "{g} -> {r}");
    assert_eq!((-g).reduced(&budget).unwrap(), -r, "-{g}");
    assert_eq!(calistrate(g), r, "{g}");
    // Infinitesimals (tiny-one {0||0|-1}, and {1|0||0}, whose stops are both 0),
    // then games that are not: 1/64 and {1|0} change the reduced form.
    for e in [
        "^",
        "*",
        "v*",
        "^2*",
        "*2",
        "{0||0|-1}",
        "{1|0||0}",
        "1/64",
        "{1|0}",
    ] {
        let e = value(e);
        let close = is_infinitesimal(e);
        assert_eq!((g + e).reduced(&budget).unwrap() == r, close, "{g} + {e}");
    }
}

#[test]
fn reduced_forms_obey_their_laws_on_day_two_and_its_sums() {
    let budget = grundy::cgt::ValueBudget::unlimited();
    let day2 = day_two();
    for &g in &day2 {
        reduced_laws(g);
        for &h in &day2 {
            let sum = g + h;
            reduced_laws(sum);
            // Sums of reduced forms reduce to the reduced sum.
            let parts = g.reduced(&budget).unwrap() + h.reduced(&budget).unwrap();
            assert_eq!(
                parts.reduced(&budget).unwrap(),
                sum.reduced(&budget).unwrap()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn reduced_forms_obey_their_laws_on_random_games(a in tree_strategy(4)) {
        let mut n = Naive::default();
        let t = a.to_naive(&mut n);
        reduced_laws(n.to_game(t));
    }
}

fn aw(text: &str) -> CanonicalForm {
    value(&format!("atomic_weight({text})"))
}

#[test]
fn atomic_weights_as_published_and_worked_out() {
    // aw(n.^ + *m) = n: the atomic weight counts the ups (Winning Ways, ch. 8;
    // Lessons in Play, ch. 9; Siegel, Combinatorial Game Theory, II.7).
    for (g, w) in [
        ("^", "1"),
        ("v", "-1"),
        ("*", "0"),
        ("*7", "0"),
        ("^*", "1"),
        ("^^", "2"),
        ("^^*", "2"),
        ("v3*2", "-3"),
        ("{0|^*}", "2"), // Winning Ways' {0|^*} = ^^
        ("0", "0"),
    ] {
        assert_eq!(aw(g), value(w), "atomic_weight({g})");
    }
    // Clobber [AGNW: Albert, Grossman, Nowakowski, Wolfe, An introduction to
    // Clobber, Integers 5 (2005)]: xo = *, xxo = ^, xoo = v (tests/data/cgt/games.txt),
    // of atomic weights 0, 1, -1.
    for (position, w) in [("xo", "0"), ("xxo", "1"), ("xoo", "-1")] {
        let rules = grundy::registry::build("clobber", &grundy::registry::Params::new()).unwrap();
        let a = rules.analyze(position, grundy::Player::Left, 0).unwrap();
        let grundy::Value::Canonical(g) = a.value.unwrap() else {
            panic!("clobber {position}: not a canonical form");
        };
        let budget = grundy::cgt::ValueBudget::unlimited();
        assert_eq!(
            g.atomic_weight(&budget).unwrap(),
            value(w),
            "clobber {position}"
        );
    }
    // By the calculus, G'' = {aw(G^L) - 2 | aw(G^R) + 2} when it is not an integer:
    // {^^|v}: {0 | 1} = 1/2; +-^^: {0 | 0} = *; +-^3: {1 | -1} = +-1.
    assert_eq!(aw("{^^|v}"), value("1/2"));
    assert_eq!(aw("{^^|v} + {^^|v}"), value("1"));
    assert_eq!(aw("{^^|vv}"), value("*"));
    assert_eq!(aw("{^3|v3}"), value("+-1"));
    // G'' an integer: G = {0 | ^, ^*} has G'' = {-2 | 3} = 0, but G > the far star
    // (G + *N > 0: Right's moves to ^*N and ^*(N+1) leave Left ahead, and after
    // Right's *N -> *k Left moves *k -> 0, leaving G > 0), so aw(G) is the greatest
    // integer n with n <| 3: 2. Its negative has -2.
    assert_eq!(value("{0|^,^*}").to_string(), "{0|^,^*}");
    assert_eq!(aw("{0|^,^*}"), value("2"));
    assert_eq!(aw("{v,v*|0}"), value("-2"));
    // {^^ | *}: G'' = {0 | 2} = 1, G > the far star, the greatest n <| 2 is 1 too.
    assert_eq!(aw("{^^|*}"), value("1"));
}

/// All-small values: every `{L|R}` with `L` and `R` sets of 0, *, ^, v, ^*, v*, *2
/// (both empty or neither), and the Norton multiples `W.^` of the values born by
/// day 2 (all-small, made of ^ and its incentives v and ^*).
fn all_small_values() -> Vec<CanonicalForm> {
    let base: Vec<CanonicalForm> = ["0", "*", "^", "v", "^*", "v*", "*2"]
        .iter()
        .map(|s| value(s))
        .collect();
    let pick = |m: usize| -> Vec<CanonicalForm> {
        (0..7)
            .filter(|i| m >> i & 1 == 1)
            .map(|i| base[i])
            .collect()
    };
    let mut all = Vec::new();
    for l in 0..128usize {
        for r in 0..128usize {
            if (l == 0) == (r == 0) {
                all.push(CanonicalForm::from_options(&pick(l), &pick(r)).unwrap());
            }
        }
    }
    let budget = grundy::cgt::ValueBudget::unlimited();
    for w in day_two() {
        all.push(w.norton(value("^"), &budget).unwrap());
    }
    all.sort_by_key(|g| g.to_string());
    all.dedup();
    all
}

#[test]
fn atomic_weights_add_and_negate_on_all_small_values() {
    let budget = grundy::cgt::ValueBudget::unlimited();
    let games = all_small_values();
    assert_eq!(games.len(), 84);
    let weights: Vec<CanonicalForm> = games
        .iter()
        .map(|g| {
            assert!(g.is_all_small(), "{g}");
            g.atomic_weight(&budget).unwrap()
        })
        .collect();
    for (i, &g) in games.iter().enumerate() {
        assert_eq!((-g).atomic_weight(&budget).unwrap(), -weights[i], "-({g})");
        for (j, &h) in games.iter().enumerate() {
            let w = (g + h).atomic_weight(&budget).unwrap();
            assert_eq!(w, weights[i] + weights[j], "aw({g} + {h})");
        }
    }
}

/// The atomic weight of `G` is the `W` with `G ~ W.^` (Winning Ways, ch. 8;
/// CGSuite's `AtomicWeight`), so the atomic weight of `W.^` is `W`: on every value
/// born by day 2, most of them not integers (1/2, {1|0}, +-1, *, ^...).
#[test]
fn the_atomic_weight_of_w_times_up_is_w() {
    let budget = grundy::cgt::ValueBudget::unlimited();
    for w in day_two() {
        let g = w.norton(value("^"), &budget).unwrap();
        assert_eq!(g.atomic_weight(&budget).unwrap(), w, "{w}.^ = {g}");
    }
}

/// The far star `*N` stands for "a nimber past any in G": the relation of G to `*N`
/// is the same for every `N` from one past the birthday of G on.
#[test]
fn the_far_star_is_remote_enough() {
    for g in all_small_values() {
        let day = u32::try_from(g.birthday()).unwrap();
        let relation = |n: u32| {
            let far = CanonicalForm::nimber(n).unwrap();
            (g.leq(far), far.leq(g))
        };
        for n in day + 2..day + 8 {
            assert_eq!(relation(n), relation(day + 1), "{g} against *{n}");
        }
    }
}

/// Options with their incentives, as printed.
type Printed = Vec<(String, String)>;

#[test]
fn incentives_as_worked_out() {
    let budget = grundy::cgt::ValueBudget::unlimited();
    let incentives = |text: &str| -> (Printed, Printed) {
        let list = grundy::cgt::parse_incentives(&format!("incentives({text})"), &budget)
            .unwrap()
            .unwrap();
        let show = |v: &[(CanonicalForm, CanonicalForm)]| {
            v.iter()
                .map(|(o, i)| (o.to_string(), i.to_string()))
                .collect::<Vec<_>>()
        };
        (show(&list.left), show(&list.right))
    };
    let pairs = |v: &[(&str, &str)]| -> Printed {
        v.iter()
            .map(|(o, i)| (o.to_string(), i.to_string()))
            .collect()
    };
    // {2|-1}: 2 - {2|-1} = 2 + {1|-2} = {3|0}, and {2|-1} - (-1) = {3|0}.
    assert_eq!(
        incentives("{2|-1}"),
        (pairs(&[("2", "{3|0}")]), pairs(&[("-1", "{3|0}")]))
    );
    // * = {0|0}: 0 - * = *, * - 0 = *.
    assert_eq!(
        incentives("*"),
        (pairs(&[("0", "*")]), pairs(&[("0", "*")]))
    );
    // ^ = {0|*}: 0 - ^ = v, ^ - * = ^*.
    assert_eq!(
        incentives("^"),
        (pairs(&[("0", "v")]), pairs(&[("*", "^*")]))
    );
    // 1/2 = {0|1}: both -1/2; 2 = {1|}: -1; 0: none.
    assert_eq!(
        incentives("1/2"),
        (pairs(&[("0", "-1/2")]), pairs(&[("1", "-1/2")]))
    );
    assert_eq!(incentives("2"), (pairs(&[("1", "-1")]), vec![]));
    assert_eq!(incentives("0"), (vec![], vec![]));
    // The options in the order the canonical form prints them. G = {1, +-1 | -1}:
    // -G = {1 | -1, +-1}, so 1 - G = {2 | 0, 1 + +-1} = {2 | 0, {2|0}}; and
    // +-1 - G = {{2|0} | 0}: of its Left options {2|0, {2|0}} and {2|0} the first is
    // dominated, and of its Right options {0 | -2, {0|-2}}, {0|-2} and 0 the second
    // is dominated by the first, which reverses through 0 (+-1 - G <= 0).
    assert_eq!(
        incentives("{1,+-1|-1}").0,
        pairs(&[("+-1", "{2|0||0}"), ("1", "{2|0,{2|0}}")])
    );
    // Not a call of incentives, or not alone.
    assert!(grundy::cgt::parse_incentives("reduced(^)", &budget)
        .unwrap()
        .is_none());
    assert!(grundy::cgt::parse_incentives("incentives(^) + 1", &budget).is_err());
}

/// Every incentive is what its option says it is, `G^L = G + (G^L - G)` and
/// `G^R = G - (G - G^R)`, and a number's are negative (moving in a number costs the
/// mover: its canonical options x^L < x < x^R), on every value born by day 2 and
/// every sum of two.
#[test]
fn incentives_are_the_options_minus_the_game() {
    let budget = grundy::cgt::ValueBudget::unlimited();
    let day2 = day_two();
    let mut games = day2.clone();
    for &g in &day2 {
        for &h in &day2 {
            games.push(g + h);
        }
    }
    for g in games {
        let list = g.incentives(&budget).unwrap();
        assert_eq!(list.left.len(), g.left_options().len());
        assert_eq!(list.right.len(), g.right_options().len());
        for &(gl, i) in &list.left {
            assert!(g.left_options().contains(&gl));
            assert_eq!(g + i, gl, "{g}: Left to {gl}");
        }
        for &(gr, i) in &list.right {
            assert!(g.right_options().contains(&gr));
            assert_eq!(g - i, gr, "{g}: Right to {gr}");
        }
        if g.is_number() {
            let zero = CanonicalForm::zero();
            assert!(list.left.iter().chain(&list.right).all(|&(_, i)| i < zero));
        }
    }
}
