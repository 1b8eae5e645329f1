//! `grundy interact GAME POSITION -- CMD ARGS...`: the perfect engine as the judge of a
//! "play against the judge" problem, playing against a program over its standard
//! input and output.

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use grundy::interact::process::Process;
use grundy::interact::{referee, seat_word};
use grundy::play::Seat;
use grundy::Player;

use super::rules::GameArgs;

const PROTOCOL: &str = "\
Protocol (one line each, in the game's notation):
  1. the judge writes the position, then `first` or `second`: the program's seat;
  2. the players alternate: the judge writes each of its moves, and reads each of
     the program's moves from the program's standard output;
  3. when the game is over the judge writes `end` and closes the program's input.
The program must flush its output after every move. A line that is not a legal move,
a program that exits or stays silent longer than --time-limit loses at once.

Exit codes: 0 the program won; 1 it lost, moved illegally, timed out or crashed;
2 bad usage.

Example:
  grundy interact pawns ..P.P --seat first -- python3 my_player.py";

/// Which seat the program takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SeatArg {
    /// The program moves first.
    First,
    /// The program moves second.
    Second,
}

/// Arguments of `grundy interact`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Play the perfect engine against a program over its stdin/stdout (an interactor)",
    after_help = PROTOCOL
)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The starting position in the game's notation.
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// The program's seat.
    #[arg(long, value_enum, default_value_t = SeatArg::First)]
    seat: SeatArg,
    /// Seconds the program may take for one move.
    #[arg(long, value_name = "S", default_value = "5", value_parser = super::numbers::run_time)]
    time_limit: Duration,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<OsString>,
}

/// Runs `grundy interact`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let rules = args.game.build()?;
    let mut game = rules
        .start_match(
            &args.position,
            Player::Left,
            grundy::engine::Budget::DEFAULT,
        )
        .map_err(|e| anyhow::anyhow!("position {:?}: {e}", args.position))?;
    let seat = match args.seat {
        SeatArg::First => Seat::First,
        SeatArg::Second => Seat::Second,
    };
    let mut program = Process::start(&args.command)
        .with_context(|| format!("cannot run {:?}", args.command[0]))?;
    let result = referee(&mut *game, seat, &mut program, args.time_limit);
    // The game is decided: give the program a moment to exit, then stop it.
    program.finish(Duration::from_millis(500));
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}", game.title(), args.position)?;
    let moves = if result.moves.is_empty() {
        "none".to_owned()
    } else {
        result.moves.join(", ")
    };
    writeln!(out, "moves: {moves}")?;
    let seat = seat_word(seat);
    let code = match result.reason {
        None => {
            writeln!(out, "result: the program ({seat}) wins")?;
            0
        }
        Some(why) => {
            writeln!(out, "result: the program ({seat}) loses: {why}")?;
            1
        }
    };
    out.flush()?;
    Ok(ExitCode::from(code))
}
