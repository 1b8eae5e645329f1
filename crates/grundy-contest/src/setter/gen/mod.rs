//! Reproducible test generators for the judge problems: what they share. Each
//! problem's own generator is [`JudgeProblem::generate`](super::problem::JudgeProblem::generate).
//!
//! [`generate_among`] draws one whole input from a seed, a [`Scale`] and a [`Kind`]. The
//! only source of randomness is [`Rng`], seeded from the options,
//! and the only arithmetic is on integers (and on square roots, inside
//! [`Scale::cap`]), so the same options give the same bytes on every machine.
//! Every input generated follows its statement exactly (`grundy validate` accepts it).
//!
//! Kinds:
//!
//! - [`Kind::Random`]: every quantity drawn from its least value to the scale's cap,
//!   spread over orders of magnitude;
//! - [`Kind::Limits`]: every per-case quantity at its least value and at the scale's
//!   cap somewhere in the input, the sums and the number of test cases at the cap
//!   where the statement allows them together (at [`Scale::MAX`], the statement's
//!   limits);
//! - [`Kind::Corner`]: hand-picked shapes (empty and full boards, one-cell tables,
//!   rows of one cell, values 1 and the cap);
//! - [`Kind::FirstWins`] and [`Kind::SecondWins`]: every answer the same, the first
//!   player's win (N-positions) or loss (P-positions; for a city of buildings, heights
//!   that XOR to 0), checked with the judge;
//! - [`Kind::Diagonal`] (the table game): every query at least 4 away from the
//!   boundary, so only the diagonal rule answers it.

use std::fmt;
use std::str::FromStr;

use super::problem::{either, Problem};

use super::input::Input;
use super::limits::{Bound, Scale};
use super::rng::Rng;

/// What a generated input aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Random test cases of every size up to the scale's cap.
    Random,
    /// Every limit of the statement (at the scale's cap) reached.
    Limits,
    /// Hand-picked corner cases.
    Corner,
    /// Every answer a win for the first player (N-positions).
    FirstWins,
    /// Every answer a loss for the first player (P-positions, XOR 0).
    SecondWins,
    /// Queries answered only by the diagonal rule (the table game).
    Diagonal,
}

impl Kind {
    /// Every kind, in the order `grundy gen --help` lists them.
    pub const ALL: [Kind; 6] = [
        Kind::Random,
        Kind::Limits,
        Kind::Corner,
        Kind::FirstWins,
        Kind::SecondWins,
        Kind::Diagonal,
    ];

    /// The kinds every problem has: all but [`Kind::Diagonal`].
    pub const COMMON: [Kind; 5] = [
        Kind::Random,
        Kind::Limits,
        Kind::Corner,
        Kind::FirstWins,
        Kind::SecondWins,
    ];

    /// The kind's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Limits => "limits",
            Kind::Corner => "corner",
            Kind::FirstWins => "first-wins",
            Kind::SecondWins => "second-wins",
            Kind::Diagonal => "diagonal",
        }
    }

    /// Other names accepted for the kind.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Kind::FirstWins => &["n-positions"],
            Kind::SecondWins => &["p-positions", "xor-zero"],
            _ => &[],
        }
    }

    /// Whether the kind makes sense for `problem`.
    pub fn applies_to(self, problem: Problem) -> bool {
        problem.spec().kinds().contains(&self)
    }

    /// The kinds that apply to `problem`.
    pub fn for_problem(problem: Problem) -> Vec<Kind> {
        Kind::ALL
            .into_iter()
            .filter(|k| k.applies_to(problem))
            .collect()
    }

    fn index(self) -> u64 {
        Kind::ALL.iter().position(|&k| k == self).unwrap_or(0) as u64
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind name that is not one of [`Kind::ALL`] (nor an alias).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown kind {0:?}: expected random, limits, corner, first-wins (n-positions), \
     second-wins (p-positions, xor-zero) or diagonal"
)]
pub struct UnknownKind(pub String);

impl FromStr for Kind {
    type Err = UnknownKind;
    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s || k.aliases().contains(&s))
            .ok_or_else(|| UnknownKind(s.to_owned()))
    }
}

/// The options of one generated input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed: the same options give the same input.
    pub seed: u64,
    /// How large the quantities may be.
    pub scale: Scale,
    /// What the input aims at.
    pub kind: Kind,
    /// The number of test cases (of buildings, for a city), if it is imposed.
    pub cases: Option<u64>,
}

impl Options {
    /// Random tests of a scale, from seed 1.
    pub fn new(scale: Scale, kind: Kind) -> Options {
        Options {
            seed: 1,
            scale,
            kind,
            cases: None,
        }
    }
}

/// Options that no input satisfies.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// The kind is meant for another problem.
    #[error("kind {kind} applies only to {only}, not to {problem}")]
    KindNotFor {
        /// The kind asked for.
        kind: Kind,
        /// The problem it was asked for.
        problem: Problem,
        /// The problems it applies to: `a, b or c`.
        only: String,
    },
    /// The number of test cases asked for breaks the statement.
    #[error("{cases} test cases: the statement requires {constraint}")]
    Cases {
        /// The number asked for.
        cases: u64,
        /// The constraint it breaks.
        constraint: String,
    },
}

/// Generates one input of `problem`, one of the problems `all` (in their listed
/// order: a problem's place in it seeds its own stream of random numbers, and an
/// error names the problems of `all` a kind applies to).
/// [`problems::generate`](crate::problems::generate) passes every problem.
pub fn generate_among(
    all: &[Problem],
    problem: Problem,
    options: &Options,
) -> Result<Input, GenError> {
    if !options.kind.applies_to(problem) {
        let owners: Vec<Problem> = all
            .iter()
            .copied()
            .filter(|&p| options.kind.applies_to(p))
            .collect();
        return Err(GenError::KindNotFor {
            kind: options.kind,
            problem,
            only: either(&owners),
        });
    }
    if let Some(cases) = options.cases {
        let bound = problem.spec().cases_bound(options.kind);
        if !bound.allows(u128::from(cases)) {
            return Err(GenError::Cases {
                cases,
                constraint: bound.constraint(),
            });
        }
    }
    let problem_index = all.iter().position(|&p| p == problem).unwrap_or(0) as u64;
    let mut rng = Rng::derive(options.seed, problem_index << 8 | options.kind.index());
    let g = Gen {
        scale: options.scale,
        kind: options.kind,
        cases: options.cases,
    };
    Ok(problem.spec().generate(&g, &mut rng))
}

/// The options as the per-problem generators see them.
#[derive(Clone, Copy, Debug)]
pub struct Gen {
    /// How large the quantities may be.
    pub scale: Scale,
    /// What the input aims at.
    pub kind: Kind,
    /// The number of test cases, if it is imposed.
    pub cases: Option<u64>,
}

impl Gen {
    /// The cap of `bound` at the scale.
    pub fn cap(&self, bound: Bound) -> u64 {
        bound.cap(self.scale)
    }

    /// The number of test cases: imposed, or the cap (for limits), or drawn.
    pub fn count(&self, rng: &mut Rng, bound: Bound) -> u64 {
        match (self.cases, self.kind) {
            (Some(t), _) => t,
            (None, Kind::Limits) => self.cap(bound),
            (None, _) => rng.log_range(bound.min, self.cap(bound)),
        }
    }
}

/// A random string of `len` bytes, each `one` with probability `num / den`, else
/// `zero`.
pub fn bits(rng: &mut Rng, len: u64, one: u8, zero: u8, num: u64, den: u64) -> Vec<u8> {
    (0..len)
        .map(|_| if rng.chance(num, den) { one } else { zero })
        .collect()
}

/// A density for random strings, as `num / 8`: often 1/2, sometimes sparse or dense,
/// now and then all one symbol.
pub fn density(rng: &mut Rng) -> u64 {
    *rng.pick(&[0, 1, 2, 4, 4, 4, 6, 7, 8])
}

/// Lengths for `count` test cases, each from `min` to `cap`, drawn spread over
/// orders of magnitude, that add up to at most `budget` (≥ `count · min`).
pub fn lengths(rng: &mut Rng, count: u64, min: u64, cap: u64, budget: u64) -> Vec<u64> {
    let mut left = budget;
    (0..count)
        .map(|i| {
            let reserved = (count - i - 1) * min;
            let room = (left - reserved).min(cap).max(min);
            let len = rng.log_range(min, room);
            left -= len;
            len
        })
        .collect()
}

/// Lengths for `count` test cases, each from `min` to `cap`, adding up to exactly
/// `total` (`count · min` ≤ `total` ≤ `count · cap`): a random composition, clipped
/// to the cap with the excess moved on.
pub fn exact_lengths(rng: &mut Rng, count: u64, min: u64, cap: u64, total: u64) -> Vec<u64> {
    if count == 0 {
        return Vec::new();
    }
    let n = count as usize;
    let extra = total - count * min;
    let mut cuts: Vec<u64> = (0..n.saturating_sub(1))
        .map(|_| rng.range(0, extra))
        .collect();
    cuts.push(0);
    cuts.push(extra);
    cuts.sort_unstable();
    let mut lens: Vec<u64> = cuts.windows(2).map(|w| min + w[1] - w[0]).collect();
    let mut excess = 0;
    for len in &mut lens {
        if *len > cap {
            excess += *len - cap;
            *len = cap;
        }
    }
    for len in &mut lens {
        let add = excess.min(cap - *len);
        *len += add;
        excess -= add;
    }
    lens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_and_have_aliases() {
        for k in Kind::ALL {
            assert_eq!(k.name().parse::<Kind>().unwrap(), k);
            assert_eq!(k.to_string(), k.name());
        }
        assert_eq!("xor-zero".parse::<Kind>().unwrap(), Kind::SecondWins);
        assert_eq!("n-positions".parse::<Kind>().unwrap(), Kind::FirstWins);
        assert!("huge".parse::<Kind>().is_err());
    }

    #[test]
    fn length_helpers_respect_their_bounds() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let count = rng.range(1, 50);
            let cap = rng.range(2, 40);
            let budget = rng.range(count * 2, count * 60);
            let lens = lengths(&mut rng, count, 2, cap, budget);
            assert_eq!(lens.len() as u64, count);
            assert!(lens.iter().all(|&l| (2..=cap).contains(&l)));
            assert!(lens.iter().sum::<u64>() <= budget);
            let total = rng.range(count * 2, count * cap);
            let lens = exact_lengths(&mut rng, count, 2, cap, total);
            assert!(lens.iter().all(|&l| (2..=cap).contains(&l)));
            assert_eq!(lens.iter().sum::<u64>(), total);
        }
    }
}
