//! Tests of `grundy_games::rules::towers::ruleset`.

use grundy_engine::analysis::analyze;
use grundy_engine::game::Player;
use grundy_engine::play::{Match, RulesetMatch, Seat};
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::registry::{build, Params};
use grundy_games::rules::towers::{City, TowerMove, Towers};

fn city(s: &str) -> City {
    s.parse().unwrap()
}

#[test]
fn illegal_moves_are_explained() {
    let c = city("3:2,0:1");
    let err = |text: &str| {
        Ruleset::parse_move(&Towers, &c, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("1-2"),
        "not a move: no ':' (write BUILDING:HEIGHT-BLOCKS, e.g. 1:4-2)"
    );
    assert_eq!(
        err("1:2"),
        "not a move: no '-' (write BUILDING:HEIGHT-BLOCKS, e.g. 1:4-2)"
    );
    assert_eq!(
        err("x:3-1"),
        "not a move: the building \"x\" is not a number (write BUILDING:HEIGHT-BLOCKS, \
             e.g. 1:4-2)"
    );
    assert_eq!(
        err("1:400000000000000000000000000000000000000-1"),
        "not a move: the height 400000000000000000000000000000000000000 is too large"
    );
    assert_eq!(err("3:3-1"), "there is no building 3 (there are 2)");
    assert_eq!(
        err("1:5-1"),
        "building 1 has no tower of 5 blocks (its towers have 3 to 4)"
    );
    assert_eq!(err("1:3-4"), "take 1 to 3 blocks from a tower of 3");
    assert_eq!(err("2:0-1"), "take 1 to 0 blocks from a tower of 0");
    assert_eq!(
        Ruleset::parse_move(&Towers, &city("3:0"), Player::Left, "1:3-1")
            .unwrap_err()
            .to_string(),
        "building 1 has no towers"
    );
    assert_eq!(
        Ruleset::parse_move(&Towers, &c, Player::Left, "1:4-2"),
        Ok(TowerMove {
            building: 0,
            height: 4,
            remove: 2
        })
    );
}

#[test]
fn drawings() {
    assert_eq!(
        RulesetExt::drawing(&Towers, &city("3:2,0:1")),
        "building 1:  3 ###\n             4 ####\nbuilding 2:  0"
    );
    assert_eq!(
        RulesetExt::drawing(&Towers, &city("5:1000000000000")),
        "building 1: 1000000000000 towers of 5 to 1000000000004 blocks"
    );
    assert_eq!(RulesetExt::drawing(&Towers, &city("")), "(no buildings)");
}

#[test]
fn seats_are_alice_and_bob() {
    let game = build("towers", &Params::new()).unwrap();
    assert_eq!(game.player_name(Player::Left, Player::Left), "Alice");
    assert_eq!(game.player_name(Player::Right, Player::Left), "Bob");
    let m = game
        .start_match("1:1", Player::Left, grundy_engine::engine::Budget::DEFAULT)
        .unwrap();
    assert_eq!(m.seat_name(Seat::First), "Alice");
    assert_eq!(m.seat_name(Seat::Second), "Bob");
}

#[test]
fn huge_cities_are_played_at_once() {
    let c = city("5:1000000000000000000,7:3");
    let mut m = RulesetMatch::new(&Towers, c.clone(), Player::Left);
    assert_eq!(m.winner(), None);
    let hints = m.hints();
    assert!(hints.more_losing > 0);
    let wins = c.nim_value() != 0;
    assert_eq!(!hints.moves.is_empty(), wins);
    assert!(hints.moves.iter().all(|h| h.wins));
    m.engine_move();
    let after: City = m.position().parse().unwrap();
    assert_eq!(after.nim_value() == 0, wins);
    assert_eq!(m.to_move(), Seat::Second);
    // Every move of Bob's loses: the engine, for Bob, takes one block.
    let bob = m.hints();
    assert!(bob.moves.is_empty() && bob.more_winning == 0, "{bob:?}");
    assert!(m.play("1:4-1").is_err());
    assert_eq!(m.play("1:5-1"), Ok("1:5-1".to_owned()));
}

#[test]
fn huge_cities_list_their_first_moves() {
    let game = build("towers", &Params::new()).unwrap();
    let moves = game
        .move_values(
            "1:1000000000000000000",
            Player::Left,
            3,
            grundy_engine::engine::Budget::DEFAULT,
        )
        .unwrap();
    let names: Vec<&str> = moves.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(names, ["1:1-1", "1:2-1", "1:2-2"]);
    let c = city("1:1000000000000000000");
    assert_eq!(
        Towers.move_count(&c, Player::Left),
        Some(10u128.pow(18) * (10u128.pow(18) + 1) / 2)
    );
    assert!(RulesetExt::winning_moves(&Towers, &c, Player::Left).is_err());
    let max = u64::MAX;
    let too_many = city(&format!("{max}:{max}"));
    assert_eq!(Towers.move_count(&too_many, Player::Left), Some(u128::MAX));
    assert_eq!(Towers.reach(&too_many), u128::MAX);
    assert_eq!(Towers.reach(&city("3:2")), 8 * 10);
}

#[test]
fn analysis_through_the_contract() {
    let a = analyze(&Towers, &city("3:2,5:1"), Player::Left, 20).unwrap();
    assert_eq!(a.game, "towers");
    assert_eq!(a.to_move, "first player");
    assert_eq!(a.value.unwrap().to_string(), "*2");
    assert_eq!(a.winning_move_count, Some(1));
    assert_eq!(a.winning_moves[0].mv, "1:3-2");
    assert_eq!(a.winning_moves[0].after, "1:1,4:1,5:1");
}

#[test]
fn closed_form_agrees_with_the_engine_through_the_registry() {
    let game = build("towers", &Params::new()).unwrap();
    let report = game.verify(9, &()).unwrap();
    assert_eq!(report.mismatch, None);
    // 1, 1, 2, 5, 10, 22, 48, 103, 222, 481 cities of sizes 0 to 9.
    assert_eq!(report.positions, 895);
    assert!(game.verify(31, &()).is_err());
}
