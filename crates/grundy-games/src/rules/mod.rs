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
//! | [`nim`] | Nim | impartial |
//! | [`subtraction`] | subtraction games, finite set S | impartial |
//! | [`octal`] | octal (take-and-break) games such as Kayles `0.77` | impartial |
//! | [`staircase`] | staircase Nim, optional bound k | impartial |
//! | [`wythoff`] | Wythoff's game: two heaps, take from one or equally from both | impartial |
//! | [`grundy_game`] | Grundy's game: split a heap into two unequal heaps | impartial |
//! | [`domineering`] | Domineering: vertical dominoes for Left, horizontal for Right | partizan (canonical forms) |
//! | [`hackenbush`] | Blue-Red-Green Hackenbush on trees (Blue-Red strings by sign expansion) | partizan (canonical forms) |
//! | [`toads`] | Toads and Frogs; with `--backsliding`, loopy | partizan (canonical forms; backsliding: retrograde, win/lose/draw) |
//! | [`clobber`] | Clobber: a stone clobbers a neighbour of the other colour | partizan (canonical forms) |
//! | [`cram`] | Cram: either player places a domino either way | impartial (values by regions) |
//! | [`toppling`] | Toppling Dominoes: topple a domino, and all beyond it fall | partizan (canonical forms) |
//! | [`cutcake`] | Cutcake: Left cuts between columns, Right between rows | partizan (integers, closed form) |
//! | [`konane`] | Konane: a stone jumps over stones of the other colour | partizan (canonical forms) |
//! | [`colouring`] | Snort and Col: colour the regions of a map | partizan (canonical forms) |
//! | [`amazons`] | Amazons: a queen's move, then an arrow that burns a square | partizan (canonical forms) |
//! | [`tictactoe`] | tic-tac-toe | impartial in the engines' sense (retrograde, with ties) |
//! | [`digraph`] | tokens on a directed graph | impartial, loopy (retrograde, Smith's values) |
//! | [`connect_four`] | Connect Four on small boards | impartial in the engines' sense (retrograde, alpha-beta) |
//! | [`fox_geese`] | Fox and Geese: geese (Left) step up, the fox (Right) any way, diagonally | partizan, loopy positions' graph (retrograde, win/lose) |
//!
//! [`heaps`] holds the heap notation that Nim, subtraction and octal games share;
//! [`canonical`] values partizan rulesets with the canonical-form engine, [`nimbers`]
//! impartial ones by their independent parts.

pub mod ab;
pub mod amazons;
pub mod canonical;
pub mod clobber;
pub mod colouring;
pub mod connect_four;
pub mod cram;
pub mod cutcake;
pub mod digraph;
pub mod domineering;
pub mod drawing;
pub mod fox_geese;
pub mod grid;
pub mod grundy_game;
pub mod hackenbush;
pub mod heaps;
pub mod konane;
pub mod marks;
pub mod nim;
pub mod nimbers;
pub mod octal;
pub mod pawns;
pub mod staircase;
pub mod stones;
pub mod subtraction;
pub mod table;
pub mod tictactoe;
pub mod toads;
pub mod toppling;
pub mod towers;
pub mod wythoff;

pub use crate::ruleset::notation::{self, Found, NotationError};
