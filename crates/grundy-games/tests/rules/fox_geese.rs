//! Tests of `grundy_games::rules::fox_geese`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::board::cell_name;
use grundy_engine::ruleset::Ruleset;
use grundy_games::rules::fox_geese::*;

#[test]
fn notation_round_trips_and_errors_say_where() {
    let r = FoxAndGeese;
    let start = "...f....|........|........|........|........|........|........|g.g.g.g.";
    let y = r.parse_position(start).unwrap();
    let example = r.parse_position(SPEC.example).unwrap();
    assert_eq!(r.show_position(&example), SPEC.example);
    assert_eq!(r.show_position(&y), start);
    assert_eq!(y.geese().len(), 4);
    assert_eq!(cell_name(y.fox()), "d1");
    let col = |t: &str| r.parse_position(t).unwrap_err().column;
    // A piece on a light square (a1), a second fox, a fifth goose, no fox.
    assert_eq!(col("g...|....|....|f..."), 1);
    assert_eq!(col(".f.f|....|....|g..."), 4);
    assert_eq!(col(".f.g|g.g.|.g.g|...."), 14);
    assert_eq!(col("....|....|....|g.g."), 20);
    // A short row, an odd side, too many rows, a bad character.
    assert_eq!(col(".f..|...|....|g..."), 9);
    assert_eq!(col(".f.|...|g.."), 4);
    assert_eq!(col(".f..|....|....|g...|...."), 20);
    assert_eq!(col(".f..|..x.|....|g..."), 8);
    assert!(r.parse_position("").is_err());
    assert!(r.parse_position(&".".repeat(80)).is_err());
}

#[test]
fn moves_and_errors() {
    let r = FoxAndGeese;
    let y = r.parse_position(".f..|....|....|g.g.").unwrap();
    let names = |p| -> Vec<String> { r.moves(&y, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a4-b3", "c4-b3", "c4-d3"]);
    assert_eq!(names(Player::Right), ["b1-a2", "b1-c2"]);
    let mv = r.parse_move(&y, Player::Left, "c4-d3").unwrap();
    assert_eq!(r.show_position(&r.play(&y, &mv)), ".f..|....|...g|g...");
    for bad in ["c4-c3", "c4-b5", "b1-a2", "a4", "e5-d4", "c4 d3"] {
        assert!(r.parse_move(&y, Player::Left, bad).is_err(), "{bad}");
    }
    assert!(r.parse_move(&y, Player::Right, "b1-a2").is_ok());
    assert!(r.parse_move(&y, Player::Right, "a4-b3").is_err());
    // A trapped fox has no move.
    let trapped = r.parse_position(".f..|g.g.|....|....").unwrap();
    assert!(r.moves(&trapped, Player::Right).is_empty());
}

/// The classic 8×8 start, past the retrograde engine's budget: its minimax takes
/// many seconds, and stops at a deadline instead.
const CLASSIC: &str = "...f....|........|........|........|........|........|........|g.g.g.g.";

#[test]
fn the_minimax_stops_at_the_deadline() {
    use grundy_engine::ruleset::{OwnSolver, UnsolvedKind};
    use std::time::{Duration, Instant};
    let yard = FoxAndGeese.parse_position(CLASSIC).unwrap();
    let started = Instant::now();
    let at = started + Duration::from_millis(100);
    let why = grundy_values::deadline::within(at, || FoxAndGeese.result(&yard, Player::Right))
        .expect_err("the classic board is not solved in 100 ms");
    let took = started.elapsed();
    assert_eq!(why.kind, UnsolvedKind::OverTime, "{why}");
    assert!(
        took < Duration::from_secs(3),
        "stopped {took:?} after starting"
    );
}

/// Every question the front ends ask of the classic board (the server's analysis
/// with its moves, a move's check, the moves' values) ends soon after the deadline:
/// the analysis once answered the server's 422 at 10 s and computed on for another
/// minute.
#[test]
fn every_question_through_the_registry_stops_at_the_deadline() {
    use grundy_engine::engine::Budget;
    use grundy_games::registry::{build, Params};
    use std::time::{Duration, Instant};
    let game = build("fox-and-geese", &Params::new()).unwrap();
    let timed = |what: &str, ask: &dyn Fn()| {
        let started = Instant::now();
        grundy_values::deadline::within(started + Duration::from_millis(100), ask);
        let took = started.elapsed();
        assert!(took < Duration::from_secs(3), "{what}: {took:?}");
    };
    timed("analyze", &|| {
        let why = game.analyze(CLASSIC, Player::Right, 10).unwrap_err();
        assert!(why.to_string().contains("deadline"), "{why}");
    });
    timed("check_move", &|| {
        let _ = game.check_move(CLASSIC, Player::Right, "d1-c2");
    });
    timed("move_values", &|| {
        let _ = game.move_values(CLASSIC, Player::Left, 10, Budget::DEFAULT);
    });
}

#[test]
fn the_minimax_answers_without_a_deadline() {
    use grundy_engine::ruleset::OwnSolver;
    use std::time::{Duration, Instant};
    let yard = FoxAndGeese.parse_position(".f..|....|....|g.g.").unwrap();
    let far = Instant::now() + Duration::from_secs(3600);
    let within = grundy_values::deadline::within(far, || FoxAndGeese.result(&yard, Player::Left));
    assert_eq!(
        within.unwrap(),
        FoxAndGeese.result(&yard, Player::Left).unwrap()
    );
}
