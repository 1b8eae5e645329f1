//! Pawns played in the terminal.

use crate::play::{binomial, ruled, PlayRules};
use crate::rules::pawns::{Board, PawnMove, Pawns};

impl PlayRules for Pawns {
    fn title(&self) -> String {
        format!("pawns (step {})", self.step())
    }

    fn drawing(&self, pos: &Board) -> String {
        ruled(&pos.to_string())
    }

    fn move_help(&self) -> String {
        format!(
            "FROM-TO with squares numbered from 1 on the left; a pawn moves 1 to {} \
             squares left over empty squares, e.g. 5-4",
            self.step()
        )
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<PawnMove, String> {
        let mv: PawnMove = text
            .parse()
            .map_err(|e| format!("not a move: {e} (write FROM-TO, e.g. 5-4)"))?;
        let n = pos.len();
        for square in [mv.from, mv.to] {
            if square >= n {
                return Err(format!(
                    "there is no square {} (the board has squares 1 to {n})",
                    square + 1
                ));
            }
        }
        if !pos.has_pawn(mv.from) {
            return Err(format!("there is no pawn on square {}", mv.from + 1));
        }
        if mv.from - mv.to > self.step() as usize {
            return Err(format!(
                "a pawn moves at most {} square{}",
                self.step(),
                if self.step() == 1 { "" } else { "s" }
            ));
        }
        if let Some(taken) = (mv.to..mv.from).rev().find(|&s| pos.has_pawn(s)) {
            return Err(if taken == mv.to {
                format!("square {} is taken", taken + 1)
            } else {
                format!("a pawn cannot jump over the pawn on square {}", taken + 1)
            });
        }
        Ok(mv)
    }

    /// Pawns keep their order and move left only: at most C(squares, pawns) boards.
    fn reach(&self, pos: &Board) -> u128 {
        let pawns = pos.squares().iter().filter(|&&s| s == b'P').count();
        binomial(pos.len() as u64, pawns as u64)
    }

    fn closed_wins(&self, pos: &Board) -> bool {
        self.nim_value(pos.squares()) != 0
    }

    fn closed_winning_move(&self, pos: &Board) -> Option<PawnMove> {
        self.winning_moves(pos).into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{ImpartialMatch, Match, Seat};

    #[test]
    fn illegal_moves_are_explained() {
        let rules = Pawns::adapwns();
        let board: Board = "P.P.P".parse().unwrap();
        let err = |text: &str| rules.parse_move(&board, text).unwrap_err();
        assert!(err("x").starts_with("not a move: column 1"), "{}", err("x"));
        assert_eq!(
            err("9-8"),
            "there is no square 9 (the board has squares 1 to 5)"
        );
        assert_eq!(err("4-3"), "there is no pawn on square 4");
        assert_eq!(
            err("3-4"),
            "not a move: column 3: expected a square left of 3, found \"4\" (write FROM-TO, e.g. 5-4)"
        );
        assert_eq!(err("5-2"), "a pawn moves at most 2 squares");
        assert_eq!(err("3-1"), "square 1 is taken");
        let packed: Board = ".PP".parse().unwrap();
        assert_eq!(
            rules.parse_move(&packed, "3-1").unwrap_err(),
            "a pawn cannot jump over the pawn on square 2"
        );
        assert_eq!(
            rules.parse_move(&board, "5-4"),
            Ok(PawnMove { from: 4, to: 3 })
        );
    }

    #[test]
    fn the_engine_wins_quickest_and_resists_longest() {
        let rules = Pawns::adapwns();
        // `..P.P`: 5-4 leaves `..PP.` (lost); the game then lasts 3 more moves.
        let mut m = ImpartialMatch::new(&rules, "..P.P".parse().unwrap());
        let hints = m.hints();
        let winning: Vec<&str> = hints
            .moves
            .iter()
            .filter(|h| h.wins)
            .map(|h| h.mv.as_str())
            .collect();
        assert!(!winning.is_empty());
        assert!(hints.moves.iter().all(|h| h.moves_left.is_some()));
        let first = m.engine_move();
        assert!(winning.contains(&first.as_str()), "{first}");
        assert_eq!(m.to_move(), Seat::Second);
        // Whatever the second player does, the engine keeps winning.
        while m.winner().is_none() {
            if m.to_move() == Seat::Second {
                let h = m.hints();
                assert!(h.moves.iter().all(|h| !h.wins), "{h:?}");
                let mv = h.moves[0].mv.clone();
                m.play(&mv).unwrap();
            } else {
                m.engine_move();
            }
        }
        assert_eq!(m.winner(), Some(Seat::First));
        m.restart();
        assert_eq!(m.position(), "..P.P");
        assert_eq!(m.to_move(), Seat::First);
    }

    #[test]
    fn big_boards_use_the_closed_form() {
        let rules = Pawns::adapwns();
        let board: String = "..P.P.P...P".repeat(10);
        let mut m = ImpartialMatch::new(&rules, board.parse().unwrap());
        assert!(rules.reach(&board.parse().unwrap()) > crate::play::EXHAUSTIVE_LIMIT);
        let wins_before = rules.closed_wins(&board.parse().unwrap());
        let hints = m.hints();
        assert!(hints.moves.iter().all(|h| h.moves_left.is_none()));
        assert_eq!(hints.moves.iter().any(|h| h.wins), wins_before);
        m.engine_move();
        let after: Board = m.position().parse().unwrap();
        if wins_before {
            assert!(!rules.closed_wins(&after));
        }
    }
}
