//! The command-line readers of durations and counts: each flag's range, checked by
//! [`grundy::bounds`] so that the message names the flag and the range.

use std::time::Duration;

use grundy::bounds::{self, Range};

/// `sequence --time-limit`: 0 (no limit) to 30 days.
pub fn sequence_time(text: &str) -> Result<Duration, String> {
    bounds::seconds("--time-limit", text, grundy::sequence::TIME_LIMIT).map_err(|e| e.to_string())
}

/// The time limit of one run of a contestant's program (`stress`, `interact`):
/// a millisecond to an hour.
pub fn run_time(text: &str) -> Result<Duration, String> {
    bounds::seconds("--time-limit", text, grundy::stress::RUN_TIME).map_err(|e| e.to_string())
}

/// `stress --shrink-time`: 0 (no shrinking) to a day.
pub fn shrink_time(text: &str) -> Result<Duration, String> {
    bounds::seconds("--shrink-time", text, grundy::stress::SHRINK_TIME).map_err(|e| e.to_string())
}

/// `serve --budget`: a millisecond to an hour per request.
pub fn request_budget(text: &str) -> Result<Duration, String> {
    bounds::seconds("--budget", text, Range::new(0.001, 3600.0)).map_err(|e| e.to_string())
}

/// `analyze --time-limit`: 0 (no limit) to 30 days.
pub fn analyze_time(text: &str) -> Result<Duration, String> {
    bounds::seconds("--time-limit", text, grundy::sequence::TIME_LIMIT).map_err(|e| e.to_string())
}

/// `analyze --memory`: the search's table, from 1 KiB to 1 TiB.
pub fn search_memory(text: &str) -> Result<u64, String> {
    use grundy::engine::search::{MAX_MEMORY, MIN_MEMORY};
    bounds::count("--memory", text, MIN_MEMORY, MAX_MEMORY).map_err(|e| e.to_string())
}

/// `value --memory`: the bytes of forms a value computation may store, from 1 MiB
/// to 1 TiB.
pub fn value_memory(text: &str) -> Result<u64, String> {
    let (least, most) = grundy::cgt::VALUE_MEMORY_RANGE;
    bounds::count("--memory", text, least, most).map_err(|e| e.to_string())
}

/// `--memory BYTES`, the search's transposition table, as every searching command
/// takes it.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct Memory {
    /// The search's transposition table, in bytes (1024 to 2^40) [default: 64 MiB].
    #[arg(long, value_name = "BYTES", value_parser = search_memory)]
    memory: Option<u64>,
}

impl Memory {
    /// Runs `work` with the searches it starts given this memory (the default when
    /// none was asked for).
    pub fn with<T>(self, work: impl FnOnce() -> T) -> T {
        use grundy::engine::search::{with_memory, DEFAULT_MEMORY};
        with_memory(self.memory.unwrap_or(DEFAULT_MEMORY), work)
    }
}

/// The most requests `grundy serve` works on at once.
pub const MAX_WORKERS: u64 = 1024;

/// `serve --workers`: 1 to [`MAX_WORKERS`].
pub fn workers(text: &str) -> Result<usize, String> {
    bounds::count("--workers", text, 1, MAX_WORKERS)
        .map(|n| usize::try_from(n).expect("at most MAX_WORKERS"))
        .map_err(|e| e.to_string())
}

/// The longest explicit form `grundy value --explicit-limit` allows: 10^6
/// characters (a form grows exponentially with the birthday).
pub const MAX_EXPLICIT: u64 = 1_000_000;

/// `value --explicit-limit`: 0 to [`MAX_EXPLICIT`] characters.
pub fn explicit_limit(text: &str) -> Result<usize, String> {
    bounds::count("--explicit-limit", text, 0, MAX_EXPLICIT)
        .map(|n| usize::try_from(n).expect("at most MAX_EXPLICIT"))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_enforced_with_the_flag_in_the_message() {
        assert_eq!(sequence_time("0").unwrap(), Duration::ZERO);
        let err = sequence_time("1e20").unwrap_err();
        assert!(
            err.starts_with("--time-limit: expected seconds from 0 to"),
            "{err}"
        );
        assert!(run_time("0").is_err());
        assert!(shrink_time("1e20").unwrap_err().contains("--shrink-time"));
        assert_eq!(
            request_budget("0").unwrap_err(),
            "--budget: expected seconds from 0.001 to 3600, found 0"
        );
        assert_eq!(workers("8").unwrap(), 8);
        assert!(workers("2305843009213693952")
            .unwrap_err()
            .contains("1 to 1024"));
        assert!(workers("0").is_err());
        assert_eq!(search_memory("1024").unwrap(), 1024);
        assert!(search_memory("1023").unwrap_err().contains("--memory"));
        assert_eq!(value_memory("1048576").unwrap(), 1 << 20);
        assert!(value_memory("1048575").unwrap_err().contains("--memory"));
        assert!(value_memory("1099511627777")
            .unwrap_err()
            .contains("--memory"));
        assert!(analyze_time("-1").unwrap_err().contains("--time-limit"));
    }
}
