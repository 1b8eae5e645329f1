//! The impartial families: Nim, subtraction and octal games on heaps, staircase Nim.
//!
//! Heap games take as size the number of tokens: the positions of size s are the
//! rows of heaps (each of at least one token, in order) adding up to s, the
//! 2^(s−1) [`compositions`] of s. Staircase Nim takes the coins plus the steps: a
//! composition's parts, each less one, are the steps' coins (steps may be empty).

use crate::rules::heaps::Heaps;
use crate::rules::nim::Nim;
use crate::rules::octal::Octal;
use crate::rules::staircase::{Staircase, Steps};
use crate::rules::subtraction::Subtraction;
use crate::sequence::{BeyondComputed, Sequence};
use crate::verify::{compositions, ImpartialCheck};

/// Heap games are checked up to this many tokens (2^(n−1) rows of heaps).
pub const LARGEST_HEAP_SIZE: usize = 24;

fn rows_of_heaps(size: usize) -> Vec<Heaps> {
    compositions(size as u64).into_iter().map(Heaps).collect()
}

/// Nim: the XOR of the heaps and its winning moves.
pub fn nim(rules: &Nim) -> ImpartialCheck<'_, Nim> {
    ImpartialCheck::new(
        "nim",
        "tokens",
        LARGEST_HEAP_SIZE,
        rules,
        Box::new(rows_of_heaps),
        Box::new(move |heaps| rules.value(heaps)),
        Box::new(move |heaps| rules.winning_moves(heaps)),
    )
}

/// Staircase Nim (with its bound, if any): the XOR of the counted steps and its
/// winning moves.
pub fn staircase(rules: &Staircase) -> ImpartialCheck<'_, Staircase> {
    ImpartialCheck::new(
        format!("staircase ({rules})"),
        "coins plus steps",
        LARGEST_HEAP_SIZE,
        rules,
        Box::new(|size| {
            compositions(size as u64)
                .into_iter()
                .map(|parts| Steps(parts.into_iter().map(|p| p - 1).collect()))
                .collect()
        }),
        Box::new(move |steps| rules.value(steps)),
        Box::new(move |steps| rules.winning_moves(steps)),
    )
}

/// A subtraction game: values and winning moves looked up in its Grundy sequence,
/// computed once for heaps up to `max_size`.
pub fn subtraction(
    rules: &Subtraction,
    max_size: usize,
) -> Result<ImpartialCheck<'_, Subtraction>, BeyondComputed> {
    let table: Sequence = rules.table(&Heaps(vec![max_size as u64]))?;
    let moves_table = table.clone();
    Ok(ImpartialCheck::new(
        format!("subtraction ({rules})"),
        "tokens",
        LARGEST_HEAP_SIZE,
        rules,
        Box::new(rows_of_heaps),
        Box::new(move |heaps| {
            rules
                .value(&table, heaps)
                .expect("the table covers every heap up to the largest size")
        }),
        Box::new(move |heaps| {
            rules
                .winning_moves(&moves_table, heaps)
                .expect("the table covers every heap up to the largest size")
        }),
    ))
}

/// An octal game: values looked up in its Grundy sequence (computed once for heaps
/// up to `max_size`), winning moves from each heap to the value that cancels the
/// others.
pub fn octal(rules: &Octal, max_size: usize) -> Result<ImpartialCheck<'_, Octal>, BeyondComputed> {
    let table: Sequence = rules.table(&Heaps(vec![max_size as u64]))?;
    let moves_table = table.clone();
    Ok(ImpartialCheck::new(
        format!("octal ({rules})"),
        "tokens",
        LARGEST_HEAP_SIZE,
        rules,
        Box::new(rows_of_heaps),
        Box::new(move |heaps| {
            rules
                .value(&table, heaps)
                .expect("the table covers every heap up to the largest size")
        }),
        Box::new(move |heaps| {
            let t = &moves_table;
            let total = rules.value(t, heaps).expect("covered").0;
            if total == 0 {
                return Vec::new();
            }
            let mut moves = Vec::new();
            for (heap, &size) in heaps.sizes().iter().enumerate() {
                let own = u64::from(t.get(size).expect("covered"));
                let target = (own ^ total) as u32;
                moves.extend(
                    rules
                        .moves_to_value(t, heap, size, target, size)
                        .expect("covered"),
                );
            }
            moves
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;

    #[test]
    fn every_family_agrees_with_the_engine() {
        let report = verify(&nim(&Nim), 10, &());
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, 1 << 10);
        for bound in [None, Some(1), Some(2)] {
            let rules = Staircase::new(bound).unwrap();
            assert_eq!(verify(&staircase(&rules), 10, &()).mismatch, None);
        }
        for set in ["1,2", "2,4,5", "1,3,4"] {
            let rules: Subtraction = set.parse().unwrap();
            assert_eq!(
                verify(&subtraction(&rules, 11).unwrap(), 11, &()).mismatch,
                None
            );
        }
        for code in ["0.77", "0.07", "0.137", "4.7", "0.6"] {
            let rules: Octal = code.parse().unwrap();
            assert_eq!(
                verify(&octal(&rules, 10).unwrap(), 10, &()).mismatch,
                None,
                "{code}"
            );
        }
    }
}
