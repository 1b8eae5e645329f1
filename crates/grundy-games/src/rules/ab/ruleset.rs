//! The A-B game through the ruleset contract: notation, moves, the closed form, the
//! explanation and the rows verify enumerates.

use std::ops::RangeInclusive;

use super::explain::{explain, name};
use super::reduction::facing;
use super::winning::letter;
use super::{winning_moves, Ab, AbMove, Row, Summary};
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::play::ruled;
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, ManyMoves, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// The A-B game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "ab",
    about: "The A-B token game (ABGAME), partizan: A or B moves first.",
    example: "A..B.A..B",
    params: &[],
    build: |_, convention| normal_play_only(Ab, convention),
};

/// The largest rows verify takes: the memoised engine holds every row of a size.
const LARGEST_ROW: usize = 14;

/// The cells of a row numbered in base 3, cell i being digit i: `.` 0, `A` 1, `B` 2.
const CELLS: [u8; 3] = [b'.', b'A', b'B'];

/// The row of `size` cells numbered `index` (see `CELLS`).
pub fn row_of(mut index: u64, size: usize) -> Row {
    let cells: Vec<u8> = (0..size)
        .map(|_| {
            let c = CELLS[(index % 3) as usize];
            index /= 3;
            c
        })
        .collect();
    Row { cells }
}

/// Whether the `order`-th letter (from 0) moves right.
fn moves_right(order: usize) -> bool {
    order % 2 == 0
}

/// Reads `FROM-TO` for `player` and checks it against the rules in `row`.
fn parse_move(row: &Row, player: Player, text: &str) -> Result<AbMove, MoveError> {
    let shape = "write FROM-TO, e.g. 1-3";
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| MoveError::notation(format!("not a move: no '-' ({shape})")))?;
    let number = |part: &str| -> Result<usize, MoveError> {
        match part.parse::<usize>() {
            Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n - 1),
            _ => Err(MoveError::notation(format!(
                "not a move: {part:?} is not a cell number ({shape})"
            ))),
        }
    };
    let (from, to) = (number(from)?, number(to)?);
    let cells = row.cells();
    let n = cells.len();
    for cell in [from, to] {
        if cell >= n {
            return Err(MoveError::illegal(format!(
                "there is no cell {} (the row has cells 1 to {n})",
                cell + 1
            )));
        }
    }
    let mine = char::from(letter(player));
    if cells[from] != letter(player) {
        return Err(MoveError::illegal(format!(
            "there is no {mine} on cell {}: {mine} moves {mine} letters",
            from + 1
        )));
    }
    let order = cells[..from].iter().filter(|&&c| c != b'.').count();
    let right = moves_right(order);
    if (right && to <= from) || (!right && to >= from) {
        return Err(MoveError::illegal(format!(
            "the letter on cell {} moves {}",
            from + 1,
            if right { "right" } else { "left" }
        )));
    }
    let between = if right { from + 1..to + 1 } else { to..from };
    if let Some(c) = between.clone().find(|&c| cells[c] != b'.') {
        return Err(MoveError::illegal(format!(
            "cell {} is taken: letters move over empty cells only",
            c + 1
        )));
    }
    Ok(AbMove { from, to })
}

/// The row, an arrow under each letter for the way it moves, and a ruler.
fn drawing(row: &Row) -> String {
    let mut order = 0;
    let arrows: String = row
        .cells()
        .iter()
        .map(|&c| {
            if c == b'.' {
                ' '
            } else {
                order += 1;
                if moves_right(order - 1) {
                    '>'
                } else {
                    '<'
                }
            }
        })
        .collect();
    let ruler = ruled(&row.to_string());
    let (first, rest) = ruler.split_once('\n').unwrap_or((&ruler, ""));
    format!("{first}\n{}\n{rest}", arrows.trim_end())
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[crate::rules::drawing::Glyph] = &[
    crate::rules::drawing::g('.', crate::ruleset::board::Tint::Empty, "empty"),
    crate::rules::drawing::g('A', crate::ruleset::board::Tint::Left, "A"),
    crate::rules::drawing::g('B', crate::ruleset::board::Tint::Right, "B"),
];

impl Ruleset for Ab {
    type Position = Row;

    type Move = AbMove;

    fn name(&self) -> &'static str {
        "ab"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Row, player: Player, text: &str) -> Result<AbMove, MoveError> {
        parse_move(pos, player, text)
    }

    fn move_help(&self) -> String {
        "FROM-TO with cells numbered from 1 on the left: A moves an A, B moves a B, each \
         the way its arrow points, over empty cells, e.g. 1-3"
            .to_owned()
    }

    fn moves(&self, pos: &Row, player: Player) -> Vec<AbMove> {
        self.legal_moves(pos, player)
    }

    fn play(&self, pos: &Row, mv: &AbMove) -> Row {
        self.after(pos, mv)
    }

    /// Each facing pair with r cells of room has (r + 1)(r + 2)/2 placements, the last
    /// letter r + 1; times 2 for who is to move.
    fn reach(&self, pos: &Row) -> u128 {
        let cells = pos.cells();
        facing(cells).fold(2u128, |total, (first, second)| {
            let placements = match second {
                Some(second) => {
                    let room = (second - first - 1) as u128;
                    (room + 1) * (room + 2) / 2
                }
                None => (cells.len() - first) as u128,
            };
            total.saturating_mul(placements)
        })
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

impl ClosedForm for Ab {
    fn value(&self, pos: &Row) -> Result<Value, Unsolved> {
        Ok(Summary::of_cells(pos.cells()).value().into())
    }

    fn winning_moves(&self, pos: &Row, to_move: Player) -> Result<Vec<AbMove>, Unsolved> {
        Ok(winning_moves(pos, to_move))
    }
}

impl Presentation for Ab {
    /// `A` for Left and `B` for Right, whoever moves first.
    fn player_name(&self, player: Player, _first: Player) -> String {
        name(player).to_owned()
    }

    fn drawing(&self, pos: &Row) -> String {
        drawing(pos)
    }

    fn explain(&self, pos: &Row, to_move: Player, limit: usize) -> Option<Explanation> {
        Some(explain(pos, to_move, limit))
    }
}

impl WebBoard for Ab {
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

impl ManyMoves for Ab {
    /// Each of the player's letters can move to every empty cell of its room.
    fn move_count(&self, pos: &Row, to_move: Player) -> Option<u128> {
        let cells = pos.cells();
        let mine = letter(to_move);
        let count = facing(cells)
            .map(|(first, second)| match second {
                Some(second) => {
                    let room = (second - first - 1) as u128;
                    room * u128::from(cells[first] == mine)
                        + room * u128::from(cells[second] == mine)
                }
                None => (cells.len() - first - 1) as u128 * u128::from(cells[first] == mine),
            })
            .sum();
        Some(count)
    }
}

impl Enumerate for Ab {
    fn size_unit(&self) -> &'static str {
        "cells"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_ROW
    }

    /// Every row of `size` cells, numbered in base 3 with cell i as digit i (`.` 0,
    /// `A` 1, `B` 2): 3^size rows.
    fn positions(&self, size: usize) -> Option<Positions<'_, Row>> {
        let count = 3u64.checked_pow(u32::try_from(size).ok()?)?;
        Some(Positions {
            count,
            nth: Box::new(move |i| row_of(i, size)),
        })
    }
}
