//! Blue-Red-Green Hackenbush on trees: every small position against plain game-tree
//! search (outcome and each player's winning moves, by `verify`); the tree split and
//! the symmetries (branch order, colour swap) against the engine seeing only the
//! moves; green trees against the colon principle, strings and trees against
//! ordinal sums, Blue-Red trees as numbers; notation round trips by proptest.
//! (The sign expansion of Blue-Red strings is checked in `cgt_engine.rs` and
//! `cgt_algebra.rs`, the cases in `tests/cases/hackenbush.txt`.)

use grundy::ruleset::RulesetExt;
use std::collections::BTreeMap;

use grundy::cgt::engine::{Engine, Limits};
use grundy::cgt::{CanonicalForm, ValueBudget};
use grundy::registry::{build, Params};
use grundy::rules::hackenbush::{Colour, Forest, Hackenbush, Tree, LARGEST_TREES};
use grundy::ruleset::AsPartizan;
use grundy::{Player, Value};
use proptest::prelude::*;

use super::partizan::hooks_agree;

/// The positions `verify` lists up to [`LARGEST_TREES`] (6) edges: 1,531 of
/// Blue-Red strings (one to three strings) and 44,628 forests of one to three trees
/// with a green edge or a branch point.
const POSITIONS_UP_TO_6: u64 = 1_531 + 44_628;

fn forest(text: &str) -> Forest {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn value(text: &str) -> CanonicalForm {
    match Hackenbush.value(&forest(text)).unwrap() {
        Value::Canonical(g) => g,
        v => panic!("{text}: {v}"),
    }
}

/// `grundy verify` on every position of up to 6 edges (every forest of one to three
/// trees, each edge blue, red or green, each tree once up to the order of its
/// branches): the engine's outcome and each player's winning moves against plain
/// game-tree search of who wins.
#[test]
fn every_small_forest_agrees_with_plain_search() {
    assert_eq!(LARGEST_TREES, 6);
    let rules = build("hackenbush", &Params::new()).unwrap();
    let report = rules.verify(LARGEST_TREES, &()).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert_eq!(report.positions, POSITIONS_UP_TO_6);
}

/// The value of every position of up to 6 edges with the tree split and the
/// symmetry hook (branches sorted, blue and red swapped) against the engine seeing
/// only the moves.
#[test]
fn component_and_symmetry_hooks_agree_with_the_plain_engine() {
    assert_eq!(hooks_agree(&Hackenbush, LARGEST_TREES), POSITIONS_UP_TO_6);
}

/// The green trees of each size up to `max` edges, once each up to the order of
/// branches, in the notation with the branches sorted as text, each with its
/// nimber by the colon principle (Winning Ways, ch. 7): an edge carrying trees
/// worth *a, *b, ... is a stalk of 1 + (a ⊕ b ⊕ ...) edges. Its multiset
/// enumeration mirrors the one `verify` uses in the ruleset on purpose: the check
/// shares no code with what it checks.
fn green_trees(max: usize) -> Vec<Vec<(String, u32)>> {
    fn multisets(
        planted: &[Vec<(String, u32)>],
        total: usize,
        from: (usize, usize),
        current: &mut Vec<(String, u32)>,
        out: &mut Vec<Vec<(String, u32)>>,
    ) {
        if total == 0 {
            out.push(current.clone());
            return;
        }
        for size in from.0.max(1)..=total {
            let start = if size == from.0 { from.1 } else { 0 };
            for k in start..planted[size].len() {
                current.push(planted[size][k].clone());
                multisets(planted, total - size, (size, k), current, out);
                current.pop();
            }
        }
    }
    let mut planted: Vec<Vec<(String, u32)>> = vec![Vec::new()];
    for n in 1..=max {
        let mut tops = Vec::new();
        multisets(&planted, n - 1, (1, 0), &mut Vec::new(), &mut tops);
        let mut trees = BTreeMap::new();
        for top in tops {
            let mut names: Vec<&str> = top.iter().map(|(s, _)| s.as_str()).collect();
            names.sort_unstable();
            let text = match names[..] {
                [] => "G".to_owned(),
                [one] => format!("G{one}"),
                _ => format!("G({})", names.join(",")),
            };
            let nimber = 1 + top.iter().fold(0, |x, (_, v)| x ^ v);
            trees.insert(text, nimber);
        }
        planted.push(trees.into_iter().collect());
    }
    planted
}

/// Every green tree of up to 10 edges is the nimber the colon principle gives
/// (through the engine, with the hooks), and up to 8 edges the engine without the
/// hooks agrees; the trees of each size are as many as the rooted trees of one
/// more node (OEIS A000081: 1, 1, 2, 4, 9, 20, 48, 115, 286, 719).
#[test]
fn green_trees_are_the_nimbers_of_the_colon_principle() {
    let trees = green_trees(10);
    let counts: Vec<usize> = trees[1..].iter().map(Vec::len).collect();
    assert_eq!(counts, [1, 1, 2, 4, 9, 20, 48, 115, 286, 719]);
    let plain = AsPartizan(&Hackenbush);
    let engine = Engine::new(&plain, Limits::default());
    for (n, list) in trees.iter().enumerate() {
        for (text, nimber) in list {
            let expected = CanonicalForm::nimber(*nimber).unwrap();
            assert_eq!(value(text), expected, "{text}");
            if n <= 8 {
                assert_eq!(engine.value(&forest(text)).unwrap(), expected, "{text}");
            }
        }
    }
    // Green trees side by side add up as nimbers: *1 + *4 + *1 = *4, *1 + *2 + *4
    // = *7.
    assert_eq!(
        value("G,G(G,GG),G(GG,GG)"),
        CanonicalForm::nimber(4).unwrap()
    );
    assert_eq!(value("G,GG,GGGG"), CanonicalForm::nimber(7).unwrap());
}

/// The value of each edge alone: blue 1 = {0|}, red -1 = {|0}, green * = {0|0}.
fn edge(c: Colour) -> CanonicalForm {
    match c {
        Colour::Blue => CanonicalForm::integer(1).unwrap(),
        Colour::Red => CanonicalForm::integer(-1).unwrap(),
        Colour::Green => CanonicalForm::star(),
    }
}

/// A tree is the ordinal sum of its stalk and what stands on the stalk's top: a
/// cut in the stalk drops everything above it (the base's options G^L, G^R), a cut
/// above leaves the stalk (G:H^L, G:H^R), which is the definition of
/// G:H = {G^L, G:H^L | G^R, G:H^R} (Winning Ways, ch. 2; Conway, On Numbers and
/// Games, ch. 15). So a string is its edges' ordinal sums from the ground up, and a
/// tree its stalk's value : the sum of its branches' values. Every string of up to
/// 8 edges (3^8 colourings) and every tree of the enumeration up to 6 edges,
/// against the engine (the base taken in canonical form, as `CanonicalForm::ordinal` does).
#[test]
fn strings_and_trees_are_ordinal_sums() {
    let budget = ValueBudget::unlimited();
    let ordinal = |edges: &[Colour]| {
        edges[1..]
            .iter()
            .fold(edge(edges[0]), |g, &c| g.ordinal(edge(c), &budget).unwrap())
    };
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut n = 0;
    for len in 1..=8u32 {
        for mut code in 0..3usize.pow(len) {
            let edges: Vec<Colour> = (0..len)
                .map(|_| {
                    let c = colours[code % 3];
                    code /= 3;
                    c
                })
                .collect();
            let text: String = edges.iter().map(|c| c.letter()).collect();
            assert_eq!(value(&text), ordinal(&edges), "{text}");
            n += 1;
        }
    }
    assert_eq!(n, (1..=8).map(|k| 3u64.pow(k)).sum::<u64>());
    fn tree_value(t: &Tree, budget: &ValueBudget) -> CanonicalForm {
        let stalk = t.edges()[1..].iter().fold(edge(t.edges()[0]), |g, &c| {
            g.ordinal(edge(c), budget).unwrap()
        });
        let above = t.branches().iter().fold(CanonicalForm::zero(), |g, b| {
            g.add_within(tree_value(b, budget), budget).unwrap()
        });
        stalk.ordinal(above, budget).unwrap()
    }
    let mut trees = 0;
    for size in 1..=LARGEST_TREES {
        let positions = Hackenbush.positions(size).unwrap();
        for i in 0..positions.count {
            let pos = (positions.nth)(i);
            let [tree] = pos.trees() else { continue };
            if tree.branches().is_empty() {
                continue;
            }
            assert_eq!(
                Value::Canonical(tree_value(tree, &budget)),
                Hackenbush.value(&pos).unwrap(),
                "{pos}"
            );
            trees += 1;
        }
    }
    assert!(trees > 5_000, "{trees}");
}

/// Blue-Red Hackenbush positions are numbers (Winning Ways, ch. 2): cutting an
/// edge of one's own colour only loses edges of one's own and frees the other's,
/// so every Left option is below the position and every Right option above. Every
/// Blue-Red forest of the enumeration up to 6 edges is a number, and a few by
/// hand, from the definitions:
/// - `B(R,R)`: Left's only cut leaves 0; Right's cuts leave `BR` = 1/2:
///   {0 | 1/2} = 1/4.
/// - `B(B,R)`: Left leaves 0 or `BR` = 1/2; Right leaves `BB` = 2:
///   {0, 1/2 | 2} = 1, the simplest number between 1/2 and 2.
/// - `BR(B,B)`: Left leaves 0 (cutting the first edge) or `BRB` = 3/4 (cutting a
///   branch); Right leaves `B` = 1: {0, 3/4 | 1} = {3/4 | 1} = 7/8, the simplest
///   number between 3/4 and 1.
#[test]
fn blue_red_trees_are_numbers() {
    let mut n = 0;
    for size in 1..=LARGEST_TREES {
        let positions = Hackenbush.positions(size).unwrap();
        for i in 0..positions.count {
            let pos = (positions.nth)(i);
            let blue_red = pos
                .trees()
                .iter()
                .all(|t| !t.colours().contains(&Colour::Green));
            if !blue_red {
                continue;
            }
            let Value::Canonical(g) = Hackenbush.value(&pos).unwrap() else {
                panic!("{pos}")
            };
            assert!(g.is_number(), "{pos}: {g}");
            n += 1;
        }
    }
    assert!(n > 2_000, "{n}");
    assert_eq!(value("B(R,R)").to_string(), "1/4");
    assert_eq!(value("B(B,R)").to_string(), "1");
    assert_eq!(value("R(B,B)").to_string(), "-1/4");
    assert_eq!(value("BR(B,B)").to_string(), "7/8");
}

/// Green edges with blue and red ones, by hand from the definitions (the options
/// after each cut; the canonical forms by the simplicity rule, dominated options
/// deleted):
/// - `GB` (blue on green): Left leaves 0 or `G` = *, Right leaves 0:
///   {0, * | 0} = ↑* (Winning Ways, ch. 2, the ordinal sum *:1).
/// - `BG` (green on blue): Left leaves 0 or `B` = 1, Right leaves `B` = 1:
///   {0, 1 | 1} = {1 | 1} = 1*.
/// - `GR` and `RG` are their negatives, ↓* and -1*.
/// - `B(G,G)`: Left leaves 0 or `BG` = 1*, Right leaves `BG` = 1*:
///   {0, 1* | 1*} = {1* | 1*} = 1 + {* | *} = 1.
#[test]
fn green_edges_with_blue_and_red_ones() {
    for (text, expected) in [
        ("GB", "^*"),
        ("BG", "1*"),
        ("GR", "v*"),
        ("RG", "-1*"),
        ("B(G,G)", "1"),
        ("GB,BG", "1^"),
        ("BR,G", "1/2*"),
    ] {
        assert_eq!(value(text).to_string(), expected, "{text}");
    }
    // The colour swap negates, branches commute.
    for text in ["G(B,RG)", "B(G,R(G,B))", "GBR(B,G)"] {
        let swapped: String = text
            .chars()
            .map(|c| match c {
                'B' => 'R',
                'R' => 'B',
                c => c,
            })
            .collect();
        assert_eq!(value(&swapped), value(text).try_neg().unwrap(), "{text}");
    }
    assert_eq!(value("B(G,R(G,B))"), value("B(R(B,G),G)"));
}

/// Big positions: a string of 32 green edges is *32 and 64 of them add up to 0;
/// the widest tree the bounds allow, 31 green edges on one, is *2 by the colon
/// principle (1 + (31 ones nim-added)); a bush of seven different branches (16,385
/// positions below it) is its ordinal sum, G : (the sum of its branches); one of
/// ten (1,048,577) is refused at once as too big.
#[test]
fn big_positions_are_valued_or_refused() {
    assert_eq!(value(&"G".repeat(32)).to_string(), "*32");
    assert_eq!(
        value(&vec!["G".repeat(32); 64].join(",")),
        CanonicalForm::zero()
    );
    let wide = format!("G({})", vec!["G"; 31].join(","));
    assert_eq!(value(&wide).to_string(), "*2");
    let rules = build("hackenbush", &Params::new()).unwrap();
    let a = rules.analyze(&wide, Player::Left, 8).unwrap();
    assert_eq!(a.value.unwrap().to_string(), "*2");
    let budget = ValueBudget::unlimited();
    let branches = ["BRG", "BGR", "RBG", "RGB", "GBR", "GRB", "BBG"];
    let sum = branches.iter().fold(CanonicalForm::zero(), |g, b| {
        g.add_within(value(b), &budget).unwrap()
    });
    let bush = format!("G({})", branches.join(","));
    assert_eq!(
        value(&bush),
        CanonicalForm::star().ordinal(sum, &budget).unwrap()
    );
    let too_big = "G(BRG,BGR,RBG,RGB,GBR,GRB,BBG,RRG,GGB,GGR)";
    let started = std::time::Instant::now();
    let err = rules
        .analyze(too_big, Player::Left, 8)
        .unwrap_err()
        .to_string();
    assert!(err.contains("position too big"), "{err}");
    assert!(err.contains("1048577"), "{err}");
    assert!(started.elapsed().as_secs() < 1);
}

/// A random tree of at most `max` edges (at least one) from a stream of numbers,
/// in the notation, and how many edges it has.
fn grow(picks: &mut impl Iterator<Item = u8>, max: usize) -> (String, usize) {
    let mut text = String::new();
    let mut used = 0;
    loop {
        let p = picks.next().unwrap_or(0);
        text.push(['B', 'R', 'G'][usize::from(p % 3)]);
        used += 1;
        if used == max || p % 4 == 0 {
            break;
        }
    }
    let p = picks.next().unwrap_or(0);
    let left = max - used;
    if left >= 2 && p % 3 == 0 {
        let count = if left >= 3 && p % 2 == 0 { 3 } else { 2 };
        text.push('(');
        for k in 0..count {
            // At least one edge for each branch still to come.
            let (branch, n) = grow(picks, max - used - (count - 1 - k));
            used += n;
            if k > 0 {
                text.push(',');
            }
            text.push_str(&branch);
        }
        text.push(')');
    }
    (text, used)
}

proptest! {
    /// Random forests print as they read, and read back the same.
    #[test]
    fn random_forests_round_trip(
        picks in proptest::collection::vec(any::<u8>(), 0..200),
        trees in 1usize..6,
    ) {
        let mut picks = picks.into_iter();
        let made: Vec<Tree> = (0..trees)
            .map(|_| forest(&grow(&mut picks, 12).0).trees()[0].clone())
            .collect();
        let pos = Forest::from_trees(made).unwrap();
        let text = pos.to_string();
        prop_assert_eq!(text.parse::<Forest>().unwrap(), pos);
    }

    /// Any text either reads and prints back the same, or is refused at a column
    /// inside it (or just past its end).
    #[test]
    fn any_text_reads_back_or_is_refused_at_a_column(text in "[BRG(),.]{0,40}") {
        match text.parse::<Forest>() {
            Ok(pos) => prop_assert_eq!(pos.to_string(), text),
            Err(e) => prop_assert!(
                e.column >= 1 && e.column <= text.chars().count() + 1,
                "{text:?}: {e}"
            ),
        }
    }
}
