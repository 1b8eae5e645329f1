//! A naive reference for short games: game trees stored by structure (no
//! simplification of any kind), compared, added and searched by the definitions
//! alone. The library's canonical forms are checked against it.

#![allow(dead_code)]

use std::collections::HashMap;

use grundy::cgt::CanonicalForm;

/// Game trees without simplification; a node is its sorted, deduplicated option ids.
#[derive(Default)]
pub struct Naive {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: HashMap<(Vec<usize>, Vec<usize>), usize>,
    le: HashMap<(usize, usize), bool>,
    sums: HashMap<(usize, usize), usize>,
    negs: HashMap<usize, usize>,
    wins: HashMap<(usize, bool), bool>,
    from_game: HashMap<CanonicalForm, usize>,
}

impl Naive {
    pub fn node(&mut self, mut left: Vec<usize>, mut right: Vec<usize>) -> usize {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left, right);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.nodes.push(key.clone());
        self.index.insert(key, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    pub fn left(&self, g: usize) -> Vec<usize> {
        self.nodes[g].0.clone()
    }

    pub fn right(&self, g: usize) -> Vec<usize> {
        self.nodes[g].1.clone()
    }

    /// G ≤ H: no G^L ≥ H and no H^R ≤ G.
    pub fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&r) = self.le.get(&(g, h)) {
            return r;
        }
        let r = !self.left(g).into_iter().any(|gl| self.le(h, gl))
            && !self.right(h).into_iter().any(|hr| self.le(hr, g));
        self.le.insert((g, h), r);
        r
    }

    pub fn eq(&mut self, g: usize, h: usize) -> bool {
        self.le(g, h) && self.le(h, g)
    }

    /// G + H by the definition of the disjunctive sum.
    pub fn add(&mut self, g: usize, h: usize) -> usize {
        if let Some(&s) = self.sums.get(&(g, h)) {
            return s;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for gl in self.left(g) {
            left.push(self.add(gl, h));
        }
        for hl in self.left(h) {
            left.push(self.add(g, hl));
        }
        for gr in self.right(g) {
            right.push(self.add(gr, h));
        }
        for hr in self.right(h) {
            right.push(self.add(g, hr));
        }
        let s = self.node(left, right);
        self.sums.insert((g, h), s);
        s
    }

    pub fn neg(&mut self, g: usize) -> usize {
        if let Some(&n) = self.negs.get(&g) {
            return n;
        }
        let left = self.right(g).into_iter().map(|r| self.neg(r)).collect();
        let right = self.left(g).into_iter().map(|l| self.neg(l)).collect();
        let n = self.node(left, right);
        self.negs.insert(g, n);
        n
    }

    /// Whether the player to move (Left if `left_moves`) wins, by game-tree search:
    /// a player wins moving first if some move leaves the opponent, moving first,
    /// losing.
    pub fn first_player_wins(&mut self, g: usize, left_moves: bool) -> bool {
        if let Some(&w) = self.wins.get(&(g, left_moves)) {
            return w;
        }
        let options = if left_moves {
            self.left(g)
        } else {
            self.right(g)
        };
        let w = options
            .into_iter()
            .any(|o| !self.first_player_wins(o, !left_moves));
        self.wins.insert((g, left_moves), w);
        w
    }

    /// The tree of a canonical form, option by option.
    pub fn of_game(&mut self, g: CanonicalForm) -> usize {
        if let Some(&i) = self.from_game.get(&g) {
            return i;
        }
        let left = g.left_options().iter().map(|&o| self.of_game(o)).collect();
        let right = g.right_options().iter().map(|&o| self.of_game(o)).collect();
        let i = self.node(left, right);
        self.from_game.insert(g, i);
        i
    }

    /// The library's canonical form of a naive tree, built bottom-up with
    /// `CanonicalForm::from_options`.
    pub fn to_game(&self, g: usize) -> CanonicalForm {
        let left: Vec<CanonicalForm> = self.nodes[g].0.iter().map(|&o| self.to_game(o)).collect();
        let right: Vec<CanonicalForm> = self.nodes[g].1.iter().map(|&o| self.to_game(o)).collect();
        CanonicalForm::from_options(&left, &right).unwrap()
    }

    /// Whether `g` (a canonical form's tree) has no dominated and no reversible
    /// option, checked with the naive order.
    pub fn is_canonical(&mut self, g: usize) -> bool {
        let (left, right) = (self.left(g), self.right(g));
        for &a in &left {
            for &b in &left {
                if a != b && self.le(a, b) {
                    return false;
                }
            }
            for ar in self.right(a) {
                if self.le(ar, g) {
                    return false;
                }
            }
        }
        for &a in &right {
            for &b in &right {
                if a != b && self.le(b, a) {
                    return false;
                }
            }
            for al in self.left(a) {
                if self.le(g, al) {
                    return false;
                }
            }
        }
        left.iter().chain(&right).all(|&o| self.is_canonical(o))
    }
}

/// A small game tree for property tests: Left's and Right's options.
#[derive(Clone, Debug)]
pub struct Tree(pub Vec<Tree>, pub Vec<Tree>);

impl Tree {
    pub fn to_naive(&self, n: &mut Naive) -> usize {
        let left = self.0.iter().map(|t| t.to_naive(n)).collect();
        let right = self.1.iter().map(|t| t.to_naive(n)).collect();
        n.node(left, right)
    }
}

pub fn tree_strategy(depth: u32) -> impl proptest::strategy::Strategy<Value = Tree> {
    use proptest::prelude::*;
    let leaf = Just(Tree(vec![], vec![]));
    leaf.prop_recursive(depth, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Tree(l, r))
    })
}
