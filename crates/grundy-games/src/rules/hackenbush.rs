//! Blue-Red Hackenbush strings: cut an edge of your colour, and everything above it
//! falls.
//!
//! # Rules
//! Strings of edges standing on the ground, each edge blue or red. Left cuts a blue
//! edge, Right a red one; cutting an edge removes it and every edge above it on its
//! string (they are no longer connected to the ground). A player who has no edge of
//! their colour left loses.
//!
//! # Notation
//! A string is its edges from the ground up, `B` blue (Left's) and `R` red
//! (Right's): `BBR` is two blue edges with a red one on top. A string with no edge
//! left is `.`. Several strings side by side (a sum) are separated by commas:
//! `BBR,RB,.`. At most [`MAX_STRINGS`] strings of at most [`MAX_EDGES`] edges each.
//!
//! A move is `S:H`, cutting the edge at height H (1 is the edge on the ground) of
//! string S (the strings numbered from 1 on the left): `1:3` cuts the red edge of
//! `BBR`. When there is one string, `H` alone is accepted.
//!
//! # Closed form
//! Every position is a number (Berlekamp's sign expansion, Winning Ways ch. 2): in a
//! string, the edges up to the first change of colour count +1 (blue) or −1 (red)
//! each; the edges after it count ±1/2, ±1/4, ±1/8, ... in turn. So `BBR` is
//! 1 + 1 − 1/2 = 3/2, `BRB` is 1 − 1/2 + 1/4 = 3/4, `RB` is −1/2. A sum of strings
//! is worth the sum of their values. Left moving first wins by cutting to a
//! position worth ≥ 0, Right by cutting to one worth ≤ 0. The bounds keep every
//! value exact: a value has a denominator at most 2^31 and at most 64·32 in size.
//!
//! The closed form is checked against the canonical-form engine of
//! [`cgt`](crate::cgt) (this module implements
//! its hooks [`Ruleset::options`] and
//! [`Ruleset::components`]) on every string up to 12
//! edges and every sum of strings up to 9 edges, and against plain game-tree search
//! by `grundy verify hackenbush`.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde_json::json;

use crate::cgt::{Dyadic, Game};
use crate::dynamic::RulesetSpec;
use crate::game::Player;
use crate::rules::NotationError;
use crate::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use crate::values::Value;

/// Blue-Red Hackenbush in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "hackenbush",
    about: "Blue-Red Hackenbush strings, partizan: B (Left's) and R (Right's) edges from the ground up, strings separated by commas.",
    example: "BBR,RB",
    params: &[],
    build: |_| Ok(Box::new(Hackenbush)),
};

/// The most edges of one string.
pub const MAX_EDGES: usize = 32;

/// The most strings of a position.
pub const MAX_STRINGS: usize = 64;

/// The largest positions verify takes, in edges: every position of up to three
/// strings with that many edges in all.
const LARGEST_POSITION: usize = 12;

/// The Blue-Red Hackenbush ruleset (it has no parameters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

/// A position: strings of edges from the ground up, `true` for blue (Left's).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strings(Vec<Vec<bool>>);

impl Strings {
    /// The strings, each from the ground up (`true` blue), or `None` past the limits
    /// ([`MAX_STRINGS`], [`MAX_EDGES`]) or for no string at all.
    pub fn new(strings: Vec<Vec<bool>>) -> Option<Strings> {
        let fits = !strings.is_empty()
            && strings.len() <= MAX_STRINGS
            && strings.iter().all(|s| s.len() <= MAX_EDGES);
        fits.then_some(Strings(strings))
    }

    /// The strings, each from the ground up (`true` blue).
    pub fn strings(&self) -> &[Vec<bool>] {
        &self.0
    }
}

/// Cutting the edge at `height` (from 1) of string `string` (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The string, from 0 on the left.
    pub string: usize,
    /// The edge, from 1 at the ground.
    pub height: usize,
}

impl fmt::Display for Cut {
    /// `S:H`, both from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.string + 1, self.height)
    }
}

impl FromStr for Cut {
    type Err = MoveError;

    /// Reads `S:H` (both from 1).
    fn from_str(text: &str) -> Result<Cut, MoveError> {
        let (s, h) = text.split_once(':').ok_or_else(|| {
            MoveError::notation(format!(
                "not a move: {text:?} (write STRING:HEIGHT, e.g. 1:3, both counted from 1)"
            ))
        })?;
        let number = |part: &str| -> Result<usize, MoveError> {
            match part.parse::<usize>() {
                Ok(n) if n >= 1 && part.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                _ => Err(MoveError::notation(format!(
                    "not a move: {part:?} is not a number from 1 (write STRING:HEIGHT, e.g. 1:3)"
                ))),
            }
        };
        Ok(Cut {
            string: number(s)? - 1,
            height: number(h)?,
        })
    }
}

impl fmt::Display for Strings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if s.is_empty() {
                f.write_str(".")?;
            }
            for &blue in s {
                f.write_str(if blue { "B" } else { "R" })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Strings {
    type Err = NotationError;

    /// Reads strings of `B` and `R` (or `.` for none) separated by commas.
    fn from_str(text: &str) -> Result<Strings, NotationError> {
        let mut strings = vec![Vec::new()];
        let mut dot = false;
        let edge = "'B' (blue edge), 'R' (red edge) or '.' (no edge)";
        for (i, c) in text.chars().enumerate() {
            let current = strings.last_mut().expect("at least one string");
            match c {
                'B' | 'R' if !dot => {
                    if current.len() == MAX_EDGES {
                        return Err(NotationError::at(
                            text,
                            i,
                            format!("',' or the end: a string has at most {MAX_EDGES} edges"),
                        ));
                    }
                    current.push(c == 'B');
                }
                '.' if !dot && current.is_empty() => dot = true,
                ',' if dot || !current.is_empty() => {
                    if strings.len() == MAX_STRINGS {
                        return Err(NotationError::at(
                            text,
                            i,
                            format!("the end: at most {MAX_STRINGS} strings"),
                        ));
                    }
                    strings.push(Vec::new());
                    dot = false;
                }
                _ if dot => return Err(NotationError::at(text, i, "',' or the end after '.'")),
                _ if current.is_empty() => return Err(NotationError::at(text, i, edge)),
                _ => return Err(NotationError::at(text, i, "'B', 'R', ',' or the end")),
            }
        }
        if !dot && strings.last().is_some_and(Vec::is_empty) {
            return Err(NotationError::at(text, text.chars().count(), edge));
        }
        Ok(Strings(strings))
    }
}

/// The value of one string by sign expansion (see the [module docs](self)).
pub fn sign_expansion(string: &[bool]) -> Result<Dyadic, Unsolved> {
    let overflow = |_| Unsolved::new("a Hackenbush value beyond the numbers of grundy::cgt");
    let mut value = Dyadic::ZERO;
    let mut weight = Dyadic::ONE;
    let mut changed = false;
    for &blue in string {
        changed |= blue != string[0];
        if changed {
            weight = weight.half().map_err(overflow)?;
        }
        let w = if blue {
            weight
        } else {
            weight.checked_neg().map_err(overflow)?
        };
        value = value.checked_add(w).map_err(overflow)?;
    }
    Ok(value)
}

/// The values of the strings, and their sum.
fn values(pos: &Strings) -> Result<(Vec<Dyadic>, Dyadic), Unsolved> {
    let each = pos
        .0
        .iter()
        .map(|s| sign_expansion(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = Dyadic::ZERO;
    for &v in &each {
        total = total
            .checked_add(v)
            .map_err(|_| Unsolved::new("a Hackenbush sum beyond the numbers of grundy::cgt"))?;
    }
    Ok((each, total))
}

/// The position after `cut`.
fn after(pos: &Strings, cut: &Cut) -> Strings {
    let mut q = pos.clone();
    q.0[cut.string].truncate(cut.height - 1);
    q
}

/// The positions of `player`'s cuts.
fn cuts(pos: &Strings, player: Player) -> Vec<Strings> {
    Hackenbush
        .moves(pos, player)
        .iter()
        .map(|c| after(pos, c))
        .collect()
}

/// The compositions of `n` into one to three positive parts.
fn compositions(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![n]];
    for a in 1..n {
        out.push(vec![a, n - a]);
        for b in 1..n - a {
            out.push(vec![a, b, n - a - b]);
        }
    }
    out
}

impl Ruleset for Hackenbush {
    type Position = Strings;
    type Move = Cut;

    fn options(&self, pos: &Strings, player: Player) -> Vec<Strings> {
        cuts(pos, player)
    }

    fn components(&self, pos: &Strings) -> Vec<Strings> {
        pos.0
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| Strings(vec![s.clone()]))
            .collect()
    }

    fn name(&self) -> &'static str {
        "hackenbush"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_position(&self, text: &str) -> Result<Strings, NotationError> {
        text.parse()
    }

    fn show_position(&self, pos: &Strings) -> String {
        pos.to_string()
    }

    fn parse_move(&self, pos: &Strings, player: Player, text: &str) -> Result<Cut, MoveError> {
        let text = text.trim();
        let cut = if pos.0.len() == 1 && !text.contains(':') {
            format!("1:{text}").parse::<Cut>()?
        } else {
            text.parse::<Cut>()?
        };
        let Some(string) = pos.0.get(cut.string) else {
            return Err(MoveError::illegal(format!(
                "there is no string {} (the strings are 1 to {})",
                cut.string + 1,
                pos.0.len()
            )));
        };
        let Some(&blue) = string.get(cut.height - 1) else {
            return Err(MoveError::illegal(format!(
                "string {} has {} edges, not {}",
                cut.string + 1,
                string.len(),
                cut.height
            )));
        };
        if blue != (player == Player::Left) {
            let (who, colour) = match player {
                Player::Left => ("Left", "blue (B)"),
                Player::Right => ("Right", "red (R)"),
            };
            return Err(MoveError::illegal(format!(
                "{who} cuts {colour} edges only; edge {} of string {} is {}",
                cut.height,
                cut.string + 1,
                if blue { "blue" } else { "red" }
            )));
        }
        Ok(cut)
    }

    fn move_help(&self) -> String {
        "STRING:HEIGHT cuts that edge (strings from 1 on the left, heights from 1 at the \
         ground) and everything above it: Left cuts blue (B) edges, Right red (R) ones, \
         e.g. 1:2"
            .to_owned()
    }

    fn moves(&self, pos: &Strings, player: Player) -> Vec<Cut> {
        let blue = player == Player::Left;
        pos.0
            .iter()
            .enumerate()
            .flat_map(|(string, s)| {
                s.iter()
                    .enumerate()
                    .filter(move |&(_, &e)| e == blue)
                    .map(move |(h, _)| Cut {
                        string,
                        height: h + 1,
                    })
            })
            .collect()
    }

    fn play(&self, pos: &Strings, mv: &Cut) -> Strings {
        after(pos, mv)
    }

    /// At most (edges + 1) truncations of each string.
    fn reach(&self, pos: &Strings) -> u128 {
        pos.0
            .iter()
            .fold(1u128, |n, s| n.saturating_mul(s.len() as u128 + 1))
    }

    fn value(&self, pos: &Strings) -> Result<Value, Unsolved> {
        Ok(Value::Canonical(Game::number(values(pos)?.1)))
    }

    fn winning_moves(&self, pos: &Strings, to_move: Player) -> Result<Vec<Cut>, Unsolved> {
        let mut out = Vec::new();
        for cut in self.moves(pos, to_move) {
            let v = values(&after(pos, &cut))?.1;
            let wins = match to_move {
                Player::Left => v >= Dyadic::ZERO,
                Player::Right => v <= Dyadic::ZERO,
            };
            if wins {
                out.push(cut);
            }
        }
        Ok(out)
    }

    fn move_count(&self, pos: &Strings, to_move: Player) -> Option<u128> {
        let blue = to_move == Player::Left;
        Some(pos.0.iter().flatten().filter(|&&e| e == blue).count() as u128)
    }

    fn explain(&self, pos: &Strings, _: Player, _: usize) -> Option<Explanation> {
        let (each, total) = values(pos).ok()?;
        let mut sentences = vec![
            "Every string is a number, by Berlekamp's sign expansion: the edges up to the \
             first change of colour count +1 (blue) or −1 (red) each, the edges after it \
             ±1/2, ±1/4, ... in turn; the strings' values add up."
                .to_owned(),
        ];
        let named: Vec<String> = pos
            .0
            .iter()
            .map(|s| Strings(vec![s.clone()]).to_string())
            .collect();
        for (i, (name, v)) in named.iter().zip(&each).enumerate() {
            sentences.push(format!("String {}, {name}: {v}.", i + 1));
        }
        if pos.0.len() > 1 {
            let mut sum = each[0].to_string();
            for v in &each[1..] {
                match v.checked_neg() {
                    Ok(m) if *v < Dyadic::ZERO => sum.push_str(&format!(" − {m}")),
                    _ => sum.push_str(&format!(" + {v}")),
                }
            }
            sentences.push(format!("In all: {sum} = {total}."));
        }
        sentences.push(
            "Left moving first wins by cutting to a position worth ≥ 0, Right by cutting to \
             one worth ≤ 0."
                .to_owned(),
        );
        Some(Explanation {
            reduction: json!({
                "strings": named.iter().zip(&each).map(|(s, v)| json!({"string": s, "value": v})).collect::<Vec<_>>(),
                "value": total,
            }),
            sentences,
        })
    }

    fn size_unit(&self) -> &'static str {
        "edges"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_POSITION
    }

    /// Every position of one to three strings with `size` edges in all (each string
    /// at least one edge; for size 0, the bare ground `.`).
    fn positions(&self, size: usize) -> Option<Positions<'_, Strings>> {
        if size == 0 {
            return Some(Positions {
                count: 1,
                nth: Box::new(|_| Strings(vec![Vec::new()])),
            });
        }
        let parts = compositions(size);
        let colourings = 1u64 << size;
        Some(Positions {
            count: parts.len() as u64 * colourings,
            nth: Box::new(move |i| {
                let lens = &parts[(i / colourings) as usize];
                let bits = i % colourings;
                let mut k = 0;
                Strings(
                    lens.iter()
                        .map(|&len| {
                            (0..len)
                                .map(|_| {
                                    k += 1;
                                    bits >> (k - 1) & 1 == 1
                                })
                                .collect()
                        })
                        .collect(),
                )
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_errors_name_the_column() {
        for text in ["BBR", "B", ".", "BBR,RB,.", ".,.", "R,B"] {
            let p: Strings = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
        let col = |t: &str| t.parse::<Strings>().unwrap_err().column;
        assert_eq!(col(""), 1);
        assert_eq!(col("BX"), 2);
        assert_eq!(col("B,"), 3);
        assert_eq!(col(",B"), 1);
        assert_eq!(col("B.,"), 2);
        assert_eq!(col(".B"), 2);
        assert_eq!(col(&"B".repeat(33)), 33);
        assert_eq!(col(&vec!["B"; 65].join(",")), 128);
    }

    #[test]
    fn sign_expansions_of_winning_ways() {
        let v = |t: &str| {
            let p: Strings = t.parse().unwrap();
            values(&p).unwrap().1.to_string()
        };
        assert_eq!(v("BBR"), "3/2");
        assert_eq!(v("BRB"), "3/4");
        assert_eq!(v("RB"), "-1/2");
        assert_eq!(v("BR,BR,R"), "0");
        assert_eq!(v("."), "0");
        // The largest values the bounds allow stay exact.
        let long = vec!["B".to_owned() + &"R".repeat(31); 64].join(",");
        let p: Strings = long.parse().unwrap();
        assert!(values(&p).is_ok());
    }

    #[test]
    fn moves_and_their_checks() {
        let h = Hackenbush;
        let p: Strings = "BBR,RB".parse().unwrap();
        let names =
            |pl| -> Vec<String> { h.moves(&p, pl).iter().map(ToString::to_string).collect() };
        assert_eq!(names(Player::Left), ["1:1", "1:2", "2:2"]);
        assert_eq!(names(Player::Right), ["1:3", "2:1"]);
        assert_eq!(h.play(&p, &"2:1".parse().unwrap()).to_string(), "BBR,.");
        assert!(h.parse_move(&p, Player::Left, "1:3").is_err());
        assert!(h.parse_move(&p, Player::Left, "3:1").is_err());
        assert!(h.parse_move(&p, Player::Left, "1:4").is_err());
        assert!(h.parse_move(&p, Player::Left, "2").is_err());
        let one: Strings = "BRB".parse().unwrap();
        assert_eq!(
            h.parse_move(&one, Player::Left, "3").unwrap().to_string(),
            "1:3"
        );
    }
}
