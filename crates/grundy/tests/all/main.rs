//! The library's integration tests, one test binary (one link of the library in the
//! optimised test profile): each game's exhaustive agreement and property tests, the
//! case files, published sequences and values, and the canonical-form engine.

mod cgt_common;
mod data;

mod ab;
mod adding_a_game;
mod amazons;
mod budget;
mod cases;
mod catalogue;
mod cgt_algebra;
mod cgt_engine;
mod cgt_laws;
mod cgt_notation;
mod cgt_nus;
mod cgt_published;
mod cgt_thermograph;
mod connect_four;
mod contract;
mod deadline;
mod digraph;
mod fox_geese;
mod grundy_game;
mod hackenbush;
mod hexadecimal;
mod misere;
mod octal_sparse;
mod partizan;
mod pawns;
mod problems;
mod published;
mod reachable_boards;
mod remoteness;
mod sequence_published;
mod sequence_resume;
mod sequence_soundness;
mod sources;
mod sums;
mod table;
mod tictactoe;
mod tiers;
mod toads_backsliding;
mod towers;
mod unsolved;
mod wythoff;
