//! Helpers the rulesets draw their boards with ([`Ruleset::board`](crate::ruleset::RulesetExt::board)):
//! a grid or strip read from a position's text, one character a cell, and heaps of
//! tokens. Each ruleset says which characters it uses and what they mean; nothing here
//! names a game.

use crate::ruleset::board::{
    cell_name, column_letters, numbered, At, Board, Line, Shape, Spot, Tint, MAX_SPOTS,
};

/// One character of a board's notation: what it is and how it is called.
pub struct Glyph {
    /// The character in the notation.
    pub ch: char,
    /// Who it belongs to.
    pub tint: Tint,
    /// In words, e.g. `Left's stone`.
    pub name: &'static str,
}

/// A glyph: `g('x', Tint::Left, "Left's stone")`.
pub const fn g(ch: char, tint: Tint, name: &'static str) -> Glyph {
    Glyph { ch, tint, name }
}

fn spot(glyphs: &[Glyph], ch: char, place: String) -> Spot {
    match glyphs.iter().find(|x| x.ch == ch) {
        Some(x) => Spot::new(
            if x.tint == Tint::Empty {
                String::new()
            } else {
                ch.to_string()
            },
            x.tint,
            format!("{place}: {}", x.name),
        ),
        None => Spot::new(ch.to_string(), Tint::Piece, format!("{place}: {ch}")),
    }
}

/// Rows of cells separated by `|`, one character a cell, named `a1`, `b1`, ...
/// (its columns lettered, its rows numbered from 1 at the top); `None` when the board
/// is too big to draw.
pub fn grid(text: &str, glyphs: &[Glyph]) -> Option<Board> {
    if text.chars().count() > MAX_SPOTS {
        return None;
    }
    let lines: Vec<Line> = text
        .split('|')
        .enumerate()
        .map(|(r, row)| {
            let spots = row
                .chars()
                .enumerate()
                .map(|(c, ch)| spot(glyphs, ch, cell_name([r, c])))
                .collect();
            Line::new(format!("row {}", r + 1), spots)
        })
        .collect();
    let width = lines.iter().map(|l| l.spots.len()).max().unwrap_or(0);
    let height = lines.len();
    Some(Board::new(Shape::Grid, lines).named(column_letters(width), numbered(height, 1)))
}

/// One row of squares numbered from 1, one character a square.
pub(crate) fn strip(text: &str, glyphs: &[Glyph]) -> Option<Board> {
    if text.chars().count() > MAX_SPOTS {
        return None;
    }
    let spots: Vec<Spot> = text
        .chars()
        .enumerate()
        .map(|(i, ch)| spot(glyphs, ch, format!("square {}", i + 1)))
        .collect();
    let count = spots.len();
    Some(
        Board::new(Shape::Strip, vec![Line::new("squares", spots)])
            .named(numbered(count, 1), Vec::new()),
    )
}

/// `text` with the character at `at` (row and column of a grid, or `[0, i]` of a
/// strip) replaced by the next one of `glyphs`, cyclically.
pub fn cycle(text: &str, at: At, glyphs: &[Glyph]) -> Option<String> {
    let mut rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
    let cell = rows.get_mut(at[0])?.get_mut(at[1])?;
    let i = glyphs.iter().position(|x| x.ch == *cell)?;
    *cell = glyphs[(i + 1) % glyphs.len()].ch;
    Some(
        rows.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|"),
    )
}

/// The most tokens drawn in one heap.
pub(crate) const MAX_TOKENS: u64 = 40;

/// Heaps of tokens, each with a last spot that adds a token, and a last line that
/// adds a heap (both [`Tint::Add`], for editing). `name` is what a heap is called
/// (`heap`, `step`).
pub fn heaps(sizes: &[u64], name: &str) -> Option<Board> {
    if sizes.len() > 64 {
        return None;
    }
    let mut partial = false;
    let mut lines: Vec<Line> = sizes
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            partial |= h > MAX_TOKENS;
            let drawn = h.min(MAX_TOKENS);
            let mut spots: Vec<Spot> = (0..drawn)
                .map(|k| {
                    Spot::new(
                        "",
                        Tint::Piece,
                        format!("{name} {}: token {} of {h}", i + 1, k + 1),
                    )
                })
                .collect();
            spots.push(Spot::new(
                "+",
                Tint::Add,
                format!("{name} {}: add a token", i + 1),
            ));
            Line::new(format!("{name} {}: {h}", i + 1), spots)
        })
        .collect();
    lines.push(Line::new(
        format!("add a {name}"),
        vec![Spot::new("+", Tint::Add, format!("add a {name}"))],
    ));
    let mut board = Board::new(Shape::Heaps, lines);
    board.partial = partial;
    Some(board)
}

/// The heaps after clicking `at` of [`heaps`]: a token leaves that many tokens
/// before it, the last spot adds a token, the last line adds a heap of 1.
pub fn edit_heaps(sizes: &[u64], at: At) -> Option<Vec<u64>> {
    let mut out = sizes.to_vec();
    if at[0] == sizes.len() {
        out.push(1);
        return Some(out);
    }
    let h = *sizes.get(at[0])?;
    let k = at[1] as u64;
    out[at[0]] = if k == h.min(MAX_TOKENS) {
        h.checked_add(1)?
    } else {
        k
    };
    Some(out)
}

/// The heap sizes of a comma-separated list (`3,5,7`); `None` otherwise.
pub(crate) fn sizes_of(text: &str) -> Option<Vec<u64>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|h| h.trim().parse().ok()).collect()
}

/// The token of heap `heap` (from 0) from which `take` tokens of a heap of `h` are
/// taken: the first one removed. Clicking it takes it and those after it.
pub fn token(heap: usize, h: u64, take: u64) -> Option<At> {
    let k = h.checked_sub(take)?;
    (k < h.min(MAX_TOKENS)).then_some([heap, k as usize])
}

/// The numbers of a move written with separators (`2-3`, `1=2+5`): each run of digits.
pub fn numbers(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect()
}
