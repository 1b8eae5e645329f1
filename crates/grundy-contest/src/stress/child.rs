//! Runs a program on one input under a wall-clock limit, with bounded capture of
//! what it prints.
//!
//! The program runs in its own process group, so that on a time limit (or too much
//! output) the whole group is killed, including anything it started
//! (`sh -c ...`, `python3` under a wrapper script). Standard input is written from a
//! thread, so a program that answers before reading all its input cannot block the
//! run; a program that exits without reading it all is not an error.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use nix::sys::signal::{killpg, Signal};

use super::{Ending, Limits, Run, Runner};
use nix::unistd::Pid;
use wait_timeout::ChildExt;

/// How much of standard error is kept.
const STDERR_KEEP: usize = 4096;

/// Kills the process group `pid` (ignoring a group that is already gone): the
/// program and everything it started, for `stress` and `interact` alike.
pub fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// Runs `command` (program and arguments) on `input`.
pub fn run(command: &[OsString], input: &[u8], limits: Limits) -> io::Result<Run> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
    let start = Instant::now();
    let mut child: Child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let too_long = Arc::new(AtomicBool::new(false));
    thread::scope(|scope| {
        scope.spawn(move || {
            // A program may exit without reading its input: a broken pipe is fine.
            let _ = stdin.write_all(input);
        });
        let flag = Arc::clone(&too_long);
        let out = scope.spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 1 << 14];
            loop {
                match stdout.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) if kept.len() + n > limits.output => {
                        flag.store(true, Ordering::SeqCst);
                        kill_group(pid);
                        break;
                    }
                    Ok(n) => kept.extend_from_slice(&buf[..n]),
                }
            }
            kept
        });
        let err = scope.spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let room = STDERR_KEEP.saturating_sub(kept.len()).min(n);
                kept.extend_from_slice(&buf[..room]);
            }
            kept
        });
        let status = child.wait_timeout(limits.time)?;
        let timed_out = status.is_none();
        // Whatever the program left behind goes too, so the pipes close.
        kill_group(pid);
        let status = match status {
            Some(s) => s,
            None => child.wait()?,
        };
        let elapsed = start.elapsed();
        let stdout = out.join().unwrap_or_default();
        let stderr = err.join().unwrap_or_default();
        let ending = if too_long.load(Ordering::SeqCst) {
            Ending::OutputLimit
        } else if timed_out {
            Ending::TimedOut
        } else if let Some(code) = status.code() {
            Ending::Exited(code)
        } else {
            let n = status.signal().unwrap_or(0);
            Ending::Signalled(n, signal_name(n))
        };
        Ok(Run {
            ending,
            stdout,
            stderr,
            elapsed,
        })
    })
}

/// A program and its arguments, run on each input in its own process group.
#[derive(Clone, Debug)]
pub struct Program(pub Vec<OsString>);

impl Runner for Program {
    fn run(&mut self, input: &[u8], limits: Limits) -> io::Result<Run> {
        run(&self.0, input, limits)
    }

    fn name(&self) -> String {
        self.0
            .iter()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The name of signal `n`: `SIGSEGV`, or the number when unknown.
pub fn signal_name(n: i32) -> String {
    Signal::try_from(n).map_or_else(|_| format!("signal {n}"), |s| s.as_str().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn sh(script: &str, input: &[u8], seconds: f64) -> Run {
        let command: Vec<OsString> = ["sh", "-c", script].iter().map(OsString::from).collect();
        let limits = Limits {
            time: Duration::from_secs_f64(seconds),
            output: 1000,
        };
        run(&command, input, limits).unwrap()
    }

    #[test]
    fn endings_are_told_apart() {
        let ok = sh("cat", b"hello\n", 5.0);
        assert_eq!(
            (ok.ending, ok.stdout),
            (Ending::Exited(0), b"hello\n".to_vec())
        );
        let failed = sh("echo oops >&2; exit 3", b"", 5.0);
        assert_eq!(
            (failed.ending, failed.stderr),
            (Ending::Exited(3), b"oops\n".to_vec())
        );
        assert_eq!(
            sh("kill -SEGV $$", b"", 5.0).ending,
            Ending::Signalled(11, "SIGSEGV".to_owned())
        );
        assert_eq!(signal_name(11), "SIGSEGV");
        let slow = sh("sleep 10 & wait", b"", 0.2);
        assert_eq!(slow.ending, Ending::TimedOut);
        assert!(slow.elapsed < Duration::from_secs(5));
        assert_eq!(sh("yes", b"", 5.0).ending, Ending::OutputLimit);
        // Input that is never read is not an error.
        let input = vec![b'x'; 1 << 20];
        assert_eq!(sh("echo done", &input, 5.0).ending, Ending::Exited(0));
    }
}
