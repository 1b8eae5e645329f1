//! Play beyond proof: the best move a search finds within its limits, proven where
//! the search finishes and marked unproven where it does not.
//!
//! [`Search::deepen`] searches to growing depths (1 move, 2, ...) with alpha-beta,
//! scoring a node at the depth reached by the space's
//! [`estimate`](super::Space::estimate) and every node the game decides before it
//! exactly, and keeps the best move of the deepest search it completed. A depth's
//! search is exact when no line of it reached the depth (every line ended, or was
//! answered by the table): then the move is proven. The table holds exact bounds
//! only (a subtree that met an estimate stores nothing), so what it holds is true
//! for the exact search as well.
//!
//! [`decide`] spends a quarter of its limits deepening and the rest on the exact
//! search of the position's score and a move that keeps it: the move is proven when
//! the exact search finishes, else it is the deepening's.
//!
//! Estimates and exact scores share one scale: an estimate lies strictly within
//! `±`[`ESTIMATE_BAND`], around the tie's 0, and every win or loss the search can
//! meet lies outside it (a remoteness below 2^24 − 2^20 moves; [`MAX_DEPTH`] is far
//! less). A step back from a child negates an estimate and steps a win or loss as
//! [`Score::before`] does.

use std::time::Instant;

use grundy_values::deadline;

use super::score::{before, child_bound, ABOVE, BELOW};
use super::{Expansion, Limits, Score, Search, Space, Stop, MAX_DEPTH};

/// Estimates lie strictly between `-ESTIMATE_BAND` and `ESTIMATE_BAND` (2^20).
pub const ESTIMATE_BAND: i32 = 1 << 20;

/// Whether `v` is a score the game can have (a tie, or a win or loss outside the
/// estimates' band) rather than an estimate.
fn is_score(v: i32) -> bool {
    v == 0 || v.abs() >= ESTIMATE_BAND
}

/// The value for the player who moved into a child worth `x`.
fn back(x: i32) -> i32 {
    if x.abs() < ESTIMATE_BAND {
        -x
    } else {
        before(x)
    }
}

/// The bound on a child's value matching `y` on its parent's (the inverse of [`back`]).
fn toward_child(y: i32) -> i32 {
    if y.abs() < ESTIMATE_BAND {
        -y
    } else {
        child_bound(y)
    }
}

/// What searches of growing depth found ([`Search::deepen`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deepened<M> {
    /// The best move of the deepest search completed; `None` when the game is over
    /// (no legal move).
    pub best: Option<M>,
    /// The deepest search completed, in moves (0: none completed, `best` is the
    /// space's first move).
    pub depth: u32,
    /// The position's exact score, when the deepest search was exact (then `best`
    /// keeps it: a winner's quickest win, a loser's longest stall).
    pub proven: Option<Score>,
}

impl<S: Space> Search<'_, S> {
    /// Searches `node` to depth 1, 2, ... until a search is exact or the limits stop
    /// it (see the [module docs](self)); never fails: what the last completed depth
    /// found is the answer.
    pub fn deepen(&mut self, node: &S::Node) -> Deepened<S::Move> {
        let space = self.space;
        let mut order = Vec::new();
        if let Expansion::Known(_) = space.expand(node, &mut order) {
            // Decided at once (the game is over, a win in one...): every legal move
            // is searched, which shows the one that decides it.
            order = space.legal(node);
        } else {
            space.order(node, &mut order);
        }
        let Some(&first) = order.first() else {
            return Deepened {
                best: None,
                depth: 0,
                proven: self.score(node).ok(),
            };
        };
        let mut found = Deepened {
            best: Some(first),
            depth: 0,
            proven: None,
        };
        for depth in 1..=MAX_DEPTH as u32 {
            let Ok((i, value, exact)) = self.root(node, &order, depth) else {
                break;
            };
            found = Deepened {
                best: Some(order[i]),
                depth,
                proven: exact.then_some(Score(value)),
            };
            // The best move first in the next search.
            order[..=i].rotate_right(1);
            if exact {
                break;
            }
        }
        found
    }

    /// One search of `node` to `depth` over its `moves`: the index of the best move,
    /// the node's value and whether it is exact.
    fn root(
        &mut self,
        node: &S::Node,
        moves: &[S::Move],
        depth: u32,
    ) -> Result<(usize, i32, bool), Stop> {
        let space = self.space;
        let (mut alpha, mut best, mut exact) = (BELOW, 0, true);
        for (i, &mv) in moves.iter().enumerate() {
            let child = space.play(node, mv);
            let (x, ex) = self.limited(
                &child,
                1,
                depth - 1,
                toward_child(ABOVE),
                toward_child(alpha),
            )?;
            exact &= ex;
            let v = back(x);
            if v > alpha {
                alpha = v;
                best = i;
            }
        }
        Ok((best, alpha, exact && is_score(alpha)))
    }

    /// The value of `node` searched `left` more moves deep within the window
    /// `(alpha, beta)`, failing soft as [`negamax`](Search::negamax) does, and
    /// whether it is exact (no estimate met below).
    fn limited(
        &mut self,
        node: &S::Node,
        ply: usize,
        left: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, bool), Stop> {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.check()?;
        }
        if ply >= MAX_DEPTH {
            return Err(Stop::Depth);
        }
        if self.pool.len() <= ply {
            self.pool.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.pool[ply]);
        moves.clear();
        let space = self.space;
        let (lower, upper) = match space.expand(node, &mut moves) {
            Expansion::Known(s) => {
                self.pool[ply] = moves;
                return Ok((s.0, is_score(s.0)));
            }
            Expansion::Search { lower, upper } => (lower.0, upper.0),
        };
        let key = space.key(node);
        let slot = self.table.probe(&key);
        let (tl, tu) = self.table.get_at(slot, &key);
        let (lower, upper) = (lower.max(tl), upper.min(tu));
        if lower >= beta || lower == upper {
            self.pool[ply] = moves;
            return Ok((lower, true));
        }
        if upper <= alpha {
            self.pool[ply] = moves;
            return Ok((upper, true));
        }
        if left == 0 {
            self.pool[ply] = moves;
            let guess = space
                .estimate(node)
                .clamp(1 - ESTIMATE_BAND, ESTIMATE_BAND - 1)
                .clamp(lower, upper);
            return Ok((guess, false));
        }
        space.order(node, &mut moves);
        alpha = alpha.max(lower - 1);
        beta = beta.min(upper + 1);
        let alpha0 = alpha;
        let (mut best, mut exact) = (BELOW, true);
        let mut outcome = Ok(());
        for &mv in &moves {
            let child = space.play(node, mv);
            let (x, ex) = match self.limited(
                &child,
                ply + 1,
                left - 1,
                toward_child(beta),
                toward_child(alpha),
            ) {
                Ok(found) => found,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
            exact &= ex;
            let v = back(x);
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.pool[ply] = moves;
        outcome?;
        if exact && is_score(best) {
            let (lower, upper) = if best >= beta {
                (best, ABOVE)
            } else if best <= alpha0 {
                (BELOW, best)
            } else {
                (best, best)
            };
            self.table.put_at(slot, &key, lower, upper);
        }
        Ok((best, exact))
    }
}

/// The best move of a position found within limits ([`decide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided<M> {
    /// The move; `None` when the game is over.
    pub best: Option<M>,
    /// The position's exact score when the move is proven to keep it; `None` when
    /// the move is only the best found.
    pub proven: Option<Score>,
    /// The deepest search to a fixed depth completed (0 when the exact search
    /// answered alone).
    pub depth: u32,
    /// The nodes visited.
    pub nodes: u64,
}

/// A best move of `node` within `limits` and the thread's deadline: proven where the
/// exact search finishes in them, else the best move of the deepest search to a
/// fixed depth ([`Search::deepen`]) finished in a quarter of them. Without a limit
/// (no deadline, no node budget) this is the exact search alone.
pub fn decide<S: Space>(space: &S, node: &S::Node, limits: Limits) -> Decided<S::Move> {
    let mut search = Search::new(space, limits);
    let at = deadline::current();
    let mut found = Deepened {
        best: None,
        depth: 0,
        proven: None,
    };
    if at.is_some() || limits.nodes != u64::MAX {
        search.max_nodes = limits.nodes / 4;
        let now = Instant::now();
        let share = at.map_or(now, |at| now + at.saturating_duration_since(now) / 4);
        found = if at.is_some() {
            deadline::within(share, || search.deepen(node))
        } else {
            search.deepen(node)
        };
        search.max_nodes = limits.nodes;
        if found.proven.is_some() || found.best.is_none() {
            return Decided {
                best: found.best,
                proven: found.proven,
                depth: found.depth,
                nodes: search.nodes(),
            };
        }
    }
    let exact = (|| {
        let score = search.score(node)?;
        let mut moves = space.legal(node);
        // The deepening's best move is tried first.
        if let Some(i) = found.best.and_then(|b| moves.iter().position(|&m| m == b)) {
            moves[..=i].rotate_right(1);
        }
        if moves.is_empty() {
            return Ok((None, Some(score)));
        }
        let want = Score(child_bound(score.0));
        for mv in moves {
            let child = space.play(node, mv);
            if search.at_least(&child, want)? && !search.at_least(&child, Score(want.0 + 1))? {
                return Ok((Some(mv), Some(score)));
            }
        }
        Ok::<_, Stop>((None, None))
    })();
    match exact {
        Ok((best, proven)) => Decided {
            best: best.or(found.best),
            proven,
            depth: found.depth,
            nodes: search.nodes(),
        },
        Err(_) => Decided {
            best: found.best.or_else(|| space.legal(node).first().copied()),
            proven: None,
            depth: found.depth,
            nodes: search.nodes(),
        },
    }
}
