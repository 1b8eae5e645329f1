//! The full report on a row: outcome, value, reduction, explanation, winning moves.

use super::reduction::{PairKind, Reduction};
use super::winning::{lead, max_spend, winning_moves};
use super::{AbMove, Row};
use crate::analysis::{Analysis, MoveReport};
use crate::game::Player;
use crate::values::Outcome;

/// The player's name in this game: `A` for Left, `B` for Right.
fn name(player: Player) -> &'static str {
    match player {
        Player::Left => "A",
        Player::Right => "B",
    }
}

/// `n word` or `n words`.
fn count(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Everything about `row` with `to_move` to move: who wins, the value, the reduction
/// (a [`Reduction`] as JSON), an explanation in sentences and every winning move with
/// the row it leads to.
///
/// Each listed move carries the whole row after it, so the report grows as the row's
/// length times the number of winning moves (a random 100 000-cell row can have 35 000
/// of them: 3.5 GB of rows). [`analyze_up_to`] bounds the list.
///
/// ```
/// use grundy::rules::ab::{analyze, Row};
/// use grundy::{Outcome, Player};
///
/// let row: Row = "A..B.A..B".parse().unwrap();
/// let report = analyze(&row, Player::Left);
/// assert!(!report.to_move_wins);
/// assert_eq!(report.outcome, Outcome::P);
/// assert_eq!(report.value, "0");
/// assert!(report.winning_moves.is_empty());
/// ```
pub fn analyze(row: &Row, to_move: Player) -> Analysis {
    analyze_up_to(row, to_move, usize::MAX)
}

/// [`analyze`], listing only the first `max_listed` winning moves (in move order).
/// The explanation still counts them all and says how many are listed.
///
/// ```
/// use grundy::rules::ab::{analyze_up_to, Row};
/// use grundy::Player;
///
/// let row: Row = "A.....".parse().unwrap();
/// let report = analyze_up_to(&row, Player::Left, 2);
/// assert_eq!(report.winning_moves.len(), 2);
/// assert!(report.explanation.last().unwrap().contains("first 2 of the 5"));
/// ```
pub fn analyze_up_to(row: &Row, to_move: Player, max_listed: usize) -> Analysis {
    let reduction = Reduction::of(row);
    let summary = reduction.summary();
    let moves = winning_moves(row, to_move);
    let mut explanation = explain(&reduction, to_move, moves.len());
    if moves.len() > max_listed {
        explanation.push(format!(
            "Only the first {max_listed} of the {} winning moves are listed.",
            moves.len()
        ));
    }
    Analysis {
        game: "ab".to_owned(),
        rules: String::new(),
        position: row.to_string(),
        to_move: name(to_move).to_owned(),
        to_move_wins: summary.wins_moving_first(to_move),
        other_to_move_wins: Some(summary.wins_moving_first(to_move.opponent())),
        outcome: summary.outcome(),
        value: reduction.summary().value().into(),
        reduction: serde_json::to_value(&reduction)
            .expect("a reduction is plain numbers and strings"),
        explanation,
        winning_move_count: Some(moves.len() as u128),
        winning_moves: moves
            .iter()
            .take(max_listed)
            .map(|m| MoveReport {
                mv: m.to_string(),
                after: after(row, m),
            })
            .collect(),
    }
}

/// The row after `mv`, in notation, with one copy of the cells.
fn after(row: &Row, mv: &AbMove) -> String {
    let mut cells = row.cells().to_vec();
    cells.swap(mv.from, mv.to);
    String::from_utf8(cells).expect("a row is ASCII")
}

/// The reduction and the verdict in sentences.
fn explain(reduction: &Reduction, to_move: Player, winning: usize) -> Vec<String> {
    let mut lines = Vec::new();
    describe_pairs(reduction, &mut lines);
    let summary = reduction.summary();
    lines.push(format!(
        "In all, A has {} and B has {}; the Nim heaps XOR to {}.",
        count(reduction.reserve_a, "reserve move"),
        count(reduction.reserve_b, "reserve move"),
        reduction.xor
    ));
    lines.push(format!(
        "A reserve move is a free move that only its owner can make, so the value is \
         reserve A − reserve B plus the nimber of the XOR: {} − {} + {} = {}.",
        reduction.reserve_a,
        reduction.reserve_b,
        summary.nimber(),
        reduction.value
    ));
    let me = name(to_move);
    let other = name(to_move.opponent());
    let outcome = summary.outcome();
    let verdict = match outcome {
        Outcome::L => "A wins whoever starts",
        Outcome::R => "B wins whoever starts",
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
    };
    if reduction.reserve_a != reduction.reserve_b {
        let richer = if reduction.reserve_a > reduction.reserve_b {
            "A"
        } else {
            "B"
        };
        lines.push(format!(
            "The reserves differ, so {richer}, who has more, wins whoever starts: {richer} \
             plays Nim on the heaps and spends a reserve move whenever Nim offers nothing \
             better, and the other player runs out of moves first (outcome {outcome}: \
             {verdict})."
        ));
    } else {
        lines.push(format!(
            "The reserves are equal, so every reserve move can be answered by one of the \
             other player's and the heaps decide, as in Nim: the player to move wins exactly \
             when the XOR is not zero (outcome {outcome}: {verdict})."
        ));
    }
    let lead = lead(&summary, to_move);
    let spend = max_spend(&summary, to_move);
    let heaps = reduction
        .pairs
        .iter()
        .any(|p| p.kind == PairKind::NimHeap && p.room > 0);
    let reserve = match to_move {
        Player::Left => reduction.reserve_a,
        Player::Right => reduction.reserve_b,
    };
    let moves = count(winning as u64, "winning move");
    lines.push(if lead > 0 {
        // A heap move keeps the lead; spending keeps it as far as `spend` allows.
        let spending = if spend == 0 {
            format!(
                "but not by spending a reserve move (that would level the reserves with the \
                 XOR not zero, and {other} would win the Nim)"
            )
        } else if reduction.xor == 0 {
            format!(
                "by spending at most {} at once ({me} keeps at least as many as {other}, \
                 with the XOR zero)",
                count(spend, "reserve move")
            )
        } else {
            format!(
                "by spending at most {} at once ({me} stays ahead; with level reserves and \
                 the XOR not zero, {other} would win the Nim)",
                count(spend, "reserve move")
            )
        };
        if heaps {
            let joint = if spend == 0 { ", " } else { " or " };
            format!(
                "{me}, to move, wins with any move on a Nim heap ({me} stays ahead in \
                 reserves){joint}{spending}: {moves}."
            )
        } else {
            format!("{me}, to move, wins {spending}: {moves}.")
        }
    } else if lead == 0 && reduction.xor != 0 {
        format!(
            "{me}, to move, wins by shrinking a Nim heap so that the XOR becomes zero, \
             then answering each move of {other} in kind: {moves}."
        )
    } else if reserve == 0 && !heaps {
        format!("{me}, to move, has no move at all and loses.")
    } else if lead == 0 {
        let mut why = Vec::new();
        if reserve > 0 {
            why.push(format!("spending a reserve move leaves {other} with more"));
        }
        if heaps {
            why.push(format!(
                "shrinking a heap makes the XOR non-zero for {other}"
            ));
        }
        format!("{me}, to move, loses: {}.", why.join(", and "))
    } else {
        format!("{me}, to move, loses: whatever {me} does, {other} keeps more reserve moves.")
    });
    lines
}

/// One sentence per pair with room, then the zero-room pairs, the last letter and the
/// dead dots.
fn describe_pairs(reduction: &Reduction, lines: &mut Vec<String>) {
    if reduction.pairs.is_empty() && reduction.last.is_none() {
        lines.push("There are no letters, so neither player can ever move.".to_owned());
    }
    if !reduction.pairs.is_empty() {
        lines.push(
            "Ignoring the dots, the 1st, 3rd, 5th, ... letters move right and the 2nd, 4th, \
             6th, ... move left, so letters 1 and 2 face each other, and so do letters 3 and 4, \
             and so on. Letters never jump, so each only ever moves into the empty cells \
             between itself and its partner."
                .to_owned(),
        );
    }
    let mut touching = 0u64;
    for pair in &reduction.pairs {
        let [c1, c2] = pair.cells;
        let room = pair.room;
        let empty = count(room, "empty cell");
        match pair.kind {
            _ if room == 0 => touching += 1,
            PairKind::ReserveA | PairKind::ReserveB => {
                let owner = &pair.letters[..1];
                lines.push(format!(
                    "The {owner}s on cells {c1} and {c2}: {empty} between them, {} for \
                     {owner} (only {owner} can move there, with either letter).",
                    count(room, "reserve move")
                ));
            }
            PairKind::NimHeap => lines.push(format!(
                "The {} on cell {c1} and the {} on cell {c2}: {empty} between them, a Nim \
                 heap of {room}: either player may shrink it by moving their own letter.",
                &pair.letters[..1],
                &pair.letters[1..]
            )),
        }
    }
    if touching > 0 {
        lines.push(format!(
            "{} already touch{}: no room, no moves.",
            count(touching, "pair"),
            if touching == 1 { "es" } else { "" }
        ));
    }
    if let Some(last) = &reduction.last {
        let (letter, cell, room) = (last.letter, last.cell, last.room);
        lines.push(if room == 0 {
            format!(
                "The last letter, the {letter} on cell {cell}, has no partner and no room to \
                 its right."
            )
        } else {
            format!(
                "The last letter, the {letter} on cell {cell}, has no partner and moves right: \
                 {} after it, {} for {letter}.",
                count(room, "empty cell"),
                count(room, "reserve move")
            )
        });
    }
    if reduction.dead_dots > 0 {
        let (verb, them) = if reduction.dead_dots == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        lines.push(format!(
            "{} outside every pair's room {verb} dead: no letter can ever enter {them}.",
            count(reduction.dead_dots, "empty cell")
        ));
    }
}
