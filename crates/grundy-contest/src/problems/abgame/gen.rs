//! ABGAME rows.

use super::{ABGAME, LEN, SUM, T};
use crate::setter::answers::first_player_wins;
use crate::setter::gen::{exact_lengths, lengths, Gen, Kind};
use crate::setter::rng::Rng;
use crate::setter::Input;

pub(super) fn generate(g: &Gen, rng: &mut Rng) -> Vec<Vec<u8>> {
    let cap = g.cap(LEN);
    let sum_cap = g.cap(SUM);
    match g.kind {
        Kind::Corner => {
            let mut rows = corners(cap);
            let t = g.cases.unwrap_or(rows.len() as u64) as usize;
            rng.shuffle(&mut rows);
            rows.truncate(t);
            // Imposed extra cases: rows of one cell, which fit any sum.
            while rows.len() < t {
                rows.push(vec![*rng.pick(b".AB")]);
            }
            rows
        }
        Kind::Limits => {
            // T and the sum at their caps, one row of each extreme length.
            let t = g.cases.unwrap_or(g.cap(T).min(sum_cap));
            let total = sum_cap.max(t).min(t.saturating_mul(cap));
            let mut lens = if t >= 2 && total >= cap + 1 + (t - 2) {
                let mut l = vec![cap, LEN.min];
                l.extend(exact_lengths(rng, t - 2, LEN.min, cap, total - cap - 1));
                l
            } else {
                exact_lengths(rng, t, LEN.min, cap, total)
            };
            rng.shuffle(&mut lens);
            lens.into_iter().map(|len| random_row(rng, len)).collect()
        }
        Kind::Random | Kind::Diagonal | Kind::FirstWins | Kind::SecondWins => {
            let t_cap = g.cap(T).min(sum_cap);
            let t = g.cases.unwrap_or_else(|| rng.log_range(1, t_cap));
            // A row that A wins needs two cells: a letter and room to move.
            let least = if g.kind == Kind::FirstWins {
                2
            } else {
                LEN.min
            };
            let budget = sum_cap.max(least * t).min(SUM.max);
            let lens = lengths(rng, t, least, cap.max(least), budget);
            let mut rows: Vec<Vec<u8>> = lens.into_iter().map(|len| random_row(rng, len)).collect();
            match g.kind {
                Kind::FirstWins => make_all(rng, &mut rows, true),
                Kind::SecondWins => make_all(rng, &mut rows, false),
                _ => {}
            }
            rows
        }
    }
}

/// A row of `len` cells: letters at a random density, A and B in a random ratio
/// (one player's letters only, now and then), so that both reserves and Nim heaps
/// of all sizes occur.
fn random_row(rng: &mut Rng, len: u64) -> Vec<u8> {
    let letters = *rng.pick(&[1u64, 2, 4, 8, 16, 32, 64]);
    let a_share = *rng.pick(&[0u64, 16, 32, 32, 32, 48, 64]);
    (0..len)
        .map(|_| {
            if !rng.chance(letters, 64) {
                b'.'
            } else if rng.chance(a_share, 64) {
                b'A'
            } else {
                b'B'
            }
        })
        .collect()
}

/// Changes each row whose winner is not the one wanted, keeping its length. Such
/// rows are redrawn together up to 8 times; a row still wrong then becomes one that
/// must go the wanted way: A moving first wins with a letter of its own, room for
/// it, and no B; a row without an A is lost by A, who cannot move.
fn make_all(rng: &mut Rng, rows: &mut [Vec<u8>], a_wins: bool) {
    let answers = first_player_wins(&Input::new(ABGAME, rows.to_vec()));
    let mut wrong: Vec<usize> = (0..rows.len()).filter(|&i| answers[i] != a_wins).collect();
    for _ in 0..8 {
        if wrong.is_empty() {
            return;
        }
        for &i in &wrong {
            rows[i] = random_row(rng, rows[i].len() as u64);
        }
        let redrawn = Input::new(ABGAME, wrong.iter().map(|&i| rows[i].clone()).collect());
        let answers = first_player_wins(&redrawn);
        wrong = wrong
            .into_iter()
            .zip(answers)
            .filter(|&(_, w)| w != a_wins)
            .map(|(i, _)| i)
            .collect();
    }
    for i in wrong {
        let row = &mut rows[i];
        for cell in row.iter_mut() {
            if *cell == b'B' || (!a_wins && *cell == b'A') {
                *cell = if a_wins { b'A' } else { b'B' };
            }
        }
        if a_wins {
            row[0] = b'A';
            row[1] = b'.';
        }
    }
}

/// The longest corner row: eleven of them, and as many one-cell rows as the
/// statement allows test cases, stay within the sum of 10^6.
const CORNER_LEN: u64 = 80_000;

/// Hand-picked rows: every row of one cell and of two, reserves for one player only,
/// a single Nim heap, an odd number of letters, all dots, all letters, alternating
/// letters, at the longest length (at most [`CORNER_LEN`]).
fn corners(cap: u64) -> Vec<Vec<u8>> {
    let mut rows: Vec<Vec<u8>> = [
        ".", "A", "B", "..", ".A", "A.", ".B", "B.", "AA", "AB", "BA", "BB", "A.B", "B.A", "A.A",
        "B.B",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let n = cap.min(CORNER_LEN) as usize;
    if n > 3 {
        let dots = |k: usize| vec![b'.'; k];
        let shapes: Vec<Vec<u8>> = vec![
            dots(n),
            vec![b'A'; n],
            vec![b'B'; n],
            [vec![b'A'], dots(n - 1)].concat(),
            [dots(n - 1), vec![b'B']].concat(),
            [vec![b'A'], dots(n - 2), vec![b'B']].concat(),
            [vec![b'B'], dots(n - 2), vec![b'A']].concat(),
            [vec![b'A'], dots(n - 2), vec![b'A']].concat(),
            [dots(n / 2), vec![b'B'], dots(n - n / 2 - 1)].concat(),
            (0..n)
                .map(|i| if i % 2 == 0 { b'A' } else { b'B' })
                .collect(),
            (0..n)
                .map(|i| match i % 4 {
                    0 => b'A',
                    3 => b'B',
                    _ => b'.',
                })
                .collect(),
        ];
        rows.extend(shapes);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_classes_are_reached() {
        let mut rng = Rng::new(8);
        for a_wins in [true, false] {
            let mut rows: Vec<Vec<u8>> = (0..300)
                .map(|_| {
                    let len = rng.log_range(2, 200);
                    random_row(&mut rng, len)
                })
                .collect();
            rows.extend(corners(20).into_iter().filter(|r| r.len() >= 2));
            make_all(&mut rng, &mut rows, a_wins);
            let answers = first_player_wins(&Input::new(ABGAME, rows));
            assert!(answers.iter().all(|&w| w == a_wins));
        }
    }
}
