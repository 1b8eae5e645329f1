//! The search checked against the retrograde engine on every vertex of random acyclic
//! games, with tables small enough that positions keep replacing each other.

use super::*;
use crate::engine::retrograde::{solve, GameResult, StateGraph};
use crate::engine::testing::{Listed, Rng};
use crate::engine::Budget;
use crate::ruleset::End;

/// A listed game as a search space: vertex `v` has key `v`; with the longest game
/// from each vertex where `longest` is some.
struct ListedSpace(Listed, Option<Vec<u32>>);

/// A listed game with estimates that are a hash of the vertex (any estimate must
/// leave the proven answers alone).
struct Guessing(ListedSpace);

impl Space for Guessing {
    type Node = u32;
    type Move = u32;
    type Key = u64;

    fn key(&self, node: &u32) -> u64 {
        self.0.key(node)
    }

    fn legal(&self, node: &u32) -> Vec<u32> {
        self.0.legal(node)
    }

    fn play(&self, node: &u32, mv: u32) -> u32 {
        self.0.play(node, mv)
    }

    fn longest(&self, node: &u32) -> Option<u32> {
        self.0.longest(node)
    }

    fn expand(&self, node: &u32, moves: &mut Vec<u32>) -> Expansion {
        self.0.expand(node, moves)
    }

    fn estimate(&self, node: &u32) -> i32 {
        (u64::from(*node).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 44) as i32 - (1 << 19)
    }
}

impl Space for ListedSpace {
    type Node = u32;
    type Move = u32;
    type Key = u64;

    fn key(&self, node: &u32) -> u64 {
        u64::from(*node)
    }

    fn legal(&self, node: &u32) -> Vec<u32> {
        self.0.successors(node)
    }

    fn play(&self, _: &u32, mv: u32) -> u32 {
        mv
    }

    fn longest(&self, node: &u32) -> Option<u32> {
        self.1.as_ref().map(|l| l[*node as usize])
    }

    /// Vertices are 32-bit numbers: the table packs its slots (those of `Guessing`,
    /// which does not say, keep keys whole).
    fn key_max(&self) -> Option<u64> {
        Some(u32::MAX.into())
    }

    fn expand(&self, node: &u32, moves: &mut Vec<u32>) -> Expansion {
        match self.0.end(node) {
            Some(End::Win) => Expansion::Known(Score::win(0)),
            Some(End::Lose) => Expansion::Known(Score::lose(0)),
            Some(End::Tie) => Expansion::Known(Score::TIE),
            None if self.0.succ[*node as usize].is_empty() => Expansion::Known(Score::lose(0)),
            None => {
                moves.extend(self.legal(node));
                Expansion::UNBOUNDED
            }
        }
    }
}

/// A random game on `n` vertices whose moves go to higher vertices only.
fn random_dag(rng: &mut Rng, n: u32) -> Listed {
    let mut g = Listed::default();
    for v in 0..n {
        let left = u64::from(n - v - 1);
        let k = if left == 0 { 0 } else { rng.below(4) };
        let succ: Vec<u32> = (0..k).map(|_| v + 1 + rng.below(left) as u32).collect();
        g.succ.push(succ);
        g.ends.push(match rng.below(12) {
            0 => Some(End::Tie),
            1 => Some(End::Win),
            2 => Some(End::Lose),
            _ => None,
        });
    }
    g
}

/// The score the retrograde engine's answer means.
fn score_of(result: GameResult, remoteness: Option<u32>) -> Score {
    match result {
        GameResult::Win => Score::win(remoteness.unwrap()),
        GameResult::Lose => Score::lose(remoteness.unwrap()),
        _ => Score::TIE,
    }
}

#[test]
fn the_search_agrees_with_the_retrograde_engine_on_random_games() {
    let mut rng = Rng(0x5eed_cafe);
    for _ in 0..300 {
        let n = 2 + rng.below(40) as u32;
        let g = random_dag(&mut rng, n);
        let solved = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        // The longest game from each vertex (moves go to higher vertices).
        let mut longest = vec![0u32; n as usize];
        for v in (0..n as usize).rev() {
            if g.ends[v].is_none() {
                longest[v] = g.succ[v]
                    .iter()
                    .map(|&c| longest[c as usize] + 1)
                    .max()
                    .unwrap_or(0);
            }
        }
        for (space, memory) in [
            (ListedSpace(g.clone(), None), MIN_MEMORY),
            (ListedSpace(g.clone(), None), 1 << 16),
            (ListedSpace(g.clone(), Some(longest.clone())), MIN_MEMORY),
            (ListedSpace(g.clone(), Some(longest)), 1 << 16),
        ] {
            let mut search = Search::new(&space, Limits::new(memory, u64::MAX).unwrap());
            for v in 0..n {
                let Some((result, remoteness)) = solved.get(&v) else {
                    continue;
                };
                let want = score_of(result, remoteness);
                // Who wins alone, on a fresh table and on the one shared below.
                let mut fresh = Search::new(&space, Limits::new(memory, u64::MAX).unwrap());
                assert_eq!(fresh.wins(&v).unwrap(), want > Score::TIE, "vertex {v}");
                assert_eq!(search.wins(&v).unwrap(), want > Score::TIE, "vertex {v}");
                assert_eq!(search.score(&v).unwrap(), want, "vertex {v} of {g:?}");
                let (score, best) = search.best_moves(&v).unwrap();
                assert_eq!(score, want);
                let want_best: Vec<u32> = space
                    .legal(&v)
                    .into_iter()
                    .filter(|c| {
                        let (r, m) = solved.get(c).unwrap();
                        score_of(r, m).before() == want
                    })
                    .collect();
                assert_eq!(best, want_best, "vertex {v} of {g:?}");
                let scores = search.move_scores(&v).unwrap();
                for (c, s) in scores {
                    let (r, m) = solved.get(&c).unwrap();
                    assert_eq!(s, score_of(r, m).before());
                }
            }
        }
    }
}

#[test]
fn the_search_stops_at_its_budget_and_its_deadline() {
    // A long chain with a branch at every vertex.
    let n = 2000u32;
    let g = Listed {
        succ: (0..n).map(|v| (v + 1..(v + 3).min(n)).collect()).collect(),
        ends: vec![None; n as usize],
        tiers: Vec::new(),
    };
    let space = ListedSpace(g, None);
    let mut search = Search::new(&space, Limits::new(MIN_MEMORY, 5000).unwrap());
    assert_eq!(search.score(&0), Err(Stop::Nodes(5000)));
    let past = std::time::Instant::now() - std::time::Duration::from_secs(1);
    let mut search = Search::new(&space, Limits::new(MIN_MEMORY, u64::MAX).unwrap());
    let stopped = deadline::within(past, || search.score(&0));
    assert_eq!(stopped, Err(Stop::Time));
}

#[test]
fn memory_out_of_range_is_refused() {
    assert!(Limits::new(MIN_MEMORY - 1, 1).is_err());
    assert!(Limits::new(MAX_MEMORY + 1, 1).is_err());
    assert!(Limits::new(DEFAULT_MEMORY, 1).is_ok());
}

/// A listed game's vertices with their exact scores, and every way of searching it.
fn random_cases(seed: u64, games: usize) -> Vec<(Listed, Vec<Option<Score>>)> {
    let mut rng = Rng(seed);
    (0..games)
        .map(|_| {
            let n = 2 + rng.below(40) as u32;
            let g = random_dag(&mut rng, n);
            let solved = solve(&g, 0, &mut Budget::unlimited()).unwrap();
            let scores = (0..n)
                .map(|v| solved.get(&v).map(|(r, m)| score_of(r, m)))
                .collect();
            (g, scores)
        })
        .collect()
}

/// Whether `mv` from `v` keeps the score `want` of `v`.
fn keeps(scores: &[Option<Score>], mv: u32, want: Score) -> bool {
    scores[mv as usize].is_some_and(|s| s.before() == want)
}

#[test]
fn deepening_proves_the_exact_score_with_a_move_that_keeps_it() {
    for (g, scores) in random_cases(0x00de_e9e2, 200) {
        for memory in [MIN_MEMORY, 1 << 16] {
            for space in [
                Guessing(ListedSpace(g.clone(), None)),
                ListedSpace(g.clone(), None).into(),
            ] {
                let mut search = Search::new(&space, Limits::new(memory, u64::MAX).unwrap());
                for (v, want) in scores.iter().enumerate() {
                    let (v, Some(want)) = (v as u32, *want) else {
                        continue;
                    };
                    let found = search.deepen(&v);
                    assert_eq!(found.proven, Some(want), "vertex {v} of {g:?}");
                    match found.best {
                        None => assert!(space.legal(&v).is_empty()),
                        Some(mv) => assert!(keeps(&scores, mv, want), "vertex {v} of {g:?}"),
                    }
                }
            }
        }
    }
}

impl From<ListedSpace> for Guessing {
    /// The listed game with every estimate 0 (the default's).
    fn from(space: ListedSpace) -> Self {
        Guessing(ListedSpace(space.0, space.1))
    }
}

#[test]
fn a_decision_within_any_limits_is_legal_and_proven_only_when_true() {
    for (g, scores) in random_cases(0x00de_c1de, 120) {
        let space = Guessing(ListedSpace(g.clone(), None));
        for nodes in [0, 1, 50, 5_000, u64::MAX] {
            for (v, want) in scores.iter().enumerate() {
                let (v, Some(want)) = (v as u32, *want) else {
                    continue;
                };
                let limits = Limits::new(MIN_MEMORY, nodes).unwrap();
                let decided = decide(&space, &v, limits);
                assert_eq!(decide(&space, &v, limits), decided, "deterministic");
                let legal = space.legal(&v);
                match decided.best {
                    None => assert!(legal.is_empty()),
                    Some(mv) => assert!(legal.contains(&mv)),
                }
                if let Some(proven) = decided.proven {
                    assert_eq!(proven, want, "vertex {v} of {g:?}");
                    if let Some(mv) = decided.best {
                        assert!(keeps(&scores, mv, want), "vertex {v} of {g:?}");
                    }
                }
                if nodes == u64::MAX {
                    assert_eq!(decided.proven, Some(want), "unlimited: proven");
                }
            }
        }
    }
}

#[test]
fn a_decision_past_its_limits_is_the_deepening_move_unproven() {
    // A long chain with a branch at every vertex: far too deep for the budgets.
    let n = 2000u32;
    let g = Listed {
        succ: (0..n).map(|v| (v + 1..(v + 3).min(n)).collect()).collect(),
        ends: vec![None; n as usize],
        tiers: Vec::new(),
    };
    let space = Guessing(ListedSpace(g, None));
    let decided = decide(&space, &0, Limits::new(MIN_MEMORY, 20_000).unwrap());
    assert_eq!(decided.proven, None);
    assert!(decided.depth >= 1, "{decided:?}");
    assert!(matches!(decided.best, Some(1 | 2)));
    let past = std::time::Instant::now() - std::time::Duration::from_secs(1);
    let late = deadline::within(past, || {
        decide(&space, &0, Limits::new(MIN_MEMORY, u64::MAX).unwrap())
    });
    // The deadline is read every few thousand nodes: the searches stop there.
    assert_eq!(late.proven, None);
    assert!(matches!(late.best, Some(1 | 2)));
    assert!(late.nodes <= 2 * CHECK_EVERY, "{late:?}");
}
