//! `grundy analyze` run as a real binary.

use predicates::prelude::*;
use serde_json::Value;

use crate::{analyze_json, grundy};

fn moves(v: &Value) -> Vec<(String, String)> {
    v["winning_moves"]
        .as_array()
        .expect("a list of winning moves")
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_owned(),
                m["after"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

macro_rules! verdicts {
    ($($name:ident: [$($arg:expr),*] => wins $wins:expr, value $value:expr;)*) => {$(
        #[test]
        fn $name() {
            let v = analyze_json(&[$($arg),*]);
            assert_eq!(v["to_move_wins"], Value::Bool($wins));
            assert_eq!(v["value"], Value::String($value.into()));
            assert_eq!(moves(&v).is_empty(), !$wins, "winning moves iff the mover wins");
        }
    )*};
}

verdicts! {
    pawns_sample: ["pawns", "..P.P"] => wins true, value "*";
    pawns_lost: ["pawns", "P.PP"] => wins false, value "0";
    pawns_step_three: ["pawns", "...P", "--step", "3"] => wins true, value "*3";
    table_sample_cell: ["table", "101/01@2,2"] => wins true, value "*2";
    table_lost_cell: ["table", "101/01@1,3"] => wins false, value "0";
    ab_sample_won: ["ab", "A..B"] => wins true, value "*2";
    ab_sample_lost: ["ab", "A..B.A..B"] => wins false, value "0";
    ab_b_to_move: ["ab", "A..A", "--to-move", "B"] => wins false, value "2";
    towers_won: ["towers", "3:2,5:1"] => wins true, value "*2";
    towers_lost: ["towers", "1:3"] => wins false, value "0";
}

#[test]
fn after_is_in_the_input_notation_and_is_lost_for_the_opponent() {
    for args in [
        vec!["pawns", "..P.P"],
        vec!["table", "101/01@2,3"],
        vec!["ab", "A...B.A.B"],
        vec!["towers", "3:2,5:1"],
    ] {
        let v = analyze_json(&args);
        for (_, after) in moves(&v) {
            let mut next = args.clone();
            next[1] = &after;
            if args[0] == "ab" {
                next.extend(["--to-move", "B"]);
            }
            let w = analyze_json(&next);
            assert_eq!(w["to_move_wins"], Value::Bool(false), "{args:?} -> {after}");
        }
    }
}

#[test]
fn text_output_names_the_winner_and_the_moves() {
    grundy()
        .args(["analyze", "pawns", "..P.P"])
        .assert()
        .success()
        .stdout(predicate::str::contains("first player to move: wins"))
        .stdout(predicate::str::contains("Winning moves"));
    grundy()
        .args(["analyze", "ab", "A..B.A..B"])
        .assert()
        .success()
        .stdout(predicate::str::contains("A to move: loses"))
        .stdout(predicate::str::contains("No winning move"));
}

#[test]
fn bad_positions_exit_with_2_and_say_where() {
    for (args, needle) in [
        (
            vec!["pawns", "..X"],
            "character 3: expected '.' or 'P', found 'X'",
        ),
        (vec!["table", "101/01@3,1"], "character 8"),
        (vec!["ab", "A.C"], "character 3"),
        (vec!["towers", "3:2,x:1"], "character 5"),
        (vec!["pawns", "..P", "--step", "0"], "step"),
    ] {
        grundy()
            .arg("analyze")
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    grundy().args(["analyze", "chess", "e4"]).assert().code(2);
}

#[test]
fn help_shows_an_example_for_each_game() {
    let out = grundy().args(["analyze", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for game in ["pawns", "table", "ab", "towers"] {
        assert!(help.contains(&format!("grundy analyze {game} ")), "{game}");
    }
}

#[test]
fn limit_caps_the_listing_but_not_the_count() {
    // A has a reserve of 2 and B none, so A has several winning moves; listing one
    // keeps the count.
    let all = analyze_json(&["ab", "A......B.A..A"]);
    let total = all["winning_move_count"].as_u64().unwrap();
    assert!(total > 1, "{all}");
    assert_eq!(moves(&all).len() as u64, total);
    let cut = analyze_json(&["ab", "A......B.A..A", "--limit", "1"]);
    assert_eq!(cut["winning_move_count"].as_u64(), Some(total));
    assert_eq!(moves(&cut), moves(&all)[..1].to_vec());
    // A building of 10^18 towers: the count is exact, the listing short.
    let big = analyze_json(&["towers", "1:1000000000000000000", "--limit", "3"]);
    assert_eq!(moves(&big).len(), 3);
    assert!(big["winning_move_count"].as_u64().unwrap() > 1_000_000);
}

#[test]
fn moves_lists_every_legal_move_with_its_worth() {
    for args in [
        vec!["pawns", "..P.P"],
        vec!["table", "101/01@2,3"],
        vec!["ab", "A..B.A", "--to-move", "B"],
        vec!["towers", "1:2,2:1"],
    ] {
        let mut with_moves = args.clone();
        with_moves.push("--moves");
        let v = analyze_json(&with_moves);
        let listed = v["moves"].as_array().expect("a list of moves");
        assert!(!listed.is_empty(), "{args:?}");
        // The winning ones are exactly the winning moves, in the same order.
        let winning: Vec<(String, String)> = listed
            .iter()
            .filter(|m| m["wins"] == Value::Bool(true))
            .map(|m| {
                (
                    m["move"].as_str().unwrap().into(),
                    m["after"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(winning, moves(&v), "{args:?}");
        // Small games are solved exhaustively: remoteness is even exactly for wins.
        for m in listed {
            let r = m["remoteness"]
                .as_u64()
                .expect("remoteness of a small game");
            assert_eq!(r % 2 == 0, m["wins"] == Value::Bool(true), "{m}");
        }
    }
    // A huge city: values from the closed form, no remoteness, and a bounded listing.
    let v = analyze_json(&["towers", "1:1000000000000000000", "--moves", "--limit", "4"]);
    let listed = v["moves"].as_array().unwrap();
    assert_eq!(listed.len(), 4);
    assert!(listed.iter().all(|m| m["remoteness"].is_null()));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command as Std, Stdio};
    // Thousands of lines of JSON; the reader stops after the first bytes.
    let row = format!("A{}", ".".repeat(5000));
    for json in [true, false] {
        let mut cmd = Std::new(assert_cmd::cargo::cargo_bin("grundy"));
        cmd.args(["analyze", "ab", &row, "--moves", "--limit", "5000"]);
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe is closed here, while the command still has much to write.
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "json {json}: {:?}", out.status);
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_impartial_families_are_analysed_too() {
    for (args, wins) in [
        (vec!["nim", "3,5,7"], true),
        (vec!["nim", "1,2,3"], false),
        (vec!["subtraction", "7,9", "--set", "2,4,5"], true),
        (vec!["octal", "3,5", "--code", "0.77"], true),
        (vec!["staircase", "3,0,2", "--bound", "2"], true),
    ] {
        let v = analyze_json(&args);
        assert_eq!(v["to_move_wins"], Value::Bool(wins), "{args:?}");
        assert_eq!(moves(&v).is_empty(), !wins, "{args:?}");
    }
    grundy()
        .args(["analyze", "subtraction", "7"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--set"));
}

#[test]
fn a_ruleset_option_for_another_game_is_refused() {
    for (args, message) in [
        (
            vec!["nim", "3", "--code", "0.77"],
            "--code applies to octal only",
        ),
        (
            vec!["ab", "A.B", "--step", "3"],
            "--step applies to pawns only",
        ),
        (
            vec!["towers", "1:2", "--bound", "1"],
            "--bound applies to staircase only",
        ),
    ] {
        grundy()
            .arg("analyze")
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// `--misere`: misère Nim by Bouton's rule, in text and JSON.
#[test]
fn misere_nim() {
    grundy()
        .args(["analyze", "nim", "1,1,2", "--misere"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "outcome: N (misère play)   misère Grundy value: 2",
        ))
        .stdout(predicate::str::contains("  3-1  -> 1,1,1"));
    let out = grundy()
        .args(["analyze", "nim", "1,1,1", "--misere", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["convention"], "misere");
    assert_eq!(json["misere_grundy"], 0);
    assert_eq!(json["to_move_wins"], false);
    assert_eq!(json["value"], serde_json::Value::Null);
}

/// `--misere --moves`: each move's misère Grundy value after it in place of a value
/// (positions have none under misère play), and where it is unknown (a sum with a
/// wild Kayles heap, answered through the misère quotient) the move's verdict all the
/// same, each agreeing with the analysis of the position it leads to.
#[test]
fn misere_moves() {
    grundy()
        .args(["analyze", "nim", "1,1,2", "--misere", "--moves"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "for the mover, the misère Grundy value after, and the moves left",
        ))
        .stdout(predicate::str::contains(
            "  1-1  loses  value G⁻ 3  remoteness   2  -> 0,1,2",
        ))
        .stdout(predicate::str::contains(
            "  3-1  wins   value G⁻ 0  remoteness   3  -> 1,1,1",
        ));
    let json = analyze_json(&["octal", "9,8,5", "--code", "0.77", "--misere", "--moves"]);
    let listed = json["moves"].as_array().unwrap();
    assert!(listed.len() > 20, "{json}");
    let mut winning = 0;
    for m in listed {
        assert_eq!(m["value_after"], Value::Null, "{m}");
        let after = m["after"].as_str().unwrap();
        let then = analyze_json(&["octal", after, "--code", "0.77", "--misere"]);
        assert_eq!(m["wins"], !then["to_move_wins"].as_bool().unwrap(), "{m}");
        assert_eq!(m["misere_grundy_after"], then["misere_grundy"], "{m}");
        winning += usize::from(m["wins"] == true);
    }
    assert_eq!(json["winning_move_count"], winning, "{json}");
}

/// `--misere` on a partizan game: a clear error, exit 2.
#[test]
fn misere_partizan_refused() {
    grundy()
        .args(["analyze", "domineering", "..|..", "--misere"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--misere applies to impartial games only; domineering is partizan",
        ));
}

/// `grundy analyze GAME POSITION --explain-engine --json`: the route, parsed, after
/// checking that the document ends with a newline.
fn explain_json(args: &[&str]) -> Value {
    let out = grundy()
        .arg("analyze")
        .args(args)
        .args(["--explain-engine", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.ends_with(b"}\n"), "{args:?}: a final newline");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The engines of a route with their verdicts, in order.
fn verdicts(v: &Value) -> Vec<(String, String)> {
    v["engines"]
        .as_array()
        .expect("a list of engines")
        .iter()
        .map(|e| {
            (
                e["engine"].as_str().unwrap().to_owned(),
                e["verdict"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The conditions of the engine `name`, as text.
fn conditions(v: &Value, name: &str) -> Vec<String> {
    let engine = v["engines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["engine"] == name)
        .unwrap_or_else(|| panic!("no engine {name}"));
    engine["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["test"].as_str().unwrap().to_owned())
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn explain_engine_a_closed_form_answers_nim() {
    let v = explain_json(&["nim", "3,5,7"]);
    assert_eq!(v["answered_by"], "closed-form");
    assert_eq!(v["remoteness_by"], "remoteness");
    assert_eq!(v["reach"], 192);
    assert_eq!(v["ties"], false);
    assert_eq!(
        verdicts(&v),
        pairs(&[
            ("closed-form", "answered"),
            ("exhaustive", "not-needed"),
            ("search", "does-not-apply"),
            ("remoteness", "found-remoteness"),
        ])
    );
    assert_eq!(
        conditions(&v, "exhaustive"),
        [
            "kind() is Impartial",
            "reach(pos) = 192 <= ENGINE_REACH = 1048576"
        ]
    );
    grundy()
        .args(["analyze", "nim", "3,5,7", "--explain-engine"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "engines tried by analyze, in order:",
        ))
        .stdout(predicate::str::contains(
            "1. closed-form (the ClosedForm capability): answers",
        ))
        .stdout(predicate::str::contains(
            "     + capabilities().closed_form is some",
        ))
        .stdout(predicate::str::contains(
            "answered by closed-form; remoteness by remoteness",
        ));
}

#[test]
fn explain_engine_small_impartial_games_and_the_exhaustive_engine() {
    // Cram values a board region by region (its closed form); the exhaustive engine
    // would take the board, it is small.
    let v = explain_json(&["cram", "...|..."]);
    assert_eq!(v["answered_by"], "closed-form");
    assert_eq!(v["engines"][1]["applies"], true);
    assert_eq!(
        conditions(&v, "exhaustive")[1],
        "reach(pos) = 64 <= ENGINE_REACH = 1048576"
    );
    // Misère Grundy's game: heap 13 is wild and the game has no misère quotient, so
    // the closed form gives no answer and the exhaustive engine answers.
    let v = explain_json(&["grundy-game", "13", "--misere"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["answered_by"], "exhaustive");
    assert_eq!(
        verdicts(&v),
        pairs(&[
            ("closed-form", "no-answer"),
            ("exhaustive", "answered"),
            ("search", "does-not-apply"),
            ("remoteness", "found-remoteness"),
        ])
    );
    grundy()
        .args([
            "analyze",
            "grundy-game",
            "13",
            "--misere",
            "--explain-engine",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "1. closed-form (the ClosedForm capability): tried, no answer",
        ))
        .stdout(predicate::str::contains(
            "2. exhaustive (engine::impartial): answers",
        ));
}

#[test]
fn explain_engine_a_game_with_ties_goes_to_the_tiers() {
    let v = explain_json(&["tictactoe", "x..|.o.|..."]);
    assert_eq!(v["ties"], true);
    assert_eq!(v["answered_by"], "tiers");
    assert_eq!(v["remoteness_by"], "tiers");
    assert_eq!(
        verdicts(&v),
        pairs(&[
            ("search", "does-not-apply"),
            ("tiers", "answered"),
            ("retrograde", "does-not-apply"),
            ("own-solver", "does-not-apply"),
        ])
    );
    assert_eq!(
        conditions(&v, "tiers"),
        [
            "tier(pos) is some: 2",
            "reach(pos) = 2187 <= RETRO_REACH = 1073741824"
        ]
    );
    assert_eq!(
        conditions(&v, "retrograde")[0],
        "tier(pos) is none: it is 2"
    );
    assert_eq!(
        conditions(&v, "own-solver"),
        ["capabilities().solver is none"]
    );
    assert_eq!(
        v["engines"][0]["limit"],
        "within a table of 67108864 bytes (--memory) and the time limit"
    );
    assert_eq!(
        v["engines"][1]["limit"],
        "within RETRO_BUDGET = 8388608 moves listed"
    );
}

#[test]
fn explain_engine_a_position_no_engine_takes() {
    // The empty 7x6 Connect Four board: past the retrograde engines' reach, and
    // the search stops at the time limit of a second.
    let board = ".......|.......|.......|.......|.......|.......";
    let v = explain_json(&["connect-four", board, "--time-limit", "1"]);
    assert_eq!(v["answered_by"], Value::Null);
    assert_eq!(
        verdicts(&v),
        pairs(&[
            ("search", "no-answer"),
            ("tiers", "does-not-apply"),
            ("retrograde", "does-not-apply"),
            ("own-solver", "does-not-apply"),
        ])
    );
    assert!(conditions(&v, "tiers")[1].contains("> RETRO_REACH = 1073741824"));
    assert!(v["unsolved"].as_str().unwrap().contains("time limit"));
    // A big misère octal position: past the exhaustive engine's reach, and the
    // closed form knows no theory for it.
    let v = explain_json(&["octal", "40,40", "--code", "0.35", "--misere"]);
    assert_eq!(v["answered_by"], Value::Null);
    assert_eq!(
        verdicts(&v),
        pairs(&[
            ("closed-form", "no-answer"),
            ("exhaustive", "does-not-apply"),
            ("search", "does-not-apply"),
            ("remoteness", "does-not-apply"),
        ])
    );
    assert!(conditions(&v, "exhaustive")[1].contains("> ENGINE_REACH = 1048576"));
    // The text says so, and the command still succeeds: the explanation is the answer.
    grundy()
        .args([
            "analyze",
            "connect-four",
            board,
            "--explain-engine",
            "--time-limit",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("no engine answers: "));
}

#[test]
fn explain_engine_refuses_moves_and_bad_positions() {
    grundy()
        .args(["analyze", "nim", "3,5", "--explain-engine", "--moves"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    grundy()
        .args(["analyze", "nim", "3,x", "--explain-engine"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad nim position"));
}

#[test]
fn a_position_past_the_time_limit_gets_the_best_move_found_unproven() {
    // 4453 on 7x6 takes the search longer than a second: the answer is the best move
    // of the deepest search completed, never a result.
    let v = analyze_json(&["connect-four", "4453", "--time-limit", "1"]);
    assert_eq!(v["proven"], false, "{v}");
    assert_eq!(v["result"], Value::Null, "{v}");
    assert_eq!(v["remoteness"], Value::Null, "{v}");
    let mv = v["best_found"]["move"].as_str().unwrap();
    assert!(("a"..="g").contains(&mv), "{v}");
    assert!(v["best_found"]["depth"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(v["unsolved"]["kind"], "over_time", "{v}");
    grundy()
        .args(["analyze", "connect-four", "4453", "--time-limit", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Best found, not proven: "));
    // A position the search solves in time is proven.
    let v = analyze_json(&["connect-four", "31661212464", "--time-limit", "30"]);
    assert_eq!(
        (v["proven"].clone(), v["result"].clone()),
        (Value::Bool(true), "lose".into())
    );
}

/// Bad positions name the character that is wrong ("character N", not "column N",
/// beside a board's lettered columns) and what was found there: the
/// `X` of `3X2` (once "column 4 ... found the end"), the comma of an empty cake or
/// heap (once "expected 'x'" and "found the end"), and no echo of the text in
/// parentheses (once `()` for an empty vertex).
#[test]
fn bad_positions_name_what_is_found_where() {
    for (game, position, message) in [
        (
            "cutcake",
            "3X2",
            "character 2: expected 'x' between the width and the height (cakes are WxH, e.g. 3x2), found 'X'",
        ),
        ("cutcake", "3x2,", "character 5: expected a cake WxH, e.g. 3x2, found the end"),
        (",", ",3x2", "character 1: expected a cake WxH, e.g. 3x2, found ','"),
        ("cutcake", "3x2,,1x1", "character 5: expected a cake WxH, e.g. 3x2, found ','"),
        ("cutcake", "3", "character 2: expected 'x' between the width and the height (cakes are WxH, e.g. 3x2), found the end"),
        ("cutcake", "x2", "character 1: expected a side from 1 to"),
        ("nim", "1,,1", "character 3: expected a heap size (digits), found ','"),
        ("nim", ",1", "character 1: expected a heap size (digits), found ','"),
        ("nim", "1,", "character 3: expected a heap size (digits), found the end"),
        ("digraph", "0>1@", "character 5: expected a vertex number 0 to 127, found the end"),
        ("digraph", "0>x@0", "character 3: expected a vertex number 0 to 127, found \"x\""),
        ("digraph", "0>1,,1>2@0", "character 5: expected an edge A>B, e.g. 0>1, found ','"),
        // A vertex or number left out in the middle: the separator in its place.
        ("digraph", "0>,1@0", "character 3: expected a vertex number 0 to 127, found ','"),
        ("digraph", ">1@0", "character 1: expected a vertex number 0 to 127, found '>'"),
        ("digraph", "0>1,>2@0", "character 5: expected a vertex number 0 to 127, found '>'"),
        ("digraph", "0>1@,0", "character 5: expected a vertex number 0 to 127, found ','"),
        ("digraph", "0>1@0,,1", "character 7: expected a vertex number 0 to 127, found ','"),
        ("table", "/01@1,1", "character 1: expected a boundary string of '0' and '1', found '/'"),
        ("table", "01/01@,1", "character 7: expected a row number X, found ','"),
        // A board names the cell by its row (from the top) and column letter, as its
        // moves do, beside the character; a board wrong as a whole names no character.
        ("tictactoe", "x..|.q.|...", "row 2, column b (character 6): expected a cell: x, o or ."),
        ("domineering", "..#|.?.", "row 2, column b (character 6): expected '.' (empty) or '#'"),
        ("fox-and-geese", "g...|....|....|f...", "row 1, column a (character 1): expected '.': a1 is a light square"),
        ("connect-four", "x...|....", "the position: expected a board reached by play: pieces fall"),
    ] {
        let game = if game == "," { "cutcake" } else { game };
        let out = grundy()
            .args(["analyze", game, "--", position])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game} {position}: {stderr}");
        assert!(
            stderr.contains(&format!("bad {game} position {position:?}: {message}")),
            "{game} {position}: {stderr}"
        );
        assert!(!stderr.contains("()"), "{game} {position}: {stderr}");
    }
}

/// The player to move is named in the game's own terms, in the text's "... to move"
/// line and in JSON's `to_move`: the mark a tic-tac-toe or Connect Four board gives
/// them (o, not "first player", once x has played), the side and what it plays in a
/// partizan game, the seat in an impartial game whose position does not name them.
#[test]
fn the_mover_is_named_in_the_games_own_terms() {
    for (args, mover) in [
        (vec!["tictactoe", "x..|...|..."], "o"),
        (vec!["tictactoe", "xo.|...|..."], "x"),
        (vec!["connect-four", "....|....|....|x..."], "o"),
        (vec!["domineering", "..|.."], "Left (vertical)"),
        (
            vec!["domineering", "..|..", "--to-move", "Right"],
            "Right (horizontal)",
        ),
        (vec!["clobber", "xo"], "Left (x)"),
        (vec!["hackenbush", "B", "--to-move", "Right"], "Right (red)"),
        (vec!["toads", "T.F"], "Left (toads)"),
        (vec!["ab", "A..B", "--to-move", "B"], "B"),
        (vec!["nim", "3,5"], "first player"),
    ] {
        let v = analyze_json(&args);
        assert_eq!(v["to_move"], mover, "{args:?}: {v}");
        grundy()
            .arg("analyze")
            .args(&args)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("\n{mover} to move: ")));
    }
}

/// The four results are defined where they are printed: a full board is a tie, a
/// draw is endless play.
#[test]
fn the_help_of_analyze_check_and_play_defines_tie_and_draw() {
    for command in ["analyze", "check", "play"] {
        grundy()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("tie, the game ends"))
            .stdout(predicate::str::contains(
                "a full tic-tac-toe or Connect Four board",
            ))
            .stdout(predicate::str::contains(
                "draw, neither player can end the game",
            ))
            .stdout(predicate::str::contains("play goes on forever"));
    }
}
