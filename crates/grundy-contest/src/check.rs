//! Is a move legal and winning? The checker behind `grundy check`, for "print any
//! winning move" answers: one move, or a stream of `POSITION MOVE` lines read with
//! at most [`MAX_LINE`] bytes of a line held.

use std::io::{self, BufRead, Read, Write};

use grundy_engine::dynamic::{AnalyzeError, Best, DynRuleset, MoveVerdict};
use grundy_engine::ruleset::GameResult;
use grundy_engine::Player;

/// What [`check`] returns for a legal move after which the mover wins.
pub const WINNING: u8 = 0;
/// What [`check`] returns for an illegal move, or one after which the mover loses.
pub const LOSING: u8 = 1;
/// What [`check`] returns for text that is not a position and a move in the game's
/// notation, or a move that cannot be decided.
pub const BAD_INPUT: u8 = 2;
/// What [`check`] returns for a legal move after which best play ends in a tie.
pub const TYING: u8 = 3;
/// What [`check`] returns for a legal move after which best play goes on forever.
pub const DRAWING: u8 = 4;

/// How bad an answer of [`check`] is, for [`check_lines`]'s worst: winning, tying,
/// drawing, losing, bad input.
fn rank(code: u8) -> u8 {
    match code {
        WINNING => 0,
        TYING => 1,
        DRAWING => 2,
        LOSING => 3,
        _ => 4,
    }
}

/// The worse of two answers of [`check`] (`rank`).
pub fn worse(a: u8, b: u8) -> u8 {
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// What else the mover could have done, in words, for a move that does not win.
fn better(best: &Best) -> String {
    match best.result {
        Some(GameResult::Win) => format!(
            "the mover's winning moves from the position before: {}",
            best.moves.join(", ")
        ),
        Some(GameResult::Lose) => "every move loses here".to_owned(),
        Some(GameResult::Tie) => format!(
            "no move wins here; the best is a tie, by {}",
            best.moves.join(", ")
        ),
        Some(GameResult::Draw) => format!(
            "no move wins here; the best is a draw, by {}",
            best.moves.join(", ")
        ),
        None => "the position before the move is too big to say what was best".to_owned(),
    }
}

/// Checks the move `mv` of `player` in `position` and writes the verdict, after
/// `prefix`; returns how the move does: [`WINNING`] (0) legal and winning,
/// [`LOSING`] (1) illegal or losing, [`BAD_INPUT`] (2) not a move in the game's
/// notation (or not decided), [`TYING`] (3) legal, and best play then ends in a tie,
/// [`DRAWING`] (4) legal, and best play then goes on forever.
pub fn check(
    game: &dyn DynRuleset,
    position: &str,
    mv: &str,
    player: Player,
    out: &mut dyn Write,
    prefix: &str,
) -> io::Result<u8> {
    let verdict = match game.check_move(position, player, mv) {
        Ok(v) => v,
        Err(AnalyzeError::Notation(e)) => {
            writeln!(
                out,
                "{prefix}bad {} position {position:?}: {e}",
                game.name()
            )?;
            return Ok(BAD_INPUT);
        }
        Err(e) => {
            writeln!(out, "{prefix}{mv}: cannot be decided: {e}")?;
            return Ok(BAD_INPUT);
        }
    };
    Ok(match verdict {
        MoveVerdict::Winning { after } => {
            writeln!(out, "{prefix}{mv}: legal and winning (-> {after})")?;
            WINNING
        }
        MoveVerdict::Tying { after, best } => {
            let also = match best.result {
                Some(GameResult::Win) => format!(" ({})", better(&best)),
                _ => String::new(),
            };
            writeln!(
                out,
                "{prefix}{mv}: legal and tying: best play from {after} ends in a tie{also}"
            )?;
            TYING
        }
        MoveVerdict::Drawing { after, best } => {
            let also = match best.result {
                Some(GameResult::Win) => format!(" ({})", better(&best)),
                _ => String::new(),
            };
            writeln!(
                out,
                "{prefix}{mv}: legal and drawing: best play from {after} goes on forever (a draw){also}"
            )?;
            DRAWING
        }
        MoveVerdict::Losing { after, best, .. } => {
            writeln!(
                out,
                "{prefix}{mv}: legal but losing: the opponent wins {after} ({})",
                better(&best)
            )?;
            LOSING
        }
        MoveVerdict::Illegal { reason } => {
            writeln!(out, "{prefix}{mv}: illegal: {reason}")?;
            LOSING
        }
        MoveVerdict::NotAMove { message } => {
            writeln!(out, "{prefix}{mv:?}: {message}")?;
            BAD_INPUT
        }
        other => {
            writeln!(out, "{prefix}{mv}: {other:?}")?;
            BAD_INPUT
        }
    })
}

/// The longest line [`check_lines`] reads (longer ones are skipped, not stored).
pub const MAX_LINE: usize = 4096;

/// One line of a [`check_lines`] input.
enum Line {
    /// The end of the input.
    End,
    /// A line, without its end.
    Text(String),
    /// A line longer than [`MAX_LINE`], read past: its length in bytes.
    TooLong(u64),
}

/// The next line of `input`, holding at most [`MAX_LINE`] bytes of it in memory.
fn read_line(input: &mut dyn BufRead) -> io::Result<Line> {
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

/// Checks every line `POSITION MOVE` of `input` (blank lines skipped), writing
/// `line N: ...` for each; returns the worst of [`check`]'s answers ([`worse`]).
pub fn check_lines(
    game: &dyn DynRuleset,
    player: Player,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<u8> {
    let mut worst = 0;
    for i in 0.. {
        let prefix = format!("line {}: ", i + 1);
        let line = match read_line(input)
            .map_err(|e| io::Error::new(e.kind(), format!("line {}: {e}", i + 1)))?
        {
            Line::End => break,
            Line::Text(line) => line,
            Line::TooLong(bytes) => {
                writeln!(
                    out,
                    "{prefix}longer than {MAX_LINE} bytes ({bytes} bytes), skipped: \
                     expected `POSITION MOVE`"
                )?;
                worst = worse(worst, BAD_INPUT);
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = match words[..] {
            [] => continue,
            [position, mv] => check(game, position, mv, player, out, &prefix)?,
            _ => {
                writeln!(
                    out,
                    "{prefix}expected `POSITION MOVE`, found {:?}",
                    excerpt(&line)
                )?;
                BAD_INPUT
            }
        };
        worst = worse(worst, bad);
    }
    Ok(worst)
}
