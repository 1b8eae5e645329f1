//! The search's one number for a position's worth to the player to move
//! ([`Score`]): win sooner > win later > tie > lose later > lose sooner.

use crate::ruleset::GameResult;

/// How far a result may lie: scores of wins are `SPAN − r`, of losses `r − SPAN`.
const SPAN: i32 = 1 << 24;

/// The longest remoteness a [`Score`] holds: 2^24 − 2 moves.
pub const MAX_REMOTENESS: u32 = (SPAN - 2) as u32;

/// The worth of a position to the player to move, as one integer that orders results
/// the way that player prefers: a win in `r` moves is `2^24 − r`, a loss in `r` moves
/// `r − 2^24`, a tie 0. A quicker win is bigger, a slower loss is bigger (the loser
/// stalls), and every win is above every tie, above every loss.
///
/// The worth depends on the position alone, not on the path to it, so a
/// transposition table can hold it; negamax steps from a child's score to its
/// parent's with [`Score::before`] (the sign flips and the game is one move longer),
/// and maps a window on the parent to one on the child with the inverse step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub(crate) i32);

impl Score {
    /// A tie.
    pub const TIE: Score = Score(0);

    /// A win in `remoteness` moves (at most [`MAX_REMOTENESS`]).
    pub fn win(remoteness: u32) -> Score {
        Score(SPAN - remoteness.min(MAX_REMOTENESS) as i32)
    }

    /// A loss in `remoteness` moves (at most [`MAX_REMOTENESS`]).
    pub fn lose(remoteness: u32) -> Score {
        Score(remoteness.min(MAX_REMOTENESS) as i32 - SPAN)
    }

    /// The result for the player to move.
    pub fn result(self) -> GameResult {
        match self.0 {
            0 => GameResult::Tie,
            v if v > 0 => GameResult::Win,
            _ => GameResult::Lose,
        }
    }

    /// The remoteness of a win or a loss; `None` for a tie (its remoteness is the
    /// game's, [`Space::tie_remoteness`](super::Space::tie_remoteness)).
    pub fn remoteness(self) -> Option<u32> {
        match self.0 {
            0 => None,
            v => Some((SPAN - v.abs()) as u32),
        }
    }

    /// The score for the player who moved into a position scoring `self`: a win
    /// becomes a loss one move longer, a loss a win one move longer, a tie a tie.
    pub fn before(self) -> Score {
        Score(before(self.0))
    }

    /// The score as written: `win in 3`, `lose in 4`, `tie`.
    pub fn words(self) -> String {
        match (self.result(), self.remoteness()) {
            (GameResult::Win, Some(r)) => format!("win in {r}"),
            (GameResult::Lose, Some(r)) => format!("lose in {r}"),
            _ => "tie".to_owned(),
        }
    }
}

/// [`Score::before`] on the integers: negate, one step nearer zero first.
#[inline]
pub(crate) fn before(x: i32) -> i32 {
    -x + x.signum()
}

/// The bound on a child's score that matches `y` on its parent's: the inverse of
/// [`before`], extended monotonically to every integer (negate, one step away from
/// zero). A parent's window `(alpha, beta)` is its child's window
/// `(child_bound(beta), child_bound(alpha))`.
#[inline]
pub(crate) fn child_bound(y: i32) -> i32 {
    -y - y.signum()
}

/// Below every score.
pub(crate) const BELOW: i32 = -SPAN - 1;

/// Above every score.
pub(crate) const ABOVE: i32 = SPAN + 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_order_as_the_player_to_move_prefers() {
        let order = [
            Score::lose(0),
            Score::lose(2),
            Score::lose(10),
            Score::TIE,
            Score::win(9),
            Score::win(3),
            Score::win(1),
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_step_back_flips_the_result_and_adds_a_move() {
        assert_eq!(Score::lose(0).before(), Score::win(1));
        assert_eq!(Score::win(5).before(), Score::lose(6));
        assert_eq!(Score::TIE.before(), Score::TIE);
        assert_eq!(Score::lose(4).remoteness(), Some(4));
        assert_eq!(Score::win(7).result(), GameResult::Win);
    }

    #[test]
    fn windows_map_to_the_child_and_back() {
        // For every valid child score x and bound y: before(x) > y iff x < child_bound(y).
        let valid: Vec<i32> = (0..40)
            .flat_map(|r| [Score::win(r).0, Score::lose(r).0])
            .chain([0])
            .collect();
        for &x in &valid {
            for y in (-SPAN - 1..=-SPAN + 45)
                .chain(-45..=45)
                .chain(SPAN - 45..=SPAN + 1)
            {
                assert_eq!(before(x) > y, x < child_bound(y), "x {x} y {y}");
                assert_eq!(before(x) < y, x > child_bound(y), "x {x} y {y}");
            }
        }
    }
}
