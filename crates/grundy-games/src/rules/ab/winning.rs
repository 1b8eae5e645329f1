//! Every winning move, read off the reduction without search.
//!
//! A move shrinks the room of exactly one pair (or of the last letter) and changes
//! nothing else: letters never jump, so the pairing stays. Let `lead` be the mover's
//! reserve minus the opponent's and `x` the heaps' XOR. The opponent, to move next,
//! loses exactly when the mover's reserve is still larger, or equal with XOR zero:
//!
//! - spending `k` reserve moves (moving either letter of one of the mover's own pairs
//!   `k` cells toward the other, or the mover's last letter `k` cells right) leaves
//!   `lead − k` and `x`: it wins iff `k < lead`, or `k = lead` and `x = 0`;
//! - shrinking a Nim heap `h` to `h'` (moving the mover's letter of an `AB`/`BA` pair)
//!   leaves `lead` and `x ^ h ^ h'`: it wins for every `h'` when `lead > 0`, only for
//!   `h' = x ^ h < h` when `lead = 0`, and never when `lead < 0`.

use super::reduction::facing;
use super::{AbMove, Row, Summary};
use crate::game::Player;

/// The letter that `player` moves: `A` for Left, `B` for Right.
pub(super) fn letter(player: Player) -> u8 {
    match player {
        Player::Left => b'A',
        Player::Right => b'B',
    }
}

/// `player`'s reserve minus the opponent's.
pub(super) fn lead(summary: &Summary, player: Player) -> i128 {
    match player {
        Player::Left => summary.integer(),
        Player::Right => -summary.integer(),
    }
}

/// How many reserve moves `player` may spend at once and still win: `lead − 1` when
/// the XOR is non-zero, `lead` when it is zero (0 when that is negative).
pub(super) fn max_spend(summary: &Summary, player: Player) -> u64 {
    let spend = lead(summary, player) - i128::from(summary.nim != 0);
    u64::try_from(spend.max(0)).expect("a lead is at most a row's length")
}

/// Every move of `player` after which the opponent, to move, loses, in the order
/// [`Partizan::moves_for`](crate::game::Partizan::moves_for) lists moves. Empty
/// exactly when `player`, moving first, loses.
///
/// No search: one pass for the reduction, then the winning moves are read off it
/// (the rule is in the [`ab`](super) module doc). Linear in the row's length plus the
/// number of moves returned.
///
/// ```
/// use grundy_games::rules::ab::{winning_moves, Row};
/// use grundy_engine::Player;
///
/// // Two heaps, 2 and 3, equal reserves: A must leave heaps 2 and 2.
/// let row: Row = "A..B.A...B".parse().unwrap();
/// let moves: Vec<String> = winning_moves(&row, Player::Left).iter().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["6-7"]);
/// ```
pub fn winning_moves(row: &Row, player: Player) -> Vec<AbMove> {
    let cells = row.cells();
    let summary = Summary::of_cells(cells);
    let mine = letter(player);
    let lead = lead(&summary, player);
    let spend = usize::try_from(max_spend(&summary, player)).unwrap_or(usize::MAX);
    let mut moves = Vec::new();
    for (first, second) in facing(cells) {
        let Some(second) = second else {
            // The unpaired last letter moves right: reserve moves of its player.
            if cells[first] == mine {
                let k = (cells.len() - first - 1).min(spend);
                moves.extend((1..=k).map(|d| AbMove {
                    from: first,
                    to: first + d,
                }));
            }
            continue;
        };
        let room = second - first - 1;
        match (cells[first] == mine, cells[second] == mine) {
            (true, true) => {
                // Either letter of an own pair, `d` cells toward the other.
                let k = room.min(spend);
                moves.extend((1..=k).map(|d| AbMove {
                    from: first,
                    to: first + d,
                }));
                moves.extend((1..=k).map(|d| AbMove {
                    from: second,
                    to: second - d,
                }));
            }
            (false, false) => {}
            (first_is_mine, _) => {
                // A Nim heap of size `room`; the mover's letter shrinks it by `d`.
                let step = |d: usize| {
                    if first_is_mine {
                        AbMove {
                            from: first,
                            to: first + d,
                        }
                    } else {
                        AbMove {
                            from: second,
                            to: second - d,
                        }
                    }
                };
                if lead > 0 {
                    moves.extend((1..=room).map(step));
                } else if lead == 0 {
                    let target = room as u64 ^ summary.nim;
                    if target < room as u64 {
                        moves.push(step(room - target as usize));
                    }
                }
            }
        }
    }
    moves
}
