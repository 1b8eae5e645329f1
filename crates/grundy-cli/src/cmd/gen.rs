//! `grundy gen PROBLEM`: reproducible tests for a judge problem.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use grundy::problems::generate;
use grundy::problems::Problem;
use grundy::setter::gen::{Kind, Options};
use grundy::setter::Scale;

use super::judge::problem_parser;

/// Generate a test input for a judge problem, reproducibly.
///
/// The same options give the same bytes on every machine. Every input follows the
/// statement exactly (`grundy validate` accepts it).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    grundy gen adapwns --seed 7                     # a few small boards\n  \
    grundy gen tabgame --size max --kind limits     # every limit of the statement\n  \
    grundy gen legowarz --kind xor-zero --size max  # cities that Bob wins\n  \
    grundy gen abgame --size medium --cases 50 -o tests/07.in")]
pub struct Args {
    /// The problem whose input to generate.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The seed: the same seed and options give the same bytes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The number of test cases (of buildings, for legowarz); drawn when absent.
    #[arg(long, value_name = "T")]
    pub cases: Option<u64>,
    /// How large the quantities may be: small (readable by hand), medium, or max
    /// (the statement's limits).
    #[arg(long, value_enum, default_value = "small")]
    pub size: SizeArg,
    /// What the test aims at.
    #[arg(long, value_enum, default_value = "random")]
    pub kind: KindArg,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Sizes, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SizeArg {
    /// About a fifth of the way to the limits: boards of 4 squares, tables of 10 × 10.
    Small,
    /// Half way: boards of 16 squares, values up to 2^32.
    Medium,
    /// Up to the statement's limits.
    Max,
}

impl From<SizeArg> for Scale {
    fn from(s: SizeArg) -> Scale {
        match s {
            SizeArg::Small => Scale::SMALL,
            SizeArg::Medium => Scale::MEDIUM,
            SizeArg::Max => Scale::MAX,
        }
    }
}

/// Kinds, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// Random test cases of all sizes up to the size's cap.
    Random,
    /// Every limit reached: least and greatest lengths and values, the sums.
    Limits,
    /// Corner cases: empty and full boards, one-cell tables, values 1 and the cap.
    Corner,
    /// Every answer a first-player win (N-positions).
    #[value(alias = "n-positions")]
    FirstWins,
    /// Every answer a first-player loss (P-positions; legowarz: XOR 0).
    #[value(alias = "p-positions", alias = "xor-zero")]
    SecondWins,
    /// tabgame only: queries at x, y ≥ 4, answered by the diagonal rule alone.
    Diagonal,
}

impl From<KindArg> for Kind {
    fn from(k: KindArg) -> Kind {
        match k {
            KindArg::Random => Kind::Random,
            KindArg::Limits => Kind::Limits,
            KindArg::Corner => Kind::Corner,
            KindArg::FirstWins => Kind::FirstWins,
            KindArg::SecondWins => Kind::SecondWins,
            KindArg::Diagonal => Kind::Diagonal,
        }
    }
}

/// Runs `grundy gen`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let problem = args.problem;
    let options = Options {
        seed: args.seed,
        scale: args.size.into(),
        kind: args.kind.into(),
        cases: args.cases,
    };
    let input = generate(problem, &options)?;
    match args.output {
        Some(path) if path.as_os_str() != "-" => {
            grundy::files::write_atomically(&path, |file| input.write_to(file))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        _ => {
            let mut out = io::stdout().lock();
            input.write_to(&mut out)?;
            out.flush()?;
        }
    }
    Ok(())
}
