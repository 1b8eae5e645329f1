//! The canonical-form engine on two rulesets whose values are known independently:
//! Blue-Red Hackenbush strings (values by sign expansion) and Domineering (the
//! engine's component split and symmetry hooks against a search without them, and
//! outcomes against a plain game-tree search).

#[path = "../../examples/cgt_domineering/board.rs"]
#[allow(dead_code)]
mod board;

use board::{first_player_wins, Board, Domineering};
use grundy::cgt::engine::{Engine, EngineError, Limits, PartizanRules};
use grundy::cgt::{Dyadic, Game};
use grundy::values::Outcome;

/// A sum of Hackenbush strings; `true` is a blue (Left's) edge, listed from the
/// ground up. Cutting an edge removes it and everything above it.
struct Hackenbush;

impl PartizanRules for Hackenbush {
    type Position = Vec<Vec<bool>>;

    fn left_options(&self, p: &Self::Position) -> Vec<Self::Position> {
        cuts(p, true)
    }

    fn right_options(&self, p: &Self::Position) -> Vec<Self::Position> {
        cuts(p, false)
    }

    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        p.iter()
            .filter(|s| !s.is_empty())
            .map(|s| vec![s.clone()])
            .collect()
    }

    fn normalize(&self, p: &Self::Position) -> (Self::Position, bool) {
        let mut q = p.clone();
        q.sort();
        (q, false)
    }
}

fn cuts(p: &[Vec<bool>], blue: bool) -> Vec<Vec<Vec<bool>>> {
    let mut out = Vec::new();
    for (i, s) in p.iter().enumerate() {
        for (h, &edge) in s.iter().enumerate() {
            if edge == blue {
                let mut q = p.to_vec();
                q[i].truncate(h);
                out.push(q);
            }
        }
    }
    out
}

/// The value of a string by sign expansion: the edges up to the first change of
/// colour count ±1 each, every later edge ±1/2, ±1/4, ... in turn.
fn sign_expansion(s: &[bool]) -> Dyadic {
    let mut v = Dyadic::ZERO;
    let mut weight = Dyadic::ONE;
    let mut changed = false;
    for (i, &blue) in s.iter().enumerate() {
        if i > 0 && blue != s[0] {
            changed = true;
        }
        if changed {
            weight = weight.half().unwrap();
        }
        let w = if blue {
            weight
        } else {
            weight.checked_neg().unwrap()
        };
        v = v.checked_add(w).unwrap();
    }
    v
}

fn string(bits: u32, len: u32) -> Vec<bool> {
    (0..len).map(|i| bits >> i & 1 == 1).collect()
}

#[test]
fn hackenbush_strings_are_their_sign_expansions() {
    let rules = Hackenbush;
    let engine = Engine::new(&rules, Limits::default());
    for len in 0..=10 {
        for bits in 0..1u32 << len {
            let s = string(bits, len);
            let g = engine.value(&vec![s.clone()]).unwrap();
            assert_eq!(g, Game::number(sign_expansion(&s)), "{s:?}");
        }
    }
    // Sums of strings are sums of their values.
    for (a, b, c) in [
        (0b1101, 0b0010, 0b111),
        (0b1, 0b0, 0b10),
        (0b101101, 0b11, 0b0110),
    ] {
        let p = vec![string(a, 6), string(b, 4), string(c, 3)];
        let expected = p
            .iter()
            .map(|s| sign_expansion(s))
            .fold(Dyadic::ZERO, |x, y| x.checked_add(y).unwrap());
        assert_eq!(engine.value(&p).unwrap(), Game::number(expected));
    }
}

fn with_hooks() -> Domineering {
    Domineering {
        split: true,
        symmetry: true,
    }
}

fn without_hooks() -> Domineering {
    Domineering {
        split: false,
        symmetry: false,
    }
}

/// Every sub-board of `board` reached by filling the cells of `mask` (a sample).
fn sub_boards(board: Board, count: usize) -> Vec<Board> {
    let mut out = vec![board];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.push(Board {
            bits: board.bits & x & (x >> 3 | x >> 29),
            ..board
        });
    }
    out
}

#[test]
fn domineering_small_values() {
    let rules = with_hooks();
    let engine = Engine::new(&rules, Limits::default());
    let v = |r, c| engine.value(&Board::empty(r, c)).unwrap().to_string();
    assert_eq!(v(2, 1), "1"); // one vertical domino fits: Left's
    assert_eq!(v(1, 2), "-1");
    assert_eq!(v(2, 2), "+-1");
    assert_eq!(v(1, 5), "-2");
    assert_eq!(v(3, 1), "1");
    assert_eq!(v(4, 1), "2");
    // Transposing a board swaps the players.
    for (r, c) in [(2, 3), (3, 4), (2, 5)] {
        let a = engine.value(&Board::empty(r, c)).unwrap();
        let b = engine.value(&Board::empty(c, r)).unwrap();
        assert_eq!(a, -b);
    }
}

#[test]
fn domineering_hooks_agree_with_plain_search_and_outcomes() {
    let (hooked, plain) = (with_hooks(), without_hooks());
    let fast = Engine::new(&hooked, Limits::default());
    let slow = Engine::new(&plain, Limits::default());
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
        for b in sub_boards(Board::empty(r, c), 40) {
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
    let seq = Engine::new(&rules, Limits::default());
    let par = Engine::new(
        &rules,
        Limits {
            parallel: true,
            ..Limits::default()
        },
    );
    let b = Board::empty(4, 5);
    assert_eq!(seq.value(&b).unwrap(), par.value(&b).unwrap());
}

#[test]
fn a_position_too_big_for_the_limits_is_an_error() {
    let rules = with_hooks();
    let engine = Engine::new(
        &rules,
        Limits {
            max_positions: 500,
            ..Limits::default()
        },
    );
    let err = engine.value(&Board::empty(5, 5)).unwrap_err();
    assert_eq!(
        err,
        EngineError::Budget {
            limit: 500,
            what: "positions"
        }
    );
    assert!(err.to_string().contains("position too big"));
}
