//! Backsliding Toads and Frogs (`toads --backsliding`) against a brute force written
//! here, independently of the library: every strip of up to 7 squares with either
//! player to move, its result (win, lose or draw) and remoteness by a plain
//! round-by-round fixpoint over all the strips of its length, against the retrograde
//! engine's; and the analysis' best moves on every strip of up to 5 squares.

use std::collections::HashMap;

use grundy::engine::retrograde::{solve, GameResult, RulesetStates};
use grundy::engine::Budget;
use grundy::registry::{self, Params};
use grundy::rules::toads::Toads;
use grundy::{Player, Ruleset};

/// A state: the strip (`T`, `F`, `.`) and whether Left (the toads) is to move.
type State = (Vec<u8>, bool);

/// The moves of a strip for the toads (`left`) or the frogs, as the strips they lead
/// to: a step forwards or backwards into an empty square, or a jump forwards over
/// one piece of the other player into the empty square beyond.
fn successors(s: &[u8], left: bool) -> Vec<Vec<u8>> {
    let (mine, theirs, dir): (u8, u8, isize) = if left {
        (b'T', b'F', 1)
    } else {
        (b'F', b'T', -1)
    };
    let mut out = Vec::new();
    for i in 0..s.len() {
        if s[i] != mine {
            continue;
        }
        for k in [1isize, 2, -1] {
            let j = i as isize + k * dir;
            if j < 0 || j >= s.len() as isize || s[j as usize] != b'.' {
                continue;
            }
            if k == 2 && s[(i as isize + dir) as usize] != theirs {
                continue;
            }
            let mut t = s.to_vec();
            t.swap(i, j as usize);
            out.push(t);
        }
    }
    out
}

/// Every strip of `n` squares.
fn strips(n: usize) -> Vec<Vec<u8>> {
    (0..3usize.pow(n as u32))
        .map(|mut i| {
            (0..n)
                .map(|_| {
                    let c = b".TF"[i % 3];
                    i /= 3;
                    c
                })
                .collect()
        })
        .collect()
}

/// Result and remoteness of every state of strips of `n` squares: round `k` decides
/// the states of remoteness `k` (a win when a successor is lost in `k - 1`, a loss
/// when every successor is won and the last in `k - 1`); what no round decides is a
/// draw.
fn brute(n: usize) -> HashMap<State, (GameResult, Option<u32>)> {
    let states: Vec<State> = strips(n)
        .into_iter()
        .flat_map(|s| [(s.clone(), true), (s, false)])
        .collect();
    let succ: HashMap<State, Vec<State>> = states
        .iter()
        .map(|(s, left)| {
            let next = successors(s, *left)
                .into_iter()
                .map(|t| (t, !*left))
                .collect();
            ((s.clone(), *left), next)
        })
        .collect();
    let mut known: HashMap<State, (GameResult, u32)> = HashMap::new();
    for k in 0u32.. {
        let mut found = Vec::new();
        for st in &states {
            if known.contains_key(st) {
                continue;
            }
            let next = &succ[st];
            let lost_now = next
                .iter()
                .any(|t| known.get(t) == Some(&(GameResult::Lose, k.wrapping_sub(1))));
            if k > 0 && lost_now {
                found.push((st.clone(), (GameResult::Win, k)));
                continue;
            }
            let all_won = next
                .iter()
                .all(|t| matches!(known.get(t), Some((GameResult::Win, _))));
            let last = next.iter().filter_map(|t| known.get(t)).map(|v| v.1).max();
            if all_won && (next.is_empty() && k == 0 || last == Some(k.wrapping_sub(1))) {
                found.push((st.clone(), (GameResult::Lose, k)));
            }
        }
        if found.is_empty() {
            break;
        }
        known.extend(found);
    }
    states
        .into_iter()
        .map(|st| {
            let v = match known.get(&st) {
                Some(&(r, m)) => (r, Some(m)),
                None => (GameResult::Draw, None),
            };
            (st, v)
        })
        .collect()
}

fn player(left: bool) -> Player {
    if left {
        Player::Left
    } else {
        Player::Right
    }
}

fn text(s: &[u8]) -> String {
    String::from_utf8(s.to_vec()).unwrap()
}

/// The first state where the engine, solving from each root, disagrees with `want`.
fn compare(n: usize, want: &HashMap<State, (GameResult, Option<u32>)>) -> Result<usize, String> {
    let t = Toads::new(true);
    let mut checked = 0;
    for s in strips(n) {
        for left in [true, false] {
            let root = (t.parse_position(&text(&s)).unwrap(), player(left));
            let solved = solve(&RulesetStates(&t), root, &mut Budget::unlimited()).unwrap();
            for ((pos, who), r, m) in solved.iter() {
                let key = (pos.squares().to_vec(), *who == Player::Left);
                if want[&key] != (r, m) {
                    return Err(format!(
                        "{} with {who:?} to move: engine {:?}, brute force {:?}",
                        text(&key.0),
                        (r, m),
                        want[&key]
                    ));
                }
                checked += 1;
            }
        }
    }
    Ok(checked)
}

#[test]
fn every_short_strip_agrees_with_the_brute_force() {
    let mut draws = 0;
    for n in 1..=7 {
        let want = brute(n);
        let checked = compare(n, &want).unwrap();
        assert!(checked >= want.len(), "{n}: {checked} checked");
        draws += want.values().filter(|v| v.0 == GameResult::Draw).count();
    }
    // Backsliding makes draws: `FF..TT` with Left to move is one (the pieces have
    // passed each other and can only step back towards each other and forwards
    // again; neither side can force the other to run out of moves).
    assert!(draws > 0);
    let six = brute(6);
    assert_eq!(six[&(b"FF..TT".to_vec(), true)].0, GameResult::Draw);

    // A planted wrong answer is caught.
    let mut planted = brute(5);
    let key = (b"T.F..".to_vec(), true);
    let wrong = match planted[&key].0 {
        GameResult::Win => (GameResult::Lose, Some(2)),
        _ => (GameResult::Win, Some(1)),
    };
    planted.insert(key, wrong);
    assert!(compare(5, &planted).is_err());
}

#[test]
fn the_analysis_best_moves_are_the_brute_forces() {
    let game = registry::build("toads", &Params::new().with("backsliding", "true")).unwrap();
    for n in 1..=5 {
        let want = brute(n);
        for s in strips(n) {
            for left in [true, false] {
                let a = game.analyze(&text(&s), player(left), usize::MAX).unwrap();
                let (r, m) = want[&(s.clone(), left)];
                assert_eq!((a.result, a.remoteness), (r, m), "{}", text(&s));
                assert_eq!(a.to_move_wins, r == GameResult::Win);
                // A best move keeps the result and, where there is one, the
                // remoteness.
                let keep = |t: &Vec<u8>| {
                    let (theirs, after) = want[&(t.clone(), !left)];
                    let result = match r {
                        GameResult::Win => theirs == GameResult::Lose,
                        GameResult::Draw => theirs == GameResult::Draw,
                        _ => true,
                    };
                    result && (m.is_none() || after.map(|d| d + 1) == m)
                };
                let mut best: Vec<String> = successors(&s, left)
                    .iter()
                    .filter(|t| keep(t))
                    .map(|t| text(t))
                    .collect();
                let mut got: Vec<String> = a.best_moves.iter().map(|m| m.after.clone()).collect();
                best.sort();
                got.sort();
                assert_eq!(got, best, "{} {left}", text(&s));
            }
        }
    }
}

#[test]
fn without_the_switch_toads_is_unchanged() {
    // The normal game keeps its canonical values and never draws.
    let plain = registry::build("toads", &Params::new()).unwrap();
    let a = plain.analyze("T.F", Player::Left, 10).unwrap();
    assert_eq!(a.value.unwrap().to_string(), "*");
    let loopy = registry::build("toads", &Params::new().with("backsliding", "true")).unwrap();
    let b = loopy.analyze("T.F", Player::Left, 10).unwrap();
    assert!(b.value.is_none());
    assert!(registry::build("toads", &Params::new().with("backsliding", "maybe")).is_err());
    assert!(
        registry::build("toads", &Params::new().with("backsliding", "false"))
            .unwrap()
            .analyze("T.F", Player::Left, 10)
            .unwrap()
            .value
            .is_some()
    );
}
