//! The pawn game through the ruleset contract: its registry entry, move notation
//! with messages that say which rule a move breaks, and the closed form.

use std::ops::RangeInclusive;

use super::dense::{board_of, index_of, solve_pawns, MAX_SQUARES};
use super::{Board, PawnMove, Pawns};
use crate::dynamic::DynRuleset;
use crate::dynamic::{either_convention, Param, Params, RulesetSpec};
use crate::game::Player;
use crate::play::{binomial, ruled};
use crate::rules::NotationError;
use crate::ruleset::{
    nimber, Convention, Explanation, Kind, MoveError, ParamError, Positions, Ruleset, Unsolved,
    WinTable,
};
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, ManyMoves, Presentation, WebBoard};
use crate::values::Value;

/// `--step K`: how far a pawn may move.
const STEP: Param = Param {
    name: "step",
    value_name: "K",
    help: "pawns: a pawn moves 1..=K squares",
    default: Some("2"),
    required: false,
    example: "3",
    flag: false,
};

/// The pawn game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "pawns",
    about: "Pawns on a strip (ADAPWNS), with a step bound K.",
    example: "..P.P",
    params: &[STEP],
    build,
};

fn build(params: &Params, convention: Convention) -> Result<Box<dyn DynRuleset>, ParamError> {
    let rules = params
        .parse("pawns", &STEP, |text| {
            let step: u32 = text
                .parse()
                .map_err(|_| "the step bound must be a whole number of at least 1".to_owned())?;
            Pawns::new(step).map_err(|e| e.to_string())
        })?
        .unwrap_or_else(Pawns::adapwns);
    either_convention(rules, convention)
}

/// Boards of at most this many squares are checked against the memoised engine,
/// which gives exact Grundy values; larger ones against the dense solver's table
/// of wins and losses ([`solve_pawns`]).
pub const MEMO_SQUARES: usize = 14;

/// The largest size `grundy verify` takes: all boards up to 28 squares take 240 CPU
/// seconds and 40 MB, each square more about twice that, so 30 is the last within
/// minutes on two cores.
pub const LARGEST_VERIFIED: usize = 30;

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('P', crate::ruleset::board::Tint::Piece, "pawn"),
];

impl Ruleset for Pawns {
    type Position = Board;

    type Move = PawnMove;

    fn name(&self) -> &'static str {
        "pawns"
    }

    fn parameters(&self) -> String {
        format!("step {}", self.step())
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &Board, _: Player, text: &str) -> Result<PawnMove, MoveError> {
        let mv: PawnMove = text
            .parse()
            .map_err(|e: NotationError| MoveError::Notation {
                message: format!("not a move: {e} (write FROM-TO, e.g. 5-4)"),
                detail: Some(e),
            })?;
        let n = pos.len();
        for square in [mv.from, mv.to] {
            if square >= n {
                return Err(MoveError::illegal(format!(
                    "there is no square {} (the board has squares 1 to {n})",
                    square + 1
                )));
            }
        }
        if !pos.has_pawn(mv.from) {
            return Err(MoveError::illegal(format!(
                "there is no pawn on square {}",
                mv.from + 1
            )));
        }
        if mv.from - mv.to > self.step() as usize {
            return Err(MoveError::illegal(format!(
                "a pawn moves at most {} square{}",
                self.step(),
                if self.step() == 1 { "" } else { "s" }
            )));
        }
        if let Some(taken) = (mv.to..mv.from).rev().find(|&s| pos.has_pawn(s)) {
            return Err(MoveError::illegal(if taken == mv.to {
                format!("square {} is taken", taken + 1)
            } else {
                format!("a pawn cannot jump over the pawn on square {}", taken + 1)
            }));
        }
        Ok(mv)
    }

    fn move_help(&self) -> String {
        format!(
            "FROM-TO with squares numbered from 1 on the left; a pawn moves 1 to {} \
             squares left over empty squares, e.g. 5-4",
            self.step()
        )
    }

    fn moves(&self, pos: &Board, _: Player) -> Vec<PawnMove> {
        self.legal_moves(pos)
    }

    fn play(&self, pos: &Board, mv: &PawnMove) -> Board {
        self.after(pos, mv)
    }

    /// Pawns keep their order and move left only: at most C(squares, pawns) boards.
    fn reach(&self, pos: &Board) -> u128 {
        let pawns = pos.squares().iter().filter(|&&s| s == b'P').count();
        binomial(pos.len() as u64, pawns as u64)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Pawns {
    fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
        nimber(u128::from(self.nim_value(pos.squares())))
    }

    fn winning_moves(&self, pos: &Board, _: Player) -> Result<Vec<PawnMove>, Unsolved> {
        Ok(Pawns::winning_moves(self, pos))
    }
}

impl Presentation for Pawns {
    fn drawing(&self, pos: &Board) -> String {
        ruled(&pos.to_string())
    }

    fn explain(&self, pos: &Board, _: Player, limit: usize) -> Option<Explanation> {
        Some(self.explanation(pos, limit))
    }
}

impl WebBoard for Pawns {
    fn board(&self, pos: &Self::Position) -> Option<crate::ruleset::board::Board> {
        crate::rules::drawing::strip(&self.show_position(pos), GLYPHS)
    }

    fn touches(&self, _pos: &Self::Position, mv: &Self::Move) -> Vec<crate::ruleset::board::At> {
        // FROM-TO, squares from 1.
        crate::rules::drawing::numbers(&mv.to_string())
            .into_iter()
            .map(|n| [0, n.saturating_sub(1) as usize])
            .collect()
    }

    fn edit(&self, pos: &Self::Position, at: crate::ruleset::board::At) -> Option<Self::Position> {
        let text = crate::rules::drawing::cycle(&self.show_position(pos), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }
}

impl ManyMoves for Pawns {
    /// Each pawn has min(k, its pile) moves.
    fn move_count(&self, pos: &Board, _: Player) -> Option<u128> {
        let step = u64::from(self.step());
        let piles = self.reduce(pos).piles;
        Some(piles.iter().map(|p| u128::from(p.stones.min(step))).sum())
    }
}

impl Enumerate for Pawns {
    fn size_unit(&self) -> &'static str {
        "squares"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_VERIFIED
    }

    /// Every board of `size` squares, numbered by its pawns as bits: bit i set when
    /// square i + 1 (from the left) holds a pawn, so `..P.P` is 0b10100 = 20 (as in
    /// [`dense`](super::dense)).
    fn positions(&self, size: usize) -> Option<Positions<'_, Board>> {
        let squares = u32::try_from(size).ok().filter(|&s| s < 64)?;
        Some(Positions {
            count: 1 << squares,
            nth: Box::new(move |i| board_of(i, squares)),
        })
    }

    /// Beyond [`MEMO_SQUARES`] squares, the dense bit-parallel solver: win or loss
    /// in one bit per board (2^28 boards in 32 MiB).
    fn win_table(&self, size: usize) -> Option<WinTable<'_, Board>> {
        if size <= MEMO_SQUARES || size > MAX_SQUARES as usize {
            return None;
        }
        let table = solve_pawns(*self, size as u32).ok()?;
        Some(Box::new(move |board: &Board| {
            // Every board a verify of this size asks about has `size` squares.
            index_of(board).is_some_and(|i| board.len() == size && table.wins(i))
        }))
    }
}
