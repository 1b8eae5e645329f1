//! The explanation of a board: the staircase reduction in data and in sentences a
//! student can follow, from the board to the verdict and every winning move.

use super::solve::Reduction;
use super::{PawnMove, Pawns};
use crate::ruleset::Explanation;

impl Pawns {
    /// The reduction of `board` as data (a [`Reduction`] in JSON) and as sentences,
    /// explaining at most `limit` winning moves (the count says how many there are).
    ///
    /// ```
    /// use grundy_games::rules::pawns::Pawns;
    ///
    /// let e = Pawns::adapwns().explanation(&"..P.P".parse().unwrap(), 1);
    /// assert_eq!(e.reduction["xor"], 1);
    /// assert!(e.sentences.iter().any(|s| s.starts_with("3-1: the pawn on square 3")));
    /// assert_eq!(
    ///     e.sentences.last().unwrap(),
    ///     "Only the first 1 of the 2 winning moves are listed."
    /// );
    /// ```
    pub fn explanation(&self, board: &super::Board, limit: usize) -> Explanation {
        let reduction = self.reduce(board);
        let all = self.winning_moves(board);
        let winning = &all[..all.len().min(limit)];
        let mut sentences = sentences(&reduction, winning, all.len());
        if all.len() > winning.len() {
            sentences.push(format!(
                "Only the first {} of the {} winning moves are listed.",
                winning.len(),
                all.len()
            ));
        }
        Explanation {
            // A struct of integers, booleans and a vector: serialising it cannot fail.
            reduction: serde_json::to_value(&reduction).expect("a reduction serialises to JSON"),
            sentences,
        }
    }
}

/// The reasoning from the board to the verdict, one sentence per line.
fn sentences(r: &Reduction, winning: &[PawnMove], total: usize) -> Vec<String> {
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
pub fn amount(k: u32, unit: &str) -> String {
    match k {
        1 => format!("one {unit}"),
        2 => format!("one or two {unit}s"),
        _ => format!("1 to {k} {unit}s"),
    }
}

/// "a", "a and b", "a, b and c".
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
