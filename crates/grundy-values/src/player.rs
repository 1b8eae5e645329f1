//! The two players: Left and Right.

use serde::{Deserialize, Serialize};

/// The two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// Left, who wins positive games.
    Left,
    /// Right, who wins negative games.
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}
