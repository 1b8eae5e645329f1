//! `grundy verify` run as a real binary: output and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn every_ruleset_agrees_on_small_sizes() {
    for (args, says) in [
        (
            &["pawns", "--max-size", "10"][..],
            "pawns (step 2): 2047 positions of 0 to 10 squares agree with the exhaustive engine",
        ),
        (
            &["pawns", "--max-size", "6", "--step", "3"][..],
            "pawns (step 3): 127 positions of 0 to 6 squares agree",
        ),
        (
            &["ab", "--max-size", "5"][..],
            "ab: 364 positions of 0 to 5 cells agree",
        ),
        (&["table", "--max-size", "3"][..], "table: "),
        (&["towers", "--max-size", "7"][..], "towers: "),
    ] {
        grundy()
            .arg("verify")
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains(says))
            .stdout(predicate::str::contains("time: "))
            .stderr("");
    }
}

#[test]
fn table_counts_every_cell_of_every_table() {
    // max(N, M) <= 2: tables 1x1 (4 boundary pairs, 3 cells each), 1x2 and 2x1 (8
    // pairs, 5 cells), 2x2 (16 pairs, 8 cells).
    let cells = 4 * 3 + 2 * 8 * 5 + 16 * 8;
    grundy()
        .args(["verify", "table", "--max-size", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "table: {cells} positions of 1 to 2 rows or columns agree"
        )));
}

#[test]
fn bad_arguments_exit_with_2() {
    grundy()
        .args(["verify", "pawns", "--max-size", "99"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "grundy: --max-size 99 is too large for pawns (step 2): at most",
        ));
    grundy()
        .args(["verify", "pawns", "--max-size", "4", "--step", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the step bound must be at least 1",
        ));
    grundy()
        .args(["verify", "ab", "--max-size", "4", "--step", "3"])
        .assert()
        .code(2)
        .stderr("grundy: --step applies to pawns only\n");
    grundy()
        .args(["verify", "table", "--max-size", "0"])
        .assert()
        .code(2)
        .stderr("grundy: --max-size 0 is too small for table: its positions start at 1 rows or columns\n");
    grundy()
        .args(["verify", "chess", "--max-size", "4"])
        .assert()
        .code(2);
    grundy()
        .args(["verify", "pawns", "--max-size", "-1"])
        .assert()
        .code(2);
}
