//! Tests of `grundy_games::rules::pawns::ruleset`.

use grundy_engine::dynamic::Params;
use grundy_engine::game::Player;
use grundy_engine::play::{Match, RulesetMatch, Seat, EXHAUSTIVE_LIMIT};
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{Convention, MoveError, Ruleset};
use grundy_games::rules::pawns::*;
use grundy_games::rules::pawns::{Board, PawnMove, Pawns};

#[test]
fn illegal_moves_are_explained() {
    let rules = Pawns::adapwns();
    let board: Board = "P.P.P".parse().unwrap();
    let err = |text: &str| {
        Ruleset::parse_move(&rules, &board, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert!(
        err("x").starts_with("not a move: character 1"),
        "{}",
        err("x")
    );
    assert_eq!(
        err("9-8"),
        "there is no square 9 (the board has squares 1 to 5)"
    );
    assert_eq!(err("4-3"), "there is no pawn on square 4");
    assert_eq!(
        err("3-4"),
        "not a move: character 3: expected a square left of 3, found \"4\" (write FROM-TO, e.g. 5-4)"
    );
    assert_eq!(err("5-2"), "a pawn moves at most 2 squares");
    assert_eq!(err("3-1"), "square 1 is taken");
    let packed: Board = ".PP".parse().unwrap();
    assert_eq!(
        Ruleset::parse_move(&rules, &packed, Player::Left, "3-1")
            .unwrap_err()
            .to_string(),
        "a pawn cannot jump over the pawn on square 2"
    );
    let one = Pawns::new(1).unwrap();
    let far = Ruleset::parse_move(&one, &board, Player::Left, "5-3").unwrap_err();
    assert_eq!(far.to_string(), "a pawn moves at most 1 square");
    assert_eq!(
        Ruleset::parse_move(&rules, &board, Player::Left, "5-4"),
        Ok(PawnMove { from: 4, to: 3 })
    );
    let MoveError::Notation { detail, .. } =
        Ruleset::parse_move(&rules, &board, Player::Left, "5-").unwrap_err()
    else {
        panic!("a notation error");
    };
    assert_eq!(detail.map(|d| d.column), Some(3));
}

#[test]
fn step_is_a_parameter_from_1() {
    let built = |step: &str| {
        (SPEC.build)(&Params::new().with("step", step), Convention::Normal).map(|r| r.title())
    };
    assert_eq!(built("3").unwrap(), "pawns (step 3)");
    assert_eq!(
        (SPEC.build)(&Params::new(), Convention::Normal)
            .unwrap()
            .title(),
        "pawns (step 2)"
    );
    assert_eq!(
        built("0").unwrap_err().to_string(),
        "step \"0\": the step bound must be at least 1, found 0"
    );
    assert_eq!(
        built("x").unwrap_err().to_string(),
        "step \"x\": the step bound must be a whole number of at least 1"
    );
}

#[test]
fn move_count_counts_every_move() {
    for (step, board) in [(2, "..P.P"), (1, "P...P.P"), (5, "......P..P"), (3, "")] {
        let rules = Pawns::new(step).unwrap();
        let board: Board = board.parse().unwrap();
        let moves = rules.legal_moves(&board).len() as u128;
        assert_eq!(rules.move_count(&board, Player::Left), Some(moves));
    }
}

#[test]
fn the_engine_wins_quickest_and_resists_longest() {
    let rules = Pawns::adapwns();
    // `..P.P`: 5-4 leaves `..PP.` (lost); the game then lasts 3 more moves.
    let mut m = RulesetMatch::new(&rules, "..P.P".parse().unwrap(), Player::Left);
    let hints = m.hints();
    let winning: Vec<&str> = hints
        .moves
        .iter()
        .filter(|h| h.wins)
        .map(|h| h.mv.as_str())
        .collect();
    assert!(!winning.is_empty());
    assert!(hints.moves.iter().all(|h| h.moves_left.is_some()));
    let first = m.engine_move().unwrap();
    assert!(winning.contains(&first.as_str()), "{first}");
    assert_eq!(m.to_move(), Seat::Second);
    // Whatever the second player does, the engine keeps winning.
    while m.winner().is_none() {
        if m.to_move() == Seat::Second {
            let h = m.hints();
            assert!(h.moves.iter().all(|h| !h.wins), "{h:?}");
            let mv = h.moves[0].mv.clone();
            m.play(&mv).unwrap();
        } else {
            m.engine_move();
        }
    }
    assert_eq!(m.winner(), Some(Seat::First));
    assert_eq!(m.ending(), "The second player has no move left and loses.");
    m.restart();
    assert_eq!(m.position(), "..P.P");
    assert_eq!(m.to_move(), Seat::First);
}

#[test]
fn big_boards_use_the_closed_form() {
    let rules = Pawns::adapwns();
    let board: Board = "..P.P.P...P".repeat(10).parse().unwrap();
    assert!(rules.reach(&board) > EXHAUSTIVE_LIMIT);
    let mut m = RulesetMatch::new(&rules, board.clone(), Player::Left);
    let wins_before = rules.nim_value(board.squares()) != 0;
    let hints = m.hints();
    assert!(hints.moves.iter().all(|h| h.moves_left.is_none()));
    assert_eq!(hints.moves.iter().any(|h| h.wins), wins_before);
    m.engine_move();
    let after: Board = m.position().parse().unwrap();
    if wins_before {
        assert_eq!(rules.nim_value(after.squares()), 0);
    }
}

#[test]
fn positions_are_numbered_by_their_pawns() {
    let rules = Pawns::adapwns();
    let p = rules.positions(5).unwrap();
    assert_eq!(p.count, 32);
    assert_eq!((p.nth)(20).to_string(), "..P.P");
    assert!(rules.win_table(MEMO_SQUARES).is_none());
    let table = rules.win_table(MEMO_SQUARES + 1).unwrap();
    let full: Board = "P".repeat(MEMO_SQUARES + 1).parse().unwrap();
    assert!(!table(&full));
    let one: Board = format!("{}.P", "P".repeat(MEMO_SQUARES - 1))
        .parse()
        .unwrap();
    assert!(table(&one));
}
