//! The position drawn as trees for the playground, with the moves' edges marked and
//! an edge's colour changed by a click.

use super::{Cut, Forest, Hackenbush};
use crate::ruleset::Ruleset;

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

impl Hackenbush {
    /// The trees, each edge a spot on the edge it stands on.
    pub(super) fn drawn(&self, pos: &Forest) -> Option<crate::ruleset::board::Board> {
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

    /// Where the edge a cut cuts is drawn.
    pub(super) fn touched(mv: &Cut) -> Vec<crate::ruleset::board::At> {
        match crate::rules::drawing::numbers(&mv.to_string())[..] {
            [t, e] if t >= 1 && e >= 1 => vec![[t as usize - 1, e as usize - 1]],
            _ => Vec::new(),
        }
    }

    /// The position with the edge at `at` in the next colour.
    pub(super) fn edited(&self, pos: &Forest, at: crate::ruleset::board::At) -> Option<Forest> {
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
}
