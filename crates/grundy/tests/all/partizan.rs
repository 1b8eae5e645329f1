//! The partizan rulesets valued by canonical forms (domineering, toads, hackenbush,
//! clobber), and ab's closed form as a canonical form: published values through the
//! registry; every small position against plain game-tree search (outcome and each
//! player's winning moves, by `verify`); the rulesets' component and symmetry hooks
//! against the engine without them; ab's `n + *m` against the engine; notation
//! round trips by proptest.

use grundy::ruleset::RulesetExt;
use std::path::Path;

use grundy::cgt::engine::{Engine, Limits};
use grundy::cgt::CanonicalForm;
use grundy::registry::{build, Params};
use grundy::rules::ab::Ab;
use grundy::rules::clobber::{self, Clobber};
use grundy::rules::colouring::Colouring;
use grundy::rules::cutcake::Cutcake;
use grundy::rules::domineering::{self, Domineering};
use grundy::rules::hackenbush::{self, Hackenbush};
use grundy::rules::konane::Konane;
use grundy::rules::toads::{self, Toads};
use grundy::rules::toppling::Toppling;
use grundy::ruleset::{AsPartizan, Ruleset};
use grundy::{Player, Value};
use proptest::prelude::*;

/// The published values of `tests/data/cgt/games.txt`, each through the registry as
/// `grundy analyze` reports it: the value and the canonical form.
#[test]
fn published_values_of_the_partizan_rulesets() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cgt/games.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let (case, value) = line.split_once(" => ").expect("GAME POSITION => VALUE");
        let (game, position) = case.split_once(' ').expect("GAME POSITION");
        let rules = build(game, &Params::new()).unwrap();
        let a = rules
            .analyze(position, Player::Left, 0)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(a.value.unwrap().to_string(), value, "{at}");
        let canonical = a
            .canonical
            .unwrap_or_else(|| panic!("{at}: no canonical form"));
        assert_eq!(canonical.canonical_form, value, "{at}");
        // The printed form reads back as the same value.
        let g: CanonicalForm = value.parse().unwrap();
        assert_eq!(Value::Canonical(g), a.value.unwrap(), "{at}");
        checked += 1;
    }
    assert!(checked >= 30, "{checked} values");
}

/// `grundy verify` on every position up to a size: the canonical form's outcome and
/// each player's winning moves (moves to options G^L >= 0, G^R <= 0) against plain
/// game-tree search of who wins. Hackenbush: the sign expansion.
#[test]
fn every_small_position_agrees_with_plain_search() {
    for (game, size, at_least) in [
        ("domineering", 9, 1000),
        ("toads", 7, 3000),
        ("hackenbush", 9, 10_000),
        ("clobber", 6, 3000),
        ("toppling-dominoes", 7, 3000),
        ("cutcake", 12, 300),
        ("konane", 8, 10_000),
        ("snort", 7, 10_000),
        ("col", 7, 10_000),
    ] {
        let rules = build(game, &Params::new()).unwrap();
        let report = rules.verify(size, &()).unwrap();
        assert!(report.mismatch.is_none(), "{game}: {:?}", report.mismatch);
        assert!(report.positions >= at_least, "{game}: {}", report.positions);
    }
}

/// The value of every position of every size up to `max` by the ruleset (with its
/// component and symmetry hooks) against the engine seeing only its moves.
pub(crate) fn hooks_agree<R>(rules: &R, max: usize) -> u64
where
    R: Ruleset,
{
    let plain = AsPartizan(rules);
    let engine = Engine::new(&plain, Limits::default());
    let mut n = 0;
    for size in *rules.sizes().start()..=max {
        let positions = rules.positions(size).unwrap();
        for i in 0..positions.count {
            let pos = (positions.nth)(i);
            let expected = engine.value(&pos).unwrap();
            let found = rules.value(&pos).unwrap();
            assert_eq!(
                found,
                Value::Canonical(expected),
                "{}",
                rules.show_position(&pos)
            );
            n += 1;
        }
    }
    n
}

#[test]
fn component_and_symmetry_hooks_agree_with_the_plain_engine() {
    assert!(hooks_agree(&Domineering::new(), 9) > 1000);
    assert!(hooks_agree(&Toads::default(), 8) > 9000);
    assert!(hooks_agree(&Clobber::default(), 6) > 3000);
    assert!(hooks_agree(&Hackenbush, 8) > 10_000);
    assert!(hooks_agree(&Toppling::default(), 7) > 3000);
    // Cutcake's closed form (its value, not only who wins) against the engine.
    assert!(hooks_agree(&Cutcake, 16) > 700);
    assert!(hooks_agree(&Konane::default(), 7) > 2000);
    assert!(hooks_agree(&Colouring::snort(), 6) > 4000);
    assert!(hooks_agree(&Colouring::col(), 6) > 4000);
}

/// ab's closed form `n + *m`, as a canonical form, is the engine's canonical form of
/// the row, on every row of at most 8 cells.
#[test]
fn ab_closed_form_is_the_engine_canonical_form() {
    let plain = AsPartizan(&Ab);
    let engine = Engine::new(&plain, Limits::default());
    let mut n = 0;
    for size in 0..=8 {
        let positions = Ab.positions(size).unwrap();
        for i in 0..positions.count {
            let row = (positions.nth)(i);
            let closed = Ab.value(&row).unwrap();
            assert!(matches!(closed, Value::NumberNimber(_)));
            assert_eq!(
                closed.canonical(),
                Some(engine.value(&row).unwrap()),
                "{row}: {closed}"
            );
            n += 1;
        }
    }
    assert_eq!(n, (0..=8).map(|k| 3u64.pow(k)).sum::<u64>());
    // And the report shows it: 2 + *3 is 2*3.
    let a = build("ab", &Params::new())
        .unwrap()
        .analyze("A..A.A...B", Player::Left, 0)
        .unwrap();
    assert_eq!(a.value.unwrap().to_string(), "2 + *3");
    assert_eq!(a.canonical.unwrap().canonical_form, "2*3");
}

/// A position too big for the engine's limits is refused with a message saying so
/// (about a second: the search runs up to its limit of positions).
#[test]
fn a_position_too_big_is_refused() {
    let rules = build("toads", &Params::new()).unwrap();
    let err = rules
        .analyze("TTTT........FFFF", Player::Left, 0)
        .unwrap_err();
    assert!(err.to_string().contains("position too big"), "{err}");
}

fn grid_text(h: usize, w: usize, cells: &[u8]) -> String {
    cells
        .chunks(w)
        .take(h)
        .map(|row| std::str::from_utf8(row).unwrap())
        .collect::<Vec<_>>()
        .join("|")
}

proptest! {
    #[test]
    fn domineering_and_clobber_boards_round_trip(
        h in 1usize..=8,
        w in 1usize..=8,
        dots in proptest::collection::vec(0u8..3, 64),
    ) {
        let d: Vec<u8> = dots.iter().map(|&k| b".#"[usize::from(k % 2)]).collect();
        let text = grid_text(h, w, &d);
        let board: domineering::Board = text.parse().unwrap();
        prop_assert_eq!(board.to_string(), text.as_str());
        let c: Vec<u8> = dots.iter().map(|&k| b".xo"[usize::from(k)]).collect();
        let text = grid_text(h, w, &c);
        let board: clobber::Board = text.parse().unwrap();
        prop_assert_eq!(board.to_string(), text.as_str());
    }

    #[test]
    fn strips_and_strings_round_trip(
        strip in "[TF.]{1,64}",
        strings in proptest::collection::vec("[BR]{0,32}", 1..10),
    ) {
        let s: toads::Strip = strip.parse().unwrap();
        prop_assert_eq!(s.to_string(), strip.as_str());
        let text = strings
            .iter()
            .map(|s| if s.is_empty() { ".".to_owned() } else { s.clone() })
            .collect::<Vec<_>>()
            .join(",");
        let p: hackenbush::Strings = text.parse().unwrap();
        prop_assert_eq!(p.to_string(), text.as_str());
    }

    /// Any text either reads and prints back the same, or is refused at a column
    /// inside it (or just past its end).
    #[test]
    fn any_text_reads_back_or_is_refused_at_a_column(text in "[.#xoTFBR|,a]{0,80}") {
        let len = text.chars().count();
        for game in ["domineering", "toads", "hackenbush", "clobber"] {
            let rules = build(game, &Params::new()).unwrap();
            if let Err(e) = rules.check_position(&text) {
                prop_assert!(e.column >= 1 && e.column <= len + 1, "{game} {text:?}: {e}");
            }
        }
        if let Ok(b) = text.parse::<domineering::Board>() {
            prop_assert_eq!(b.to_string(), text.as_str());
        }
        if let Ok(b) = text.parse::<clobber::Board>() {
            prop_assert_eq!(b.to_string(), text.as_str());
        }
        if let Ok(s) = text.parse::<toads::Strip>() {
            prop_assert_eq!(s.to_string(), text.as_str());
        }
        if let Ok(s) = text.parse::<hackenbush::Strings>() {
            prop_assert_eq!(s.to_string(), text.as_str());
        }
    }
}

/// A Domineering board past canonical forms (a region of 42 empty cells, more than
/// `CANONICAL_CELLS`) through the registry: the outcome by search, the value unknown,
/// a winning move that is legal; 6×7 is `{5/2|1/2}` (bench/README.md), Left's either
/// way, and with its corner filled still past canonical forms.
#[test]
fn domineering_past_canonical_forms_is_answered_by_search() {
    const _: () = assert!(6 * 7 > domineering::CANONICAL_CELLS);
    let game = build("domineering", &Params::default()).unwrap();
    let board = ".......|.......|.......|.......|.......|.......";
    for to_move in [Player::Left, Player::Right] {
        let a = game.analyze(board, to_move, 10).unwrap();
        assert_eq!(a.outcome, Some(grundy::Outcome::L));
        assert_eq!(a.to_move_wins, to_move == Player::Left);
        assert!(a.value.is_none() && a.value_unknown.is_some());
        assert!(a
            .solved_by
            .as_deref()
            .unwrap()
            .starts_with("alpha-beta search"));
        assert_eq!(a.winning_moves.len(), usize::from(to_move == Player::Left));
        assert_eq!(
            a.winning_move_count,
            (to_move == Player::Right).then_some(0)
        );
    }
    let rules = Domineering::new();
    let pos = rules.parse_position(board).unwrap();
    let mv = game.analyze(board, Player::Left, 1).unwrap().winning_moves[0]
        .mv
        .clone();
    assert!(rules.parse_move(&pos, Player::Left, &mv).is_ok(), "{mv}");
}
