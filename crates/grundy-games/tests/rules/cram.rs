//! Tests of `grundy_games::rules::cram`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::cram::*;
use grundy_games::rules::domineering::Board;
use grundy_games::rules::nimbers::{self};
use grundy_values::values::Nimber;

fn grundy(text: &str) -> u32 {
    let cram = Cram::new();
    nimbers::grundy(&cram, cram.memo(), &text.parse().unwrap()).unwrap()
}

#[test]
fn moves_both_ways_and_their_checks() {
    let cram = Cram::new();
    let b: Board = "..#|...".parse().unwrap();
    let names: Vec<String> = cram
        .moves(&b, Player::Left)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(names, ["a1-b1", "a1-a2", "b1-b2", "a2-b2", "b2-c2"]);
    assert_eq!(cram.move_count(&b, Player::Right), Some(5));
    assert!(cram.parse_move(&b, Player::Right, "a1-a2").is_ok());
    assert!(cram.parse_move(&b, Player::Left, "a1-b1").is_ok());
    assert!(cram.parse_move(&b, Player::Left, "b1-c1").is_err());
    assert!(cram.parse_move(&b, Player::Left, "a1-b2").is_err());
}

/// The 1×n strip is Dawson's Kayles, the octal game 0.07 (a domino takes two adjacent cells,
/// leaving up to two strips): its values from the definition.
#[test]
fn strips_are_the_octal_game_0_07() {
    let mut g = [0u32; 9];
    for n in 2..=8 {
        let options = (0..=n - 2).map(|a| Nimber(u128::from(g[a] ^ g[n - 2 - a])));
        g[n] = u32::try_from(grundy_values::values::mex(options).0).unwrap();
    }
    for (n, &expected) in g.iter().enumerate().skip(1) {
        assert_eq!(grundy(&".".repeat(n)), expected, "1×{n}");
        assert_eq!(grundy(&vec!["."; n].join("|")), expected, "{n}×1");
    }
}

#[test]
fn even_by_even_boards_are_second_player_wins_and_even_by_odd_first() {
    for (text, zero) in [
        ("..|..", true),
        ("....|....", true),
        ("....|....|....|....", true),
        ("...|...", false),
        ("..|..|..", false),
        (".....|.....", false),
    ] {
        assert_eq!(grundy(text) == 0, zero, "{text}");
    }
}

/// Values and the exact winning moves against the exhaustive engine (which sees
/// only the moves) on every board of up to 10 cells; `grundy verify cram` goes to
/// 16.
#[test]
fn every_board_up_to_10_cells_agrees_with_the_engine() {
    let report = grundy_games::registry::DynRuleset::verify(&Cram::new(), 10, &()).unwrap();
    assert!(report.mismatch.is_none(), "{:?}", report.mismatch);
    // Rectangles of each area 1..=10 (1×1; 1×2, 2×1; ...; 2×5, 5×2), each with
    // every pattern of filled cells.
    let rectangles = [1, 2, 2, 3, 2, 4, 2, 4, 1, 2];
    let boards: u64 = (1..=10).map(|s| rectangles[s - 1] << s).sum();
    assert_eq!(report.positions, boards);
}

/// The region split and the symmetry hook change no value: every board of up to
/// 12 cells, valued with each hook off.
#[test]
fn the_hooks_change_no_value() {
    let plain = Cram::with_hooks(false, false);
    let split = Cram::with_hooks(true, false);
    let full = Cram::new();
    for size in 1..=12 {
        let positions = full.positions(size).unwrap();
        for i in 0..positions.count {
            let b = (positions.nth)(i);
            let g = nimbers::grundy(&full, full.memo(), &b).unwrap();
            assert_eq!(nimbers::grundy(&plain, plain.memo(), &b).unwrap(), g, "{b}");
            assert_eq!(nimbers::grundy(&split, split.memo(), &b).unwrap(), g, "{b}");
        }
    }
}

#[test]
fn too_big_a_board_is_refused_not_searched() {
    let cram = Cram::new();
    let big: Board = ["........"; 7].join("|").parse().unwrap();
    let err = cram.value(&big).unwrap_err();
    assert!(err.to_string().contains("too big"), "{err}");
    // Both sides even: the symmetry argument answers at once.
    let even: Board = ["........"; 8].join("|").parse().unwrap();
    assert_eq!(cram.value(&even).unwrap().to_string(), "0");
    assert!(cram.winning_moves(&even, Player::Left).unwrap().is_empty());
    let searched = nimbers::grundy(&cram, cram.memo(), &"....|....".parse().unwrap());
    assert_eq!(searched.unwrap(), 0, "the search agrees where it reaches");
}
