//! Grundy's game: split a heap into two unequal heaps.
//!
//! # Rules
//! Heaps of stones. A move splits one heap into two non-empty heaps of different
//! sizes. Heaps of 1 or 2 stones cannot be split; the player who cannot move (every
//! heap holds at most 2 stones) loses.
//!
//! # Notation
//! Positions are heap sizes as in [`heaps`](crate::rules::heaps), `7,10`, each heap
//! at most [`HEAP_LIMIT`] stones (heaps of 0 stones are allowed and never move). A
//! move is `HEAP=A+B`: split heap HEAP (numbered from 1) into heaps of A and B
//! stones, `1=3+4` splits a heap of 7. The two new heaps take the place of the split
//! one, smaller first: `1=3+4` turns `7,10` into `3,4,10`. The parts may be written
//! in either order; a move prints with the smaller first.
//!
//! # Closed form
//! A position is worth the XOR of G(n) over its heaps (Sprague–Grundy), where G is
//! Grundy's game's sequence, G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a < n − a}: 0, 0, 0,
//! 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, ... (OEIS A002188). No
//! formula or period is known. The values are computed here by the definition
//! ([`GrundyGameValues`], quadratic time) up to the largest heap asked for, at most
//! [`HEAP_LIMIT`], and kept. The winning moves split a heap h into (a, h − a) with
//! G(a) ⊕ G(h − a) = X ⊕ G(h), X the value of the position; unlike in Nim, the target
//! may be larger than G(h).

pub mod values;

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::Mutex;

use serde_json::json;

use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::rules::heaps::{
    draw_heaps, explain_heaps, parse_number, positions_of, HeapValue, Heaps,
};
use crate::rules::notation::{Found, NotationError};
use crate::ruleset::{nimber, Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::sequence::{Method, SequenceSpec, Source};
use crate::values::{Nimber, Value};

/// Grundy's game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "grundy-game",
    about: "Grundy's game: heaps 7,10; split a heap into two unequal heaps.",
    example: "7,10",
    params: &[],
    build: |_, convention| either_convention(GrundyGame::new(), convention),
};

/// The largest heap a position may hold: G is computed by the sparse-space method up
/// to here (about a second of CPU, once).
pub const HEAP_LIMIT: u64 = 1 << 17;

/// `grundy verify` checks rows of heaps of up to this many tokens: the exhaustive
/// engine meets many rows of small heaps below them, and at 22 tokens holds about
/// 1 GB (4 · 10^6 positions checked, a minute of CPU); 24 would need four times that.
pub const LARGEST_SIZE: usize = 22;

use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, HeapSequence, ManyMoves, MisereForm, Presentation,
    WebBoard,
};
pub use values::GrundyGameValues;
use values::SparseGrundyGame;

/// A move: split heap `heap` (0-based field, printed 1-based) into `small` and
/// `large` stones, written `HEAP=SMALL+LARGE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Split {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// The smaller new heap.
    pub small: u64,
    /// The larger new heap (the two may be equal in a move that is not legal).
    pub large: u64,
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}+{}", self.heap + 1, self.small, self.large)
    }
}

impl FromStr for Split {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Split, NotationError> {
        let Some((heap, parts)) = s.split_once('=') else {
            let i = s.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                i,
                "'=' after the heap number, as in 1=3+4",
            ));
        };
        let number = parse_number(s, 0..heap.len(), "a heap number from 1")?;
        let heap_index = match usize::try_from(number) {
            Ok(h) if h >= 1 => h - 1,
            _ => {
                return Err(NotationError::new(
                    1,
                    "a heap number from 1",
                    Found::Text(heap.to_owned()),
                ))
            }
        };
        let Some(plus) = parts.find('+') else {
            let i = parts.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                heap.chars().count() + 1 + i,
                "'+' between the two new heaps, as in 1=3+4",
            ));
        };
        let (a_start, b_start) = (heap.len() + 1, heap.len() + 1 + plus + 1);
        let a = parse_number(s, a_start..b_start - 1, "a number of stones")?;
        let b = parse_number(s, b_start..s.len(), "a number of stones")?;
        Ok(Split {
            heap: heap_index,
            small: a.min(b),
            large: a.max(b),
        })
    }
}

/// Grundy's game (it has no parameters). It keeps the values of G it has computed.
#[derive(Default)]
pub struct GrundyGame {
    cache: Mutex<(Vec<u32>, SparseGrundyGame)>,
}

impl fmt::Debug for GrundyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GrundyGame")
    }
}

/// A heap beyond the values computed.
fn beyond(heap: u64) -> Unsolved {
    Unsolved::no_theory(format!(
        "heap {heap} is beyond the values of Grundy's game computed here (heaps of at most \
         {HEAP_LIMIT} stones); no formula or period is known"
    ))
}

impl GrundyGame {
    /// The game, with no values computed yet.
    pub fn new() -> GrundyGame {
        GrundyGame::default()
    }

    /// Runs `f` on G(0), ..., G(n) for n the largest of `heaps` (at most
    /// [`HEAP_LIMIT`]; the values are computed once and kept).
    pub fn with_values<T>(
        &self,
        heaps: &[u64],
        f: impl FnOnce(&[u32]) -> T,
    ) -> Result<T, Unsolved> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if largest > HEAP_LIMIT {
            return Err(beyond(largest));
        }
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let (values, source) = &mut *cache;
        let len = largest as usize + 1;
        if values.len() < len {
            source.extend(values, len);
        }
        Ok(f(&values[..len]))
    }

    /// Each heap of `heaps` with its value.
    pub fn heap_values(&self, heaps: &Heaps) -> Result<Vec<HeapValue>, Unsolved> {
        self.with_values(heaps.sizes(), |g| {
            heaps
                .sizes()
                .iter()
                .map(|&size| HeapValue {
                    size,
                    grundy: u64::from(g[size as usize]),
                })
                .collect()
        })
    }

    /// The value of a position: the XOR of G over its heaps.
    pub fn nim_value(&self, heaps: &Heaps) -> Result<Nimber, Unsolved> {
        self.with_values(heaps.sizes(), |g| {
            Nimber(
                heaps
                    .sizes()
                    .iter()
                    .fold(0, |x, &h| x ^ u128::from(g[h as usize])),
            )
        })
    }

    /// Every move to a position of value 0, in move order.
    pub fn winning_moves(&self, heaps: &Heaps) -> Result<Vec<Split>, Unsolved> {
        self.with_values(heaps.sizes(), |g| {
            let total = heaps.sizes().iter().fold(0, |x, &h| x ^ g[h as usize]);
            let mut out = Vec::new();
            if total == 0 {
                return out;
            }
            for (heap, &size) in heaps.sizes().iter().enumerate() {
                let target = total ^ g[size as usize];
                for small in 1..=size.saturating_sub(1) / 2 {
                    let large = size - small;
                    if g[small as usize] ^ g[large as usize] == target {
                        out.push(Split { heap, small, large });
                    }
                }
            }
            out
        })
    }
}

impl Ruleset for GrundyGame {
    type Position = Heaps;

    type Move = Split;

    fn name(&self) -> &'static str {
        "grundy-game"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Heaps, NotationError> {
        let heaps: Heaps = text.parse()?;
        let mut column = 1;
        for (part, &size) in text.split(',').zip(heaps.sizes()) {
            if size > HEAP_LIMIT {
                return Err(NotationError::new(
                    column,
                    format!(
                        "a heap of at most {HEAP_LIMIT} stones (Grundy's game values are \
                         computed that far)"
                    ),
                    Found::Text(part.to_owned()),
                ));
            }
            column += part.chars().count() + 1;
        }
        Ok(heaps)
    }

    fn parse_move(&self, pos: &Heaps, _: Player, text: &str) -> Result<Split, MoveError> {
        let mv: Split = text.parse().map_err(|e| {
            MoveError::notation(format!("not a move: {e} (write HEAP=A+B, e.g. 1=3+4)"))
        })?;
        let n = pos.sizes().len();
        let size = *pos.sizes().get(mv.heap).ok_or_else(|| {
            MoveError::illegal(format!(
                "there is no heap {} (the heaps are 1 to {n})",
                mv.heap + 1
            ))
        })?;
        let heap = mv.heap + 1;
        if size <= 2 {
            return Err(MoveError::illegal(format!(
                "heap {heap} has {size} stone{} and cannot be split into two unequal heaps",
                if size == 1 { "" } else { "s" }
            )));
        }
        if mv.small.checked_add(mv.large) != Some(size) {
            return Err(MoveError::illegal(format!(
                "heap {heap} has {size} stones, not {} + {}",
                mv.small, mv.large
            )));
        }
        if mv.small == 0 {
            return Err(MoveError::illegal(format!(
                "both new heaps must have stones: {} + {}",
                mv.small, mv.large
            )));
        }
        if mv.small == mv.large {
            return Err(MoveError::illegal(format!(
                "the two new heaps must be unequal: {} + {}",
                mv.small, mv.large
            )));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        "HEAP=A+B splits heap HEAP (numbered from 1) into heaps of A and B stones, A ≠ B, \
         e.g. 1=3+4"
            .to_owned()
    }

    fn moves(&self, pos: &Heaps, player: Player) -> Vec<Split> {
        self.first_moves(pos, player, usize::MAX)
    }

    fn play(&self, pos: &Heaps, mv: &Split) -> Heaps {
        let mut next = pos.0.clone();
        next.splice(mv.heap..=mv.heap, [mv.small, mv.large]);
        Heaps(next)
    }

    /// Splits only refine a heap into a row of heaps with the same total: at most the
    /// 2^(h − 1) compositions of each heap h.
    fn reach(&self, pos: &Heaps) -> u128 {
        let bits = pos
            .sizes()
            .iter()
            .fold(0u64, |acc, &h| acc.saturating_add(h.saturating_sub(1)));
        if bits >= 128 {
            u128::MAX
        } else {
            1 << bits
        }
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .misere(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
            .heap_sequence(self)
    }
}

impl ClosedForm for GrundyGame {
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        nimber(self.nim_value(pos)?.0)
    }

    fn winning_moves(&self, pos: &Heaps, _: Player) -> Result<Vec<Split>, Unsolved> {
        GrundyGame::winning_moves(self, pos)
    }

    /// The first heap of 3 or more stones loses one stone.
    fn stalling_move(&self, pos: &Heaps, _: Player) -> Option<Split> {
        let heap = pos.sizes().iter().position(|&h| h >= 3)?;
        let size = pos.sizes()[heap];
        Some(Split {
            heap,
            small: 1,
            large: size - 1,
        })
    }
}

impl MisereForm for GrundyGame {
    fn misere_grundy(&self, pos: &Heaps) -> Result<u128, Unsolved> {
        crate::rules::heaps::tame::grundy(self, pos)
    }

    fn misere_wins(&self, pos: &Heaps) -> Result<bool, Unsolved> {
        crate::rules::heaps::tame::wins(self, pos)
    }

    fn misere_winning_moves(&self, pos: &Heaps) -> Result<Vec<Self::Move>, Unsolved> {
        crate::rules::heaps::tame::winning_moves(self, pos)
    }

    fn misere_explain(&self, pos: &Heaps, _limit: usize) -> Option<Explanation> {
        crate::rules::heaps::tame::explain(self, pos)
    }
}

impl Presentation for GrundyGame {
    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    fn explain(&self, pos: &Heaps, _: Player, _: usize) -> Option<Explanation> {
        let values = self.heap_values(pos).ok()?;
        let mut sentences = vec![
            "a heap of n stones is worth G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a < n − a}, \
             computed by the sparse-space method (no formula or period is known; OEIS \
             A002188)"
                .to_owned(),
        ];
        sentences.extend(explain_heaps(&values, "stones"));
        let xor = values.iter().fold(0, |acc, h| acc ^ h.grundy);
        if xor != 0 {
            sentences.push(
                "a winning move splits a heap h into a + b with G(a) ⊕ G(b) = XOR ⊕ G(h) (the \
                 target may exceed G(h))"
                    .to_owned(),
            );
        }
        Some(Explanation {
            reduction: json!({ "heaps": values, "xor": xor }),
            sentences,
        })
    }
}

impl WebBoard for GrundyGame {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap").map(|b| b.clicking("Click a token: its heap splits there, into the tokens before it and the tokens from it on (two unequal heaps)."))
    }

    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        use crate::rules::drawing::{numbers, token};
        let Some(sizes) = crate::rules::drawing::sizes_of(&self.show_position(pos)) else {
            return Vec::new();
        };
        let text = mv.to_string();
        let n = numbers(&text);
        let size = |i: u64| {
            sizes
                .get((i as usize).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        };
        // HEAP=A+B: the two places where the heap splits.
        match n[..] {
            [i, a, b] if i >= 1 => [
                token(i as usize - 1, size(i), b),
                token(i as usize - 1, size(i), a),
            ]
            .into_iter()
            .flatten()
            .collect(),
            _ => Vec::new(),
        }
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        let edited = crate::rules::drawing::edit_heaps(&sizes, at)?;
        let text: Vec<String> = edited.iter().map(u64::to_string).collect();
        self.parse_position(&text.join(",")).ok()
    }
}

impl ManyMoves for GrundyGame {
    /// Lists no more than `limit` moves: a heap may hold more stones than memory.
    fn first_moves(&self, pos: &Heaps, _: Player, limit: usize) -> Vec<Split> {
        crate::ruleset::first_items(
            pos.sizes().iter().enumerate().flat_map(|(heap, &size)| {
                (1..=size.saturating_sub(1) / 2).map(move |small| Split {
                    heap,
                    small,
                    large: size - small,
                })
            }),
            limit,
        )
    }

    fn move_count(&self, pos: &Heaps, _: Player) -> Option<u128> {
        Some(
            pos.sizes()
                .iter()
                .map(|&h| u128::from(h.saturating_sub(1) / 2))
                .sum(),
        )
    }
}

impl Enumerate for GrundyGame {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_SIZE
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        Some(positions_of(size, Heaps))
    }
}

impl HeapSequence for GrundyGame {
    /// By the definition or the sparse-space method; no period is known, so none is
    /// claimed (and there is nothing to certify).
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        Some(SequenceSpec {
            title: SPEC.name.to_owned(),
            json: json!({ "game": SPEC.name }),
            certificate: None,
            rule: None,
            methods: &[Method::Naive, Method::Sparse],
            source: Box::new(|method| -> Box<dyn Source> {
                match method {
                    Method::Naive => Box::new(GrundyGameValues::new()),
                    Method::Sparse | Method::Auto => Box::new(SparseGrundyGame::new()),
                }
            }),
            // Split a heap into two unequal non-empty heaps.
            heap_options: Some(Box::new(|size| {
                (1..size.div_ceil(2)).map(|a| vec![a, size - a]).collect()
            })),
        })
    }
}
