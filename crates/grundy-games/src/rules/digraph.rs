//! Tokens on a directed graph: the test bed of loopy impartial games.
//!
//! # Rules
//! Tokens sit on the vertices of a directed graph (several may share a vertex). A
//! move slides one token along one edge. The player who cannot move loses; the
//! graph may have cycles, so play may go on forever: a draw.
//!
//! # Notation
//! `EDGES@TOKENS`: edges `A>B` separated by commas, then `@`, then the tokens'
//! vertices separated by commas, e.g. `0>1,1>0,1>2@0,2` (vertices are numbers 0 to
//! 127; at most 1024 edges and 32 tokens). A move is written as an edge, `0>1`:
//! one token at 0 slides to 1. The tokens are kept in increasing order.
//!
//! # Answers
//! Each token alone is a loopy impartial game whose value is Smith's generalised
//! Sprague-Grundy value ([`engine::loopy`](crate::engine::loopy)): a nimber, or
//! `∞{K}`; the analysis shows every token's value and the sum's by Smith's rule,
//! and finds the result and remoteness by the retrograde engine over the tokens'
//! joint positions. Where those are too many for it, the sum rule answers alone
//! ([`result`](crate::ruleset::RulesetExt::result)). `crates/grundy/tests/all/digraph.rs` checks the rule
//! against a brute-force retrograde analysis of the product graph on random small
//! graphs.

use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use crate::analysis::draw_engines;
use crate::dynamic::{either_convention, RulesetSpec};
use crate::engine::loopy::{smith_values, LoopyValue};
use crate::engine::retrograde::GameResult;
use crate::game::Player;
use crate::ruleset::board::{At, Board, Line, Shape, Spot, Tint};
use crate::ruleset::notation::{Found, NotationError};
use crate::ruleset::{Capabilities, OwnSolver, Presentation, WebBoard};
use crate::ruleset::{Explanation, IllegalMove, Kind, MoveError, Ruleset, Unsolved};

/// The registry's entry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "digraph",
    about: "Tokens on a directed graph, loopy: EDGES@TOKENS; slide a token along an edge; no move loses, endless play draws.",
    example: "0>1,1>0,1>2@0,2",
    params: &[],
    build: |_, convention| either_convention(Digraph, convention),
};

/// The most vertices (numbered `0..MAX_VERTICES`), edges and tokens.
pub const MAX_VERTICES: usize = 128;
/// The most edges.
pub const MAX_EDGES: usize = 1024;
/// The most tokens.
pub const MAX_TOKENS: usize = 32;

/// The digraph ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Digraph;

/// A graph: its edges in the order written and each vertex's successors.
#[derive(Debug, PartialEq, Eq)]
pub struct Graph {
    /// The edges as written (without repeats).
    pub edges: Vec<(u8, u8)>,
    /// The successors of each vertex `0..=max` (the largest vertex named).
    pub successors: Vec<Vec<usize>>,
    /// Smith's value of each vertex.
    pub values: Vec<LoopyValue>,
}

/// A position: the graph (shared) and the tokens' vertices in increasing order.
#[derive(Clone, Debug)]
pub struct Tokens {
    /// The graph.
    pub graph: Arc<Graph>,
    /// The tokens' vertices, sorted.
    pub tokens: Vec<u8>,
}

/// The notation `EDGES@TOKENS`.
impl std::str::FromStr for Tokens {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Tokens, NotationError> {
        let Some(at) = text.find('@') else {
            return Err(NotationError::new(
                text.chars().count() + 1,
                "EDGES@TOKENS, e.g. 0>1,1>0@0 ('@' before the tokens)",
                Found::End,
            ));
        };
        let (edges_text, tokens_text) = (&text[..at], &text[at + 1..]);
        // The character index of byte `offset`, for messages.
        let index = |offset: usize| text[..offset].chars().count();
        let mut edges: Vec<(u8, u8)> = Vec::new();
        let mut offset = 0;
        if !edges_text.is_empty() {
            for part in edges_text.split(',') {
                let Some(gt) = part.find('>') else {
                    let expected = "an edge A>B, e.g. 0>1";
                    return Err(if part.is_empty() {
                        // Nothing before this ',' or '@': that is what was found.
                        NotationError::at(text, index(offset), expected)
                    } else {
                        NotationError::new(
                            index(offset) + 1,
                            expected,
                            Found::Text(part.to_owned()),
                        )
                    });
                };
                let a = vertex(text, offset..offset + gt)?;
                let b = vertex(text, offset + gt + 1..offset + part.len())?;
                if !edges.contains(&(a, b)) {
                    edges.push((a, b));
                }
                if edges.len() > MAX_EDGES {
                    return Err(NotationError::new(
                        index(offset) + 1,
                        format!("at most {MAX_EDGES} edges"),
                        Found::Text(part.to_owned()),
                    ));
                }
                offset += part.len() + 1;
            }
        }
        let mut tokens = Vec::new();
        let mut offset = at + 1;
        for part in tokens_text.split(',') {
            tokens.push(vertex(text, offset..offset + part.len())?);
            if tokens.len() > MAX_TOKENS {
                return Err(NotationError::new(
                    index(offset) + 1,
                    format!("at most {MAX_TOKENS} tokens"),
                    Found::Text(part.to_owned()),
                ));
            }
            offset += part.len() + 1;
        }
        tokens.sort_unstable();
        let top = edges
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(tokens.iter().copied())
            .max()
            .map_or(0, |m| usize::from(m) + 1);
        let mut successors = vec![Vec::new(); top];
        for &(a, b) in &edges {
            successors[usize::from(a)].push(usize::from(b));
        }
        let values = smith_values(&successors);
        Ok(Tokens {
            graph: Arc::new(Graph {
                edges,
                successors,
                values,
            }),
            tokens,
        })
    }
}

impl std::fmt::Display for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let edges: Vec<String> = self
            .graph
            .edges
            .iter()
            .map(|(a, b)| format!("{a}>{b}"))
            .collect();
        let tokens: Vec<String> = self.tokens.iter().map(u8::to_string).collect();
        write!(f, "{}@{}", edges.join(","), tokens.join(","))
    }
}

impl PartialEq for Tokens {
    fn eq(&self, other: &Tokens) -> bool {
        self.tokens == other.tokens
            && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}

impl Eq for Tokens {}

impl Hash for Tokens {
    /// The tokens only: positions of one game share their graph.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tokens.hash(state);
    }
}

/// A move: a token at `from` slides to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// Where the token is.
    pub from: u8,
    /// Where it goes.
    pub to: u8,
}

impl std::fmt::Display for Slide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}>{}", self.from, self.to)
    }
}

/// Reads the vertex number written in the bytes `range` of `text`. An empty one
/// names what stands there instead: the separator that came too soon (`0>,1@0`:
/// the ',') or the end of the text.
fn vertex(text: &str, range: Range<usize>) -> Result<u8, NotationError> {
    let expected = format!("a vertex number 0 to {}", MAX_VERTICES - 1);
    let part = &text[range.clone()];
    let index = text[..range.start].chars().count();
    if part.is_empty() {
        return Err(NotationError::at(text, index, expected));
    }
    match part.parse::<usize>() {
        Ok(v) if v < MAX_VERTICES && part.bytes().all(|b| b.is_ascii_digit()) => Ok(v as u8),
        _ => Err(NotationError::new(
            index + 1,
            expected,
            Found::Text(part.to_owned()),
        )),
    }
}

impl Tokens {
    fn sum_value(&self) -> LoopyValue {
        LoopyValue::sum(
            self.tokens
                .iter()
                .map(|&t| &self.graph.values[usize::from(t)]),
        )
    }
}

impl Ruleset for Digraph {
    type Position = Tokens;

    type Move = Slide;

    fn name(&self) -> &'static str {
        "digraph"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Tokens, _: Player, text: &str) -> Result<Slide, MoveError> {
        let text = text.trim();
        let bad = || {
            MoveError::notation(format!(
                "not a move: {text:?} (write the edge a token slides along, e.g. 0>1)"
            ))
        };
        let (a, _) = text.split_once('>').ok_or_else(bad)?;
        let (from, to) = (
            vertex(text, 0..a.len()).map_err(|_| bad())?,
            vertex(text, a.len() + 1..text.len()).map_err(|_| bad())?,
        );
        let mv = Slide { from, to };
        if !pos.tokens.contains(&from) {
            return Err(IllegalMove::new(format!("no token on vertex {from}")).into());
        }
        if !pos.graph.edges.contains(&(from, to)) {
            return Err(IllegalMove::new(format!("no edge {from}>{to}")).into());
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        "the edge a token slides along, FROM>TO: e.g. 0>1".to_owned()
    }

    /// Every slide, by the token's vertex then the edge's order (a vertex holding
    /// several tokens gives each slide once).
    fn moves(&self, pos: &Tokens, _: Player) -> Vec<Slide> {
        let mut out = Vec::new();
        let mut last = None;
        for &t in &pos.tokens {
            if last == Some(t) {
                continue;
            }
            last = Some(t);
            for &to in &pos.graph.successors[usize::from(t)] {
                out.push(Slide {
                    from: t,
                    to: to as u8,
                });
            }
        }
        out
    }

    fn play(&self, pos: &Tokens, mv: &Slide) -> Tokens {
        let mut tokens = pos.tokens.clone();
        if let Some(i) = tokens.iter().position(|&t| t == mv.from) {
            tokens[i] = mv.to;
        }
        tokens.sort_unstable();
        Tokens {
            graph: Arc::clone(&pos.graph),
            tokens,
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .presentation(self)
            .web_board(self)
            .solver(self)
            .cycles(draw_engines(self))
    }
}

impl Presentation for Digraph {
    fn ending(&self, _: &Tokens, _: Player, who: &str, _: Option<&str>) -> Option<String> {
        Some(format!(
            "{} has no token that can move, and loses.",
            crate::play::capitalise(who)
        ))
    }

    fn explain(&self, pos: &Tokens, _: Player, _: usize) -> Option<Explanation> {
        let values: Vec<String> = pos
            .tokens
            .iter()
            .map(|&t| pos.graph.values[usize::from(t)].to_string())
            .collect();
        let sum = pos.sum_value();
        let per: Vec<String> = pos
            .tokens
            .iter()
            .zip(&values)
            .map(|(t, v)| format!("{t}: {v}"))
            .collect();
        let mut sentences = vec![format!(
            "Smith's generalised Sprague-Grundy values of the tokens (vertex: value): {}.",
            per.join(", ")
        )];
        sentences.push(format!(
            "By Smith's sum rule the position's value is {sum}: {}.",
            match &sum {
                LoopyValue::Finite(0) => "0, a loss for the player to move".to_owned(),
                LoopyValue::Finite(_) => "a nonzero nimber, a win".to_owned(),
                LoopyValue::Infinite(k) if k.contains(&0) =>
                    "∞ with 0 among its finite options, a win (move to a 0)".to_owned(),
                LoopyValue::Infinite(_) =>
                    "∞ without 0 among its finite options, a draw".to_owned(),
            }
        ));
        Some(Explanation {
            reduction: serde_json::json!({
                "token_values": values,
                "sum": sum.to_string(),
            }),
            sentences,
        })
    }
}

impl WebBoard for Digraph {
    fn board(&self, pos: &Tokens) -> Option<Board> {
        // One spot per vertex, holding its tokens; labelled with its edges out.
        let n = pos.graph.successors.len();
        let spots = (0..n)
            .map(|v| {
                let count = pos.tokens.iter().filter(|&&t| usize::from(t) == v).count();
                let outs: Vec<String> = pos.graph.successors[v]
                    .iter()
                    .map(usize::to_string)
                    .collect();
                let label = format!(
                    "vertex {v}: {count} token{}, edges to {}",
                    if count == 1 { "" } else { "s" },
                    if outs.is_empty() {
                        "none".to_owned()
                    } else {
                        outs.join(", ")
                    }
                );
                let glyph = if count == 0 {
                    format!("{v}")
                } else {
                    format!(
                        "{v}●{}",
                        if count > 1 {
                            count.to_string()
                        } else {
                            String::new()
                        }
                    )
                };
                Spot::new(
                    glyph,
                    if count == 0 { Tint::Empty } else { Tint::Piece },
                    label,
                )
                .with_arrows(pos.graph.successors[v].clone())
            })
            .collect();
        Some(Board::new(Shape::Strip, vec![Line::new("vertices", spots)]))
    }

    fn touches(&self, _: &Tokens, mv: &Slide) -> Vec<At> {
        vec![[0, usize::from(mv.from)], [0, usize::from(mv.to)]]
    }
}

impl OwnSolver for Digraph {
    /// Smith's rule gives the result of a sum from its tokens' values, not its
    /// remoteness.
    fn result(&self, pos: &Tokens, _: Player) -> Result<(GameResult, Option<u32>), Unsolved> {
        Ok((pos.sum_value().result(), None))
    }

    fn result_method(&self) -> &'static str {
        "Smith's rule over the tokens' generalised Sprague-Grundy values"
    }
}
