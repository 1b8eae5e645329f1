//! Printing values: the short notation (ASCII or Unicode) and the explicit form.

use std::fmt::{self, Write};

use super::arena::{CanonicalForm, Kind};
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

impl CanonicalForm {
    /// The value in the short notation of [`cgt`](crate::cgt) in `style`.
    /// (`Display` prints ASCII; `{:#}` prints Unicode.)
    pub fn to_string_in(self, style: Style) -> String {
        let mut s = String::new();
        let _ = write_game(&mut s, self, style);
        s
    }

    /// The value in the short notation, or `None` when it would be longer than
    /// `max_len` bytes: the length is counted first, over the value's graph (each
    /// distinct option once), so that a value whose text is gigabytes long (a sum of
    /// many switches) is refused without being written.
    pub fn to_string_within(self, style: Style, max_len: usize) -> Option<String> {
        let mut memo = std::collections::HashMap::new();
        (printed_len(self, style, &mut memo).0 <= max_len as u64).then(|| self.to_string_in(style))
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
fn explicit(g: CanonicalForm, out: &mut String, max_len: usize) -> bool {
    enum Item {
        CanonicalForm(CanonicalForm),
        Text(char),
    }
    let mut stack = vec![Item::CanonicalForm(g)];
    while let Some(item) = stack.pop() {
        match item {
            Item::Text(c) => out.push(c),
            Item::CanonicalForm(g) => {
                out.push('{');
                stack.push(Item::Text('}'));
                // Each side in the order of the options' short notation, the same in
                // every process (handles are numbered in the order values were made).
                let ordered = |side: &[CanonicalForm]| {
                    let mut side = side.to_vec();
                    side.sort_by_cached_key(|o| o.to_string());
                    side
                };
                for (i, &r) in ordered(g.right_options()).iter().enumerate().rev() {
                    stack.push(Item::CanonicalForm(r));
                    if i > 0 {
                        stack.push(Item::Text(','));
                    }
                }
                stack.push(Item::Text('|'));
                for (i, &l) in ordered(g.left_options()).iter().enumerate().rev() {
                    stack.push(Item::CanonicalForm(l));
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

impl fmt::Display for CanonicalForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let style = if f.alternate() {
            Style::Unicode
        } else {
            Style::Ascii
        };
        write_game(f, *self, style)
    }
}

impl fmt::Debug for CanonicalForm {
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
fn plus_minus(g: CanonicalForm) -> Option<Nus> {
    let (left, right) = (g.left_options(), g.right_options());
    let ([a], [b]) = (left, right) else {
        return None;
    };
    let (x, y) = (a.as_nus()?, b.as_nus()?);
    let neg = x.checked_neg().ok()?;
    (neg == y && x.partial_cmp(Nus::default()) == Some(std::cmp::Ordering::Greater)).then_some(x)
}

fn write_game(out: &mut impl Write, g: CanonicalForm, style: Style) -> fmt::Result {
    match &g.0.kind {
        Kind::Nus(v, _) => write_nus(out, *v, style),
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
fn write_braces_inner(
    out: &mut String,
    g: CanonicalForm,
    style: Style,
) -> Result<usize, fmt::Error> {
    let side = |opts: &[CanonicalForm], out: &mut String| -> Result<usize, fmt::Error> {
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

/// The length in bytes of `g` in the short notation, and for a game in braces the
/// number of bars of its main separator (0 otherwise), exactly as [`write_game`]
/// writes it, saturating; each distinct game is measured once.
fn printed_len(
    g: CanonicalForm,
    style: Style,
    memo: &mut std::collections::HashMap<u32, (u64, u64, usize)>,
) -> (u64, usize) {
    // (the whole text, the text inside the braces, the bars), by game.
    fn inner(
        g: CanonicalForm,
        style: Style,
        memo: &mut std::collections::HashMap<u32, (u64, u64, usize)>,
    ) -> (u64, u64, usize) {
        if let Some(&m) = memo.get(&g.id()) {
            return m;
        }
        let whole_of = |text: &mut String| text.len() as u64;
        let result = match &g.0.kind {
            Kind::Nus(v, _) => {
                let mut text = String::new();
                let _ = write_nus(&mut text, *v, style);
                (whole_of(&mut text), 0, 0)
            }
            Kind::Moves { .. } => {
                if let Some(a) = plus_minus(g) {
                    let mut text = String::new();
                    let _ = write_nus(&mut text, a, style);
                    let sign = if style == Style::Unicode { "±" } else { "+-" };
                    (sign.len() as u64 + text.len() as u64, 0, 0)
                } else {
                    let mut side = |opts: &[CanonicalForm]| -> (u64, usize) {
                        if let [one] = opts {
                            if matches!(one.0.kind, Kind::Moves { .. })
                                && plus_minus(*one).is_none()
                            {
                                let (_, inside, bars) = inner(*one, style, memo);
                                return (inside, bars);
                            }
                        }
                        let texts = opts
                            .iter()
                            .map(|&o| inner(o, style, memo).0)
                            .fold(0u64, u64::saturating_add);
                        (texts.saturating_add(opts.len().saturating_sub(1) as u64), 0)
                    };
                    let (left, lb) = side(g.left_options());
                    let (right, rb) = side(g.right_options());
                    let bars = lb.max(rb) + 1;
                    let inside = left.saturating_add(right).saturating_add(bars as u64);
                    (inside.saturating_add(2), inside, bars)
                }
            }
        };
        memo.insert(g.id(), result);
        result
    }
    let (whole, _, bars) = inner(g, style, memo);
    (whole, bars)
}

#[cfg(test)]
mod length_tests {
    use super::*;

    /// The counted length is the written length, for every value of a sample that
    /// has numbers, switches, inline braces and shared options.
    #[test]
    fn the_counted_length_is_the_written_length() {
        let budget = crate::cgt::ops::ValueBudget::steps(1 << 24);
        for text in [
            "0",
            "*",
            "^*",
            "3/4",
            "+-1",
            "{0,^*|0}",
            "{3|{2|0}}",
            "{{2|1}|{0|-1}}",
            "+-1 + +-2 + +-3 + +-4",
            "{1|0} + {1/2|0} + ^ + *3",
            "{{|}|}",
            "-5/8 + v3*2",
        ] {
            let g = crate::cgt::parse::parse_value(text, &budget).unwrap();
            for style in [Style::Ascii, Style::Unicode] {
                let written = g.to_string_in(style);
                let mut memo = std::collections::HashMap::new();
                assert_eq!(
                    printed_len(g, style, &mut memo).0,
                    written.len() as u64,
                    "{text}: {written}"
                );
                assert_eq!(
                    g.to_string_within(style, written.len()),
                    Some(written.clone())
                );
                assert_eq!(g.to_string_within(style, written.len() - 1), None);
            }
        }
    }
}
