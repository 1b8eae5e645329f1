//! The A-B game played in the terminal.

use std::collections::HashSet;

use crate::engine::remoteness::PartizanRemotenessSolver;
use crate::game::{Game, Partizan, Player};
use crate::play::{ruled, Hint, Hints, Match, Seat, EXHAUSTIVE_LIMIT, HINT_LIMIT};
use crate::rules::ab::{winning_moves, Ab, AbMove, Row};

/// A match of the A-B game. A moves first, so the first seat is A (Left) and the
/// second B (Right).
#[derive(Debug)]
pub struct AbMatch {
    start: Row,
    row: Row,
    to_move: Seat,
    solver: PartizanRemotenessSolver<'static, Ab>,
}

fn player(seat: Seat) -> Player {
    match seat {
        Seat::First => Player::Left,
        Seat::Second => Player::Right,
    }
}

fn letter(seat: Seat) -> u8 {
    match seat {
        Seat::First => b'A',
        Seat::Second => b'B',
    }
}

/// Whether the `order`-th letter (from 0) moves right.
fn moves_right(order: usize) -> bool {
    order % 2 == 0
}

impl AbMatch {
    /// A match from `start`, A to move.
    pub fn new(start: Row) -> AbMatch {
        AbMatch {
            row: start.clone(),
            start,
            to_move: Seat::First,
            solver: PartizanRemotenessSolver::new(&Ab),
        }
    }

    /// An upper bound on the rows reachable: each facing pair with r cells of room
    /// has (r+1)(r+2)/2 placements, the last letter r+1.
    fn reach(&self) -> u128 {
        let cells = self.row.cells();
        let letters: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] != b'.').collect();
        let mut total: u128 = 2;
        for pair in letters.chunks(2) {
            let room = match pair {
                [a, b] => (b - a - 1) as u128,
                [a] => (cells.len() - a - 1) as u128,
                _ => unreachable!("chunks of one or two"),
            };
            let placements = if pair.len() == 2 {
                (room + 1) * (room + 2) / 2
            } else {
                room + 1
            };
            total = total.saturating_mul(placements);
        }
        total
    }

    fn exhaustive(&self) -> bool {
        self.reach() <= EXHAUSTIVE_LIMIT
    }

    fn advance(&mut self, mv: &AbMove) -> String {
        self.row = Ab.play(&self.row, mv);
        self.to_move = self.to_move.other();
        mv.to_string()
    }

    fn parse(&self, text: &str) -> Result<AbMove, String> {
        let shape = "write FROM-TO, e.g. 1-3";
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| format!("not a move: no '-' ({shape})"))?;
        let number = |part: &str| -> Result<usize, String> {
            match part.parse::<usize>() {
                Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n - 1),
                _ => Err(format!(
                    "not a move: {part:?} is not a cell number ({shape})"
                )),
            }
        };
        let (from, to) = (number(from)?, number(to)?);
        let cells = self.row.cells();
        let n = cells.len();
        for cell in [from, to] {
            if cell >= n {
                return Err(format!(
                    "there is no cell {} (the row has cells 1 to {n})",
                    cell + 1
                ));
            }
        }
        let mine = letter(self.to_move);
        if cells[from] != mine {
            return Err(format!(
                "there is no {} on cell {}: {} moves {} letters",
                char::from(mine),
                from + 1,
                char::from(mine),
                char::from(mine)
            ));
        }
        let order = cells[..from].iter().filter(|&&c| c != b'.').count();
        let right = moves_right(order);
        if (right && to <= from) || (!right && to >= from) {
            return Err(format!(
                "the letter on cell {} moves {}",
                from + 1,
                if right { "right" } else { "left" }
            ));
        }
        let between = if right { from + 1..to + 1 } else { to..from };
        if let Some(c) = between.clone().find(|&c| cells[c] != b'.') {
            return Err(format!(
                "cell {} is taken: letters move over empty cells only",
                c + 1
            ));
        }
        Ok(AbMove { from, to })
    }
}

impl Match for AbMatch {
    fn title(&self) -> String {
        "ab".to_owned()
    }

    fn seat_name(&self, seat: Seat) -> String {
        char::from(letter(seat)).to_string()
    }

    fn position(&self) -> String {
        self.row.to_string()
    }

    fn drawing(&self) -> String {
        let cells = self.row.cells();
        let mut order = 0;
        let arrows: String = cells
            .iter()
            .map(|&c| {
                if c == b'.' {
                    ' '
                } else {
                    order += 1;
                    if moves_right(order - 1) {
                        '>'
                    } else {
                        '<'
                    }
                }
            })
            .collect();
        let ruler = ruled(&self.row.to_string());
        let (first, rest) = ruler.split_once('\n').unwrap_or((&ruler, ""));
        format!("{first}\n{}\n{rest}", arrows.trim_end())
    }

    fn move_help(&self) -> String {
        "FROM-TO with cells numbered from 1 on the left: A moves an A, B moves a B, each \
         the way its arrow points, over empty cells, e.g. 1-3"
            .to_owned()
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn winner(&self) -> Option<Seat> {
        Ab.moves_for(&self.row, player(self.to_move))
            .is_empty()
            .then(|| self.to_move.other())
    }

    fn ending(&self) -> String {
        format!(
            "{} has no move left and loses.",
            self.seat_name(self.to_move)
        )
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv = self.parse(text)?;
        Ok(self.advance(&mv))
    }

    fn engine_move(&mut self) -> String {
        let p = player(self.to_move);
        let mv = if self.exhaustive() {
            self.solver.best_moves(&self.row, p).into_iter().next()
        } else {
            winning_moves(&self.row, p)
                .into_iter()
                .next()
                .or_else(|| Ab.moves_for(&self.row, p).into_iter().next())
        };
        let mv = mv.expect("the engine moves only while the game goes on");
        self.advance(&mv)
    }

    fn hints(&mut self) -> Hints {
        let p = player(self.to_move);
        if self.exhaustive() {
            let moves = self
                .solver
                .ranked_moves(&self.row, p)
                .into_iter()
                .map(|(mv, after)| Hint {
                    mv: mv.to_string(),
                    wins: !after.to_move_wins(),
                    moves_left: Some(after.moves() + 1),
                })
                .collect();
            return Hints {
                moves,
                ..Hints::default()
            };
        }
        let all = Ab.moves_for(&self.row, p);
        let winning = winning_moves(&self.row, p);
        let is_winning: HashSet<AbMove> = winning.iter().copied().collect();
        let hint = |mv: &AbMove| Hint {
            mv: mv.to_string(),
            wins: is_winning.contains(mv),
            moves_left: None,
        };
        if all.len() <= HINT_LIMIT {
            Hints {
                moves: all.iter().map(hint).collect(),
                ..Hints::default()
            }
        } else {
            let moves: Vec<Hint> = winning.iter().take(HINT_LIMIT).map(hint).collect();
            Hints {
                more_winning: (winning.len() - moves.len()) as u128,
                more_losing: (all.len() - winning.len()) as u128,
                moves,
            }
        }
    }

    fn restart(&mut self) {
        self.row = self.start.clone();
        self.to_move = Seat::First;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(s: &str) -> AbMatch {
        AbMatch::new(s.parse().unwrap())
    }

    #[test]
    fn illegal_moves_are_explained() {
        let mut m = start("A..B.A..B");
        assert_eq!(
            m.play("4-3"),
            Err("there is no A on cell 4: A moves A letters".into())
        );
        assert_eq!(
            m.play("1-0"),
            Err("not a move: \"0\" is not a cell number (write FROM-TO, e.g. 1-3)".into())
        );
        assert_eq!(
            m.play("6-5"),
            Err("the letter on cell 6 moves right".into())
        );
        assert_eq!(
            m.play("1-5"),
            Err("cell 4 is taken: letters move over empty cells only".into())
        );
        assert_eq!(
            m.play("1-12"),
            Err("there is no cell 12 (the row has cells 1 to 9)".into())
        );
        assert_eq!(m.play("1-3"), Ok("1-3".into()));
        assert_eq!(m.position(), "..AB.A..B");
        assert_eq!(m.to_move(), Seat::Second);
    }

    #[test]
    fn drawing_shows_directions() {
        assert_eq!(
            start("A..B.A..B").drawing(),
            "A..B.A..B\n>  < >  <\n123456789"
        );
    }

    #[test]
    fn the_engine_wins_the_samples_it_can_win() {
        // `A..B.A..B` is lost for A moving first: with the engine as A, B (playing
        // the hints' winning moves) wins; with the engine as B, A cannot win.
        let mut m = start("A..B.A..B");
        while m.winner().is_none() {
            if m.to_move() == Seat::Second {
                m.engine_move();
            } else {
                let h = m.hints();
                assert!(h.moves.iter().all(|h| !h.wins), "{h:?}");
                let mv = h.moves.last().unwrap().mv.clone();
                m.play(&mv).unwrap();
            }
        }
        assert_eq!(m.winner(), Some(Seat::Second));
        // `A..B`: A wins moving first.
        let mut m = start("A..B");
        assert!(m.hints().moves.iter().any(|h| h.wins));
        // A nim heap of 2 between A and B: A empties it.
        assert_eq!(m.engine_move(), "1-3");
        assert_eq!(m.position(), "..AB");
        assert_eq!(m.winner(), Some(Seat::First));
    }
}
