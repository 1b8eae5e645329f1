//! Tests of `grundy_games::rules::towers`.

use grundy_games::rules::towers::*;

#[test]
fn blocks_count_every_move() {
    for s in ["3:2,5:1", "0:4", "", "2:3,1:1"] {
        let city: City = s.parse().unwrap();
        assert_eq!(
            city.blocks(),
            Some(Towers.legal_moves(&city).count() as u128),
            "{s}"
        );
    }
    let max = u64::MAX;
    let tall: City = format!("{max}:3").parse().unwrap();
    assert_eq!(tall.blocks(), Some(3 * u128::from(max) + 3));
    // (2^64 − 1)^2 + (2^64 − 1)(2^64 − 2)/2 blocks do not fit in 128 bits.
    let too_many: City = format!("{max}:{max}").parse().unwrap();
    assert_eq!(too_many.blocks(), None);
}

#[test]
fn xor_upto_matches_a_loop() {
    let mut acc = 0u128;
    for n in 0..200u128 {
        acc ^= n;
        assert_eq!(xor_upto(n), acc, "{n}");
    }
}

#[test]
fn runs_match_a_loop_near_the_64_bit_edge() {
    let edge = u128::from(u64::MAX);
    for height in [0, 1, 2, 5, edge - 3, edge, edge + 1] {
        for count in 0..12u64 {
            let direct = (0..u128::from(count)).fold(0, |acc, j| acc ^ (height + j));
            assert_eq!(run_xor(height, count), direct, "{height}:{count}");
        }
    }
}

#[test]
fn huge_buildings_do_not_overflow() {
    let max = u128::from(u64::MAX);
    let b = Building {
        height: max,
        count: u64::MAX,
    };
    // Towers 2^64-1 ..= 2^65-3: X(2^65-3) = 1 and X(2^64-2) = 2^64-1.
    assert_eq!(b.top(), Some(2 * max - 1));
    assert_eq!(b.xor(), 1 ^ max);
}

#[test]
fn a_move_splits_the_building() {
    let city: City = "3:3".parse().unwrap();
    let mv = TowerMove {
        building: 0,
        height: 4,
        remove: 2,
    };
    assert!(Towers.is_legal(&city, &mv));
    assert_eq!(city.after(&mv).to_string(), "3:1,2:1,5:1");
    assert_eq!(mv.to_string(), "1:4-2");
}

#[test]
fn legality() {
    let city: City = "3:3,0:1".parse().unwrap();
    let mv = |building, height, remove| TowerMove {
        building,
        height,
        remove,
    };
    for (m, legal) in [
        (mv(0, 3, 1), true),
        (mv(0, 5, 5), true),
        (mv(0, 2, 1), false), // below the building
        (mv(0, 6, 1), false), // above it
        (mv(0, 4, 0), false), // nothing removed
        (mv(0, 4, 5), false), // more than the tower
        (mv(1, 0, 1), false), // an empty tower
        (mv(2, 3, 1), false), // no such building
    ] {
        assert_eq!(Towers.is_legal(&city, &m), legal, "{m}");
    }
}
