//! `grundy play GAME POSITION`: a person against the perfect engine, in the terminal.
//!
//! Moves are read line by line from standard input, so a terminal and a pipe both
//! work. `quit` leaves, `help` shows the move notation, `hints` shows the hints once.
//! The end of input ends the game quietly.

use super::rules::{name, RuleArgs};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::anyhow;
use grundy::play::{AbMatch, Hints, ImpartialMatch, Match, Seat, TableMatch, Tabled};
use grundy::rules::ab::Row;
use grundy::rules::heaps::Heaps;
use grundy::rules::nim::Nim;
use grundy::rules::pawns::Board;
use grundy::rules::staircase::Steps;
use grundy::rules::table::TablePosition;
use grundy::rules::towers::{City, Towers};

/// The rulesets that can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// Pawns on a strip, e.g. `..P.P` (see --step).
    Pawns,
    /// The table game, `TOP/LEFT@X,Y`, e.g. `101/01@2,3`.
    Table,
    /// The A-B game, e.g. `A..B.A..B`.
    Ab,
    /// The game of towers, buildings `h:n`, e.g. `3:2,5:1`.
    Towers,
    /// Nim, heaps, e.g. `3,5,7`.
    Nim,
    /// A subtraction game (--set), heaps, e.g. `7,9`.
    Subtraction,
    /// An octal game (--code), heaps, e.g. `7,9`.
    Octal,
    /// Staircase Nim (--bound), stones per step from the top, e.g. `3,0,2`.
    Staircase,
}

/// Which seat the person takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum You {
    /// Move first (in ab: play A).
    First,
    /// Move second (in ab: play B).
    Second,
}

/// Arguments of `grundy play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset.
    #[arg(value_enum)]
    pub game: Game,
    /// The starting position in the ruleset's notation.
    pub position: String,
    /// Whether you move first or second.
    #[arg(long, value_enum, default_value_t = You::First)]
    pub you: You,
    /// Mark every legal move as winning or losing before each of your moves.
    #[arg(long)]
    pub hints: bool,
    /// The ruleset's parameters.
    #[command(flatten)]
    pub rules: RuleArgs,
}

/// Runs `grundy play`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    args.rules.check_applies_to(&name(&args.game))?;
    let bad = |e: &dyn std::fmt::Display| anyhow!("position {:?}: {e}", args.position);
    let pawns = args.rules.pawns()?;
    let staircase = args.rules.staircase()?;
    let heaps = || -> anyhow::Result<Heaps> { args.position.parse().map_err(|e| bad(&e)) };
    let subtraction = match args.game {
        Game::Subtraction => Some(Tabled::subtraction(args.rules.subtraction()?, &heaps()?)?),
        _ => None,
    };
    let octal = match args.game {
        Game::Octal => Some(Tabled::octal(args.rules.octal()?, &heaps()?)?),
        _ => None,
    };
    let mut game: Box<dyn Match + '_> = match args.game {
        Game::Pawns => {
            let board: Board = args.position.parse().map_err(|e| bad(&e))?;
            Box::new(ImpartialMatch::new(&pawns, board))
        }
        Game::Table => {
            let start: TablePosition = args.position.parse().map_err(|e| bad(&e))?;
            Box::new(TableMatch::new(start))
        }
        Game::Ab => {
            let row: Row = args.position.parse().map_err(|e| bad(&e))?;
            Box::new(AbMatch::new(row))
        }
        Game::Towers => {
            let city: City = args.position.parse().map_err(|e| bad(&e))?;
            Box::new(ImpartialMatch::new(&Towers, city))
        }
        Game::Nim => Box::new(ImpartialMatch::new(&Nim, heaps()?)),
        Game::Staircase => {
            let steps: Steps = args.position.parse().map_err(|e| bad(&e))?;
            Box::new(ImpartialMatch::new(&staircase, steps))
        }
        Game::Subtraction => Box::new(ImpartialMatch::new(
            subtraction.as_ref().expect("built above"),
            heaps()?,
        )),
        Game::Octal => Box::new(ImpartialMatch::new(
            octal.as_ref().expect("built above"),
            heaps()?,
        )),
    };
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
                let mv = self.game.engine_move();
                writeln!(self.out, "The engine ({engine}) plays {mv}.")?;
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
