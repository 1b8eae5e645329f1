//! Any impartial ruleset whose positions of a size can be listed.

use std::fmt::Display;
use std::ops::Range;
use std::sync::Mutex;

use crate::engine::ImpartialSolver;
use crate::game::Impartial;
use crate::values::Nimber;
use crate::verify::{same_moves, Checked, Mismatch};

/// Lists the positions of one size.
pub type PositionsFn<'a, P> = Box<dyn Fn(usize) -> Vec<P> + Sync + 'a>;
/// A closed-form value.
pub type ValueFn<'a, P> = Box<dyn Fn(&P) -> Nimber + Sync + 'a>;
/// A closed-form winning-move finder.
pub type MovesFn<'a, P, M> = Box<dyn Fn(&P) -> Vec<M> + Sync + 'a>;

/// Memo entries after which the engine starts afresh.
const MEMO_LIMIT: usize = 1 << 20;

/// Checks a closed form of any impartial ruleset on listed positions.
///
/// The positions of a size come from a function (for heap games, see
/// [`compositions`]); the memoised engine ([`ImpartialSolver`]) solves them batch by
/// batch, one engine per thread kept from batch to batch (and from size to size)
/// until its memo holds about a million positions, and each position's closed-form value is compared with its Grundy value,
/// and the closed-form winning moves with the moves to positions of value 0.
pub struct ImpartialCheck<'a, G: Impartial> {
    name: String,
    size_unit: &'static str,
    largest_size: usize,
    rules: &'a G,
    positions: PositionsFn<'a, G::Position>,
    value: ValueFn<'a, G::Position>,
    winning_moves: MovesFn<'a, G::Position, G::Move>,
    /// Engines kept between batches, so that positions shared by many rows are
    /// solved once per thread rather than once per batch.
    engines: Mutex<Vec<ImpartialSolver<'a, G>>>,
}

impl<'a, G: Impartial> ImpartialCheck<'a, G> {
    /// A check named `name` (e.g. `nim`) of `rules`, whose sizes count `size_unit`,
    /// up to `largest_size`.
    pub fn new(
        name: impl Into<String>,
        size_unit: &'static str,
        largest_size: usize,
        rules: &'a G,
        positions: PositionsFn<'a, G::Position>,
        value: ValueFn<'a, G::Position>,
        winning_moves: MovesFn<'a, G::Position, G::Move>,
    ) -> Self {
        ImpartialCheck {
            name: name.into(),
            size_unit,
            largest_size,
            rules,
            positions,
            value,
            winning_moves,
            engines: Mutex::new(Vec::new()),
        }
    }
}

impl<G> Checked for ImpartialCheck<'_, G>
where
    G: Impartial + Sync,
    G::Position: Display + Send + Sync,
{
    type Prepared = Vec<G::Position>;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn size_unit(&self) -> &'static str {
        self.size_unit
    }

    fn largest_size(&self) -> usize {
        self.largest_size
    }

    fn work(&self, size: usize) -> u64 {
        (self.positions)(size).len() as u64
    }

    fn prepare(&self, size: usize) -> Vec<G::Position> {
        (self.positions)(size)
    }

    fn check(
        &self,
        positions: &Vec<G::Position>,
        _size: usize,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        let pooled = self.engines.lock().map(|mut pool| pool.pop());
        let mut engine = pooled
            .ok()
            .flatten()
            .unwrap_or_else(|| ImpartialSolver::new(self.rules));
        let result = self.check_with(&mut engine, positions, units);
        if engine.solved_positions() <= MEMO_LIMIT {
            if let Ok(mut pool) = self.engines.lock() {
                pool.push(engine);
            }
        }
        result
    }
}

impl<G> ImpartialCheck<'_, G>
where
    G: Impartial + Sync,
    G::Position: Display + Send + Sync,
{
    fn check_with(
        &self,
        engine: &mut ImpartialSolver<'_, G>,
        positions: &[G::Position],
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        for pos in &positions[units.start as usize..units.end as usize] {
            let expected = engine.grundy(pos);
            let found = (self.value)(pos);
            if expected != found {
                return Err(Mismatch::new(
                    pos.to_string(),
                    format!("value {expected}"),
                    format!("value {found}"),
                ));
            }
            let winning = engine.winning_moves(pos);
            let found = (self.winning_moves)(pos);
            same_moves(|| pos.to_string(), "winning moves", &winning, &found)?;
        }
        Ok(units.end - units.start)
    }
}

/// Every composition of `total` (sequence of parts ≥ 1 adding up to it), in
/// lexicographic order; `[]` for 0. There are 2^(total−1) of them.
///
/// ```
/// use grundy::verify::compositions;
/// assert_eq!(compositions(3), [vec![1, 1, 1], vec![1, 2], vec![2, 1], vec![3]]);
/// ```
pub fn compositions(total: u64) -> Vec<Vec<u64>> {
    fn extend(left: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            out.push(prefix.clone());
            return;
        }
        for part in 1..=left {
            prefix.push(part);
            extend(left - part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(total, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::verify::verify;
    use std::fmt;

    /// Heaps of tokens; a move takes 1 to 3 tokens from one heap.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Row(Vec<u64>);

    impl fmt::Display for Row {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let parts: Vec<String> = self.0.iter().map(|h| h.to_string()).collect();
            f.write_str(&parts.join(" "))
        }
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Take {
        heap: usize,
        count: u64,
    }

    impl fmt::Display for Take {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}-{}", self.heap + 1, self.count)
        }
    }

    struct UpToThree;

    impl Game for UpToThree {
        type Position = Row;
        type Move = Take;
        fn play(&self, pos: &Row, mv: &Take) -> Row {
            let mut next = pos.clone();
            next.0[mv.heap] -= mv.count;
            next
        }
    }

    impl Impartial for UpToThree {
        fn moves(&self, pos: &Row) -> Vec<Take> {
            (0..pos.0.len())
                .flat_map(|heap| (1..=pos.0[heap].min(3)).map(move |count| Take { heap, count }))
                .collect()
        }
    }

    fn value_mod(m: u64) -> ValueFn<'static, Row> {
        Box::new(move |row: &Row| Nimber(row.0.iter().fold(0, |acc, h| acc ^ (h % m))))
    }

    fn check(value: ValueFn<'static, Row>) -> ImpartialCheck<'static, UpToThree> {
        let winning: MovesFn<'static, Row, Take> = Box::new(|row: &Row| {
            let v = row.0.iter().fold(0, |acc, h| acc ^ (h % 4));
            (0..row.0.len())
                .flat_map(|heap| {
                    let h = row.0[heap];
                    (1..=h.min(3))
                        .filter(move |d| v ^ (h % 4) ^ ((h - d) % 4) == 0)
                        .map(move |count| Take { heap, count })
                })
                .collect()
        });
        ImpartialCheck::new(
            "up to three",
            "tokens",
            20,
            &UpToThree,
            Box::new(|size| compositions(size as u64).into_iter().map(Row).collect()),
            value,
            winning,
        )
    }

    #[test]
    fn compositions_are_counted() {
        assert_eq!(compositions(0), [Vec::<u64>::new()]);
        for n in 1..12 {
            assert_eq!(compositions(n).len(), 1 << (n - 1));
        }
    }

    #[test]
    fn a_right_closed_form_agrees() {
        let report = verify(&check(value_mod(4)), 10, &());
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, 1 + (1 << 10) - 1);
    }

    #[test]
    fn a_wrong_closed_form_is_caught() {
        // mod 3 instead of mod 4: heaps below 3 agree; of total 3 the compositions
        // 1 1 1, 1 2 and 2 1 agree too, and the heap of 3 is worth *3, not 0.
        let c = verify(&check(value_mod(3)), 10, &())
            .mismatch
            .expect("mod 3 is caught");
        assert_eq!(c.size, 3);
        assert_eq!(c.mismatch, Mismatch::new("3", "value *3", "value 0"));
    }
}
