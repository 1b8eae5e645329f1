//! A question left unanswered says what kind of limit or gap stopped it
//! ([`UnsolvedKind`]), through the dynamic registry every front end uses: over budget,
//! over time, a question that does not apply; and two failures joined keep the more
//! telling kind.

use std::time::Instant;

use grundy::registry::{build, AnalyzeError, Params};
use grundy::ruleset::{Unsolved, UnsolvedKind};
use grundy::Player;

fn unsolved(e: AnalyzeError) -> Unsolved {
    match e {
        AnalyzeError::Unsolved(u) => u,
        other => panic!("expected an unanswered question, got {other}"),
    }
}

/// A Cram board past what the engine values is refused from its size, at once,
/// as over budget.
#[test]
fn a_board_too_big_is_over_budget() {
    let cram = build("cram", &Params::new()).unwrap();
    let big = ["........"; 7].join("|");
    let why = unsolved(cram.analyze(&big, Player::Left, 0).unwrap_err());
    assert_eq!(why.kind, UnsolvedKind::OverBudget, "{why}");
    assert!(why.reason.contains("too big"), "{why}");
}

/// An 8×8 Clobber board reaches more positions than the canonical-form engine may
/// hold: it is refused from the count of its positions, before any value work.
#[test]
fn a_clobber_board_too_big_is_refused_from_its_census() {
    let clobber = build("clobber", &Params::new()).unwrap();
    let board: Vec<String> = (0..8)
        .map(|r| {
            (0..8)
                .map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' })
                .collect()
        })
        .collect();
    let why = unsolved(
        clobber
            .analyze(&board.join("|"), Player::Left, 0)
            .unwrap_err(),
    );
    assert_eq!(why.kind, UnsolvedKind::OverBudget, "{why}");
    assert!(
        why.reason.contains("counted before any value work"),
        "{why}"
    );
}

/// The same kind of work stopped by a deadline that has passed is over time, for
/// the canonical-form engine (Toads and Frogs) and the nimbers by parts (Cram).
#[test]
fn a_search_stopped_at_its_deadline_is_over_time() {
    let toads = build("toads", &Params::new()).unwrap();
    let why = grundy::deadline::within(Instant::now(), || {
        toads.analyze("TTTT........FFFF", Player::Left, 0)
    });
    let why = unsolved(why.unwrap_err());
    assert_eq!(why.kind, UnsolvedKind::OverTime, "{why}");
    let cram = build("cram", &Params::new()).unwrap();
    let why = grundy::deadline::within(Instant::now(), || {
        cram.analyze("......|......|......|......|......", Player::Left, 0)
    });
    let why = unsolved(why.unwrap_err());
    assert_eq!(why.kind, UnsolvedKind::OverTime, "{why}");
}

/// A value asked of a game with ties, or under misère play, is a question that does
/// not apply.
#[test]
fn a_value_that_does_not_exist_is_unsupported() {
    let tictactoe = build("tictactoe", &Params::new()).unwrap();
    let why = unsolved(tictactoe.value("...|...|...").unwrap_err());
    assert_eq!(why.kind, UnsolvedKind::Unsupported, "{why}");
    let misere = build("nim", &Params::new().with("misere", "true")).unwrap();
    let why = unsolved(misere.value("3,5,7").unwrap_err());
    assert_eq!(why.kind, UnsolvedKind::Unsupported, "{why}");
}

/// Joined failures keep the more telling kind: a failure, then time, then budget,
/// then a gap in the theory, then a question that does not apply; equal reasons are
/// said once.
#[test]
fn joined_failures_keep_the_more_telling_kind() {
    let all = UnsolvedKind::ALL;
    for (i, &a) in all.iter().enumerate() {
        for (j, &b) in all.iter().enumerate() {
            let joined = Unsolved::with(a, "x").or(Unsolved::with(b, "y"));
            assert_eq!(joined.kind, all[i.min(j)], "{a} or {b}");
            assert_eq!(joined.reason, "x; y");
        }
    }
    let same = Unsolved::no_theory("x").or(Unsolved::over_budget("x"));
    assert_eq!(same.reason, "x");
    let names: Vec<&str> = all.iter().map(|k| k.name()).collect();
    assert_eq!(
        names,
        [
            "failed",
            "over_time",
            "over_budget",
            "no_theory",
            "unsupported"
        ]
    );
}
