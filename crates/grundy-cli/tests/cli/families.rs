//! `grundy verify` and `grundy play` on the impartial families (Nim, subtraction,
//! octal, staircase), run as a real binary.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn verify_agrees_on_every_family() {
    for (args, says) in [
        (&["nim"][..], "nim: 256 positions of 0 to 8 tokens agree"),
        (
            &["staircase", "--bound", "2"][..],
            "staircase (bound 2): 256 positions of 0 to 8 coins plus steps agree",
        ),
        (
            &["subtraction", "--set", "1,3,4"][..],
            "subtraction (1,3,4): 256 positions of 0 to 8 tokens agree",
        ),
        (
            &["octal", "--code", "0.137"][..],
            "octal (0.137): 256 positions of 0 to 8 tokens agree",
        ),
    ] {
        grundy()
            .arg("verify")
            .args(args)
            .args(["--max-size", "8"])
            .assert()
            .success()
            .stdout(predicate::str::contains(says));
    }
}

#[test]
fn verify_wants_each_family_s_parameter_and_only_it() {
    grundy()
        .args(["verify", "octal", "--max-size", "3"])
        .assert()
        .code(2)
        .stderr("grundy: octal needs --code CODE, e.g. --code 0.77\n");
    grundy()
        .args(["verify", "nim", "--max-size", "3", "--set", "1,2"])
        .assert()
        .code(2)
        .stderr("grundy: --set applies to subtraction only\n");
    grundy()
        .args(["verify", "subtraction", "--set", "1,x", "--max-size", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "grundy: --set \"1,x\": character 3:",
        ));
    grundy()
        .args(["verify", "nim", "--max-size", "99"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 15 tokens"));
}

fn play(args: &[&str], input: &str) -> String {
    let out = grundy()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn nim_is_played_to_the_end() {
    // A single heap: take it all and win.
    let out = play(&["nim", "3", "--hints"], "1-4\n2-1\n1-3\nn\n");
    assert!(
        out.contains("Illegal move \"1-4\": take 1 to 3 stones from heap 1."),
        "{out}"
    );
    assert!(out.contains("Illegal move \"2-1\": there is no heap 2 (the heaps are 1 to 1)."));
    assert!(out.contains("  1-3  wins   (1 move)"), "{out}");
    assert!(out.contains("You play 1-3."), "{out}");
    assert!(out.contains("You win!"), "{out}");
}

#[test]
fn octal_moves_are_read_with_their_splits() {
    // Kayles on a row of 5: taking the middle pin leaves 2 + 2, a win.
    let out = play(&["octal", "5", "--code", "0.77"], "1-1=2+2\nquit\n");
    assert!(out.contains("You play 1-1=2+2."), "{out}");
    assert!(out.contains("position: 2,2"), "{out}");
    let out = play(&["octal", "5", "--code", "0.77"], "1-9\nquit\n");
    assert!(
        out.contains("Illegal move \"1-9\": not a legal move here"),
        "{out}"
    );
}

#[test]
fn staircase_and_subtraction_big_heaps_are_answered_at_once() {
    let out = play(
        &[
            "subtraction",
            "1000000,7",
            "--set",
            "1,3,4",
            "--you",
            "second",
        ],
        "quit\n",
    );
    assert!(out.contains("The engine (the first player) plays"), "{out}");
    let out = play(
        &["staircase", "3,0,2", "--bound", "2", "--you", "second"],
        "quit\n",
    );
    assert!(
        out.contains("The engine (the first player) plays 3-2."),
        "{out}"
    );
    grundy()
        .args(["play", "subtraction", "3"])
        .assert()
        .code(2)
        .stderr("grundy: subtraction needs --set S, e.g. --set 2,4,5\n");
}
