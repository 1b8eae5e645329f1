//! One module per subcommand.

pub mod analyze;
pub mod play;
pub mod verify;

/// Whether `err` comes from writing to a closed pipe, which is not an error.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
