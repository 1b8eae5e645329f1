//! Hackenbush through the ruleset contract: its registry entry, cuts with messages
//! that say which rule a move breaks, and the values with the winning cuts.

use std::ops::RangeInclusive;

use super::enumerate::{self, LARGEST_POSITION};
use super::values::{memo, printable, total, values};
use super::{Cut, Forest, Hackenbush, Tree};
use crate::cgt::{CanonicalForm, Dyadic};
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::canonical;
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, ManyMoves, Parts, Presentation, WebBoard,
};
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

/// The position after `cut`.
fn after(pos: &Forest, cut: &Cut) -> Forest {
    let mut q = pos.clone();
    q.0[cut.tree].cut(cut.edge - 1);
    q
}

impl Hackenbush {
    /// What the parts of `pos` are called: strings when no tree branches.
    fn part_names(pos: &Forest) -> (&'static str, &'static str) {
        if pos.all_strings() {
            ("string", "strings")
        } else {
            ("tree", "trees")
        }
    }
}

impl Ruleset for Hackenbush {
    type Position = Forest;

    type Move = Cut;

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
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

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .parts(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Hackenbush {
    fn value(&self, pos: &Forest) -> Result<Value, Unsolved> {
        match pos.blue_red_strings() {
            Some(strings) => Ok(Value::Canonical(CanonicalForm::number(values(&strings)?.1))),
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
}

impl Presentation for Hackenbush {
    /// Left cuts blue (B) edges, Right red (R) ones: `Left (blue)` or `Right (red)`.
    fn mover_name(&self, _: &Forest, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "blue", "red")
    }

    fn explain(&self, pos: &Forest, _: Player, _: usize) -> Option<Explanation> {
        self.explanation(pos)
    }
}

impl WebBoard for Hackenbush {
    fn board(&self, pos: &Forest) -> Option<crate::ruleset::board::Board> {
        self.drawn(pos)
    }

    fn touches(&self, _pos: &Forest, mv: &Cut) -> Vec<crate::ruleset::board::At> {
        Hackenbush::touched(mv)
    }

    fn edit(&self, pos: &Forest, at: crate::ruleset::board::At) -> Option<Forest> {
        self.edited(pos, at)
    }
}

impl Parts for Hackenbush {
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
}

impl ManyMoves for Hackenbush {
    fn move_count(&self, pos: &Forest, to_move: Player) -> Option<u128> {
        let count = pos
            .0
            .iter()
            .flat_map(Tree::colours)
            .filter(|c| c.cut_by(to_move))
            .count();
        Some(count as u128)
    }
}

impl Enumerate for Hackenbush {
    fn size_unit(&self) -> &'static str {
        "edges"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_POSITION
    }

    /// Every position of one to three Blue-Red strings with `size` edges in all
    /// (each string at least one edge; for size 0, the bare ground `.`); then, up to
    /// [`LARGEST_TREES`](super::LARGEST_TREES) edges, every other forest of one to three trees with
    /// `size` edges in all, each edge blue, red or green, each tree once up to the
    /// order of its branches.
    fn positions(&self, size: usize) -> Option<Positions<'_, Forest>> {
        enumerate::positions(size)
    }
}
