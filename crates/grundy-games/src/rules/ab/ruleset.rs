//! The A-B game through the ruleset contract: notation, moves, the closed form, the
//! explanation and the rows verify enumerates.

use std::ops::RangeInclusive;

use super::explain::{explain, name};
use super::reduction::facing;
use super::winning::letter;
use super::{winning_moves, Ab, AbMove, Row, Summary};
use crate::dynamic::RulesetSpec;
use crate::game::Player;
use crate::play::ruled;
use crate::rules::NotationError;
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// The A-B game in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "ab",
    about: "The A-B token game (ABGAME), partizan: A or B moves first.",
    example: "A..B.A..B",
    params: &[],
    build: |_| Ok(Box::new(Ab)),
};

/// The largest rows verify takes: the memoised engine holds every row of a size.
const LARGEST_ROW: usize = 14;

/// The cells of a row numbered in base 3, cell i being digit i: `.` 0, `A` 1, `B` 2.
const CELLS: [u8; 3] = [b'.', b'A', b'B'];

/// The row of `size` cells numbered `index` (see [`CELLS`]).
fn row_of(mut index: u64, size: usize) -> Row {
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

    /// `A` for Left and `B` for Right, whoever moves first.
    fn player_name(&self, player: Player, _first: Player) -> String {
        name(player).to_owned()
    }

    fn parse_position(&self, text: &str) -> Result<Row, NotationError> {
        text.parse()
    }

    fn show_position(&self, pos: &Row) -> String {
        pos.to_string()
    }

    fn parse_move(&self, pos: &Row, player: Player, text: &str) -> Result<AbMove, MoveError> {
        parse_move(pos, player, text)
    }

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

    fn move_help(&self) -> String {
        "FROM-TO with cells numbered from 1 on the left: A moves an A, B moves a B, each \
         the way its arrow points, over empty cells, e.g. 1-3"
            .to_owned()
    }

    fn drawing(&self, pos: &Row) -> String {
        drawing(pos)
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

    fn value(&self, pos: &Row) -> Result<Value, Unsolved> {
        Ok(Summary::of_cells(pos.cells()).value().into())
    }

    fn winning_moves(&self, pos: &Row, to_move: Player) -> Result<Vec<AbMove>, Unsolved> {
        Ok(winning_moves(pos, to_move))
    }

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

    fn explain(&self, pos: &Row, to_move: Player, limit: usize) -> Option<Explanation> {
        Some(explain(pos, to_move, limit))
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::registry::{build, Params};
    use crate::values::Outcome;

    fn row(s: &str) -> Row {
        s.parse().unwrap()
    }

    #[test]
    fn rows_are_numbered_in_base_3() {
        assert_eq!(row_of(1 + 2 * 9, 3).to_string(), "A.B");
        let positions = Ab.positions(2).unwrap();
        let rows: Vec<String> = (0..positions.count)
            .map(|i| (positions.nth)(i).to_string())
            .collect();
        assert_eq!(rows, ["..", "A.", "B.", ".A", "AA", "BA", ".B", "AB", "BB"]);
        assert_eq!(Ab.positions(5).unwrap().count, 243);
    }

    #[test]
    fn illegal_moves_are_explained() {
        let r = row("A..B.A..B");
        let err = |text: &str| {
            Ruleset::parse_move(&Ab, &r, Player::Left, text)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("4-3"), "there is no A on cell 4: A moves A letters");
        assert_eq!(
            err("1-0"),
            "not a move: \"0\" is not a cell number (write FROM-TO, e.g. 1-3)"
        );
        assert_eq!(err("13"), "not a move: no '-' (write FROM-TO, e.g. 1-3)");
        assert_eq!(err("6-5"), "the letter on cell 6 moves right");
        assert_eq!(
            err("1-5"),
            "cell 4 is taken: letters move over empty cells only"
        );
        assert_eq!(
            err("1-12"),
            "there is no cell 12 (the row has cells 1 to 9)"
        );
        let b = Ruleset::parse_move(&Ab, &r, Player::Right, "1-2").unwrap_err();
        assert_eq!(b.to_string(), "there is no B on cell 1: B moves B letters");
        assert!(matches!(b, MoveError::Illegal(_)));
        let mv = Ruleset::parse_move(&Ab, &r, Player::Left, "1-3").unwrap();
        assert_eq!(Ruleset::play(&Ab, &r, &mv).to_string(), "..AB.A..B");
    }

    #[test]
    fn drawing_shows_directions() {
        assert_eq!(
            Ruleset::drawing(&Ab, &row("A..B.A..B")),
            "A..B.A..B\n>  < >  <\n123456789"
        );
    }

    #[test]
    fn players_are_a_and_b() {
        let game = build("ab", &Params::new()).unwrap();
        assert_eq!(game.player_name(Player::Left, Player::Right), "A");
        assert_eq!(game.player_name(Player::Right, Player::Left), "B");
        assert_eq!(game.parse_player("b"), Some(Player::Right));
        assert_eq!(game.parse_player("A"), Some(Player::Left));
        assert_eq!(game.parse_player("Left"), None);
    }

    #[test]
    fn counts_match_the_moves() {
        for text in [
            "A..B.A..B",
            "",
            "B...",
            "A.AB...B",
            "..A..A..B.",
            "AB.BA..A",
        ] {
            for player in [Player::Left, Player::Right] {
                let r = row(text);
                let n = Ruleset::moves(&Ab, &r, player).len() as u128;
                assert_eq!(Ab.move_count(&r, player), Some(n), "{text} {player:?}");
            }
        }
    }

    #[test]
    fn analysis_through_the_contract() {
        let a = analyze(&Ab, &row("A..B.A...B"), Player::Left, 100).unwrap();
        assert_eq!(a.game, "ab");
        assert_eq!(a.to_move, "A");
        assert!(a.to_move_wins);
        assert_eq!(a.other_to_move_wins, Some(true));
        assert_eq!(a.outcome, Some(Outcome::N));
        assert_eq!(a.value.unwrap().to_string(), "*");
        assert_eq!(a.winning_move_count, Some(1));
        assert_eq!(a.winning_moves[0].mv, "6-7");
        assert_eq!(a.winning_moves[0].after, "A..B..A..B");
        assert_eq!(a.reduction["xor"], 1);
        let b = analyze(&Ab, &row("A....."), Player::Left, 2).unwrap();
        assert_eq!(b.winning_moves.len(), 2);
        assert_eq!(b.winning_move_count, Some(5));
        assert_eq!(
            b.explanation.last().unwrap(),
            "Only the first 2 of the 5 winning moves are listed."
        );
    }

    #[test]
    fn closed_form_agrees_with_the_engine_through_the_registry() {
        let game = build("ab", &Params::new()).unwrap();
        let report = game.verify(6, &()).unwrap();
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, (0..=6).map(|n| 3u64.pow(n)).sum::<u64>());
        assert!(game.verify(15, &()).is_err());
    }
}
