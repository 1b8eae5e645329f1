//! Smith's sum rule against brute force: on random small digraphs, the result of a
//! sum of tokens by the rule (each token's generalised Sprague-Grundy value) equals
//! a plain retrograde analysis of the product graph written here, and the
//! analysis (the library's retrograde engine) agrees with both.

use std::collections::HashMap;

use grundy::engine::loopy::{smith_values, LoopyValue};
use grundy::engine::retrograde::GameResult;
use grundy::Player;
use proptest::prelude::*;

/// Win, loss or draw of every joint position of `k` tokens (ordered tuples) by
/// fixpoint iteration: a position is won if some move reaches a lost one, lost if
/// every move reaches a won one (no move: lost), and a draw if neither ever holds.
fn brute(succ: &[Vec<usize>], k: usize) -> HashMap<Vec<usize>, GameResult> {
    let n = succ.len();
    let mut all: Vec<Vec<usize>> = vec![vec![]];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|t| {
                (0..n).map(move |v| {
                    let mut t = t.clone();
                    t.push(v);
                    t
                })
            })
            .collect();
    }
    let options = |t: &Vec<usize>| -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for i in 0..t.len() {
            for &w in &succ[t[i]] {
                let mut u = t.clone();
                u[i] = w;
                out.push(u);
            }
        }
        out
    };
    let mut result: HashMap<Vec<usize>, GameResult> = HashMap::new();
    loop {
        let mut changed = false;
        for t in &all {
            if result.contains_key(t) {
                continue;
            }
            let opts = options(t);
            let r = if opts
                .iter()
                .any(|o| result.get(o) == Some(&GameResult::Lose))
            {
                Some(GameResult::Win)
            } else if opts.iter().all(|o| result.get(o) == Some(&GameResult::Win)) {
                Some(GameResult::Lose)
            } else {
                None
            };
            if let Some(r) = r {
                result.insert(t.clone(), r);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for t in all {
        result.entry(t).or_insert(GameResult::Draw);
    }
    result
}

fn text(edges: &[(usize, usize)], tokens: &[usize]) -> String {
    let e: Vec<String> = edges.iter().map(|(a, b)| format!("{a}>{b}")).collect();
    let t: Vec<String> = tokens.iter().map(usize::to_string).collect();
    format!("{}@{}", e.join(","), t.join(","))
}

/// Checks every joint position of `k` tokens; the first disagreement.
fn check(
    n: usize,
    edges: &[(usize, usize)],
    k: usize,
    rule: impl Fn(&[LoopyValue]) -> GameResult,
) -> Result<(), String> {
    let mut succ = vec![Vec::new(); n];
    for &(a, b) in edges {
        if !succ[a].contains(&b) {
            succ[a].push(b);
        }
    }
    let values = smith_values(&succ);
    for (t, want) in brute(&succ, k) {
        let parts: Vec<LoopyValue> = t.iter().map(|&v| values[v].clone()).collect();
        let got = rule(&parts);
        if got != want {
            return Err(format!(
                "{}: rule {got}, brute force {want}",
                text(edges, &t)
            ));
        }
    }
    Ok(())
}

fn smith(parts: &[LoopyValue]) -> GameResult {
    LoopyValue::sum(parts).result()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Sums of one, two and three tokens on graphs of up to 6 vertices.
    #[test]
    fn the_sum_rule_agrees_with_the_product_graph(
        n in 1usize..=6,
        raw in proptest::collection::vec((0usize..6, 0usize..6), 0..14),
    ) {
        let edges: Vec<(usize, usize)> = raw.into_iter().map(|(a, b)| (a % n, b % n)).collect();
        for k in 1..=3 {
            prop_assert_eq!(check(n, &edges, k, smith), Ok(()));
        }
    }

    /// The analysis (the retrograde engine over the tokens' joint positions) gives
    /// the brute force's result for two tokens, and the rule's values in its words.
    #[test]
    fn the_analysis_agrees_with_the_product_graph(
        n in 1usize..=5,
        raw in proptest::collection::vec((0usize..5, 0usize..5), 0..10),
        a in 0usize..5,
        b in 0usize..5,
    ) {
        let edges: Vec<(usize, usize)> = raw.into_iter().map(|(x, y)| (x % n, y % n)).collect();
        let (a, b) = (a % n, b % n);
        let mut succ = vec![Vec::new(); n];
        for &(x, y) in &edges {
            if !succ[x].contains(&y) {
                succ[x].push(y);
            }
        }
        let want = brute(&succ, 2)[&vec![a, b]];
        let game = grundy::registry::build("digraph", &Default::default()).unwrap();
        let analysis = game.analyze(&text(&edges, &[a, b]), Player::Left, 100).unwrap();
        prop_assert_eq!(analysis.result, want);
        prop_assert_eq!(analysis.remoteness.is_none(), want == GameResult::Draw);
        let values = smith_values(&succ);
        prop_assert_eq!(
            &analysis.reduction["sum"],
            &serde_json::json!(values[a].add(&values[b]).to_string())
        );
    }
}

#[test]
fn a_planted_wrong_rule_is_caught() {
    // Reading two infinite parts as a win (instead of a draw) fails on a two-cycle.
    let wrong = |parts: &[LoopyValue]| {
        let infinite = parts
            .iter()
            .filter(|v| matches!(v, LoopyValue::Infinite(_)))
            .count();
        if infinite >= 2 {
            GameResult::Win
        } else {
            smith(parts)
        }
    };
    assert!(check(2, &[(0, 1), (1, 0)], 2, wrong).is_err());
    assert!(check(2, &[(0, 1), (1, 0)], 2, smith).is_ok());
}
