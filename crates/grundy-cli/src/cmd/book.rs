//! `grundy book GAME POSITION --plies N --out FILE`: an opening book, every position
//! within N moves of the start solved by the engines, for `play --book` and
//! `serve --book`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use grundy::book::{Book, RawBook, MAX_PLIES};
use grundy::DynRuleset;

use super::progress::Reporter;
use super::rules::{to_move, GameArgs};

/// The examples after `grundy book --help`.
const EXAMPLES: &str = "Examples:
  grundy book tictactoe '...|...|...' --plies 9 --out ttt.json   every position, solved
  grundy book connect-four 6x5: --plies 2 --out c4.json          6x5 Connect Four, 2 moves deep
  grundy play connect-four 6x5: --book c4.json                   the engine plays from it
  grundy serve --book c4.json                                    and so does the playground

A book is refused on load (play, serve, Python) if it is damaged, of another game,
or does not agree with the rules and with itself.";

/// Arguments of `grundy book`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The start of the book, in the game's notation.
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Partizan games: who moves at the start, Left or Right [default: Left].
    #[arg(long, value_name = "PLAYER")]
    to_move: Option<String>,
    /// Solve every position within N moves of the start (0 to 64; the work grows
    /// about as the number of moves to the power N).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PLIES)))]
    plies: u32,
    /// The file to write (JSON, through a temporary file and a rename).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The search's table.
    #[command(flatten)]
    memory: super::numbers::Memory,
    /// No progress on standard error.
    #[arg(long)]
    quiet: bool,
}

/// Runs `grundy book`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let to_move = to_move(game.as_ref(), args.to_move.as_deref())?;
    // Refuse an unwritable target before the work, not after it.
    grundy::files::check_writable(&args.out)?;
    let reporter = Reporter::new(format!("book of {}", game.title()), args.quiet);
    let book = args.memory.with(|| {
        game.build_book(&args.position, to_move, args.plies, &mut |p| {
            let note = format!("ply {}", p.ply);
            reporter.report(p.solved as u64, p.reached as u64, &note);
        })
    });
    reporter.finish();
    let book = book?.with_params(args.game.params.pairs());
    book.write(&args.out)?;
    let size = std::fs::metadata(&args.out).map(|m| m.len()).unwrap_or(0);
    println!(
        "{} positions of {} within {} plies of {} solved; written to {} ({size} bytes).",
        book.len(),
        book.title(),
        book.plies(),
        book.root(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The book at `path`, read and checked against `game` before any of it is used.
pub fn load(game: &dyn DynRuleset, path: &Path) -> anyhow::Result<Arc<Book>> {
    let raw = RawBook::read(path)?;
    let book = game
        .check_book(raw)
        .with_context(|| format!("{}: refused", path.display()))?;
    Ok(Arc::new(book))
}
