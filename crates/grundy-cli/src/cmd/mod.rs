//! The subcommands, one per file.

pub mod play;
pub mod verify;

/// Whether `err` comes from writing to a closed pipe (e.g. `grundy ... | head`),
/// which ends a run quietly rather than as an error.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
