//! `grundy solve GAME POSITION --tiers --out DIR`: every position reachable from
//! POSITION solved tier by tier, one file per tier, for `grundy analyze --db DIR`
//! (from the empty board of a game that ranks its tiers, every ranked position,
//! solved rank by rank: `engine::ranked`);
//! with `--mpi`, by the processes of an MPI job (`solve_mpi`, behind the feature
//! `mpi`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use grundy::engine::tier_files::{Done, SolveReport};

use super::rules::{to_move, GameArgs};

/// The examples after `grundy solve --help`.
const EXAMPLES: &str = "Examples:
  grundy solve tictactoe '...|...|...' --tiers --out ttt-db        every board, one file a tier
  grundy solve connect-four 4x4: --tiers --out c4-4x4              Connect Four 4x4, strongly
  grundy analyze connect-four 4x4:22 --db c4-4x4                   answered from the files
  mpirun -n 4 grundy solve connect-four 5x4: --tiers --out c4 --mpi  4 processes (feature mpi)

Run again after a stop: the tier files already complete (checksum valid) are
reused, the others solved. The games with tiers: tictactoe and connect-four
(ranked files, results only), and any other game with tiers (positions listed).
From the empty board, tictactoe and connect-four are solved rank by rank: every
ranked position of every tier, holding only the results of two tiers (Connect
Four 6x5, 9.9 billion ranks, in 10 GiB); from any other root, the positions
it reaches are discovered first and held.";

/// Arguments of `grundy solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The root: every position reachable from it is solved (from the empty board of
    /// tictactoe or connect-four, every ranked position).
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Partizan games: who moves at the root, Left or Right [default: Left].
    #[arg(long, value_name = "PLAYER")]
    to_move: Option<String>,
    /// Solve by tiers into tier files (the only way `solve` works).
    #[arg(long, required = true)]
    tiers: bool,
    /// The directory of the tier files (made if missing; complete files in it are
    /// reused).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// No progress on standard error.
    #[arg(long)]
    quiet: bool,
    /// Run as one process of an MPI job: `mpirun -n N grundy solve ... --mpi`. Rank 0
    /// schedules the tiers and solves too; every process writes the files it solves
    /// into DIR, which all of them must see. Needs grundy built with
    /// `--features mpi` (scripts/install-mpi installs Open MPI).
    #[arg(long)]
    mpi: bool,
    /// With --mpi: a tier whose moves all leave it is cut into parts of at most N
    /// positions, solved by different processes.
    #[arg(long, value_name = "N", default_value_t = 50_000, requires = "mpi",
          value_parser = clap::value_parser!(u64).range(1..))]
    part_size: u64,
}

/// A count with thousands separated by commas.
pub(crate) fn commas(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Runs `grundy solve`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let to_move = to_move(game.as_ref(), args.to_move.as_deref())?;
    if args.mpi {
        return run_mpi(args, game.as_ref(), to_move);
    }
    let quiet = args.quiet;
    let mut last = Instant::now();
    let mut progress = |r: &SolveReport| {
        let now = Instant::now();
        let secs = now.duration_since(last).as_secs_f64();
        last = now;
        if quiet {
            return;
        }
        let Some(t) = r.done.last() else { return };
        let what = match &t.done {
            Done::Solved => format!(
                "solved, {:.0} positions/s, {} bytes written",
                t.positions as f64 / secs.max(1e-6),
                commas(t.bytes)
            ),
            Done::Reused => "reused (its file is complete)".to_owned(),
            Done::Redone(why) => format!("solved again ({why})"),
        };
        eprintln!(
            "tier {}: {} positions {what}; {} of {} tiers done, {:.1} s",
            t.tier,
            commas(t.positions),
            r.done.len(),
            r.tiers,
            r.seconds
        );
    };
    let report = game.solve_tier_files(&args.position, to_move, &args.out, &mut progress)?;
    let reused: Vec<String> = report.reused().map(|t| t.to_string()).collect();
    let solved = report.solved().count();
    println!(
        "{} positions of {} in {} tiers from {}: {solved} tiers solved ({} positions, {:.0} positions/s), {} reused{}; {} bytes written to {} in {:.2} s.",
        commas(report.positions),
        game.title(),
        report.tiers,
        args.position,
        commas(report.solved_positions),
        report.solved_positions as f64 / report.seconds.max(1e-6),
        reused.len(),
        if reused.is_empty() {
            String::new()
        } else {
            format!(" (tiers {})", reused.join(", "))
        },
        commas(report.bytes_written),
        args.out.display(),
        report.seconds
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "mpi")]
fn run_mpi(
    args: &Args,
    game: &dyn grundy::dynamic::DynRuleset,
    to_move: grundy::Player,
) -> anyhow::Result<ExitCode> {
    super::solve_mpi::run(
        super::solve_mpi::Options {
            position: &args.position,
            out: &args.out,
            quiet: args.quiet,
            part_size: args.part_size,
        },
        game,
        to_move,
    )
}

#[cfg(not(feature = "mpi"))]
fn run_mpi(
    _: &Args,
    _: &dyn grundy::dynamic::DynRuleset,
    _: grundy::Player,
) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "--mpi: this grundy was built without MPI; build it with \
         `cargo build --release -p grundy-cli --features mpi` (scripts/install-mpi \
         installs Open MPI and what the build needs), then run \
         `mpirun -n N target/release/grundy solve ... --mpi`"
    )
}
