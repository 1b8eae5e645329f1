//! Misère play against the definition, by code written here apart from the library:
//! the genus of heaps, the misère Grundy values of sums, the tame rule, misère Nim,
//! and misère play through the registry.

use std::collections::HashMap;

use grundy::misere::genus::{GenusSolver, HeapGenus, DEFAULT_BUDGET};
use grundy::misere::nim::{sum_grundy, Tame};
use grundy::registry::{self, Params};
use grundy::ruleset::{Kind, ParamError};
use grundy::Player;

/// A heap game by its rules: the options of a heap of n, each the heaps it leaves.
type Rules = fn(u64) -> Vec<Vec<u64>>;

/// Every way to leave `rest` stones as two heaps a + b, a ≤ b, both at least `least`.
fn splits(rest: u64, least: u64) -> Vec<Vec<u64>> {
    (least..=rest / 2)
        .filter(|&a| rest - a >= least)
        .map(|a| [a, rest - a].into_iter().filter(|&h| h > 0).collect())
        .collect()
}

/// Nim: any smaller heap.
fn nim(n: u64) -> Vec<Vec<u64>> {
    (0..n).map(|k| vec![k]).collect()
}

/// Kayles (0.77): knock down one or two adjacent pins of a row, leaving two rows.
fn kayles(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in 1..=2 {
        if n >= take {
            out.extend(splits(n - take, 0));
        }
    }
    out
}

/// Dawson's Kayles (0.07): knock down two adjacent pins.
fn dawson(n: u64) -> Vec<Vec<u64>> {
    if n >= 2 {
        splits(n - 2, 0)
    } else {
        Vec::new()
    }
}

/// 0.75: take one stone (leaving 0, 1 or 2 heaps), or two stones leaving nothing or
/// two non-empty heaps.
fn code_075(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    if n >= 1 {
        out.extend(splits(n - 1, 0));
    }
    if n == 2 {
        out.push(vec![]);
    }
    if n >= 2 {
        out.extend(splits(n - 2, 1));
    }
    out
}

/// The subtraction game {1, 2, 3}.
fn subtract_123(n: u64) -> Vec<Vec<u64>> {
    (1..=3.min(n)).map(|s| vec![n - s]).collect()
}

const GAMES: &[(&str, Rules, u64)] = &[
    ("nim", nim, 9),
    ("kayles", kayles, 13),
    ("dawson", dawson, 15),
    ("0.75", code_075, 12),
    ("subtraction {1,2,3}", subtract_123, 20),
];

/// A part of a sum: a heap of the game, or a Nim heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    Heap(u64),
    Nim(u64),
}

/// The misère (or normal) Grundy value of a sum, by the definition: no reductions.
struct Brute {
    rules: Rules,
    misere: bool,
    memo: HashMap<Vec<Part>, u32>,
}

impl Brute {
    fn new(rules: Rules, misere: bool) -> Brute {
        Brute {
            rules,
            misere,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, sum: &[Part]) -> u32 {
        let mut key: Vec<Part> = sum.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            let rest = || {
                let mut r = key.clone();
                r.remove(i);
                r
            };
            match key[i] {
                Part::Heap(n) => {
                    for option in (self.rules)(n) {
                        let mut next = rest();
                        next.extend(option.into_iter().map(Part::Heap));
                        seen.push(self.value(&next));
                    }
                }
                Part::Nim(m) => {
                    for j in 0..m {
                        let mut next = rest();
                        next.push(Part::Nim(j));
                        seen.push(self.value(&next));
                    }
                }
            }
        }
        let v = if seen.is_empty() && self.misere {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert(key, v);
        v
    }
}

fn genera(rules: Rules, up_to: u64) -> (Vec<HeapGenus>, GenusSolver<'static>) {
    let options: &'static dyn Fn(u64) -> Vec<Vec<u64>> = Box::leak(Box::new(rules));
    let mut solver = GenusSolver::new(options);
    let table = solver.heaps(up_to, DEFAULT_BUDGET).unwrap();
    (table, solver)
}

/// Every γk, k = 0..8, of every heap up to the game's bound, against the misère
/// Grundy value of the heap plus k − 1 Nim heaps of two by the definition.
#[test]
fn the_genus_is_the_definition() {
    for &(name, rules, up_to) in GAMES {
        let (table, _) = genera(rules, up_to);
        let mut normal = Brute::new(rules, false);
        let mut misere = Brute::new(rules, true);
        for h in &table {
            let n = h.heap;
            assert_eq!(
                h.genus.gamma(0),
                normal.value(&[Part::Heap(n)]),
                "{name} heap {n}: γ0"
            );
            for k in 1..=8usize {
                let mut sum = vec![Part::Heap(n)];
                sum.extend(std::iter::repeat_n(Part::Nim(2), k - 1));
                assert_eq!(
                    h.genus.gamma(k),
                    misere.value(&sum),
                    "{name} heap {n}: γ{k}"
                );
            }
            assert!(h.genus.values.len() >= 4, "{name} heap {n}: written to γ3");
        }
    }
}

/// The misère Grundy value of every sum of heaps of total size up to 10, from the
/// solver's reduced states, against the definition.
#[test]
fn sums_are_the_definition() {
    for &(name, rules, _) in GAMES {
        let (_, mut solver) = genera(rules, 10);
        let mut misere = Brute::new(rules, true);
        for_each_multiset(10, &mut |heaps| {
            let parts: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
            let found = solver
                .misere_grundy(heaps, &mut grundy::engine::Budget::unlimited())
                .unwrap();
            assert_eq!(found, misere.value(&parts), "{name} {heaps:?}");
        });
    }
}

/// Sums of tame heaps follow the rule of misère Nim: every sum of total size up to
/// 12, for every game, against the definition. Some heaps of each splitting game
/// are wild, and are left out.
#[test]
fn tame_heaps_add_like_nim() {
    let mut checked = 0;
    for &(name, rules, _) in GAMES {
        let (table, _) = genera(rules, 12);
        let mut misere = Brute::new(rules, true);
        for_each_multiset(12, &mut |heaps| {
            if heaps.iter().any(|&h| !table[h as usize].tame) {
                return;
            }
            let parts = heaps.iter().map(|&h| {
                let g = &table[h as usize].genus;
                Tame {
                    grundy: u128::from(g.normal()),
                    firm: g.firm(),
                }
            });
            let sum: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
            assert_eq!(
                u32::try_from(sum_grundy(parts)).unwrap(),
                misere.value(&sum),
                "{name} {heaps:?}"
            );
            checked += 1;
        });
    }
    assert!(checked > 1000, "{checked} sums checked");
}

/// Nim heaps are tame: 0^120, 1^031, and n^{n, n⊕2} for n ≥ 2 (Conway, On Numbers
/// and Games, ch. 12).
#[test]
fn nim_heaps_have_nim_genera() {
    let (table, _) = genera(nim, 9);
    let notation: Vec<String> = table.iter().map(|h| h.genus.to_string()).collect();
    assert_eq!(
        notation,
        [
            "0^120", "1^031", "2^20", "3^31", "4^46", "5^57", "6^64", "7^75", "8^(8,10)",
            "9^(9,11)"
        ]
    );
    assert!(table.iter().all(|h| h.tame));
}

/// Kayles is wild from heap 5 on (its genus 4^146 is no Nim position's); heaps 0 to
/// 4 are tame.
#[test]
fn kayles_turns_wild_at_five() {
    let (table, _) = genera(kayles, 12);
    let tame: Vec<u64> = table.iter().filter(|h| h.tame).map(|h| h.heap).collect();
    assert_eq!(tame, [0, 1, 2, 3, 4]);
    assert_eq!(table[5].genus.to_string(), "4^146");
}

fn for_each_multiset(total: u64, f: &mut dyn FnMut(&[u64])) {
    fn go(left: u64, largest: u64, heaps: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
        f(heaps);
        for h in (1..=largest.min(left)).rev() {
            heaps.push(h);
            go(left - h, h, heaps, f);
            heaps.pop();
        }
    }
    go(total, total, &mut Vec::new(), f);
}

/// Misère Nim's closed form against the exhaustive engine on every position of up
/// to 9 tokens, through the registry as every command builds it.
#[test]
fn misere_nim_verifies() {
    let game = registry::build("nim", &Params::new().with("misere", "true")).unwrap();
    let report = game.verify(9, &()).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert_eq!(report.positions, 1 << 9);
}

/// Misère play of games without a misère closed form comes from the engine, and
/// agrees with the definition: sums of Kayles heaps.
#[test]
fn engine_answers_misere_kayles() {
    let game = registry::build(
        "octal",
        &Params::new().with("code", "0.77").with("misere", "yes"),
    )
    .unwrap();
    let mut misere = Brute::new(kayles, true);
    for_each_multiset(9, &mut |heaps| {
        let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let a = game.analyze(&text.join(","), Player::Left, 100).unwrap();
        let parts: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
        let expected = misere.value(&parts);
        assert_eq!(a.misere_grundy, Some(u128::from(expected)), "{heaps:?}");
        assert_eq!(a.to_move_wins, expected != 0, "{heaps:?}");
        assert_eq!(a.convention, Some("misere"));
        assert!(a.value.is_none());
        for m in &a.winning_moves {
            let after: Vec<Part> = if m.after.is_empty() {
                Vec::new()
            } else {
                m.after
                    .split(',')
                    .map(|h| Part::Heap(h.parse().unwrap()))
                    .collect()
            };
            assert_eq!(
                misere.value(&after),
                0,
                "{heaps:?}: {} is not winning",
                m.mv
            );
        }
    });
}

/// A partizan game refuses misère play; the flag's value is checked.
#[test]
fn misere_is_for_impartial_games() {
    let Err(e) = registry::build("domineering", &Params::new().with("misere", "true")) else {
        panic!("misère domineering built");
    };
    assert_eq!(
        e.to_string(),
        "misere applies to impartial games only; domineering is partizan"
    );
    let Err(e) = registry::build("nim", &Params::new().with("misere", "maybe")) else {
        panic!("misere maybe accepted");
    };
    assert!(e.to_string().contains("expected true or false"), "{e}");
    let normal = registry::build("nim", &Params::new().with("misere", "false")).unwrap();
    assert!(normal.analyze("1", Player::Left, 1).unwrap().to_move_wins);
}

/// Every game of the registry under `misere`, built with its required parameters'
/// examples: an impartial game is played misère unless it has ties or endless play,
/// a partizan one is refused, and no game is left without the reason (a registry
/// entry that builds an impartial game for normal play only).
#[test]
fn every_impartial_game_without_draws_plays_misere() {
    let mut played = Vec::new();
    for spec in registry::RULESETS {
        let params = registry::example_params(spec);
        let normal = registry::build(spec.name, &params).unwrap();
        match registry::build(spec.name, &params.with("misere", "true")) {
            Ok(game) => {
                assert_eq!(normal.kind(), Kind::Impartial, "{}", spec.name);
                let a = game.analyze(spec.example, Player::Left, 1).unwrap();
                assert_eq!(a.convention, Some("misere"), "{}", spec.name);
                played.push(spec.name);
            }
            Err(ParamError::Misere { game }) => {
                assert_eq!(normal.kind(), Kind::Partizan, "{game}");
            }
            Err(ParamError::MisereDraws { .. }) => {}
            Err(e) => panic!("{}: {e}", spec.name),
        }
    }
    for name in [
        "nim", "octal", "pawns", "table", "towers", "cram", "wythoff",
    ] {
        assert!(
            played.contains(&name),
            "{name} is not played misère: {played:?}"
        );
    }
}

/// The subtraction game {1,2,3} through the registry: its heaps are tame, so every
/// sum is answered by the genus rule (its closed form), checked with its winning
/// moves against the definition on every sum of total size up to 14.
#[test]
fn tame_subtraction_sums_through_the_registry() {
    let game = registry::build(
        "subtraction",
        &Params::new().with("set", "1,2,3").with("misere", "true"),
    )
    .unwrap();
    let mut misere = Brute::new(subtract_123, true);
    for_each_multiset(14, &mut |heaps| {
        let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let a = game.analyze(&text.join(","), Player::Left, 100).unwrap();
        let parts: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
        let expected = misere.value(&parts);
        assert_eq!(a.misere_grundy, Some(u128::from(expected)), "{heaps:?}");
        let mut winning = 0;
        for m in &a.winning_moves {
            let after: Vec<Part> = m
                .after
                .split(',')
                .map(|h| Part::Heap(h.parse().unwrap()))
                .collect();
            assert_eq!(misere.value(&after), 0, "{heaps:?}: {}", m.mv);
            winning += 1;
        }
        // Every winning move is listed: count the moves to a 0 by the definition.
        let mut expected_count = 0;
        for i in 0..heaps.len() {
            for option in subtract_123(heaps[i]) {
                let mut after: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
                after.remove(i);
                after.extend(option.into_iter().map(Part::Heap));
                if misere.value(&after) == 0 {
                    expected_count += 1;
                }
            }
        }
        assert_eq!(winning, expected_count, "{heaps:?}");
        assert_eq!(a.winning_move_count, Some(winning), "{heaps:?}");
    });
}

mod quotients {
    use super::*;
    use grundy::misere::quotient::{Quotient, DEFAULT_BUDGET};
    use grundy::sequence::check::Rules;

    /// Every sum of heaps up to the bound of total size up to `total`: the quotient's
    /// outcome against the definition.
    fn outcomes_agree(
        name: &str,
        rules: Rules,
        brute_rules: super::Rules,
        bound: usize,
        total: u64,
    ) -> usize {
        let q = Quotient::compute(name, &rules, bound, DEFAULT_BUDGET).unwrap();
        assert_eq!(
            q.order() % 2,
            0,
            "{name}: impartial quotients have even order (PS08)"
        );
        let mut misere = Brute::new(brute_rules, true);
        let mut checked = 0;
        for_each_multiset(total, &mut |heaps| {
            if heaps.iter().any(|&h| h as usize > bound) {
                return;
            }
            let parts: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
            assert_eq!(
                q.is_p_position(heaps),
                Some(misere.value(&parts) == 0),
                "{name} {heaps:?}"
            );
            checked += 1;
        });
        q.order()
    }

    #[test]
    fn quotients_give_the_outcomes() {
        assert_eq!(
            outcomes_agree(
                "octal 0.75",
                Rules::TakeAndBreak(vec![0, 7, 5]),
                code_075,
                8,
                14
            ),
            8
        );
        assert_eq!(
            outcomes_agree(
                "octal 0.77",
                Rules::TakeAndBreak(vec![0, 7, 7]),
                kayles,
                8,
                14
            ),
            12
        );
        assert_eq!(
            outcomes_agree(
                "octal 0.07",
                Rules::TakeAndBreak(vec![0, 0, 7]),
                dawson,
                10,
                14
            ),
            12
        );
        assert_eq!(
            outcomes_agree(
                "subtraction 1,2,3",
                Rules::Subtract(vec![1, 2, 3]),
                subtract_123,
                8,
                14
            ),
            6
        );
        assert_eq!(
            outcomes_agree("nim", Rules::Subtract((1..=9).collect()), nim, 9, 14),
            18
        );
    }

    /// 0.75's quotient is Plambeck's R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩
    /// with P = {a, b²} (T. E. Plambeck, "Taming the wild in impartial combinatorial
    /// games", Integers 5 (2005) G5), the one quotient of order 8 (A. N. Siegel, "The
    /// structure and classification of misère quotients", 2007): a = heap 1, b = heap
    /// 2, c = heap 5.
    #[test]
    fn octal_075_is_r8() {
        let q = Quotient::compute(
            "octal 0.75",
            &Rules::TakeAndBreak(vec![0, 7, 5]),
            12,
            DEFAULT_BUDGET,
        )
        .unwrap();
        let c = q.certificate();
        let t = |x: u32, y: u32| c.table[x as usize][y as usize];
        let (one, a, b, cc) = (0, c.pretending[1], c.pretending[2], c.pretending[5]);
        assert_eq!(c.table.len(), 8);
        assert_eq!(t(a, a), one);
        assert_eq!(t(t(b, b), b), b);
        assert_eq!(t(b, cc), t(a, b));
        assert_eq!(t(cc, cc), t(b, b));
        let mut p = c.p_portion.clone();
        p.sort_unstable();
        let mut expected = vec![a, t(b, b)];
        expected.sort_unstable();
        assert_eq!(p, expected);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// Random sums of 0.75's heaps up to 8, of up to 5 heaps and 20 stones (beyond the
        /// exhaustive range): the quotient's outcome against the exhaustive engine of
        /// the registry's misère 0.75.
        #[test]
        fn octal_075_quotient_on_random_sums(heaps in proptest::collection::vec(1u64..=8, 0..6)) {
            // The engine takes sums of up to 20 stones.
            proptest::prop_assume!(heaps.iter().sum::<u64>() <= 20);
            let q = Quotient::compute("octal 0.75", &Rules::TakeAndBreak(vec![0, 7, 5]), 8, DEFAULT_BUDGET).unwrap();
            let game = registry::build("octal", &Params::new().with("code", "0.75").with("misere", "true")).unwrap();
            let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let a = game.analyze(&text.join(","), Player::Left, 0).unwrap();
            proptest::prop_assert_eq!(q.is_p_position(&heaps), Some(!a.to_move_wins), "{:?}", heaps);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Sums of wild Kayles heaps too big for the exhaustive engine (up to 28
        /// stones): the registry's misère analysis answers them through the misère
        /// quotient; who wins and every winning move against the definition.
        #[test]
        fn wild_kayles_through_the_quotient(heaps in proptest::collection::vec(5u64..=8, 3..5)) {
            proptest::prop_assume!(heaps.iter().sum::<u64>() <= 28);
            let game = registry::build("octal", &Params::new().with("code", "0.77").with("misere", "true")).unwrap();
            let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let a = game.analyze(&text.join(","), Player::Left, 1000).unwrap();
            let mut misere = Brute::new(kayles, true);
            let parts: Vec<Part> = heaps.iter().map(|&h| Part::Heap(h)).collect();
            proptest::prop_assert_eq!(a.to_move_wins, misere.value(&parts) != 0);
            let mut expected = 0u128;
            for (i, &heap) in heaps.iter().enumerate() {
                for option in kayles(heap) {
                    let mut after = parts.clone();
                    after.remove(i);
                    after.extend(option.into_iter().map(Part::Heap));
                    if misere.value(&after) == 0 {
                        expected += 1;
                    }
                }
            }
            proptest::prop_assert_eq!(a.winning_move_count, Some(expected));
        }
    }
}

/// `verify --misere` of Kayles, wild from heap 5: the sums the misère quotient answers
/// are checked on who wins and every winning move, every position up to 9 stones.
#[test]
fn wild_kayles_verifies() {
    let game = registry::build(
        "octal",
        &Params::new().with("code", "0.77").with("misere", "true"),
    )
    .unwrap();
    let report = game.verify(9, &()).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert_eq!(report.positions, 1 << 9);
}
