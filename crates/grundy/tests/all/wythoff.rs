//! Wythoff's game through the registry, as every command sees it: the published
//! values, verify against the exhaustive engine, `--moves`, a match against the
//! engine, and positions far beyond the engine's reach.

use crate::data::read_numbers;
use grundy::play::Seat;
use grundy::registry::{build, DynRuleset, Params};
use grundy::rules::wythoff::LARGEST_SIZE;
use grundy::ruleset::SizeError;
use grundy::{Outcome, Player};

fn wythoff() -> Box<dyn DynRuleset> {
    build("wythoff", &Params::new()).unwrap()
}

fn value(rules: &dyn DynRuleset, position: &str) -> String {
    rules
        .analyze(position, Player::Left, 0)
        .unwrap()
        .value
        .unwrap()
        .to_string()
}

/// Whether (a, b) is a Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) in some order, by exact
/// integers and separately from the ruleset's code: ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, with
/// the integer square root by Newton's method.
fn wythoff_pair(a: u64, b: u64) -> bool {
    let (a, b) = (u128::from(a.min(b)), u128::from(a.max(b)));
    let k = b - a;
    let n = 5 * k * k;
    let mut root = n;
    let mut next = root.div_ceil(2);
    while next < root {
        root = next;
        next = (root + n / root) / 2;
    }
    (k + root) / 2 == a
}

#[test]
fn the_independent_pair_check_knows_the_first_pairs() {
    let pairs = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
    ];
    for (a, b) in pairs {
        assert!(wythoff_pair(a, b) && wythoff_pair(b, a), "({a}, {b})");
    }
    for (a, b) in [(0, 1), (1, 1), (2, 3), (3, 4), (5, 8), (6, 9)] {
        assert!(!wythoff_pair(a, b), "({a}, {b})");
    }
}

fn nimber(g: u64) -> String {
    grundy::Nimber(g.into()).to_string()
}

#[test]
fn published_values() {
    let rules = wythoff();
    // A317205: G(n, m) for m ≤ n, row by row; the table is symmetric.
    let triangle = read_numbers("A317205.txt");
    let mut i = 0;
    for n in 0..=11 {
        for m in 0..=n {
            let g = nimber(triangle[i]);
            assert_eq!(value(&*rules, &format!("{n},{m}")), g, "G({n}, {m})");
            assert_eq!(value(&*rules, &format!("{m},{n}")), g, "G({m}, {n})");
            i += 1;
        }
    }
    assert_eq!(i, triangle.len());
    // A047708: G(n, n).
    for (n, &g) in read_numbers("A047708.txt").iter().enumerate() {
        assert_eq!(
            value(&*rules, &format!("{n},{n}")),
            nimber(g),
            "G({n}, {n})"
        );
    }
}

#[test]
fn verify_agrees_with_the_engine_on_every_position_up_to_150_tokens() {
    let rules = wythoff();
    let report = rules.verify(150, &()).unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.sizes, 0..151);
    assert_eq!(report.positions, (0..=150u64).map(|s| s + 1).sum::<u64>());
    assert!(matches!(
        rules.check_size(LARGEST_SIZE + 1),
        Err(SizeError::TooLarge { .. })
    ));
}

#[test]
fn every_move_with_its_worth() {
    let rules = wythoff();
    let moves = rules
        .move_values(
            "4,5",
            Player::Left,
            usize::MAX,
            grundy::engine::Budget::DEFAULT,
        )
        .unwrap();
    assert_eq!(moves.len(), 4 + 5 + 4);
    let winning: Vec<(&str, &str)> = moves
        .iter()
        .filter(|m| m.wins)
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(winning, [("1-1", "3,5"), ("=3", "1,2")]);
    for m in &moves {
        assert_eq!(m.wins, m.value_after.to_string() == "0", "{}", m.mv);
        assert!(m.remoteness.is_some(), "{}", m.mv);
    }
    let lost = rules
        .move_values(
            "3,5",
            Player::Left,
            usize::MAX,
            grundy::engine::Budget::DEFAULT,
        )
        .unwrap();
    assert!(lost.iter().all(|m| !m.wins));
    let json = serde_json::to_value(rules.analyze("4,5", Player::Left, 10).unwrap()).unwrap();
    assert_eq!(json["value"], "*6");
    assert_eq!(json["winning_moves"][1]["move"], "=3");
}

#[test]
fn a_match_against_the_engine() {
    let rules = wythoff();
    let mut game = rules
        .start_match("10,10", Player::Left, grundy::engine::Budget::DEFAULT)
        .unwrap();
    assert_eq!(game.seat_name(Seat::First), "the first player");
    let hints = game.hints();
    // Small enough for the exhaustive engine: best first, the quickest win first.
    let winning: Vec<(&str, Option<u32>)> = hints
        .moves
        .iter()
        .filter(|h| h.wins)
        .map(|h| (h.mv.as_str(), h.moves_left))
        .collect();
    assert_eq!(winning[0], ("=10", Some(1)));
    let mut rest: Vec<&str> = winning[1..].iter().map(|w| w.0).collect();
    rest.sort_unstable();
    assert_eq!(rest, ["1-4", "2-4"]);
    assert_eq!(
        game.play("=11").unwrap_err(),
        "take 1 to 10 stones from both heaps"
    );
    // The first player follows the closed form, the engine answers; the first wins.
    while game.winner().is_none() {
        match game.to_move() {
            Seat::First => {
                let analysis = rules.analyze(&game.position(), Player::Left, 1).unwrap();
                game.play(&analysis.winning_moves[0].mv).unwrap();
            }
            Seat::Second => {
                game.engine_move().unwrap();
            }
        }
    }
    assert_eq!(game.winner(), Some(Seat::First));
    assert_eq!(game.position(), "0,0");
    assert_eq!(
        game.ending(),
        "The second player has no move left and loses."
    );
}

#[test]
fn huge_positions() {
    let rules = wythoff();
    let a = rules
        .analyze("5695479640399629865,9215479640399629865", Player::Left, 10)
        .unwrap();
    assert_eq!(a.outcome, Outcome::P);
    assert_eq!(a.value.unwrap().to_string(), "0");
    // An N-position this large has exact winning moves but no known value: analyze
    // answers who wins and the moves, and says why the value is unknown (it once
    // refused the whole position).
    for position in [
        "5695479640399629866,9215479640399629865",
        "100000000000000000,3",
        "0,250311",
        "3,250311",
    ] {
        let a = rules.analyze(position, Player::Left, 10).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{position}");
        assert!(a.to_move_wins);
        assert_eq!(a.value, None, "{position}");
        assert!(a.value_unknown.as_deref().unwrap().contains("not known"));
        assert!(!a.winning_moves.is_empty(), "{position}");
        for m in &a.winning_moves {
            let heaps: Vec<u64> = m.after.split(',').map(|h| h.parse().unwrap()).collect();
            assert!(
                wythoff_pair(heaps[0], heaps[1]),
                "{position}: {} -> {}",
                m.mv,
                m.after
            );
        }
    }
    let e = rules.check_position("1,9223372036854775809").unwrap_err();
    assert_eq!(e.column, 3);
    assert!(rules.check_position("9223372036854775808,0").is_ok());
}
