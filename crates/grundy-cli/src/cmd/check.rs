//! `grundy check GAME POSITION MOVE`: is a move legal and winning? For checking "print
//! any winning move" answers.
//!
//! Exit codes: 0 every move checked is legal and winning; 1 some move is illegal or
//! losing (each is said, with why); 2 a line is not a move in the game's notation, or
//! bad usage.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use grundy::registry::{AnalyzeError, DynRuleset, MoveVerdict};
use grundy::Player;

use super::rules::{examples, to_move, GameArgs};

const MORE: &str = "
With --file, each line of FILE is `POSITION MOVE` (separated by spaces); every line is
checked and reported as `line N: ...`.

Exit codes: 0 every move is legal and winning; 1 a move is illegal or losing; 2 a line
is not a position and a move in the game's notation.";

/// Arguments of `grundy check`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Check that a move is legal and winning (for \"print any winning move\" answers)",
    after_help = format!("{}\n{MORE}", examples("check", " MOVE"))
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

/// How bad a line was: 0 fine, 1 illegal or losing, 2 not a move.
fn report(
    game: &dyn DynRuleset,
    position: &str,
    mv: &str,
    player: Player,
    out: &mut impl Write,
    prefix: &str,
) -> anyhow::Result<u8> {
    let verdict = match game.check_move(position, player, mv) {
        Ok(v) => v,
        Err(AnalyzeError::Notation(e)) => {
            writeln!(
                out,
                "{prefix}bad {} position {position:?}: {e}",
                game.name()
            )?;
            return Ok(2);
        }
        Err(e) => {
            writeln!(out, "{prefix}{mv}: cannot be decided: {e}")?;
            return Ok(2);
        }
    };
    Ok(match verdict {
        MoveVerdict::Winning { after } => {
            writeln!(out, "{prefix}{mv}: legal and winning (-> {after})")?;
            0
        }
        MoveVerdict::Losing { after, winning } => {
            let better = if winning.is_empty() {
                "every move loses here".to_owned()
            } else {
                format!(
                    "the mover's winning moves from the position before: {}",
                    winning.join(", ")
                )
            };
            writeln!(
                out,
                "{prefix}{mv}: legal but losing: the opponent wins {after} ({better})"
            )?;
            1
        }
        MoveVerdict::Illegal { reason } => {
            writeln!(out, "{prefix}{mv}: illegal: {reason}")?;
            1
        }
        MoveVerdict::NotAMove { message } => {
            writeln!(out, "{prefix}{mv:?}: {message}")?;
            2
        }
        other => {
            writeln!(out, "{prefix}{mv}: {other:?}")?;
            2
        }
    })
}

/// The longest line `check --file` reads (longer ones are skipped, not stored).
const MAX_LINE: usize = 4096;

/// One line of a `check --file` input.
enum Line {
    /// The end of the input.
    End,
    /// A line, without its end.
    Text(String),
    /// A line longer than [`MAX_LINE`], read past: its length in bytes.
    TooLong(u64),
}

/// The next line of `input`, holding at most [`MAX_LINE`] bytes of it in memory.
fn read_line(input: &mut dyn BufRead) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    let n = Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > MAX_LINE {
        // Read past the rest of the line, a buffer at a time.
        let mut total = bytes.len() as u64;
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    total += at as u64;
                    input.consume(at + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    total += len as u64;
                    input.consume(len);
                }
            }
        }
        return Ok(Line::TooLong(total));
    }
    Ok(Line::Text(String::from_utf8_lossy(&bytes).into_owned()))
}

/// At most 60 characters of `text`, for a message.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
        None => text.to_owned(),
    }
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
            report(game.as_ref(), position, mv, player, &mut out, "")?
        }
        Some(path) => {
            let input: Box<dyn BufRead> = if path.as_os_str() == "-" {
                Box::new(std::io::stdin().lock())
            } else {
                let file = std::fs::File::open(path)
                    .with_context(|| format!("cannot open {}", path.display()))?;
                Box::new(std::io::BufReader::new(file))
            };
            let mut worst = 0;
            let mut input = input;
            for i in 0.. {
                let prefix = format!("line {}: ", i + 1);
                let line = match read_line(&mut input).with_context(|| format!("line {}", i + 1))? {
                    Line::End => break,
                    Line::Text(line) => line,
                    Line::TooLong(bytes) => {
                        writeln!(
                            out,
                            "{prefix}longer than {MAX_LINE} bytes ({bytes} bytes), skipped: \
                             expected `POSITION MOVE`"
                        )?;
                        worst = worst.max(2);
                        continue;
                    }
                };
                let words: Vec<&str> = line.split_whitespace().collect();
                let bad = match words[..] {
                    [] => continue,
                    [position, mv] => {
                        report(game.as_ref(), position, mv, player, &mut out, &prefix)?
                    }
                    _ => {
                        writeln!(
                            out,
                            "{prefix}expected `POSITION MOVE`, found {:?}",
                            excerpt(&line)
                        )?;
                        2
                    }
                };
                worst = worst.max(bad);
            }
            worst
        }
    };
    out.flush()?;
    Ok(ExitCode::from(worst))
}
