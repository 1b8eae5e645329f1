//! The partizan games with endless play or cycles in their positions' graph, run as
//! a user runs them: `toads --backsliding` (a switch without a value) and
//! `fox-and-geese`, in text and `--json`.

use predicates::prelude::*;
use serde_json::Value;

use crate::{analyze_json, grundy};

fn best(v: &Value) -> Vec<String> {
    v["best_moves"]
        .as_array()
        .expect("a list of best moves")
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn backsliding_toads_in_json() {
    // T.F: the toad steps up, the frog jumps it, the toad steps on, the frog steps
    // back, and the toad is stuck against the frog: a loss in 4 for Left, and by
    // symmetry for Right.
    let v = analyze_json(&["toads", "--backsliding", "T.F"]);
    assert_eq!(v["result"], "lose");
    assert_eq!(v["remoteness"], 4);
    assert_eq!(best(&v), ["1-2"]);
    assert_eq!(v["value"], Value::Null);
    assert!(v["solved_by"].as_str().unwrap().contains("retrograde"));
    assert_eq!(v["rules"], "backsliding");
    let r = analyze_json(&["toads", "T.F", "--backsliding", "--to-move", "Right"]);
    assert_eq!(
        (&r["result"], &r["remoteness"]),
        (&"lose".into(), &4.into())
    );
    // The plain game is unchanged: T.F is *, a win for whoever moves.
    let plain = analyze_json(&["toads", "T.F"]);
    assert_eq!(plain["value"], "*");
    assert_eq!(plain["result"], "win");
}

#[test]
fn backsliding_toads_can_draw() {
    // The pieces have passed each other and can only step back towards each other
    // and forwards again: neither side can force the other to run out of moves.
    let v = analyze_json(&["toads", "--backsliding", "FF..TT"]);
    assert_eq!(v["result"], "draw");
    assert_eq!(v["remoteness"], Value::Null);
    assert_eq!(best(&v), ["5-4"]);
}

#[test]
fn backsliding_toads_in_text() {
    grundy()
        .args(["analyze", "toads", "--backsliding", "T.F"])
        .assert()
        .success()
        .stdout(predicate::str::contains("toads (backsliding)"))
        .stdout(predicate::str::contains("result: lose"))
        .stdout(predicate::str::contains("remoteness 4"));
}

#[test]
fn the_switch_takes_no_value_and_belongs_to_toads() {
    grundy()
        .args(["analyze", "nim", "3", "--backsliding"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--backsliding applies to toads only",
        ));
    // `--backsliding true` reads `true` as a second position, which analyze refuses.
    grundy()
        .args(["analyze", "toads", "--backsliding", "true", "T.F"])
        .assert()
        .code(2);
}

#[test]
fn fox_and_geese_small_board() {
    let start = ".f..|....|....|g.g.";
    let geese = analyze_json(&["fox-and-geese", start]);
    let fox = analyze_json(&["fox-and-geese", start, "--to-move", "Right"]);
    for v in [&geese, &fox] {
        let result = v["result"].as_str().unwrap();
        assert!(["win", "lose"].contains(&result), "{v}");
        assert!(v["remoteness"].is_u64(), "{v}");
        assert!(v["solved_by"].as_str().unwrap().contains("retrograde"));
        assert_eq!(v["reduction"]["side"], 4);
    }
    assert_eq!(geese["to_move_wins"], geese["result"] == "win");
}

#[test]
fn fox_and_geese_bad_boards_say_where() {
    for (board, needle) in [
        ("g...|....|....|f...", "column 1"),
        (".f.f|....|....|g...", "column 4"),
        (".f..|....|....|g.g.|....", "column 20"),
        (".f.|...|g..", "column 4"),
    ] {
        grundy()
            .args(["analyze", "fox-and-geese", board])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}
