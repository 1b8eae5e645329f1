//! The misère quotient of a heap game's sums of heaps up to a bound (Plambeck and
//! Siegel).
//!
//! Sums X and Y of heaps of at most n stones are *indistinguishable* when X + Z and
//! Y + Z have the same misère outcome for every such sum Z. The classes form a
//! commutative monoid Q_n, the misère quotient (T. E. Plambeck, "Taming the wild in
//! impartial combinatorial games", *Integers* 5 (2005) G5; T. E. Plambeck and A. N.
//! Siegel, "Misère quotients for impartial games", *J. Combin. Theory Ser. A* 115
//! (2008)); its P-portion holds the classes of P-positions, and the *pretending
//! function* maps each heap to its class. Then the outcome of any sum of heaps up to
//! n is read off in O(heaps): multiply the heaps' classes, and look the product up in
//! P.
//!
//! # How it is found, and why it is right
//! [`Quotient::compute`] guesses Q_n from outcomes computed by the definition: a sum
//! W's *signature* is the outcome of W + Z for every test sum Z of total size at most
//! T; starting from the empty sum, each class found is extended by each heap, and a
//! new signature is a new class. The guess is then handed to
//! [`quotient_check`], which proves from the game's rules alone
//! that it is the quotient; when the check fails (the tests were too few to tell some
//! classes apart), T grows and the guess is made again. Nothing is reported that the
//! check has not proven.

use std::collections::HashMap;

use crate::engine::budget::Budget;
use crate::misere::genus::{GenusError, GenusSolver};
use crate::misere::quotient_check::{self, QuotientCertificate, QuotientViolation, KIND};
use crate::sequence::check::Rules;

/// The largest heap bound.
pub const MAX_HEAP_BOUND: usize = 64;

/// The most elements a quotient may have.
pub const MAX_ORDER: usize = 1024;

/// The largest total size of the test sums.
pub const MAX_TEST_TOTAL: u64 = 24;

/// The default work of the outcomes a quotient needs: 2^25 options listed.
pub const DEFAULT_BUDGET: Budget = Budget::moves(1 << 25);

/// Why a quotient could not be found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// A heap bound out of range.
    #[error("heap bound {0}: the quotient is computed for heap bounds 1 to {MAX_HEAP_BOUND}")]
    HeapBound(usize),
    /// The heaps' options could not be read.
    #[error(transparent)]
    Genus(#[from] GenusError),
    /// More than [`MAX_ORDER`] classes.
    #[error("the quotient has more than {MAX_ORDER} elements")]
    TooBig,
    /// The work allowed ran out.
    #[error("the outcomes needed take more than the work allowed")]
    Budget,
    /// No guess passed the check with test sums up to [`MAX_TEST_TOTAL`].
    #[error("no quotient proven with test sums up to {MAX_TEST_TOTAL} stones (last check: {0})")]
    Unproven(QuotientViolation),
}

/// A misère quotient, proven by [`quotient_check::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    certificate: QuotientCertificate,
    in_p: Vec<bool>,
    /// The total size of the test sums that told the classes apart.
    pub tests_total: u64,
}

impl Quotient {
    /// The quotient of the sums of heaps 1..=`heap_bound` of the game `game` (a name
    /// for the certificate, e.g. `octal 0.75`) whose rules are `rules`, within
    /// `budget` (the outcomes of the guesses and the checks of them share it) and
    /// the thread's [deadline](crate::deadline).
    pub fn compute(
        game: &str,
        rules: &Rules,
        heap_bound: usize,
        budget: Budget,
    ) -> Result<Quotient, QuotientError> {
        if heap_bound == 0 || heap_bound > MAX_HEAP_BOUND {
            return Err(QuotientError::HeapBound(heap_bound));
        }
        let options = |n: u64| -> Vec<Vec<u64>> {
            quotient_check::heap_options(rules, n as usize)
                .into_iter()
                .map(|o| o.into_iter().map(|h| h as u64).collect())
                .collect()
        };
        let mut solver = GenusSolver::new(&options);
        solver.prepare(heap_bound as u64)?;
        let mut budget = budget;
        let mut last = None;
        let mut total = 4;
        // Besides the small sums, the classes of the last guess are tests: a class
        // that tells two others apart is often one of them.
        let mut found: Vec<Vec<u64>> = Vec::new();
        while total <= MAX_TEST_TOTAL {
            let mut tests = sums(heap_bound as u64, total);
            tests.append(&mut found);
            tests.sort_unstable();
            tests.dedup();
            let (cert, reps) = guess(game, &mut solver, heap_bound, &tests, &mut budget)?;
            match quotient_check::check_within(&cert, rules, &mut budget) {
                Ok(()) => {
                    let mut in_p = vec![false; cert.table.len()];
                    for &x in &cert.p_portion {
                        in_p[x as usize] = true;
                    }
                    return Ok(Quotient {
                        certificate: cert,
                        in_p,
                        tests_total: total,
                    });
                }
                Err(QuotientViolation::TooBig) => return Err(QuotientError::TooBig),
                Err(QuotientViolation::Budget) => return Err(QuotientError::Budget),
                Err(e) => last = Some(e),
            }
            found = reps;
            total += 2;
        }
        Err(QuotientError::Unproven(last.expect("at least one guess")))
    }

    /// The certificate: the table, P, the pretending function and names.
    pub fn certificate(&self) -> &QuotientCertificate {
        &self.certificate
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.certificate.table.len()
    }

    /// The class of a sum of heaps (each at most the heap bound), or `None` for a
    /// larger heap.
    pub fn class(&self, heaps: &[u64]) -> Option<u32> {
        let c = &self.certificate;
        heaps.iter().try_fold(0u32, |x, &h| {
            let q = *c.pretending.get(usize::try_from(h).ok()?)?;
            Some(c.table[x as usize][q as usize])
        })
    }

    /// Whether the player to move loses the sum of `heaps` under misère play, in
    /// O(heaps); `None` for a heap beyond the bound.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.class(heaps).map(|x| self.in_p[x as usize])
    }
}

/// Every sum of heaps 1..=`largest` of total size at most `total`, sorted.
fn sums(largest: u64, total: u64) -> Vec<Vec<u64>> {
    fn go(left: u64, top: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(cur.clone());
        for h in 1..=top.min(left) {
            cur.push(h);
            go(left - h, h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(total, largest, &mut Vec::new(), &mut out);
    out
}

/// A quotient guessed from the outcomes of sums with each of `tests`, and the sums
/// that stand for its classes.
fn guess(
    game: &str,
    solver: &mut GenusSolver<'_>,
    heap_bound: usize,
    tests: &[Vec<u64>],
    budget: &mut Budget,
) -> Result<(QuotientCertificate, Vec<Vec<u64>>), QuotientError> {
    let mut signature = |w: &[u64]| -> Result<Vec<bool>, QuotientError> {
        tests
            .iter()
            .map(|z| {
                // An outcome already known spends nothing: the deadline is checked
                // here too, so a long run of them still stops at it.
                if crate::deadline::passed() {
                    return Err(QuotientError::Budget);
                }
                let mut sum = w.to_vec();
                sum.extend_from_slice(z);
                solver
                    .misere_grundy(&sum, budget)
                    .map(|g| g == 0)
                    .ok_or(QuotientError::Budget)
            })
            .collect()
    };
    let mut reps: Vec<Vec<u64>> = vec![Vec::new()];
    let mut by_signature: HashMap<Vec<bool>, u32> = HashMap::new();
    by_signature.insert(signature(&[])?, 0);
    let mut gen: Vec<Vec<u32>> = Vec::new();
    let mut next = 0;
    while next < reps.len() {
        let mut row = Vec::with_capacity(heap_bound);
        for h in 1..=heap_bound as u64 {
            let mut w = reps[next].clone();
            w.push(h);
            w.sort_unstable();
            let sig = signature(&w)?;
            let id = match by_signature.get(&sig) {
                Some(&id) => id,
                None => {
                    if reps.len() >= MAX_ORDER {
                        return Err(QuotientError::TooBig);
                    }
                    let id = reps.len() as u32;
                    by_signature.insert(sig, id);
                    reps.push(w);
                    id
                }
            };
            row.push(id);
        }
        gen.push(row);
        next += 1;
    }
    let m = reps.len();
    let times = |x: u32, heaps: &[u64]| {
        heaps
            .iter()
            .fold(x, |z, &h| gen[z as usize][h as usize - 1])
    };
    let table: Vec<Vec<u32>> = (0..m as u32)
        .map(|x| reps.iter().map(|r| times(x, r)).collect())
        .collect();
    let mut p_portion = Vec::new();
    for (x, rep) in reps.iter().enumerate() {
        if solver
            .misere_grundy(rep, budget)
            .ok_or(QuotientError::Budget)?
            == 0
        {
            p_portion.push(x as u32);
        }
    }
    let pretending = std::iter::once(0)
        .chain((1..=heap_bound as u64).map(|h| times(0, &[h])))
        .collect();
    let elements = reps
        .iter()
        .map(|r| {
            if r.is_empty() {
                "0".to_owned()
            } else {
                r.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
            }
        })
        .collect();
    let cert = QuotientCertificate {
        kind: KIND.to_owned(),
        game: game.to_owned(),
        heap_bound,
        elements,
        table,
        p_portion,
        pretending,
    };
    Ok((cert, reps))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim's heaps up to 3 give the tame quotient ⟨a, b | a² = 1, b³ = b⟩ of order 6,
    /// P = {a, b²} (Plambeck 2005); heap 1 alone gives {1, a}, P = {a}; heaps up to 7,
    /// the fickle 1 and a and the eight firm nim-sums (order 2³ + 2).
    #[test]
    fn nim_gives_the_tame_quotient() {
        // Nim as a subtraction game with every take allowed up to the bound.
        let rules = Rules::Subtract((1..=6).collect());
        let q = Quotient::compute("nim", &rules, 1, DEFAULT_BUDGET).unwrap();
        assert_eq!(q.order(), 2);
        let q = Quotient::compute("nim", &rules, 3, DEFAULT_BUDGET).unwrap();
        assert_eq!(q.order(), 6);
        assert_eq!(q.certificate().p_portion.len(), 2);
        let q = Quotient::compute(
            "nim",
            &Rules::Subtract((1..=7).collect()),
            7,
            DEFAULT_BUDGET,
        )
        .unwrap();
        assert_eq!(q.order(), 10);
        let rules = Rules::Subtract((1..=6).collect());
        let q = Quotient::compute("nim", &rules, 6, DEFAULT_BUDGET).unwrap();
        assert_eq!(q.order(), 10);
        assert_eq!(q.is_p_position(&[1]), Some(true));
        assert_eq!(q.is_p_position(&[2, 2]), Some(true));
        assert_eq!(q.is_p_position(&[3, 5, 6]), Some(true));
        assert_eq!(q.is_p_position(&[1, 1]), Some(false));
        assert_eq!(q.is_p_position(&[7]), None);
    }

    /// The check of a guess obeys the work allowed and the thread's deadline: a
    /// stopped check says so, neither valid nor invalid (once it ran on past both,
    /// for 40 s and 1.4 GB after a 2 s `--time-limit`); and so does the whole
    /// computation.
    #[test]
    fn the_check_stops_at_its_budget_and_the_deadline() {
        use std::time::{Duration, Instant};
        let rules = Rules::TakeAndBreak(vec![0, 7, 5]);
        let q = Quotient::compute("octal 0.75", &rules, 12, DEFAULT_BUDGET).unwrap();
        let good = q.certificate();
        assert_eq!(quotient_check::check(good, &rules), Ok(()));
        let mut small = Budget::moves(10);
        assert_eq!(
            quotient_check::check_within(good, &rules, &mut small),
            Err(QuotientViolation::Budget)
        );
        let past = Instant::now() - Duration::from_secs(1);
        let stopped = crate::deadline::within(past, || quotient_check::check(good, &rules));
        assert_eq!(stopped, Err(QuotientViolation::Budget));
        let stopped = crate::deadline::within(past, || {
            Quotient::compute("octal 0.75", &rules, 12, DEFAULT_BUDGET)
        });
        assert_eq!(stopped, Err(QuotientError::Budget));
    }

    /// A wrong certificate is refused: each kind of flaw, planted in a true one.
    #[test]
    fn the_check_refuses_planted_flaws() {
        let rules = Rules::TakeAndBreak(vec![0, 7, 5]);
        let q = Quotient::compute("octal 0.75", &rules, 6, DEFAULT_BUDGET).unwrap();
        let good = q.certificate().clone();
        assert_eq!(quotient_check::check(&good, &rules), Ok(()));
        // P-portion: one element too many, one too few.
        let mut bad = good.clone();
        let extra = (0..good.table.len() as u32)
            .find(|x| !good.p_portion.contains(x) && *x != 0)
            .unwrap();
        bad.p_portion.push(extra);
        assert!(quotient_check::check(&bad, &rules).is_err());
        let mut bad = good.clone();
        bad.p_portion.pop();
        assert!(quotient_check::check(&bad, &rules).is_err());
        // A heap pretending to be another class.
        let mut bad = good.clone();
        bad.pretending[3] = bad.pretending[2];
        assert!(
            quotient_check::check(&bad, &rules).is_err()
                || good.pretending[3] == good.pretending[2]
        );
        // A table entry changed (symmetrically, so that commutativity holds).
        let mut bad = good.clone();
        let m = bad.table.len() as u32;
        let (x, y) = (1usize, 2usize);
        let v = (bad.table[x][y] + 1) % m;
        bad.table[x][y] = v;
        bad.table[y][x] = v;
        assert!(quotient_check::check(&bad, &rules).is_err());
        // The rules of another game.
        assert!(quotient_check::check(&good, &Rules::TakeAndBreak(vec![0, 7, 7])).is_err());
        // P's elements listed twice (once accepted as "3 elements in P"), or out of
        // order.
        let mut bad = good.clone();
        bad.p_portion.insert(0, good.p_portion[0]);
        let malformed =
            |bad: &QuotientCertificate, needle: &str| match quotient_check::check(bad, &rules) {
                Err(QuotientViolation::Malformed(why)) => {
                    assert!(why.contains(needle), "{why}: expected {needle:?}")
                }
                other => panic!("{bad:?}: {other:?}, expected malformed: {needle}"),
            };
        malformed(&bad, "listed once each, in increasing order");
        let mut bad = good.clone();
        bad.p_portion.reverse();
        malformed(&bad, "listed once each, in increasing order");
        // Element names: each must be a shortest sum of heaps giving the element.
        let named = |x: usize, name: &str| {
            let mut bad = good.clone();
            bad.elements[x] = name.to_owned();
            bad
        };
        let one = good.pretending[1] as usize;
        malformed(&named(one, "2"), "but that sum is element");
        malformed(
            &named(one, "1+1+1"),
            "a sum of 3 heaps, but it is a sum of 1",
        );
        malformed(&named(0, ""), "\"\" is not a heap");
        malformed(&named(one, "01"), "\"01\" is not a heap");
        malformed(
            &named(one, "7"),
            "\"7\" is not a heap (a number from 1 to 6)",
        );
        malformed(&named(one, "x"), "\"x\" is not a heap");
        let two_two = good
            .elements
            .iter()
            .position(|e| e == "2+2")
            .expect("2+2 names an element of 0.75's quotient");
        malformed(&named(two_two, "2+ 2"), "\" 2\" is not a heap");
        let one_two = good.elements.iter().position(|e| e == "1+2").unwrap();
        malformed(&named(one_two, "2+1"), "not in increasing order");
        // Two elements swapping names.
        let mut bad = good.clone();
        bad.elements.swap(one, two_two);
        malformed(&bad, "but that sum is element");
        // The kind.
        let mut bad = good.clone();
        bad.kind = "something else".to_owned();
        assert!(matches!(
            quotient_check::check(&bad, &rules),
            Err(QuotientViolation::Malformed(_))
        ));
    }
}
