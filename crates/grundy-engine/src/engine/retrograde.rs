//! Retrograde analysis of games with ties and cycles: win, lose, tie or draw for the
//! player to move, with remoteness, over every state reachable from a root; the
//! analysis' `retrograde` engine for the games with ties or cycles and no tiers, and
//! the result packing the retrograde solvers share (`packed`). Limits: every state
//! reached is held with its moves both ways (about 120–150 bytes a state), within a
//! [`Budget`] of moves listed, and at most 2^32 states.
//!
//! The acyclic engines ([`dag`](super::dag), [`remoteness`](super::remoteness))
//! evaluate a position from its options, which needs the options solved first and
//! refuses a position that repeats on a line of play. Here the game may loop back
//! (a token slides back and forth on a digraph) and may end in a tie (a full
//! tic-tac-toe board), so the answer is found backwards from the ends:
//!
//! 1. **Explore.** Every state reachable from the root is numbered (a hash map from
//!    state to a dense id, hashed with foldhash, randomly seeded: SipHash was a sixth
//!    of the instructions on Connect Four) breadth-first, and its successors are kept as a list of
//!    ids; each successor listed costs one move of the [`Budget`], and past it the
//!    search stops with [`TooBig`].
//! 2. **Win and loss.** States where the game is over as a win or a loss for the
//!    player to move ([`End`]) and states with no move (normal play: a loss) are
//!    seeded with remoteness 0. Processed in order of remoteness (a FIFO queue): a
//!    state with a successor lost for its mover is won, with remoteness one more than
//!    the first such successor found (the winner hurries); a state whose every
//!    successor is won for its mover is lost, with remoteness one more than the last
//!    one decided (the loser stalls). A counter per state holds how many successors
//!    are not yet known to be won.
//! 3. **Ties.** States over as a tie are seeded with remoteness 0; an undecided state
//!    with a tie among its successors is a tie, one move further. The rule: *both
//!    players prefer a finished game to endless play*, so the player to move who can
//!    neither win nor be forced to lose takes a tie when one is in reach, by the
//!    fewest moves (both hurry to the tie).
//! 4. **Draws.** Every state still undecided is a draw: neither player can force the
//!    game to end without losing it, so with best play it goes on forever. A draw has
//!    no remoteness.
//!
//! Work and memory are linear in the states and moves: each edge is listed once
//! forwards and once backwards. Memory per state: the state itself twice (in the
//! map and the list of states, plus the map's overhead), 4 bytes of offsets and 4
//! bytes per successor in each direction, 4 bytes of counter and 4 of remoteness and
//! 1 of result; [`Solved::bytes`] adds it up from the capacities held (about 70
//! bytes per state for a 16-byte state with 3–4 moves; `bench/README.md`).
//!
//! ```
//! use grundy_engine::engine::retrograde::{solve, GameResult, StateGraph};
//! use grundy_engine::engine::Budget;
//! use grundy_engine::ruleset::End;
//!
//! /// A cycle 0 -> 1 -> 2 -> 0 with an exit 2 -> 3 (3 has no move).
//! struct Ring;
//! impl StateGraph for Ring {
//!     type State = u8;
//!     fn end(&self, _: &u8) -> Option<End> { None }
//!     fn successors(&self, s: &u8) -> Vec<u8> {
//!         match s { 0 => vec![1], 1 => vec![2], 2 => vec![0, 3], _ => vec![] }
//!     }
//! }
//! let solved = solve(&Ring, 0, &mut Budget::unlimited()).unwrap();
//! assert_eq!(solved.get(&2), Some((GameResult::Win, Some(1))));
//! assert_eq!(solved.get(&1), Some((GameResult::Lose, Some(2))));
//! assert_eq!(solved.get(&0), Some((GameResult::Win, Some(3))));
//! ```

use std::collections::VecDeque;
use std::hash::Hash;

use foldhash::HashMap;

use super::budget::Budget;
use crate::game::Player;
pub use crate::ruleset::GameResult;
use crate::ruleset::RulesetExt;
use crate::ruleset::{End, Kind, Ruleset};

/// A game as a graph of states for [`solve`]: a state holds everything that decides
/// the moves (for a partizan game, the position and the player to move).
pub trait StateGraph {
    /// A state.
    type State: Clone + Eq + Hash;
    /// How the game ended at `state`, if it did otherwise than by a lack of moves.
    fn end(&self, state: &Self::State) -> Option<End>;
    /// The states each legal move leads to (none once the game is over; no move at
    /// all is a loss for the player to move).
    fn successors(&self, state: &Self::State) -> Vec<Self::State>;
    /// The tier of `state` for the tiered solver ([`tiers`](super::tiers)), with the
    /// promise that no move lowers it; `None` (the default) when the game has no
    /// tiers.
    fn tier(&self, state: &Self::State) -> Option<u32> {
        let _ = state;
        None
    }
}

/// A [`Ruleset`] as a graph of states `(position, player to move)`: in an impartial
/// ruleset the player stays the one given (both have the same moves), in a partizan
/// one it alternates.
#[derive(Debug)]
pub struct RulesetStates<'r, R: ?Sized>(pub &'r R);

impl<R: Ruleset + ?Sized> StateGraph for RulesetStates<'_, R> {
    type State = (R::Position, Player);

    fn end(&self, (pos, player): &Self::State) -> Option<End> {
        self.0.end(pos, *player)
    }

    fn successors(&self, (pos, player): &Self::State) -> Vec<Self::State> {
        if self.0.end(pos, *player).is_some() {
            return Vec::new();
        }
        let next = match self.0.kind() {
            Kind::Impartial => *player,
            Kind::Partizan => player.opponent(),
        };
        self.0
            .moves(pos, *player)
            .iter()
            .map(|mv| (self.0.play(pos, mv), next))
            .collect()
    }

    fn tier(&self, (pos, _): &Self::State) -> Option<u32> {
        self.0.tier(pos)
    }
}

/// Why [`solve`] stopped: the states reachable from the root need more than the
/// budget allows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the game below this position is too big for the retrograde engine (stopped after \
     {states} states, past its budget of moves listed)"
)]
pub struct TooBig {
    /// How many states had been numbered when the budget ran out.
    pub states: u64,
}

/// The one result packing of the retrograde solvers ([`solve`] here and
/// [`tiers`](super::tiers)): a result as a code of 3 bits, and with its remoteness in
/// 4 bytes (the remoteness above the code's 3 bits, so at most 2^29 − 1).
pub(crate) mod packed {
    use super::{End, GameResult};

    /// Not decided yet.
    pub(crate) const UNKNOWN: u8 = 0;
    /// Won for the player to move.
    pub(crate) const WIN: u8 = 1;
    /// Lost for the player to move.
    pub(crate) const LOSE: u8 = 2;
    /// A tie in reach.
    pub(crate) const TIE: u8 = 3;
    /// Neither player can force the game to end without losing it.
    pub(crate) const DRAW: u8 = 4;

    /// `result` and `remoteness` in 4 bytes.
    pub(crate) fn pack(result: u8, remoteness: u32) -> u32 {
        (remoteness << 3) | u32::from(result)
    }

    /// The result and remoteness [`pack`] packed.
    pub(crate) fn unpack(packed: u32) -> (u8, u32) {
        ((packed & 7) as u8, packed >> 3)
    }

    /// The code of how a game ended at a state: [`UNKNOWN`] while it goes on.
    pub(crate) fn end_code(end: Option<End>) -> u8 {
        match end {
            None => UNKNOWN,
            Some(End::Win) => WIN,
            Some(End::Lose) => LOSE,
            Some(End::Tie) => TIE,
        }
    }

    /// The answer of a decided state: its result and remoteness (`None` for a draw,
    /// as for a state left undecided).
    pub(crate) fn answer(result: u8, remoteness: u32) -> (GameResult, Option<u32>) {
        match result {
            WIN => (GameResult::Win, Some(remoteness)),
            LOSE => (GameResult::Lose, Some(remoteness)),
            TIE => (GameResult::Tie, Some(remoteness)),
            _ => (GameResult::Draw, None),
        }
    }

    /// Where a state of this result is counted in `[win, lose, tie, draw]`.
    pub(crate) fn count_index(result: u8) -> usize {
        usize::from(result.saturating_sub(1)).min(3)
    }
}

use packed::{answer, count_index, end_code, DRAW, LOSE, TIE, UNKNOWN, WIN};

/// Every state reachable from a root, solved: result and remoteness.
#[derive(Debug)]
pub struct Solved<S> {
    ids: HashMap<S, u32>,
    result: Vec<u8>,
    remoteness: Vec<u32>,
    peak_bytes: usize,
}

impl<S: Clone + Eq + Hash> Solved<S> {
    /// The result of `state` for the player to move and its remoteness (how many
    /// moves the game lasts under best play; `None` for a draw); `None` when `state`
    /// was not reached from the root.
    pub fn get(&self, state: &S) -> Option<(GameResult, Option<u32>)> {
        let &id = self.ids.get(state)?;
        let i = id as usize;
        Some(answer(self.result[i], self.remoteness[i]))
    }

    /// How many states were reached.
    pub fn states(&self) -> usize {
        self.result.len()
    }

    /// How many states have each result: win, lose, tie, draw.
    pub fn counts(&self) -> [usize; 4] {
        let mut out = [0; 4];
        for &r in &self.result {
            out[count_index(r)] += 1;
        }
        out
    }

    /// The most bytes the solver held at once, from the capacities of its tables
    /// (states counted at their `size_of`, excluding any heap memory a state owns).
    pub fn bytes(&self) -> usize {
        self.peak_bytes
    }

    /// Every state with its result and remoteness, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&S, GameResult, Option<u32>)> + '_ {
        self.ids.keys().map(|s| {
            let (r, m) = self.get(s).expect("a state of the map");
            (s, r, m)
        })
    }
}

/// Solves every state reachable from `root` (see the [module docs](self)), listing
/// at most `budget` moves in all.
pub fn solve<G: StateGraph>(
    game: &G,
    root: G::State,
    budget: &mut Budget,
) -> Result<Solved<G::State>, TooBig> {
    // 1. Explore, numbering states breadth-first.
    let mut ids: HashMap<G::State, u32> = HashMap::default();
    let mut states: Vec<G::State> = vec![root.clone()];
    ids.insert(root, 0);
    let mut offsets: Vec<u32> = vec![0];
    let mut targets: Vec<u32> = Vec::new();
    let mut ends: Vec<u8> = Vec::new();
    let mut next = 0;
    while next < states.len() {
        let state = states[next].clone();
        next += 1;
        let end = game.end(&state);
        ends.push(end_code(end));
        let succ = if end.is_some() {
            Vec::new()
        } else {
            game.successors(&state)
        };
        if !budget.spend(succ.len().max(1)) {
            return Err(TooBig {
                states: states.len() as u64,
            });
        }
        for s in succ {
            let id = match ids.get(&s) {
                Some(&id) => id,
                None => {
                    let Ok(id) = u32::try_from(states.len()) else {
                        return Err(TooBig {
                            states: states.len() as u64,
                        });
                    };
                    states.push(s.clone());
                    ids.insert(s, id);
                    id
                }
            };
            targets.push(id);
        }
        let Ok(end) = u32::try_from(targets.len()) else {
            return Err(TooBig {
                states: states.len() as u64,
            });
        };
        offsets.push(end);
    }
    let n = states.len();
    let state_bytes = std::mem::size_of::<G::State>();
    // The map's entries (key, id, one control byte) and the list of states.
    let held = ids.capacity() * (state_bytes + 4 + 1) + states.capacity() * state_bytes;
    drop(states);

    // The reverse edges, as offsets into one list of predecessors.
    let mut count: Vec<u32> = offsets.windows(2).map(|w| w[1] - w[0]).collect();
    let mut rev_offsets = vec![0u32; n + 1];
    for &t in &targets {
        rev_offsets[t as usize + 1] += 1;
    }
    for i in 0..n {
        rev_offsets[i + 1] += rev_offsets[i];
    }
    let mut fill = rev_offsets.clone();
    let mut preds = vec![0u32; targets.len()];
    for s in 0..n {
        for &t in &targets[offsets[s] as usize..offsets[s + 1] as usize] {
            preds[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    let peak_bytes = held
        + 4 * (offsets.capacity() + targets.capacity() + count.capacity())
        + 4 * (rev_offsets.capacity() + fill.capacity() + preds.capacity())
        + ends.capacity()
        + 4 * n;
    drop(fill);
    drop(targets);
    drop(offsets);

    // 2. Win and loss, in order of remoteness.
    let mut result = vec![UNKNOWN; n];
    let mut remoteness = vec![0u32; n];
    let mut queue: VecDeque<u32> = VecDeque::new();
    let mut ties: VecDeque<u32> = VecDeque::new();
    for (i, &e) in ends.iter().enumerate() {
        match e {
            WIN | LOSE => {
                result[i] = e;
                queue.push_back(i as u32);
            }
            TIE => {
                result[i] = TIE;
                ties.push_back(i as u32);
            }
            _ if count[i] == 0 => {
                result[i] = LOSE;
                queue.push_back(i as u32);
            }
            _ => {}
        }
    }
    drop(ends);
    let preds_of = |s: usize| &preds[rev_offsets[s] as usize..rev_offsets[s + 1] as usize];
    while let Some(s) = queue.pop_front() {
        let s = s as usize;
        let r = remoteness[s] + 1;
        let lost = result[s] == LOSE;
        for &p in preds_of(s) {
            let p = p as usize;
            if result[p] != UNKNOWN {
                continue;
            }
            if lost {
                result[p] = WIN;
                remoteness[p] = r;
                queue.push_back(p as u32);
            } else {
                count[p] -= 1;
                if count[p] == 0 {
                    result[p] = LOSE;
                    remoteness[p] = r;
                    queue.push_back(p as u32);
                }
            }
        }
    }

    // 3. Ties, by the fewest moves.
    while let Some(s) = ties.pop_front() {
        let s = s as usize;
        let r = remoteness[s] + 1;
        for &p in preds_of(s) {
            let p = p as usize;
            if result[p] == UNKNOWN {
                result[p] = TIE;
                remoteness[p] = r;
                ties.push_back(p as u32);
            }
        }
    }

    // 4. Draws.
    for r in &mut result {
        if *r == UNKNOWN {
            *r = DRAW;
        }
    }
    Ok(Solved {
        ids,
        result,
        remoteness,
        peak_bytes,
    })
}

/// The results of the moves from a solved state, best first for the player to move:
/// each successor's result for the mover ([`GameResult::for_mover`]) and how many
/// moves the game lasts from the move, the move included (`None` for a draw). Wins
/// the quickest first, then ties the quickest first, draws, and losses the longest
/// first; equal moves keep their order.
pub fn rank_moves<M>(
    moves: Vec<(M, GameResult, Option<u32>)>,
) -> Vec<(M, GameResult, Option<u32>)> {
    let mut moves = moves;
    moves.sort_by_key(|(_, r, left)| {
        let left = i64::from(left.unwrap_or(0));
        let by_length = if *r == GameResult::Lose { -left } else { left };
        (std::cmp::Reverse(r.rank()), by_length)
    });
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testing::Listed;

    #[test]
    fn a_two_cycle_with_no_exit_is_a_draw_and_an_exit_wins() {
        // 0 <-> 1, 1 -> 2 (no move: lost for its mover).
        let g = Listed {
            succ: vec![vec![1], vec![0, 2], vec![]],
            ends: vec![None; 3],
            ..Listed::default()
        };
        let s = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        assert_eq!(s.get(&1), Some((GameResult::Win, Some(1))));
        assert_eq!(s.get(&0), Some((GameResult::Lose, Some(2))));
        let g = Listed {
            succ: vec![vec![1], vec![0]],
            ends: vec![None; 2],
            ..Listed::default()
        };
        let s = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        assert_eq!(s.get(&0), Some((GameResult::Draw, None)));
        assert_eq!(s.counts(), [0, 0, 0, 2]);
    }

    #[test]
    fn a_tie_in_reach_beats_endless_play_and_a_loss_does_not() {
        // 0 -> {1 (tie), 2}; 2 <-> 3; 3 -> 4 (won for its mover, so a loss to move to).
        let g = Listed {
            succ: vec![vec![1, 2], vec![], vec![3], vec![2, 4], vec![]],
            ends: vec![None, Some(End::Tie), None, None, Some(End::Win)],
            ..Listed::default()
        };
        let s = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        assert_eq!(s.get(&0), Some((GameResult::Tie, Some(1))));
        assert_eq!(s.get(&2), Some((GameResult::Draw, None)));
        assert_eq!(s.get(&3), Some((GameResult::Draw, None)));
    }

    #[test]
    fn the_loser_stalls_and_the_winner_hurries() {
        // 0 -> {1, 2}; 1 no move (lost); 2 -> 3 -> 4 -> 5 (no move).
        // 0 wins at once by 1 although 2 also... 2 -> 3 -> 4 -> 5: 4 wins (1),
        // 3 loses (2), 2 wins (3); so from 0 only 1 is a loss for the mover.
        let g = Listed {
            succ: vec![vec![2, 1], vec![], vec![3], vec![4], vec![5], vec![]],
            ends: vec![None; 6],
            ..Listed::default()
        };
        let s = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        assert_eq!(s.get(&0), Some((GameResult::Win, Some(1))));
        // A lost state stalls: 6 -> {7 (wins in 1), 8 (wins in 3)}.
        let g = Listed {
            succ: vec![
                vec![1, 2],
                vec![3],
                vec![4],
                vec![],
                vec![5],
                vec![6],
                vec![],
            ],
            ends: vec![None; 7],
            ..Listed::default()
        };
        let s = solve(&g, 0, &mut Budget::unlimited()).unwrap();
        assert_eq!(s.get(&1), Some((GameResult::Win, Some(1))));
        assert_eq!(s.get(&2), Some((GameResult::Win, Some(3))));
        assert_eq!(s.get(&0), Some((GameResult::Lose, Some(4))));
    }

    #[test]
    fn past_the_budget_it_stops() {
        let g = Listed {
            succ: (0..100).map(|i| vec![(i + 1) % 100]).collect(),
            ends: vec![None; 100],
            ..Listed::default()
        };
        let err = solve(&g, 0, &mut Budget::moves(10)).unwrap_err();
        assert!(err.states <= 12, "{err:?}");
        assert!(err.to_string().contains("too big"));
        let s = solve(&g, 0, &mut Budget::moves(100)).unwrap();
        assert_eq!(s.states(), 100);
        assert!(s.bytes() >= 100 * 20, "{}", s.bytes());
    }

    #[test]
    fn moves_rank_best_first() {
        use GameResult::*;
        let ranked = rank_moves(vec![
            ("a", Lose, Some(2)),
            ("b", Lose, Some(6)),
            ("c", Draw, None),
            ("d", Tie, Some(5)),
            ("e", Win, Some(3)),
            ("f", Win, Some(1)),
            ("g", Tie, Some(1)),
        ]);
        let order: Vec<&str> = ranked.iter().map(|m| m.0).collect();
        assert_eq!(order, ["f", "e", "g", "d", "c", "b", "a"]);
    }
}
