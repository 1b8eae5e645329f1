//! Blue-Red-Green Hackenbush on trees: cut an edge of your colour or a green one,
//! and everything no longer connected to the ground falls.
//!
//! # Rules
//! Trees of edges standing on the ground, each edge blue, red or green. Left cuts a
//! blue or a green edge, Right a red or a green one; cutting an edge removes it and
//! every edge no longer connected to the ground (in a tree, everything it held up).
//! A player who has no edge to cut loses. A string (a stalk) is a tree that does not
//! branch; Blue-Red Hackenbush strings are the positions of strings without green
//! edges.
//!
//! # Notation
//! A tree is written from the ground up: its edges one on top of the other, `B` blue
//! (Left's), `R` red (Right's), `G` green (either player's), and where it branches,
//! its branches in parentheses separated by commas, each written the same way. `BBR`
//! is a string: two blue edges with a red one on top. `B(RB,G)` is a blue edge whose
//! top carries two branches, the string `RB` and the edge `G`; `G(B(R,R),G)`
//! branches twice. A branch point has at least two branches (one branch is written
//! without parentheses: `BR`, not `B(R)`), and its `)` ends its branch. The ground is
//! one node, so the trees standing on it are a sum; they are separated by commas at
//! the top level: `BBR,G(G,G)`. A tree with no edge left is `.`. At most
//! [`MAX_STRINGS`] trees of at most [`MAX_EDGES`] edges each, so at most 2048 edges
//! in a position; a text past a bound is refused at the column where it passes it.
//!
//! A move is `T:E`, cutting edge E of tree T (the trees numbered from 1 on the left,
//! the edges of a tree from 1 in the order they are written): in `B(RB,G)`, `1:1` is
//! the blue edge on the ground, `1:2` and `1:3` the red and the blue edge of the
//! first branch, `1:4` the green edge. In a string an edge's number is its height
//! from the ground: `1:3` cuts the red edge of `BBR`. When there is one tree, `E`
//! alone is accepted.
//!
//! # Closed form: Blue-Red strings
//! A position of Blue-Red strings is a number (Berlekamp's sign expansion, Winning
//! Ways ch. 2): in a string, the edges up to the first change of colour count +1
//! (blue) or −1 (red) each; the edges after it count ±1/2, ±1/4, ±1/8, ... in turn.
//! So `BBR` is 1 + 1 − 1/2 = 3/2, `BRB` is 1 − 1/2 + 1/4 = 3/4, `RB` is −1/2. A sum
//! of strings is worth the sum of their values. Left moving first wins by cutting to
//! a position worth ≥ 0, Right by cutting to one worth ≤ 0. The bounds keep every
//! value exact: a value has a denominator at most 2^31 and at most 64·32 in size.
//!
//! # Green edges and trees: the canonical-form engine
//! A position with a green edge or a branch point is valued by the canonical-form
//! engine of [`cgt`](crate::cgt), through [`rules::canonical`](crate::rules::canonical)
//! and this module's hooks: [`Ruleset::components`](crate::ruleset::RulesetExt::components) (each tree on the ground is an
//! independent part; the ground is one node, so the trees add up) and
//! [`Ruleset::normalize`](crate::ruleset::RulesetExt::normalize) (the branches at a node commute, so they are put in a
//! canonical order; swapping blue and red negates the value, so a tree and its
//! colour swap share one entry). What is known checks it: a tree of green edges only
//! is the nimber of the colon principle (Winning Ways ch. 7: a green stalk of n
//! edges is *n, and the branches at a node may be replaced by one stalk of their
//! nim-sum), so `G` is `*`, `GG` is `*2`, `G(G,G)` is `*` (1 + (1 ⊕ 1)); a blue edge
//! on a green one, `GB`, is `{0, * | 0}` = `↑*` (the ordinal sum `*:1`), and a green
//! edge on a blue one, `BG`, is `{0, 1 | 1}` = `1*`; a tree is the ordinal sum of its
//! stalk and the sum of its branches; Blue-Red trees are numbers (`B(R,R)` is
//! `{0 | 1/2}` = 1/4).
//!
//! Two bounds keep such a position to a few seconds and megabytes; past either it is
//! refused with "position too big": its trees may leave at most [`MAX_SEARCHED`]
//! positions to value, counted from their shapes before any search, and its value
//! is at most [`MAX_PRINTED`] characters long (a tree of 32 edges can be worth a
//! canonical form megabytes long). Blue-Red strings have neither bound.
//!
//! # Checks
//! The sign expansion is checked against the canonical-form engine of
//! [`cgt`](crate::cgt) on every string up to 12 edges and every sum of strings up to
//! 9 edges; `grundy verify hackenbush` checks the value's outcome and each player's
//! winning moves against plain game-tree search on every position of up to
//! [`LARGEST_TREES`] edges in one to three trees (each edge blue, red or green, each
//! tree once up to the order of its branches), and of Blue-Red strings only beyond
//! it, up to 12 edges.

mod drawing;
mod enumerate;
mod explain;
mod notation;
mod ruleset;
mod values;

pub use enumerate::{every_tree, TreeForests, LARGEST_TREES};
pub use ruleset::SPEC;
pub use values::{sign_expansion, total, MAX_PRINTED, MAX_SEARCHED};

use crate::game::Player;

/// The most edges of one tree (a string is a tree).
pub const MAX_EDGES: usize = 32;

/// The most trees (or strings) standing on the ground in a position.
pub const MAX_STRINGS: usize = 64;

/// The Blue-Red-Green Hackenbush ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

/// The colour of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Blue, `B`: Left cuts it.
    Blue,
    /// Red, `R`: Right cuts it.
    Red,
    /// Green, `G`: either player cuts it.
    Green,
}

impl Colour {
    /// The colour's letter, `B`, `R` or `G`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// The colour of a letter.
    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// Whether `player` may cut an edge of this colour.
    pub fn cut_by(self, player: Player) -> bool {
        match self {
            Colour::Blue => player == Player::Left,
            Colour::Red => player == Player::Right,
            Colour::Green => true,
        }
    }

    /// Blue and red swapped (green stays).
    fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }
}

/// A tree standing on the ground: a stalk of edges from the ground up, and at its
/// top no branch or at least two, each a tree of the same kind standing on that
/// node. The tree with no edge (`.`) stands for a tree cut at the ground.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tree {
    edges: Vec<Colour>,
    branches: Vec<Tree>,
}

impl Tree {
    /// The edges of the stalk, from the ground (or the branch point below) up.
    pub fn edges(&self) -> &[Colour] {
        &self.edges
    }

    /// The branches at the top of the stalk: none, or at least two.
    pub fn branches(&self) -> &[Tree] {
        &self.branches
    }

    /// The number of edges of the tree.
    pub fn size(&self) -> usize {
        self.edges.len() + self.branches.iter().map(Tree::size).sum::<usize>()
    }

    /// The colours of the edges in the order they are written (the order of moves).
    pub fn colours(&self) -> Vec<Colour> {
        let mut out = Vec::with_capacity(self.size());
        self.push_colours(&mut out);
        out
    }

    fn push_colours(&self, out: &mut Vec<Colour>) {
        out.extend_from_slice(&self.edges);
        for b in &self.branches {
            b.push_colours(out);
        }
    }

    /// The tree as a Blue-Red string (`true` blue), if it is one.
    pub fn blue_red_string(&self) -> Option<Vec<bool>> {
        if !self.branches.is_empty() {
            return None;
        }
        self.edges
            .iter()
            .map(|&c| match c {
                Colour::Blue => Some(true),
                Colour::Red => Some(false),
                Colour::Green => None,
            })
            .collect()
    }

    /// Cuts edge `n` (from 0, in writing order) and what it held up; `true` when
    /// the whole tree is gone (its first edge was cut).
    fn cut(&mut self, n: usize) -> bool {
        if n < self.edges.len() {
            self.edges.truncate(n);
            self.branches.clear();
            return n == 0;
        }
        let mut n = n - self.edges.len();
        for k in 0..self.branches.len() {
            let size = self.branches[k].size();
            if n < size {
                if self.branches[k].cut(n) {
                    self.branches.remove(k);
                    // A node left with one branch: the branch continues the stalk.
                    if self.branches.len() == 1 {
                        let only = self.branches.pop().expect("one branch");
                        self.edges.extend(only.edges);
                        self.branches = only.branches;
                    }
                }
                return false;
            }
            n -= size;
        }
        unreachable!("an edge past the tree's {} edges", self.size())
    }

    /// The tree with the branches at every node in their canonical (sorted) order.
    pub fn sorted(&self) -> Tree {
        let mut branches: Vec<Tree> = self.branches.iter().map(Tree::sorted).collect();
        branches.sort();
        Tree {
            edges: self.edges.clone(),
            branches,
        }
    }

    /// The tree with blue and red swapped.
    fn swapped(&self) -> Tree {
        Tree {
            edges: self.edges.iter().map(|c| c.swapped()).collect(),
            branches: self.branches.iter().map(Tree::swapped).collect(),
        }
    }

    /// How many trees a sequence of cuts can leave (the tree gone included), at
    /// most: each stalk edge cut, or the stalk whole with each branch in any of its
    /// states (saturating).
    fn states(&self) -> u128 {
        let above = self
            .branches
            .iter()
            .fold(1u128, |n, b| n.saturating_mul(b.states()));
        (self.edges.len() as u128).saturating_add(above)
    }

    /// An upper bound on the trees a sequence of cuts can leave, up to the order of
    /// branches (the tree gone included): a cut of each edge of the stalk, or the
    /// stalk whole with any multiset of its branches' trees, identical branches
    /// counted together (k identical branches of s trees each leave at most
    /// C(s + k − 1, k)). Saturating.
    pub fn positions_below(&self) -> u128 {
        let mut groups: Vec<(Tree, u128)> = Vec::new();
        for b in &self.branches {
            let b = b.sorted();
            match groups.iter_mut().find(|(t, _)| *t == b) {
                Some((_, k)) => *k += 1,
                None => groups.push((b, 1)),
            }
        }
        let above = groups.iter().fold(1u128, |n, (b, k)| {
            n.saturating_mul(multisets_of(b.positions_below(), *k))
        });
        (self.edges.len() as u128).saturating_add(above)
    }

    /// The nimber of a tree of green edges only, by the colon principle (Winning
    /// Ways ch. 7): the branches at a node count as one stalk of their nim-sum, so a
    /// stalk of k edges carrying branches worth *a, *b, ... is *(k + (a ⊕ b ⊕ ...)).
    /// `None` when an edge is not green.
    pub fn green_nimber(&self) -> Option<u32> {
        if self.edges.iter().any(|&c| c != Colour::Green) {
            return None;
        }
        let mut above = 0;
        for b in &self.branches {
            above ^= b.green_nimber()?;
        }
        Some(self.edges.len() as u32 + above)
    }
}

/// C(s + k − 1, k), the multisets of k things of s kinds (saturating).
pub fn multisets_of(s: u128, k: u128) -> u128 {
    let mut n = 1u128;
    for i in 1..=k {
        // C(s + i − 1, i) = C(s + i − 2, i − 1) · (s + i − 1) / i, exactly.
        let Some(f) = s.checked_add(i - 1) else {
            return u128::MAX;
        };
        match n.checked_mul(f) {
            Some(m) => n = m / i,
            None => return u128::MAX,
        }
    }
    n
}

/// A position: the trees standing on the ground, from the left.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Forest(Vec<Tree>);

/// The position's former name, from when every tree was a Blue-Red string.
pub type Strings = Forest;

impl Forest {
    /// A position of Blue-Red strings, each from the ground up (`true` blue), or
    /// `None` past the limits ([`MAX_STRINGS`], [`MAX_EDGES`]) or for no string at
    /// all.
    pub fn new(strings: Vec<Vec<bool>>) -> Option<Forest> {
        let trees = strings
            .into_iter()
            .map(|s| Tree {
                edges: s
                    .into_iter()
                    .map(|blue| if blue { Colour::Blue } else { Colour::Red })
                    .collect(),
                branches: Vec::new(),
            })
            .collect();
        Forest::from_trees(trees)
    }

    /// A position of trees, or `None` past the limits ([`MAX_STRINGS`],
    /// [`MAX_EDGES`]) or for no tree at all.
    pub fn from_trees(trees: Vec<Tree>) -> Option<Forest> {
        let fits = !trees.is_empty()
            && trees.len() <= MAX_STRINGS
            && trees.iter().all(|t| t.size() <= MAX_EDGES);
        fits.then_some(Forest(trees))
    }

    /// The trees, from the left.
    pub fn trees(&self) -> &[Tree] {
        &self.0
    }

    /// The position as Blue-Red strings (`true` blue), each from the ground up, when
    /// it has no green edge and no branch point: the positions of the closed form.
    pub fn blue_red_strings(&self) -> Option<Vec<Vec<bool>>> {
        self.0.iter().map(Tree::blue_red_string).collect()
    }

    /// Whether every tree is a string (no branch point).
    fn all_strings(&self) -> bool {
        self.0.iter().all(|t| t.branches.is_empty())
    }
}

/// Cutting edge `edge` (from 1, in the order the edges are written) of tree `tree`
/// (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The tree, from 0 on the left.
    pub tree: usize,
    /// The edge, from 1 in the order the tree's edges are written (in a string, its
    /// height from the ground).
    pub edge: usize,
}
