//! The subcommands, one per module.

use std::io;

pub mod analyze;
pub mod judge;
pub mod play;
pub mod verify;

/// Whether `err` comes from writing to a closed pipe (as `grundy ... | head` does),
/// which ends a run quietly rather than as an error.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
