//! The A-B game: the closed form, the winning-move finder, the values and the report,
//! checked against the exhaustive engine on every small row and by proptest beyond.

use grundy::analysis::{analyze, Analysis};
use grundy::engine::PartizanSolver;
use grundy::registry::{build, Params};
use grundy::rules::ab::{winning_moves, Ab, AbMove, PairKind, Reduction, Row, Summary};
use grundy::rules::{Found, NotationError};
use grundy::ruleset::AsPartizan;
use grundy::{Outcome, Player, Value};
use proptest::prelude::*;
use proptest::strategy::Union;

use crate::sums::{Heap, Integer, Sum};

const PLAYERS: [Player; 2] = [Player::Left, Player::Right];

/// Every row of at most `max` cells over `.AB`, shortest first.
fn rows_up_to(max: u32) -> impl Iterator<Item = Row> {
    (0..=max).flat_map(|len| {
        (0..3usize.pow(len)).map(move |mut code| {
            let cells: Vec<u8> = (0..len)
                .map(|_| {
                    let c = b".AB"[code % 3];
                    code /= 3;
                    c
                })
                .collect();
            Row::from_bytes(&cells).expect("only '.', 'A' and 'B'")
        })
    })
}

fn row(text: &str) -> Row {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn names(moves: &[AbMove]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The report on `row` with `to_move` to move, listing at most `limit` winning moves.
fn analyze_up_to(row: &Row, to_move: Player, limit: usize) -> Analysis {
    analyze(&Ab, row, to_move, limit).unwrap_or_else(|e| panic!("{row}: {e}"))
}

/// The report on `row`, listing every winning move.
fn report(row: &Row, to_move: Player) -> Analysis {
    analyze_up_to(row, to_move, usize::MAX)
}

/// The value of `row` by the ruleset, as `(n, m)` for `n + *m`.
fn value_of(row: &Row) -> (i64, u64) {
    match grundy::ruleset::RulesetExt::value(&Ab, row) {
        Ok(Value::NumberNimber(v)) => (
            i64::try_from(v.number).expect("a small row"),
            u64::try_from(v.nimber.0).expect("a small row"),
        ),
        other => panic!("{row}: {other:?} is not n + *m"),
    }
}

// ---------------------------------------------------------------- tables

#[test]
fn judge_samples() {
    for (text, winner) in [("A.B", "A"), ("A..B", "A"), ("A..B.A..B", "B")] {
        let a_wins = Summary::of_cells(text.as_bytes()).wins_moving_first(Player::Left);
        assert_eq!(if a_wins { "A" } else { "B" }, winner, "{text}");
        let report = report(&row(text), Player::Left);
        assert_eq!(report.to_move_wins, winner == "A", "{text}");
    }
}

#[test]
fn values() {
    for (text, value, outcome) in [
        ("", "0", Outcome::P),
        ("..", "0", Outcome::P),
        ("A..A", "2", Outcome::L),
        ("B.B", "-1", Outcome::R),
        ("..B..", "-2", Outcome::R),
        ("A...B", "*3", Outcome::N),
        ("B.A", "*", Outcome::N),
        ("A..B.A..B", "0", Outcome::P),
        ("A..A.A.B", "2 + *", Outcome::L),
        ("B..B.A...B", "-2 + *3", Outcome::R),
    ] {
        let summary = Summary::of_cells(text.as_bytes());
        assert_eq!(summary.value_string(), value, "{text}");
        assert_eq!(summary.outcome(), outcome, "{text}");
        assert_eq!(Reduction::of(&row(text)).value, value, "{text}");
        let typed = grundy::ruleset::RulesetExt::value(&Ab, &row(text)).unwrap();
        assert_eq!(typed, Value::NumberNimber(summary.value()), "{text}");
        assert_eq!(typed.to_string(), value, "{text}");
    }
}

#[test]
fn winning_move_table() {
    use Player::{Left as A, Right as B};
    for (text, player, expected) in [
        // Equal reserves, heaps 2 and 3: make them equal.
        ("A..B.A...B", A, &["6-7"][..]),
        ("A..B.A...B", B, &["10-9"]),
        // Reserves 2 : 0, XOR 0: spend one or two, with either A.
        ("A..A", A, &["1-2", "1-3", "4-3", "4-2"]),
        ("A..A", B, &[]),
        // Reserves 2 : 1, XOR 0: spending one leaves them level with XOR 0.
        ("A..A.B.B", A, &["1-2", "4-3"]),
        ("A..A.B.B", B, &[]),
        // Reserves 0 : 0, heap 1: empty it; the last A has no room.
        ("A.B.A", A, &["1-2"]),
        ("A.B.A", B, &["3-2"]),
        // Nothing can move.
        ("AB..", A, &[]),
        ("AB..", B, &[]),
        // The last letter's room is reserve.
        ("B...", B, &["1-2", "1-3", "1-4"]),
        // Reserves 1 : 3: B may spend up to two.
        ("A.AB...B", A, &[]),
        ("A.AB...B", B, &["4-5", "4-6", "8-7", "8-6"]),
        // Reserves 2 : 0, heap 3: every heap move, but spend at most one.
        ("A...B.A..A", A, &["1-2", "1-3", "1-4", "7-8", "10-9"]),
        ("A...B.A..A", B, &[]),
    ] {
        let found = winning_moves(&row(text), player);
        assert_eq!(names(&found), expected, "{text}, {player:?} to move");
    }
}

#[test]
fn bad_notation_names_the_column() {
    let expected = "'.', 'A' or 'B'";
    for (text, column, found) in [
        ("A.C", 3, Found::Char('C')),
        ("xAB", 1, Found::Char('x')),
        ("AB ", 3, Found::Char(' ')),
        ("a", 1, Found::Char('a')),
        ("AéB", 2, Found::Char('é')),
        ("A.B\n", 4, Found::Char('\n')),
    ] {
        let err = text.parse::<Row>().unwrap_err();
        assert_eq!(err, NotationError::new(column, expected, found), "{text:?}");
    }
    assert_eq!(
        "A.C".parse::<Row>().unwrap_err().to_string(),
        "character 3: expected '.', 'A' or 'B', found 'C'"
    );
}

#[test]
fn reduction_of_a_row() {
    let r = Reduction::of(&row(".A..B.A.A..BB.B"));
    let pairs: Vec<_> = r
        .pairs
        .iter()
        .map(|p| (p.cells, p.letters, p.room, p.kind))
        .collect();
    assert_eq!(
        pairs,
        [
            ([2, 5], "AB", 2, PairKind::NimHeap),
            ([7, 9], "AA", 1, PairKind::ReserveA),
            ([12, 13], "BB", 0, PairKind::ReserveB),
        ]
    );
    let last = r.last.as_ref().expect("seven letters");
    assert_eq!((last.cell, last.letter, last.room), (15, 'B', 0));
    // Cells 1, 6, 10, 11 and 14 are dead.
    assert_eq!(r.dead_dots, 5);
    assert_eq!((r.reserve_a, r.reserve_b, r.xor), (1, 0, 2));
    assert_eq!(r.value, "1 + *2");
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["pairs"][0]["kind"], "nim_heap");
    assert_eq!(json["pairs"][1]["cells"], serde_json::json!([7, 9]));
    assert_eq!(json["last"]["letter"], "B");
}

#[test]
fn analysis_report() {
    let report = report(&row("A..B.A...B"), Player::Left);
    assert_eq!(report.game, "ab");
    assert_eq!(report.parameters, "");
    assert_eq!(report.position, "A..B.A...B");
    assert_eq!(report.to_move, "A");
    assert!(report.to_move_wins);
    assert_eq!(report.other_to_move_wins, Some(true));
    assert_eq!(report.outcome, Some(Outcome::N));
    assert_eq!(report.value.unwrap().to_string(), "*");
    assert_eq!(report.reduction["xor"], 1);
    assert_eq!(report.reduction["pairs"][1]["room"], 3);
    let moves: Vec<_> = report
        .winning_moves
        .iter()
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(moves, [("6-7", "A..B..A..B")]);
    let text = report.explanation.join("\n");
    for needle in [
        "The A on cell 1 and the B on cell 4: 2 empty cells between them, a Nim heap of 2",
        "The A on cell 6 and the B on cell 10: 3 empty cells between them, a Nim heap of 3",
        "1 empty cell outside every pair's room is dead: no letter can ever enter it.",
        "A has 0 reserve moves and B has 0 reserve moves; the Nim heaps XOR to 1",
        "0 − 0 + * = *",
        "A, to move, wins by shrinking a Nim heap so that the XOR becomes zero",
        "1 winning move",
    ] {
        assert!(text.contains(needle), "{needle:?} not in:\n{text}");
    }

    let report = self::report(&row("B.A..A.."), Player::Right);
    assert_eq!(report.to_move, "B");
    assert!(!report.to_move_wins);
    assert_eq!(report.other_to_move_wins, Some(true));
    assert_eq!(report.outcome, Some(Outcome::L));
    assert_eq!(report.value.unwrap().to_string(), "2 + *");
    assert!(report.winning_moves.is_empty());
    let text = report.explanation.join("\n");
    assert!(text.contains("The reserves differ, so A, who has more, wins whoever starts"));
    assert!(text.contains("B, to move, loses: whatever B does, A keeps more reserve moves."));
}

// ---------------------------------------------------------------- exhaustive

/// On every row of at most 10 cells and for both players, through the registry's
/// verify: the closed-form outcome is the engine's, and the closed-form winning moves
/// are the engine's.
#[test]
fn closed_form_and_winning_moves_agree_with_the_engine_up_to_10_cells() {
    let game = build("ab", &Params::new()).unwrap();
    let report = game.verify(10, &()).unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.sizes, 0..11);
    assert_eq!(report.positions, (0..=10).map(|n| 3u64.pow(n)).sum::<u64>());
}

/// Verify compares sets of moves; the order is checked here: on every row of at most
/// 10 cells, the winning moves come in the order of the legal moves (the engine's).
#[test]
fn winning_moves_come_in_move_order_up_to_10_cells() {
    for row in rows_up_to(10) {
        for player in PLAYERS {
            let winning = winning_moves(&row, player);
            let mut legal = Ab.legal_moves(&row, player).into_iter();
            for m in &winning {
                assert!(
                    legal.any(|l| l == *m),
                    "{row}, {player:?}: {m} out of order"
                );
            }
        }
    }
}

/// On every row of at most 9 cells, `value_string` is the value: the row minus it is
/// zero, i.e. `G + (−n) + *m` is a second-player win. Values one apart or `*` apart are
/// told apart, so the check is not blind.
#[test]
fn values_are_exact_up_to_9_cells() {
    let game = Sum::new(AsPartizan(&Ab), Sum::new(Integer, Heap));
    let mut solver = PartizanSolver::new(&game);
    for row in rows_up_to(9) {
        let value = Summary::of_cells(row.cells()).value_string();
        let (n, m) = value_of(&row);
        let mut minus = |n: i64, m: u64| solver.outcome(&(row.clone(), (-n, m)));
        assert_eq!(minus(n, m), Outcome::P, "{row} = {value}");
        assert_eq!(minus(n + 1, m), Outcome::R, "{row} < {value} + 1");
        assert_eq!(minus(n - 1, m), Outcome::L, "{row} > {value} - 1");
        assert_eq!(minus(n, m ^ 1), Outcome::N, "{row} != {value} + *");
    }
}

#[test]
fn reduction_agrees_with_summary_up_to_10_cells() {
    for row in rows_up_to(10) {
        check_reduction(&row);
    }
}

/// The reduction's numbers are the summary's, and every cell is a letter, room or dead.
fn check_reduction(row: &Row) {
    let r = Reduction::of(row);
    assert_eq!(r.summary(), Summary::of_cells(row.cells()), "{row}");
    assert_eq!(r.value, r.summary().value_string(), "{row}");
    let letters = row.cells().iter().filter(|&&c| c != b'.').count() as u64;
    let rooms: u64 =
        r.pairs.iter().map(|p| p.room).sum::<u64>() + r.last.as_ref().map_or(0, |l| l.room);
    assert_eq!(letters + rooms + r.dead_dots, row.len() as u64, "{row}");
    assert_eq!(
        2 * r.pairs.len() as u64 + u64::from(r.last.is_some()),
        letters,
        "{row}"
    );
}

// ---------------------------------------------------------------- proptest

/// Rows of up to 200 cells with a random share of dots.
fn random_row() -> impl Strategy<Value = Row> {
    (1u32..12).prop_flat_map(|dots| {
        let cell = Union::new_weighted(vec![
            (dots, Just(b'.').boxed()),
            (1, Just(b'A').boxed()),
            (1, Just(b'B').boxed()),
        ]);
        prop::collection::vec(cell, 0..=200)
            .prop_map(|cells| Row::from_bytes(&cells).expect("only '.', 'A' and 'B'"))
    })
}

/// Rows whose reserves are equal, or one or two apart, where the heaps decide: pairs,
/// then the same pairs with A and B swapped, then Nim heaps, then perhaps a last letter.
fn balanced_row() -> impl Strategy<Value = Row> {
    let pair = (any::<bool>(), any::<bool>(), 0usize..12, 0usize..3);
    (
        prop::collection::vec(pair, 0..5),
        prop::collection::vec((any::<bool>(), 0usize..16, 0usize..3), 0..5),
        prop::option::of((any::<bool>(), 0usize..3)),
    )
        .prop_map(|(pairs, heaps, last)| {
            let letter = |a: bool| if a { 'A' } else { 'B' };
            let mut text = String::new();
            for swap in [false, true] {
                for &(x, y, room, dead) in &pairs {
                    text.push(letter(x != swap));
                    text.push_str(&".".repeat(room));
                    text.push(letter(y != swap));
                    text.push_str(&".".repeat(dead));
                }
            }
            for &(a_first, room, dead) in &heaps {
                text.push(letter(a_first));
                text.push_str(&".".repeat(room));
                text.push(letter(!a_first));
                text.push_str(&".".repeat(dead));
            }
            if let Some((a, room)) = last {
                text.push(letter(a));
                text.push_str(&".".repeat(room));
            }
            row(&text)
        })
}

fn any_row() -> impl Strategy<Value = Row> {
    prop_oneof![random_row(), balanced_row()]
}

fn any_player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::Left), Just(Player::Right)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The winning moves are exactly the moves after which the opponent loses by the
    /// closed form; there is one exactly when the mover wins; and a losing mover's
    /// every move hands the opponent a win.
    #[test]
    fn winning_moves_follow_the_closed_form(row in any_row(), player in any_player()) {
        let wins = |r: &Row, p: Player| Summary::of_cells(r.cells()).wins_moving_first(p);
        let opponent = player.opponent();
        let found = winning_moves(&row, player);
        for m in &found {
            let after = Ab.after(&row, m);
            prop_assert!(!wins(&after, opponent), "{} after {} from {}", after, m, row);
        }
        prop_assert_eq!(!found.is_empty(), wins(&row, player), "{}", row);
        if !wins(&row, player) {
            for m in Ab.legal_moves(&row, player) {
                let after = Ab.after(&row, &m);
                prop_assert!(wins(&after, opponent), "{} after {} from {}", after, m, row);
            }
        }
        let all: Vec<AbMove> = Ab.legal_moves(&row, player)
            .into_iter()
            .filter(|m| !wins(&Ab.after(&row, m), opponent))
            .collect();
        prop_assert_eq!(found, all, "{}", row);
    }

    /// A bounded report is the full one with the list cut, and says so.
    #[test]
    fn bounded_analysis_lists_a_prefix(row in any_row(), player in any_player(), max in 0usize..40) {
        let full = report(&row, player);
        let mut bounded = analyze_up_to(&row, player, max);
        let total = full.winning_moves.len();
        prop_assert_eq!(&bounded.winning_moves[..], &full.winning_moves[..total.min(max)]);
        if total > max {
            let note = bounded.explanation.pop().expect("a note");
            prop_assert_eq!(note, format!("Only the first {max} of the {total} winning moves are listed."));
        }
        bounded.winning_moves = full.winning_moves.clone();
        // The best moves are listed to the same limit.
        let best = full.best_moves.len();
        prop_assert_eq!(&bounded.best_moves[..], &full.best_moves[..best.min(max)]);
        bounded.best_moves = full.best_moves.clone();
        prop_assert_eq!(bounded, full);
    }

    #[test]
    fn notation_round_trips(row in any_row()) {
        let text = row.to_string();
        prop_assert_eq!(text.parse::<Row>(), Ok(row.clone()));
        prop_assert_eq!(Row::from_bytes(text.as_bytes()), Ok(row));
    }

    #[test]
    fn reduction_agrees_with_summary(row in any_row()) {
        check_reduction(&row);
    }

    /// The report says what the closed form says, and its moves lead where they say.
    #[test]
    fn analysis_is_consistent(row in any_row(), player in any_player()) {
        let summary = Summary::of_cells(row.cells());
        let report = report(&row, player);
        prop_assert_eq!(report.to_move_wins, summary.wins_moving_first(player));
        prop_assert_eq!(report.other_to_move_wins, Some(summary.wins_moving_first(player.opponent())));
        prop_assert_eq!(report.outcome, Some(summary.outcome()));
        prop_assert_eq!(report.value.unwrap().to_string(), summary.value_string());
        prop_assert_eq!(report.winning_move_count, Some(report.winning_moves.len() as u128));
        prop_assert_eq!(&report.position, &row.to_string());
        let moves = winning_moves(&row, player);
        prop_assert_eq!(report.winning_moves.len(), moves.len());
        for (m, reported) in moves.iter().zip(&report.winning_moves) {
            prop_assert_eq!(&reported.mv, &m.to_string());
            prop_assert_eq!(reported.after.parse::<Row>(), Ok(Ab.after(&row, m)));
        }
        let last = report.explanation.last().expect("an explanation");
        let verdict = format!("{}, to move, {}", report.to_move, if report.to_move_wins { "wins" } else { "" });
        prop_assert!(last.starts_with(&verdict), "{}", last);
        if report.to_move_wins {
            let n = moves.len();
            let count = format!(": {n} winning move{}.", if n == 1 { "" } else { "s" });
            prop_assert!(last.ends_with(&count), "{}", last);
        }
    }
}

/// The proptest rows are not all lopsided: every outcome class, in particular the
/// equal-reserve ones (N and P) where the Nim heaps decide, makes up a fair share.
#[test]
fn proptest_rows_reach_every_outcome_class() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    use std::collections::HashMap;
    let mut runner = TestRunner::deterministic();
    let strategy = any_row();
    let mut counts: HashMap<Outcome, usize> = HashMap::new();
    for _ in 0..2000 {
        let row = strategy.new_tree(&mut runner).unwrap().current();
        *counts
            .entry(Summary::of_cells(row.cells()).outcome())
            .or_default() += 1;
    }
    for outcome in [Outcome::N, Outcome::P, Outcome::L, Outcome::R] {
        let n = counts.get(&outcome).copied().unwrap_or(0);
        assert!(n >= 100, "{outcome}: {n} of 2000 rows ({counts:?})");
    }
}
