//! The game contract and everything that serves a game through it.
//!
//! A game implements one trait, [`Ruleset`]: its notation and its moves are
//! required, everything else (closed forms, winning moves, explanations, components
//! and symmetries, sizes for verification, a heap sequence) is optional. Every
//! engine and service here works for every ruleset, through adapters
//! ([`ruleset::AsImpartial`], [`ruleset::AsPartizan`], [`ruleset::ByParts`]) and the
//! dyn-compatible facade [`DynRuleset`]:
//!
//! - [`ruleset`]: the contract, its errors and notation helpers;
//! - [`game`]: the engines' view of a game ([`Impartial`], [`Partizan`]);
//! - [`engine`]: exhaustive, memoised solvers that work for any game;
//! - [`analysis`]: the report that explains a position to a person or a script;
//! - [`play`]: a person against the perfect engine, move by move;
//! - [`verify`]: every closed form checked against the engine, position by position;
//! - [`sequence`]: Grundy sequences of heap games and their proven periods, with an
//!   independent checker and certificates;
//! - [`dynamic`]: any ruleset behind one dyn-compatible facade, and the spec
//!   (name, parameters, builder) a game is registered by;
//! - [`report`]: the JSON objects the commands print, shared with the server;
//! - [`files`]: files written whole, through an exclusive temporary and a rename.
//!
//! The games themselves are in `grundy-games`; the facade crate `grundy` re-exports
//! every layer.
#![warn(missing_docs)]
// No unsafe code but the search table's two hints to the processor and the system
// (a prefetch, huge pages: engine/search/table.rs), each measured to pay.
#![deny(unsafe_code)]

pub mod analysis;
pub mod book;
pub mod dynamic;
pub mod engine;
pub mod files;
pub mod game;
pub mod misere;
pub mod play;
pub mod report;
pub mod ruleset;
pub mod sequence;
pub mod verify;

use grundy_values::{cgt, deadline, parallel, values};

pub use analysis::{Analysis, MoveReport};
pub use dynamic::DynRuleset;
pub use game::{Game, Impartial, Partizan, Player};
pub use ruleset::Ruleset;
