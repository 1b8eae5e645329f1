//! The ruleset contract: a game is written once, and every command serves it.
//!
//! A ruleset implements [`Ruleset`] in its own module under `grundy_games::rules`:
//! its name and parameters, the notation of its positions and moves, its legal
//! moves, and (optionally) its closed form, explanation and enumeration of positions
//! by size. Everything else is generic code over this one trait:
//!
//! | generic code | what it asks of the ruleset |
//! |---|---|
//! | [`engine`](crate::engine) (through [`AsImpartial`], [`AsPartizan`]) | `moves`, `play`, `decided` |
//! | [`analysis`](crate::analysis) (`grundy analyze`, `--moves`) | the closed form and `explain` |
//! | [`play`](crate::play) (`grundy play`) | notation, `play_checked`, the closed form, `drawing` |
//! | [`dynamic`](crate::dynamic) (the web playground's boards) | `board`, `touches`, `edit` |
//! | [`verify`](crate::verify) (`grundy verify`) | `positions` by size, the closed form |
//! | [`sequence`](crate::sequence) (`grundy sequence`) | `heap_sequence` |
//! | `grundy_games::registry` (every command) | [`RulesetSpec`](crate::dynamic::RulesetSpec): name, parameters, builder |
//!
//! The closed form ([`Ruleset::value`], [`Ruleset::winning_moves`]) is *the one
//! implementation* that analyze, `--moves`, play and verify call; verify checks
//! exactly what play runs.
//!
//! # Adding a game
//! 1. Write `rules/<game>.rs`: the rules and notation in the module doc; a ruleset
//!    type (its parameters) and position and move types with `FromStr`/`Display`
//!    that round-trip; `impl Ruleset` with at least `name`, `kind`, `moves`, `play`,
//!    the notation methods and `move_help`.
//! 2. Add what you know: `value` and `winning_moves` (the closed form, checked by
//!    `grundy verify` against the engine), `explain` (the reduction in data and
//!    sentences), `size_unit` and `positions` (for verify), `reach` (how big the
//!    game below a position can be, for the exhaustive engine).
//! 3. Add one [`RulesetSpec`](crate::dynamic::RulesetSpec) line to `grundy_games::registry::RULESETS`:
//!    its name, one-line help, parameters and a builder.
//! 4. Add `tests/cases/<game>.txt` (position, value, winning moves) and run
//!    `cargo test`: the case runner and the registry tests pick it up.
//!
//! Every command (`analyze`, `--moves`, `verify`, `play`) then serves the game with
//! no other change.

mod adapt;
mod error;
mod result;

pub mod board;
pub mod notation;

pub use adapt::{AsImpartial, AsPartizan, ByParts};
pub use error::{IllegalMove, MoveError, ParamError, SizeError, Unsolved, UnsolvedKind};
pub use result::GameResult;

use std::fmt::{Debug, Display};
use std::hash::Hash;

use self::notation::NotationError;
use crate::game::Player;
use crate::sequence::SequenceSpec;
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

/// A game: its parameters, notation, moves, and what it knows in closed form.
///
/// See the [module docs](self) for how the commands use it. Only the methods without
/// a default are required; the defaults describe a game with no closed form, whose
/// every answer comes from the exhaustive engine.
pub trait Ruleset: Send + Sync {
    /// A position, without the ruleset's parameters.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;
    /// A move.
    type Move: Clone + Eq + Debug + Display + Send + Sync;

    // ---- identity

    /// The name commands know the game by, e.g. `pawns`.
    fn name(&self) -> &'static str;

    /// The parameters in words, e.g. `step 2`; empty when there are none.
    fn parameters(&self) -> String {
        String::new()
    }

    /// The game with its parameters, e.g. `pawns (step 2)`.
    fn title(&self) -> String {
        let p = self.parameters();
        if p.is_empty() {
            self.name().to_owned()
        } else {
            format!("{} ({p})", self.name())
        }
    }

    /// Impartial or partizan.
    fn kind(&self) -> Kind;

    /// How a player is called: in a partizan game by who they are (`A`, Left), in an
    /// impartial one by their seat (`first player`). `first` is the player who moves
    /// first.
    fn player_name(&self, player: Player, first: Player) -> String {
        match (self.kind(), player == first) {
            (Kind::Partizan, _) => match player {
                Player::Left => "Left".to_owned(),
                Player::Right => "Right".to_owned(),
            },
            (Kind::Impartial, true) => "the first player".to_owned(),
            (Kind::Impartial, false) => "the second player".to_owned(),
        }
    }

    // ---- notation

    /// Reads a position.
    fn parse_position(&self, text: &str) -> Result<Self::Position, NotationError>;

    /// Writes a position; [`parse_position`](Ruleset::parse_position) reads it back.
    fn show_position(&self, pos: &Self::Position) -> String;

    /// Reads a move of `player` in `pos` and checks that it is legal, or says why not
    /// (the notation, or the rule it breaks).
    fn parse_move(
        &self,
        pos: &Self::Position,
        player: Player,
        text: &str,
    ) -> Result<Self::Move, MoveError>;

    /// How moves are written, with an example.
    fn move_help(&self) -> String;

    /// The position drawn for a terminal (no trailing newline).
    fn drawing(&self, pos: &Self::Position) -> String {
        self.show_position(pos)
    }

    /// The position drawn as data, for a board a person plays by pointing (the web
    /// playground); `None` (the default) when the game has no such drawing.
    fn board(&self, pos: &Self::Position) -> Option<board::Board> {
        let _ = pos;
        None
    }

    /// The spots of [`board`](Ruleset::board) that `mv` touches, in the order a
    /// person points at them (a piece, then where it goes); pointing at them picks
    /// the move out of the legal ones. Empty (the default) when not drawn.
    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<board::At> {
        let _ = (pos, mv);
        Vec::new()
    }

    /// The position after a person edits spot `at` of [`board`](Ruleset::board) by
    /// clicking it (cycling its content, adding a token); `None` (the default) when
    /// the spot cannot be edited.
    fn edit(&self, pos: &Self::Position, at: board::At) -> Option<Self::Position> {
        let _ = (pos, at);
        None
    }

    // ---- rules

    /// Every legal move of `player` from `pos`, in a deterministic order (in an
    /// impartial game, the same for both players).
    fn moves(&self, pos: &Self::Position, player: Player) -> Vec<Self::Move>;

    /// The first `limit` legal moves of `player` from `pos`, in the order of
    /// [`moves`](Ruleset::moves), without listing the rest: by default `moves` cut
    /// to `limit`. Rulesets whose positions can have more moves than memory holds
    /// override it; play asks it whether the game is over, `--moves` for its list.
    fn first_moves(&self, pos: &Self::Position, player: Player, limit: usize) -> Vec<Self::Move> {
        let mut moves = self.moves(pos, player);
        moves.truncate(limit);
        moves
    }

    /// The position `mv` leads to. `mv` must be legal in `pos`; see
    /// [`play_checked`](Ruleset::play_checked).
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// The position `mv` of `player` leads to, or why `mv` is not legal in `pos`.
    fn play_checked(
        &self,
        pos: &Self::Position,
        player: Player,
        mv: &Self::Move,
    ) -> Result<Self::Position, IllegalMove> {
        if self.end(pos, player).is_some() {
            return Err(IllegalMove::new("the game is over"));
        }
        if self.moves(pos, player).contains(mv) {
            Ok(self.play(pos, mv))
        } else {
            Err(IllegalMove::new(format!("{mv} is not a legal move here")))
        }
    }

    /// The end-of-game hook: `Some(wins)` when the game is over at `pos` otherwise than
    /// by normal play, `wins` saying whether `to_move` has won. `None` (the default)
    /// while the moves decide: then the player who cannot move loses.
    ///
    /// For Grundy values a position decided as won for the player to move counts as
    /// `*` (as if it had one move, to a position of value 0), one decided as lost as
    /// `0`; its remoteness is 0 either way.
    fn decided(&self, pos: &Self::Position, to_move: Player) -> Option<bool> {
        let _ = (pos, to_move);
        None
    }

    /// The end-of-game hook with ties: how the game is over at `pos` for `to_move`
    /// ([`End`]), or `None` while it goes on (then no move at all is a loss). By
    /// default from [`decided`](Ruleset::decided), which cannot say "tie"; a
    /// ruleset whose games can end in a tie overrides this one, keeps `decided`
    /// at a win or loss, and says so with [`can_tie`](Ruleset::can_tie).
    fn end(&self, pos: &Self::Position, to_move: Player) -> Option<End> {
        self.decided(pos, to_move)
            .map(|wins| if wins { End::Win } else { End::Lose })
    }

    /// Whether a game can end in a tie ([`End::Tie`]). Such a game is answered by
    /// the retrograde engine ([`engine::retrograde`](crate::engine::retrograde)),
    /// not by the normal-play engines. `false` by default.
    fn can_tie(&self) -> bool {
        false
    }

    /// Whether the graph of positions can have cycles (a position can come back),
    /// so that play may go on forever. Such a game is answered by the retrograde
    /// engine; the acyclic engines refuse a cycle. `false` by default.
    fn can_cycle(&self) -> bool {
        false
    }

    /// The tier of `pos` for the tiered solver
    /// ([`engine::tiers`](crate::engine::tiers)), e.g. how many pieces are on the
    /// board, with the promise that **no move lowers the tier** (a move may keep it
    /// or raise it). The solver works one tier at a time, from the highest down, and
    /// refuses a move that breaks the promise. `None` (the default) when the game has
    /// no tiers.
    fn tier(&self, pos: &Self::Position) -> Option<u32> {
        let _ = pos;
        None
    }

    /// The result of `pos` for `to_move` by the ruleset's own method, for a game
    /// with ties or cycles whose position is too big for the retrograde engine (a
    /// closed form, or a search of its own such as alpha-beta), with its remoteness
    /// where the method finds it (`None` for a draw, or where it is not known), or
    /// why the result is not known. By default there is none.
    ///
    /// The remoteness is the retrograde engine's: the moves to the end with the
    /// winner hurrying and the loser stalling, and for a tie the moves to the tie.
    /// The analysis checks every answer against its moves' (the best move's result
    /// is the position's, and the remoteness one more than the best move's).
    fn result(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<(GameResult, Option<u32>), Unsolved> {
        let _ = (pos, to_move);
        Err(Unsolved::no_closed_form(self.name()))
    }

    /// How [`result`](Ruleset::result) finds its answer, for the analysis' words
    /// (e.g. `alpha-beta search with a transposition table`).
    fn result_method(&self) -> &'static str {
        "the ruleset's closed form"
    }

    /// Why the game ended at `pos` (where `to_move`, called `to_move_name`, is to
    /// move), for a person; `last_mover` names who made the last move, `None` when
    /// nobody moved. `None` (the default) for the normal-play sentence "X has no move
    /// left and loses."
    fn ending(
        &self,
        pos: &Self::Position,
        to_move: Player,
        to_move_name: &str,
        last_mover: Option<&str>,
    ) -> Option<String> {
        let _ = (pos, to_move, to_move_name, last_mover);
        None
    }

    /// An upper bound on how many positions can be reached from `pos` (saturating);
    /// the commands solve `pos` exhaustively (remoteness, best play) only when it is
    /// small. The default, `u128::MAX`, means "unknown".
    fn reach(&self, pos: &Self::Position) -> u128 {
        let _ = pos;
        u128::MAX
    }

    // ---- sums and symmetry, for the engines that value a position by its parts

    /// The positions `player` can move to from `pos`, in the order of
    /// [`moves`](Ruleset::moves): by default each legal move played (none once the
    /// game is [`decided`](Ruleset::decided)). A ruleset overrides it when it can
    /// build the positions without the moves.
    fn options(&self, pos: &Self::Position, player: Player) -> Vec<Self::Position> {
        if self.end(pos, player).is_some() {
            return Vec::new();
        }
        self.moves(pos, player)
            .iter()
            .map(|mv| self.play(pos, mv))
            .collect()
    }

    /// Independent parts of `pos` whose values add up to its value (canonical forms
    /// add; nimbers XOR), parts where nobody can move left out (an empty list is 0).
    /// The engines that value by parts (`grundy_games::rules::canonical`,
    /// `grundy_games::rules::nimbers`) value each part once. By default
    /// `pos` itself.
    fn components(&self, pos: &Self::Position) -> Vec<Self::Position> {
        vec![pos.clone()]
    }

    /// A representative of the symmetry class of `pos` (the same position for
    /// every image of it), and whether the value of `pos` is the negative of the
    /// representative's (a symmetry that swaps the players; never in an impartial
    /// game). By default `pos` itself, not negated.
    fn normalize(&self, pos: &Self::Position) -> (Self::Position, bool) {
        (pos.clone(), false)
    }

    /// The representative `rep` (as [`normalize`](Self::normalize) gives it) as one
    /// word, if it fits in one and no other representative has the same word: the
    /// canonical-form engine's table then keeps 8 bytes for its key. By default
    /// `None` (the position itself is the key), always correct.
    fn word(&self, rep: &Self::Position) -> Option<u64> {
        let _ = rep;
        None
    }

    // ---- closed form

    /// The value of `pos` by the closed form, or why it is not known.
    fn value(&self, pos: &Self::Position) -> Result<Value, Unsolved> {
        let _ = pos;
        Err(Unsolved::no_closed_form(self.name()))
    }

    /// Whether `to_move` wins `pos` moving first, by the closed form.
    fn wins(&self, pos: &Self::Position, to_move: Player) -> Result<bool, Unsolved> {
        if let Some(wins) = self.decided(pos, to_move) {
            return Ok(wins);
        }
        Ok(self.value(pos)?.wins_moving_first(to_move))
    }

    /// Every winning move of `to_move` from `pos`, by the closed form, in move order.
    fn winning_moves(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<Vec<Self::Move>, Unsolved> {
        let _ = (pos, to_move);
        Err(Unsolved::no_closed_form(self.name()))
    }

    /// The first `limit` winning moves and how many there are, by the closed form.
    /// Rulesets whose positions can have more moves than memory holds override it
    /// to count without listing.
    fn winning_listing(
        &self,
        pos: &Self::Position,
        to_move: Player,
        limit: usize,
    ) -> Result<Listing<Self::Move>, Unsolved> {
        let mut moves = self.winning_moves(pos, to_move)?;
        let count = Some(moves.len() as u128);
        moves.truncate(limit);
        Ok(Listing { moves, count })
    }

    /// A legal move to play when every move loses and the position is too big for the
    /// longest resistance to be found: by default the first legal move.
    fn stalling_move(&self, pos: &Self::Position, to_move: Player) -> Option<Self::Move> {
        self.first_moves(pos, to_move, 1).into_iter().next()
    }

    /// How many legal moves `to_move` has, without listing them; `None` when the
    /// ruleset does not count them. Play lists every move only below a limit.
    fn move_count(&self, pos: &Self::Position, to_move: Player) -> Option<u128> {
        let _ = (pos, to_move);
        None
    }

    /// The reduction of `pos` in data and sentences for `to_move`, listing at most
    /// `limit` winning moves in the sentences.
    fn explain(&self, pos: &Self::Position, to_move: Player, limit: usize) -> Option<Explanation> {
        let _ = (pos, to_move, limit);
        None
    }

    // ---- sizes, for verify

    /// What a size counts, e.g. `squares`.
    fn size_unit(&self) -> &'static str {
        "moves"
    }

    /// The sizes [`positions`](Ruleset::positions) can list: the smallest, and the
    /// largest that can finish on a machine like this one.
    fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        0..=0
    }

    /// The positions of `size`; `None` when the ruleset does not enumerate positions.
    fn positions(&self, size: usize) -> Option<Positions<'_, Self::Position>> {
        let _ = size;
        None
    }

    /// Who wins every position of `size`, from the ruleset's own exhaustive solver,
    /// for sizes where the memoised engine is too slow; `None` to use that engine.
    fn win_table(&self, size: usize) -> Option<WinTable<'_, Self::Position>> {
        let _ = size;
        None
    }

    // ---- misère play

    /// The play convention: normal play for every ruleset but
    /// [`Misere`](crate::misere::Misere), which plays an impartial ruleset misère.
    fn convention(&self) -> Convention {
        Convention::Normal
    }

    /// The misère Grundy value of `pos` by the ruleset's misère closed form (1 for a
    /// position without moves, else the mex of its options'; 0 exactly when the
    /// player to move loses under misère play), or why it is not known. By default
    /// there is none and the exhaustive engine answers.
    fn misere_grundy(&self, pos: &Self::Position) -> Result<u128, Unsolved> {
        let _ = pos;
        Err(Unsolved::no_theory(format!(
            "{} has no misère closed form",
            self.name()
        )))
    }

    /// Whether the player to move wins `pos` under misère play, by the misère closed
    /// form: by default from [`misere_grundy`](Ruleset::misere_grundy); a ruleset
    /// that knows who wins without the misère Grundy value (a misère quotient)
    /// overrides it.
    fn misere_wins(&self, pos: &Self::Position) -> Result<bool, Unsolved> {
        self.misere_grundy(pos).map(|g| g != 0)
    }

    /// Every winning move of `pos` under misère play, by the misère closed form, in
    /// move order.
    fn misere_winning_moves(&self, pos: &Self::Position) -> Result<Vec<Self::Move>, Unsolved> {
        let _ = pos;
        Err(Unsolved::no_theory(format!(
            "{} has no misère closed form",
            self.name()
        )))
    }

    /// The misère reduction of `pos` in data and sentences, listing at most `limit`
    /// winning moves in the sentences.
    fn misere_explain(&self, pos: &Self::Position, limit: usize) -> Option<Explanation> {
        let _ = (pos, limit);
        None
    }

    // ---- sequence

    /// The Grundy sequence of a single heap, G(0), G(1), ..., for `grundy sequence`:
    /// how to compute it (by which methods), the theorem that proves its period (if
    /// one is known), and the names its output and certificates use. `None` (the
    /// default) for a game that is not a heap game.
    ///
    /// Whether a game has a sequence should not depend on its parameters: the
    /// registry lists the games that have one by building each with its example
    /// parameters (`grundy_games::registry::with_sequences`).
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        None
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

/// A nimber value, for impartial rulesets' [`Ruleset::value`].
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
