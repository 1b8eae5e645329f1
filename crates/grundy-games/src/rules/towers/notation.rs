//! Reading and printing cities (`h:n,h:n`) and moves (`BUILDING:HEIGHT-BLOCKS`).

use std::fmt;
use std::str::FromStr;

use super::{Building, City, TowerMove};
use crate::rules::notation::{Found, NotationError};

/// What stands at 0-based char index `at`.
fn found_at(chars: &[char], at: usize) -> Found {
    chars.get(at).map_or(Found::End, |&c| Found::Char(c))
}

/// The whole number that starts at char index `at`, and the index after it.
fn number(chars: &[char], at: usize, expected: &str) -> Result<(u128, usize), NotationError> {
    let len = chars[at.min(chars.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if len == 0 {
        return Err(NotationError::new(at + 1, expected, found_at(chars, at)));
    }
    let text: String = chars[at..at + len].iter().collect();
    match text.parse::<u128>() {
        Ok(n) => Ok((n, at + len)),
        Err(_) => Err(NotationError::new(
            at + 1,
            format!("{expected} up to 2^128-1"),
            Found::Text(text),
        )),
    }
}

/// Checks that the character at `at` is `want`.
fn expect(chars: &[char], at: usize, want: char, expected: &str) -> Result<(), NotationError> {
    if chars.get(at) == Some(&want) {
        Ok(())
    } else {
        Err(NotationError::new(at + 1, expected, found_at(chars, at)))
    }
}

fn text(chars: &[char], from: usize, to: usize) -> Found {
    Found::Text(chars[from..to].iter().collect())
}

impl FromStr for City {
    type Err = NotationError;

    /// Reads `h:n,h:n,...` (the empty string is the empty city). Errors name the
    /// 1-based column and what was expected there.
    fn from_str(s: &str) -> Result<City, NotationError> {
        let chars: Vec<char> = s.chars().collect();
        let mut buildings = Vec::new();
        if chars.is_empty() {
            return Ok(City { buildings });
        }
        let mut at = 0;
        loop {
            let start = at;
            let (height, colon) = number(&chars, at, "a height")?;
            expect(&chars, colon, ':', "':' between height and count (h:n)")?;
            let (count, end) = number(&chars, colon + 1, "a count")?;
            let count = u64::try_from(count).map_err(|_| {
                NotationError::new(
                    colon + 2,
                    "a count up to 2^64-1",
                    text(&chars, colon + 1, end),
                )
            })?;
            if count > 0 && height.checked_add(u128::from(count) - 1).is_none() {
                return Err(NotationError::new(
                    start + 1,
                    "a building whose tallest tower fits in 128 bits",
                    text(&chars, start, end),
                ));
            }
            buildings.push(Building { height, count });
            match chars.get(end) {
                None => return Ok(City { buildings }),
                Some(',') => at = end + 1,
                Some(_) => {
                    return Err(NotationError::new(
                        end + 1,
                        "',' before the next building, or the end",
                        found_at(&chars, end),
                    ))
                }
            }
        }
    }
}

impl fmt::Display for City {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.buildings.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{}", b.height, b.count)?;
        }
        Ok(())
    }
}

impl fmt::Display for TowerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}-{}", self.building + 1, self.height, self.remove)
    }
}

impl FromStr for TowerMove {
    type Err = NotationError;

    /// Reads `BUILDING:HEIGHT-BLOCKS` with the building numbered from 1 and
    /// 1 ≤ BLOCKS ≤ HEIGHT. Whether the move is legal in a given city is
    /// [`Towers::is_legal`](super::Towers::is_legal).
    fn from_str(s: &str) -> Result<TowerMove, NotationError> {
        let chars: Vec<char> = s.chars().collect();
        let (building, colon) = number(&chars, 0, "a building number")?;
        let building = usize::try_from(building)
            .ok()
            .and_then(|b| b.checked_sub(1))
            .ok_or_else(|| {
                NotationError::new(1, "a building number from 1", text(&chars, 0, colon))
            })?;
        expect(
            &chars,
            colon,
            ':',
            "':' after the building (BUILDING:HEIGHT-BLOCKS)",
        )?;
        let (height, dash) = number(&chars, colon + 1, "a tower height")?;
        expect(
            &chars,
            dash,
            '-',
            "'-' after the height (BUILDING:HEIGHT-BLOCKS)",
        )?;
        if height == 0 {
            return Err(NotationError::new(
                colon + 2,
                "a tower height of at least 1 (an empty tower has no move)",
                text(&chars, colon + 1, dash),
            ));
        }
        let (remove, end) = number(&chars, dash + 1, "a number of blocks")?;
        if remove == 0 || remove > height {
            return Err(NotationError::new(
                dash + 2,
                format!("between 1 and {height} blocks (the tower's height)"),
                text(&chars, dash + 1, end),
            ));
        }
        if end < chars.len() {
            return Err(NotationError::new(
                end + 1,
                "the end of the move",
                found_at(&chars, end),
            ));
        }
        Ok(TowerMove {
            building,
            height,
            remove,
        })
    }
}
