//! Nim: take any number of stones from one heap.
//!
//! # Rules
//! Heaps of stones. A move takes one or more stones from one heap. The player who
//! cannot move (every heap empty) loses.
//!
//! # Notation
//! Positions and moves as in [`heaps`](crate::rules::heaps): `3,5,7`, and `2-3` takes
//! 3 stones from the second heap. A heap emptied by a move stays in the list as `0`.
//!
//! # Closed form
//! A heap of n stones has Grundy value n (its options have every smaller value), so
//! by the Sprague–Grundy theorem a position is worth the XOR of its heap sizes (Bouton,
//! 1901). The player to move wins exactly when the XOR X is non-zero; the winning
//! moves reduce a heap h with h ⊕ X < h to h ⊕ X.
//!
//! # Misère play
//! Bouton's rule ([`misere::nim`]): the misère Grundy value is X
//! when some heap has two stones or more, X ⊕ 1 when none has. Play as in normal
//! Nim, unless the move would leave only heaps of 0 and 1: then leave an odd number
//! of 1-heaps. Heaps of any size (up to 2^64 − 1) are answered at once.

use serde_json::json;

use std::ops::RangeInclusive;

use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::misere::{self, nim::Tame};
use crate::rules::heaps::{
    draw_heaps, explain_heaps, heap_reach, parse_heap_move, positions_of, stones, HeapMove,
    HeapValue, Heaps, LARGEST_HEAP_SIZE,
};
use crate::ruleset::{
    Capabilities, ClosedForm, Enumerate, ManyMoves, MisereForm, Presentation, WebBoard,
};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::{Nimber, Value};

/// Nim in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "nim",
    about: "Nim: heaps 3,5,7.",
    example: "3,5,7",
    params: &[],
    build: |_, convention| either_convention(Nim, convention),
};

/// The Nim ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Nim {
    /// The value of a position: the XOR of its heap sizes.
    pub fn value(&self, heaps: &Heaps) -> Nimber {
        Nimber(u128::from(heaps.sizes().iter().fold(0, |acc, h| acc ^ h)))
    }

    /// Every winning move, by heap: each heap h with h ⊕ X < h goes down to h ⊕ X.
    pub fn winning_moves(&self, heaps: &Heaps) -> Vec<HeapMove> {
        let x = self.value(heaps).0 as u64;
        heaps
            .sizes()
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ x < h)
            .map(|(heap, &h)| HeapMove {
                heap,
                take: h - (h ^ x),
            })
            .collect()
    }
}

/// The misère winning moves of a Nim position, by Bouton's rule.
fn misere_moves(pos: &Heaps) -> Vec<HeapMove> {
    let sizes: Vec<u128> = pos.sizes().iter().map(|&h| u128::from(h)).collect();
    misere::nim::winning_moves(&sizes)
        .into_iter()
        .map(|(heap, left)| HeapMove {
            heap,
            take: pos.sizes()[heap] - left as u64,
        })
        .collect()
}

impl Ruleset for Nim {
    type Position = Heaps;

    type Move = HeapMove;

    fn name(&self) -> &'static str {
        "nim"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Heaps, _: Player, text: &str) -> Result<HeapMove, MoveError> {
        parse_heap_move(pos, text)
    }

    fn move_help(&self) -> String {
        "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), e.g. 2-3".to_owned()
    }

    fn moves(&self, pos: &Heaps, player: Player) -> Vec<HeapMove> {
        self.first_moves(pos, player, usize::MAX)
    }

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        pos.after_taking(mv)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        heap_reach(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .misere(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Nim {
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        Ok(Nim::value(self, pos).into())
    }

    fn winning_moves(&self, pos: &Heaps, _: Player) -> Result<Vec<HeapMove>, Unsolved> {
        Ok(Nim::winning_moves(self, pos))
    }

    /// One stone from the first heap that has one.
    fn stalling_move(&self, pos: &Heaps, _: Player) -> Option<HeapMove> {
        let heap = pos.sizes().iter().position(|&h| h > 0)?;
        Some(HeapMove { heap, take: 1 })
    }
}

impl MisereForm for Nim {
    fn misere_grundy(&self, pos: &Heaps) -> Result<u128, Unsolved> {
        Ok(misere::nim::sum_grundy(
            pos.sizes().iter().map(|&h| Tame::heap(u128::from(h))),
        ))
    }

    fn misere_winning_moves(&self, pos: &Heaps) -> Result<Vec<HeapMove>, Unsolved> {
        Ok(misere_moves(pos))
    }

    fn misere_explain(&self, pos: &Heaps, limit: usize) -> Option<Explanation> {
        let sizes = pos.sizes();
        let xor = sizes.iter().fold(0, |acc, h| acc ^ h);
        let big = sizes.iter().filter(|&&h| h >= 2).count();
        let ones = sizes.iter().filter(|&&h| h == 1).count();
        let grundy = self.misere_grundy(pos).ok()?;
        let mut sentences = vec![
            "misère Nim (Bouton): with a heap of two stones or more, play as in normal Nim; with none, leave an odd number of 1-heaps".to_owned(),
        ];
        sentences.push(if big == 0 {
            format!(
                "no heap has two stones or more; {ones} heap{} of one stone: {}",
                if ones == 1 { "" } else { "s" },
                if grundy == 0 {
                    "an odd number, so the player to move loses"
                } else {
                    "an even number, so the player to move wins"
                }
            )
        } else {
            format!(
                "{big} heap{} of two stones or more; XOR of the heaps: {xor}: the player to move {}",
                if big == 1 { "" } else { "s" },
                if grundy == 0 { "loses" } else { "wins" }
            )
        });
        let moves = misere_moves(pos);
        for mv in moves.iter().take(limit) {
            sentences.push(format!(
                "winning move {mv}: leaves {}",
                pos.after_taking(mv)
            ));
        }
        Some(Explanation {
            reduction: json!({ "xor": xor, "big_heaps": big, "one_heaps": ones, "misere_grundy": grundy }),
            sentences,
        })
    }
}

impl Presentation for Nim {
    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    fn explain(&self, pos: &Heaps, _: Player, _: usize) -> Option<Explanation> {
        let values: Vec<HeapValue> = pos
            .sizes()
            .iter()
            .map(|&size| HeapValue { size, grundy: size })
            .collect();
        let mut sentences = vec!["a heap of n stones is worth *n (Bouton)".to_owned()];
        sentences.extend(explain_heaps(&values, "stones"));
        let xor = pos.sizes().iter().fold(0, |acc, h| acc ^ h);
        Some(Explanation {
            reduction: json!({ "heaps": values, "xor": xor }),
            sentences,
        })
    }
}

impl WebBoard for Nim {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        let sizes = crate::rules::drawing::sizes_of(&self.show_position(pos))?;
        crate::rules::drawing::heaps(&sizes, "heap").map(|b| {
            b.clicking("Click a token: it and every token after it in its heap are taken.")
        })
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
        // HEAP-TAKE: the first token taken.
        match n[..] {
            [i, k] => token(i as usize - 1, size(i), k).into_iter().collect(),
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

impl ManyMoves for Nim {
    /// Lists no more than `limit` moves: a heap may hold more stones than memory.
    fn first_moves(&self, pos: &Heaps, _: Player, limit: usize) -> Vec<HeapMove> {
        crate::ruleset::first_items(
            pos.sizes()
                .iter()
                .enumerate()
                .flat_map(|(heap, &h)| (1..=h).map(move |take| HeapMove { heap, take })),
            limit,
        )
    }

    fn move_count(&self, pos: &Heaps, _: Player) -> Option<u128> {
        Some(stones(pos))
    }
}

impl Enumerate for Nim {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_HEAP_SIZE
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        Some(positions_of(size, Heaps))
    }
}
