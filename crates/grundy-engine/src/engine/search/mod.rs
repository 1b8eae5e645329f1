//! Depth-first search for positions too big to enumerate: negamax with alpha-beta
//! pruning on the [`Score`] (win sooner > win later > tie > lose later > lose sooner),
//! a transposition table of fixed memory ([`table`]), and null-window probes that
//! find the exact score by bisection. It answers what the retrograde engine answers
//! (result, remoteness, every move's result) for acyclic games, without holding the
//! game below the position: memory is the table's, whatever the search's length.
//!
//! A game is searched through a [`Space`]: its nodes (a position and the player to
//! move), an exact key per node for the table, the legal moves, and an expansion
//! that may answer a node at once (the game is over, a win in one move, a loss in
//! two that no move prevents) or give the moves worth searching, best first, with
//! bounds on the node's score. [`RulesetSpace`] is the space of any acyclic
//! ruleset, from its moves; a ruleset with a fast representation of its own
//! (Connect Four's bitboards) has a space of its own and the same search.
//!
//! The search stops when it has visited its budget of nodes, when the thread's
//! deadline (`grundy_values::deadline`) passes (a time limit, or Ctrl-C through
//! [`expire`](grundy_values::deadline::expire)), or when a line of play is deeper
//! than [`MAX_DEPTH`]; it is deterministic (the same answer and the same node count
//! for the same position, limits and memory).

pub mod anytime;
mod ruleset;
mod score;
pub mod table;

pub use anytime::{decide, Decided, Deepened, ESTIMATE_BAND};
pub use ruleset::RulesetSpace;
pub use score::{Score, MAX_REMOTENESS};
pub use table::{Table, TableKey, Whole};

use std::fmt;

use grundy_values::deadline;
use score::{before, child_bound, ABOVE, BELOW};

/// The longest line of play the search follows: 10,000 moves.
pub const MAX_DEPTH: usize = 10_000;

/// The least memory a search's table may be given: 1 KiB.
pub const MIN_MEMORY: u64 = 1 << 10;

/// The most memory a search's table may be given: 1 TiB.
pub const MAX_MEMORY: u64 = 1 << 40;

/// The memory of the table when none is asked for: 64 MiB.
pub const DEFAULT_MEMORY: u64 = 64 << 20;

thread_local! {
    static MEMORY: std::cell::Cell<u64> = const { std::cell::Cell::new(DEFAULT_MEMORY) };
}

/// Runs `work` with the searches it starts on this thread given tables of `memory`
/// bytes (clamped to [`MIN_MEMORY`]..=[`MAX_MEMORY`]; the front ends check the
/// range and say so); the previous memory is restored afterwards, also when `work`
/// unwinds. As the thread's deadline (`grundy_values::deadline`) does for time, it
/// reaches the searches of the analysis, `--moves` and play without a parameter
/// through every layer between.
pub fn with_memory<T>(memory: u64, work: impl FnOnce() -> T) -> T {
    struct Restore(u64);
    impl Drop for Restore {
        fn drop(&mut self) {
            MEMORY.with(|m| m.set(self.0));
        }
    }
    let _restore = Restore(MEMORY.with(|m| m.replace(memory.clamp(MIN_MEMORY, MAX_MEMORY))));
    work()
}

/// The memory of the searches started now on this thread ([`with_memory`]).
pub fn memory() -> u64 {
    MEMORY.with(std::cell::Cell::get)
}

/// A front end's progress reporter ([`with_progress`]).
type Reporter = Box<dyn FnMut(u64)>;

thread_local! {
    static PROGRESS: std::cell::RefCell<Option<Reporter>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` with the searches it starts on this thread through the analysis
/// (which has no progress parameter of its own) reporting the nodes they have
/// visited to `report` now and then ([`report_progress`]); the previous reporter is
/// restored afterwards, also when `work` unwinds. A front end's progress line.
pub fn with_progress<T>(report: impl FnMut(u64) + 'static, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Reporter>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            PROGRESS.with(|p| *p.borrow_mut() = previous);
        }
    }
    let previous = PROGRESS.with(|p| p.borrow_mut().replace(Box::new(report)));
    let _restore = Restore(previous);
    work()
}

/// Reports `nodes` to this thread's reporter ([`with_progress`]), if any.
pub fn report_progress(nodes: u64) {
    PROGRESS.with(|p| {
        if let Ok(mut p) = p.try_borrow_mut() {
            if let Some(report) = p.as_mut() {
                report(nodes);
            }
        }
    });
}

/// Nodes between two looks at the clock.
const CHECK_EVERY: u64 = 1 << 12;

/// Nodes after which a search asks for its table in huge pages
/// ([`Table::use_huge_pages`]): 2^22, a few tenths of a second of Connect Four, when
/// the table's pages are mostly touched and each slot read costs a miss of the
/// processor's page cache as well as the memory's. Asked at once, a short search
/// would pay for whole huge pages zeroed where it touches a few slots; asked after,
/// the system copies the table into them once (tens of milliseconds for 64 MiB).
pub const HUGE_PAGES_AFTER: u64 = 1 << 22;

/// A game as the search sees it.
pub trait Space {
    /// A position with the player to move.
    type Node: Clone;
    /// A move.
    type Move: Copy + PartialEq;
    /// A key naming one node exactly (two nodes never share one).
    type Key: TableKey;

    /// The key of `node`.
    fn key(&self, node: &Self::Node) -> Self::Key;

    /// Every legal move from `node`, in the game's order; none once the game is over.
    fn legal(&self, node: &Self::Node) -> Vec<Self::Move>;

    /// The node `mv` leads to.
    fn play(&self, node: &Self::Node, mv: Self::Move) -> Self::Node;

    /// The score of `node` when it is known at once, else the moves worth
    /// searching (put in `moves`, which comes empty) and bounds on the score. The
    /// moves may leave out a legal move only when one listed is at least as good
    /// for the player to move; [`order`](Space::order) puts them best first.
    fn expand(&self, node: &Self::Node, moves: &mut Vec<Self::Move>) -> Expansion;

    /// [`expand`](Space::expand) for a node reached by one of the moves `expand`
    /// (or this method) listed for its parent: a space may skip the checks such a
    /// move rules out (in Connect Four, that the game is over or that the player to
    /// move wins at once). By default `expand`.
    #[inline]
    fn expand_reached(&self, node: &Self::Node, moves: &mut Vec<Self::Move>) -> Expansion {
        self.expand(node, moves)
    }

    /// Puts the moves [`expand`](Space::expand) listed for `node` best first. The
    /// search calls it only where the table's bounds leave the node to be searched,
    /// so an ordering that costs is spent only there. By default the order listed.
    #[inline]
    fn order(&self, node: &Self::Node, moves: &mut [Self::Move]) {
        let _ = (node, moves);
    }

    /// Whether the search reads the table's slots of a node's children before it
    /// orders and searches them ([`Table::prefetch`]): the reads run together, and
    /// beside the ordering, instead of each child waiting for its own. Worth it where
    /// the table is much bigger than the cache and [`play`](Space::play) and
    /// [`key`](Space::key) cost a few instructions (Connect Four's bitboards); by
    /// default not.
    const PREFETCH: bool = false;

    /// The biggest key, when the keys are numbers (a board's bits) and the space
    /// knows a bound: the table then keeps only each key's quotient by its number of
    /// slots, in 4 or 8 bytes a slot ([`table`]).
    fn key_max(&self) -> Option<u64> {
        None
    }

    /// A bound on how many moves any game from `node` lasts (the empty cells of a
    /// board that fills up), where the game has one: the search then probes the
    /// scores in the order that refutes quick results first.
    fn longest(&self, node: &Self::Node) -> Option<u32> {
        let _ = node;
        None
    }

    /// A guess at the worth of `node` to the player to move, for play beyond proof
    /// ([`anytime`]): bigger is better, only the order of guesses matters, and
    /// guesses are clamped within `±`[`ESTIMATE_BAND`]` − 1`. By default 0 (every
    /// unfinished line alike).
    fn estimate(&self, node: &Self::Node) -> i32 {
        let _ = node;
        0
    }

    /// The remoteness of a tie at `node`, when every tie from it takes the same
    /// number of moves (a board that fills up); `None` otherwise.
    fn tie_remoteness(&self, node: &Self::Node) -> Option<u32> {
        let _ = node;
        None
    }
}

/// What [`Space::expand`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expansion {
    /// The node's score, known without a search.
    Known(Score),
    /// The moves to search are listed; the score lies within these bounds.
    Search {
        /// The least the score can be.
        lower: Score,
        /// The most the score can be.
        upper: Score,
    },
}

impl Expansion {
    /// Moves to search, with no bounds known beyond the scores'.
    pub const UNBOUNDED: Expansion = Expansion::Search {
        lower: Score(BELOW + 1),
        upper: Score(ABOVE - 1),
    };
}

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It visited its budget of nodes.
    Nodes(u64),
    /// The thread's deadline passed (a time limit, or a cancellation).
    Time,
    /// A line of play passed [`MAX_DEPTH`] moves.
    Depth,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Nodes(n) => write!(f, "the search passed its budget of {n} positions"),
            Stop::Time if deadline::cancelled() => f.write_str("the search was cancelled"),
            Stop::Time => f.write_str("the search reached its time limit"),
            Stop::Depth => write!(f, "a line of play is longer than {MAX_DEPTH} moves"),
        }
    }
}

impl std::error::Error for Stop {}

impl From<Stop> for crate::ruleset::Unsolved {
    fn from(stop: Stop) -> Self {
        use crate::ruleset::Unsolved;
        match stop {
            Stop::Nodes(_) => Unsolved::over_budget(stop.to_string()),
            Stop::Time => Unsolved::over_time(stop.to_string()),
            Stop::Depth => Unsolved::unsupported(stop.to_string()),
        }
    }
}

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The bytes of the transposition table, from [`MIN_MEMORY`] to [`MAX_MEMORY`].
    pub memory: u64,
    /// The most nodes it visits, in all its probes.
    pub nodes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            memory: DEFAULT_MEMORY,
            nodes: u64::MAX,
        }
    }
}

impl Limits {
    /// Limits of `memory` bytes and `nodes` nodes, or why `memory` is out of range.
    pub fn new(memory: u64, nodes: u64) -> Result<Limits, String> {
        if !(MIN_MEMORY..=MAX_MEMORY).contains(&memory) {
            return Err(format!(
                "the search's memory must be from {MIN_MEMORY} bytes to {MAX_MEMORY} (1 TiB), not {memory}"
            ));
        }
        Ok(Limits { memory, nodes })
    }
}

/// A search over one space, keeping its table between questions (the positions it
/// solved answer the next question at once).
pub struct Search<'s, S: Space> {
    space: &'s S,
    table: Table<S::Key>,
    nodes: u64,
    max_nodes: u64,
    next_check: u64,
    /// The moves of each depth, reused.
    pool: Vec<Vec<S::Move>>,
    progress: Option<Box<dyn FnMut(u64) + 's>>,
    /// Whether the table was asked for huge pages ([`HUGE_PAGES_AFTER`]).
    huge: bool,
}

impl<'s, S: Space> Search<'s, S> {
    /// A search of `space` within `limits` (the table is allocated now).
    pub fn new(space: &'s S, limits: Limits) -> Search<'s, S> {
        Search {
            space,
            table: Table::for_keys(limits.memory.clamp(MIN_MEMORY, MAX_MEMORY), space.key_max()),
            nodes: 0,
            max_nodes: limits.nodes,
            next_check: CHECK_EVERY,
            pool: Vec::new(),
            progress: None,
            huge: false,
        }
    }

    /// Calls `report` with the nodes visited so far, every 2^12 nodes or so, from
    /// inside the search (a progress bar, a log line).
    pub fn on_progress(&mut self, report: impl FnMut(u64) + 's) {
        self.progress = Some(Box::new(report));
    }

    /// The nodes visited so far, by every question asked.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The bytes of the table.
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// The space searched.
    pub fn space(&self) -> &'s S {
        self.space
    }

    /// The exact score of `node`: the result first (one search with the narrowest
    /// window around a tie), then the remoteness by bisection, each step a search
    /// with a window of width one sharing the table.
    pub fn score(&mut self, node: &S::Node) -> Result<Score, Stop> {
        let (lo, hi) = match self.bounds(node) {
            Ok(known) => return Ok(known),
            Err(bounds) => bounds,
        };
        let Some(longest) = self.space.longest(node) else {
            return self.bisect(node, lo, hi, |v| v, |t| t, |lo, hi| lo + (hi - lo) / 2);
        };
        // On the scale of the moves left over: a win in r is longest + 1 − r, a
        // loss the negative, a tie 0; each probe goes halfway to the middle of the
        // range from its end nearer to the tie (quick results are cheap to refute).
        let shift = Score::win(longest).0 - 1;
        let to_t = move |v: i32| match v {
            0 => 0,
            v if v > 0 => (v - shift).clamp(1, longest as i32 + 2),
            v => (v + shift).clamp(-(longest as i32) - 2, -1),
        };
        let from_t = move |t: i32| match t {
            0 => 0,
            t if t > 0 => t + shift,
            t => t - shift,
        };
        let halfway = |lo: i32, hi: i32| {
            let mid = lo + (hi - lo) / 2;
            if mid <= 0 && lo / 2 < mid {
                lo / 2
            } else if mid >= 0 && hi / 2 > mid {
                hi / 2
            } else {
                mid
            }
        };
        self.bisect(node, to_t(lo), to_t(hi), from_t, to_t, halfway)
    }

    /// The exact score of `node`, known to lie in `lo..=hi` on a scale `from_t`
    /// maps to scores (and `to_t` back), by probes with windows of width one at the
    /// points `pick` chooses.
    fn bisect(
        &mut self,
        node: &S::Node,
        mut lo: i32,
        mut hi: i32,
        from_t: impl Fn(i32) -> i32,
        to_t: impl Fn(i32) -> i32,
        pick: impl Fn(i32, i32) -> i32,
    ) -> Result<Score, Stop> {
        while lo < hi {
            let t = pick(lo, hi);
            let v = from_t(t);
            let got = self.probe(node, v, v + 1)?;
            if got > v {
                lo = to_t(got).max(t + 1);
            } else {
                hi = to_t(got).min(t);
            }
        }
        Ok(Score(from_t(lo)))
    }

    /// Whether the score of `node` is at least `target`: one search with a window
    /// of width one.
    pub fn at_least(&mut self, node: &S::Node, target: Score) -> Result<bool, Stop> {
        let (lo, hi) = match self.bounds(node) {
            Ok(known) => return Ok(known >= target),
            Err(bounds) => bounds,
        };
        if lo >= target.0 {
            return Ok(true);
        }
        if hi < target.0 {
            return Ok(false);
        }
        Ok(self.probe(node, target.0 - 1, target.0)? >= target.0)
    }

    /// Whether the player to move wins `node`: one search with the narrowest window
    /// above a tie, which settles the result without the remoteness (every win is
    /// above it, every tie and loss below). For a game without ties this is who wins
    /// at the least cost; the table keeps what it proves for the next question.
    pub fn wins(&mut self, node: &S::Node) -> Result<bool, Stop> {
        let (lo, hi) = match self.bounds(node) {
            Ok(known) => return Ok(known > Score::TIE),
            Err(bounds) => bounds,
        };
        if lo > 0 {
            return Ok(true);
        }
        if hi <= 0 {
            return Ok(false);
        }
        Ok(self.probe(node, 0, 1)? > 0)
    }

    /// Every legal move of `node` with its exact score for the player who makes it,
    /// in the game's order.
    pub fn move_scores(&mut self, node: &S::Node) -> Result<Vec<(S::Move, Score)>, Stop> {
        let space = self.space;
        space
            .legal(node)
            .into_iter()
            .map(|mv| Ok((mv, self.score(&space.play(node, mv))?.before())))
            .collect()
    }

    /// The score of `node` and its best moves: every move that keeps the score (a
    /// winner's quickest wins, a loser's longest stalls, the ties of a tied
    /// position), each checked with a window of width one around the score.
    pub fn best_moves(&mut self, node: &S::Node) -> Result<(Score, Vec<S::Move>), Stop> {
        let score = self.score(node)?;
        let space = self.space;
        let mut best = Vec::new();
        for mv in space.legal(node) {
            let child = space.play(node, mv);
            // The move keeps the score when the child's is exactly the one before it.
            let want = Score(child_bound(score.0));
            if self.at_least(&child, want)? && !self.at_least(&child, Score(want.0 + 1))? {
                best.push(mv);
            }
        }
        Ok((score, best))
    }

    /// The score of `node` if known at once (`Ok`), else bounds on it from the
    /// expansion and the table (`Err`).
    fn bounds(&mut self, node: &S::Node) -> Result<Score, (i32, i32)> {
        let mut moves = Vec::new();
        match self.space.expand(node, &mut moves) {
            Expansion::Known(s) => Ok(s),
            Expansion::Search { lower, upper } => {
                let (tl, tu) = self.table.get(&self.space.key(node));
                Err((lower.0.max(tl), upper.0.min(tu)))
            }
        }
    }

    /// One probe of the root: the score of `node` within `(alpha, beta)` (see
    /// [`negamax`](Search::negamax)).
    fn probe(&mut self, node: &S::Node, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.negamax(node, 0, alpha, beta)
    }

    /// The score of `node` within the window `(alpha, beta)`, failing soft: exact
    /// when strictly inside it; at most `alpha` (an upper bound on the score) or at
    /// least `beta` (a lower bound) outside it.
    fn negamax(
        &mut self,
        node: &S::Node,
        depth: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Stop> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check()?;
        }
        if depth >= MAX_DEPTH {
            return Err(Stop::Depth);
        }
        if self.pool.len() <= depth {
            self.pool.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.pool[depth]);
        moves.clear();
        let space = self.space;
        // The root of a probe may be any node; below it, every node is reached by
        // a move its parent's expansion listed.
        let expansion = if depth == 0 {
            space.expand(node, &mut moves)
        } else {
            space.expand_reached(node, &mut moves)
        };
        let (lower, upper) = match expansion {
            Expansion::Known(s) => {
                self.pool[depth] = moves;
                return Ok(s.0);
            }
            Expansion::Search { lower, upper } => (lower.0, upper.0),
        };
        // The expansion's bounds alone may answer the window, without the table.
        if lower >= beta {
            self.pool[depth] = moves;
            return Ok(lower);
        }
        if upper <= alpha {
            self.pool[depth] = moves;
            return Ok(upper);
        }
        let key = space.key(node);
        let slot = self.table.probe(&key);
        let (tl, tu) = self.table.get_at(slot, &key);
        let (lower, upper) = (lower.max(tl), upper.min(tu));
        if lower >= beta || lower == upper {
            self.pool[depth] = moves;
            return Ok(lower);
        }
        if upper <= alpha {
            self.pool[depth] = moves;
            return Ok(upper);
        }
        if S::PREFETCH {
            for &mv in &moves {
                self.table.prefetch(&space.key(&space.play(node, mv)));
            }
        }
        space.order(node, &mut moves);
        alpha = alpha.max(lower - 1);
        beta = beta.min(upper + 1);
        let alpha0 = alpha;
        let mut best = BELOW;
        let mut outcome = Ok(());
        for &mv in &moves {
            let child = space.play(node, mv);
            let x = match self.negamax(&child, depth + 1, child_bound(beta), child_bound(alpha)) {
                Ok(x) => x,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
            let v = before(x);
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.pool[depth] = moves;
        outcome?;
        let (lower, upper) = if best >= beta {
            (best, ABOVE)
        } else if best <= alpha0 {
            (BELOW, best)
        } else {
            (best, best)
        };
        self.table.put_at(slot, &key, lower, upper);
        Ok(best)
    }

    /// Stops past the node budget or the deadline; reports progress.
    #[cold]
    fn check(&mut self) -> Result<(), Stop> {
        self.next_check = self.nodes + CHECK_EVERY;
        if !self.huge && self.nodes >= HUGE_PAGES_AFTER {
            self.huge = true;
            self.table.use_huge_pages();
        }
        if self.nodes > self.max_nodes {
            return Err(Stop::Nodes(self.max_nodes));
        }
        // `poll` asks a front end's interrupt (Python's Ctrl-C) now and then.
        if deadline::reached(deadline::current()) || deadline::poll() {
            return Err(Stop::Time);
        }
        if let Some(report) = self.progress.as_mut() {
            report(self.nodes);
        }
        Ok(())
    }
}

/// A position solved with each of its moves by [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<M> {
    /// The score for the player to move.
    pub score: Score,
    /// Its remoteness: a win's or a loss's, or a tie's where the game fixes it
    /// ([`Space::tie_remoteness`]).
    pub remoteness: Option<u32>,
    /// Every legal move, in the game's order, with its score for the player who
    /// makes it and the remoteness of the position it leads to.
    pub moves: Vec<(M, Score, Option<u32>)>,
    /// The nodes visited.
    pub nodes: u64,
    /// The bytes of the transposition table.
    pub table_bytes: u64,
}

impl<M> From<Solved<M>> for crate::ruleset::Searched<M> {
    fn from(s: Solved<M>) -> Self {
        crate::ruleset::Searched {
            result: s.score.result(),
            remoteness: s.remoteness,
            moves: s
                .moves
                .into_iter()
                .map(|(mv, score, after)| (mv, score.result(), after))
                .collect(),
            nodes: s.nodes,
            table_bytes: s.table_bytes,
        }
    }
}

impl<M: Copy> Solved<M> {
    /// The moves that keep the score: a winner's quickest wins, a loser's longest
    /// stalls, a tied position's ties.
    pub fn best_moves(&self) -> Vec<M> {
        self.moves
            .iter()
            .filter(|m| m.1 == self.score)
            .map(|m| m.0)
            .collect()
    }
}

/// `node` and every move from it solved exactly by one search within `limits`
/// (the moves share the table; the position's score is its best move's), calling
/// `progress` with the nodes visited now and then.
pub fn solve<S: Space>(
    space: &S,
    node: &S::Node,
    limits: Limits,
    progress: Option<&mut dyn FnMut(u64)>,
) -> Result<Solved<S::Move>, Stop> {
    let mut search = Search::new(space, limits);
    if let Some(report) = progress {
        search.on_progress(report);
    }
    let remoteness_of = |n: &S::Node, s: Score| s.remoteness().or_else(|| space.tie_remoteness(n));
    let mut moves = Vec::new();
    for mv in space.legal(node) {
        let child = space.play(node, mv);
        let s = search.score(&child)?;
        moves.push((mv, s.before(), remoteness_of(&child, s)));
    }
    let score = match moves.iter().map(|m| m.1).max() {
        Some(best) => best,
        None => search.score(node)?,
    };
    Ok(Solved {
        score,
        remoteness: remoteness_of(node, score),
        moves,
        nodes: search.nodes(),
        table_bytes: search.table_bytes(),
    })
}

#[cfg(test)]
mod tests;
