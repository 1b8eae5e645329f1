//! A program as the referee's opponent: run in a process group of its own, fed its
//! lines on standard input, its answers read on a thread (so that a silent program
//! times out), and stopped with everything it started when the game is over.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::{Answer, Opponent};
use crate::stress::child::kill_group;

/// The longest line read from the program (no move is longer).
const LINE_LIMIT: u64 = 4096;

/// A running program.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<io::Result<String>>,
}

impl Process {
    /// Starts `command` (program and arguments); its standard error is the caller's.
    pub fn start(command: &[OsString]) -> io::Result<Process> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
        let mut child = Command::new(program)
            .args(args)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match (&mut reader).take(LINE_LIMIT).read_line(&mut line) {
                    Ok(0) => break,
                    Ok(_) => {
                        if tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        break;
                    }
                }
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
        })
    }

    /// Closes the program's input, gives it `grace` to exit, then kills its process
    /// group and reaps it.
    pub fn finish(mut self, grace: Duration) {
        drop(self.stdin.take());
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        kill_group(self.child.id());
        let _ = self.child.wait();
    }
}

impl Opponent for Process {
    fn send(&mut self, line: &str) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_ok()
    }

    fn answer(&mut self, limit: Duration) -> Answer {
        match self.lines.recv_timeout(limit) {
            Ok(Ok(line)) => Answer::Line(line),
            Ok(Err(e)) => Answer::Failed(e.to_string()),
            Err(RecvTimeoutError::Timeout) => Answer::TimedOut,
            Err(RecvTimeoutError::Disconnected) => Answer::Ended(
                self.child
                    .wait()
                    .ok()
                    .map_or("unknown".into(), |s| s.to_string()),
            ),
        }
    }
}
