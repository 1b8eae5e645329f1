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
//! and this module's hooks: [`Ruleset::components`] (each tree on the ground is an
//! independent part; the ground is one node, so the trees add up) and
//! [`Ruleset::normalize`] (the branches at a node commute, so they are put in a
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

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::OnceLock;

use serde_json::json;

use crate::cgt::{Dyadic, Game, Style};
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical::{self, Memo};
use crate::rules::NotationError;
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Blue-Red-Green Hackenbush in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "hackenbush",
    about: "Blue-Red-Green Hackenbush on trees, partizan: B (Left's), R (Right's) and G (either's) edges from the ground up, branches in parentheses B(R,G), trees separated by commas.",
    example: "BBR,RB",
    params: &[],
    build: |_, convention| normal_play_only(Hackenbush, convention),
};

/// The most edges of one tree (a string is a tree).
pub const MAX_EDGES: usize = 32;

/// The most trees (or strings) standing on the ground in a position.
pub const MAX_STRINGS: usize = 64;

/// The largest positions verify takes, in edges: every position of up to three
/// Blue-Red strings with that many edges in all.
const LARGEST_POSITION: usize = 12;

/// The largest positions with green edges or branch points verify takes, in edges:
/// every forest of one to three trees with that many edges in all (each tree up to
/// the order of its branches), each edge blue, red or green.
pub const LARGEST_TREES: usize = 6;

/// The most positions the canonical-form engine may have to value for one position
/// with green edges or branch points, counted from the shapes of its trees before
/// any search ([`Tree::positions_below`], each distinct tree once): past it the
/// position is refused as too big, at once rather than after seconds of search.
/// About 2 seconds of `grundy analyze` at the limit.
pub const MAX_SEARCHED: u128 = 1 << 16;

/// The longest value (its canonical form in the short notation, in bytes) of a
/// position with green edges or branch points: a tree of 32 edges can have a value
/// whose text is tens of megabytes, which `analyze` would print several times, so a
/// longer one is refused as too big (its length is counted over the value's graph,
/// without writing it).
pub const MAX_PRINTED: usize = 1 << 16;

/// The Blue-Red-Green Hackenbush ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

/// The values the canonical-form engine found, shared by every use of the ruleset
/// (it has no state of its own).
fn memo() -> &'static Memo<Forest> {
    static MEMO: OnceLock<Memo<Forest>> = OnceLock::new();
    MEMO.get_or_init(Memo::default)
}

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

    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &c in &self.edges {
            write!(f, "{}", c.letter())?;
        }
        if !self.branches.is_empty() {
            f.write_str("(")?;
            for (k, b) in self.branches.iter().enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                b.write(f)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Display for Tree {
    /// The tree in the notation of the [module docs](self); `.` with no edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str(".");
        }
        self.write(f)
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

impl fmt::Display for Cut {
    /// `T:E`, both from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.tree + 1, self.edge)
    }
}

impl FromStr for Cut {
    type Err = MoveError;

    /// Reads `T:E` (both from 1).
    fn from_str(text: &str) -> Result<Cut, MoveError> {
        let (t, e) = text.split_once(':').ok_or_else(|| {
            MoveError::notation(format!(
                "not a move: {text:?} (write TREE:EDGE, e.g. 1:3, both counted from 1)"
            ))
        })?;
        let number = |part: &str| -> Result<usize, MoveError> {
            match part.parse::<usize>() {
                Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                _ => Err(MoveError::notation(format!(
                    "not a move: {part:?} is not a number from 1 (write TREE:EDGE, e.g. 1:3)"
                ))),
            }
        };
        Ok(Cut {
            tree: number(t)? - 1,
            edge: number(e)?,
        })
    }
}

impl fmt::Display for Forest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str(".");
        }
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// What may start a tree.
const TREE_START: &str = "'B' (blue edge), 'R' (red edge), 'G' (green edge) or '.' (no edge)";

/// A reader of the notation: the text, where it is, and the edges of the tree
/// being read.
struct Reader<'t> {
    text: &'t str,
    chars: Vec<char>,
    at: usize,
    edges: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn error(&self, expected: impl Into<String>) -> NotationError {
        NotationError::at(self.text, self.at, expected)
    }

    /// Reads a stalk (at least one edge: the caller has seen it) and its branches;
    /// says whether it ended with a branch point's `)`.
    fn stalk(&mut self) -> Result<(Tree, bool), NotationError> {
        let mut edges = Vec::new();
        while let Some(c) = self.peek().and_then(Colour::from_letter) {
            if self.edges == MAX_EDGES {
                return Err(self.error(format!(
                    "at most {MAX_EDGES} edges in a tree (this would be edge {})",
                    MAX_EDGES + 1
                )));
            }
            edges.push(c);
            self.edges += 1;
            self.at += 1;
        }
        if self.peek() != Some('(') {
            return Ok((
                Tree {
                    edges,
                    branches: Vec::new(),
                },
                false,
            ));
        }
        self.at += 1;
        let mut branches = Vec::new();
        loop {
            if self.peek().and_then(Colour::from_letter).is_none() {
                return Err(self.error("a branch: its first edge, 'B', 'R' or 'G'"));
            }
            let (branch, branched) = self.stalk()?;
            branches.push(branch);
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') if branches.len() == 1 => {
                    return Err(self.error(
                        "',' and a second branch (a single branch is written without \
                         parentheses: BR, not B(R))",
                    ))
                }
                Some(')') => {
                    self.at += 1;
                    return Ok((Tree { edges, branches }, true));
                }
                _ if branched => return Err(self.error("',' (another branch) or ')'")),
                _ => return Err(self.error("'B', 'R', 'G', '(', ',' (another branch) or ')'")),
            }
        }
    }
}

impl FromStr for Forest {
    type Err = NotationError;

    /// Reads trees (or `.` for none) separated by commas, in the notation of the
    /// [module docs](self).
    fn from_str(text: &str) -> Result<Forest, NotationError> {
        let mut r = Reader {
            text,
            chars: text.chars().collect(),
            at: 0,
            edges: 0,
        };
        let mut trees = Vec::new();
        loop {
            match r.peek() {
                Some('.') => {
                    r.at += 1;
                    trees.push(Tree::default());
                    if !matches!(r.peek(), None | Some(',')) {
                        return Err(r.error("',' or the end after '.'"));
                    }
                }
                Some(c) if Colour::from_letter(c).is_some() => {
                    r.edges = 0;
                    let (tree, branched) = r.stalk()?;
                    trees.push(tree);
                    if !matches!(r.peek(), None | Some(',')) {
                        return Err(r.error(if branched {
                            "',' or the end after the branches' ')'"
                        } else {
                            "'B', 'R', 'G', '(', ',' or the end"
                        }));
                    }
                }
                _ => return Err(r.error(TREE_START)),
            }
            if r.peek().is_none() {
                return Ok(Forest(trees));
            }
            // At a comma: another tree follows.
            if trees.len() == MAX_STRINGS {
                return Err(r.error(format!("the end: at most {MAX_STRINGS} trees")));
            }
            r.at += 1;
        }
    }
}

/// The value of one string by sign expansion (see the [module docs](self)).
pub fn sign_expansion(string: &[bool]) -> Result<Dyadic, Unsolved> {
    let overflow = |_| Unsolved::new("a Hackenbush value beyond the numbers of grundy::cgt");
    let mut value = Dyadic::ZERO;
    let mut weight = Dyadic::ONE;
    let mut changed = false;
    for &blue in string {
        changed |= blue != string[0];
        if changed {
            weight = weight.half().map_err(overflow)?;
        }
        let w = if blue {
            weight
        } else {
            weight.checked_neg().map_err(overflow)?
        };
        value = value.checked_add(w).map_err(overflow)?;
    }
    Ok(value)
}

/// The values of Blue-Red strings, and their sum.
fn values(strings: &[Vec<bool>]) -> Result<(Vec<Dyadic>, Dyadic), Unsolved> {
    let each = strings
        .iter()
        .map(|s| sign_expansion(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = Dyadic::ZERO;
    for &v in &each {
        total = total
            .checked_add(v)
            .map_err(|_| Unsolved::new("a Hackenbush sum beyond the numbers of grundy::cgt"))?;
    }
    Ok((each, total))
}

/// The sum of the strings' values, for a position of Blue-Red strings.
pub fn total(pos: &Forest) -> Result<Dyadic, Unsolved> {
    let strings = pos
        .blue_red_strings()
        .ok_or_else(|| Unsolved::new("not a position of Blue-Red strings"))?;
    Ok(values(&strings)?.1)
}

/// `g`, when its short notation is at most [`MAX_PRINTED`] bytes long.
fn printable(g: Game) -> Result<Game, Unsolved> {
    match g.to_string_within(Style::Ascii, MAX_PRINTED) {
        Some(_) => Ok(g),
        None => Err(Unsolved::new(format!(
            "position too big: its value's canonical form is longer than {MAX_PRINTED} \
             characters, the most printed for a Hackenbush position"
        ))),
    }
}

/// A count, with "more than 10^38" past what it can hold.
fn shown_count(n: u128) -> String {
    if n == u128::MAX {
        "more than 10^38".to_owned()
    } else {
        n.to_string()
    }
}

/// The position after `cut`.
fn after(pos: &Forest, cut: &Cut) -> Forest {
    let mut q = pos.clone();
    q.0[cut.tree].cut(cut.edge - 1);
    q
}

/// The compositions of `n` into one to three positive parts.
fn compositions(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![n]];
    for a in 1..n {
        out.push(vec![a, n - a]);
        for b in 1..n - a {
            out.push(vec![a, b, n - a - b]);
        }
    }
    out
}

/// A tree whose first edge, of colour `colour`, carries the trees `tops` (each
/// planted on its top node).
fn planted_on(colour: Colour, tops: &[Tree]) -> Tree {
    match tops {
        [] => Tree {
            edges: vec![colour],
            branches: Vec::new(),
        },
        [only] => {
            let mut edges = vec![colour];
            edges.extend_from_slice(&only.edges);
            Tree {
                edges,
                branches: only.branches.clone(),
            }
        }
        _ => Tree {
            edges: vec![colour],
            branches: tops.to_vec(),
        },
    }
}

/// Every multiset of trees of `planted` (by size) with `total` edges in all, each
/// in the order of sizes and then of places in `planted`, from `from` on.
fn multisets(
    planted: &[Vec<Tree>],
    total: usize,
    from: (usize, usize),
    current: &mut Vec<Tree>,
    out: &mut Vec<Vec<Tree>>,
) {
    if total == 0 {
        out.push(current.clone());
        return;
    }
    for size in from.0.max(1)..=total {
        let start = if size == from.0 { from.1 } else { 0 };
        for k in start..planted[size].len() {
            current.push(planted[size][k].clone());
            multisets(planted, total - size, (size, k), current, out);
            current.pop();
        }
    }
}

/// Every tree of each size up to `max` edges, up to the order of branches, each
/// edge of each colour: `[n]` holds the trees of n edges, the Blue-Red strings
/// (2^n of them) first.
pub fn every_tree(max: usize) -> Vec<Vec<Tree>> {
    let mut planted: Vec<Vec<Tree>> = vec![Vec::new()];
    for n in 1..=max {
        let mut tops = Vec::new();
        multisets(&planted, n - 1, (1, 0), &mut Vec::new(), &mut tops);
        let (mut strings, mut others) = (Vec::new(), Vec::new());
        for top in &tops {
            for colour in [Colour::Blue, Colour::Red, Colour::Green] {
                let tree = planted_on(colour, top);
                if tree.blue_red_string().is_some() {
                    strings.push(tree);
                } else {
                    others.push(tree);
                }
            }
        }
        strings.append(&mut others);
        planted.push(strings);
    }
    planted
}

/// The forests of one to three trees with `size` edges in all that are not all
/// Blue-Red strings, numbered: for each composition of `size`, the tuples of
/// trees of those sizes whose first tree that is not a Blue-Red string is the
/// first, then the second, then the third.
pub struct TreeForests {
    trees: Vec<Vec<Tree>>,
    parts: Vec<Vec<usize>>,
}

impl TreeForests {
    /// The forests of `size` edges, numbered.
    pub fn new(size: usize) -> TreeForests {
        TreeForests {
            trees: every_tree(size),
            parts: compositions(size),
        }
    }

    /// The trees of `n` edges, and how many of them are Blue-Red strings.
    fn of(&self, n: usize) -> (u64, u64) {
        (self.trees[n].len() as u64, 1 << n)
    }

    /// How many forests a composition gives when tree `j` is its first that is
    /// not a string: the radix of each place.
    fn radices(&self, lens: &[usize], j: usize) -> Vec<u64> {
        lens.iter()
            .enumerate()
            .map(|(i, &n)| {
                let (all, strings) = self.of(n);
                match i.cmp(&j) {
                    std::cmp::Ordering::Less => strings,
                    std::cmp::Ordering::Equal => all - strings,
                    std::cmp::Ordering::Greater => all,
                }
            })
            .collect()
    }

    /// The number of forests listed.
    pub fn count(&self) -> u64 {
        self.parts
            .iter()
            .map(|lens| {
                (0..lens.len())
                    .map(|j| self.radices(lens, j).iter().product::<u64>())
                    .sum::<u64>()
            })
            .sum()
    }

    /// The forest numbered `i` (below [`count`](TreeForests::count)).
    pub fn nth(&self, mut i: u64) -> Forest {
        for lens in &self.parts {
            for j in 0..lens.len() {
                let radices = self.radices(lens, j);
                let block: u64 = radices.iter().product();
                if i >= block {
                    i -= block;
                    continue;
                }
                let trees = lens
                    .iter()
                    .zip(&radices)
                    .enumerate()
                    .map(|(k, (&n, &radix))| {
                        let mut place = i % radix;
                        i /= radix;
                        if k == j {
                            place += self.of(n).1;
                        }
                        self.trees[n][place as usize].clone()
                    })
                    .collect();
                return Forest(trees);
            }
        }
        unreachable!("a forest past the count")
    }
}

impl Hackenbush {
    /// Whether the engine may value `pos`: at most [`MAX_SEARCHED`] positions below
    /// its distinct trees, up to the order of branches and the colour swap.
    fn within_search(&self, pos: &Forest) -> Result<(), Unsolved> {
        let mut seen = Vec::new();
        let mut total = 0u128;
        let mut largest = (0u128, String::new());
        for part in self.components(pos) {
            let (rep, _) = self.normalize(&part);
            if seen.contains(&rep) {
                continue;
            }
            let below = rep.0[0].positions_below();
            total = total.saturating_add(below);
            if below > largest.0 {
                largest = (below, part.to_string());
            }
            seen.push(rep);
        }
        if total <= MAX_SEARCHED {
            return Ok(());
        }
        Err(Unsolved::new(format!(
            "position too big: its trees may leave up to {} positions to value, counted \
             from their shapes (the tree {}: {}); the canonical-form engine values at most \
             {MAX_SEARCHED} for a Hackenbush position",
            shown_count(total),
            largest.1,
            shown_count(largest.0)
        )))
    }

    /// What the parts of `pos` are called: strings when no tree branches.
    fn part_names(pos: &Forest) -> (&'static str, &'static str) {
        if pos.all_strings() {
            ("string", "strings")
        } else {
            ("tree", "trees")
        }
    }

    /// The explanation of a position of Blue-Red strings: the sign expansion.
    fn explain_strings(strings: &[Vec<bool>]) -> Option<Explanation> {
        let (each, total) = values(strings).ok()?;
        let mut sentences = vec![
            "Every string is a number, by Berlekamp's sign expansion: the edges up to the \
             first change of colour count +1 (blue) or −1 (red) each, the edges after it \
             ±1/2, ±1/4, ... in turn; the strings' values add up."
                .to_owned(),
        ];
        let named: Vec<String> = strings
            .iter()
            .map(|s| Forest::new(vec![s.clone()]).map_or_else(String::new, |f| f.to_string()))
            .collect();
        for (i, (name, v)) in named.iter().zip(&each).enumerate() {
            sentences.push(format!("String {}, {name}: {v}.", i + 1));
        }
        if strings.len() > 1 {
            let mut sum = each[0].to_string();
            for v in &each[1..] {
                match v.checked_neg() {
                    Ok(m) if *v < Dyadic::ZERO => sum.push_str(&format!(" − {m}")),
                    _ => sum.push_str(&format!(" + {v}")),
                }
            }
            sentences.push(format!("In all: {sum} = {total}."));
        }
        sentences.push(
            "Left moving first wins by cutting to a position worth ≥ 0, Right by cutting to \
             one worth ≤ 0."
                .to_owned(),
        );
        Some(Explanation {
            reduction: json!({
                "strings": named.iter().zip(&each).map(|(s, v)| json!({"string": s, "value": v})).collect::<Vec<_>>(),
                "value": total,
            }),
            sentences,
        })
    }
}

/// The edges of each tree of a forest written in its notation, in the order they
/// are written: colour letter, the edge it stands on (`None`: the ground) and its
/// byte offset in `text`.
fn drawn_trees(text: &str) -> Vec<Vec<(char, Option<usize>, usize)>> {
    let mut trees = vec![Vec::new()];
    // The edge each open parenthesis hangs its branches on.
    let mut hooks: Vec<Option<usize>> = Vec::new();
    let mut last: Option<usize> = None;
    for (offset, c) in text.char_indices() {
        let edges: &mut Vec<(char, Option<usize>, usize)> = trees.last_mut().expect("a tree");
        match c {
            'B' | 'R' | 'G' => {
                edges.push((c, last, offset));
                last = Some(edges.len() - 1);
            }
            '(' => hooks.push(last),
            ',' if hooks.is_empty() => {
                trees.push(Vec::new());
                last = None;
            }
            ',' => last = *hooks.last().expect("an open branch"),
            ')' => last = hooks.pop().flatten(),
            _ => {}
        }
    }
    trees
}

impl Ruleset for Hackenbush {
    type Position = Forest;
    type Move = Cut;

    /// Each tree standing on the ground with an edge left, on its own.
    fn components(&self, pos: &Forest) -> Vec<Forest> {
        pos.0
            .iter()
            .filter(|t| !t.edges.is_empty())
            .map(|t| Forest(vec![t.clone()]))
            .collect()
    }

    /// One tree: the branches at every node in their sorted order, and of that and
    /// its colour swap (the negative) the least. Several trees: the position itself.
    fn normalize(&self, pos: &Forest) -> (Forest, bool) {
        let [tree] = &pos.0[..] else {
            return (pos.clone(), false);
        };
        let plain = tree.sorted();
        let swapped = tree.swapped().sorted();
        if swapped < plain {
            (Forest(vec![swapped]), true)
        } else {
            (Forest(vec![plain]), false)
        }
    }

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_position(&self, text: &str) -> Result<Forest, NotationError> {
        text.parse()
    }

    fn show_position(&self, pos: &Forest) -> String {
        pos.to_string()
    }

    fn parse_move(&self, pos: &Forest, player: Player, text: &str) -> Result<Cut, MoveError> {
        let text = text.trim();
        let cut = if pos.0.len() == 1 && !text.contains(':') {
            format!("1:{text}").parse::<Cut>()?
        } else {
            text.parse::<Cut>()?
        };
        let (part, parts) = Hackenbush::part_names(pos);
        let Some(tree) = pos.0.get(cut.tree) else {
            return Err(MoveError::illegal(format!(
                "there is no {part} {} (the {parts} are 1 to {})",
                cut.tree + 1,
                pos.0.len()
            )));
        };
        let colours = tree.colours();
        let Some(&colour) = colours.get(cut.edge - 1) else {
            return Err(MoveError::illegal(format!(
                "{part} {} has {} edges, not {}",
                cut.tree + 1,
                colours.len(),
                cut.edge
            )));
        };
        if !colour.cut_by(player) {
            let (who, mine) = match player {
                Player::Left => ("Left", "blue (B) and green (G)"),
                Player::Right => ("Right", "red (R) and green (G)"),
            };
            return Err(MoveError::illegal(format!(
                "{who} cuts {mine} edges only; edge {} of {part} {} is {}",
                cut.edge,
                cut.tree + 1,
                colour.name()
            )));
        }
        Ok(cut)
    }

    fn board(&self, pos: &Forest) -> Option<crate::ruleset::board::Board> {
        use crate::ruleset::board::{Board, Line, Shape, Spot, Tint, MAX_SPOTS};
        let text = self.show_position(pos);
        if text.len() > MAX_SPOTS {
            return None;
        }
        let lines = drawn_trees(&text)
            .into_iter()
            .enumerate()
            .map(|(t, edges)| {
                let spots = edges
                    .iter()
                    .enumerate()
                    .map(|(e, &(colour, parent, _))| {
                        let (tint, name) = match colour {
                            'B' => (Tint::Left, "blue"),
                            'R' => (Tint::Right, "red"),
                            _ => (Tint::Either, "green"),
                        };
                        let place = format!("tree {}, edge {}", t + 1, e + 1);
                        Spot::new(colour.to_string(), tint, format!("{place}: {name}")).on(parent)
                    })
                    .collect();
                Line::new(format!("tree {}", t + 1), spots)
            })
            .collect();
        Some(Board::new(Shape::Trees, lines))
    }

    fn touches(&self, _pos: &Forest, mv: &Cut) -> Vec<crate::ruleset::board::At> {
        match crate::rules::drawing::numbers(&mv.to_string())[..] {
            [t, e] if t >= 1 && e >= 1 => vec![[t as usize - 1, e as usize - 1]],
            _ => Vec::new(),
        }
    }

    fn edit(&self, pos: &Forest, at: crate::ruleset::board::At) -> Option<Forest> {
        // The edge's colour cycles blue, red, green.
        let text = self.show_position(pos);
        let (_, _, offset) = *drawn_trees(&text).get(at[0])?.get(at[1])?;
        let next = match &text[offset..=offset] {
            "B" => "R",
            "R" => "G",
            _ => "B",
        };
        let mut edited = text.clone();
        edited.replace_range(offset..=offset, next);
        self.parse_position(&edited).ok()
    }

    fn move_help(&self) -> String {
        "TREE:EDGE cuts that edge and everything it held up (trees, or strings, from 1 on \
         the left; a tree's edges from 1 in the order they are written, so in a string \
         its height from the ground): Left cuts blue (B) and green (G) edges, Right red \
         (R) and green ones, e.g. 1:2"
            .to_owned()
    }

    fn moves(&self, pos: &Forest, player: Player) -> Vec<Cut> {
        let mut out = Vec::new();
        for (tree, t) in pos.0.iter().enumerate() {
            for (k, c) in t.colours().into_iter().enumerate() {
                if c.cut_by(player) {
                    out.push(Cut { tree, edge: k + 1 });
                }
            }
        }
        out
    }

    fn play(&self, pos: &Forest, mv: &Cut) -> Forest {
        after(pos, mv)
    }

    /// At most the product of the trees' states (for strings, edges + 1 each).
    fn reach(&self, pos: &Forest) -> u128 {
        pos.0
            .iter()
            .fold(1u128, |n, t| n.saturating_mul(t.states()))
    }

    fn value(&self, pos: &Forest) -> Result<Value, Unsolved> {
        match pos.blue_red_strings() {
            Some(strings) => Ok(Value::Canonical(Game::number(values(&strings)?.1))),
            None => {
                self.within_search(pos)?;
                let g = canonical::canonical_form(self, memo(), pos)?;
                printable(g)?;
                Ok(Value::Canonical(g))
            }
        }
    }

    fn winning_moves(&self, pos: &Forest, to_move: Player) -> Result<Vec<Cut>, Unsolved> {
        if pos.blue_red_strings().is_none() {
            self.within_search(pos)?;
            return canonical::winning_moves(self, memo(), pos, to_move);
        }
        let mut out = Vec::new();
        for cut in self.moves(pos, to_move) {
            let v = total(&after(pos, &cut))?;
            let wins = match to_move {
                Player::Left => v >= Dyadic::ZERO,
                Player::Right => v <= Dyadic::ZERO,
            };
            if wins {
                out.push(cut);
            }
        }
        Ok(out)
    }

    fn move_count(&self, pos: &Forest, to_move: Player) -> Option<u128> {
        let count = pos
            .0
            .iter()
            .flat_map(Tree::colours)
            .filter(|c| c.cut_by(to_move))
            .count();
        Some(count as u128)
    }

    fn explain(&self, pos: &Forest, _: Player, _: usize) -> Option<Explanation> {
        if let Some(strings) = pos.blue_red_strings() {
            return Hackenbush::explain_strings(&strings);
        }
        self.within_search(pos).ok()?;
        // The parts' values are printed too: each within the bound.
        for part in self.components(pos) {
            printable(canonical::canonical_form(self, memo(), &part).ok()?).ok()?;
        }
        let mut explanation = canonical::explain_parts(self, memo(), pos, ("tree", "trees"))?;
        // What is known of some parts, before the last sentence (how to win).
        let mut known = Vec::new();
        for part in self.components(pos) {
            let tree = &part.0[0];
            if let Some(string) = tree.blue_red_string() {
                let v = sign_expansion(&string).ok()?;
                known.push(format!(
                    "{tree} is a Blue-Red string: {v}, by Berlekamp's sign expansion."
                ));
            } else if let Some(n) = tree.green_nimber() {
                let star = Game::nimber(n).ok()?;
                if tree.branches.is_empty() {
                    known.push(format!(
                        "{tree} is a green stalk of {n} edges, {star}: a Nim heap."
                    ));
                    continue;
                }
                known.push(format!(
                    "{tree} is all green, a nimber: by the colon principle the branches at \
                     a node count as one stalk of their nim-sum, so it is a stalk of {n} \
                     edges, {star}."
                ));
            }
        }
        let last = explanation.sentences.pop()?;
        explanation.sentences.extend(known);
        explanation.sentences.push(last);
        Some(explanation)
    }

    fn size_unit(&self) -> &'static str {
        "edges"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_POSITION
    }

    /// Every position of one to three Blue-Red strings with `size` edges in all
    /// (each string at least one edge; for size 0, the bare ground `.`); then, up to
    /// [`LARGEST_TREES`] edges, every other forest of one to three trees with
    /// `size` edges in all, each edge blue, red or green, each tree once up to the
    /// order of its branches.
    fn positions(&self, size: usize) -> Option<Positions<'_, Forest>> {
        if size == 0 {
            return Some(Positions {
                count: 1,
                nth: Box::new(|_| Forest(vec![Tree::default()])),
            });
        }
        let parts = compositions(size);
        let colourings = 1u64 << size;
        let strings = parts.len() as u64 * colourings;
        let forests = (size <= LARGEST_TREES).then(|| TreeForests::new(size));
        let more = forests.as_ref().map_or(0, TreeForests::count);
        Some(Positions {
            count: strings + more,
            nth: Box::new(move |i| {
                if i >= strings {
                    let forests = forests.as_ref().expect("forests of trees");
                    return forests.nth(i - strings);
                }
                let lens = &parts[(i / colourings) as usize];
                let bits = i % colourings;
                let mut k = 0;
                Forest::new(
                    lens.iter()
                        .map(|&len| {
                            (0..len)
                                .map(|_| {
                                    k += 1;
                                    bits >> (k - 1) & 1 == 1
                                })
                                .collect()
                        })
                        .collect(),
                )
                .expect("within the limits")
            }),
        })
    }
}
