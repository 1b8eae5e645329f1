//! Every legal move with what it is worth to the player who makes it.
//!
//! The win/loss and value of each move come from a ruleset's closed form, so they are
//! exact at any size. The remoteness (how many moves remain under best play, the
//! winner hurrying and the loser stalling) comes from the exhaustive engine, and only
//! where the game below the position is small enough to solve: it is left out
//! otherwise, never guessed.

use serde::Serialize;

use std::fmt::Display;

use crate::engine::remoteness::{PartizanRemotenessSolver, Remoteness, RemotenessSolver};
use crate::game::{Impartial, Partizan, Player};

/// How many positions the exhaustive engine may hold to find remoteness, by default.
pub const EXHAUSTIVE_POSITIONS: usize = 1 << 20;

/// One legal move and its worth to the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The move, in the ruleset's move notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after the move, in the ruleset's notation.
    pub after: String,
    /// Whether the player who makes the move wins (the opponent, then to move, loses).
    pub wins: bool,
    /// The value of the position after the move.
    pub value_after: String,
    /// The remoteness of the position after the move, with the opponent to move:
    /// even when the mover wins, odd when the mover loses. `None` when the position
    /// was too big to solve exhaustively.
    pub remoteness: Option<u32>,
}

/// Every move in `moves` from `pos` of an impartial `game`, with its worth.
///
/// `show` prints a position; `judge` gives, from the closed form, whether the player
/// to move wins a position and its value. Remoteness is searched with at most
/// `max_positions` positions; once that is not enough, it is not tried again.
pub fn impartial_move_values<G: Impartial>(
    game: &G,
    pos: &G::Position,
    moves: impl IntoIterator<Item = G::Move>,
    show: impl Fn(&G::Position) -> String,
    judge: impl Fn(&G::Position) -> (bool, String),
    max_positions: usize,
) -> Vec<MoveValue> {
    let mut solver = RemotenessSolver::new(game);
    worth(
        moves.into_iter().map(|mv| {
            let after = game.play(pos, &mv);
            (mv, after)
        }),
        show,
        judge,
        max_positions,
        |after| solver.remoteness_within(after, max_positions),
    )
}

/// Every move in `moves` of `player` from `pos` of a partizan `game`, with its worth.
///
/// `judge` gives, from the closed form, whether the player to move (the opponent of
/// `player`) wins a position and its value. Otherwise as [`impartial_move_values`].
pub fn partizan_move_values<G: Partizan>(
    game: &G,
    pos: &G::Position,
    player: Player,
    moves: impl IntoIterator<Item = G::Move>,
    show: impl Fn(&G::Position) -> String,
    judge: impl Fn(&G::Position) -> (bool, String),
    max_positions: usize,
) -> Vec<MoveValue> {
    let mut solver = PartizanRemotenessSolver::new(game);
    worth(
        moves.into_iter().map(|mv| {
            let after = game.play(pos, &mv);
            (mv, after)
        }),
        show,
        judge,
        max_positions,
        |after| solver.remoteness_within(after, player.opponent(), max_positions),
    )
}

/// The worth of each (move, position after it); `remoteness` searches a position
/// after a move, and is not asked again once it has given up.
fn worth<M: Display, P>(
    moves: impl Iterator<Item = (M, P)>,
    show: impl Fn(&P) -> String,
    judge: impl Fn(&P) -> (bool, String),
    max_positions: usize,
    mut remoteness: impl FnMut(&P) -> Option<Remoteness>,
) -> Vec<MoveValue> {
    let mut searching = max_positions > 0;
    moves
        .map(|(mv, after)| {
            let (opponent_wins, value_after) = judge(&after);
            let r = searching.then(|| remoteness(&after)).flatten();
            searching &= r.is_some();
            if let Some(r) = r {
                debug_assert_eq!(r.to_move_wins(), opponent_wins, "closed form vs engine");
            }
            MoveValue {
                mv: mv.to_string(),
                after: show(&after),
                wins: !opponent_wins,
                value_after,
                remoteness: r.map(|r| r.moves()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ab::{Ab, Row, Summary};
    use crate::rules::pawns::{Board, Pawns};
    use crate::values::Nimber;

    #[test]
    fn pawn_moves_with_remoteness() {
        let rules = Pawns::adapwns();
        let board: Board = "..P.P".parse().unwrap();
        let judge = |b: &Board| {
            let v = Nimber(rules.nim_value(b.squares()));
            (v.to_move_wins(), v.to_string())
        };
        let values = impartial_move_values(
            &rules,
            &board,
            rules.moves(&board),
            Board::to_string,
            judge,
            EXHAUSTIVE_POSITIONS,
        );
        let winning: Vec<&str> = values.iter().filter(|v| v.wins).map(|v| &*v.mv).collect();
        let expected: Vec<String> = rules
            .winning_moves(&board)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(winning, expected);
        for v in &values {
            let r = v.remoteness.expect("a five-square board is small");
            assert_eq!(r % 2 == 0, v.wins, "{v:?}");
        }
        // No budget: no remoteness, the rest unchanged.
        let quick = impartial_move_values(
            &rules,
            &board,
            rules.moves(&board),
            Board::to_string,
            judge,
            0,
        );
        assert!(quick.iter().all(|v| v.remoteness.is_none()));
        assert_eq!(
            quick.iter().map(|v| v.wins).collect::<Vec<_>>(),
            values.iter().map(|v| v.wins).collect::<Vec<_>>()
        );
    }

    #[test]
    fn ab_moves_for_each_player() {
        let row: Row = "A..B.A".parse().unwrap();
        for player in [Player::Left, Player::Right] {
            let judge = |r: &Row| {
                let s = Summary::of_cells(r.cells());
                (s.wins_moving_first(player.opponent()), s.value_string())
            };
            let values = partizan_move_values(
                &Ab,
                &row,
                player,
                Ab.moves_for(&row, player),
                Row::to_string,
                judge,
                EXHAUSTIVE_POSITIONS,
            );
            assert!(!values.is_empty());
            let winning: Vec<String> = values
                .iter()
                .filter(|v| v.wins)
                .map(|v| v.mv.clone())
                .collect();
            let expected: Vec<String> = crate::rules::ab::winning_moves(&row, player)
                .iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(winning, expected, "{player:?}");
            for v in &values {
                assert_eq!(v.remoteness.unwrap() % 2 == 0, v.wins, "{v:?}");
            }
        }
    }
}
