//! The engines: solvers that work for any game given by its moves, one module each.
//!
//! | engine | answers | limits | reached by |
//! |---|---|---|---|
//! | [`dag`] | a value evaluated bottom-up over every position below a root, each position once: the evaluator under `impartial`, `partizan`, `remoteness` and `graph` | acyclic games (a cycle panics; `graph` reports it); its own stack, so any depth | those engines, and the misère genus (`misere::genus`) |
//! | [`impartial`] | Grundy values and winning moves of an impartial game | acyclic; the game below the position held in memory, within a [`Budget`] of moves listed | the route's `exhaustive` engine (analyze, `value_of`, misère Grundy values); `verify` |
//! | [`partizan`] | outcome classes and winning moves of a partizan game | acyclic; the game below held in memory | `verify`, which checks the partizan closed forms against it |
//! | [`remoteness`] | how many moves are left under best play (the winner hurrying, the loser stalling), and the moves of best play | acyclic; the game below held in memory, within a [`Budget`] | the route's `remoteness` engine (analyze, `--moves`, play) |
//! | [`graph`] | Grundy values, remoteness and canonical forms of a game given by callbacks over numbered positions | acyclic (a cycle is reported, not panicked on); the first failure of the callbacks stops it | Python: games written in Python, analysed and played in the playground (`grundy-py`) |
//! | [`dense`] | win/loss, Grundy values or remoteness of every position `0..n` in one pass over a flat table, in parallel by stages | every move to a smaller index; the whole table in memory (1 bit, 1 byte or 2 bytes a position) | the pawns' positions by size (`win_table`, `grundy verify pawns`) |
//! | [`loopy`] | Smith's generalised Sprague-Grundy values of loopy impartial games, and sums answered from their parts | an impartial game given as lists of successors | `digraph`'s own solver (analyze, `--moves`, play) |
//! | [`retrograde`] | win, lose, tie or draw with remoteness of every state reachable from a root, in games with ties and cycles; the result packing the retrograde solvers share | every state and its moves both ways in memory (about 120–150 bytes a state), within a budget of moves listed | the route's `retrograde` engine (games with ties or cycles and no tiers: `digraph`, `toads --backsliding`, `fox-and-geese`) |
//! | [`search`] | win, lose or tie with remoteness, every move's score and the best moves, by alpha-beta search with a transposition table and null-window probes | acyclic; a table of fixed memory, within a budget of nodes and the thread's deadline | the route's `search` engine (positions too big for the retrograde engines: `connect-four`) |
//! | [`tiers`] | the same answers, one tier at a time, for games whose states fall into tiers no move lowers | a move that lowers its tier is refused; the explored tiers in memory (about 50 bytes a state), within a budget of moves listed | the route's `tiers` engine (`tictactoe`; `connect-four` goes to the search) |
//! | [`ranked`] | the tier files of a whole game (a root alone in its tier, every move climbing one tier: tic-tac-toe, Connect Four from the empty board), every ranked position of every tier solved slot by slot from the tier above, with no position discovered or held | the results of two tiers in memory (4 bytes a slot); positions play never reaches are solved too | `grundy solve --tiers` (one process or `--mpi`) from an empty board |
//! | [`tier_files`] | the same answers written one file per tier (results indexed by the ruleset's rank, or the positions listed), read back as a database without searching; a rerun reuses the complete files | from a root that is no whole game's start, the tiers discovered in memory first; each file's size, header and checksums checked (a ranked file a piece at a time, a question reading one block) | `grundy solve --tiers --out DIR`, `grundy analyze --db DIR` |
//! | [`tier_jobs`] | the tier files of a database as jobs several processes share: a schedule of the tiers ready (their tiers above finished), a big tier whose moves all leave it cut into parts of ranks, each part a checksummed file assembled into the tier's file; a rerun reuses finished tiers and parts | each process discovers the tiers in memory itself, but for a whole game (`ranked`: it holds the tier above its job's); tiers with moves inside them are never cut | `grundy solve --tiers --mpi` (rank 0 schedules, the ranks solve jobs), and its tests driving several workers by hand |
//!
//! Which engine answers a position is decided in one place, the routing table of
//! [`analysis::route`](crate::analysis::route), which `grundy analyze
//! --explain-engine` prints for a position; the closed forms and the games' own
//! solvers it also routes to are the games' capabilities, and the value sources
//! behind some closed forms (the canonical-form engine `cgt::engine`, the nimbers by
//! parts of `rules::nimbers`) live with the values and the games. Adding an engine is
//! a module here, a row of this table, and an entry of the routing table.
//!
//! Besides the engines: [`budget`], the work an exhaustive search may do, and for
//! the tests `testing`, a game given by lists and a seeded generator.

// The engines, one module each (the rows of the table above).
pub mod dag;
pub mod dense;
pub mod graph;
pub mod impartial;
pub mod loopy;
pub mod partizan;
pub mod ranked;
pub mod remoteness;
pub mod retrograde;
pub mod search;
pub mod tier_files;
pub mod tier_jobs;
pub mod tiers;

// What the engines share.
pub mod budget;
#[cfg(test)]
mod testing;

pub use budget::Budget;
pub use impartial::ImpartialSolver;
pub use partizan::PartizanSolver;
pub use remoteness::{PartizanRemotenessSolver, Remoteness, RemotenessSolver};
pub use retrograde::GameResult;
