//! LEGOWARZ, the game of towers, as a judge problem: its judge format, limits,
//! generator, validator and shrinking steps.
//!
//! Input: N, then N lines `h n`, a building of n towers of heights h, h + 1, ...,
//! h + n − 1. Output: one line, `Alice` if the first player wins, else `Bob`.
//!
//! | quantity | from | to |
//! |---|---:|---:|
//! | N, the number of buildings | 1 | 10^5 |
//! | h and n of a building | 1 | 2^64 − 1 |
//!
//! LEGOWARZ has no published statement. Its limits here are this project's: the
//! editorial's values of about 10^18 made explicit as "any 64-bit unsigned number",
//! with at least one tower of at least one block per building, and as many buildings
//! as ABGAME has rows.

use std::io::{self, Read, Write};

use crate::judge::JudgeError;
use crate::setter::gen::{Gen, Kind};
use crate::setter::input::plural;
use crate::setter::limits::Bound;
use crate::setter::rng::Rng;
use crate::setter::shrink::{delete_blocks, List, Number, Run};
use crate::setter::validate::strict::Strict;
use crate::setter::validate::{numbers, Answers, Coverage, ValidationError};
use crate::setter::Input;
use crate::setter::{DynOutput, DynReader, JudgeProblem, Problem};

mod gen;
mod judge;
mod validate;

pub use gen::{buildings_with_xor, city_xor, range_xor};

/// The number of buildings.
pub const N: Bound = Bound::new("N", "the number of buildings", 1, 100_000);
/// The height of a building's lowest tower.
pub const H: Bound = Bound::new("h", "the lowest tower's height", 1, u64::MAX);
/// The number of towers of a building.
pub const COUNT: Bound = Bound::new("n", "the number of towers", 1, u64::MAX);

/// One LEGOWARZ building: `count` towers of heights `height`, `height + 1`, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Building {
    /// h, the lowest tower's height.
    pub height: u64,
    /// n, the number of towers.
    pub count: u64,
}

/// The LEGOWARZ problem.
#[derive(Clone, Copy, Debug)]
pub struct Legowarz;

/// The LEGOWARZ problem's handle.
pub const LEGOWARZ: Problem = Problem::new(&Legowarz);

fn city(input: &Input) -> &[Building] {
    input.cases_of::<Building>().map_or(&[], Vec::as_slice)
}

impl JudgeProblem for Legowarz {
    fn name(&self) -> &'static str {
        "legowarz"
    }

    fn label(&self) -> &'static str {
        "LEGOWARZ, the game of towers"
    }

    fn title(&self) -> &'static str {
        "the game of towers, Nim on runs of heights"
    }

    fn input_format(&self) -> &'static str {
        "N, then N lines 'h n': n towers of heights h, h+1, ..., h+n-1, \
         each number up to 2^64-1"
    }

    fn output_format(&self) -> &'static str {
        "one line: Alice if the first player wins, else Bob"
    }

    fn sample(&self) -> &'static str {
        "3\n1 3\n4 2\n18446744073709551615 7\n"
    }

    fn solve(
        &self,
        input: &mut DynReader<'_>,
        output: &mut DynOutput<'_>,
    ) -> Result<(), JudgeError> {
        judge::solve(input, output)
    }

    fn answer_names(&self) -> (&'static str, &'static str) {
        ("Alice", "Bob")
    }

    fn cases_bound(&self, _kind: Kind) -> Bound {
        N
    }

    /// A city is judged in one piece: its answer is the XOR of all buildings.
    fn batched(&self) -> bool {
        false
    }

    fn generate(&self, g: &Gen, rng: &mut Rng) -> Input {
        Input::new(LEGOWARZ, gen::generate(g, rng))
    }

    fn check(
        &self,
        r: &mut Strict<&mut dyn Read>,
        answers: &mut Answers,
    ) -> Result<Vec<Coverage>, ValidationError> {
        validate::check(r, answers)
    }

    fn parse(&self, count: u64, lines: &mut dyn Iterator<Item = &[u8]>) -> Input {
        Input::new(
            LEGOWARZ,
            (0..count)
                .map(|_| {
                    let hn = numbers(lines.next().unwrap_or_default());
                    Building {
                        height: hn[0],
                        count: hn[1],
                    }
                })
                .collect(),
        )
    }

    fn write_cases(&self, input: &Input, out: &mut dyn Write) -> io::Result<()> {
        for b in city(input) {
            writeln!(out, "{} {}", b.height, b.count)?;
        }
        Ok(())
    }

    fn describe(&self, input: &Input) -> String {
        let buildings = city(input);
        let largest = buildings
            .iter()
            .map(|b| b.height.max(b.count))
            .max()
            .unwrap_or(0);
        format!(
            "{}, numbers up to {largest}",
            plural(buildings.len() as u64, "building", "buildings")
        )
    }

    fn halve(&self, input: &Input) -> Option<Input> {
        let v = input.cases_of::<Building>()?;
        let out = Input::new(
            LEGOWARZ,
            v.iter()
                .map(|b| Building {
                    height: (b.height / 2).max(1),
                    count: (b.count / 2).max(1),
                })
                .collect(),
        );
        (out != *input).then_some(out)
    }

    /// A building's height and count.
    fn numbers(&self, input: &Input, i: usize) -> Vec<Number> {
        if input.cases_of::<Building>().is_none() {
            return Vec::new();
        }
        (0..2)
            .map(|field| Number {
                get: Box::new(move |c| match c.cases_of::<Building>() {
                    Some(v) if field == 0 => v[i].height,
                    Some(v) => v[i].count,
                    None => 0,
                }),
                set: Box::new(move |c, value| {
                    let v = c.cases_of::<Building>()?;
                    let mut v = v.clone();
                    if field == 0 {
                        v[i].height = value;
                    } else {
                        v[i].count = value;
                    }
                    Some(Input::new(LEGOWARZ, v))
                }),
                min: 1,
            })
            .collect()
    }

    /// Plain deletions change the XOR, which decides the answer: blocks of buildings
    /// replaced by fewer with the same XOR come first.
    fn shrink_before_deletion(&self, run: &mut Run, cur: &mut Input) {
        delete_blocks(run, cur, &buildings_keeping_xor());
    }

    fn shrink_after_deletion(&self, run: &mut Run, cur: &mut Input) {
        shrink_pairs(run, cur);
    }
}

/// Buildings, a block at a time replaced by the fewest buildings with the same XOR
/// (so the answer stays), when that makes the city smaller.
fn buildings_keeping_xor() -> List {
    List {
        len: Box::new(|c| c.cases() as u64),
        remove: Box::new(|c, start, count| {
            let v = c.cases_of::<Building>()?;
            let (a, b) = (start as usize, (start + count) as usize);
            let same = buildings_with_xor(city_xor(&v[a..b]))?;
            let mut out = v[..a].to_vec();
            out.extend(same);
            out.extend_from_slice(&v[b..]);
            (!out.is_empty() && out.len() < v.len()).then_some(Input::new(LEGOWARZ, out))
        }),
        min: 1,
    }
}

/// Cities of at most 16 buildings: every pair of buildings deleted in turn (two
/// equal buildings cancel, wherever they stand), and two buildings whose towers run
/// on from one to the other joined into one (the same towers).
fn shrink_pairs(run: &mut Run, cur: &mut Input) {
    let mut i = 0;
    'next: while let Some(v) = cur.cases_of::<Building>() {
        if v.len() > 16 || i + 1 >= v.len() || run.out_of_budget() {
            return;
        }
        let v = v.clone();
        for j in 0..v.len() {
            if j == i {
                continue;
            }
            let rest = || (0..v.len()).filter(|&k| k != i && k != j).map(|k| v[k]);
            let mut candidates = Vec::new();
            if j > i {
                candidates.push(rest().collect::<Vec<_>>());
            }
            let (a, b) = (v[i], v[j]);
            if u128::from(a.height) + u128::from(a.count) == u128::from(b.height) {
                if let Some(count) = a.count.checked_add(b.count) {
                    let joined = Building {
                        height: a.height,
                        count,
                    };
                    candidates.push(std::iter::once(joined).chain(rest()).collect());
                }
            }
            for candidate in candidates {
                if !candidate.is_empty() && run.attempt(cur, Some(Input::new(LEGOWARZ, candidate)))
                {
                    continue 'next;
                }
            }
        }
        i += 1;
    }
}
