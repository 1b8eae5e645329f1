//! Tests of `grundy_games::rules::connect_four`.

use grundy_engine::engine::retrograde::GameResult;
use grundy_engine::engine::search::{Limits, Score};
use grundy_engine::game::Player;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{End, Ruleset};
use grundy_games::rules::connect_four::*;

#[test]
fn drops_fall_and_lines_end_the_game() {
    let c4 = ConnectFour;
    let p = c4.parse_position("....|....|....|....").unwrap();
    let q = c4.play(&p, &c4.parse_move(&p, Player::Left, "b").unwrap());
    assert_eq!(c4.show_position(&q), "....|....|....|.x..");
    // Where the mark lands, then the rest of its column (a click anywhere in it drops).
    assert_eq!(
        c4.touches(&q, &Drop(1)),
        vec![[2, 1], [0, 1], [1, 1], [3, 1]]
    );
    assert!(c4.parse_move(&p, Player::Left, "e").is_err());
    let won = c4.parse_position("x...|xo..|xo..|xo..").unwrap();
    assert_eq!(c4.end(&won, Player::Left), Some(End::Lose));
    assert!(c4.parse_position("x...|....").is_err());
    assert_eq!(centre_first(7), vec![3, 2, 4, 1, 5, 0, 6]);
}

#[test]
fn the_search_finds_a_threat() {
    let c4 = ConnectFour;
    let limits = Limits::default();
    // x to move has three in column a: a win at once.
    let p = c4.parse_position("....|x...|xo..|xoo.").unwrap();
    assert_eq!(c4.score(&p, limits).0, Ok(Score::win(1)));
    // o to move must block it, and then cannot be beaten on so small a board.
    let q = c4.parse_position("....|x...|xo..|xo..").unwrap();
    assert_ne!(
        c4.score(&q, limits).0.map(|s| s.result()),
        Ok(GameResult::Lose)
    );
}

#[test]
fn a_move_sequence_is_a_position() {
    let c4 = ConnectFour;
    let p = c4.parse_position("4453").unwrap();
    assert_eq!(
        c4.show_position(&p),
        ".......|.......|.......|.......|...o...|..oxx.."
    );
    let q = c4.parse_position("5x4:33").unwrap();
    assert_eq!(c4.show_position(&q), ".....|.....|..o..|..x..");
    // A digit outside the board, a full column, a move after four in a row.
    let e = c4.parse_position("4483").unwrap_err();
    assert_eq!(e.column, 3, "{e}");
    assert!(e.to_string().contains("from 1 to 7"), "{e}");
    let e = c4.parse_position("4444444").unwrap_err();
    assert_eq!(e.column, 7, "{e}");
    assert!(e.to_string().contains("not full"), "{e}");
    let e = c4.parse_position("12121213").unwrap_err();
    assert_eq!(e.column, 8, "{e}");
    assert!(e.to_string().contains("over"), "{e}");
    assert!(c4.parse_position("9x4:1").is_err());
}

/// A front end's progress reporter hears the analysis' search, and is dropped once
/// its work is over.
#[test]
fn the_analysis_reports_its_search_progress() {
    use grundy_engine::engine::search::with_progress;
    use std::cell::RefCell;
    use std::rc::Rc;
    let heard: Rc<RefCell<Vec<u64>>> = Rc::default();
    let sink = heard.clone();
    let game = grundy_games::registry::build("connect-four", &Default::default()).unwrap();
    let analysis = with_progress(
        move |nodes| sink.borrow_mut().push(nodes),
        || game.analyze("5x4:", Player::Left, 0),
    );
    assert!(analysis.is_ok());
    assert!(!heard.borrow().is_empty());
    assert!(heard.borrow().iter().all(|&n| n > 0));
    // The reporter is gone with its work: nobody else holds `heard`.
    assert_eq!(Rc::strong_count(&heard), 1);
}
