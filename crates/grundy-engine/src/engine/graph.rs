//! Games given by callbacks over numbered positions: Grundy values, remoteness and
//! canonical forms, for a game whose rules live outside Rust (a game written in
//! Python, analysed, played and served by the playground through `grundy-py`).
//! Limits: the game must end (a cycle is reported, not panicked on); every position
//! met is held with its options; the first failure of a callback stops the
//! evaluation.
//!
//! A front end numbers the positions it meets (`0, 1, 2, ...`) and answers, through
//! [`Callbacks`], which positions each player can move to and, optionally, which
//! independent parts a position splits into. [`Graph`] asks each question at most
//! once per position, keeps the answers, and evaluates over them with the memoised,
//! stack-free [`Dag`]: a position is valued once, however many lines of play reach
//! it, and a game of any depth is fine.
//!
//! Everything the source says may fail (a script raises, a budget runs out, an
//! interrupt arrives): the first failure stops the evaluation and reaches the caller
//! unchanged, in [`GraphError::Source`]. A position that repeats in one line of play
//! stops it too, naming the position ([`GraphError::Cycle`]): such a game need not
//! end, and the values here are those of games that do. What was evaluated before
//! either stop is kept, and is correct.
//!
//! ```
//! use grundy_engine::engine::graph::{Graph, Node, Callbacks};
//! use grundy_engine::Player;
//!
//! /// Take one or two stones: position n is a heap of n.
//! struct TakeOneOrTwo;
//!
//! impl Callbacks for TakeOneOrTwo {
//!     type Error = std::convert::Infallible;
//!     fn options(&mut self, heap: Node, _: Player) -> Result<Vec<Node>, Self::Error> {
//!         Ok((1..=2).filter(|&t| t <= heap).map(|t| heap - t).collect())
//!     }
//! }
//!
//! let mut graph = Graph::impartial();
//! assert_eq!(graph.grundy(&mut TakeOneOrTwo, 7).unwrap().0, 1);
//! assert_eq!(graph.winning_moves(&mut TakeOneOrTwo, 7, Player::Left).unwrap(), vec![6]);
//! assert_eq!(graph.remoteness(&mut TakeOneOrTwo, 9).unwrap().moves(), 6);
//! ```

use crate::cgt::{CanonicalForm, ValueBudget, ValueError};
use crate::engine::dag::{Dag, Stop};
use crate::engine::remoteness::Remoteness;
use crate::game::Player;
use crate::values::{mex, Nimber};

/// A position, as the front end numbers it.
pub type Node = u32;

/// The rules of a game over numbered positions.
pub trait Callbacks {
    /// Why an answer could not be given.
    type Error;

    /// The positions `player` can move to from `node`, in the game's order. In an
    /// impartial game only Left is asked.
    fn options(&mut self, node: Node, player: Player) -> Result<Vec<Node>, Self::Error>;

    /// Independent parts of `node` whose values add up to its value (an empty list
    /// is 0), or `None` when `node` is one part. By default `None`.
    fn parts(&mut self, node: Node) -> Result<Option<Vec<Node>>, Self::Error> {
        let _ = node;
        Ok(None)
    }
}

/// Why a value could not be found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError<E> {
    /// The source failed with this error.
    Source(E),
    /// The position repeats in one line of play: the game need not end.
    Cycle(Node),
    /// A canonical form could not be computed (its budget ran out, a number
    /// overflowed).
    Value(ValueError),
}

impl<E> From<Stop<Node, GraphError<E>>> for GraphError<E> {
    fn from(stop: Stop<Node, GraphError<E>>) -> GraphError<E> {
        match stop {
            Stop::Failed(e) => e,
            Stop::Cycle(node) => GraphError::Cycle(node),
        }
    }
}

/// How a position's value is made from those of the positions below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    /// A part of a sum.
    Part,
    /// An option of this player.
    Move(Player),
}

/// The answers of the [`Callbacks`], kept, and the values found over them.
#[derive(Debug)]
pub struct Graph {
    impartial: bool,
    left: Vec<Option<Vec<Node>>>,
    right: Vec<Option<Vec<Node>>>,
    parts: Vec<Option<Option<Vec<Node>>>>,
    grundy: Dag<Node, Nimber>,
    remoteness: Dag<Node, Remoteness>,
    values: Dag<Node, CanonicalForm>,
    explored: Dag<Node, u64>,
}

/// The kept answer for `node` in `table`, or `ask` answered and kept.
fn cached<T: Clone, E>(
    table: &mut Vec<Option<T>>,
    node: Node,
    ask: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let i = node as usize;
    if let Some(Some(known)) = table.get(i) {
        return Ok(known.clone());
    }
    let answer = ask()?;
    if table.len() <= i {
        table.resize(i + 1, None);
    }
    table[i] = Some(answer.clone());
    Ok(answer)
}

impl Graph {
    fn new(impartial: bool) -> Graph {
        Graph {
            impartial,
            left: Vec::new(),
            right: Vec::new(),
            parts: Vec::new(),
            grundy: Dag::new(),
            remoteness: Dag::new(),
            values: Dag::new(),
            explored: Dag::new(),
        }
    }

    /// A graph for an impartial game (both players have the same options).
    pub fn impartial() -> Graph {
        Graph::new(true)
    }

    /// A graph for a partizan game.
    pub fn partizan() -> Graph {
        Graph::new(false)
    }

    /// How many positions have options kept.
    pub fn expanded(&self) -> usize {
        self.left.iter().filter(|o| o.is_some()).count()
    }

    /// The positions `player` can move to from `node` (asked once, then kept), each
    /// once, in the order the source first gives them.
    pub fn options<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
        player: Player,
    ) -> Result<Vec<Node>, S::Error> {
        let player = if self.impartial { Player::Left } else { player };
        let table = match player {
            Player::Left => &mut self.left,
            Player::Right => &mut self.right,
        };
        cached(table, node, || {
            let mut options = source.options(node, player)?;
            let mut seen = std::collections::HashSet::with_capacity(options.len());
            options.retain(|o| seen.insert(*o));
            Ok(options)
        })
    }

    /// The options kept for `node`, if they were asked.
    pub fn known_options(&self, node: Node, player: Player) -> Option<&[Node]> {
        let player = if self.impartial { Player::Left } else { player };
        let table = match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        table.get(node as usize)?.as_deref()
    }

    /// Asks for the options of every position reachable from `node` (both players'
    /// in a partizan game), so that [`known_options`](Graph::known_options) answers
    /// for each; returns how many positions lie below `node`, `node` included,
    /// counted once each along every path (an upper bound on the distinct ones).
    pub fn explore<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
    ) -> Result<u64, GraphError<S::Error>> {
        let mut dag = std::mem::take(&mut self.explored);
        let result = dag.try_evaluate(
            &node,
            |&n| self.below(source, n, false),
            |_, kids| Ok(kids.iter().fold(1u64, |n, (_, k)| n.saturating_add(*k))),
        );
        self.explored = dag;
        Ok(result?)
    }

    /// The parts of `node`, or `None` when it is one part (asked once, then kept).
    /// A position that names itself as its only part is one part.
    pub fn parts<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
    ) -> Result<Option<Vec<Node>>, S::Error> {
        let parts = cached(&mut self.parts, node, || source.parts(node))?;
        Ok(parts.filter(|p| p.as_slice() != [node]))
    }

    /// What a position's value is made of: its parts, or else its options (Left's
    /// and, in a partizan game, Right's).
    fn below<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
        by_parts: bool,
    ) -> Result<Vec<(Edge, Node)>, GraphError<S::Error>> {
        if by_parts {
            if let Some(parts) = self.parts(source, node).map_err(GraphError::Source)? {
                return Ok(parts.into_iter().map(|p| (Edge::Part, p)).collect());
            }
        }
        let mut out: Vec<(Edge, Node)> = Vec::new();
        let players: &[Player] = if self.impartial {
            &[Player::Left]
        } else {
            &[Player::Left, Player::Right]
        };
        for &player in players {
            let options = self
                .options(source, node, player)
                .map_err(GraphError::Source)?;
            out.extend(options.into_iter().map(|o| (Edge::Move(player), o)));
        }
        Ok(out)
    }

    /// The Grundy value of `node` in an impartial game: the XOR of its parts' values,
    /// or the mex of its options'.
    pub fn grundy<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
    ) -> Result<Nimber, GraphError<S::Error>> {
        let mut dag = std::mem::take(&mut self.grundy);
        let result = dag.try_evaluate(
            &node,
            |&n| self.below(source, n, true),
            |_, kids| {
                Ok(match kids.first() {
                    Some((Edge::Part, _)) => kids.iter().fold(Nimber::ZERO, |x, (_, v)| x ^ *v),
                    _ => mex(kids.iter().map(|(_, v)| *v)),
                })
            },
        );
        self.grundy = dag;
        Ok(result?)
    }

    /// The remoteness of `node` in an impartial game (see
    /// [`remoteness`](crate::engine::remoteness)), over its options (parts do not
    /// add remoteness).
    pub fn remoteness<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
    ) -> Result<Remoteness, GraphError<S::Error>> {
        let mut dag = std::mem::take(&mut self.remoteness);
        let result = dag.try_evaluate(
            &node,
            |&n| self.below(source, n, false),
            |_, kids| Ok(Remoteness::of_options(kids.iter().map(|(_, r)| *r))),
        );
        self.remoteness = dag;
        Ok(result?)
    }

    /// The canonical form of `node`: the sum of its parts' values, or the simplest
    /// game with its options' values as options, within `budget`. In an impartial
    /// game it is the nimber of the Grundy value.
    pub fn value<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
        budget: &ValueBudget,
    ) -> Result<CanonicalForm, GraphError<S::Error>> {
        let mut dag = std::mem::take(&mut self.values);
        let impartial = self.impartial;
        let result = dag.try_evaluate(
            &node,
            |&n| self.below(source, n, true),
            |_, kids| {
                let value = if let Some((Edge::Part, _)) = kids.first() {
                    let parts: Vec<CanonicalForm> = kids.iter().map(|(_, v)| *v).collect();
                    CanonicalForm::sum_within(&parts, budget)
                } else {
                    let side = |p: Player| -> Vec<CanonicalForm> {
                        kids.iter()
                            .filter(|(e, _)| impartial || *e == Edge::Move(p))
                            .map(|(_, v)| *v)
                            .collect()
                    };
                    CanonicalForm::from_options_within(
                        &side(Player::Left),
                        &side(Player::Right),
                        budget,
                    )
                };
                value.map_err(GraphError::Value)
            },
        );
        self.values = dag;
        Ok(result?)
    }

    /// The options of `node` that win for `player` moving first: in an impartial
    /// game those of Grundy value 0, in a partizan game those after which the
    /// opponent, moving first, loses.
    pub fn winning_moves<S: Callbacks>(
        &mut self,
        source: &mut S,
        node: Node,
        player: Player,
    ) -> Result<Vec<Node>, GraphError<S::Error>> {
        let options = self
            .options(source, node, player)
            .map_err(GraphError::Source)?;
        let mut winning = Vec::new();
        for o in options {
            let wins = if self.impartial {
                self.grundy(source, o)? == Nimber::ZERO
            } else {
                let outcome = self.value(source, o, &ValueBudget::unlimited())?.outcome();
                match player.opponent() {
                    Player::Left => !outcome.left_starting_wins(),
                    Player::Right => !outcome.right_starting_wins(),
                }
            };
            if wins {
                winning.push(o);
            }
        }
        Ok(winning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    /// Domineering on boards of up to 16 cells numbered by bit masks: bit r*w + c is
    /// an empty cell; Left places vertically, Right horizontally.
    struct Domineering {
        w: u32,
        h: u32,
        split: bool,
    }

    impl Callbacks for Domineering {
        type Error = Infallible;
        fn options(&mut self, b: Node, p: Player) -> Result<Vec<Node>, Infallible> {
            let mut out = Vec::new();
            for r in 0..self.h {
                for c in 0..self.w {
                    let i = r * self.w + c;
                    let j = match p {
                        Player::Left if r + 1 < self.h => i + self.w,
                        Player::Right if c + 1 < self.w => i + 1,
                        _ => continue,
                    };
                    if b & (1 << i) != 0 && b & (1 << j) != 0 {
                        out.push(b & !(1 << i) & !(1 << j));
                    }
                }
            }
            Ok(out)
        }
        fn parts(&mut self, b: Node) -> Result<Option<Vec<Node>>, Infallible> {
            if !self.split {
                return Ok(None);
            }
            // Connected regions of empty cells.
            let mut left = b;
            let mut parts = Vec::new();
            while left != 0 {
                let mut region = left & left.wrapping_neg();
                loop {
                    let mut grown = region;
                    for i in 0..self.w * self.h {
                        if region & (1 << i) == 0 {
                            continue;
                        }
                        let (r, c) = (i / self.w, i % self.w);
                        if c + 1 < self.w {
                            grown |= 1 << (i + 1);
                        }
                        if c > 0 {
                            grown |= 1 << (i - 1);
                        }
                        if r + 1 < self.h {
                            grown |= 1 << (i + self.w);
                        }
                        if r > 0 {
                            grown |= 1 << (i - self.w);
                        }
                    }
                    grown &= b;
                    if grown == region {
                        break;
                    }
                    region = grown;
                }
                parts.push(region);
                left &= !region;
            }
            Ok(Some(parts))
        }
    }

    #[test]
    fn domineering_values_with_and_without_parts_agree() {
        let budget = ValueBudget::unlimited();
        for (w, h, value) in [(2, 2, "+-1"), (3, 2, "{2|-1/2}"), (4, 3, "-3/2")] {
            let full = (1u32 << (w * h)) - 1;
            let mut plain = Graph::partizan();
            let mut split = Graph::partizan();
            let v = plain
                .value(&mut Domineering { w, h, split: false }, full, &budget)
                .unwrap();
            let s = split
                .value(&mut Domineering { w, h, split: true }, full, &budget)
                .unwrap();
            assert_eq!(v.to_string(), value, "{w}x{h}");
            assert_eq!(s, v, "{w}x{h} by parts");
        }
    }

    #[test]
    fn winning_moves_of_each_side_match_the_values() {
        // 3 wide, 2 high: {2|-1/2} — both sides win moving first.
        let mut src = Domineering {
            w: 3,
            h: 2,
            split: true,
        };
        let mut g = Graph::partizan();
        let full = 0b111111;
        for player in [Player::Left, Player::Right] {
            let winning = g.winning_moves(&mut src, full, player).unwrap();
            let all = g.options(&mut src, full, player).unwrap();
            assert!(!winning.is_empty());
            for o in all {
                let outcome = g
                    .value(&mut src, o, &ValueBudget::unlimited())
                    .unwrap()
                    .outcome();
                let opponent_wins = match player {
                    Player::Left => outcome.right_starting_wins(),
                    Player::Right => outcome.left_starting_wins(),
                };
                assert_eq!(winning.contains(&o), !opponent_wins);
            }
        }
    }

    /// Kayles on heaps: node n < 1000 is the heap n; node 1000 + 1000a + b is the
    /// sum of heaps a and b.
    struct Kayles;

    impl Callbacks for Kayles {
        type Error = Infallible;
        fn options(&mut self, n: Node, _: Player) -> Result<Vec<Node>, Infallible> {
            let mut out = Vec::new();
            for take in 1..=2 {
                for a in 0..=n.saturating_sub(take) {
                    if a + take <= n {
                        out.push(1000 + 1000 * a + (n - take - a));
                    }
                }
            }
            Ok(out)
        }
        fn parts(&mut self, n: Node) -> Result<Option<Vec<Node>>, Infallible> {
            Ok((n >= 1000).then(|| vec![(n - 1000) / 1000, (n - 1000) % 1000]))
        }
    }

    #[test]
    fn kayles_has_its_published_values() {
        let mut g = Graph::impartial();
        let values: Vec<u128> = (0..=24)
            .map(|n| g.grundy(&mut Kayles, n).unwrap().0)
            .collect();
        // Guy and Smith (1956); Winning Ways, chapter 4.
        let known = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4,
        ];
        assert_eq!(values, known);
    }

    /// A position that names itself again after two moves, and an error source.
    struct Loop;

    impl Callbacks for Loop {
        type Error = &'static str;
        fn options(&mut self, n: Node, _: Player) -> Result<Vec<Node>, &'static str> {
            match n {
                0 => Ok(vec![1]),
                1 => Ok(vec![2, 3]),
                2 => Ok(vec![0]),
                9 => Err("no rules for 9"),
                _ => Ok(vec![]),
            }
        }
    }

    #[test]
    fn exploring_keeps_every_reachable_option() {
        let mut src = Domineering {
            w: 2,
            h: 2,
            split: true,
        };
        let mut g = Graph::partizan();
        assert_eq!(g.known_options(0b1111, Player::Left), None);
        // The 2x2 board: two moves each, each to a board where only the mover's
        // kind of domino fits once more: 1 + 4 x 2 along the paths.
        assert_eq!(g.explore(&mut src, 0b1111), Ok(9));
        assert_eq!(
            g.known_options(0b1111, Player::Left),
            Some(&[0b1010, 0b0101][..])
        );
        assert_eq!(g.known_options(0b1010, Player::Right), Some(&[][..]));
        let mut g = Graph::impartial();
        assert_eq!(g.explore(&mut Loop, 1), Err(GraphError::Cycle(1)));
    }

    #[test]
    fn cycles_and_failures_are_reported() {
        let mut g = Graph::impartial();
        assert_eq!(g.grundy(&mut Loop, 0), Err(GraphError::Cycle(0)));
        assert_eq!(g.remoteness(&mut Loop, 1), Err(GraphError::Cycle(1)));
        assert_eq!(g.grundy(&mut Loop, 3), Ok(Nimber::ZERO));
        assert_eq!(
            g.grundy(&mut Loop, 9),
            Err(GraphError::Source("no rules for 9"))
        );
    }
}
