//! `grundy play GAME POSITION`: a person against the perfect engine, in the terminal.
//!
//! Moves are read line by line from standard input, so a terminal and a pipe both
//! work. `quit` leaves, `help` shows the move notation, `hints` shows the hints once.
//! The end of input ends the game quietly.

use super::rules::{examples, GameArgs};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::anyhow;
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
#[command(after_help = examples("play", ""))]
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
}

/// Runs `grundy play`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let rules = args.game.build()?;
    let mut game = rules
        .start_match(&args.position, Player::Left)
        .map_err(|e| anyhow!("position {:?}: {e}", args.position))?;
    let you = match args.you {
        You::First => Seat::First,
        You::Second => Seat::Second,
    };
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut session = Session {
        game: game.as_mut(),
        you,
        hints: args.hints,
        colour,
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
    };
    session.run()?;
    Ok(ExitCode::SUCCESS)
}

/// What a line of input asked for.
enum Line {
    Text(String),
    Quit,
}

struct Session<'g, I, O> {
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

    /// Reads one line; the end of input counts as `quit`.
    fn read(&mut self) -> anyhow::Result<Line> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.out)?;
            return Ok(Line::Quit);
        }
        let text = line.trim().to_owned();
        Ok(match text.as_str() {
            "quit" | "q" | "exit" => Line::Quit,
            _ => Line::Text(text),
        })
    }

    fn paint(&self, text: &str, wins: bool) -> String {
        if self.colour {
            let code = if wins { 32 } else { 31 };
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
                    writeln!(self.out, "The engine ({engine}) plays {mv}.")?;
                }
                continue;
            }
            if self.hints {
                self.show_hints()?;
            }
            loop {
                write!(self.out, "Your move ({me}): ")?;
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
            let verdict = self.paint(if h.wins { "wins" } else { "loses" }, h.wins);
            let pad = if h.wins { " " } else { "" };
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
