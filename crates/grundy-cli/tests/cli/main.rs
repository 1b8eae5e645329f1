//! The `grundy` binary, run as a user runs it: one test binary for every command.

mod analyze;
mod check;
mod families;
mod hostile;
mod judge;
mod loopy;
mod partizan;
mod play;
mod sequence;
mod serve;
mod setter;
mod value;
mod verify;
