//! `grundy analyze GAME POSITION`: who wins, the value, the reduction and every
//! winning move.

use std::io::Write;
use std::process::ExitCode;

use grundy::engine::Budget;
use grundy::registry::AnalyzeError;
use grundy::report::text;

use super::rules::{examples, to_move, GameArgs, RESULTS};

/// What the examples add for every game.
const MORE: &str = "
  --moves lists every legal move with its value and remoteness; --json prints one JSON
  object; --to-move B lets B move first in a partizan game; --explain-engine says which
  engines are tried on the position, in order and why, and which one answers.";

/// Arguments of `grundy analyze`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Explain a position: who wins, the value, the reduction, every winning move",
    after_help = format!("{}\n{MORE}\n\n{RESULTS}", examples("analyze", ""))
)]
pub struct Args {
    /// The game and its parameters.
    #[command(flatten)]
    game: GameArgs,
    /// The position in the game's notation (see the examples).
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// Partizan games: who moves first, Left or Right (in ab, A or B) [default: Left,
    /// A in ab].
    #[arg(long, value_name = "PLAYER")]
    to_move: Option<String>,
    /// Also list every legal move (at most --limit) with its value for the mover and,
    /// where the game can be solved exhaustively, its remoteness.
    #[arg(long)]
    moves: bool,
    /// List at most N winning moves (the total is always given).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    limit: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// With --moves: the exhaustive search for remoteness may list at most N moves in
    /// all (about N positions held); past it the remoteness is left out.
    #[arg(long, value_name = "N", default_value_t = Budget::DEFAULT.left())]
    budget: u64,
    /// Instead of the analysis, say which engines are tried on the position, in
    /// order, why (its size against each engine's limit, the game's capabilities),
    /// and which one answers.
    #[arg(long, conflicts_with = "moves")]
    explain_engine: bool,
    /// Stop after S seconds (0: no limit): a position not solved by then is
    /// refused with the reason, as one past a budget is; in a game searched by
    /// alpha-beta (Connect Four) the answer is then the best move the search found,
    /// marked "best found, not proven" (JSON: "proven": false, result and
    /// remoteness null).
    #[arg(long, value_name = "S", default_value = "0", value_parser = super::numbers::analyze_time)]
    time_limit: std::time::Duration,
    /// The search's table.
    #[command(flatten)]
    memory: super::numbers::Memory,
    /// Answer from the tier files of `grundy solve --tiers --out DIR` alone (result,
    /// remoteness, best moves), without searching; a damaged file is refused with its
    /// reason.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["moves", "explain_engine"])]
    db: Option<std::path::PathBuf>,
}

/// How a person lists more moves than a listing holds.
const LIST_MORE: &str = "see --limit";

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (limit, memory) = (args.time_limit, args.memory);
    let lines = super::progress::search_lines(format!("grundy analyze {}", args.game.game));
    let work =
        move || grundy::engine::search::with_progress(lines, || memory.with(|| answer(args)));
    if limit.is_zero() {
        return work();
    }
    grundy::deadline::within(std::time::Instant::now() + limit, work)
}

/// `grundy analyze` within the limits `run` set.
fn answer(args: Args) -> anyhow::Result<ExitCode> {
    let game = args.game.build()?;
    let to_move = to_move(game.as_ref(), args.to_move.as_deref())?;
    let pos = args.position.as_str();
    let bad = |e: AnalyzeError| match e {
        AnalyzeError::Notation(e) => {
            anyhow::Error::new(e).context(format!("bad {} position {pos:?}", game.name()))
        }
        other => anyhow::Error::new(other),
    };
    if args.explain_engine {
        let report = game
            .explain_engine(pos, to_move)
            .map_err(|e| bad(AnalyzeError::Notation(e)))?;
        let text = if args.json {
            grundy::report::pretty(&grundy::report::engine_json(&report)?)?
        } else {
            text::engines(&report)
        };
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let analysis = if let Some(dir) = &args.db {
        game.analyze_db(pos, to_move, args.limit, dir)?
    } else {
        match game.analyze(pos, to_move, args.limit) {
            Ok(analysis) => analysis,
            // Past the time limit, the best move a search found, marked unproven.
            Err(AnalyzeError::Unsolved(why)) if why.best_found.is_some() => {
                let text = if args.json {
                    grundy::report::unproven_json(game.name(), pos, &why)
                        .map(|json| grundy::report::pretty(&json))
                        .transpose()?
                } else {
                    text::unproven(game.name(), pos, &why)
                };
                let stdout = std::io::stdout();
                let mut out = stdout.lock();
                out.write_all(text.unwrap_or_default().as_bytes())?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            Err(e) => return Err(bad(e)),
        }
    };
    let moves = if args.moves {
        Some(
            game.move_values(pos, to_move, args.limit, Budget::moves(args.budget))
                .map_err(bad)?,
        )
    } else {
        None
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let mut json = grundy::report::analysis_json(&analysis, moves.as_deref())?;
        if let Some(moves) = &moves {
            grundy::report::add_remoteness(&mut json, moves, args.limit);
        }
        out.write_all(grundy::report::pretty(&json)?.as_bytes())?;
    } else {
        out.write_all(text::analysis(&analysis, LIST_MORE).as_bytes())?;
        if let Some(moves) = &moves {
            out.write_all(text::moves(moves, args.limit, LIST_MORE).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
