//! The ruleset contract: a game is written once, and every command serves it.
//!
//! A ruleset implements [`Ruleset`] in its own module under `grundy_games::rules`:
//! twelve methods, four of them required (`name`, `kind`, `moves`, `play`), holding
//! the rules and the notation. What else a game knows is a [capability],
//! a trait of its own listed by [`Ruleset::capabilities`]: a closed form
//! ([`ClosedForm`]), a misère closed form ([`MisereForm`]), words and drawings
//! ([`Presentation`]), a board for the web ([`WebBoard`]), options, parts and
//! symmetry ([`Parts`]), tiers ([`Tiers`]), a solver of its own ([`OwnSolver`]),
//! moves listed a few at a time ([`ManyMoves`]), positions by size for verify
//! ([`Enumerate`]) and a heap's Grundy sequence ([`HeapSequence`]).
//!
//! Everything else is generic code over this contract, which asks through
//! [`RulesetExt`] (implemented for every ruleset, each method falling back to the
//! capability's default):
//!
//! | generic code | what it asks of the ruleset |
//! |---|---|
//! | [`engine`](crate::engine) (through [`AsImpartial`], [`AsPartizan`], [`ByParts`]) | `moves`, `play`, `end`; [`Parts`] |
//! | [`analysis`](crate::analysis) (`grundy analyze`, `--moves`) | [`ClosedForm`], [`Presentation::explain`], [`OwnSolver`] |
//! | [`play`](crate::play) (`grundy play`) | the notation, [`ClosedForm`], [`Presentation`], [`ManyMoves`] |
//! | [`dynamic`](crate::dynamic) (the web playground's boards) | [`WebBoard`] |
//! | [`verify`](crate::verify) (`grundy verify`) | [`Enumerate`], [`ClosedForm`] |
//! | [`sequence`](crate::sequence) (`grundy sequence`) | [`HeapSequence`] |
//! | `grundy_games::registry` (every command) | [`RulesetSpec`](crate::dynamic::RulesetSpec): name, parameters, builder |
//!
//! The closed form ([`ClosedForm::value`], [`ClosedForm::winning_moves`]) is *the
//! one implementation* that analyze, `--moves`, play and verify call; verify checks
//! exactly what play runs.
//!
//! # Adding a game
//! 1. Write `rules/<game>.rs`: the rules and notation in the module doc; a ruleset
//!    type (its parameters) and position and move types with `FromStr`/`Display`
//!    that round-trip; `impl Ruleset` with `name`, `kind`, `moves`, `play` (and
//!    `parse_move`, `move_help` for better messages, `reach` for the exhaustive
//!    engine).
//! 2. Add what you know as capabilities: a [`ClosedForm`] (checked by `grundy
//!    verify` against the engine), [`Presentation::explain`] (the reduction in data
//!    and sentences), [`Enumerate`] (positions by size, for verify), and list them
//!    in [`Ruleset::capabilities`].
//! 3. Add one [`RulesetSpec`](crate::dynamic::RulesetSpec) line to `grundy_games::registry::RULESETS`:
//!    its name, one-line help, parameters and a builder.
//! 4. Add `tests/cases/<game>.txt` (position, value, winning moves) and run
//!    `cargo test`: the case runner and the registry tests pick it up.
//!
//! Every command (`analyze`, `--moves`, `verify`, `play`) then serves the game with
//! no other change. `docs/design.md`, "Adding a game", shows a whole small game.

mod adapt;
pub mod capability;
mod error;
mod ext;
mod result;

pub mod board;
pub mod notation;

pub use adapt::{AsImpartial, AsPartizan, ByParts};
pub use capability::{
    Capabilities, ClosedForm, DrawHandle, Enumerate, Expansion, HeapSequence, ManyMoves,
    MisereForm, OutcomeSearch, OwnSearch, OwnSolver, Parts, Presentation, Rank, RankSpace, Tiers,
    WebBoard,
};
pub use error::{BestFound, IllegalMove, MoveError, ParamError, SizeError, Unsolved, UnsolvedKind};
pub use ext::RulesetExt;
pub use result::{GameResult, Guess, Searched};

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use self::notation::NotationError;
use crate::game::Player;
use crate::values::{Nimber, Outcome, Value};

/// Whether both players have the same moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Both players have the same moves; values are nimbers.
    Impartial,
    /// Left and Right have moves of their own; values are partizan values.
    Partizan,
}

/// Who wins when nobody can move: the play convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the last player to move loses);
    /// see [`misere`](crate::misere).
    Misere,
}

/// How a game ended at a position otherwise than by a lack of moves, for the player
/// to move ([`Ruleset::end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The player to move has won.
    Win,
    /// The player to move has lost.
    Lose,
    /// The game is over and nobody won (a full tic-tac-toe board).
    Tie,
}

impl End {
    /// A win for the player to move when `wins`, else a loss.
    pub fn from_wins(wins: bool) -> End {
        if wins {
            End::Win
        } else {
            End::Lose
        }
    }
}

/// The winning moves of a position as the closed form lists them: some or all, and
/// how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing<M> {
    /// The first winning moves, in the ruleset's move order (at most the limit asked).
    pub moves: Vec<M>,
    /// How many winning moves there are in all; `None` when they were not all counted.
    pub count: Option<u128>,
}

/// The reduction of a position, for a person and for a script.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The reduction as data; its shape is the ruleset's own.
    pub reduction: serde_json::Value,
    /// The reduction in sentences, one per line (a line that starts with a space is
    /// preformatted, as a drawn table).
    pub sentences: Vec<String>,
}

/// The positions of one size, numbered `0..count`, for [`verify`](crate::verify).
pub struct Positions<'a, P> {
    /// How many positions the size has.
    pub count: u64,
    /// The position numbered `i` (for `i < count`).
    pub nth: Box<dyn Fn(u64) -> P + Send + Sync + 'a>,
}

/// A table of who wins every position of one size, solved at once by a ruleset's own
/// exhaustive solver (for sizes too big for the memoised engine).
pub type WinTable<'a, P> = Box<dyn Fn(&P) -> bool + Send + Sync + 'a>;

/// What a position of any game is: a value that can be copied, compared, hashed
/// (the engines' tables), shown and read (the notation by default), and shared
/// between threads. Implemented for every such type.
pub trait GamePosition:
    Clone + Eq + Hash + Debug + Display + FromStr<Err: Into<NotationError>> + Send + Sync + 'static
{
}

impl<T> GamePosition for T where
    T: Clone
        + Eq
        + Hash
        + Debug
        + Display
        + FromStr<Err: Into<NotationError>>
        + Send
        + Sync
        + 'static
{
}

/// What a move of any game is: a value that can be copied, compared, shown (how
/// moves are written) and shared between threads. Implemented for every such type.
pub trait GameMove: Clone + Eq + Debug + Display + Send + Sync + 'static {}

impl<T: Clone + Eq + Debug + Display + Send + Sync + 'static> GameMove for T {}

/// A game: its rules. Four methods are required (`name`, `kind`, `moves`, `play`);
/// the notation comes from the position's `FromStr` and `Display` and the move's
/// `Display` unless the game says otherwise; everything else a game knows is a
/// [capability] listed by [`capabilities`](Ruleset::capabilities).
///
/// See the [module docs](self) for how the commands use it. Generic code reaches the
/// capabilities through [`RulesetExt`], implemented for every ruleset.
pub trait Ruleset: Send + Sync {
    /// A position, without the ruleset's parameters; its `FromStr` and `Display` are
    /// the notation unless [`parse_position`](Ruleset::parse_position) and
    /// [`show_position`](Ruleset::show_position) say otherwise.
    type Position: GamePosition;
    /// A move; its `Display` is how moves are written.
    type Move: GameMove;

    /// The name commands know the game by, e.g. `pawns` (its spec's name).
    fn name(&self) -> &'static str;

    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// Every legal move of `player` from `pos`, in a deterministic order (in an
    /// impartial game, the same for both players).
    fn moves(&self, pos: &Self::Position, player: Player) -> Vec<Self::Move>;

    /// The position `mv` leads to. `mv` must be legal in `pos`; see
    /// [`RulesetExt::play_checked`].
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// The parameters in words, e.g. `step 2`; empty when there are none.
    fn parameters(&self) -> String {
        String::new()
    }

    /// Reads a position: by default the position's `FromStr`.
    fn parse_position(&self, text: &str) -> Result<Self::Position, NotationError> {
        text.parse().map_err(Into::into)
    }

    /// Writes a position; [`parse_position`](Ruleset::parse_position) reads it back.
    /// By default the position's `Display`.
    fn show_position(&self, pos: &Self::Position) -> String {
        pos.to_string()
    }

    /// Reads a move of `player` in `pos` and checks that it is legal, or says why not
    /// (the notation, or the rule it breaks). By default the legal move written as
    /// `text` is.
    fn parse_move(
        &self,
        pos: &Self::Position,
        player: Player,
        text: &str,
    ) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        if self.end(pos, player).is_some() {
            return Err(IllegalMove::new("the game is over").into());
        }
        self.moves(pos, player)
            .into_iter()
            .find(|mv| mv.to_string() == text)
            .ok_or_else(|| {
                MoveError::notation(format!(
                    "{text:?} is not a legal move here ({})",
                    self.move_help()
                ))
            })
    }

    /// How moves are written, with an example.
    fn move_help(&self) -> String {
        "a move as `grundy analyze --moves` lists it".to_owned()
    }

    /// How the game is over at `pos` for `to_move` otherwise than by a lack of
    /// moves ([`End`]: won, lost or tied), or `None` (the default) while the moves
    /// decide: then the player who cannot move loses. A game that can end in a tie
    /// says so in its [`capabilities`](Ruleset::capabilities).
    ///
    /// For Grundy values a position over as won for the player to move counts as
    /// `*` (as if it had one move, to a position of value 0), one lost as `0`; its
    /// remoteness is 0 either way.
    fn end(&self, pos: &Self::Position, to_move: Player) -> Option<End> {
        let _ = (pos, to_move);
        None
    }

    /// An upper bound on how many positions can be reached from `pos` (saturating);
    /// the commands solve `pos` exhaustively (remoteness, best play) only when it is
    /// small. The default, `u128::MAX`, means "unknown".
    fn reach(&self, pos: &Self::Position) -> u128 {
        let _ = pos;
        u128::MAX
    }

    /// What the game can do beyond its rules: its optional capabilities (a closed
    /// form, a board, parts, tiers, ...), whether it can tie or cycle, and its play
    /// convention. By default none of them: normal play, every answer from the
    /// engines.
    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
    }
}

/// A reference to a ruleset is that ruleset: every method forwarded, so generic code
/// that holds `&R` (`R` perhaps unsized) can hand it on as a `&dyn Ruleset`.
impl<R: Ruleset + ?Sized> Ruleset for &R {
    type Position = R::Position;
    type Move = R::Move;

    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn kind(&self) -> Kind {
        (**self).kind()
    }

    fn moves(&self, pos: &R::Position, player: Player) -> Vec<R::Move> {
        (**self).moves(pos, player)
    }

    fn play(&self, pos: &R::Position, mv: &R::Move) -> R::Position {
        (**self).play(pos, mv)
    }

    fn parameters(&self) -> String {
        (**self).parameters()
    }

    fn parse_position(&self, text: &str) -> Result<R::Position, NotationError> {
        (**self).parse_position(text)
    }

    fn show_position(&self, pos: &R::Position) -> String {
        (**self).show_position(pos)
    }

    fn parse_move(
        &self,
        pos: &R::Position,
        player: Player,
        text: &str,
    ) -> Result<R::Move, MoveError> {
        (**self).parse_move(pos, player, text)
    }

    fn move_help(&self) -> String {
        (**self).move_help()
    }

    fn end(&self, pos: &R::Position, to_move: Player) -> Option<End> {
        (**self).end(pos, to_move)
    }

    fn reach(&self, pos: &R::Position) -> u128 {
        (**self).reach(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, R::Position, R::Move> {
        (**self).capabilities()
    }
}

/// The outcome class of `pos` by the closed form.
pub fn outcome_of<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position) -> Result<Outcome, Unsolved> {
    let left = rules.wins(pos, Player::Left)?;
    Ok(match rules.kind() {
        Kind::Impartial if left => Outcome::N,
        Kind::Impartial => Outcome::P,
        Kind::Partizan => Outcome::from_wins(left, rules.wins(pos, Player::Right)?),
    })
}

/// A nimber value, for impartial rulesets' [`value`](crate::ruleset::RulesetExt::value).
pub fn nimber(n: u128) -> Result<Value, Unsolved> {
    Ok(Value::Nimber(Nimber(n)))
}

/// The first `limit` items of `iter`, pushed one by one: `collect` would reserve room
/// by the iterator's length hint, which for the moves of a huge position (or a huge
/// `limit`) is more than memory holds.
pub fn first_items<I: Iterator>(iter: I, limit: usize) -> Vec<I::Item> {
    let mut out = Vec::new();
    for item in iter.take(limit) {
        out.push(item);
    }
    out
}
