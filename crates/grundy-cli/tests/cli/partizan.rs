//! The partizan games valued by canonical forms (domineering, toads, hackenbush,
//! clobber) and ab's canonical form, through `grundy analyze`, `play` and `verify`.

use predicates::prelude::*;
use serde_json::Value;

use crate::{analyze_json, grundy};

#[test]
fn text_reports_the_canonical_form_invariants_and_winning_moves() {
    grundy()
        .args(["analyze", "domineering", "..|.."])
        .assert()
        .success()
        .stdout(predicate::str::contains("Left (vertical) to move: wins"))
        .stdout(predicate::str::contains("outcome: N   value: +-1"))
        .stdout(predicate::str::contains("canonical form: +-1"))
        .stdout(predicate::str::contains(
            "left stop: 1   right stop: -1   mean: 0   temperature: 1   birthday: 2",
        ))
        .stdout(predicate::str::contains(
            "Winning moves (2):\n  a1-a2  -> #.|#.\n  b1-b2  -> .#|.#\n",
        ));
    grundy()
        .args(["analyze", "toads", "T.TFF", "--to-move", "Right"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Right (frogs) to move: loses"))
        .stdout(predicate::str::contains("canonical form: ^"))
        .stdout(predicate::str::contains("No winning move"));
}

#[test]
fn json_has_the_canonical_form_and_invariants() {
    for (args, form, outcome, explicit) in [
        (vec!["domineering", "..|.."], "+-1", "N", "{{{|}|}|{|{|}}}"),
        (vec!["toads", "T.TFF"], "^", "L", "{{|}|{{|}|{|}}}"),
        (vec!["hackenbush", "BR,RB"], "0", "P", "{|}"),
        (vec!["clobber", "xo"], "*", "N", "{{|}|{|}}"),
        (vec!["ab", "A..A"], "2", "L", "{{{|}|}|}"),
    ] {
        let v = analyze_json(&args);
        assert_eq!(v["canonical_form"], form, "{args:?}");
        assert_eq!(v["value"], form, "{args:?}");
        assert_eq!(v["outcome"], outcome, "{args:?}");
        assert_eq!(v["explicit"], explicit, "{args:?}");
        for field in ["left_stop", "right_stop", "mean", "temperature"] {
            assert!(v[field].is_string(), "{args:?}: {field}");
        }
        assert!(v["birthday"].is_u64(), "{args:?}");
    }
    let v = analyze_json(&["hackenbush", "BBR"]);
    assert_eq!(
        (
            &v["left_stop"],
            &v["right_stop"],
            &v["mean"],
            &v["temperature"]
        ),
        (
            &Value::from("3/2"),
            &Value::from("3/2"),
            &Value::from("3/2"),
            &Value::from("-1/2")
        )
    );
    // ab keeps its value notation and adds the canonical form.
    let v = analyze_json(&["ab", "A..A.A...B"]);
    assert_eq!(
        (&v["value"], &v["canonical_form"]),
        (&Value::from("2 + *3"), &Value::from("2*3"))
    );
    // Impartial games have no canonical-form fields.
    let v = analyze_json(&["nim", "1,2"]);
    assert!(v.get("canonical_form").is_none(), "{v}");
}

#[test]
fn bad_positions_exit_with_2_and_name_the_column() {
    for (args, needle) in [
        (
            vec!["domineering", "..|.x"],
            "row 2, column b (character 5): expected",
        ),
        (
            vec!["domineering", "...|.."],
            "character 7: expected '.' (empty) or '#' (filled): every row has 3 cells",
        ),
        (vec!["toads", "TT.QF"], "character 4"),
        (vec!["hackenbush", "BR,,B"], "character 4"),
        (vec!["clobber", "xo|o"], "character 5"),
        (vec!["clobber", "........."], "character 9"),
    ] {
        grundy()
            .arg("analyze")
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

#[test]
fn verify_checks_the_engine_against_plain_search() {
    for (game, size) in [
        ("domineering", "6"),
        ("toads", "5"),
        ("hackenbush", "6"),
        ("clobber", "4"),
    ] {
        grundy()
            .args(["verify", game, "--max-size", size])
            .assert()
            .success()
            .stdout(predicate::str::contains("agree with the exhaustive engine"));
    }
}

#[test]
fn play_a_short_game() {
    // Left cuts the only blue edge of BR; Right, the engine, has no red edge left.
    let out = grundy()
        .args(["play", "hackenbush", "BR"])
        .write_stdin("1:1\nn\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("You win!"), "{out}");
    // On the 2x2 board Left's a1-a2 leaves a column of two cells: Right, the
    // engine, has no horizontal move and loses.
    let out = grundy()
        .args(["play", "domineering", "..|.."])
        .write_stdin("a1-a3\na1-a2\nn\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Illegal move \"a1-a3\""), "{out}");
    assert!(out.contains("You win!"), "{out}");
}
