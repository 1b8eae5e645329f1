//! The reduction of a row in sentences: the pairs, the reserves, the heaps, who wins
//! and how.

use super::reduction::{PairKind, Reduction};
use super::winning::{lead, max_spend, winning_moves};
use super::Row;
use crate::game::Player;
use crate::ruleset::Explanation;
use crate::values::Outcome;

/// The player's name in this game: `A` for Left, `B` for Right.
pub(super) fn name(player: Player) -> &'static str {
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

/// The reduction of `row` for `to_move`, as data (a [`Reduction`]) and in sentences,
/// the last of which says how many winning moves there are; when there are more than
/// `limit`, a note says that only the first `limit` are listed.
pub(super) fn explain(row: &Row, to_move: Player, limit: usize) -> Explanation {
    let reduction = Reduction::of(row);
    let winning = winning_moves(row, to_move).len();
    let mut sentences = sentences(&reduction, to_move, winning);
    if winning > limit {
        sentences.push(format!(
            "Only the first {limit} of the {winning} winning moves are listed."
        ));
    }
    Explanation {
        reduction: serde_json::to_value(&reduction)
            .expect("a reduction is plain numbers and strings"),
        sentences,
    }
}

/// The reduction and the verdict in sentences.
fn sentences(reduction: &Reduction, to_move: Player, winning: usize) -> Vec<String> {
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
