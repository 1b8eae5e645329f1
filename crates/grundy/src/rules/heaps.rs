//! Heaps of stones: the position notation shared by Nim, subtraction and octal games.
//!
//! # Notation
//! A position is a comma-separated list of heap sizes, `3,5,7`; the empty string is
//! the position without heaps. Sizes are whole numbers from 0 to 2^64 − 1, written
//! in decimal without signs or spaces. A move that takes stones from one heap is
//! `HEAP-TAKE` with heaps numbered from 1: `2-3` takes 3 stones from the second heap.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::rules::notation::{Found, NotationError};
use crate::sequence::Sequence;

/// Parses a comma-separated list of whole numbers, naming `what` in errors.
pub fn parse_list(text: &str, what: &str) -> Result<Vec<u64>, NotationError> {
    let mut out = Vec::new();
    if text.is_empty() {
        return Ok(out);
    }
    let mut column = 1;
    for part in text.split(',') {
        out.push(parse_number(part, column, what)?);
        column += part.chars().count() + 1;
    }
    Ok(out)
}

/// Parses one whole number that starts at `column` (1-based).
pub fn parse_number(part: &str, column: usize, what: &str) -> Result<u64, NotationError> {
    if let Some(i) = part.chars().position(|c| !c.is_ascii_digit()) {
        let c = part.chars().nth(i).expect("a character at i");
        return Err(NotationError::new(column + i, what, Found::Char(c)));
    }
    if part.is_empty() {
        let found = Found::End;
        return Err(NotationError::new(column, what, found));
    }
    part.parse::<u64>().map_err(|_| {
        NotationError::new(
            column,
            format!("{what} below 2^64"),
            Found::Text(part.to_owned()),
        )
    })
}

/// Writes `items` separated by commas.
pub fn write_list(f: &mut fmt::Formatter<'_>, items: &[u64]) -> fmt::Result {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{x}")?;
    }
    Ok(())
}

/// A position of a heap game: heap sizes in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Heaps(pub Vec<u64>);

impl Heaps {
    /// The heap sizes.
    pub fn sizes(&self) -> &[u64] {
        &self.0
    }

    /// The heaps after `mv` takes its stones from its heap (the move of Nim and of
    /// subtraction games).
    pub fn after_taking(&self, mv: &HeapMove) -> Heaps {
        let mut next = self.clone();
        next.0[mv.heap] -= mv.take;
        next
    }

    /// Each heap with its Grundy value, read from `table` (which must reach every heap).
    pub(crate) fn values_in(&self, table: &Sequence) -> Vec<HeapValue> {
        self.0
            .iter()
            .map(|&size| HeapValue {
                size,
                grundy: u64::from(table.get(size).expect("the table reaches every heap")),
            })
            .collect()
    }
}

/// What `table` knows of `game`'s values, as a sentence.
pub(crate) fn describe_table(table: &Sequence, game: &str) -> String {
    match table.period {
        Some(p) => format!(
            "G(n) for {game} has preperiod {} and period {} (proven from {} values): {}",
            p.preperiod,
            p.period,
            table.computed(),
            head(&table.values, p.preperiod + p.period)
        ),
        None => format!(
            "G(n) for {game} computed up to n = {} (no period proven)",
            table.computed() - 1
        ),
    }
}

/// The first `n` values (at most 40 of them) as text.
pub(crate) fn head(values: &[u32], n: usize) -> String {
    let shown: Vec<String> = values.iter().take(n.min(40)).map(u32::to_string).collect();
    let more = if n > 40 { ", ..." } else { "" };
    format!("G(0..) = {}{more}", shown.join(", "))
}

impl FromStr for Heaps {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Heaps, NotationError> {
        parse_list(s, "a heap size (digits)").map(Heaps)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.0)
    }
}

/// A move that takes `take` stones from heap `heap` (0-based field, printed 1-based
/// as `HEAP-TAKE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    /// The 0-based index of the heap.
    pub heap: usize,
    /// How many stones are taken.
    pub take: u64,
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.heap + 1, self.take)
    }
}

impl FromStr for HeapMove {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<HeapMove, NotationError> {
        let Some((heap, take)) = s.split_once('-') else {
            let i = s.chars().take_while(|c| c.is_ascii_digit()).count();
            return Err(NotationError::at(
                s,
                i,
                "'-' between heap and count, as in 2-3",
            ));
        };
        let number = parse_number(heap, 1, "a heap number from 1")?;
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
        let take = parse_number(take, heap.chars().count() + 2, "a number of stones")?;
        Ok(HeapMove {
            heap: heap_index,
            take,
        })
    }
}

/// One heap's part in an analysis: its size and Grundy value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeapValue {
    /// The heap size.
    pub size: u64,
    /// The heap's Grundy value.
    pub grundy: u64,
}

/// The explanation lines for a sum of heaps: one per heap, then the XOR and who wins.
pub(crate) fn explain_heaps(heaps: &[HeapValue], unit: &str) -> Vec<String> {
    let mut lines: Vec<String> = heaps
        .iter()
        .enumerate()
        .map(|(i, h)| {
            format!(
                "heap {}: {} {unit}, value {}",
                i + 1,
                h.size,
                crate::Nimber(h.grundy)
            )
        })
        .collect();
    let xor = heaps.iter().fold(0, |acc, h| acc ^ h.grundy);
    let terms: Vec<String> = heaps.iter().map(|h| h.grundy.to_string()).collect();
    let sum = if terms.is_empty() {
        "no heaps: XOR = 0".to_owned()
    } else {
        format!("XOR of the values: {} = {xor}", terms.join(" ⊕ "))
    };
    lines.push(if xor == 0 {
        format!("{sum}: the player to move loses")
    } else {
        format!("{sum}: the player to move wins")
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_round_trip_and_errors() {
        for s in ["3,5,7", "", "0", "0,18446744073709551615"] {
            assert_eq!(s.parse::<Heaps>().unwrap().to_string(), s);
        }
        let e = "3,x".parse::<Heaps>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 3: expected a heap size (digits), found 'x'"
        );
        let e = "3,,4".parse::<Heaps>().unwrap_err();
        assert_eq!(e.column, 3);
        assert_eq!(e.found, Found::End);
        let e = "12,18446744073709551616".parse::<Heaps>().unwrap_err();
        assert_eq!(e.column, 4);
        assert!("3, 5".parse::<Heaps>().is_err());
    }

    #[test]
    fn moves_round_trip_and_errors() {
        let m: HeapMove = "2-3".parse().unwrap();
        assert_eq!(m, HeapMove { heap: 1, take: 3 });
        assert_eq!(m.to_string(), "2-3");
        assert_eq!("0-1".parse::<HeapMove>().unwrap_err().column, 1);
        assert_eq!("12".parse::<HeapMove>().unwrap_err().column, 3);
        assert_eq!("12-x".parse::<HeapMove>().unwrap_err().column, 4);
    }
}
