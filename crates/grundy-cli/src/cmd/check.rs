//! `grundy check GAME POSITION MOVE`: is a move legal and winning? For checking "print
//! any winning move" answers.
//!
//! Exit codes: 0 every move checked is legal and winning; 1 some move is illegal or
//! losing (each is said, with why); 2 a line is not a move in the game's notation, or
//! bad usage; 3 a move is legal and tying (best play then ends in a tie); 4 a move is
//! legal and drawing (best play then goes on forever). With --file, the worst line's:
//! 2, then 1, then 4, then 3, then 0.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use grundy::check::{check, check_lines};

use super::rules::{examples, to_move, GameArgs, RESULTS};

const MORE: &str = "
With --file, each line of FILE is `POSITION MOVE` (separated by spaces); every line is
checked and reported as `line N: ...`.

A legal move is winning, tying, drawing or losing: the result of best play after it,
for the player who made it (the results are defined below).

Exit codes: 0 the move is legal and winning; 1 illegal or losing; 2 not a position and
a move in the game's notation; 3 legal and tying; 4 legal and drawing. With --file, the
code of the worst line: 2, then 1, then 4, then 3, then 0.";

/// Arguments of `grundy check`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Check a move: legal and winning, tying, drawing or losing (for \"print any winning move\" answers)",
    after_help = format!("{}\n{MORE}\n\n{RESULTS}", examples("check", " MOVE"))
)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The position in the game's notation (not with --file).
    #[arg(allow_hyphen_values = true, required_unless_present = "file")]
    position: Option<String>,
    /// The move in the game's notation (not with --file).
    #[arg(allow_hyphen_values = true, required_unless_present = "file")]
    mv: Option<String>,
    /// Partizan games: who makes the move, e.g. A or B [default: the first player].
    #[arg(long, value_name = "PLAYER")]
    to_move: Option<String>,
    /// Check every line `POSITION MOVE` of FILE (`-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "mv"])]
    file: Option<PathBuf>,
}

/// Runs `grundy check`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let player = to_move(game.as_ref(), args.to_move.as_deref())?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let worst = match &args.file {
        None => {
            let position = args.position.as_deref().unwrap_or_default();
            let mv = args.mv.as_deref().unwrap_or_default();
            check(game.as_ref(), position, mv, player, &mut out, "")?
        }
        Some(path) => {
            let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
                Box::new(std::io::stdin().lock())
            } else {
                let file = grundy::files::open_regular(path)?;
                Box::new(std::io::BufReader::new(file))
            };
            let mut input = input;
            check_lines(game.as_ref(), player, &mut input, &mut out)?
        }
    };
    out.flush()?;
    Ok(ExitCode::from(worst))
}
