//! The impartial families played in the terminal: Nim, staircase Nim, subtraction
//! and octal games.

use crate::game::{Game, Impartial};
use crate::play::{binomial, PlayRules, Sample};
use crate::rules::heaps::{HeapMove, Heaps};
use crate::rules::nim::Nim;
use crate::rules::octal::{Octal, OctalMove};
use crate::rules::staircase::{StairMove, Staircase, Steps};
use crate::rules::subtraction::Subtraction;
use crate::sequence::{BeyondComputed, Sequence};
use crate::values::Nimber;

/// Heaps drawn token by token up to this size.
const DRAW_TOKENS: u64 = 40;

fn draw_row(label: &str, index: usize, size: u64) -> String {
    let tokens = if size <= DRAW_TOKENS {
        format!(" {}", "o".repeat(size as usize))
    } else {
        String::new()
    };
    format!("{label} {}: {size:>3}{tokens}", index + 1)
        .trim_end()
        .to_owned()
}

fn draw_heaps(heaps: &Heaps) -> String {
    if heaps.sizes().is_empty() {
        return "(no heaps)".to_owned();
    }
    heaps
        .sizes()
        .iter()
        .enumerate()
        .map(|(i, &h)| draw_row("heap", i, h))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An upper bound on the positions reachable from heaps that only shrink.
fn heap_reach(heaps: &Heaps) -> u128 {
    heaps
        .sizes()
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(u128::from(h) + 1))
}

/// Checks a `HEAP-TAKE` move against the heaps (any number of stones up to the heap).
fn parse_heap_move(heaps: &Heaps, text: &str) -> Result<HeapMove, String> {
    let mv: HeapMove = text
        .parse()
        .map_err(|e| format!("not a move: {e} (write HEAP-TAKE, e.g. 2-3)"))?;
    let n = heaps.sizes().len();
    let size = *heaps
        .sizes()
        .get(mv.heap)
        .ok_or_else(|| format!("there is no heap {} (the heaps are 1 to {n})", mv.heap + 1))?;
    if mv.take == 0 || mv.take > size {
        return Err(if size == 0 {
            format!("heap {} is empty", mv.heap + 1)
        } else {
            format!("take 1 to {size} stones from heap {}", mv.heap + 1)
        });
    }
    Ok(mv)
}

impl PlayRules for Nim {
    fn title(&self) -> String {
        "nim".to_owned()
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    fn move_help(&self) -> String {
        "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), e.g. 2-3".to_owned()
    }

    fn parse_move(&self, pos: &Heaps, text: &str) -> Result<HeapMove, String> {
        parse_heap_move(pos, text)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        heap_reach(pos)
    }

    fn is_over(&self, pos: &Heaps) -> bool {
        pos.sizes().iter().all(|&h| h == 0)
    }

    fn closed_wins(&self, pos: &Heaps) -> bool {
        self.value(pos).to_move_wins()
    }

    fn closed_winning_move(&self, pos: &Heaps) -> Option<HeapMove> {
        self.winning_moves(pos).into_iter().next()
    }

    /// One stone from the first heap that has one.
    fn stalling_move(&self, pos: &Heaps) -> Option<HeapMove> {
        let heap = pos.sizes().iter().position(|&h| h > 0)?;
        Some(HeapMove { heap, take: 1 })
    }

    fn hint_moves(&self, pos: &Heaps, limit: usize) -> Result<Vec<HeapMove>, Sample<HeapMove>> {
        let total = pos
            .sizes()
            .iter()
            .fold(0u128, |acc, &h| acc + u128::from(h));
        if total <= limit as u128 {
            return Ok(self.moves(pos));
        }
        let mut winning = self.winning_moves(pos);
        let winning_count = winning.len() as u128;
        winning.truncate(limit);
        Err(Sample {
            winning,
            winning_count,
            total,
        })
    }
}

impl PlayRules for Staircase {
    fn title(&self) -> String {
        format!("staircase ({self})")
    }

    fn drawing(&self, pos: &Steps) -> String {
        let len = pos.0.len();
        if len == 0 {
            return "(no steps)".to_owned();
        }
        let mut lines: Vec<String> = pos
            .0
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let mark = if Staircase::counts(i, len) { "*" } else { " " };
                format!("{mark}{}", draw_row("step", i, s))
            })
            .collect();
        lines.push("(step 1 is the top; stones moved off the last step leave; * marks the steps that count)".to_owned());
        lines.join("\n")
    }

    fn move_help(&self) -> String {
        let most = match self.bound() {
            Some(k) => format!("1 to {k}"),
            None => "any number of".to_owned(),
        };
        format!(
            "STEP-COUNT moves COUNT stones ({most}) from step STEP (1 is the top) to the \
             step below, e.g. 1-2"
        )
    }

    fn parse_move(&self, pos: &Steps, text: &str) -> Result<StairMove, String> {
        let mv: StairMove = text
            .parse()
            .map_err(|e| format!("not a move: {e} (write STEP-COUNT, e.g. 1-2)"))?;
        let n = pos.0.len();
        let coins = *pos
            .0
            .get(mv.step)
            .ok_or_else(|| format!("there is no step {} (the steps are 1 to {n})", mv.step + 1))?;
        let most = self.bound().map_or(coins, |k| coins.min(k));
        if mv.count == 0 || mv.count > most {
            return Err(if coins == 0 {
                format!("step {} is empty", mv.step + 1)
            } else {
                format!("move 1 to {most} stones from step {}", mv.step + 1)
            });
        }
        Ok(mv)
    }

    /// Stones only go down: at most every way to spread them over the steps and off.
    fn reach(&self, pos: &Steps) -> u128 {
        let stones: u64 = pos.0.iter().fold(0u64, |acc, &s| acc.saturating_add(s));
        binomial(
            stones.saturating_add(pos.0.len() as u64),
            pos.0.len() as u64,
        )
    }

    fn is_over(&self, pos: &Steps) -> bool {
        pos.0.iter().all(|&s| s == 0)
    }

    fn closed_wins(&self, pos: &Steps) -> bool {
        self.value(pos).to_move_wins()
    }

    fn closed_winning_move(&self, pos: &Steps) -> Option<StairMove> {
        self.winning_moves(pos).into_iter().next()
    }

    /// One stone down from the top step that has one.
    fn stalling_move(&self, pos: &Steps) -> Option<StairMove> {
        let step = pos.0.iter().position(|&s| s > 0)?;
        Some(StairMove { step, count: 1 })
    }
}

/// A heap ruleset whose values come from its Grundy sequence, computed once for the
/// largest heap of the starting position (heaps only shrink or split).
#[derive(Clone, Debug)]
pub struct Tabled<G> {
    rules: G,
    table: Sequence,
}

impl<G: Game> Game for Tabled<G> {
    type Position = G::Position;
    type Move = G::Move;
    fn play(&self, pos: &G::Position, mv: &G::Move) -> G::Position {
        self.rules.play(pos, mv)
    }
}

impl<G: Impartial> Impartial for Tabled<G> {
    fn moves(&self, pos: &G::Position) -> Vec<G::Move> {
        self.rules.moves(pos)
    }
}

impl Tabled<Subtraction> {
    /// A subtraction game ready to play from `start`.
    pub fn subtraction(rules: Subtraction, start: &Heaps) -> Result<Self, BeyondComputed> {
        let table = rules.table(start)?;
        Ok(Tabled { rules, table })
    }

    fn value(&self, heaps: &Heaps) -> Nimber {
        self.rules
            .value(&self.table, heaps)
            .expect("heaps only shrink below the starting heaps")
    }
}

impl Tabled<Octal> {
    /// An octal game ready to play from `start`.
    pub fn octal(rules: Octal, start: &Heaps) -> Result<Self, BeyondComputed> {
        let table = rules.table(start)?;
        Ok(Tabled { rules, table })
    }

    fn value(&self, heaps: &Heaps) -> Nimber {
        self.rules
            .value(&self.table, heaps)
            .expect("heaps only shrink below the starting heaps")
    }

    fn winning_moves(&self, heaps: &Heaps) -> Vec<OctalMove> {
        let total = self.value(heaps).0;
        if total == 0 {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (heap, &size) in heaps.sizes().iter().enumerate() {
            let own = u64::from(self.table.get(size).expect("covered"));
            let found = self
                .rules
                .moves_to_value(&self.table, heap, size, (own ^ total) as u32, size)
                .expect("covered");
            moves.extend(found);
        }
        moves
    }
}

impl PlayRules for Tabled<Subtraction> {
    fn title(&self) -> String {
        format!("subtraction ({})", self.rules)
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    fn move_help(&self) -> String {
        format!(
            "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1), TAKE in {}, e.g. 1-{}",
            self.rules,
            self.rules.set()[0]
        )
    }

    fn parse_move(&self, pos: &Heaps, text: &str) -> Result<HeapMove, String> {
        let mv = parse_heap_move(pos, text)?;
        if !self.rules.set().contains(&mv.take) {
            return Err(format!("the number taken must be in {}", self.rules));
        }
        Ok(mv)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        heap_reach(pos)
    }

    fn closed_wins(&self, pos: &Heaps) -> bool {
        self.value(pos).to_move_wins()
    }

    fn closed_winning_move(&self, pos: &Heaps) -> Option<HeapMove> {
        self.rules
            .winning_moves(&self.table, pos)
            .expect("covered")
            .into_iter()
            .next()
    }
}

impl PlayRules for Tabled<Octal> {
    fn title(&self) -> String {
        format!("octal ({})", self.rules)
    }

    fn drawing(&self, pos: &Heaps) -> String {
        draw_heaps(pos)
    }

    fn move_help(&self) -> String {
        "HEAP-TAKE takes TAKE stones from heap HEAP (numbered from 1); HEAP-TAKE=A+B also \
         splits what is left into heaps of A and B, e.g. 1-1 or 1-1=2+3"
            .to_owned()
    }

    /// Any legal move as the notation prints it (`1-1`, `1-1=2+3`).
    fn parse_move(&self, pos: &Heaps, text: &str) -> Result<OctalMove, String> {
        let legal = self.moves(pos);
        if let Some(mv) = legal.iter().find(|m| m.to_string() == text) {
            return Ok(*mv);
        }
        let shown: Vec<String> = legal.iter().take(12).map(|m| m.to_string()).collect();
        let more = if legal.len() > shown.len() {
            ", ..."
        } else {
            ""
        };
        Err(format!(
            "not a legal move here (the code {} allows {}{more})",
            self.rules,
            shown.join(", ")
        ))
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        // Splits multiply the rows; a heap of h has fewer than 2^h ways to end up.
        pos.sizes().iter().fold(1u128, |acc, &h| {
            acc.saturating_mul(1u128.checked_shl(h.min(127) as u32).unwrap_or(u128::MAX))
        })
    }

    fn closed_wins(&self, pos: &Heaps) -> bool {
        self.value(pos).to_move_wins()
    }

    fn closed_winning_move(&self, pos: &Heaps) -> Option<OctalMove> {
        self.winning_moves(pos).into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{ImpartialMatch, Match, Seat};

    #[test]
    fn bad_moves_are_explained() {
        let heaps: Heaps = "3,0".parse().unwrap();
        let err = |text: &str| Nim.parse_move(&heaps, text).unwrap_err();
        assert_eq!(err("3-1"), "there is no heap 3 (the heaps are 1 to 2)");
        assert_eq!(err("1-4"), "take 1 to 3 stones from heap 1");
        assert_eq!(err("2-1"), "heap 2 is empty");
        assert!(err("x").starts_with("not a move: "), "{}", err("x"));
        let stairs = Staircase::new(Some(2)).unwrap();
        let steps: Steps = "3,0,2".parse().unwrap();
        assert_eq!(
            stairs.parse_move(&steps, "1-3").unwrap_err(),
            "move 1 to 2 stones from step 1"
        );
        assert_eq!(
            stairs.parse_move(&steps, "2-1").unwrap_err(),
            "step 2 is empty"
        );
        let start: Heaps = "7".parse().unwrap();
        let sub = Tabled::subtraction("1,3,4".parse().unwrap(), &start).unwrap();
        assert_eq!(
            sub.parse_move(&start, "1-2").unwrap_err(),
            "the number taken must be in 1,3,4"
        );
    }

    #[test]
    fn drawings() {
        assert_eq!(
            Nim.drawing(&"3,0,50".parse().unwrap()),
            "heap 1:   3 ooo\nheap 2:   0\nheap 3:  50"
        );
        let steps: Steps = "1,2".parse().unwrap();
        assert!(Staircase::new(None)
            .unwrap()
            .drawing(&steps)
            .starts_with(" step 1:   1 o\n*step 2:   2 oo\n"));
    }

    #[test]
    fn kayles_is_won_by_the_middle_pin() {
        // Kayles (0.77) on 5 pins: the first player takes the middle pin, leaving 2 + 2,
        // and mirrors from then on.
        let start: Heaps = "5".parse().unwrap();
        let rules = Tabled::octal("0.77".parse().unwrap(), &start).unwrap();
        let mut m = ImpartialMatch::new(&rules, start);
        let first = m.engine_move();
        // G(0..=5) = 0, 1, 2, 3, 1, 4: the only move to 0 leaves 2 + 2.
        assert_eq!(first, "1-1=2+2");
        while m.winner().is_none() {
            let mv = m.hints().moves[0].mv.clone();
            if m.to_move() == Seat::Second {
                m.play(&mv).unwrap();
            } else {
                m.engine_move();
            }
        }
        assert_eq!(m.winner(), Some(Seat::First));
    }
}
