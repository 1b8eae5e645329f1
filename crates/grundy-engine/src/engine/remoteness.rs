//! Remoteness: how many moves a game lasts under best play, and the moves of best play
//! (the quickest win, the longest resistance), by exhaustive search over the game
//! below a position ([`dag`](super::dag)), for impartial and partizan games: the
//! analysis' `remoteness` engine, the remoteness of every move under `--moves`, and
//! the engine's moves and hints in play. Limits: the game must end; every position
//! below is held in memory, so the callers try it only on small games (see
//! `analysis::route`) and the `_within` methods stop at a [`Budget`] of moves listed.
//!
//! Win/loss says who wins; remoteness also says how soon. The rule (Steinhaus) is:
//!
//! - a terminal position (no move) is lost for the player to move and has
//!   remoteness 0;
//! - a won position (some move leads to a lost position) has remoteness
//!   1 + the **least** remoteness among its moves to lost positions: the winner
//!   hurries;
//! - a lost position (every move leads to a won position) has remoteness
//!   1 + the **greatest** remoteness among its moves: the loser stalls.
//!
//! By induction a position is won exactly when its remoteness is odd, so a
//! [`Remoteness`] carries the win/loss answer as well. Best play in this sense is
//! what [`RemotenessSolver::best_moves`] returns: the quickest winning move, or the
//! move that holds out longest when every move loses.
//!
//! ```
//! use grundy_engine::engine::remoteness::{Remoteness, RemotenessSolver};
//! use grundy_engine::{Game, Impartial};
//!
//! /// Take one or two stones from a heap.
//! struct TakeOneOrTwo;
//!
//! impl Game for TakeOneOrTwo {
//!     type Position = u32;
//!     type Move = u32;
//!     fn play(&self, heap: &u32, take: &u32) -> u32 {
//!         heap - take
//!     }
//! }
//!
//! impl Impartial for TakeOneOrTwo {
//!     fn moves(&self, heap: &u32) -> Vec<u32> {
//!         (1..=2).filter(|take| take <= heap).collect()
//!     }
//! }
//!
//! let mut solver = RemotenessSolver::new(&TakeOneOrTwo);
//! // Two stones: take both and the game is over.
//! let r = solver.remoteness(&2);
//! assert_eq!(r, Remoteness::of_parity(1));
//! assert!(r.to_move_wins());
//! // Three stones are lost: either move leaves a win, at best in one more move.
//! assert_eq!(solver.remoteness(&3), Remoteness::of_parity(2));
//! assert_eq!(solver.best_moves(&3).len(), 2);
//! ```
//!
//! A [`Ruleset`](crate::ruleset::Ruleset) is solved through its engine view,
//! [`AsImpartial`](crate::ruleset::AsImpartial).

use std::cmp::{Ordering, Reverse};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::budget::Budget;
use crate::engine::dag::{wanted, Dag};
use crate::game::{Impartial, Partizan, Player};

/// The number of moves left under best play, and whether the player to move wins.
///
/// Under normal play the number is odd exactly when the player to move wins, and 0
/// exactly at a terminal position ([`Remoteness::of_parity`]). A game that can end
/// otherwise (see [`Game::decided`](crate::game::Game::decided)) has positions won
/// with no move left, hence the explicit flag.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Remoteness {
    moves: u32,
    wins: bool,
}

impl Remoteness {
    /// The remoteness of a terminal position: lost, no move left.
    pub const TERMINAL: Remoteness = Remoteness {
        moves: 0,
        wins: false,
    };

    /// The normal-play remoteness of `moves` moves: won when odd, lost when even.
    pub const fn of_parity(moves: u32) -> Remoteness {
        Remoteness {
            moves,
            wins: moves % 2 == 1,
        }
    }

    /// A position where the game is over, won or lost for the player to move.
    pub const fn decided(wins: bool) -> Remoteness {
        Remoteness { moves: 0, wins }
    }

    /// Whether the player to move wins.
    pub fn to_move_wins(self) -> bool {
        self.wins
    }

    /// The number of moves left.
    pub fn moves(self) -> u32 {
        self.moves
    }

    /// How many moves the game lasts under best play from a move that leads to a
    /// position of remoteness `self`, that move included: what "wins in N" and
    /// "loses in N" count for the player who makes it, in every report of a move.
    pub fn moves_left_after_move(self) -> u32 {
        self.moves.saturating_add(1)
    }

    /// How the player to move ranks a move leading to a position of remoteness
    /// `self`: smaller is better. Moves to lost positions come first, quickest
    /// first; then moves to won positions, the longest resistance first.
    fn preference(self) -> (bool, Reverse<u32>, u32) {
        if self.to_move_wins() {
            // The opponent wins after this move: stall as long as possible.
            (true, Reverse(self.moves), 0)
        } else {
            (false, Reverse(0), self.moves)
        }
    }

    /// Compares two moves by the remoteness of the positions they lead to, as the
    /// player to move prefers them ([`Ordering::Less`]: `self` is better). Moves to
    /// lost positions (even remoteness) come first, quickest first; then moves to
    /// won positions (odd), the longest resistance first.
    pub fn cmp_as_move(self, other: Remoteness) -> Ordering {
        self.preference().cmp(&other.preference())
    }

    /// The remoteness of a position whose moves lead to positions of the given
    /// remoteness values (none: a terminal position).
    ///
    /// ```
    /// use grundy_engine::engine::remoteness::Remoteness;
    /// assert_eq!(Remoteness::of_options([]), Remoteness::of_parity(0));
    /// // A move to a lost position of remoteness 2 wins in 3.
    /// assert_eq!(Remoteness::of_options([Remoteness::of_parity(1), Remoteness::of_parity(2)]), Remoteness::of_parity(3));
    /// // Every move loses: hold out as long as possible.
    /// assert_eq!(Remoteness::of_options([Remoteness::of_parity(1), Remoteness::of_parity(5)]), Remoteness::of_parity(6));
    /// ```
    pub fn of_options(options: impl IntoIterator<Item = Remoteness>) -> Remoteness {
        options
            .into_iter()
            .min_by(|a, b| a.cmp_as_move(*b))
            .map_or(Remoteness::TERMINAL, |best| Remoteness {
                moves: best.moves + 1,
                wins: !best.wins,
            })
    }
}

impl fmt::Display for Remoteness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.to_move_wins() { "win" } else { "loss" };
        write!(f, "{verdict} in {}", self.moves)
    }
}

/// Keeps the moves whose remoteness is best for the mover (all ties), in order.
fn best_of<M>(ranked: Vec<(M, Remoteness)>) -> Vec<M> {
    let Some(best) = ranked.first().map(|(_, r)| *r) else {
        return Vec::new();
    };
    ranked
        .into_iter()
        .take_while(|(_, r)| *r == best)
        .map(|(m, _)| m)
        .collect()
}

/// Sorts moves best first for the mover; stable, so ties keep the ruleset's order.
fn rank<M>(mut moves: Vec<(M, Remoteness)>) -> Vec<(M, Remoteness)> {
    moves.sort_by(|(_, a), (_, b)| a.cmp_as_move(*b));
    moves
}

/// A memoised exhaustive remoteness solver for an impartial ruleset.
#[derive(Debug)]
pub struct RemotenessSolver<'g, G: Impartial> {
    game: &'g G,
    dag: Dag<G::Position, Remoteness>,
}

impl<'g, G: Impartial> RemotenessSolver<'g, G> {
    /// A solver for `game` with nothing solved yet.
    pub fn new(game: &'g G) -> Self {
        RemotenessSolver {
            game,
            dag: Dag::new(),
        }
    }

    /// The ruleset being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// How many positions have been solved so far.
    pub fn solved_positions(&self) -> usize {
        self.dag.len()
    }

    /// The remoteness of `pos` for the player to move.
    pub fn remoteness(&mut self, pos: &G::Position) -> Remoteness {
        self.remoteness_within(pos, &mut Budget::unlimited())
            .expect("an unlimited search always finishes")
    }

    /// The remoteness of `pos`, or `None` if finding it would spend more than
    /// `budget` (the solver keeps what it solved).
    pub fn remoteness_within(
        &mut self,
        pos: &G::Position,
        budget: &mut Budget,
    ) -> Option<Remoteness> {
        let game = self.game;
        self.dag.evaluate_within(
            pos,
            budget,
            |p, wanted| {
                game.first_moves(p, wanted)
                    .into_iter()
                    .map(|m| ((), game.play(p, &m)))
                    .collect()
            },
            |p, kids| match game.decided(p, Player::Left) {
                Some(wins) => Remoteness::decided(wins),
                None => Remoteness::of_options(kids.iter().map(|(_, r)| *r)),
            },
        )
    }

    /// Whether the player to move wins `pos`.
    pub fn to_move_wins(&mut self, pos: &G::Position) -> bool {
        self.remoteness(pos).to_move_wins()
    }

    /// Every move from `pos` with the remoteness of the position it leads to, best
    /// first for the player to move: winning moves quickest first, then losing moves
    /// longest first; ties in the ruleset's order.
    pub fn ranked_moves(&mut self, pos: &G::Position) -> Vec<(G::Move, Remoteness)> {
        self.ranked_moves_within(pos, &mut Budget::unlimited())
            .expect("an unlimited search always finishes")
    }

    /// [`ranked_moves`](Self::ranked_moves), or `None` if it would spend more than
    /// `budget`.
    pub fn ranked_moves_within(
        &mut self,
        pos: &G::Position,
        budget: &mut Budget,
    ) -> Option<Vec<(G::Move, Remoteness)>> {
        let game = self.game;
        let moves = game.first_moves(pos, wanted(budget));
        if !budget.spend(moves.len()) {
            return None;
        }
        let mut ranked = Vec::with_capacity(moves.len());
        for m in moves {
            let r = self.remoteness_within(&game.play(pos, &m), budget)?;
            ranked.push((m, r));
        }
        Some(rank(ranked))
    }

    /// The moves of best play from `pos`: the quickest wins if the player to move
    /// wins, else the moves that hold out longest. Empty at a terminal position.
    pub fn best_moves(&mut self, pos: &G::Position) -> Vec<G::Move> {
        best_of(self.ranked_moves(pos))
    }
}

/// A memoised exhaustive remoteness solver for a partizan ruleset, where the
/// remoteness depends on who is to move.
#[derive(Debug)]
pub struct PartizanRemotenessSolver<'g, G: Partizan> {
    game: &'g G,
    dag: Dag<(G::Position, Player), Remoteness>,
}

impl<'g, G: Partizan> PartizanRemotenessSolver<'g, G> {
    /// A solver for `game` with nothing solved yet.
    pub fn new(game: &'g G) -> Self {
        PartizanRemotenessSolver {
            game,
            dag: Dag::new(),
        }
    }

    /// The ruleset being solved.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// How many (position, player to move) pairs have been solved so far.
    pub fn solved_positions(&self) -> usize {
        self.dag.len()
    }

    /// The remoteness of `pos` with `to_move` to move.
    pub fn remoteness(&mut self, pos: &G::Position, to_move: Player) -> Remoteness {
        self.remoteness_within(pos, to_move, &mut Budget::unlimited())
            .expect("an unlimited search always finishes")
    }

    /// The remoteness of `pos` with `to_move` to move, or `None` if finding it would
    /// spend more than `budget`.
    pub fn remoteness_within(
        &mut self,
        pos: &G::Position,
        to_move: Player,
        budget: &mut Budget,
    ) -> Option<Remoteness> {
        let game = self.game;
        self.dag.evaluate_within(
            &(pos.clone(), to_move),
            budget,
            |(p, player), wanted| {
                game.first_moves_for(p, *player, wanted)
                    .into_iter()
                    .map(|m| ((), (game.play(p, &m), player.opponent())))
                    .collect()
            },
            |(p, player), kids| match game.decided(p, *player) {
                Some(wins) => Remoteness::decided(wins),
                None => Remoteness::of_options(kids.iter().map(|(_, r)| *r)),
            },
        )
    }

    /// Whether `to_move`, moving first in `pos`, wins.
    pub fn wins_moving_first(&mut self, pos: &G::Position, to_move: Player) -> bool {
        self.remoteness(pos, to_move).to_move_wins()
    }

    /// Every move of `to_move` from `pos` with the remoteness of the position it
    /// leads to (the opponent to move), best first for `to_move`.
    pub fn ranked_moves(
        &mut self,
        pos: &G::Position,
        to_move: Player,
    ) -> Vec<(G::Move, Remoteness)> {
        self.ranked_moves_within(pos, to_move, &mut Budget::unlimited())
            .expect("an unlimited search always finishes")
    }

    /// [`ranked_moves`](Self::ranked_moves), or `None` if it would spend more than
    /// `budget`.
    pub fn ranked_moves_within(
        &mut self,
        pos: &G::Position,
        to_move: Player,
        budget: &mut Budget,
    ) -> Option<Vec<(G::Move, Remoteness)>> {
        let game = self.game;
        let moves = game.first_moves_for(pos, to_move, wanted(budget));
        if !budget.spend(moves.len()) {
            return None;
        }
        let mut ranked = Vec::with_capacity(moves.len());
        for m in moves {
            let r = self.remoteness_within(&game.play(pos, &m), to_move.opponent(), budget)?;
            ranked.push((m, r));
        }
        Some(rank(ranked))
    }

    /// The moves of best play for `to_move` from `pos` (see
    /// [`RemotenessSolver::best_moves`]).
    pub fn best_moves(&mut self, pos: &G::Position, to_move: Player) -> Vec<G::Move> {
        best_of(self.ranked_moves(pos, to_move))
    }
}
