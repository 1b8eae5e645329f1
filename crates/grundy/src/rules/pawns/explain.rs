//! The analysis of a board: value, outcome, reduction and winning moves, with the
//! reasoning in sentences a student can follow.

use super::solve::Reduction;
use super::{Board, PawnMove, Pawns};
use crate::analysis::{Analysis, MoveReport};
use crate::game::Game;
use crate::values::Outcome;

/// Everything about `board` under `rules`: who wins, the value, the staircase
/// reduction (as [`Reduction`] in JSON and as sentences) and every winning move with
/// the board it leads to.
///
/// ```
/// use grundy::rules::pawns::{analyze, Pawns};
/// use grundy::Outcome;
///
/// let analysis = analyze(&Pawns::adapwns(), &"..P.P".parse().unwrap());
/// assert_eq!(analysis.outcome, Outcome::N);
/// assert_eq!(analysis.value, "*");
/// assert_eq!(analysis.winning_moves[1].mv, "5-4");
/// assert_eq!(analysis.winning_moves[1].after, "..PP.");
/// ```
pub fn analyze(rules: &Pawns, board: &Board) -> Analysis {
    analyze_up_to(rules, board, usize::MAX)
}

/// [`analyze`], listing (and explaining) only the first `max_listed` winning moves in
/// move order; `winning_move_count` still counts them all.
///
/// ```
/// use grundy::rules::pawns::{analyze_up_to, Pawns};
///
/// let analysis = analyze_up_to(&Pawns::adapwns(), &"..P.P".parse().unwrap(), 1);
/// assert_eq!(analysis.winning_move_count, Some(2));
/// assert_eq!(analysis.winning_moves.len(), 1);
/// ```
pub fn analyze_up_to(rules: &Pawns, board: &Board, max_listed: usize) -> Analysis {
    let reduction = rules.reduce(board);
    let value = reduction.value();
    let all = rules.winning_moves(board);
    let winning = &all[..all.len().min(max_listed)];
    let winning_moves = winning
        .iter()
        .map(|mv| MoveReport {
            mv: mv.to_string(),
            after: rules.play(board, mv).to_string(),
        })
        .collect();
    Analysis {
        game: "pawns".to_owned(),
        rules: format!("step {}", rules.step()),
        position: board.to_string(),
        to_move: "first player".to_owned(),
        to_move_wins: value.to_move_wins(),
        other_to_move_wins: None,
        outcome: if value.to_move_wins() {
            Outcome::N
        } else {
            Outcome::P
        },
        value: value.into(),
        // A struct of integers, booleans and a vector: serialising it cannot fail.
        reduction: serde_json::to_value(&reduction).expect("a reduction serialises to JSON"),
        explanation: {
            let mut lines = explain(&reduction, winning, all.len());
            if all.len() > winning.len() {
                lines.push(format!(
                    "Only the first {} of the {} winning moves are listed.",
                    winning.len(),
                    all.len()
                ));
            }
            lines
        },
        winning_move_count: Some(all.len() as u128),
        winning_moves,
    }
}

/// The reasoning from the board to the verdict, one sentence per line.
fn explain(r: &Reduction, winning: &[PawnMove], total: usize) -> Vec<String> {
    let k = r.step;
    let mut lines = vec![format!(
        "A move takes one pawn {} to the left, never onto or over another pawn; \
         the player who cannot move loses.",
        amount(k, "square")
    )];
    if r.piles.is_empty() {
        lines.push(
            "There are no pawns, so the first player has no move and loses: the value is 0."
                .to_owned(),
        );
        return lines;
    }
    let piles: Vec<String> = r
        .piles
        .iter()
        .map(|p| format!("{} (pawn on square {})", p.stones, p.square))
        .collect();
    lines.push(format!(
        "Give each pawn a pile of stones: the empty squares just left of it, up to the \
         previous pawn or the edge. From left to right the piles are {}.",
        list(&piles)
    ));
    lines.push(format!(
        "Moving a pawn d squares takes d stones from its pile and puts them on the pile \
         of the next pawn to the right; the last pawn's stones leave the game. This is \
         staircase Nim in which a move carries {}.",
        amount(k, "stone")
    ));
    let counted: Vec<String> = r
        .counted()
        .map(|p| format!("square {}", p.square))
        .collect();
    let mut counting = format!(
        "Counting from the last pawn, only the 1st, 3rd, 5th, ... piles count: here the \
         {} on {}.",
        if counted.len() == 1 {
            "pile of the pawn"
        } else {
            "piles of the pawns"
        },
        list(&counted)
    );
    if r.piles.len() > 1 {
        counting.push_str(
            " Stones moved from an uncounted pile land on a counted one, and the opponent \
             can carry the same stones on to the next uncounted pile (or off the board), \
             so the uncounted piles never decide who wins.",
        );
    }
    lines.push(counting);
    let m = r.modulus;
    let residues: Vec<String> = r
        .counted()
        .map(|p| format!("{} mod {m} = {} (square {})", p.stones, p.residue, p.square))
        .collect();
    lines.push(format!(
        "A counted pile of s stones is worth s mod {m}, like a heap from which a move \
         removes {}: {}.",
        amount(k, "stone"),
        list(&residues)
    ));
    let terms: Vec<String> = r.counted().map(|p| p.residue.to_string()).collect();
    let sum = if terms.len() == 1 {
        format!("{}", r.xor)
    } else {
        format!("{} = {}", terms.join(" XOR "), r.xor)
    };
    lines.push(format!(
        "The value is the XOR of the counted residues: {sum}, so the position is {}.",
        r.value()
    ));
    if r.xor == 0 {
        lines.push(
            "The XOR is 0, so the first player loses: every move changes the residue of \
             exactly one counted pile, which makes the XOR non-zero, and the second player \
             can always answer with a move that brings it back to 0."
                .to_owned(),
        );
        return lines;
    }
    lines.push(format!(
        "The XOR is not 0, so the first player wins by moving to a position whose XOR is \
         0. Every move changes exactly one counted pile, so a winning move gives that pile \
         the residue that cancels the XOR. There {}:",
        match total {
            1 => "is 1 winning move".to_owned(),
            n => format!("are {n} winning moves"),
        }
    ));
    for mv in winning {
        lines.push(explain_move(r, mv));
    }
    lines
}

/// Why one winning move brings the XOR to 0.
fn explain_move(r: &Reduction, mv: &PawnMove) -> String {
    let i = r
        .piles
        .binary_search_by_key(&(mv.from + 1), |p| p.square)
        .expect("a winning move starts on a pawn's square");
    let pile = &r.piles[i];
    let d = (mv.from - mv.to) as u64;
    let squares = if d == 1 { "square" } else { "squares" };
    if pile.counted {
        let stones = pile.stones - d;
        format!(
            "{mv}: the pawn on square {} moves {d} {squares}; its counted pile goes from {} \
             to {stones} stones, residue {} to {}, and the XOR becomes 0.",
            pile.square,
            pile.stones,
            pile.residue,
            stones % r.modulus
        )
    } else {
        let next = &r.piles[i + 1];
        let stones = next.stones + d;
        format!(
            "{mv}: the pawn on square {} moves {d} {squares}; its own pile does not count, \
             but the counted pile of the pawn on square {} grows from {} to {stones} \
             stones, residue {} to {}, and the XOR becomes 0.",
            pile.square,
            next.square,
            next.stones,
            next.residue,
            stones % r.modulus
        )
    }
}

/// "one square", "one or two squares", "1 to 5 squares".
fn amount(k: u32, unit: &str) -> String {
    match k {
        1 => format!("one {unit}"),
        2 => format!("one or two {unit}s"),
        _ => format!("1 to {k} {unit}s"),
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        let s = |v: &[&str]| list(&v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
        assert_eq!(s(&[]), "");
        assert_eq!(s(&["a"]), "a");
        assert_eq!(s(&["a", "b"]), "a and b");
        assert_eq!(s(&["a", "b", "c"]), "a, b and c");
        assert_eq!(amount(1, "square"), "one square");
        assert_eq!(amount(2, "stone"), "one or two stones");
        assert_eq!(amount(4, "stone"), "1 to 4 stones");
    }
}
