//! Grundy's game through the registry, as every command sees it: the published
//! values, verify against the exhaustive engine, `--moves` and a match against the
//! engine (its cases are in `tests/cases/grundy-game.txt`, read by `cases.rs`).

use crate::data::read_numbers;
use grundy::play::Seat;
use grundy::registry::{build, DynRuleset, Params};
use grundy::registry::{sequence_of, with_sequences};
use grundy::rules::grundy_game::values::SparseGrundyGame;
use grundy::rules::grundy_game::HEAP_LIMIT;
use grundy::sequence::{Method, Options, Source};
use grundy::Player;

fn grundy_game() -> Box<dyn DynRuleset> {
    build("grundy-game", &Params::new()).unwrap()
}

fn value(rules: &dyn DynRuleset, position: &str) -> u128 {
    let v = rules
        .analyze(position, Player::Left, 0)
        .unwrap()
        .value
        .unwrap();
    v.as_nimber().unwrap().0
}

#[test]
fn published_values() {
    let rules = grundy_game();
    let published = read_numbers("A002188.txt");
    assert_eq!(published.len(), 105);
    for (n, &g) in published.iter().enumerate() {
        assert_eq!(value(&*rules, &n.to_string()), u128::from(g), "G({n})");
    }
    // Flammenkamp's sparse values: exactly the n ≤ 231 whose value has bits above
    // the lowest of even parity, with those values.
    let pairs = read_numbers("grundy-game-sparse.txt");
    let listed: Vec<(u64, u64)> = pairs.chunks(2).map(|p| (p[0], p[1])).collect();
    let sparse: Vec<(u64, u64)> = (0..=231u64)
        .map(|n| (n, value(&*rules, &n.to_string()) as u64))
        .filter(|&(_, g)| (g >> 1).count_ones() % 2 == 0)
        .collect();
    assert_eq!(sparse, listed);
}

#[test]
fn verify_agrees_with_the_engine_on_every_position_up_to_14_tokens() {
    let rules = grundy_game();
    let report = rules.verify(14, &()).unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.positions, 1 << 14);
}

#[test]
fn every_move_with_its_worth() {
    let rules = grundy_game();
    let moves = rules
        .move_values(
            "5,6",
            Player::Left,
            usize::MAX,
            grundy::engine::Budget::DEFAULT,
        )
        .unwrap();
    let all: Vec<(&str, bool)> = moves.iter().map(|m| (m.mv.as_str(), m.wins)).collect();
    assert_eq!(
        all,
        [
            ("1=1+4", false),
            ("1=2+3", true),
            ("2=1+5", true),
            ("2=2+4", false)
        ]
    );
    assert!(moves.iter().all(|m| m.remoteness.is_some()));
    let json = serde_json::to_value(rules.analyze("5,6", Player::Left, 10).unwrap()).unwrap();
    assert_eq!(json["value"], "*3");
    assert_eq!(json["reduction"]["xor"], 3);
}

#[test]
fn a_match_against_the_engine() {
    let rules = grundy_game();
    let mut game = rules
        .start_match("10,11,12", Player::Left, grundy::engine::Budget::DEFAULT)
        .unwrap();
    assert_eq!(
        game.play("1=5+5").unwrap_err(),
        "the two new heaps must be unequal: 5 + 5"
    );
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
    assert!(game
        .position()
        .split(',')
        .all(|h| h.parse::<u64>().unwrap() <= 2));
}

#[test]
fn heaps_beyond_the_limit_are_refused() {
    let rules = grundy_game();
    let e = rules
        .check_position(&format!("7,{}", HEAP_LIMIT + 1))
        .unwrap_err();
    assert_eq!(e.column, 3);
    assert!(rules.check_position(&HEAP_LIMIT.to_string()).is_ok());
    assert!(rules
        .analyze("4096", Player::Left, 3)
        .unwrap()
        .winning_move_count
        .is_some());
}

/// The heap sizes n ≤ 231 of the published sparse list, and their values.
fn published_sparse() -> Vec<(u64, u64)> {
    let pairs = read_numbers("grundy-game-sparse.txt");
    pairs.chunks(2).map(|p| (p[0], p[1])).collect()
}

#[test]
fn sparse_space_against_the_published_values() {
    // A mask forced from the first value on, so the sparse-space method values every
    // heap from 2 on (the mask is chosen again as the values grow).
    let mut values = Vec::new();
    SparseGrundyGame::forced(1).extend(&mut values, 232);
    let published = read_numbers("A002188.txt");
    let ours: Vec<u64> = values[..published.len()]
        .iter()
        .map(|&v| u64::from(v))
        .collect();
    assert_eq!(ours, published);
    let sparse: Vec<(u64, u64)> = (0..=231u64)
        .map(|n| (n, u64::from(values[n as usize])))
        .filter(|&(_, g)| (g >> 1).count_ones() % 2 == 0)
        .collect();
    assert_eq!(sparse, published_sparse());
    // With the mask it chooses, the rare heaps are exactly the published sparse ones
    // (from 1; the list goes to 231) and none appears between 82860 and 90000.
    let mut source = SparseGrundyGame::new();
    let mut values = Vec::new();
    source.extend(&mut values, 90_001);
    assert!(source.mask().is_some());
    let rare: Vec<u64> = source.rare().iter().map(|&r| u64::from(r)).collect();
    let listed: Vec<u64> = published_sparse().iter().map(|p| p.0).skip(1).collect();
    assert_eq!(rare[..listed.len()], listed[..]);
    assert_eq!(rare.last(), Some(&82_860));
}

#[test]
fn the_sequence_through_the_registry() {
    let rules = grundy_game();
    let spec = sequence_of(&*rules).unwrap();
    assert_eq!((spec.rule, spec.certificate.clone()), (None, None));
    let naive = spec
        .compute(Method::Naive, &Options::to(6000), &mut |_| {})
        .unwrap();
    let sparse = spec
        .compute(Method::Sparse, &Options::to(6000), &mut |_| {})
        .unwrap();
    let auto = spec
        .compute(Method::Auto, &Options::until_proven(6000), &mut |_| {})
        .unwrap();
    assert_eq!(naive.computed(), 6001);
    assert_eq!(naive.period, None);
    assert_eq!(sparse, naive);
    assert_eq!(auto, naive);
    // The ruleset values heaps by the same numbers.
    for n in [100usize, 2048, 4097, 6000] {
        assert_eq!(value(&*rules, &n.to_string()), u128::from(naive.values[n]));
    }
    assert_eq!(with_sequences(), ["grundy-game", "subtraction", "octal"]);
    let pawns = build("pawns", &Params::new()).unwrap();
    let e = sequence_of(&*pawns).unwrap_err().to_string();
    assert_eq!(
        e,
        "pawns has no single-heap Grundy sequence; the games that have one are grundy-game, \
         subtraction, octal"
    );
}
