//! A match between a person and the perfect engine, for any ruleset.
//!
//! [`RulesetMatch`] holds a ruleset, a starting position and the position now; the
//! person's moves come in as text in the ruleset's move notation and are checked
//! ([`Ruleset::parse_move`]) with a message saying what is wrong; the engine answers
//! with best play, by the engines of play's route
//! ([`analysis::route`](crate::analysis::route)):
//!
//! - on a position small enough to solve exhaustively ([`Ruleset::reach`] at most
//!   [`EXHAUSTIVE_LIMIT`]), the memoised engine with
//!   [remoteness](crate::engine::remoteness) picks the quickest win, or when every
//!   move loses the move that holds out longest, and hints say how many moves the
//!   game lasts after each move;
//! - on a bigger position the closed form answers at once: a winning move when there
//!   is one, otherwise [`stalling_move`](crate::ruleset::RulesetExt::stalling_move), and hints say win or loss only;
//! - in a game with ties or cycles, the retrograde engine (one tier at a time where
//!   the game has tiers) within the match's budget, past it the game's own solver.
//!
//! The driver (the `grundy play` command) reads lines, prints [`Match::drawing`],
//! and calls [`Match::play`] or [`Match::engine_move`] by turn until
//! [`Match::winner`] says the game is over.

use std::sync::Arc;
use std::time::Instant;

use crate::analysis::route::Asked;
use crate::book::{best_moves, key_player, Book, BookError, Entry};
use crate::deadline;
use crate::engine::budget::Budget;
use crate::engine::retrograde::GameResult;
use crate::engine::search;
use crate::game::Player;
use crate::ruleset::RulesetExt;
use crate::ruleset::{End, Ruleset};

pub use crate::analysis::ranked::{best_remoteness, ranked_moves, Ranked};
pub use crate::analysis::route::EXHAUSTIVE_LIMIT;

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
    /// The move's result for the player making it against best play: win, lose, tie
    /// or draw (`win` exactly when `wins`).
    pub result: GameResult,
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

impl Hints {
    /// The remoteness of the position itself (how many moves the game lasts under
    /// best play, the winner hurrying and the loser stalling), from the moves'
    /// [`Hint::moves_left`]: the quickest winning move, or when every move loses the
    /// longest. `None` when a move is left out or its count is unknown, and when
    /// there is no hint (a finished game's remoteness is 0, but no hint also means
    /// that no engine could judge the moves in time: the caller knows which).
    pub fn remoteness(&self) -> Option<u32> {
        if self.more_winning > 0 || self.more_losing > 0 || self.moves.is_empty() {
            return None;
        }
        best_remoteness(self.moves.iter().map(|h| (h.result, h.moves_left)))
    }
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
    /// The winner once the game is over; `None` while it goes on, and after a tie.
    fn winner(&self) -> Option<Seat>;
    /// Whether the game is over: won, lost or tied. By default when there is a
    /// winner.
    fn over(&self) -> bool {
        self.winner().is_some()
    }
    /// Why the game ended, in a sentence (once it is over).
    fn ending(&self) -> String;
    /// Plays the move written as `text` for the seat to move; returns it in
    /// notation, or says why it is not a legal move here.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Plays the engine's move for the seat to move and returns it in notation;
    /// `None` when the game is over.
    fn engine_move(&mut self) -> Option<String>;
    /// Whether the engine's last move was proven best (or, where only the closed
    /// form knows the position, proven winning or the position proven lost);
    /// `false` when it was the best move its search found within its limits. `true`
    /// before the engine moves.
    fn engine_proven(&self) -> bool {
        true
    }
    /// Whether the engine's last move came from the match's book
    /// ([`set_book`](Match::set_book)); `false` before the engine moves.
    fn engine_from_book(&self) -> bool;
    /// Every legal move of the seat to move with its verdict.
    fn hints(&mut self) -> Hints;
    /// Plays from `book` from now on wherever it holds the position: the engine's
    /// move is the book's best move, and the hints are the book's. Refused when the
    /// book is of another game or of the same game with other parameters.
    fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError>;
    /// In a game searched by alpha-beta, lets each engine move think for `limit`
    /// instead of the match's budget of positions: the exact search until then, else
    /// the best move found (see [`engine_proven`](Match::engine_proven)).
    fn set_think_time(&mut self, limit: std::time::Duration);
    /// Goes back to the starting position.
    fn restart(&mut self);
}

/// A match of any ruleset against the engine.
#[derive(Debug)]
pub struct RulesetMatch<'r, R: Ruleset + ?Sized> {
    rules: &'r R,
    start: R::Position,
    pos: R::Position,
    first: Player,
    to_move: Seat,
    moved: bool,
    budget: Budget,
    proven: bool,
    from_book: bool,
    book: Option<Arc<Book>>,
    think: Option<std::time::Duration>,
}

impl<'r, R: Ruleset + ?Sized> RulesetMatch<'r, R> {
    /// A match of `rules` from `start`; `first` (Left in an impartial game) moves
    /// first. Each search for a move or hints spends at most [`Budget::DEFAULT`].
    pub fn new(rules: &'r R, start: R::Position, first: Player) -> Self {
        RulesetMatch {
            rules,
            pos: start.clone(),
            start,
            first,
            to_move: Seat::First,
            moved: false,
            budget: Budget::DEFAULT,
            proven: true,
            from_book: false,
            book: None,
            think: None,
        }
    }

    /// The same match, each search spending at most `budget`; past it the engine
    /// plays and hints from the closed form, without remoteness.
    pub fn with_budget(self, budget: Budget) -> Self {
        RulesetMatch { budget, ..self }
    }

    /// The player in `seat`.
    fn player(&self, seat: Seat) -> Player {
        match seat {
            Seat::First => self.first,
            Seat::Second => self.first.opponent(),
        }
    }

    fn mover(&self) -> Player {
        self.player(self.to_move)
    }

    fn advance(&mut self, mv: &R::Move) -> String {
        self.pos = self.rules.play(&self.pos, mv);
        self.to_move = self.to_move.other();
        self.moved = true;
        mv.to_string()
    }

    /// Every move of the player to move with its result for the mover and how many
    /// moves the game lasts from it (the move included), best first; `None` when the
    /// position is too big to search or the search passes the budget.
    fn ranked(&self) -> Option<Vec<Ranked<R::Move>>> {
        ranked_moves(
            self.rules,
            &self.pos,
            self.mover(),
            Asked::Play,
            self.budget,
        )
        .ok()
    }

    /// The book's entry for the position now, if the match has a book that holds it.
    fn book_entry(&self) -> Option<&Entry> {
        let book = self.book.as_deref()?;
        let player = key_player(self.rules.kind(), self.mover());
        book.get(&self.rules.show_position(&self.pos), player)
    }

    /// Whether `mv` wins for the player to move, by the closed form.
    fn closed_wins(&self, mv: &R::Move) -> Option<bool> {
        let after = self.rules.play(&self.pos, mv);
        let opponent = self.mover().opponent();
        self.rules.wins(&after, opponent).ok().map(|w| !w)
    }
}

impl<R: Ruleset + ?Sized> Match for RulesetMatch<'_, R> {
    fn title(&self) -> String {
        self.rules.title()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.rules.player_name(self.player(seat), self.first)
    }

    fn position(&self) -> String {
        self.rules.show_position(&self.pos)
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
        let mover = self.mover();
        match self.rules.end(&self.pos, mover) {
            Some(End::Win) => Some(self.to_move),
            Some(End::Lose) => Some(self.to_move.other()),
            Some(End::Tie) => None,
            None => self
                .rules
                .first_moves(&self.pos, mover, 1)
                .is_empty()
                .then(|| self.to_move.other()),
        }
    }

    fn over(&self) -> bool {
        self.rules.end(&self.pos, self.mover()).is_some() || self.winner().is_some()
    }

    fn ending(&self) -> String {
        let to_move = self.seat_name(self.to_move);
        let last = self.moved.then(|| self.seat_name(self.to_move.other()));
        self.rules
            .ending(&self.pos, self.mover(), &to_move, last.as_deref())
            .unwrap_or_else(|| {
                if self.rules.end(&self.pos, self.mover()) == Some(End::Tie) {
                    "The game ends in a tie.".to_owned()
                } else {
                    format!("{} has no move left and loses.", capitalise(&to_move))
                }
            })
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        if self.over() {
            return Err("the game is over".to_owned());
        }
        let mv = self
            .rules
            .parse_move(&self.pos, self.mover(), text)
            .map_err(|e| e.to_string())?;
        Ok(self.advance(&mv))
    }

    fn engine_move(&mut self) -> Option<String> {
        if self.over() {
            return None;
        }
        let mover = self.mover();
        let booked = self.book_entry().and_then(|entry| {
            let best = best_moves(entry).next()?;
            self.rules.parse_move(&self.pos, mover, &best.mv).ok()
        });
        self.from_book = booked.is_some();
        if let Some(mv) = booked {
            self.proven = true;
            return Some(self.advance(&mv));
        }
        if let Some(own) = self.rules.capabilities().search {
            // A game with a search of its own: the best move the search proves within
            // the budget and the thread's deadline, else the best it found.
            let guess = match self.think {
                Some(limit) => deadline::within(Instant::now() + limit, || {
                    own.guess(&self.pos, mover, search::memory(), u64::MAX, true)
                }),
                None => own.guess(&self.pos, mover, search::memory(), self.budget.left(), true),
            }
            .ok()?;
            self.proven = guess.proven.is_some();
            let mv = guess.best?;
            return Some(self.advance(&mv));
        }
        self.proven = true;
        let mv = if let Some(ranked) = self.ranked() {
            ranked.into_iter().next().map(|(mv, _, _)| mv)
        } else {
            match self.rules.winning_listing(&self.pos, mover, 1) {
                Ok(l) => l
                    .moves
                    .into_iter()
                    .next()
                    .or_else(|| self.rules.stalling_move(&self.pos, mover)),
                Err(_) => {
                    self.proven = false;
                    self.rules.stalling_move(&self.pos, mover)
                }
            }
        }?;
        Some(self.advance(&mv))
    }

    fn engine_proven(&self) -> bool {
        self.proven
    }

    fn engine_from_book(&self) -> bool {
        self.from_book
    }

    fn hints(&mut self) -> Hints {
        if self.over() {
            return Hints::default();
        }
        if let Some(entry) = self.book_entry() {
            let moves = entry
                .moves
                .iter()
                .map(|m| Hint {
                    mv: m.mv.clone(),
                    wins: m.result == GameResult::Win,
                    result: m.result,
                    moves_left: m.moves_left,
                })
                .collect();
            return Hints {
                moves,
                ..Hints::default()
            };
        }
        if let Some(ranked) = self.ranked() {
            let moves = ranked
                .into_iter()
                .map(|(mv, result, moves_left)| Hint {
                    mv: mv.to_string(),
                    wins: result == GameResult::Win,
                    result,
                    moves_left,
                })
                .collect();
            return Hints {
                moves,
                ..Hints::default()
            };
        }
        let mover = self.mover();
        let hint = |mv: &R::Move| {
            let wins = self.closed_wins(mv)?;
            Some(Hint {
                mv: mv.to_string(),
                wins,
                result: GameResult::from_wins(wins),
                moves_left: None,
            })
        };
        let total = self.rules.move_count(&self.pos, mover);
        if total.is_none_or(|t| t <= HINT_LIMIT as u128) {
            let moves: Vec<R::Move> = self.rules.moves(&self.pos, mover);
            if moves.len() <= HINT_LIMIT {
                return Hints {
                    moves: moves.iter().filter_map(hint).collect(),
                    ..Hints::default()
                };
            }
        }
        let Ok(listing) = self.rules.winning_listing(&self.pos, mover, HINT_LIMIT) else {
            return Hints::default();
        };
        let total = total.unwrap_or_else(|| self.rules.moves(&self.pos, mover).len() as u128);
        let winning = listing.count.unwrap_or(listing.moves.len() as u128);
        Hints {
            moves: listing.moves.iter().filter_map(hint).collect(),
            more_winning: winning - listing.moves.len() as u128,
            more_losing: total.saturating_sub(winning),
        }
    }

    fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError> {
        let title = self.rules.title();
        if book.game() != self.rules.name() || book.title() != title {
            return Err(BookError::Foreign {
                book: book.title().to_owned(),
                game: title,
            });
        }
        self.book = Some(book);
        Ok(())
    }

    fn set_think_time(&mut self, limit: std::time::Duration) {
        self.think = Some(limit);
    }

    fn restart(&mut self) {
        self.pos = self.start.clone();
        self.to_move = Seat::First;
        self.moved = false;
        self.proven = true;
        self.from_book = false;
    }
}

/// `text` with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A row of cells drawn with a ruler of square numbers under it: the last digit of
/// every number, and the tens under every tenth square.
pub fn ruled(cells: &str) -> String {
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
pub fn binomial(n: u64, k: u64) -> u128 {
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
