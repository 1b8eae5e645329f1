//! Tests of `grundy_games::rules::staircase`.

use grundy_engine::analysis::analyze;
use grundy_engine::engine::ImpartialSolver;
use grundy_engine::game::Player;
use grundy_engine::ruleset::AsImpartial;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::registry::{self, Params};
use grundy_games::rules::pawns::Board;
use grundy_games::rules::pawns::Pawns;
use grundy_games::rules::staircase::*;
use proptest::prelude::*;

/// Every staircase of up to `steps` steps with at most `max` stones on each.
fn all_positions(steps: usize, max: u64) -> Vec<Steps> {
    let mut out = vec![Steps::default()];
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..steps {
        let mut next = Vec::new();
        for p in &layer {
            for s in 0..=max {
                let mut q = p.clone();
                q.push(s);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned().map(Steps));
        layer = next;
    }
    out
}

#[test]
fn closed_form_matches_the_engine_on_every_small_position() {
    for bound in [None, Some(1), Some(2), Some(3), Some(u64::MAX)] {
        let rules = Staircase::new(bound).unwrap();
        let game = AsImpartial(&rules);
        let mut solver = ImpartialSolver::new(&game);
        for pos in all_positions(4, 4) {
            let v = rules.value(&pos);
            assert_eq!(v, solver.grundy(&pos), "{pos} {rules}");
            assert_eq!(
                rules.winning_moves(&pos),
                solver.winning_moves(&pos),
                "{pos} {rules}"
            );
            let count = rules.move_count(&pos, Player::Left).unwrap();
            assert_eq!(count, rules.moves(&pos, Player::Left).len() as u128);
        }
    }
}

#[test]
fn verify_through_the_registry_agrees() {
    for (bound, title) in [
        (None, "staircase (unbounded)"),
        (Some("1"), "staircase (bound 1)"),
        (Some("2"), "staircase (bound 2)"),
        (
            Some("18446744073709551615"),
            "staircase (bound 18446744073709551615)",
        ),
    ] {
        let params = match bound {
            Some(k) => Params::new().with("bound", k),
            None => Params::new(),
        };
        let game = registry::build("staircase", &params).unwrap();
        let report = game.verify(10, &()).unwrap();
        assert_eq!(report.mismatch, None, "{title}");
        assert_eq!(report.positions, 1 << 10);
        assert_eq!(report.name, title);
    }
}

#[test]
fn bounds_are_checked_without_panics() {
    let err = |k: &str| {
        registry::build("staircase", &Params::new().with("bound", k))
            .err()
            .unwrap()
            .to_string()
    };
    assert_eq!(
        err("0"),
        "bound \"0\": the bound on stones moved must be at least 1, found 0"
    );
    assert!(err("18446744073709551616").starts_with(
            "bound \"18446744073709551616\": expected a whole number of stones from 1 to 18446744073709551615"
        ));
    assert!(err("x").starts_with("bound \"x\": expected a whole number"));
    // The largest bound: values are s mod 2^64 = s, as without a bound.
    let huge = Staircase::new(Some(u64::MAX)).unwrap();
    let free = Staircase::new(None).unwrap();
    let pos: Steps = "18446744073709551614,1".parse().unwrap();
    assert_eq!(huge.value(&pos), free.value(&pos));
    assert_eq!(huge.winning_moves(&pos), free.winning_moves(&pos));
    let a = analyze(&huge, &pos, Player::Left, 10).unwrap();
    assert_eq!(a.value.unwrap().to_string(), "*");
    assert_eq!(
        a.explanation[0],
        "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step of s \
             stones is worth *(s mod 18446744073709551616)"
    );
}

#[test]
fn the_stones_fit_in_a_u64() {
    let e = "18446744073709551615,1".parse::<Steps>().unwrap_err();
    assert_eq!(e.column, 22);
    assert_eq!(
        e.to_string(),
        "character 22: expected at most 18446744073709551615 stones in all, found \"1\""
    );
    // All stones moved down at once onto a full step: no overflow.
    let rules = Staircase::new(None).unwrap();
    let pos: Steps = "18446744073709551614,1".parse().unwrap();
    let mv = rules
        .parse_move(&pos, Player::Left, "1-18446744073709551614")
        .unwrap();
    assert_eq!(rules.play(&pos, &mv).to_string(), "0,18446744073709551615");
}

#[test]
fn pawn_values_are_staircase_values() {
    // Every board of up to 12 squares, pawns with step bounds 1, 2, 3: the pawns'
    // closed form equals this one on the board's staircase.
    for k in 1..=3u32 {
        let pawns = Pawns::new(k).unwrap();
        let stairs = Staircase::new(Some(u64::from(k))).unwrap();
        for len in 0..=12 {
            for bits in 0u32..(1 << len) {
                let text: String = (0..len)
                    .map(|i| if bits >> i & 1 == 1 { 'P' } else { '.' })
                    .collect();
                let board: Board = text.parse().unwrap();
                let steps = Steps::from_board(&board);
                assert_eq!(
                    stairs.value(&steps).0,
                    u128::from(pawns.nim_value(board.squares())),
                    "{text}"
                );
            }
        }
    }
}

#[test]
fn notation_and_analysis() {
    for s in ["3,0,2", "", "7"] {
        assert_eq!(s.parse::<Steps>().unwrap().to_string(), s);
    }
    assert_eq!("3,-1".parse::<Steps>().unwrap_err().column, 3);
    let m: StairMove = "1-2".parse().unwrap();
    assert_eq!(m, StairMove { step: 0, count: 2 });
    assert_eq!(m.to_string(), "1-2");
    assert!(Staircase::new(Some(0)).is_err());
    let rules = Staircase::new(Some(2)).unwrap();
    let a = analyze(&rules, &"3,0,2".parse().unwrap(), Player::Left, 100).unwrap();
    assert_eq!(a.parameters, "bound 2");
    // Counted from the bottom: 2 (worth 2) and 3 (worth 0); XOR 2.
    assert_eq!(a.value.unwrap().to_string(), "*2");
    assert_eq!(a.reduction["xor"], 2);
    assert_eq!(a.reduction["steps"][0]["counted"], true);
    assert_eq!(a.reduction["steps"][0]["grundy"], 0);
    assert_eq!(
        a.explanation,
        [
            "only the 1st, 3rd, 5th, ... steps from the bottom count; a counted step of s \
                 stones is worth *(s mod 3)",
            "step 3 from the bottom: 3 stones, counted, value 0",
            "step 2 from the bottom: 0 stones, not counted",
            "step 1 from the bottom: 2 stones, counted, value *2",
            "XOR of the counted values: 0 ⊕ 2 = 2: the player to move wins",
        ]
    );
    let moves: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
    // Bottom 2 -> 0, or top 3 -> 2 (worth 2, cancelling the bottom).
    assert_eq!(moves, ["1-1", "3-2"]);
    assert_eq!(a.winning_moves[0].after, "2,1,2");
    assert_eq!(a.winning_moves[1].after, "3,0,0");
    let free = analyze(&Staircase::default(), &"".parse().unwrap(), Player::Left, 1).unwrap();
    assert_eq!(free.parameters, "");
    assert_eq!(
        free.explanation[1],
        "no steps: XOR = 0: the player to move loses"
    );
}

#[test]
fn play_messages_and_drawing() {
    let stairs = Staircase::new(Some(2)).unwrap();
    let steps: Steps = "3,0,2".parse().unwrap();
    let err = |text: &str| {
        stairs
            .parse_move(&steps, Player::Left, text)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err("1-3"), "move 1 to 2 stones from step 1");
    assert_eq!(err("2-1"), "step 2 is empty");
    assert_eq!(err("4-1"), "there is no step 4 (the steps are 1 to 3)");
    assert!(err("1").starts_with("not a move: "), "{}", err("1"));
    assert_eq!(
        stairs.move_help(),
        "STEP-COUNT moves COUNT stones (1 to 2) from step STEP (1 is the top) to the step \
             below, e.g. 1-2"
    );
    assert_eq!(RulesetExt::title(&stairs), "staircase (bound 2)");
    assert_eq!(
        stairs.stalling_move(&steps, Player::Left),
        Some(StairMove { step: 0, count: 1 })
    );
    assert_eq!(stairs.move_count(&steps, Player::Left), Some(4));
    let drawn = Staircase::new(None)
        .unwrap()
        .drawing(&"1,2".parse().unwrap());
    assert_eq!(
        drawn,
        " step 1:   1 o\n*step 2:   2 oo\n(step 1 is the top; stones moved off the last \
             step leave; * marks the steps that count)"
    );
    assert_eq!(stairs.drawing(&Steps::default()), "(no steps)");
    assert_eq!(stairs.reach(&"1,2".parse().unwrap()), 10);
}

proptest! {
    #[test]
    fn winning_moves_reach_zero_on_large_staircases(
        steps in proptest::collection::vec(0u64..1_000_000_000_000, 0..8),
        bound in proptest::option::of(prop_oneof![1u64..1000, Just(u64::MAX), (u64::MAX - 5)..]),
    ) {
        let rules = Staircase::new(bound).unwrap();
        let pos = Steps(steps);
        let moves = rules.winning_moves(&pos);
        prop_assert_eq!(moves.is_empty(), !rules.value(&pos).to_move_wins());
        for m in moves {
            prop_assert!(rules.parse_move(&pos, Player::Left, &m.to_string()).is_ok());
            prop_assert_eq!(rules.value(&rules.play(&pos, &m)).0, 0);
        }
    }
}
