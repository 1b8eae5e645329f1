//! Amazons: every small board against plain game-tree search (outcome and each
//! player's winning moves, by `verify`); the region split and the symmetries against
//! the engine seeing only the moves; a value published with cgt-tools; notation
//! round trips by proptest.

use grundy::cgt::engine::{Engine, Limits};
use grundy::cgt::CanonicalForm;
use grundy::registry::{build, Params};
use grundy::rules::amazons::{AmazonMove, Amazons, Board};
use grundy::ruleset::RulesetExt;
use grundy::ruleset::{AsPartizan, Ruleset};
use grundy::Value;
use proptest::prelude::*;

use super::partizan::hooks_agree;

/// `grundy verify` on every board up to 6 squares (every rectangle, every filling
/// with `.`, `x`, `o` and `#`): the canonical form's outcome and each player's
/// winning moves against plain game-tree search of who wins.
#[test]
fn every_small_board_agrees_with_plain_search() {
    let rules = build("amazons", &Params::new()).unwrap();
    let report = rules.verify(6, &()).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    assert!(report.positions >= 19_000, "{}", report.positions);
}

/// The value of every board up to 6 squares with the region split and the
/// symmetry hook (the eight images of the rectangle and the colour swap) against
/// the engine seeing only the moves.
#[test]
fn component_and_symmetry_hooks_agree_with_the_plain_engine() {
    assert!(hooks_agree(&Amazons::default(), 6) >= 19_000);
}

/// The same on bigger boards with one amazon each, where the regions split only
/// after a few arrows: the 2×4 and 3×3 boards with the amazons in opposite corners
/// and a 3×4 board with two squares burned.
#[test]
fn bigger_boards_agree_with_the_plain_engine() {
    let rules = Amazons::default();
    let plain = AsPartizan(&rules);
    let engine = Engine::new(&plain, Limits::default());
    for text in [
        "x...|...o",
        "x..|...|..o",
        "x..#|....|.#.o",
        "x.o.|....|#...",
    ] {
        let board = rules.parse_position(text).unwrap();
        assert_eq!(
            rules.value(&board).unwrap(),
            Value::Canonical(engine.value(&board).unwrap()),
            "{text}"
        );
    }
}

/// A value published with cgt-tools' Amazons ruleset (t4ccer/cgt-tools,
/// `cgt/short/partizan/games/amazons.rs`, test `canonical_form`, "confirmed with
/// cgsuite"), read with our parser and compared as a game.
#[test]
fn a_value_published_with_cgt_tools() {
    let published: CanonicalForm =
        "{{6|{3|1, {3|0, {1/2|0}}}}, {6|{4*|-3, {3, {3|0, {1/2|0}}|-4}}}|-3, \
         {0, {0|-2}, {1|-3}|-5}, {0, {0, *|0, {0, {1/2, {1|0}|v}|v}}|-5}, {{2, {2|0}|0, {0, \
         {2|0, {2|0}}|0}}, {2, {3|0}|0, {0, {0, ^*|0}|-1}}, {{2|0}, {2|{1|1/4}, {2|0}}|v*, \
         {1/2|{{0|-1}, {*|-1}|-1}}, {{0, ^*|0}|-1}}, {{3|0}, {3|1, {2|0}}, {3, {3|1}|1, \
         {1|0, *}}|-1/16, {0|-1}, {*|-1}}|-5, {v, v*, {0, {0, ^*|0}|-1}|-5}, {{1/2|{-1/4, \
         {0|-1}, {*|-1}|-1}}, {{1|1/4}|{-1/4|-1}}, {{1|{1|0}, {1|*}}|-1/2}|-5}}}"
            .parse()
            .unwrap();
    let rules = build("amazons", &Params::new()).unwrap();
    let a = rules
        .analyze("x..#|....|.#.o", grundy::Player::Left, 0)
        .unwrap();
    assert_eq!(a.value.unwrap(), Value::Canonical(published));
}

fn grid_text(h: usize, w: usize, cells: &[u8]) -> String {
    cells
        .chunks(w)
        .take(h)
        .map(|row| std::str::from_utf8(row).unwrap())
        .collect::<Vec<_>>()
        .join("|")
}

proptest! {
    #[test]
    fn boards_and_moves_round_trip(
        h in 1usize..=8,
        w in 1usize..=8,
        cells in proptest::collection::vec(0u8..4, 64),
        squares in proptest::collection::vec((0u8..8, 0u8..8), 3),
    ) {
        let c: Vec<u8> = cells.iter().map(|&k| b".xo#"[usize::from(k)]).collect();
        let text = grid_text(h, w, &c);
        let board: Board = text.parse().unwrap();
        prop_assert_eq!(board.to_string(), text.as_str());
        let name = |(r, c): (u8, u8)| format!("{}{}", char::from(b'a' + c), r + 1);
        let text = format!("{}-{}/{}", name(squares[0]), name(squares[1]), name(squares[2]));
        if let Ok(mv) = text.parse::<AmazonMove>() {
            prop_assert_eq!(mv.to_string(), text);
        }
    }

    /// Any text either reads and prints back the same, or is refused at a column
    /// inside it (or just past its end).
    #[test]
    fn any_text_reads_back_or_is_refused_at_a_column(text in "[.#xo|a]{0,80}") {
        let len = text.chars().count();
        let rules = build("amazons", &Params::new()).unwrap();
        if let Err(e) = rules.check_position(&text) {
            prop_assert!(e.column >= 1 && e.column <= len + 1, "{text:?}: {e}");
        }
        if let Ok(b) = text.parse::<Board>() {
            prop_assert_eq!(b.to_string(), text.as_str());
        }
    }
}
