//! A match between a person and the perfect engine, for any ruleset.
//!
//! A [`Match`] holds a ruleset, a starting position and the position now; the
//! person's moves come in as text in the ruleset's move notation and are checked
//! with a message saying what is wrong; the engine answers with best play:
//!
//! - on a position small enough to solve exhaustively, the memoised engine with
//!   [remoteness](crate::engine::remoteness) picks the quickest win, or when every
//!   move loses the move that holds out longest, and hints say how many moves the
//!   game lasts after each move;
//! - on a bigger position the closed form answers at once: a winning move when there
//!   is one, otherwise a small move that leaves the opponent the most to do (the
//!   longest resistance is not known there), and hints say win or loss only.
//!
//! The driver (the `grundy play` command) reads lines, prints [`Match::drawing`],
//! and calls [`Match::play`] or [`Match::engine_move`] by turn until
//! [`Match::winner`] says the game is over.

mod ab;
mod families;
mod pawns;
mod table;
mod towers;

use std::fmt::Display;

use crate::engine::remoteness::RemotenessSolver;
use crate::game::Impartial;

pub use ab::AbMatch;
pub use families::Tabled;
pub use table::TableMatch;

/// Positions with at most this many reachable positions (an estimate from above)
/// are solved exhaustively, with remoteness; bigger ones by the closed form.
pub const EXHAUSTIVE_LIMIT: u128 = 1 << 17;

/// Hints list every legal move when there are at most this many; beyond, the
/// winning moves only (up to this many) and a count of the rest.
pub const HINT_LIMIT: usize = 40;

/// The two seats of a match: the one who moves first and the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// One legal move with its verdict for the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move in the ruleset's notation.
    pub mv: String,
    /// Whether the move wins against best play.
    pub wins: bool,
    /// With best play on both sides after it, how many moves the game lasts,
    /// this one included; `None` when only the closed form knows the position.
    pub moves_left: Option<u32>,
}

/// The hints for the player to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// Legal moves with their verdicts: all of them, or when there are too many
    /// some winning ones (see [`HINT_LIMIT`]).
    pub moves: Vec<Hint>,
    /// How many winning moves the list leaves out.
    pub more_winning: u128,
    /// How many losing moves the list leaves out.
    pub more_losing: u128,
}

/// Some of the winning moves of a position with too many moves to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample<M> {
    /// Winning moves, not necessarily all.
    pub winning: Vec<M>,
    /// How many winning moves there are.
    pub winning_count: u128,
    /// How many legal moves there are.
    pub total: u128,
}

/// A game in progress between two seats; see the [module docs](self).
pub trait Match {
    /// The ruleset in words, e.g. `pawns (step 2)`.
    fn title(&self) -> String;
    /// How a seat is called, e.g. `A`, `Alice`, `the first player`.
    fn seat_name(&self, seat: Seat) -> String;
    /// The position now, in the ruleset's notation.
    fn position(&self) -> String;
    /// The position drawn for a terminal, one or more lines (no trailing newline).
    fn drawing(&self) -> String;
    /// How moves are written, with an example.
    fn move_help(&self) -> String;
    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// The winner once the game is over; `None` while it goes on.
    fn winner(&self) -> Option<Seat>;
    /// Why the game ended, in a sentence (once it is over).
    fn ending(&self) -> String;
    /// Plays the move written as `text` for the seat to move; returns it in
    /// notation, or says why it is not a legal move here.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Plays the engine's move for the seat to move and returns it in notation.
    /// The game must not be over.
    fn engine_move(&mut self) -> String;
    /// Every legal move of the seat to move with its verdict.
    fn hints(&mut self) -> Hints;
    /// Goes back to the starting position.
    fn restart(&mut self);
}

/// What an impartial ruleset provides to be played by [`ImpartialMatch`].
pub trait PlayRules: Impartial
where
    Self::Position: Display,
{
    /// The ruleset in words.
    fn title(&self) -> String;
    /// How the seats are called: the first mover, then the other.
    fn seat_names(&self) -> [&'static str; 2] {
        ["the first player", "the second player"]
    }
    /// A drawing of `pos`.
    fn drawing(&self, pos: &Self::Position) -> String;
    /// How moves are written.
    fn move_help(&self) -> String;
    /// Reads a move and checks that it is legal in `pos`, or says why not.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, String>;
    /// An upper bound on the number of positions reachable from `pos`.
    fn reach(&self, pos: &Self::Position) -> u128;
    /// Whether the player to move has no move.
    fn is_over(&self, pos: &Self::Position) -> bool {
        self.moves(pos).is_empty()
    }
    /// The closed form: whether the player to move wins.
    fn closed_wins(&self, pos: &Self::Position) -> bool;
    /// The closed form: a winning move, if there is one.
    fn closed_winning_move(&self, pos: &Self::Position) -> Option<Self::Move>;
    /// A legal move to play when every move loses and the position is too big to
    /// find the longest resistance (`None` when there is no move).
    fn stalling_move(&self, pos: &Self::Position) -> Option<Self::Move> {
        self.moves(pos).into_iter().next()
    }
    /// The legal moves, if there are at most `limit`; else a sample of the winning
    /// moves (by the closed form, at most `limit`) with the counts.
    fn hint_moves(
        &self,
        pos: &Self::Position,
        limit: usize,
    ) -> Result<Vec<Self::Move>, Sample<Self::Move>> {
        let moves = self.moves(pos);
        if moves.len() <= limit {
            Ok(moves)
        } else {
            let total = moves.len() as u128;
            let mut winning: Vec<Self::Move> = moves
                .into_iter()
                .filter(|m| !self.closed_wins(&self.play(pos, m)))
                .collect();
            let winning_count = winning.len() as u128;
            winning.truncate(limit);
            Err(Sample {
                winning,
                winning_count,
                total,
            })
        }
    }
}

/// A match of an impartial ruleset: the player who cannot move loses.
#[derive(Debug)]
pub struct ImpartialMatch<'r, R: PlayRules>
where
    R::Position: Display,
{
    rules: &'r R,
    start: R::Position,
    pos: R::Position,
    to_move: Seat,
    solver: RemotenessSolver<'r, R>,
}

impl<'r, R: PlayRules> ImpartialMatch<'r, R>
where
    R::Position: Display,
{
    /// A match of `rules` from `start`, the first seat to move.
    pub fn new(rules: &'r R, start: R::Position) -> Self {
        ImpartialMatch {
            rules,
            pos: start.clone(),
            start,
            to_move: Seat::First,
            solver: RemotenessSolver::new(rules),
        }
    }

    fn exhaustive(&self) -> bool {
        self.rules.reach(&self.pos) <= EXHAUSTIVE_LIMIT
    }

    fn advance(&mut self, mv: &R::Move) -> String {
        self.pos = self.rules.play(&self.pos, mv);
        self.to_move = self.to_move.other();
        mv.to_string()
    }
}

impl<R: PlayRules> Match for ImpartialMatch<'_, R>
where
    R::Position: Display,
{
    fn title(&self) -> String {
        self.rules.title()
    }

    fn seat_name(&self, seat: Seat) -> String {
        let [first, second] = self.rules.seat_names();
        match seat {
            Seat::First => first,
            Seat::Second => second,
        }
        .to_owned()
    }

    fn position(&self) -> String {
        self.pos.to_string()
    }

    fn drawing(&self) -> String {
        self.rules.drawing(&self.pos)
    }

    fn move_help(&self) -> String {
        self.rules.move_help()
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn winner(&self) -> Option<Seat> {
        self.rules.is_over(&self.pos).then(|| self.to_move.other())
    }

    fn ending(&self) -> String {
        format!(
            "{} has no move left and loses.",
            capitalise(&self.seat_name(self.to_move))
        )
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv = self.rules.parse_move(&self.pos, text)?;
        Ok(self.advance(&mv))
    }

    fn engine_move(&mut self) -> String {
        let mv = if self.exhaustive() {
            self.solver.best_moves(&self.pos).into_iter().next()
        } else {
            self.rules
                .closed_winning_move(&self.pos)
                .or_else(|| self.rules.stalling_move(&self.pos))
        };
        let mv = mv.expect("the engine moves only while the game goes on");
        self.advance(&mv)
    }

    fn hints(&mut self) -> Hints {
        if self.exhaustive() {
            let moves = self
                .solver
                .ranked_moves(&self.pos)
                .into_iter()
                .map(|(mv, after)| Hint {
                    mv: mv.to_string(),
                    wins: !after.to_move_wins(),
                    moves_left: Some(after.moves() + 1),
                })
                .collect();
            return Hints {
                moves,
                ..Hints::default()
            };
        }
        let hint = |mv: &R::Move| Hint {
            mv: mv.to_string(),
            wins: !self.rules.closed_wins(&self.rules.play(&self.pos, mv)),
            moves_left: None,
        };
        match self.rules.hint_moves(&self.pos, HINT_LIMIT) {
            Ok(moves) => Hints {
                moves: moves.iter().map(hint).collect(),
                ..Hints::default()
            },
            Err(sample) => Hints {
                moves: sample.winning.iter().map(hint).collect(),
                more_winning: sample.winning_count - sample.winning.len() as u128,
                more_losing: sample.total - sample.winning_count,
            },
        }
    }

    fn restart(&mut self) {
        self.pos = self.start.clone();
        self.to_move = Seat::First;
    }
}

/// `text` with its first letter in upper case.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A row of cells drawn with a ruler of square numbers under it: the last digit of
/// every number, and the tens under every tenth square.
pub(crate) fn ruled(cells: &str) -> String {
    let n = cells.chars().count();
    let spaced = |f: &dyn Fn(usize) -> char| -> String {
        (1..=n).map(f).collect::<String>().trim_end().to_owned()
    };
    let units = spaced(&|i| char::from(b'0' + (i % 10) as u8));
    let mut out = format!("{cells}\n{units}");
    if n >= 10 {
        let tens = spaced(&|i| {
            if i % 10 == 0 {
                char::from(b'0' + (i / 10 % 10) as u8)
            } else {
                ' '
            }
        });
        out.push('\n');
        out.push_str(&tens);
    }
    out
}

/// n choose k, saturating at `u128::MAX`.
pub(crate) fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = match acc.checked_mul(u128::from(n - i)) {
            Some(v) => v / u128::from(i + 1),
            None => return u128::MAX,
        };
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(capitalise("the first player"), "The first player");
        assert_eq!(ruled("..P.P"), "..P.P\n12345");
        assert_eq!(
            ruled("P..........P"),
            "P..........P\n123456789012\n         1"
        );
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(60, 30), 118264581564861424);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(400, 200), u128::MAX);
    }
}
