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
    assert_eq!(v["parameters"], "backsliding");
    assert!(v.get("rules").is_none(), "the old name is gone: {v}");
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
        ("g...|....|....|f...", "row 1, column a (character 1)"),
        (".f.f|....|....|g...", "row 1, column d (character 4)"),
        (".f..|....|....|g.g.|....", "character 20"),
        (".f.|...|g..", "character 4"),
    ] {
        grundy()
            .args(["analyze", "fox-and-geese", board])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
}

/// The result for the other player moving first, in its own word: a draw is a draw
/// for either player here, where it was once printed as "loses" (the JSON had only
/// `other_to_move_wins: false`); each board against the same board with the other
/// player named to move.
#[test]
fn the_other_player_draws_where_the_game_is_a_draw() {
    for board in ["TTT..FFF", "FF..TT", "F..TFT", "FF.TT.", "T.F", "TT.F"] {
        let left = analyze_json(&["toads", "--backsliding", board]);
        let right = analyze_json(&["toads", "--backsliding", board, "--to-move", "Right"]);
        assert_eq!(left["other_to_move_result"], right["result"], "{board}");
        assert_eq!(right["other_to_move_result"], left["result"], "{board}");
        assert_eq!(
            left["other_to_move_wins"],
            right["result"] == "win",
            "{board}"
        );
        let word = match right["result"].as_str().unwrap() {
            "win" => "wins",
            "lose" => "loses",
            "draw" => "draws (neither player can end the game: endless play)",
            other => panic!("{board}: {other}"),
        };
        grundy()
            .args(["analyze", "toads", "--backsliding", board])
            .assert()
            .success()
            .stdout(predicate::str::contains(format!(
                "\nthe other player to move: {word}\n"
            )));
    }
    let v = analyze_json(&["toads", "--backsliding", "TTT..FFF"]);
    assert_eq!(v["other_to_move_result"], "draw");
    assert_eq!(v["other_to_move_wins"], false);
    // Without draws: the result agrees with other_to_move_wins.
    let v = analyze_json(&["ab", "A..B.A..B"]);
    assert_eq!(
        v["other_to_move_result"],
        if v["other_to_move_wins"] == true {
            "win"
        } else {
            "lose"
        }
    );
}

/// A position too big for every engine says which engines were skipped and why (the
/// size estimate of the game below against the engine's limit), not "stopped after 0
/// states" of an engine that never ran.
#[test]
fn a_position_too_big_names_the_engines_skipped_and_why() {
    grundy()
        .args([
            "analyze",
            "toads",
            "TTTTTTTTTT..........FFFFFFFFFF",
            "--backsliding",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "the retrograde engine was skipped: the game below this position has up to \
             11101993582680 positions by its size estimate, past the engine's limit of \
             1073741824 (RETRO_REACH); and toads has no closed form",
        ))
        .stderr(predicate::str::contains("stopped after 0").not());
}

/// An engine that was tried and stopped past its budget is named with where it
/// stopped.
#[test]
fn an_engine_past_its_budget_says_where_it_gave_up() {
    grundy()
        .args([
            "analyze",
            "toads",
            "TTTT....FFFF",
            "--backsliding",
            "--moves",
            "--budget",
            "100",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "the retrograde engine gave up after ",
        ))
        .stderr(predicate::str::contains(
            "positions, past its budget of 100 moves listed; and toads has no closed form",
        ));
}
