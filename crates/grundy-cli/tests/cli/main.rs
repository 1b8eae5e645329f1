//! The `grundy` binary, run as a user runs it: one test binary for every command.

mod analyze;
mod book;
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
mod solve;
mod value;
mod verify;

use assert_cmd::Command;
use serde_json::Value;

/// The `grundy` binary, ready to be given arguments.
fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Runs `grundy analyze ARGS --json` and returns the parsed object.
fn analyze_json(args: &[&str]) -> Value {
    let out = grundy()
        .arg("analyze")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
