//! The optional capabilities of a ruleset: each a trait of its own, implemented by a
//! game that has it and offered through [`Ruleset::capabilities`].
//!
//! | capability | what it adds | who uses it |
//! |---|---|---|
//! | [`ClosedForm`] | the value, who wins and the winning moves without search | analyze, `--moves`, play, verify, check |
//! | [`MisereForm`] | the same under misère play | the [`Misere`](crate::misere::Misere) wrapper |
//! | [`Presentation`] | a terminal drawing, the players' names, how a game ended, the reduction in words | analyze, play |
//! | [`WebBoard`] | a board drawn as data, the spots a move touches, editing by clicks | the web playground |
//! | [`Parts`] | each player's options built directly, the split into independent parts, symmetry | the engines that value by parts |
//! | [`Tiers`] | a tier no move lowers | the tiered retrograde solver |
//! | [`Rank`] | a bijection from a tier's positions to `0..n` and back | the tier files (`grundy solve --tiers`, `analyze --db`) |
//! | [`OwnSearch`] | a fast representation for the search engine (bitboards, wins found by shifts, moves ordered by threats) | analyze, `--moves`, play, the server |
//! | [`OwnSolver`] | the result of a game with ties or cycles too big for the retrograde engine | analyze, play |
//! | [`OutcomeSearch`] | who wins a position of a game without ties too big for its closed form, by a search of its own | analyze |
//! | [`ManyMoves`] | the first moves and their count without listing them all | play, `--moves`, the engines |
//! | [`Enumerate`] | every position of a size | verify |
//! | [`HeapSequence`] | the Grundy sequence of one heap | `grundy sequence`, misère genus and quotients |
//!
//! Each trait has [`Ruleset`] as its supertrait, so its methods see the game's
//! positions, moves and rules; every method has a default but the one or two that
//! define the capability. A game lists what it has in one place:
//!
//! ```text
//! fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
//!     Capabilities::new().closed_form(self).parts(self)
//! }
//! ```
//!
//! Generic code asks through [`RulesetExt`], whose methods fall
//! back to the capability's default when a game does not have it.

use std::any::Any;
use std::ops::RangeInclusive;

use super::board::{At, Board};
use super::{
    Convention, End, Explanation, GameResult, Guess, IllegalMove, Kind, Listing, Positions,
    Ruleset, RulesetExt, Searched, Unsolved, WinTable,
};
use crate::game::Player;
use crate::sequence::SequenceSpec;
use crate::values::Value;

/// The engines for ties and cycles that a game hands to its capabilities
/// (`grundy_engine::analysis::draw_engines(self)`), with the game itself. They sit above
/// the contract, so it holds them type-erased; the game is kept to tell it from a
/// wrapper that forwards its capabilities, on which the engines then run through
/// `dyn Ruleset` (`grundy_engine::analysis::DrawEngines`).
#[derive(Clone, Copy)]
pub struct DrawHandle<'a> {
    /// The game that handed the engines over.
    pub(crate) rules: &'a (dyn Any + Send + Sync),
    /// The name of its type.
    pub(crate) type_name: &'static str,
    /// The engines' entry points for its type (a `DrawEngines`).
    pub(crate) table: &'static (dyn Any + Send + Sync),
}

impl std::fmt::Debug for DrawHandle<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DrawHandle")
            .field("type_name", &self.type_name)
            .finish_non_exhaustive()
    }
}

/// What a game can do beyond its rules, as [`Ruleset::capabilities`] gives it: the
/// play convention, whether it can end in a tie or go on forever, and the optional
/// capabilities it implements.
pub struct Capabilities<'a, P, M> {
    /// The play convention: normal play for every ruleset but
    /// [`Misere`](crate::misere::Misere).
    pub convention: Convention,
    /// Whether a game can end in a tie ([`End::Tie`]): then the retrograde engine
    /// answers it, not the normal-play engines.
    pub ties: bool,
    /// Whether a position can come back, so that play may go on forever: then the
    /// retrograde engine answers it; the acyclic engines refuse a cycle.
    pub cycles: bool,
    /// The engines for ties and cycles, compiled only into a game that has them:
    /// `Some` when [`ties`](Capabilities::ties) or [`cycles`](Capabilities::cycles) is
    /// set by its builder.
    pub draw_engines: Option<DrawHandle<'a>>,
    /// The closed form.
    pub closed_form: Option<&'a dyn ClosedForm<Position = P, Move = M>>,
    /// The misère closed form.
    pub misere: Option<&'a dyn MisereForm<Position = P, Move = M>>,
    /// The words and drawings for a person.
    pub presentation: Option<&'a dyn Presentation<Position = P, Move = M>>,
    /// The board for the web playground.
    pub web_board: Option<&'a dyn WebBoard<Position = P, Move = M>>,
    /// Options, parts and symmetry for the engines that value by parts.
    pub parts: Option<&'a dyn Parts<Position = P, Move = M>>,
    /// Tiers for the tiered solver.
    pub tiers: Option<&'a dyn Tiers<Position = P, Move = M>>,
    /// The ranking of each tier's positions, for the tier files.
    pub rank: Option<&'a dyn Rank<Position = P, Move = M>>,
    /// The game's own space for the search engine.
    pub search: Option<&'a dyn OwnSearch<Position = P, Move = M>>,
    /// The game's own solver past the retrograde engine's budget.
    pub solver: Option<&'a dyn OwnSolver<Position = P, Move = M>>,
    /// Who wins by a search of the game's own, past its closed form.
    pub outcome_search: Option<&'a dyn OutcomeSearch<Position = P, Move = M>>,
    /// Moves listed without listing them all.
    pub many_moves: Option<&'a dyn ManyMoves<Position = P, Move = M>>,
    /// The positions of each size, for verify.
    pub enumerate: Option<&'a dyn Enumerate<Position = P, Move = M>>,
    /// The Grundy sequence of a heap.
    pub heap_sequence: Option<&'a dyn HeapSequence<Position = P, Move = M>>,
}

impl<P, M> Default for Capabilities<'_, P, M> {
    fn default() -> Self {
        Capabilities {
            convention: Convention::Normal,
            ties: false,
            cycles: false,
            draw_engines: None,
            closed_form: None,
            misere: None,
            presentation: None,
            web_board: None,
            parts: None,
            tiers: None,
            rank: None,
            search: None,
            solver: None,
            outcome_search: None,
            many_moves: None,
            enumerate: None,
            heap_sequence: None,
        }
    }
}

impl<'a, P, M> Capabilities<'a, P, M> {
    /// No capability: normal play, no ties, no cycles.
    pub fn new() -> Self {
        Capabilities::default()
    }

    /// With games that can end in a tie, answered by `engines`, the game's
    /// `grundy_engine::analysis::draw_engines(self)`.
    pub fn ties(mut self, engines: DrawHandle<'a>) -> Self {
        self.ties = true;
        self.draw_engines = Some(engines);
        self
    }

    /// With positions that can come back, answered by `engines`, the game's
    /// `grundy_engine::analysis::draw_engines(self)`.
    pub fn cycles(mut self, engines: DrawHandle<'a>) -> Self {
        self.cycles = true;
        self.draw_engines = Some(engines);
        self
    }

    /// With a closed form.
    pub fn closed_form(mut self, c: &'a dyn ClosedForm<Position = P, Move = M>) -> Self {
        self.closed_form = Some(c);
        self
    }

    /// With a misère closed form.
    pub fn misere(mut self, c: &'a dyn MisereForm<Position = P, Move = M>) -> Self {
        self.misere = Some(c);
        self
    }

    /// With words and drawings of its own.
    pub fn presentation(mut self, c: &'a dyn Presentation<Position = P, Move = M>) -> Self {
        self.presentation = Some(c);
        self
    }

    /// With a board for the web playground.
    pub fn web_board(mut self, c: &'a dyn WebBoard<Position = P, Move = M>) -> Self {
        self.web_board = Some(c);
        self
    }

    /// With options, parts and symmetry of its own.
    pub fn parts(mut self, c: &'a dyn Parts<Position = P, Move = M>) -> Self {
        self.parts = Some(c);
        self
    }

    /// With tiers.
    pub fn tiers(mut self, c: &'a dyn Tiers<Position = P, Move = M>) -> Self {
        self.tiers = Some(c);
        self
    }

    /// With each tier's positions ranked.
    pub fn rank(mut self, c: &'a dyn Rank<Position = P, Move = M>) -> Self {
        self.rank = Some(c);
        self
    }

    /// With a search space of its own.
    pub fn search(mut self, c: &'a dyn OwnSearch<Position = P, Move = M>) -> Self {
        self.search = Some(c);
        self
    }

    /// With a solver of its own.
    pub fn solver(mut self, c: &'a dyn OwnSolver<Position = P, Move = M>) -> Self {
        self.solver = Some(c);
        self
    }

    /// With who wins found by a search of its own.
    pub fn outcome_search(mut self, c: &'a dyn OutcomeSearch<Position = P, Move = M>) -> Self {
        self.outcome_search = Some(c);
        self
    }

    /// With moves listed without listing them all.
    pub fn many_moves(mut self, c: &'a dyn ManyMoves<Position = P, Move = M>) -> Self {
        self.many_moves = Some(c);
        self
    }

    /// With positions listed by size.
    pub fn enumerate(mut self, c: &'a dyn Enumerate<Position = P, Move = M>) -> Self {
        self.enumerate = Some(c);
        self
    }

    /// With a heap's Grundy sequence.
    pub fn heap_sequence(mut self, c: &'a dyn HeapSequence<Position = P, Move = M>) -> Self {
        self.heap_sequence = Some(c);
        self
    }
}

/// What the game knows in closed form: the value, who wins and the winning moves
/// without search. It is *the one implementation* that analyze, `--moves`, play and
/// verify call, so verify checks exactly what play runs.
pub trait ClosedForm: Ruleset {
    /// The value of `pos` by the closed form, or why it is not known.
    fn value(&self, pos: &Self::Position) -> Result<Value, Unsolved> {
        let _ = pos;
        Err(Unsolved::no_closed_form(self.name()))
    }

    /// Whether `to_move` wins `pos` moving first, by the closed form: by default
    /// from the value (a game already over is answered by
    /// [`RulesetExt::wins`] before it asks).
    fn wins(&self, pos: &Self::Position, to_move: Player) -> Result<bool, Unsolved> {
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
}

/// The misère closed form of an impartial game, which the
/// [`Misere`](crate::misere::Misere) wrapper answers by.
pub trait MisereForm: Ruleset {
    /// The misère Grundy value of `pos` (1 for a position without moves, else the
    /// mex of its options'; 0 exactly when the player to move loses under misère
    /// play), or why it is not known.
    fn misere_grundy(&self, pos: &Self::Position) -> Result<u128, Unsolved> {
        let _ = pos;
        Err(no_misere_form(self.name()))
    }

    /// Whether the player to move wins `pos` under misère play: by default from
    /// [`misere_grundy`](MisereForm::misere_grundy); a ruleset that knows who wins
    /// without the misère Grundy value (a misère quotient) overrides it.
    fn misere_wins(&self, pos: &Self::Position) -> Result<bool, Unsolved> {
        self.misere_grundy(pos).map(|g| g != 0)
    }

    /// Every winning move of `pos` under misère play, in move order.
    fn misere_winning_moves(&self, pos: &Self::Position) -> Result<Vec<Self::Move>, Unsolved> {
        let _ = pos;
        Err(no_misere_form(self.name()))
    }

    /// The misère reduction of `pos` in data and sentences, listing at most `limit`
    /// winning moves in the sentences.
    fn misere_explain(&self, pos: &Self::Position, limit: usize) -> Option<Explanation> {
        let _ = (pos, limit);
        None
    }
}

/// Why a ruleset without a misère closed form has no misère answer of its own.
pub(crate) fn no_misere_form(game: &str) -> Unsolved {
    Unsolved::no_theory(format!("{game} has no misère closed form"))
}

/// The game's words and drawings for a person.
pub trait Presentation: Ruleset {
    /// The game with its parameters, e.g. `pawns (step 2)`: by default the name,
    /// then the parameters in brackets when there are any.
    fn title(&self) -> String {
        default_title(self.name(), &self.parameters())
    }

    /// The position drawn for a terminal (no trailing newline): by default its
    /// notation.
    fn drawing(&self, pos: &Self::Position) -> String {
        self.show_position(pos)
    }

    /// How a player is called: in a partizan game by who they are (`A`, Left), in an
    /// impartial one by their seat (`first player`). `first` is the player who moves
    /// first.
    fn player_name(&self, player: Player, first: Player) -> String {
        default_player_name(self.kind(), player, first)
    }

    /// How the player to move at `pos` is called in the game's own terms, for the
    /// analysis' `to_move` (its text's "... to move" line and the JSON field): the
    /// mark the position gives the mover (tic-tac-toe's `x` or `o`, by the marks'
    /// counts), the side with what it plays (`Left (vertical)` in Domineering, see
    /// [`side_name`]). By default, in a partizan game, `to_move`'s
    /// [`player_name`](Presentation::player_name); in an impartial game, where both
    /// players have the same moves, `first player` (the one to move now).
    fn mover_name(&self, pos: &Self::Position, to_move: Player) -> String {
        let _ = pos;
        default_mover_name(self.kind(), || self.player_name(to_move, to_move))
    }

    /// Why the game ended at `pos` (where `to_move`, called `to_move_name`, is to
    /// move), for a person; `last_mover` names who made the last move, `None` when
    /// nobody moved. `None` for the normal-play sentence "X has no move left and
    /// loses."
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

    /// The reduction of `pos` in data and sentences for `to_move`, listing at most
    /// `limit` winning moves in the sentences.
    fn explain(&self, pos: &Self::Position, to_move: Player, limit: usize) -> Option<Explanation> {
        let _ = (pos, to_move, limit);
        None
    }
}

/// `name (parameters)`, or the name alone without parameters.
pub(crate) fn default_title(name: &str, parameters: &str) -> String {
    if parameters.is_empty() {
        name.to_owned()
    } else {
        format!("{name} ({parameters})")
    }
}

/// The players' names when the game does not give its own: Left and Right in a
/// partizan game, the first and second player in an impartial one.
pub(crate) fn default_player_name(kind: Kind, player: Player, first: Player) -> String {
    match (kind, player == first) {
        (Kind::Partizan, _) => match player {
            Player::Left => "Left".to_owned(),
            Player::Right => "Right".to_owned(),
        },
        (Kind::Impartial, true) => "the first player".to_owned(),
        (Kind::Impartial, false) => "the second player".to_owned(),
    }
}

/// The player to move when the game does not name them by the position
/// ([`Presentation::mover_name`]): in a partizan game by `name` (the player's
/// name), in an impartial one `first player`.
pub(crate) fn default_mover_name(kind: Kind, name: impl FnOnce() -> String) -> String {
    match kind {
        Kind::Partizan => name(),
        Kind::Impartial => "first player".to_owned(),
    }
}

/// A partizan player named with the side they play in the game's own terms, e.g.
/// `Left (vertical)` or `Right (o)`: `left` is what Left plays, `right` Right's; for
/// [`Presentation::mover_name`].
///
/// ```
/// use grundy_engine::game::Player;
/// use grundy_engine::ruleset::capability::side_name;
/// assert_eq!(side_name(Player::Right, "vertical", "horizontal"), "Right (horizontal)");
/// ```
pub fn side_name(player: Player, left: &str, right: &str) -> String {
    match player {
        Player::Left => format!("Left ({left})"),
        Player::Right => format!("Right ({right})"),
    }
}

/// A board a person plays by pointing, for the web playground.
pub trait WebBoard: Ruleset {
    /// The position drawn as data; `None` when this position has no drawing.
    fn board(&self, pos: &Self::Position) -> Option<Board>;

    /// The spots of [`board`](WebBoard::board) that `mv` touches, in the order a
    /// person points at them (a piece, then where it goes); pointing at them picks
    /// the move out of the legal ones.
    fn touches(&self, pos: &Self::Position, mv: &Self::Move) -> Vec<At> {
        let _ = (pos, mv);
        Vec::new()
    }

    /// The position after a person edits spot `at` by clicking it (cycling its
    /// content, adding a token); `None` when the spot cannot be edited.
    fn edit(&self, pos: &Self::Position, at: At) -> Option<Self::Position> {
        let _ = (pos, at);
        None
    }
}

/// What the engines that value a position by its parts (canonical forms by
/// [`ByParts`](super::ByParts), nimbers by `grundy_games::rules::nimbers`) use.
pub trait Parts: Ruleset {
    /// The positions `player` can move to from `pos`, in the order of
    /// [`moves`](Ruleset::moves): by default each legal move played (none once the
    /// game is over). A ruleset overrides it when it can build the positions without
    /// the moves.
    fn options(&self, pos: &Self::Position, player: Player) -> Vec<Self::Position> {
        default_options(self, pos, player)
    }

    /// Independent parts of `pos` whose values add up to its value (canonical forms
    /// add; nimbers XOR), parts where nobody can move left out (an empty list is 0).
    /// By default `pos` itself.
    fn components(&self, pos: &Self::Position) -> Vec<Self::Position> {
        vec![pos.clone()]
    }

    /// A representative of the symmetry class of `pos` (the same position for every
    /// image of it), and whether the value of `pos` is the negative of the
    /// representative's (a symmetry that swaps the players; never in an impartial
    /// game). By default `pos` itself, not negated.
    fn normalize(&self, pos: &Self::Position) -> (Self::Position, bool) {
        (pos.clone(), false)
    }

    /// The representative `rep` (as [`normalize`](Parts::normalize) gives it) as one
    /// word, if it fits in one and no other representative has the same word: the
    /// canonical-form engine's table then keeps 8 bytes for its key. By default
    /// `None` (the position itself is the key), always correct.
    fn word(&self, rep: &Self::Position) -> Option<u64> {
        let _ = rep;
        None
    }
}

/// Each legal move of `player` from `pos` played, none once the game is over.
pub(crate) fn default_options<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    player: Player,
) -> Vec<R::Position> {
    if rules.end(pos, player).is_some() {
        return Vec::new();
    }
    rules
        .moves(pos, player)
        .iter()
        .map(|mv| rules.play(pos, mv))
        .collect()
}

/// Tiers for the tiered solver ([`engine::tiers`](crate::engine::tiers)).
pub trait Tiers: Ruleset {
    /// The tier of `pos`, e.g. how many pieces are on the board, with the promise
    /// that **no move lowers the tier** (a move may keep it or raise it). The solver
    /// works one tier at a time, from the highest down, and refuses a move that
    /// breaks the promise; `None` for a position without a tier.
    fn tier(&self, pos: &Self::Position) -> Option<u32>;
}

/// The positions of each tier ranked: a bijection from the positions of a tier (of
/// one board's shape) to `0..tier_size`, as GamesmanOne's tier-position hashes, so
/// that a tier file ([`tier_files`](crate::engine::tier_files)) holds the results
/// alone, indexed by rank, and not the positions. The ranking may count positions
/// play never reaches (both players with a line): their slots stay empty.
pub trait Rank: Ruleset {
    /// How many ranks tier `tier` has among the positions shaped like `like` (the
    /// same board size); `None` when the tier cannot exist or its ranks pass `u64`.
    fn tier_size(&self, like: &Self::Position, tier: u32) -> Option<u64>;
    /// The rank of `pos` within its tier ([`Tiers::tier`]), below
    /// [`tier_size`](Rank::tier_size) of that tier; `None` if it has no rank.
    fn rank(&self, pos: &Self::Position) -> Option<u64>;
    /// The position of tier `tier` shaped like `like` whose rank is `rank`; `None`
    /// past the tier's size. `unrank(p, tier(p), rank(p))` is `p`.
    fn unrank(&self, like: &Self::Position, tier: u32, rank: u64) -> Option<Self::Position>;
    /// Whether every move goes from its tier to the next one (tier + 1), as every
    /// move of tic-tac-toe and Connect Four adds one mark: then a whole game (a root
    /// alone in its tier, such as the empty board) is solved rank by rank
    /// ([`engine::ranked`](crate::engine::ranked)), every ranked position of every
    /// tier from the root's up, with no position discovered or held. `false` by
    /// default.
    fn climbs_one(&self) -> bool {
        false
    }
    /// The game's own [`RankSpace`] for positions shaped like `like`: the same
    /// expansions as ranking and unranking positions one by one (the generic space,
    /// [`engine::ranked::RulesetRanks`](crate::engine::ranked::RulesetRanks)), found
    /// faster. `None` (the default): the generic space.
    fn rank_space(&self, like: &Self::Position) -> Option<Box<dyn RankSpace + '_>> {
        let _ = like;
        None
    }
}

/// How the position of one rank goes on, for [`RankSpace::expand`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expansion {
    /// The rank names no position (its slot stays empty).
    NoPosition,
    /// The game is over there, for the player to move.
    Over(End),
    /// The game goes on: the ranks of the positions its moves reach, in the next
    /// tier, were pushed.
    Moves,
}

/// A game's positions named by their tier and rank alone
/// ([`Rank`], with [`Rank::climbs_one`]): what the ranked tier solver reads.
pub trait RankSpace: Send + Sync {
    /// How the position of rank `rank` in tier `tier`, `to_move` to move, goes on;
    /// for [`Expansion::Moves`], the rank of each position a move reaches (in tier
    /// `tier + 1`; once per move, in any order) is pushed onto `children`, which the
    /// caller empties first.
    fn expand(&self, tier: u32, rank: u64, to_move: Player, children: &mut Vec<u64>) -> Expansion;

    /// [`expand`](Self::expand) for each rank of `ranks` in order, `each` called
    /// with the rank, its expansion and its children. A space may go through a range
    /// faster than rank by rank (the next rank's position from the last one's).
    fn expand_range(
        &self,
        tier: u32,
        ranks: std::ops::Range<u64>,
        to_move: Player,
        each: &mut dyn FnMut(u64, Expansion, &[u64]),
    ) {
        let mut children = Vec::new();
        for rank in ranks {
            children.clear();
            let e = self.expand(tier, rank, to_move, &mut children);
            each(rank, e, &children);
        }
    }
}

/// A search space of the game's own for the search engine
/// ([`engine::search`](crate::engine::search)): the same answers as the generic
/// space of its moves ([`RulesetSpace`](crate::engine::search::RulesetSpace)), found
/// faster (Connect Four's bitboards: wins found by shifts, the moves that do not lose
/// at once, moves ordered by the threats they make).
pub trait OwnSearch: Ruleset {
    /// `pos` with `to_move` to move and every legal move from it, solved exactly by
    /// [`search::solve`](crate::engine::search::solve) over the game's space with a
    /// table of `memory` bytes and within `nodes` nodes, calling `progress` with the
    /// nodes visited now and then.
    fn search(
        &self,
        pos: &Self::Position,
        to_move: Player,
        memory: u64,
        nodes: u64,
        progress: Option<&mut dyn FnMut(u64)>,
    ) -> Result<Searched<Self::Move>, Unsolved>;

    /// The best move of `pos` with `to_move` to move found with a table of `memory`
    /// bytes, within `nodes` nodes and the thread's deadline: with `prove`, by
    /// [`search::decide`](crate::engine::search::decide) (proven where the exact
    /// search finishes, else the best move of searches of growing depth); without,
    /// by those searches alone ([`Search::deepen`](crate::engine::search::Search::deepen)).
    /// Fails only on a memory out of range.
    fn guess(
        &self,
        pos: &Self::Position,
        to_move: Player,
        memory: u64,
        nodes: u64,
        prove: bool,
    ) -> Result<Guess<Self::Move>, Unsolved>;
}

/// The game's own method for a game with ties or cycles whose position is too big for
/// the retrograde engine (a closed form, or a search of its own).
pub trait OwnSolver: Ruleset {
    /// The result of `pos` for `to_move`, with its remoteness where the method finds
    /// it (`None` for a draw, or where it is not known), or why it is not known.
    ///
    /// The remoteness is the retrograde engine's: the moves to the end with the
    /// winner hurrying and the loser stalling, and for a tie the moves to the tie.
    /// The analysis checks every answer against its moves' (the best move's result
    /// is the position's, and the remoteness one more than the best move's).
    fn result(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<(GameResult, Option<u32>), Unsolved>;

    /// How [`result`](OwnSolver::result) finds its answer, for the analysis' words
    /// (e.g. `alpha-beta search with a transposition table`).
    fn result_method(&self) -> &'static str {
        "the ruleset's closed form"
    }
}

/// Who wins a position of a game without ties or cycles that is too big for the
/// game's closed form, by a search of the game's own that finds the result alone
/// (neither the value nor the remoteness): Domineering's boards past canonical
/// forms.
pub trait OutcomeSearch: Ruleset {
    /// Whether `to_move` wins `pos` moving first, with one winning move where it
    /// wins, and the positions the search visited, by a search with a table of
    /// `memory` bytes within the thread's deadline; or why it did not answer (the
    /// time limit, a position it does not take).
    fn wins_by_search(
        &self,
        pos: &Self::Position,
        to_move: Player,
        memory: u64,
    ) -> Result<(bool, Option<Self::Move>, u64), Unsolved>;

    /// Whether `to_move` wins `pos` moving first, with one winning move where it
    /// wins, and whether its opponent wins moving first, within the same memory and
    /// deadline. By default two calls of
    /// [`wins_by_search`](OutcomeSearch::wins_by_search); a search that keeps its
    /// table between the two questions answers the second with what the first proved.
    #[allow(clippy::type_complexity)]
    fn both_by_search(
        &self,
        pos: &Self::Position,
        to_move: Player,
        memory: u64,
    ) -> Result<(bool, Option<Self::Move>, bool), Unsolved> {
        let (wins, best, _) = self.wins_by_search(pos, to_move, memory)?;
        let (other, _, _) = self.wins_by_search(pos, to_move.opponent(), memory)?;
        Ok((wins, best, other))
    }

    /// How the search finds its answer, for the analysis' words (`solved_by`).
    fn search_method(&self) -> &'static str {
        "alpha-beta search with a transposition table, the result alone"
    }
}

/// Moves of positions that can have more moves than memory holds (a heap of 10^18
/// stones), listed a few at a time and counted without listing.
pub trait ManyMoves: Ruleset {
    /// The first `limit` legal moves of `player` from `pos`, in the order of
    /// [`moves`](Ruleset::moves), without listing the rest (by default `moves` cut
    /// to `limit`).
    fn first_moves(&self, pos: &Self::Position, player: Player, limit: usize) -> Vec<Self::Move> {
        let mut moves = self.moves(pos, player);
        moves.truncate(limit);
        moves
    }

    /// How many legal moves `to_move` has, without listing them; `None` when the
    /// ruleset does not count them.
    fn move_count(&self, pos: &Self::Position, to_move: Player) -> Option<u128> {
        let _ = (pos, to_move);
        None
    }

    /// The position `mv` of `player` leads to, or why `mv` is not legal in `pos`,
    /// without listing every move.
    fn play_checked(
        &self,
        pos: &Self::Position,
        player: Player,
        mv: &Self::Move,
    ) -> Result<Self::Position, IllegalMove> {
        default_play_checked(self, pos, player, mv)
    }
}

/// `mv` played when it is among the legal moves of `player`, else why not.
pub(crate) fn default_play_checked<R: Ruleset + ?Sized>(
    rules: &R,
    pos: &R::Position,
    player: Player,
    mv: &R::Move,
) -> Result<R::Position, IllegalMove> {
    if rules.end(pos, player).is_some() {
        return Err(IllegalMove::new("the game is over"));
    }
    if rules.moves(pos, player).contains(mv) {
        Ok(rules.play(pos, mv))
    } else {
        Err(IllegalMove::new(format!("{mv} is not a legal move here")))
    }
}

/// The positions of each size, for [`verify`](crate::verify).
pub trait Enumerate: Ruleset {
    /// What a size counts, e.g. `squares`.
    fn size_unit(&self) -> &'static str {
        "moves"
    }

    /// The sizes [`positions`](Enumerate::positions) can list: the smallest, and the
    /// largest that can finish on a machine like this one.
    fn sizes(&self) -> RangeInclusive<usize>;

    /// The positions of `size`; `None` for a size it does not list.
    fn positions(&self, size: usize) -> Option<Positions<'_, Self::Position>>;

    /// Who wins every position of `size`, from the ruleset's own exhaustive solver,
    /// for sizes where the memoised engine is too slow; `None` to use that engine.
    fn win_table(&self, size: usize) -> Option<WinTable<'_, Self::Position>> {
        let _ = size;
        None
    }
}

/// The Grundy sequence of a single heap, for a heap game.
pub trait HeapSequence: Ruleset {
    /// G(0), G(1), ... for `grundy sequence`: how to compute it (by which methods),
    /// the theorem that proves its period (if one is known), and the names its
    /// output and certificates use; `None` when these parameters have none.
    ///
    /// Whether a game has a sequence should not depend on its parameters: the
    /// registry lists the games that have one by building each with its example
    /// parameters (`grundy_games::registry::with_sequences`).
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>>;
}

/// How a game ended, from [`Ruleset::end`]: `Some(true)` when the player to move has
/// won, `Some(false)` when they have lost, `None` while the game goes on or when it
/// ended in a tie.
pub(crate) fn decided_of(end: Option<End>) -> Option<bool> {
    match end? {
        End::Win => Some(true),
        End::Lose => Some(false),
        End::Tie => None,
    }
}
