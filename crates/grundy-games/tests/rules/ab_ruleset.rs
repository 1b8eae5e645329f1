//! Tests of `grundy_games::rules::ab::ruleset`.

use grundy_engine::analysis::analyze;
use grundy_engine::game::Player;
use grundy_engine::ruleset::RulesetExt;
use grundy_engine::ruleset::{MoveError, Ruleset};
use grundy_games::registry::{build, Params};
use grundy_games::rules::ab::ruleset::*;
use grundy_games::rules::ab::{Ab, Row};
use grundy_values::values::Outcome;

fn row(s: &str) -> Row {
    s.parse().unwrap()
}

#[test]
fn rows_are_numbered_in_base_3() {
    assert_eq!(row_of(1 + 2 * 9, 3).to_string(), "A.B");
    let positions = Ab.positions(2).unwrap();
    let rows: Vec<String> = (0..positions.count)
        .map(|i| (positions.nth)(i).to_string())
        .collect();
    assert_eq!(rows, ["..", "A.", "B.", ".A", "AA", "BA", ".B", "AB", "BB"]);
    assert_eq!(Ab.positions(5).unwrap().count, 243);
}

#[test]
fn illegal_moves_are_explained() {
    let r = row("A..B.A..B");
    let err = |text: &str| {
        Ruleset::parse_move(&Ab, &r, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("4-3"), "there is no A on cell 4: A moves A letters");
    assert_eq!(
        err("1-0"),
        "not a move: \"0\" is not a cell number (write FROM-TO, e.g. 1-3)"
    );
    assert_eq!(err("13"), "not a move: no '-' (write FROM-TO, e.g. 1-3)");
    assert_eq!(err("6-5"), "the letter on cell 6 moves right");
    assert_eq!(
        err("1-5"),
        "cell 4 is taken: letters move over empty cells only"
    );
    assert_eq!(
        err("1-12"),
        "there is no cell 12 (the row has cells 1 to 9)"
    );
    let b = Ruleset::parse_move(&Ab, &r, Player::Right, "1-2").unwrap_err();
    assert_eq!(b.to_string(), "there is no B on cell 1: B moves B letters");
    assert!(matches!(b, MoveError::Illegal(_)));
    let mv = Ruleset::parse_move(&Ab, &r, Player::Left, "1-3").unwrap();
    assert_eq!(Ruleset::play(&Ab, &r, &mv).to_string(), "..AB.A..B");
}

#[test]
fn drawing_shows_directions() {
    assert_eq!(
        RulesetExt::drawing(&Ab, &row("A..B.A..B")),
        "A..B.A..B\n>  < >  <\n123456789"
    );
}

#[test]
fn players_are_a_and_b() {
    let game = build("ab", &Params::new()).unwrap();
    assert_eq!(game.player_name(Player::Left, Player::Right), "A");
    assert_eq!(game.player_name(Player::Right, Player::Left), "B");
    assert_eq!(game.parse_player("b"), Some(Player::Right));
    assert_eq!(game.parse_player("A"), Some(Player::Left));
    assert_eq!(game.parse_player("Left"), None);
}

#[test]
fn counts_match_the_moves() {
    for text in [
        "A..B.A..B",
        "",
        "B...",
        "A.AB...B",
        "..A..A..B.",
        "AB.BA..A",
    ] {
        for player in [Player::Left, Player::Right] {
            let r = row(text);
            let n = Ruleset::moves(&Ab, &r, player).len() as u128;
            assert_eq!(Ab.move_count(&r, player), Some(n), "{text} {player:?}");
        }
    }
}

#[test]
fn analysis_through_the_contract() {
    let a = analyze(&Ab, &row("A..B.A...B"), Player::Left, 100).unwrap();
    assert_eq!(a.game, "ab");
    assert_eq!(a.to_move, "A");
    assert!(a.to_move_wins);
    assert_eq!(a.other_to_move_wins, Some(true));
    assert_eq!(a.outcome, Some(Outcome::N));
    assert_eq!(a.value.unwrap().to_string(), "*");
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].mv, "6-7");
    assert_eq!(a.winning_moves[0].after, "A..B..A..B");
    assert_eq!(a.reduction["xor"], 1);
    let b = analyze(&Ab, &row("A....."), Player::Left, 2).unwrap();
    assert_eq!(b.winning_moves.len(), 2);
    assert_eq!(b.winning_move_count, Some(5));
    assert_eq!(
        b.explanation.last().unwrap(),
        "Only the first 2 of the 5 winning moves are listed."
    );
}

#[test]
fn closed_form_agrees_with_the_engine_through_the_registry() {
    let game = build("ab", &Params::new()).unwrap();
    let report = game.verify(6, &()).unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.positions, (0..=6).map(|n| 3u64.pow(n)).sum::<u64>());
    assert!(game.verify(15, &()).is_err());
}
