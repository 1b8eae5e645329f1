//! The canonical-form engine on two rulesets whose values are known independently:
//! Blue-Red Hackenbush strings (values by sign expansion) and Domineering (the
//! engine's component split and symmetry hooks against a search without them, and
//! outcomes against a plain game-tree search).

use grundy::cgt::engine::{Engine, EngineError, Limits};
use grundy::cgt::{CanonicalForm, Dyadic};
use grundy::rules::domineering::{Board, Domineering};
use grundy::rules::hackenbush::{sign_expansion, Hackenbush, Strings};
use grundy::ruleset::ByParts;
use grundy::ruleset::RulesetExt;
use grundy::values::Outcome;
use grundy::Player;

fn string(bits: u32, len: u32) -> Vec<bool> {
    (0..len).map(|i| bits >> i & 1 == 1).collect()
}

fn position(strings: Vec<Vec<bool>>) -> Strings {
    Strings::new(strings).unwrap()
}

/// The closed form of `grundy::rules::hackenbush` (sign expansion) against the
/// engine: every string of up to 12 edges, and every sum of two or three strings of
/// up to 9 edges in all.
#[test]
fn hackenbush_strings_are_their_sign_expansions() {
    let rules = Hackenbush;
    let rules_parts = ByParts(&rules);
    let engine = Engine::new(&rules_parts, Limits::default());
    for len in 0..=12 {
        for bits in 0..1u32 << len {
            let s = string(bits, len);
            let g = engine.value(&position(vec![s.clone()])).unwrap();
            assert_eq!(
                g,
                CanonicalForm::number(sign_expansion(&s).unwrap()),
                "{s:?}"
            );
        }
    }
    // Sums of strings are sums of their values.
    for total in 2..=9u32 {
        for a in 1..total {
            for b in 1..=total - a {
                let c = total - a - b;
                for bits in 0..1u32 << total {
                    let p = vec![
                        string(bits, a),
                        string(bits >> a, b),
                        string(bits >> (a + b), c),
                    ];
                    let expected = p
                        .iter()
                        .map(|s| sign_expansion(s).unwrap())
                        .fold(Dyadic::ZERO, |x, y| x.checked_add(y).unwrap());
                    assert_eq!(
                        engine.value(&position(p.clone())).unwrap(),
                        CanonicalForm::number(expected),
                        "{p:?}"
                    );
                }
            }
        }
    }
}

/// Whether the player to move (Left if `left`) wins, by plain game-tree search.
fn first_player_wins(rules: &Domineering, b: &Board, left: bool) -> bool {
    let player = if left { Player::Left } else { Player::Right };
    let options = rules.options(b, player);
    options.iter().any(|o| !first_player_wins(rules, o, !left))
}

fn with_hooks() -> Domineering {
    Domineering::with_hooks(true, true)
}

fn without_hooks() -> Domineering {
    Domineering::with_hooks(false, false)
}

/// Every sub-board of `board` reached by filling the cells of `mask` (a sample).
fn sub_boards(board: Board, count: usize) -> Vec<Board> {
    let mut out = vec![board];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.push(board.restricted(u128::from(x & (x >> 3 | x >> 29))));
    }
    out
}

#[test]
fn domineering_small_values() {
    let rules = with_hooks();
    let rules_parts = ByParts(&rules);
    let engine = Engine::new(&rules_parts, Limits::default());
    let v = |r, c| {
        engine
            .value(&Board::empty(r, c).unwrap())
            .unwrap()
            .to_string()
    };
    assert_eq!(v(2, 1), "1"); // one vertical domino fits: Left's
    assert_eq!(v(1, 2), "-1");
    assert_eq!(v(2, 2), "+-1");
    assert_eq!(v(1, 5), "-2");
    assert_eq!(v(3, 1), "1");
    assert_eq!(v(4, 1), "2");
    // Transposing a board swaps the players.
    for (r, c) in [(2, 3), (3, 4), (2, 5)] {
        let a = engine.value(&Board::empty(r, c).unwrap()).unwrap();
        let b = engine.value(&Board::empty(c, r).unwrap()).unwrap();
        assert_eq!(a, -b);
    }
}

#[test]
fn domineering_hooks_agree_with_plain_search_and_outcomes() {
    let (hooked, plain) = (with_hooks(), without_hooks());
    let hooked_parts = ByParts(&hooked);
    let fast = Engine::new(&hooked_parts, Limits::default());
    let plain_parts = ByParts(&plain);
    let slow = Engine::new(&plain_parts, Limits::default());
    for (r, c) in [
        (1, 6),
        (2, 4),
        (3, 3),
        (3, 4),
        (4, 3),
        (2, 6),
        (4, 4),
        (3, 5),
    ] {
        for b in sub_boards(Board::empty(r, c).unwrap(), 40) {
            let g = fast.value(&b).unwrap();
            assert_eq!(g, slow.value(&b).unwrap(), "{b:?}");
            let outcome = Outcome::from_wins(
                first_player_wins(&plain, &b, true),
                first_player_wins(&plain, &b, false),
            );
            assert_eq!(g.outcome(), outcome, "{b:?}: {g}");
        }
    }
}

#[test]
fn parallel_search_finds_the_same_value() {
    let rules = with_hooks();
    let rules_parts = ByParts(&rules);
    let limits = |parallel| Limits {
        parallel,
        ..Limits::default()
    };
    // Square boards, where one player's options are the other's transposed (the
    // parallel search values each symmetry class once and negates), and oblong
    // ones both ways round; a fresh engine for each, so that every root is searched.
    for (rows, cols) in [(4, 5), (5, 4), (4, 4), (3, 3), (2, 6), (3, 5), (1, 4)] {
        let b = Board::empty(rows, cols).unwrap();
        let seq = Engine::new(&rules_parts, limits(false)).value(&b).unwrap();
        let par = Engine::new(&rules_parts, limits(true)).value(&b).unwrap();
        assert_eq!(seq, par, "{rows}x{cols}");
    }
}

#[test]
fn a_position_too_big_for_the_limits_is_an_error() {
    let rules = with_hooks();
    let rules_parts = ByParts(&rules);
    let engine = Engine::new(
        &rules_parts,
        Limits {
            max_positions: 500,
            ..Limits::default()
        },
    );
    let err = engine.value(&Board::empty(5, 5).unwrap()).unwrap_err();
    assert_eq!(
        err,
        EngineError::Budget {
            limit: 500,
            what: "positions"
        }
    );
    assert!(err.to_string().contains("position too big"));
}

#[test]
fn the_census_counts_the_positions_a_search_values() {
    let limits = |parallel| Limits {
        parallel,
        ..Limits::default()
    };
    for rules in [with_hooks(), without_hooks()] {
        let parts = ByParts(&rules);
        for (r, c) in [(1, 6), (2, 4), (3, 3), (3, 4), (4, 4), (3, 5), (4, 5)] {
            for b in sub_boards(Board::empty(r, c).unwrap(), 10) {
                for parallel in [false, true] {
                    let engine = Engine::new(&parts, limits(parallel));
                    let census = engine.census(&b).unwrap();
                    engine.value(&b).unwrap();
                    let valued = engine.stats().positions;
                    assert_eq!(census, valued, "{b:?}, parallel: {parallel}");
                }
            }
        }
    }
    // Its limits: positions, and the bytes of its set.
    let rules = with_hooks();
    let parts = ByParts(&rules);
    let five = Board::empty(5, 5).unwrap();
    let small = |max_positions, max_bytes| {
        let limits = Limits {
            max_positions,
            max_bytes,
            parallel: false,
        };
        Engine::new(&parts, limits).census(&five).unwrap_err()
    };
    assert_eq!(
        small(500, 1 << 30),
        EngineError::Budget {
            limit: 500,
            what: "positions"
        }
    );
    assert_eq!(
        small(1 << 30, 4096),
        EngineError::Budget {
            limit: 4096,
            what: "bytes"
        }
    );
}
