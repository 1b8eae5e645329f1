//! `grundy play GAME POSITION`: a person against the perfect engine, in the terminal.
//!
//! Moves are read line by line from standard input, so a terminal and a pipe both
//! work. `quit` leaves, `help` shows the move notation, `hints` shows the hints once.
//! The end of input ends the game quietly.

use super::rules::{examples, GameArgs, RESULTS};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::process::ExitCode;

use anyhow::anyhow;
use grundy::engine::{Budget, GameResult};
use grundy::play::{Hints, Match, Seat};
use grundy::Player;

/// Which seat the person takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum You {
    /// Move first (in a partizan game: play Left, e.g. A).
    First,
    /// Move second (in a partizan game: play Right, e.g. B).
    Second,
}

/// Arguments of `grundy play`.
#[derive(Debug, clap::Args)]
#[command(after_help = format!("{}\n\n{RESULTS}", examples("play", "")))]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    pub game: GameArgs,
    /// The starting position in the game's notation.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Whether you move first or second.
    #[arg(long, value_enum, default_value_t = You::First)]
    pub you: You,
    /// Mark every legal move as winning or losing before each of your moves.
    #[arg(long)]
    pub hints: bool,
    /// Each exhaustive search (for the engine's move and for hints) may list at most N
    /// moves; past it the engine plays from the closed form, hints without lengths.
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.left())]
    pub budget: u64,
    /// An opening book (`grundy book`): where it holds the position, the engine plays
    /// its best move at once and hints come from it. Refused, before the game
    /// starts, if it is damaged or of another game.
    #[arg(long, value_name = "FILE")]
    pub book: Option<std::path::PathBuf>,
    /// In a game searched by alpha-beta (Connect Four): let each engine move think
    /// for S seconds instead of --budget positions; a move not proven by then is the
    /// best found, marked "(best found, not proven)".
    #[arg(long, value_name = "S", value_parser = super::numbers::analyze_time)]
    pub time_limit: Option<std::time::Duration>,
    /// The search's table.
    #[command(flatten)]
    pub memory: super::numbers::Memory,
}

/// Runs `grundy play`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let rules = args.game.build()?;
    let mut game = rules
        .start_match(&args.position, Player::Left, Budget::moves(args.budget))
        .map_err(|e| anyhow!("position {:?}: {e}", args.position))?;
    if let Some(limit) = args.time_limit.filter(|l| !l.is_zero()) {
        game.set_think_time(limit);
    }
    if let Some(path) = &args.book {
        game.set_book(super::book::load(rules.as_ref(), path)?)?;
    }
    let you = match args.you {
        You::First => Seat::First,
        You::Second => Seat::Second,
    };
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut session = Session {
        prompt: None,
        game: game.as_mut(),
        you,
        hints: args.hints,
        colour,
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
    };
    args.memory.with(|| session.run())?;
    Ok(ExitCode::SUCCESS)
}

/// What a line of input asked for.
enum Line {
    Text(String),
    Quit,
}

/// The longest line of input read as a move, in bytes.
const MAX_LINE: usize = 4096;

/// How far past [`MAX_LINE`] a line is read (and dropped) in search of its end.
const MAX_SKIP: usize = 1 << 20;

struct Session<'g, I, O> {
    /// The prompt shown last, shown again after a refused line.
    prompt: Option<String>,
    game: &'g mut dyn Match,
    you: Seat,
    hints: bool,
    colour: bool,
    input: I,
    out: O,
}

impl<I: BufRead, O: Write> Session<'_, I, O> {
    /// Plays games until the person declines another, quits, or input ends.
    fn run(&mut self) -> anyhow::Result<()> {
        loop {
            if !self.play_one()? {
                return Ok(());
            }
            self.prompt = Some("Play again? [y/n] ".to_owned());
            write!(self.out, "Play again? [y/n] ")?;
            self.out.flush()?;
            match self.read()? {
                Line::Text(t) if matches!(t.to_ascii_lowercase().as_str(), "y" | "yes") => {
                    self.game.restart();
                    writeln!(self.out)?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// Reads one line; the end of input counts as `quit`. A line longer than
    /// [`MAX_LINE`] bytes, or not UTF-8, is refused with a message and read past, and
    /// the game goes on: no input can make the session hold more than a line.
    fn read(&mut self) -> anyhow::Result<Line> {
        loop {
            let mut bytes = Vec::new();
            let n = (&mut self.input)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut bytes)?;
            if n == 0 {
                writeln!(self.out)?;
                return Ok(Line::Quit);
            }
            if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
                // Skip the rest of the line, a bounded chunk at a time, but not
                // forever: input with no line end at all ends the session.
                let mut skipped = bytes.len();
                loop {
                    anyhow::ensure!(
                        skipped <= MAX_SKIP,
                        "a line of input is longer than {MAX_SKIP} bytes: not a game's input"
                    );
                    let buf = self.input.fill_buf()?;
                    if buf.is_empty() {
                        break;
                    }
                    match buf.iter().position(|&b| b == b'\n') {
                        Some(i) => {
                            self.input.consume(i + 1);
                            break;
                        }
                        None => {
                            let len = buf.len();
                            self.input.consume(len);
                            skipped += len;
                        }
                    }
                }
                writeln!(
                    self.out,
                    "That line is longer than {MAX_LINE} bytes: no move is that long."
                )?;
                self.prompt_again()?;
                continue;
            }
            let Ok(line) = String::from_utf8(bytes) else {
                writeln!(self.out, "That line is not UTF-8 text: type a move.")?;
                self.prompt_again()?;
                continue;
            };
            let text = line.trim().to_owned();
            return Ok(match text.as_str() {
                "quit" | "q" | "exit" => Line::Quit,
                _ => Line::Text(text),
            });
        }
    }

    /// Shows the prompt again after a refused line.
    fn prompt_again(&mut self) -> anyhow::Result<()> {
        if let Some(prompt) = &self.prompt {
            write!(self.out, "{prompt}")?;
            self.out.flush()?;
        }
        Ok(())
    }

    fn paint(&self, text: &str, wins: bool) -> String {
        if self.colour {
            let code = if wins { 32 } else { 31 };
            format!("\x1b[1;{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// `text` in the colour of a result when colour is on (Gamesman's: win green,
    /// lose red, tie yellow, draw blue); the word always says the result too.
    fn paint_result(&self, text: &str, result: GameResult) -> String {
        if self.colour {
            let code = match result {
                GameResult::Win => 32,
                GameResult::Lose => 31,
                GameResult::Tie => 33,
                GameResult::Draw => 34,
            };
            format!("\x1b[1;{code}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// One game to the end; `false` when the person quit.
    fn play_one(&mut self) -> anyhow::Result<bool> {
        let (me, engine) = (
            self.game.seat_name(self.you),
            self.game.seat_name(self.you.other()),
        );
        writeln!(
            self.out,
            "{}: you are {me} and move {}; the engine is {engine}.",
            self.game.title(),
            if self.you == Seat::First {
                "first"
            } else {
                "second"
            },
        )?;
        writeln!(self.out, "Moves: {}.", self.game.move_help())?;
        writeln!(
            self.out,
            "Type quit to leave, help for this, hints for hints."
        )?;
        loop {
            writeln!(self.out)?;
            writeln!(self.out, "{}", self.game.drawing())?;
            writeln!(self.out, "position: {}", self.game.position())?;
            if self.game.over() && self.game.winner().is_none() {
                writeln!(self.out, "{}", self.game.ending())?;
                let verdict = self.paint_result("A tie: nobody wins.", GameResult::Tie);
                writeln!(self.out, "{verdict}")?;
                return Ok(true);
            }
            if let Some(winner) = self.game.winner() {
                writeln!(self.out, "{}", self.game.ending())?;
                let verdict = if winner == self.you {
                    self.paint("You win!", true)
                } else {
                    self.paint("The engine wins.", false)
                };
                writeln!(self.out, "{verdict}")?;
                return Ok(true);
            }
            if self.game.to_move() != self.you {
                if let Some(mv) = self.game.engine_move() {
                    let unproven = if self.game.engine_from_book() {
                        " (from the book)"
                    } else if self.game.engine_proven() {
                        ""
                    } else {
                        " (best found, not proven)"
                    };
                    writeln!(self.out, "The engine ({engine}) plays {mv}{unproven}.")?;
                }
                continue;
            }
            if self.hints {
                self.show_hints()?;
            }
            loop {
                let prompt = format!("Your move ({me}): ");
                write!(self.out, "{prompt}")?;
                self.prompt = Some(prompt);
                self.out.flush()?;
                let text = match self.read()? {
                    Line::Quit => return Ok(false),
                    Line::Text(t) => t,
                };
                match text.as_str() {
                    "" => continue,
                    "help" | "?" => {
                        writeln!(self.out, "Moves: {}.", self.game.move_help())?;
                        continue;
                    }
                    "hints" => {
                        self.show_hints()?;
                        continue;
                    }
                    _ => {}
                }
                match self.game.play(&text) {
                    Ok(mv) => {
                        writeln!(self.out, "You play {mv}.")?;
                        break;
                    }
                    Err(why) => writeln!(self.out, "Illegal move {text:?}: {why}.")?,
                }
            }
        }
    }

    fn show_hints(&mut self) -> anyhow::Result<()> {
        let Hints {
            moves,
            more_winning,
            more_losing,
        } = self.game.hints();
        let remoteness = moves.iter().any(|h| h.moves_left.is_some());
        writeln!(
            self.out,
            "Hints{}:",
            if remoteness {
                " (and how many moves the game lasts with best play)"
            } else {
                ""
            }
        )?;
        let width = moves.iter().map(|h| h.mv.len()).max().unwrap_or(0);
        for h in &moves {
            let word = match h.result {
                GameResult::Win => "wins",
                GameResult::Lose => "loses",
                GameResult::Tie => "ties",
                GameResult::Draw => "draws",
            };
            let verdict = self.paint_result(word, h.result);
            let pad = " ".repeat(5 - word.len());
            match h.moves_left {
                Some(n) => writeln!(
                    self.out,
                    "  {:<width$}  {verdict}{pad}  ({n} move{})",
                    h.mv,
                    if n == 1 { "" } else { "s" }
                )?,
                None => writeln!(self.out, "  {:<width$}  {verdict}", h.mv)?,
            }
        }
        if more_winning > 0 {
            writeln!(self.out, "  (and {more_winning} more winning moves)")?;
        }
        if more_losing > 0 {
            if moves.is_empty() {
                writeln!(self.out, "  (all {more_losing} legal moves lose)")?;
            } else {
                writeln!(self.out, "  (and {more_losing} more moves, all losing)")?;
            }
        }
        Ok(())
    }
}
