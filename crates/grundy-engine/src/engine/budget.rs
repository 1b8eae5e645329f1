//! The work an exhaustive search may do.
//!
//! One policy bounds every search the commands start on a user's position (the
//! remoteness under `analyze --moves`, hints and engine moves in `play`): a search
//! may list at most a given number of moves in all, counting every legal move of every
//! position it expands. A search holds at most one position per move listed (plus the
//! root), so the same number bounds its memory: the positions it has solved and the
//! children waiting on its stack. When the budget is spent the search stops, keeps what
//! it solved (which is correct) and reports that it did not finish; the caller
//! degrades its answer (remoteness unknown, the closed form's move) rather than run on.
//!
//! [`Budget::DEFAULT`] lists 2^18 moves. The cost of a move depends on the game (a
//! position's moves listed and played, its key hashed): from well under a microsecond
//! (Nim, pawns) to about 5 µs and 1 KB for octal games with several heaps, so the
//! default search ends within about a second and 200 MB on the development machine.
//! `--budget N` changes it.

/// How many moves an exhaustive search may still list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    moves: u64,
}

impl Budget {
    /// The default: 2^18 moves.
    pub const DEFAULT: Budget = Budget { moves: 1 << 18 };

    /// No limit (for tests and searches whose size is bounded otherwise).
    pub const fn unlimited() -> Budget {
        Budget { moves: u64::MAX }
    }

    /// A budget of `moves` moves.
    pub const fn moves(moves: u64) -> Budget {
        Budget { moves }
    }

    /// The moves left.
    pub const fn left(self) -> u64 {
        self.moves
    }

    /// Whether nothing is left.
    pub const fn is_spent(self) -> bool {
        self.moves == 0
    }

    /// Takes `moves` from the budget; `false` (and nothing taken) if fewer are left,
    /// or if this thread's [deadline](crate::deadline) has passed.
    pub fn spend(&mut self, moves: usize) -> bool {
        if crate::deadline::passed() {
            return false;
        }
        match self.moves.checked_sub(moves as u64) {
            Some(left) => {
                self.moves = left;
                true
            }
            None => false,
        }
    }

    /// This budget for positions of about `bytes` bytes each, so that the positions a
    /// search may hold take at most `memory` bytes.
    pub fn within_memory(self, bytes: u64, memory: u64) -> Budget {
        Budget {
            moves: self.moves.min(memory / bytes.max(1)),
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::{within, TICKS_PER_READING};
    use std::time::{Duration, Instant};

    #[test]
    fn a_budgeted_search_stops_at_the_deadline() {
        let past = Instant::now() - Duration::from_secs(1);
        let mut budget = Budget::unlimited();
        let stopped = within(past, || (0..=TICKS_PER_READING).any(|_| !budget.spend(1)));
        assert!(stopped, "an unlimited budget still stops at the deadline");
        assert!((0..1000).all(|_| budget.spend(1)), "and not without it");
    }

    #[test]
    fn spending_stops_at_zero() {
        let mut b = Budget::moves(5);
        assert!(b.spend(3));
        assert!(!b.spend(3));
        assert_eq!(b.left(), 2);
        assert!(b.spend(2));
        assert!(b.is_spent());
        assert!(b.spend(0));
        assert_eq!(Budget::moves(100).within_memory(10, 500).left(), 50);
        assert_eq!(Budget::moves(10).within_memory(0, 500).left(), 10);
    }
}
