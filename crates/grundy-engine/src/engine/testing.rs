//! What the retrograde solvers' tests share: a game given by lists, served as a
//! [`StateGraph`], and a seeded generator.

use super::retrograde::StateGraph;
use crate::ruleset::End;

/// A game on the vertices `0..succ.len()`: each vertex's moves and how the game
/// ended there; its tier where `tiers` gives one.
#[derive(Clone, Debug, Default)]
pub(crate) struct Listed {
    pub(crate) succ: Vec<Vec<u32>>,
    pub(crate) ends: Vec<Option<End>>,
    pub(crate) tiers: Vec<u32>,
}

impl StateGraph for Listed {
    type State = u32;
    fn end(&self, s: &u32) -> Option<End> {
        self.ends[*s as usize]
    }
    fn successors(&self, s: &u32) -> Vec<u32> {
        if self.ends[*s as usize].is_some() {
            return Vec::new();
        }
        self.succ[*s as usize].clone()
    }
    fn tier(&self, s: &u32) -> Option<u32> {
        self.tiers.get(*s as usize).copied()
    }
}

/// A small generator of pseudo-random numbers (xorshift), for a fixed seed.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next number, below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
