//! Printing values: the short notation (ASCII or Unicode) and the explicit form.

use std::fmt::{self, Write};

use super::arena::{Game, Kind};
use super::dyadic::Dyadic;
use super::nus::Nus;

/// The character set of printed values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// `^`, `v`, `+-` (the default).
    #[default]
    Ascii,
    /// `↑`, `↓`, `⇑`, `⇓`, `±`.
    Unicode,
}

impl Game {
    /// The value in the short notation of [`cgt`](crate::cgt) in `style`.
    /// (`Display` prints ASCII; `{:#}` prints Unicode.)
    pub fn to_string_in(self, style: Style) -> String {
        let mut s = String::new();
        let _ = write_game(&mut s, self, style);
        s
    }

    /// The explicit form, every option written out as braces: `0` is `{|}`, `1` is
    /// `{{|}|}`, `*` is `{{|}|{|}}`. `None` if it would be longer than `max_len`
    /// characters (explicit forms grow exponentially with the birthday).
    pub fn explicit(self, max_len: usize) -> Option<String> {
        let mut out = String::new();
        explicit(self, &mut out, max_len).then_some(out)
    }
}

/// Writes the explicit form with a stack of its own (a birthday in the millions is
/// fine), giving up as soon as the text is longer than `max_len`.
fn explicit(g: Game, out: &mut String, max_len: usize) -> bool {
    enum Item {
        Game(Game),
        Text(char),
    }
    let mut stack = vec![Item::Game(g)];
    while let Some(item) = stack.pop() {
        match item {
            Item::Text(c) => out.push(c),
            Item::Game(g) => {
                out.push('{');
                stack.push(Item::Text('}'));
                // Each side in the order of the options' short notation, the same in
                // every process (handles are numbered in the order values were made).
                let ordered = |side: &[Game]| {
                    let mut side = side.to_vec();
                    side.sort_by_cached_key(|o| o.to_string());
                    side
                };
                for (i, &r) in ordered(g.right_options()).iter().enumerate().rev() {
                    stack.push(Item::Game(r));
                    if i > 0 {
                        stack.push(Item::Text(','));
                    }
                }
                stack.push(Item::Text('|'));
                for (i, &l) in ordered(g.left_options()).iter().enumerate().rev() {
                    stack.push(Item::Game(l));
                    if i > 0 {
                        stack.push(Item::Text(','));
                    }
                }
            }
        }
        if out.len() > max_len {
            return false;
        }
    }
    true
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = if f.alternate() {
            Style::Unicode
        } else {
            Style::Ascii
        };
        write_game(f, *self, style)
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_game(f, *self, Style::Ascii)
    }
}

/// `x + ↑n + *m`: the number (left out when 0 and something follows), the ups, the
/// nimber.
pub(crate) fn write_nus(out: &mut impl Write, v: Nus, style: Style) -> fmt::Result {
    let unicode = style == Style::Unicode;
    if v.number != Dyadic::ZERO || (v.ups == 0 && v.nimber == 0) {
        write!(out, "{}", v.number)?;
    }
    let n = v.ups.unsigned_abs();
    if n > 0 {
        let (one, two, ascii) = if v.ups > 0 {
            ('↑', '⇑', '^')
        } else {
            ('↓', '⇓', 'v')
        };
        match (unicode, n) {
            (true, 1) => out.write_char(one)?,
            (true, 2) => out.write_char(two)?,
            (true, _) => write!(out, "{one}{n}")?,
            (false, 1) => out.write_char(ascii)?,
            (false, _) => write!(out, "{ascii}{n}")?,
        }
    }
    match v.nimber {
        0 => {}
        1 => out.write_char('*')?,
        m => write!(out, "*{m}")?,
    }
    Ok(())
}

/// `±a` when `g` is `{a | -a}` for a positive Nus `a`.
fn plus_minus(g: Game) -> Option<Nus> {
    let (left, right) = (g.left_options(), g.right_options());
    let ([a], [b]) = (left, right) else {
        return None;
    };
    let (x, y) = (a.as_nus()?, b.as_nus()?);
    let neg = x.checked_neg().ok()?;
    (neg == y && x.partial_cmp(Nus::default()) == Some(std::cmp::Ordering::Greater)).then_some(x)
}

fn write_game(out: &mut impl Write, g: Game, style: Style) -> fmt::Result {
    match &g.0.kind {
        Kind::Nus(v) => write_nus(out, *v, style),
        Kind::Moves { .. } => {
            if let Some(a) = plus_minus(g) {
                out.write_str(if style == Style::Unicode { "±" } else { "+-" })?;
                return write_nus(out, a, style);
            }
            let mut s = String::new();
            write_braces_inner(&mut s, g, style)?;
            write!(out, "{{{s}}}")
        }
    }
}

/// Writes `L1,L2|R1` (without the outer braces) and returns the number of bars of
/// its main separator. A side with a single option that itself prints in braces is
/// written inline with fewer bars: `{3|{2|0}}` is `{3||2|0}`.
fn write_braces_inner(out: &mut String, g: Game, style: Style) -> Result<usize, fmt::Error> {
    let side = |opts: &[Game], out: &mut String| -> Result<usize, fmt::Error> {
        if let [one] = opts {
            if matches!(one.0.kind, Kind::Moves { .. }) && plus_minus(*one).is_none() {
                return write_braces_inner(out, *one, style);
            }
        }
        // In the order of their text, not of their handles (which depends on what
        // the process computed before): a value prints the same in every process.
        let mut texts = Vec::with_capacity(opts.len());
        for &o in opts {
            let mut text = String::new();
            write_game(&mut text, o, style)?;
            texts.push(text);
        }
        texts.sort_unstable();
        out.push_str(&texts.join(","));
        Ok(0)
    };
    let mut left = String::new();
    let mut right = String::new();
    let lb = side(g.left_options(), &mut left)?;
    let rb = side(g.right_options(), &mut right)?;
    let bars = lb.max(rb) + 1;
    out.push_str(&left);
    for _ in 0..bars {
        out.push('|');
    }
    out.push_str(&right);
    Ok(bars)
}
