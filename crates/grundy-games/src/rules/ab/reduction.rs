//! The reduction of a row, as data: which letters face each other, what each pair's
//! room is worth, the reserves, the Nim heaps' XOR and the value.

use serde::Serialize;

use super::{Row, Summary};

/// The letters that face each other, in order, as 0-based cells: `(first, Some(second))`
/// for letters 1&2, 3&4, ..., and `(last, None)` for an unpaired last letter.
///
/// Letters never jump, so a move never changes this pairing.
pub(super) fn facing(cells: &[u8]) -> impl Iterator<Item = (usize, Option<usize>)> + '_ {
    let mut letters = memchr::memchr2_iter(b'A', b'B', cells);
    std::iter::from_fn(move || {
        let first = letters.next()?;
        Some((first, letters.next()))
    })
}

/// What the room between two facing letters is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PairKind {
    /// Two `A`s: the room is reserve moves of player A, which only A can use.
    ReserveA,
    /// Two `B`s: the room is reserve moves of player B.
    ReserveB,
    /// An `A` and a `B`: the room is a Nim heap that either player may shrink.
    NimHeap,
}

/// Two letters that face each other (letters 2k−1 and 2k) and the room between them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Pair {
    /// The cells of the two letters, 1-based as in the move notation.
    pub cells: [usize; 2],
    /// The two letters: `AA`, `AB`, `BA` or `BB`.
    pub letters: &'static str,
    /// The number of empty cells between them.
    pub room: u64,
    /// What the room is worth.
    pub kind: PairKind,
}

/// The last letter when the number of letters is odd: it moves right, into the empty
/// cells after it. Its room is reserve moves of its player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LastLetter {
    /// Its cell, 1-based as in the move notation.
    pub cell: usize,
    /// The letter, `A` or `B`.
    pub letter: char,
    /// The number of empty cells after it, to the end of the row.
    pub room: u64,
}

/// The reduction of a row to reserve moves and Nim heaps.
///
/// The value of the row is `reserve_a − reserve_b + *xor`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Reduction {
    /// The pairs of facing letters, from left to right.
    pub pairs: Vec<Pair>,
    /// The unpaired last letter, if the number of letters is odd.
    pub last: Option<LastLetter>,
    /// Empty cells no letter can ever enter: before the first letter, between two
    /// pairs, and after the last letter when it moves left.
    pub dead_dots: u64,
    /// Reserve moves of player A: the room of `AA` pairs and of a last `A`.
    pub reserve_a: u64,
    /// Reserve moves of player B: the room of `BB` pairs and of a last `B`.
    pub reserve_b: u64,
    /// The XOR of the Nim heaps (the room of `AB` and `BA` pairs).
    pub xor: u64,
    /// The value, as [`Summary::value_string`] writes it: `2 + *3`, `-1`, `*2`, `0`.
    pub value: String,
}

impl Reduction {
    /// The reduction of `row`, in one pass.
    pub fn of(row: &Row) -> Reduction {
        let cells = row.cells();
        let mut pairs = Vec::new();
        let mut last = None;
        let (mut reserve_a, mut reserve_b, mut xor) = (0u64, 0u64, 0u64);
        let mut live = 0u64;
        for (first, second) in facing(cells) {
            match second {
                Some(second) => {
                    let room = (second - first - 1) as u64;
                    let (letters, kind) = match (cells[first], cells[second]) {
                        (b'A', b'A') => {
                            reserve_a += room;
                            ("AA", PairKind::ReserveA)
                        }
                        (b'B', b'B') => {
                            reserve_b += room;
                            ("BB", PairKind::ReserveB)
                        }
                        (b'A', _) => {
                            xor ^= room;
                            ("AB", PairKind::NimHeap)
                        }
                        _ => {
                            xor ^= room;
                            ("BA", PairKind::NimHeap)
                        }
                    };
                    live += room + 2;
                    pairs.push(Pair {
                        cells: [first + 1, second + 1],
                        letters,
                        room,
                        kind,
                    });
                }
                None => {
                    let room = (cells.len() - first - 1) as u64;
                    if cells[first] == b'A' {
                        reserve_a += room;
                    } else {
                        reserve_b += room;
                    }
                    live += room + 1;
                    last = Some(LastLetter {
                        cell: first + 1,
                        letter: char::from(cells[first]),
                        room,
                    });
                }
            }
        }
        let summary = Summary {
            reserve_a,
            reserve_b,
            nim: xor,
        };
        Reduction {
            pairs,
            last,
            dead_dots: cells.len() as u64 - live,
            reserve_a,
            reserve_b,
            xor,
            value: summary.value_string(),
        }
    }

    /// The reserves and XOR alone.
    pub fn summary(&self) -> Summary {
        Summary {
            reserve_a: self.reserve_a,
            reserve_b: self.reserve_b,
            nim: self.xor,
        }
    }
}
