//! Rulesets, one module each.
//!
//! Every module's documentation states the rules and the notation of positions and
//! moves. Positions parse from and print to that notation ([`std::str::FromStr`] and
//! [`std::fmt::Display`] round-trip). A ruleset value carries the game's parameters
//! and is separate from its positions.
//!
//! | module | game | kind |
//! |---|---|---|
//! | [`pawns`] | pawns on a strip (ADAPWNS), step bound k | impartial |
//! | [`table`] | the table game (TABGAME) | impartial |
//! | [`ab`] | the A-B token game (ABGAME) | partizan |
//! | [`towers`] | the game of towers (LEGOWARZ) | impartial (Nim) |
//! | [`simple`] | integers and Nim heaps, the yardsticks of values | partizan / impartial |

pub mod ab;
pub mod notation;
pub mod pawns;
pub mod simple;
pub mod table;
pub mod towers;

pub use notation::{Found, NotationError};
