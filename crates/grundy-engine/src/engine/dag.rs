//! A memoised evaluator over the acyclic graph of positions: a value computed
//! bottom-up over every position reachable from a root, each position once however
//! many lines of play reach it, on a stack of its own so that a game of any depth is
//! fine. It is the engine under the exhaustive solvers ([`impartial`](super::impartial),
//! [`partizan`](super::partizan), [`remoteness`](super::remoteness)), the games given
//! by callbacks ([`graph`](super::graph)) and the misère genus. Limits: the graph must
//! be acyclic (a cycle panics in [`Dag::evaluate`]); every position below the root is
//! held in memory; [`Dag::evaluate_within`] stops at a budget of moves listed.

use std::hash::Hash;

use foldhash::{HashMap, HashSet};

use super::budget::Budget;

/// Evaluates a value `V` bottom-up over every position reachable from a root.
///
/// The graph is given by `expand`, which lists a position's children, each with an
/// edge label `E` (for example the player who moves). The value of a position is
/// `combine(position, children)` where each child comes with its label and value.
/// Values are kept, so a position shared by many lines of play is evaluated once.
///
/// The traversal keeps its own stack, so a game of any depth is fine. The graph must
/// be acyclic (every game here ends); a cycle is a bug in the ruleset and panics.
///
/// Positions are hashed with foldhash, randomly seeded like the standard library's
/// maps (`foldhash::fast::RandomState`), which is much quicker than their SipHash on
/// the engine's keys (vectors of heaps, boards): SipHash was half of the time of the
/// towers' exhaustive check (`perf`), which now runs in half the time.
#[derive(Debug)]
pub struct Dag<P, V> {
    memo: HashMap<P, V>,
}

/// How many children to list at most: one more than `budget` may spend, so that
/// listing more shows the budget is short.
pub(crate) fn wanted(budget: &Budget) -> usize {
    usize::try_from(budget.left()).map_or(usize::MAX, |left| left.saturating_add(1))
}

impl<P, V> Default for Dag<P, V> {
    fn default() -> Self {
        Dag {
            memo: HashMap::default(),
        }
    }
}

impl<P: Clone + Eq + Hash, V: Clone> Dag<P, V> {
    /// An evaluator with nothing evaluated yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many positions have been evaluated.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether no position has been evaluated.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The value of `pos` if it has already been evaluated.
    pub fn get(&self, pos: &P) -> Option<&V> {
        self.memo.get(pos)
    }

    /// The value of `root`, evaluating it and everything below it as needed.
    pub fn evaluate<E: Clone>(
        &mut self,
        root: &P,
        mut expand: impl FnMut(&P) -> Vec<(E, P)>,
        combine: impl FnMut(&P, &[(E, V)]) -> V,
    ) -> V {
        self.evaluate_within(root, &mut Budget::unlimited(), |p, _| expand(p), combine)
            .expect("an unlimited evaluation always finishes")
    }

    /// Like [`Dag::evaluate`], but gives up (returning `None`) rather than list more
    /// children than `budget` has moves left; what it listed is taken from `budget`.
    /// What was evaluated before giving up is kept, and is correct. `expand` is told
    /// how many children are wanted at most (one more than the budget has left): it may
    /// stop listing there.
    pub fn evaluate_within<E: Clone>(
        &mut self,
        root: &P,
        budget: &mut Budget,
        mut expand: impl FnMut(&P, usize) -> Vec<(E, P)>,
        mut combine: impl FnMut(&P, &[(E, V)]) -> V,
    ) -> Option<V> {
        let result = self.try_evaluate(
            root,
            |p| {
                let children = expand(p, wanted(budget));
                if budget.spend(children.len()) {
                    Ok(children)
                } else {
                    Err(())
                }
            },
            |p, kids| Ok(combine(p, kids)),
        );
        match result {
            Ok(v) => Some(v),
            Err(Stop::Failed(())) => None,
            Err(Stop::Cycle(_)) => {
                panic!("the game graph has a cycle: a position repeats in one line of play")
            }
        }
    }

    /// The value of `root`, where listing children and combining values may fail:
    /// the first failure stops the evaluation ([`Stop::Failed`]), and so does a
    /// position that repeats in one line of play ([`Stop::Cycle`], naming it), which
    /// in a game means that play need not end. What was evaluated before stopping is
    /// kept, and is correct.
    pub fn try_evaluate<E: Clone, X>(
        &mut self,
        root: &P,
        mut expand: impl FnMut(&P) -> Result<Vec<(E, P)>, X>,
        mut combine: impl FnMut(&P, &[(E, V)]) -> Result<V, X>,
    ) -> Result<V, Stop<P, X>> {
        if let Some(v) = self.memo.get(root) {
            return Ok(v.clone());
        }
        struct Frame<P, E> {
            pos: P,
            children: Vec<(E, P)>,
            next: usize,
        }
        let mut on_stack: HashSet<P> = HashSet::default();
        let children = expand(root).map_err(Stop::Failed)?;
        on_stack.insert(root.clone());
        let mut stack = vec![Frame {
            pos: root.clone(),
            children,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            // Descend into the first child not evaluated yet.
            let mut descend = None;
            while top.next < top.children.len() {
                let child = &top.children[top.next].1;
                if self.memo.contains_key(child) {
                    top.next += 1;
                } else if on_stack.contains(child) {
                    return Err(Stop::Cycle(child.clone()));
                } else {
                    descend = Some(child.clone());
                    break;
                }
            }
            if let Some(child) = descend {
                let children = expand(&child).map_err(Stop::Failed)?;
                on_stack.insert(child.clone());
                stack.push(Frame {
                    pos: child,
                    children,
                    next: 0,
                });
                continue;
            }
            let frame = stack.last().expect("the stack is not empty");
            let valued: Vec<(E, V)> = frame
                .children
                .iter()
                .map(|(e, c)| (e.clone(), self.memo[c].clone()))
                .collect();
            let v = combine(&frame.pos, &valued).map_err(Stop::Failed)?;
            let frame = stack.pop().expect("the stack is not empty");
            on_stack.remove(&frame.pos);
            self.memo.insert(frame.pos, v);
        }
        Ok(self.memo[root].clone())
    }
}

/// Why [`Dag::try_evaluate`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop<P, X> {
    /// Listing children or combining values failed with this error.
    Failed(X),
    /// This position repeats in one line of play: the graph has a cycle through it.
    Cycle(P),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_paths_in_a_deep_chain_without_recursion() {
        // Position n has children n-1 and n-2: the number of paths to 0 is Fibonacci.
        let mut dag: Dag<u64, u128> = Dag::new();
        let fib = dag.evaluate(
            &150,
            |&n| match n {
                0 => vec![],
                1 => vec![((), 0)],
                _ => vec![((), n - 1), ((), n - 2)],
            },
            |&n, kids| {
                if n == 0 {
                    1
                } else {
                    kids.iter().map(|(_, v)| v).sum()
                }
            },
        );
        assert_eq!(fib, 16130531424904581415797907386349);
        assert_eq!(dag.len(), 151);
        // A chain far deeper than the call stack could hold.
        let mut chain: Dag<u32, u32> = Dag::new();
        let depth = chain.evaluate(
            &1_000_000,
            |&n| if n == 0 { vec![] } else { vec![((), n - 1)] },
            |_, kids| kids.first().map_or(0, |(_, d)| d + 1),
        );
        assert_eq!(depth, 1_000_000);
    }

    #[test]
    fn a_budget_stops_early_and_keeps_what_was_done() {
        let mut dag: Dag<u32, u32> = Dag::new();
        let expand = |&n: &u32, _| if n == 0 { vec![] } else { vec![((), n - 1)] };
        let depth = |_: &u32, kids: &[((), u32)]| kids.first().map_or(0, |(_, d)| d + 1);
        let mut budget = Budget::moves(50);
        assert_eq!(dag.evaluate_within(&100, &mut budget, expand, depth), None);
        // Nothing was finished: the chain's bottom lies beyond the budget.
        assert_eq!(dag.len(), 0);
        // 30 down to 0 lists 30 children.
        let mut budget = Budget::moves(30);
        assert_eq!(
            dag.evaluate_within(&30, &mut budget, expand, depth),
            Some(30)
        );
        assert_eq!((budget.left(), dag.len()), (0, 31));
        // 100 down to 31 lists 70 more: what was solved is kept.
        assert_eq!(
            dag.evaluate_within(&100, &mut Budget::moves(69), expand, depth),
            None
        );
        let mut budget = Budget::moves(70);
        assert_eq!(
            dag.evaluate_within(&100, &mut budget, expand, depth),
            Some(100)
        );
        assert_eq!(budget.left(), 0);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn a_cycle_is_reported() {
        let mut dag: Dag<u8, u8> = Dag::new();
        dag.evaluate(&0, |&n| vec![((), (n + 1) % 3)], |_, _| 0);
    }

    #[test]
    fn a_cycle_is_named_and_failures_stop_the_evaluation() {
        let mut dag: Dag<u8, u8> = Dag::new();
        // 5 -> 4 -> 3 -> 1 -> 2 -> 3: the cycle runs through 3.
        let next = |&n: &u8| -> Result<Vec<((), u8)>, ()> {
            Ok(match n {
                5 => vec![((), 4)],
                4 => vec![((), 3)],
                3 => vec![((), 1)],
                1 => vec![((), 2)],
                2 => vec![((), 0), ((), 3)],
                _ => vec![],
            })
        };
        let got = dag.try_evaluate(&5, next, |_, _| Ok(0));
        assert_eq!(got, Err(Stop::Cycle(3)));
        // Only 0, below the cycle, was evaluated.
        assert_eq!(dag.len(), 1);
        // A failure in expand or combine stops at once and keeps what was done.
        let mut dag: Dag<u32, u32> = Dag::new();
        let chain = |&n: &u32| -> Result<Vec<((), u32)>, &str> {
            if n == 7 {
                Err("no moves at 7")
            } else if n == 0 {
                Ok(vec![])
            } else {
                Ok(vec![((), n - 1)])
            }
        };
        let depth = |_: &u32, kids: &[((), u32)]| Ok(kids.first().map_or(0, |(_, d)| d + 1));
        assert_eq!(
            dag.try_evaluate(&10, chain, depth),
            Err(Stop::Failed("no moves at 7"))
        );
        assert_eq!(dag.try_evaluate(&6, chain, depth), Ok(6));
        let refuse = |&n: &u32, _: &[((), u32)]| if n == 8 { Err("eight") } else { Ok(n) };
        let mut dag: Dag<u32, u32> = Dag::new();
        let free = |&n: &u32| -> Result<Vec<((), u32)>, &str> {
            Ok(if n == 0 { vec![] } else { vec![((), n - 1)] })
        };
        assert_eq!(
            dag.try_evaluate(&9, free, refuse),
            Err(Stop::Failed("eight"))
        );
        assert_eq!(dag.len(), 8);
    }
}
