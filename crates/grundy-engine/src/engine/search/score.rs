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

/// Remoteness below this is kept exactly in a table slot's 16-bit bounds ([`pack_lower`]).
const PACKED_REMOTENESS: i32 = 1 << 14;

/// A lower bound on a score in 16 bits: exact for a tie, `BELOW`, `ABOVE`, and a
/// win or a loss in fewer than 2^14 moves; any other score rounded down to the
/// nearest one kept (a weaker bound, still true). Wins in `r` are `2^14 + 1 − r`,
/// losses the negative, a tie 0, `BELOW` and `ABOVE` the extremes of `i16`.
pub(crate) fn pack_lower(v: i32) -> i16 {
    pack(v, true)
}

/// An upper bound on a score in 16 bits: as [`pack_lower`], any score not kept
/// rounded up.
pub(crate) fn pack_upper(v: i32) -> i16 {
    pack(v, false)
}

fn pack(v: i32, lower: bool) -> i16 {
    const R: i32 = PACKED_REMOTENESS;
    if v >= ABOVE {
        return i16::MAX;
    }
    if v <= BELOW {
        return i16::MIN;
    }
    if v == 0 {
        return 0;
    }
    // The remoteness of the win or loss v is.
    let r = SPAN - v.abs();
    let c = if r < R {
        R + 1 - r
    } else if (v > 0) == lower {
        // A win rounded down, or a loss rounded up: to the tie.
        return 0;
    } else {
        // A win rounded up to the slowest win kept, a loss down to the slowest loss.
        2
    };
    (if v > 0 { c } else { -c }) as i16
}

/// The score a packed bound stands for ([`pack_lower`], [`pack_upper`]).
pub(crate) fn unpack(c: i16) -> i32 {
    const R: i32 = PACKED_REMOTENESS;
    match c {
        i16::MAX => ABOVE,
        i16::MIN => BELOW,
        0 => 0,
        c if c > 0 => SPAN - (R + 1 - i32::from(c)),
        c => -(SPAN - (R + 1 + i32::from(c))),
    }
}

/// The scores a compact bound keeps ([`compact_lower`]): losses in 0, 2, …, 60 moves,
/// the tie, wins in 61, 59, …, 1 move, in increasing order, one for each index
/// `0..COMPACT_LEVELS`. Where the player who makes the last move wins (Connect Four,
/// normal play), every win is in an odd number of moves and every loss in an even
/// one, so a game of at most 61 moves loses nothing; any other score is rounded to
/// a weaker bound that is still true.
pub(crate) const COMPACT_LEVELS: u8 = 63;

/// The index of the tie among the compact levels.
const COMPACT_TIE: u8 = 31;

/// The score of compact level `i` (below [`COMPACT_LEVELS`]).
#[inline]
pub(crate) fn compact_score(i: u8) -> i32 {
    let i = i32::from(i);
    let t = i32::from(COMPACT_TIE);
    match i.cmp(&t) {
        std::cmp::Ordering::Less => 2 * i - SPAN,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => SPAN - (2 * (2 * t - i) + 1),
    }
}

/// The highest compact level whose score is at most `v` (a lower bound kept as one
/// no stronger), `None` below every score.
#[inline]
pub(crate) fn compact_lower(v: i32) -> Option<u8> {
    let t = i32::from(COMPACT_TIE);
    let i = if v < -SPAN {
        return None;
    } else if v < 0 {
        // A loss in r: the slowest even loss at most r moves long.
        ((v + SPAN) / 2).min(t - 1)
    } else if v == 0 {
        t
    } else {
        // A win in r: the quickest odd win at least r moves long, else the tie.
        let odd = (SPAN - v).max(0) | 1;
        if odd > 2 * t - 1 {
            t
        } else {
            2 * t - (odd - 1) / 2
        }
    };
    Some(i as u8)
}

/// The lowest compact level whose score is at least `v` (an upper bound kept as one
/// no stronger), `None` above every level (a win at once, or above every score).
#[inline]
pub(crate) fn compact_upper(v: i32) -> Option<u8> {
    let t = i32::from(COMPACT_TIE);
    let i = if v > SPAN - 1 {
        return None;
    } else if v > 0 {
        // A win in r >= 1: the slowest odd win at most r moves long.
        let r = SPAN - v;
        let odd = (if r % 2 == 1 { r } else { r - 1 }).min(2 * t - 1);
        2 * t - (odd - 1) / 2
    } else if v == 0 {
        t
    } else {
        // A loss in r: the quickest even loss at least r moves long, else the tie.
        let half = ((v + SPAN).max(0) + 1) / 2;
        if half > t - 1 {
            t
        } else {
            half
        }
    };
    Some(i as u8)
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
    fn packed_bounds_are_exact_where_kept_and_true_elsewhere() {
        let mut values: Vec<i32> = vec![BELOW, ABOVE, 0];
        for r in (0..40).chain(PACKED_REMOTENESS as u32 - 3..PACKED_REMOTENESS as u32 + 3) {
            values.push(Score::win(r).0);
            values.push(Score::lose(r).0);
        }
        values.extend([Score::win(MAX_REMOTENESS).0, Score::lose(MAX_REMOTENESS).0]);
        for v in values {
            let (lo, hi) = (unpack(pack_lower(v)), unpack(pack_upper(v)));
            assert!(lo <= v && v <= hi, "{v}: {lo} {hi}");
            let kept = v.abs() > SPAN || v == 0 || SPAN - v.abs() < PACKED_REMOTENESS;
            assert_eq!(kept, lo == v && hi == v, "{v}");
        }
        // Packing keeps the order, so narrowing packed bounds narrows the bounds.
        let sorted: Vec<i16> = [Score::lose(3), Score::lose(9), Score::TIE, Score::win(8)]
            .iter()
            .map(|s| pack_lower(s.0))
            .collect();
        assert!(sorted.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn compact_bounds_are_exact_for_last_mover_wins_and_true_elsewhere() {
        let levels: Vec<i32> = (0..COMPACT_LEVELS).map(compact_score).collect();
        assert!(levels.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(levels[0], Score::lose(0).0);
        assert_eq!(levels[62], Score::win(1).0);
        assert_eq!(levels[31], 0);
        let mut values: Vec<i32> = vec![BELOW, ABOVE, 0];
        for r in (0..70).chain([MAX_REMOTENESS]) {
            values.push(Score::win(r).0);
            values.push(Score::lose(r).0);
        }
        for v in values {
            // The highest level at most v, and the lowest at least v.
            let lo = levels.iter().rposition(|&l| l <= v).map(|i| i as u8);
            let hi = levels.iter().position(|&l| l >= v).map(|i| i as u8);
            assert_eq!(compact_lower(v), lo, "{v}");
            assert_eq!(compact_upper(v), hi, "{v}");
        }
        for r in 0..=61 {
            let s = if r % 2 == 1 {
                Score::win(r)
            } else {
                Score::lose(r)
            };
            let i = compact_lower(s.0).unwrap();
            assert_eq!((compact_score(i), compact_upper(s.0)), (s.0, Some(i)));
        }
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
