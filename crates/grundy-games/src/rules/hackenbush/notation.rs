//! The notation: trees and positions read and written (`BBR,G(G,G)`), with errors
//! at the column where a text goes wrong, and cuts (`T:E`).

use std::fmt;
use std::str::FromStr;

use super::{Colour, Cut, Forest, Tree, MAX_EDGES, MAX_STRINGS};
use crate::rules::NotationError;
use crate::ruleset::MoveError;

impl Tree {
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
    /// The tree in the notation of the [module docs](super); `.` with no edge.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.edges.is_empty() {
            return f.write_str(".");
        }
        self.write(f)
    }
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
    /// [module docs](super).
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
