//! `grundy analyze GAME POSITION`: who wins, the value, the reduction and every
//! winning move.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::ValueEnum;
use grundy::analysis::{impartial_move_values, partizan_move_values, MoveValue};
use grundy::rules::{ab, heaps, nim, octal, pawns, staircase, subtraction, table, towers};
use grundy::{Analysis, Impartial, Nimber, Partizan, Player};

use super::rules::{name, RuleArgs};

/// How many positions the exhaustive engine may hold to find remoteness.
const EXHAUSTIVE_POSITIONS: usize = grundy::analysis::moves::EXHAUSTIVE_POSITIONS;

const EXAMPLES: &str = "\
Examples:
  grundy analyze pawns ..P.P              ADAPWNS: pawns move 1 or 2 squares left
  grundy analyze pawns .P..P --step 3     pawns move 1 to 3 squares left
  grundy analyze table 101/01@2,3         TABGAME: TOP/LEFT@X,Y
  grundy analyze ab A..B.A..B             ABGAME, A to move
  grundy analyze ab A..B.A..B --to-move B ABGAME, B to move
  grundy analyze towers 3:2,5:1           LEGOWARZ: buildings h:n (towers 3, 4 and 5)
  grundy analyze towers 1:5 --json        one JSON object on standard output
  grundy analyze pawns ..P.P --moves      every legal move, its value and remoteness
  grundy analyze nim 3,5,7                Nim heaps
  grundy analyze subtraction 7,9 --set 2,4,5
                                          take 2, 4 or 5 stones from a heap
  grundy analyze octal 3,5 --code 0.77    Kayles (octal code 0.77) on heaps 3 and 5
  grundy analyze staircase 3,0,2 --bound 2
                                          staircase Nim, steps top to bottom, moves of 1..=2";

/// Arguments of `grundy analyze`.
#[derive(Debug, clap::Args)]
#[command(
    about = "Explain a position: who wins, the value, the reduction, every winning move",
    after_help = EXAMPLES
)]
pub struct Args {
    /// The game.
    #[arg(value_enum)]
    game: GameName,
    /// The position in the game's notation (see the examples).
    #[arg(allow_hyphen_values = true)]
    position: String,
    /// The ruleset's parameters.
    #[command(flatten)]
    rules: RuleArgs,
    /// ab: who moves first.
    #[arg(long, value_enum, default_value_t = Side::A)]
    to_move: Side,
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
}

/// The games `analyze` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    /// Pawns on a strip (ADAPWNS), with --step K.
    Pawns,
    /// The table game (TABGAME): TOP/LEFT@X,Y.
    Table,
    /// The A-B token game (ABGAME), partizan, with --to-move A|B.
    Ab,
    /// The game of towers (LEGOWARZ): h:n,h:n,...
    Towers,
    /// Nim: heaps 3,5,7.
    Nim,
    /// A subtraction game on heaps, with --set S.
    Subtraction,
    /// An octal (take-and-break) game on heaps, with --code CODE.
    Octal,
    /// Staircase Nim: stones on steps from the top to the bottom, with --bound K.
    Staircase,
}

/// A player of the A-B game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    /// Player A (Left).
    #[value(name = "A", alias = "a")]
    A,
    /// Player B (Right).
    #[value(name = "B", alias = "b")]
    B,
}

/// Runs `grundy analyze`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let analysis = analyze(&args)?;
    let moves = if args.moves {
        Some(move_values(&args)?)
    } else {
        None
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let mut json = serde_json::to_value(&analysis)?;
        if let Some(moves) = &moves {
            json["moves"] = serde_json::to_value(moves)?;
        }
        serde_json::to_writer_pretty(&mut out, &json)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &analysis)?;
        if let Some(moves) = &moves {
            write_moves(&mut out, moves, args.limit)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn analyze(args: &Args) -> anyhow::Result<Analysis> {
    args.rules.check_applies_to(&name(&args.game))?;
    let pos = args.position.as_str();
    let bad = |game: &str| format!("bad {game} position {pos:?}");
    Ok(match args.game {
        GameName::Pawns => {
            let rules = args.rules.pawns()?;
            let board: pawns::Board = pos.parse().with_context(|| bad("pawns"))?;
            pawns::analyze_up_to(&rules, &board, args.limit)
        }
        GameName::Table => {
            let position: table::TablePosition = pos.parse().with_context(|| bad("table"))?;
            // A cell has at most two moves: nothing to limit.
            table::analyze(&position)
        }
        GameName::Ab => {
            let row: ab::Row = pos.parse().with_context(|| bad("ab"))?;
            let player = match args.to_move {
                Side::A => Player::Left,
                Side::B => Player::Right,
            };
            ab::analyze_up_to(&row, player, args.limit)
        }
        GameName::Towers => {
            let city: towers::City = pos.parse().with_context(|| bad("towers"))?;
            towers::analyze_listing(&city, args.limit)
        }
        GameName::Nim => nim::analyze(&pos.parse().with_context(|| bad("nim"))?),
        GameName::Subtraction => {
            let heaps = pos.parse().with_context(|| bad("subtraction"))?;
            subtraction::analyze(&args.rules.subtraction()?, &heaps)?
        }
        GameName::Octal => {
            let heaps = pos.parse().with_context(|| bad("octal"))?;
            octal::analyze(&args.rules.octal()?, &heaps)?
        }
        GameName::Staircase => {
            let steps = pos.parse().with_context(|| bad("staircase"))?;
            staircase::analyze(&args.rules.staircase()?, &steps)
        }
    })
}

/// The worth of each move by the game's own analysis of the position after it (the
/// heap games' values come from their Grundy sequences).
fn heap_move_values<G: Impartial>(
    game: &G,
    pos: &G::Position,
    stones: &[u64],
    limit: usize,
    show: impl Fn(&G::Position) -> String,
    analyze: impl Fn(&G::Position) -> anyhow::Result<Analysis>,
) -> anyhow::Result<Vec<MoveValue>> {
    // A heap of n stones has up to n moves: list only positions of moderate size, and
    // search remoteness only in small ones.
    let total: u128 = stones.iter().map(|&s| u128::from(s)).sum();
    anyhow::ensure!(
        total <= 1_000_000,
        "--moves lists the moves of positions of at most 1000000 stones, not {total}"
    );
    let budget = if total <= 10_000 {
        EXHAUSTIVE_POSITIONS
    } else {
        0
    };
    // Analyse each position once up front so that errors surface as errors.
    let moves: Vec<G::Move> = game.moves(pos).into_iter().take(limit).collect();
    let mut verdicts = std::collections::HashMap::new();
    for mv in &moves {
        let after = game.play(pos, mv);
        let a = analyze(&after)?;
        verdicts.insert(show(&after), (a.to_move_wins, a.value));
    }
    let judge = |p: &G::Position| verdicts[&show(p)].clone();
    Ok(impartial_move_values(
        game, pos, moves, &show, judge, budget,
    ))
}

/// Every legal move (at most `--limit`) with its worth for the mover.
fn move_values(args: &Args) -> anyhow::Result<Vec<MoveValue>> {
    let pos = args.position.as_str();
    let limit = args.limit;
    Ok(match args.game {
        GameName::Pawns => {
            let rules = args.rules.pawns()?;
            let board: pawns::Board = pos.parse()?;
            let judge = |b: &pawns::Board| {
                let v = Nimber(rules.nim_value(b.squares()));
                (v.to_move_wins(), v.to_string())
            };
            let moves = rules.moves(&board).into_iter().take(limit);
            let show = pawns::Board::to_string;
            impartial_move_values(&rules, &board, moves, show, judge, EXHAUSTIVE_POSITIONS)
        }
        GameName::Table => {
            let position: table::TablePosition = pos.parse()?;
            let rules = &position.table;
            let nimbers = table::TableNimbers::new(rules);
            let judge = |c: &table::Cell| {
                let v = nimbers.nimber(*c);
                (v.to_move_wins(), v.to_string())
            };
            let show = |c: &table::Cell| format!("{rules}@{c}");
            let moves = rules.moves(&position.cell).into_iter().take(limit);
            impartial_move_values(
                rules,
                &position.cell,
                moves,
                show,
                judge,
                EXHAUSTIVE_POSITIONS,
            )
        }
        GameName::Ab => {
            let row: ab::Row = pos.parse()?;
            let player = match args.to_move {
                Side::A => Player::Left,
                Side::B => Player::Right,
            };
            let judge = |r: &ab::Row| {
                let s = ab::Summary::of_cells(r.cells());
                (s.wins_moving_first(player.opponent()), s.value_string())
            };
            let moves = ab::Ab.moves_for(&row, player).into_iter().take(limit);
            let show = ab::Row::to_string;
            partizan_move_values(
                &ab::Ab,
                &row,
                player,
                moves,
                show,
                judge,
                EXHAUSTIVE_POSITIONS,
            )
        }
        GameName::Towers => {
            let city: towers::City = pos.parse()?;
            let judge = |c: &towers::City| {
                let v = c.nim_value();
                (v != 0, towers::nimber_string(v))
            };
            let moves = towers::Towers.legal_moves(&city).take(limit);
            let show = towers::City::to_string;
            // A position has as many moves as blocks: search only small cities.
            let budget = match city.blocks() {
                Some(blocks) if blocks <= 10_000 => EXHAUSTIVE_POSITIONS,
                _ => 0,
            };
            impartial_move_values(&towers::Towers, &city, moves, show, judge, budget)
        }
        GameName::Nim => {
            let heaps: heaps::Heaps = pos.parse()?;
            heap_move_values(
                &nim::Nim,
                &heaps,
                &heaps.0,
                limit,
                heaps::Heaps::to_string,
                |h| Ok(nim::analyze(h)),
            )?
        }
        GameName::Subtraction => {
            let rules = args.rules.subtraction()?;
            let heaps: heaps::Heaps = pos.parse()?;
            heap_move_values(
                &rules,
                &heaps,
                &heaps.0,
                limit,
                heaps::Heaps::to_string,
                |h| Ok(subtraction::analyze(&rules, h)?),
            )?
        }
        GameName::Octal => {
            let rules = args.rules.octal()?;
            let heaps: heaps::Heaps = pos.parse()?;
            heap_move_values(
                &rules,
                &heaps,
                &heaps.0,
                limit,
                heaps::Heaps::to_string,
                |h| Ok(octal::analyze(&rules, h)?),
            )?
        }
        GameName::Staircase => {
            let rules = args.rules.staircase()?;
            let steps: staircase::Steps = pos.parse()?;
            heap_move_values(
                &rules,
                &steps,
                &steps.0,
                limit,
                staircase::Steps::to_string,
                |s| Ok(staircase::analyze(&rules, s)),
            )?
        }
    })
}

/// The legal moves as a table for a person.
fn write_moves(out: &mut impl Write, moves: &[MoveValue], limit: usize) -> std::io::Result<()> {
    writeln!(out)?;
    if moves.is_empty() {
        return writeln!(out, "No legal move.");
    }
    let cut = if moves.len() == limit {
        format!(", the first {limit} (see --limit)")
    } else {
        String::new()
    };
    writeln!(
        out,
        "Legal moves{cut}: for the mover, the value after, and the moves left under best play:"
    )?;
    let mv_width = moves.iter().map(|m| m.mv.len()).max().unwrap_or(0);
    let value_width = moves.iter().map(|m| m.value_after.len()).max().unwrap_or(0);
    for m in moves {
        let verdict = if m.wins { "wins " } else { "loses" };
        let remoteness = m
            .remoteness
            .map_or_else(|| "-".to_owned(), |r| r.to_string());
        writeln!(
            out,
            "  {:<mv_width$}  {verdict}  value {:<value_width$}  remoteness {:>3}  -> {}",
            m.mv, m.value_after, remoteness, m.after
        )?;
    }
    Ok(())
}

/// The width explanations are wrapped to.
const WIDTH: usize = 88;

/// The analysis as text for a person.
fn write_text(out: &mut impl Write, a: &Analysis) -> std::io::Result<()> {
    let rules = if a.rules.is_empty() {
        String::new()
    } else {
        format!(" ({})", a.rules)
    };
    writeln!(out, "{}{}: {}", a.game, rules, a.position)?;
    let verdict = |wins: bool| if wins { "wins" } else { "loses" };
    writeln!(out, "{} to move: {}", a.to_move, verdict(a.to_move_wins))?;
    if let Some(other) = a.other_to_move_wins {
        writeln!(out, "the other player to move: {}", verdict(other))?;
    }
    writeln!(out, "outcome: {}   value: {}", a.outcome, a.value)?;
    writeln!(out)?;
    let wrap = textwrap::Options::new(WIDTH)
        .initial_indent("  ")
        .subsequent_indent("    ");
    for line in &a.explanation {
        if line.starts_with(' ') {
            // Preformatted (a drawn table): keep as it is.
            writeln!(out, "  {line}")?;
        } else {
            for piece in textwrap::wrap(line, &wrap) {
                writeln!(out, "{piece}")?;
            }
        }
    }
    writeln!(out)?;
    if a.winning_moves.is_empty() {
        writeln!(out, "No winning move: every move loses.")?;
    } else {
        let listed = a.winning_moves.len() as u128;
        match a.winning_move_count {
            Some(all) if all == listed => writeln!(out, "Winning moves ({listed}):")?,
            Some(all) => writeln!(
                out,
                "Winning moves ({all} in all; the first {listed} listed, see --limit):"
            )?,
            None => writeln!(out, "Winning moves (at least {listed}; not all listed):")?,
        }
        let width = a
            .winning_moves
            .iter()
            .map(|m| m.mv.len())
            .max()
            .unwrap_or(0);
        for m in &a.winning_moves {
            writeln!(out, "  {:<width$}  -> {}", m.mv, m.after)?;
        }
    }
    Ok(())
}
