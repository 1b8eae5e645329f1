//! Tic-tac-toe: a game with ties, solved by the retrograde engine.
//!
//! # Rules
//! Two players take turns marking an empty cell of a 3×3 grid, `x` first. Who has
//! three marks in a row (across, down or diagonally) wins and the game stops; a full
//! board without one is a tie.
//!
//! # Notation
//! Three rows top to bottom separated by `|`, cells `x`, `o` and `.` (empty), e.g.
//! `x.o|.x.|..o`. Whose turn it is follows from the counts: `x` when they are equal,
//! `o` when `x` has one more. A board play cannot reach is refused with the reason:
//! counts off by more than one, both players with three in a row, or a winner who
//! was not the last to move. A move is the cell marked: its column letter and row
//! number (`a1` top left, `c3` bottom right).
//!
//! # Answers
//! The moves depend on the board alone (the mark is the one whose turn it is), so
//! the game is impartial in the engines' sense; the player to move is "the first
//! player" of the analysis. From the empty board the game is a tie (every
//! textbook; `crates/grundy/tests/cases/tictactoe.txt`); 5,478 boards are
//! reachable from it, all solved by the retrograde engine in one pass
//! (`crates/grundy/tests/all/tictactoe.rs` checks each against plain minimax).

use crate::analysis::draw_engines;
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::marks::{Mark, Marks, GLYPHS};
use crate::ruleset::board::{cell_name, cells_named, At, Board};
use crate::ruleset::notation::NotationError;
use crate::ruleset::{Capabilities, Presentation, Tiers, WebBoard};
use crate::ruleset::{End, Explanation, IllegalMove, Kind, MoveError, Ruleset};

mod rank;

/// The registry's entry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "tictactoe",
    about: "Tic-tac-toe, with ties: rows of x, o and . separated by |; x moves when the counts are equal.",
    example: "x.o|.x.|...",
    params: &[],
    build: |_, convention| normal_play_only(TicTacToe, convention),
};

/// The tic-tac-toe ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

/// A move: the cell marked, `0..9` from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&cell_name([
            usize::from(self.0 / 3),
            usize::from(self.0 % 3),
        ]))
    }
}

/// In a row to win.
const K: u32 = 3;

impl Ruleset for TicTacToe {
    type Position = Marks;

    type Move = Cell;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Marks, NotationError> {
        Marks::parse(text, 3, 3, true, K, false)
    }

    fn parse_move(&self, pos: &Marks, _: Player, text: &str) -> Result<Cell, MoveError> {
        let cells = cells_named(text.trim());
        let [at] = cells.as_slice() else {
            return Err(MoveError::notation(format!(
                "not a move: {text:?} (write the cell, column letter and row number, e.g. b2)"
            )));
        };
        if at[0] >= 3 || at[1] >= 3 || text.trim() != cell_name(*at) {
            return Err(MoveError::notation(format!(
                "not a cell of the board: {text:?} (columns a to c, rows 1 to 3)"
            )));
        }
        let cell = Cell((at[0] * 3 + at[1]) as u8);
        if self.end(pos, Player::Left).is_some() {
            return Err(IllegalMove::new("the game is over").into());
        }
        if !pos.is_empty(u32::from(cell.0)) {
            return Err(IllegalMove::new(format!("{cell} is already marked")).into());
        }
        Ok(cell)
    }

    fn move_help(&self) -> String {
        "the cell to mark, column letter and row number (a1 top left, c3 bottom right): e.g. b2"
            .to_owned()
    }

    fn moves(&self, pos: &Marks, _: Player) -> Vec<Cell> {
        if pos.winner(K).is_some() {
            return Vec::new();
        }
        (0..9u8)
            .filter(|&i| pos.is_empty(u32::from(i)))
            .map(Cell)
            .collect()
    }

    fn play(&self, pos: &Marks, mv: &Cell) -> Marks {
        pos.with(u32::from(mv.0))
    }

    /// A line of three: the last mover won, so the player to move has lost; a full
    /// board without one: a tie.
    fn end(&self, pos: &Marks, _: Player) -> Option<End> {
        pos.end(K)
    }

    fn reach(&self, pos: &Marks) -> u128 {
        3u128.pow(9 - (pos.x | pos.o).count_ones())
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .presentation(self)
            .web_board(self)
            .tiers(self)
            .rank(self)
            .ties(draw_engines(self))
    }
}

impl Presentation for TicTacToe {
    /// The mark to move, `x` or `o` (x when the counts are equal).
    fn mover_name(&self, pos: &Marks, _: Player) -> String {
        pos.to_move().letter().to_string()
    }

    fn drawing(&self, pos: &Marks) -> String {
        let rows: Vec<String> = pos
            .show()
            .split('|')
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
                format!("{} {}", r + 1, cells.join(" "))
            })
            .collect();
        format!(
            "{}\n  a b c\n{} to move",
            rows.join("\n"),
            pos.to_move().letter()
        )
    }

    fn ending(&self, pos: &Marks, _: Player, _: &str, _: Option<&str>) -> Option<String> {
        Some(match pos.winner(K) {
            Some(m) => format!("{} has three in a row and wins.", m.letter()),
            None => "The board is full without three in a row: a tie.".to_owned(),
        })
    }

    fn explain(&self, pos: &Marks, _: Player, _: usize) -> Option<Explanation> {
        let mover = pos.to_move().letter();
        let (nx, no) = (pos.x.count_ones(), pos.o.count_ones());
        let sentence = match pos.winner(K) {
            Some(Mark::X) => "x has three in a row: the game is over.".to_owned(),
            Some(Mark::O) => "o has three in a row: the game is over.".to_owned(),
            None => format!("{mover} to move ({nx} x and {no} o marked)."),
        };
        Some(Explanation {
            reduction: serde_json::json!({ "mark_to_move": mover.to_string() }),
            sentences: vec![sentence],
        })
    }
}

impl WebBoard for TicTacToe {
    fn board(&self, pos: &Marks) -> Option<Board> {
        crate::rules::drawing::grid(&pos.show(), GLYPHS)
    }

    fn touches(&self, _: &Marks, mv: &Cell) -> Vec<At> {
        vec![[usize::from(mv.0 / 3), usize::from(mv.0 % 3)]]
    }

    fn edit(&self, pos: &Marks, at: At) -> Option<Marks> {
        let text = crate::rules::drawing::cycle(&pos.show(), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }
}

impl Tiers for TicTacToe {
    /// The marks on the board: every move adds one.
    fn tier(&self, pos: &Marks) -> Option<u32> {
        Some((pos.x | pos.o).count_ones())
    }
}
