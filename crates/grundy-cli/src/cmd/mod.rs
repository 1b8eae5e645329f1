//! The subcommands, one per file.

pub mod sequence;

/// Whether `err` comes from writing to a closed pipe (not an error for a command
/// whose reader stopped early, as in `grundy sequence ... | head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
