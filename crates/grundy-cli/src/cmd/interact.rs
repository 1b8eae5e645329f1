//! `grundy interact GAME POSITION -- CMD ARGS...`: the perfect engine as the judge of a
//! "play against the judge" problem, playing against a program over its standard
//! input and output.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::Context;
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
    command: Vec<String>,
}

/// How the game with the program ended.
enum Ending {
    Won,
    Lost(String),
}

/// Reads the program's lines on a thread, so that a silent program times out.
fn lines_of(child: &mut Child) -> anyhow::Result<Receiver<std::io::Result<String>>> {
    let stdout = child.stdout.take().context("the program's output")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = String::new();
            // At most 4 KiB a line: no move is longer.
            match (&mut reader).take(4096).read_line(&mut line) {
                Ok(0) => break,
                Ok(_) => {
                    if tx.send(Ok(line)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(Err(e));
                    break;
                }
            }
        }
    });
    Ok(rx)
}

use std::io::Read as _;

fn send(stdin: &mut ChildStdin, line: &str) -> bool {
    writeln!(stdin, "{line}")
        .and_then(|()| stdin.flush())
        .is_ok()
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
    let program_seat = match args.seat {
        SeatArg::First => Seat::First,
        SeatArg::Second => Seat::Second,
    };
    // In a process group of its own, so that everything it starts is stopped with it.
    let mut child = Command::new(&args.command[0])
        .args(&args.command[1..])
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot run {:?}", args.command[0]))?;
    let mut stdin = child.stdin.take().context("the program's input")?;
    let lines = lines_of(&mut child)?;
    let limit = args.time_limit;
    let seat_word = if program_seat == Seat::First {
        "first"
    } else {
        "second"
    };
    let mut played: Vec<String> = Vec::new();
    let ending = 'game: {
        if !send(&mut stdin, &game.position()) || !send(&mut stdin, seat_word) {
            break 'game Ending::Lost("the program closed its input before the game".into());
        }
        loop {
            if let Some(winner) = game.winner() {
                let _ = send(&mut stdin, "end");
                break 'game if winner == program_seat {
                    Ending::Won
                } else {
                    Ending::Lost(game.ending())
                };
            }
            if game.to_move() != program_seat {
                let Some(mv) = game.engine_move() else {
                    continue;
                };
                played.push(format!("judge {mv}"));
                if !send(&mut stdin, &mv) {
                    break 'game Ending::Lost("the program closed its input".into());
                }
                continue;
            }
            let started = Instant::now();
            let line = match lines.recv_timeout(limit) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => break 'game Ending::Lost(format!("reading its move failed: {e}")),
                Err(RecvTimeoutError::Timeout) => {
                    break 'game Ending::Lost(format!(
                        "no move within {:.1} s (time limit)",
                        limit.as_secs_f64()
                    ))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = child
                        .wait()
                        .ok()
                        .map_or("unknown".into(), |s| s.to_string());
                    break 'game Ending::Lost(format!(
                        "the program ended ({status}) instead of moving"
                    ));
                }
            };
            let text = line.trim();
            match game.play(text) {
                Ok(mv) => played.push(format!(
                    "program {mv} ({:.3} s)",
                    started.elapsed().as_secs_f64()
                )),
                Err(why) => {
                    break 'game Ending::Lost(format!("illegal move {text:?}: {why}"));
                }
            }
        }
    };
    drop(stdin);
    // The game is decided: give the program a moment to exit, then stop it.
    let deadline = Instant::now() + Duration::from_millis(500);
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    super::stress::child::kill_group(child.id());
    let _ = child.wait();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {}", game.title(), args.position)?;
    writeln!(
        out,
        "moves: {}",
        if played.is_empty() {
            "none".to_owned()
        } else {
            played.join(", ")
        }
    )?;
    let code = match ending {
        Ending::Won => {
            writeln!(out, "result: the program ({seat_word}) wins")?;
            0
        }
        Ending::Lost(why) => {
            writeln!(out, "result: the program ({seat_word}) loses: {why}")?;
            1
        }
    };
    out.flush()?;
    Ok(ExitCode::from(code))
}
