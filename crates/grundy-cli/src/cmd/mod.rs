//! The subcommands, one per module.

use std::io;

pub mod analyze;
pub mod book;
pub mod check;
pub mod gen;
pub mod interact;
pub mod judge;
pub mod numbers;
pub mod play;
pub mod progress;
pub mod rules;
pub mod sequence;
pub mod serve;
pub mod solve;
#[cfg(feature = "mpi")]
pub mod solve_mpi;
pub mod stress;
pub mod validate;
pub mod value;
pub mod verify;

/// Whether `err` comes from writing to a closed pipe (as `grundy ... | head` does),
/// which ends a run quietly rather than as an error.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let kind = if let Some(e) = cause.downcast_ref::<io::Error>() {
            Some(e.kind())
        } else {
            // serde_json wraps the io error of a writer it writes to.
            cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}
