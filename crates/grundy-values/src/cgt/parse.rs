//! Reading values and comparisons: the notation of [`cgt`](crate::cgt).

use std::fmt;
use std::str::FromStr;

use super::algebra::Incentives;
use super::arena::CanonicalForm;
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::{Nus, MAX_UPS, NIMBER_LIMIT};
use super::ops::ValueBudget;

/// Text that is not a value in the notation, or whose value cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExpressionError {
    /// Not the notation: where (the 1-based offset in characters), what was expected
    /// and what stood there.
    #[error("character {column}: expected {expected}, found {found}")]
    Syntax {
        /// The 1-based offset in characters (the expression's column in the text).
        column: usize,
        /// What the notation allows there.
        expected: String,
        /// What stood there (quoted), or `the end`.
        found: String,
    },
    /// The notation is right but the value is not computable (a number overflows,
    /// a nimber or multiple of up is too large, or the budget ran out).
    #[error("character {column}: {source}")]
    Value {
        /// The 1-based offset in characters of the operation that failed.
        column: usize,
        /// Why.
        source: ValueError,
    },
}

impl ExpressionError {
    /// The 1-based column of the problem.
    pub fn column(&self) -> usize {
        match self {
            ExpressionError::Syntax { column, .. } | ExpressionError::Value { column, .. } => {
                *column
            }
        }
    }
}

/// A comparison between two values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `<=`
    Leq,
    /// `>=`
    Geq,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `=` or `==`
    Equal,
    /// `||`: confused (incomparable).
    Confused,
    /// `<|`: less than or confused with (not `>=`).
    LessOrConfused,
    /// `|>`: greater than or confused with (not `<=`).
    GreaterOrConfused,
}

impl Relation {
    /// Whether `g REL h` holds.
    pub fn holds(
        self,
        g: CanonicalForm,
        h: CanonicalForm,
        budget: &ValueBudget,
    ) -> Result<bool, ValueError> {
        let le = || g.leq_within(h, budget);
        let ge = || h.leq_within(g, budget);
        Ok(match self {
            Relation::Leq => le()?,
            Relation::Geq => ge()?,
            Relation::Less => le()? && g != h,
            Relation::Greater => ge()? && g != h,
            Relation::Equal => g == h,
            Relation::Confused => !le()? && !ge()?,
            Relation::LessOrConfused => !ge()?,
            Relation::GreaterOrConfused => !le()?,
        })
    }

    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Leq => "<=",
            Relation::Geq => ">=",
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Equal => "=",
            Relation::Confused => "||",
            Relation::LessOrConfused => "<|",
            Relation::GreaterOrConfused => "|>",
        }
    }
}

/// What a line of the calculator says: a value, or a comparison of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// An expression's value.
    Value(CanonicalForm),
    /// `left REL right` and whether it holds.
    Compare {
        /// The left-hand value.
        left: CanonicalForm,
        /// The relation.
        relation: Relation,
        /// The right-hand value.
        right: CanonicalForm,
        /// Whether the relation holds.
        holds: bool,
    },
}

/// Reads an expression or a comparison (`EXPR`, or `EXPR REL EXPR` with REL one of
/// `<= >= < > = == || <| |>`), computing within `budget`.
pub fn parse_query(text: &str, budget: &ValueBudget) -> Result<Query, ExpressionError> {
    let mut p = Parser::new(text, budget);
    query(&mut p, budget).map_err(|e| p.in_chars(e))
}

fn query(p: &mut Parser<'_>, budget: &ValueBudget) -> Result<Query, ExpressionError> {
    let left = p.expr()?;
    p.skip_ws();
    let query = if let Some((relation, len)) = p.relation() {
        let column = p.pos + 1;
        p.pos += len;
        let right = p.expr()?;
        let holds = relation
            .holds(left, right, budget)
            .map_err(|source| ExpressionError::Value { column, source })?;
        Query::Compare {
            left,
            relation,
            right,
            holds,
        }
    } else {
        Query::Value(left)
    };
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(
            p.expected("an operator (+, -, +-) or a comparison (<=, >=, <, >, =, ||, <|, |>)")
        );
    }
    Ok(query)
}

/// Reads an expression (sums, differences, negation, parentheses over the value
/// notation), computing within `budget`.
pub fn parse_value(text: &str, budget: &ValueBudget) -> Result<CanonicalForm, ExpressionError> {
    let mut p = Parser::new(text, budget);
    value(&mut p).map_err(|e| p.in_chars(e))
}

fn value(p: &mut Parser<'_>) -> Result<CanonicalForm, ExpressionError> {
    let g = p.expr()?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(p.expected("an operator (+, -, +-) or the end"));
    }
    Ok(g)
}

/// Reads `incentives(EXPR)`, the whole text, and gives the incentives of the
/// expression's value ([`CanonicalForm::incentives`]); `None` when the text is not a call of
/// `incentives`. The incentives are a list of games, not one value, so elsewhere in
/// an expression `incentives(G)` is refused.
pub fn parse_incentives(
    text: &str,
    budget: &ValueBudget,
) -> Result<Option<Incentives>, ExpressionError> {
    let mut p = Parser::new(text, budget);
    incentives(&mut p, budget).map_err(|e| p.in_chars(e))
}

fn incentives(
    p: &mut Parser<'_>,
    budget: &ValueBudget,
) -> Result<Option<Incentives>, ExpressionError> {
    p.skip_ws();
    if p.function_name().as_deref() != Some("incentives") {
        return Ok(None);
    }
    let column = p.pos + 1;
    let args = p.arguments("incentives", 1)?;
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(p.expected("the end (incentives(G) lists games: it is the whole expression)"));
    }
    args[0]
        .incentives(budget)
        .map(Some)
        .map_err(Parser::value_err(column))
}

impl FromStr for CanonicalForm {
    type Err = ExpressionError;

    /// Reads the notation of [`cgt`](crate::cgt), sums and differences included.
    fn from_str(s: &str) -> Result<CanonicalForm, ExpressionError> {
        parse_value(s, &ValueBudget::unlimited())
    }
}

const VALUE: &str = "a value (a number, *, ^, v, {, ( or +-)";

/// The functions of the notation.
const FUNCTIONS: &str = "a function: cool(G, t), heat(G, t), overheat(G, s, t), ordinal(G, H), \
     norton(G, U), reduced(G), atomic_weight(G) or incentives(G)";

/// The deepest nesting of parentheses, braces and unary operators read.
pub const MAX_NESTING: usize = 200;

/// A reader of the notation over the text's bytes: `pos` is a byte offset, always
/// at a character's start, and the columns it records are byte columns, turned into
/// character columns when an error leaves the reader ([`Parser::in_chars`]).
struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    budget: &'a ValueBudget,
    depth: usize,
    /// The options read of the braces being read, innermost last.
    games: Vec<CanonicalForm>,
    /// The pieces of the braces being read, innermost last.
    pieces: Vec<Piece>,
    /// Whether braces in the plain notation are read by the quick path first
    /// ([`plain_braces`](Self::plain_braces)); off only to test it.
    plain: bool,
}

/// One piece of a braces' contents: a list of options (a range of the parser's
/// stack of games) or a run of bars (its length and column).
#[derive(Clone, Copy)]
enum Piece {
    List(usize, usize),
    Bars(usize, usize),
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, budget: &'a ValueBudget) -> Self {
        Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            budget,
            depth: 0,
            games: Vec::with_capacity(32),
            pieces: Vec::new(),
            plain: true,
        }
    }

    /// The character starting at byte `at`.
    #[inline]
    fn char_at(&self, at: usize) -> Option<char> {
        match *self.bytes.get(at)? {
            b if b.is_ascii() => Some(char::from(b)),
            _ => self.wide_char_at(at),
        }
    }

    /// The character starting at byte `at`, one of more than a byte.
    #[cold]
    #[inline(never)]
    fn wide_char_at(&self, at: usize) -> Option<char> {
        self.text[at..].chars().next()
    }

    fn peek(&self) -> Option<char> {
        self.char_at(self.pos)
    }

    /// The character after the one at the cursor.
    fn peek_next(&self) -> Option<char> {
        self.char_at(self.pos + self.peek()?.len_utf8())
    }

    /// Moves the cursor past the character at it.
    fn bump(&mut self) {
        self.pos += self.peek().map_or(0, char::len_utf8);
    }

    #[inline]
    fn skip_ws(&mut self) {
        // Most often a printable ASCII character or the end: nothing to skip.
        if self
            .bytes
            .get(self.pos)
            .is_none_or(|&b| b > b' ' && b.is_ascii())
        {
            return;
        }
        self.skip_ws_slow();
    }

    #[cold]
    #[inline(never)]
    fn skip_ws_slow(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The character column (from 1) of the byte column `column` (from 1).
    fn char_column(&self, column: usize) -> usize {
        self.text[..column - 1].chars().count() + 1
    }

    /// `e` with its byte column turned into a character column.
    fn in_chars(&self, e: ExpressionError) -> ExpressionError {
        match e {
            ExpressionError::Syntax {
                column,
                expected,
                found,
            } => ExpressionError::Syntax {
                column: self.char_column(column),
                expected,
                found,
            },
            ExpressionError::Value { column, source } => ExpressionError::Value {
                column: self.char_column(column),
                source,
            },
        }
    }

    fn expected(&self, what: &str) -> ExpressionError {
        ExpressionError::Syntax {
            column: self.pos + 1,
            expected: what.to_string(),
            found: match self.peek() {
                Some(c) => format!("{c:?}"),
                None => "the end".to_string(),
            },
        }
    }

    fn value_err(column: usize) -> impl Fn(ValueError) -> ExpressionError {
        move |source| ExpressionError::Value { column, source }
    }

    fn relation(&self) -> Option<(Relation, usize)> {
        let (a, b) = (self.peek()?, self.peek_next());
        Some(match (a, b) {
            ('<', Some('=')) => (Relation::Leq, 2),
            ('>', Some('=')) => (Relation::Geq, 2),
            ('<', Some('|')) => (Relation::LessOrConfused, 2),
            ('|', Some('>')) => (Relation::GreaterOrConfused, 2),
            ('|', Some('|')) => (Relation::Confused, 2),
            ('=', Some('=')) => (Relation::Equal, 2),
            ('≤', _) => (Relation::Leq, '≤'.len_utf8()),
            ('≥', _) => (Relation::Geq, '≥'.len_utf8()),
            ('<', _) => (Relation::Less, 1),
            ('>', _) => (Relation::Greater, 1),
            ('=', _) => (Relation::Equal, 1),
            _ => return None,
        })
    }

    /// `+-` or `±` at the cursor: its length in bytes.
    fn plus_minus_len(&self) -> Option<usize> {
        let rest = &self.bytes[self.pos..];
        if rest.starts_with(b"+-") {
            Some(2)
        } else if rest.starts_with("±".as_bytes()) {
            Some('±'.len_utf8())
        } else {
            None
        }
    }

    /// Whether the cursor is at the end of an option or argument: the end, `,`,
    /// `|`, `}` or `)` (no operator follows).
    fn at_list_end(&self) -> bool {
        matches!(
            self.bytes.get(self.pos),
            None | Some(b',' | b'|' | b'}' | b')')
        )
    }

    fn expr(&mut self) -> Result<CanonicalForm, ExpressionError> {
        let mut total = match self.lone_integer() {
            Some(g) => g,
            None => self.product()?,
        };
        loop {
            self.skip_ws();
            if self.at_list_end() {
                return Ok(total);
            }
            let column = self.pos + 1;
            let rhs = if let Some(len) = self.plus_minus_len() {
                self.pos += len;
                let t = self.product()?;
                self.plus_minus(t, column)?
            } else {
                match self.peek() {
                    Some('+') => {
                        self.pos += 1;
                        self.product()?
                    }
                    Some('-' | '−') => {
                        self.bump();
                        let t = self.product()?;
                        t.try_neg().map_err(Self::value_err(column))?
                    }
                    _ => return Ok(total),
                }
            };
            total = total
                .add_within(rhs, self.budget)
                .map_err(Self::value_err(column))?;
        }
    }

    /// Terms joined by `x` (or `×`): Conway's nim product of nimbers.
    fn product(&mut self) -> Result<CanonicalForm, ExpressionError> {
        let mut g = self.term()?;
        loop {
            self.skip_ws();
            let column = self.pos + 1;
            if !matches!(self.peek(), Some('x' | '×')) {
                return Ok(g);
            }
            self.bump();
            let h = self.term()?;
            g = g.nim_times(h).map_err(Self::value_err(column))?;
        }
    }

    /// `name(arguments)`: `cool(G, t)`, `heat(G, t)`, `overheat(G, s, t)`,
    /// `ordinal(G, H)`, `norton(G, U)`, `reduced(G)`, `atomic_weight(G)`.
    fn call(&mut self, name: &str) -> Result<CanonicalForm, ExpressionError> {
        let column = self.pos + 1;
        let arity = match name {
            "reduced" | "atomic_weight" => 1,
            "cool" | "heat" | "ordinal" | "norton" => 2,
            "overheat" => 3,
            "incentives" => {
                return Err(Self::value_err(column)(ValueError::Undefined(
                    "incentives(G) is a list of games, not one value (`grundy value` \
                     prints it when it is the whole expression)"
                        .into(),
                )))
            }
            _ => return Err(self.expected(FUNCTIONS)),
        };
        let args = self.arguments(name, arity)?;
        let at = Self::value_err(column);
        match (name, &args[..]) {
            ("cool", &[g, t]) => {
                let Some(t) = t.as_number() else {
                    return Err(at(ValueError::Undefined(format!(
                        "cool(G, t): t must be a number, found {t}"
                    ))));
                };
                g.cool(t, self.budget).map_err(at)
            }
            ("heat", &[g, t]) => g.heat(t, self.budget).map_err(at),
            ("overheat", &[g, s, t]) => g.overheat(s, t, self.budget).map_err(at),
            ("ordinal", &[g, h]) => g.ordinal(h, self.budget).map_err(at),
            ("norton", &[g, u]) => g.norton(u, self.budget).map_err(at),
            ("reduced", &[g]) => g.reduced(self.budget).map_err(at),
            ("atomic_weight", &[g]) => g.atomic_weight(self.budget).map_err(at),
            _ => unreachable!("the arity is checked above"),
        }
    }

    /// `name(` at the cursor and `arity` arguments separated by commas, then `)`.
    fn arguments(
        &mut self,
        name: &str,
        arity: usize,
    ) -> Result<Vec<CanonicalForm>, ExpressionError> {
        self.pos += name.len();
        self.skip_ws();
        self.pos += 1; // '('
        let mut args = Vec::new();
        loop {
            args.push(self.expr()?);
            self.skip_ws();
            match self.peek() {
                Some(',') if args.len() < arity => self.pos += 1,
                Some(')') if args.len() == arity => {
                    self.pos += 1;
                    break;
                }
                _ if args.len() < arity => return Err(self.expected("',' and the next argument")),
                _ => {
                    let s = if arity == 1 { "" } else { "s" };
                    return Err(self.expected(&format!("')': {name} takes {arity} argument{s}")));
                }
            }
        }
        Ok(args)
    }

    /// The name of a function at the cursor, when one is called there: letters and
    /// underscores, at least two, then `(`.
    fn function_name(&self) -> Option<String> {
        if !self
            .peek()
            .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        {
            return None;
        }
        let len = self.bytes[self.pos..]
            .iter()
            .take_while(|&&b| b.is_ascii_lowercase() || b == b'_')
            .count();
        let mut after = self.pos + len;
        while let Some(c) = self.char_at(after).filter(|c| c.is_whitespace()) {
            after += c.len_utf8();
        }
        (len >= 2 && self.char_at(after) == Some('('))
            .then(|| self.text[self.pos..self.pos + len].to_owned())
    }

    fn plus_minus(
        &self,
        g: CanonicalForm,
        column: usize,
    ) -> Result<CanonicalForm, ExpressionError> {
        let neg = g.try_neg().map_err(Self::value_err(column))?;
        CanonicalForm::from_options_within(&[g], &[neg], self.budget)
            .map_err(Self::value_err(column))
    }

    fn term(&mut self) -> Result<CanonicalForm, ExpressionError> {
        self.skip_ws();
        if self.depth >= MAX_NESTING {
            return Err(self.expected(&format!(
                "at most {MAX_NESTING} nested parentheses, braces or signs"
            )));
        }
        self.depth += 1;
        let t = self.term_inner();
        self.depth -= 1;
        t
    }

    fn term_inner(&mut self) -> Result<CanonicalForm, ExpressionError> {
        let column = self.pos + 1;
        if let Some(len) = self.plus_minus_len() {
            self.pos += len;
            let t = self.term()?;
            return self.plus_minus(t, column);
        }
        match self.peek() {
            Some('-' | '−') if !self.peek_next().is_some_and(|c| c.is_ascii_digit()) => {
                self.bump();
                let t = self.term()?;
                t.try_neg().map_err(Self::value_err(column))
            }
            Some('+') => {
                self.pos += 1;
                self.term()
            }
            Some('(') => {
                self.pos += 1;
                let g = self.expr()?;
                self.skip_ws();
                if self.peek() != Some(')') {
                    return Err(self.expected("')' or an operator (+, -, +-)"));
                }
                self.pos += 1;
                Ok(g)
            }
            Some('{') => self.braces(),
            _ => match self.function_name() {
                Some(name) => self.call(&name),
                None => self.literal(),
            },
        }
    }

    fn digits(&mut self) -> Option<String> {
        let start = self.pos;
        while self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        (self.pos > start).then(|| self.text[start..self.pos].to_owned())
    }

    /// An expression that is a small integer and nothing more, ended by `,`, `|`,
    /// `}`, `)` or the end (the options of most games written out): its value, the
    /// cursor moved past it. Anything else leaves the cursor for the full grammar.
    fn lone_integer(&mut self) -> Option<CanonicalForm> {
        self.skip_ws();
        let start = self.pos;
        let n = self.small_integer()?;
        if self.at_list_end() {
            if let Ok(g) = CanonicalForm::integer(n) {
                return Some(g);
            }
        }
        self.pos = start;
        None
    }

    /// A run of at most 18 digits at the cursor and no `/` after it: its value (the
    /// cursor moved past it). Anything else leaves the cursor for [`digits`](Self::digits).
    fn small_integer(&mut self) -> Option<i64> {
        let (n, end) = small_integer_at(self.bytes, self.pos)?;
        self.pos = end;
        Some(n)
    }

    /// `[number][ups][star]`, at least one part: `3/4`, `-2`, `^`, `v3`, `^^`, `*`,
    /// `*5`, `2^*`, `-1/2v*3`, and the Unicode arrows.
    fn literal(&mut self) -> Result<CanonicalForm, ExpressionError> {
        let start = self.pos;
        let mut number = Dyadic::ZERO;
        let mut ups: i64 = 0;
        let mut nimber: u64 = 0;
        let mut any = false;
        let negative = matches!(self.peek(), Some('-' | '−'));
        if negative {
            self.bump();
        }
        if let Some(n) = self.small_integer() {
            any = true;
            number = Dyadic::int(if negative { -n } else { n });
        } else if let Some(int) = self.digits() {
            any = true;
            let mut text = int;
            if self.peek() == Some('/') {
                self.pos += 1;
                let Some(den) = self.digits() else {
                    return Err(self.expected("a denominator (a power of two)"));
                };
                text = format!("{text}/{den}");
            }
            if negative {
                text.insert(0, '-');
            }
            number = text.parse().map_err(|e: ValueError| match e {
                ValueError::BadNumber(_) => ExpressionError::Syntax {
                    column: start + 1,
                    expected: "a dyadic rational: an integer or m/d with d a power of two".into(),
                    found: format!("{text:?}"),
                },
                other => ExpressionError::Value {
                    column: start + 1,
                    source: other,
                },
            })?;
        }
        // Ups: ^, ^^, ^3, v, vv, v3, ↑, ⇑, ↓, ⇓.
        loop {
            let step: i64 = match self.peek() {
                Some('^' | '↑') => 1,
                Some('⇑') => 2,
                Some('v' | '↓') => -1,
                Some('⇓') => -2,
                _ => break,
            };
            any = true;
            self.bump();
            if let Some(d) = self.digits() {
                // Refused as written, not as a clamped count.
                let k = d.parse::<i64>().ok().filter(|k| *k <= i64::from(MAX_UPS));
                let Some(k) = k else {
                    return Err(ExpressionError::Value {
                        column: start + 1,
                        source: ValueError::TooLarge(format!(
                            "{d} ups: at most {MAX_UPS} ups or downs are supported"
                        )),
                    });
                };
                ups = ups.saturating_add(step * k);
                break;
            }
            ups += step;
        }
        if self.peek() == Some('*') {
            any = true;
            self.pos += 1;
            nimber = match self.digits() {
                Some(d) => match d
                    .parse::<u64>()
                    .ok()
                    .filter(|m| *m < u64::from(NIMBER_LIMIT))
                {
                    Some(m) => m,
                    // Refused as written, not as a clamped number.
                    None => {
                        return Err(ExpressionError::Value {
                            column: start + 1,
                            source: ValueError::TooLarge(format!(
                                "*{d}: nimbers below *{NIMBER_LIMIT} are supported"
                            )),
                        })
                    }
                },
                None => 1,
            };
        }
        if !any {
            self.pos = start;
            return Err(self.expected(VALUE));
        }
        let ups = i32::try_from(ups).unwrap_or(i32::MAX);
        let nimber = u32::try_from(nimber).unwrap_or(u32::MAX);
        Nus::new(number, ups, nimber)
            .and_then(CanonicalForm::from_nus)
            .map_err(Self::value_err(start + 1))
    }

    /// `{L1,L2|R1}` with slash notation: the longest run of bars splits the braces,
    /// and each side is a list of options or, if it has bars itself, one game. The
    /// options and pieces read go on the parser's stacks and are taken off at the end.
    fn braces(&mut self) -> Result<CanonicalForm, ExpressionError> {
        let open = self.pos;
        if self.plain {
            let games = self.games.len();
            let g = self.plain_braces(self.depth);
            self.games.truncate(games);
            match g {
                Some(g) => return Ok(g),
                None => self.pos = open,
            }
        }
        self.pos += 1;
        let (games, pieces) = (self.games.len(), self.pieces.len());
        let g = self.braces_from(open, pieces);
        self.games.truncate(games);
        self.pieces.truncate(pieces);
        g
    }

    fn braces_from(&mut self, open: usize, first: usize) -> Result<CanonicalForm, ExpressionError> {
        loop {
            // A list of options, possibly empty.
            let start = self.games.len();
            self.skip_ws();
            if !matches!(self.peek(), Some('|' | '}')) {
                loop {
                    let g = self.expr()?;
                    self.games.push(g);
                    self.skip_ws();
                    if self.peek() == Some(',') {
                        self.pos += 1;
                        continue;
                    }
                    break;
                }
            }
            self.pieces.push(Piece::List(start, self.games.len()));
            self.skip_ws();
            match self.peek() {
                Some('|') => {
                    let column = self.pos + 1;
                    let mut n = 0;
                    while self.peek() == Some('|') {
                        n += 1;
                        self.pos += 1;
                    }
                    self.pieces.push(Piece::Bars(n, column));
                }
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.expected("',', '|' or '}'")),
            }
        }
        self.slash(first, self.pieces.len(), open + 1)
    }

    /// Braces at the cursor in the plain notation most games are written in: one
    /// bar, each option an integer (`3`, `-1`) or plain braces, ASCII white space
    /// between them. Its value, the cursor moved past the closing brace; `None` for
    /// anything else (slash notation, other literals, operators, an error of any
    /// kind), leaving the cursor anywhere for [`braces`](Self::braces) to read the
    /// text again with the full grammar, which gives the same value or the error.
    /// (A step budget that runs out here runs out again there at the first braces
    /// it values, which the error's column names; a deadline, at its next reading
    /// of the clock.) `level` is the nesting of these braces as [`term`](Self::term)
    /// counts it. The options read go on the parser's stack; the caller takes them
    /// off.
    fn plain_braces(&mut self, level: usize) -> Option<CanonicalForm> {
        // One pass over the bytes, the braces still open on a stack of their own
        // (`open[..depth]`): for each, where its options start on the parser's stack,
        // and where Right's start once its bar is read (`NO_BAR` until then). Braces
        // nested deeper than it holds are left to the full grammar.
        const NO_BAR: usize = usize::MAX;
        let bytes = self.bytes;
        let mut pos = self.pos + 1;
        let mut open = [(0, NO_BAR); PLAIN_NESTING];
        open[0].0 = self.games.len();
        let mut depth = 1;
        let mut next = Next::OptionOrEnd;
        loop {
            let c = *bytes.get(pos)?;
            let option = match c {
                b' ' | b'\t' | b'\n' | b'\x0c' | b'\r' => {
                    pos += 1;
                    continue;
                }
                // Nested braces, one level deeper, within the limit.
                b'{' if next != Next::SeparatorOrEnd => {
                    if depth == PLAIN_NESTING || level + depth > MAX_NESTING {
                        return None;
                    }
                    open[depth] = (self.games.len(), NO_BAR);
                    depth += 1;
                    pos += 1;
                    next = Next::OptionOrEnd;
                    continue;
                }
                b'0'..=b'9' | b'-' if next != Next::SeparatorOrEnd => {
                    let (g, end) = plain_integer_at(bytes, pos)?;
                    pos = end;
                    g
                }
                b',' if next == Next::SeparatorOrEnd => {
                    pos += 1;
                    next = Next::Option;
                    continue;
                }
                b'|' if next != Next::Option => {
                    let bar = &mut open[depth - 1].1;
                    if *bar != NO_BAR {
                        return None;
                    }
                    *bar = self.games.len();
                    pos += 1;
                    next = Next::OptionOrEnd;
                    continue;
                }
                b'}' if next != Next::Option => {
                    let (start, bar) = open[depth - 1];
                    if bar == NO_BAR {
                        return None;
                    }
                    depth -= 1;
                    pos += 1;
                    let (left, right) = self.games[start..].split_at(bar - start);
                    let g = CanonicalForm::from_options_within(left, right, self.budget).ok()?;
                    self.games.truncate(start);
                    if depth == 0 {
                        self.pos = pos;
                        return Some(g);
                    }
                    g
                }
                _ => return None,
            };
            self.games.push(option);
            next = Next::SeparatorOrEnd;
        }
    }

    /// The game of the pieces `lo..hi` of the stack.
    fn slash(&self, lo: usize, hi: usize, column: usize) -> Result<CanonicalForm, ExpressionError> {
        // The longest run of bars, where it is, and the next run as long, if any.
        let (mut max, mut top, mut again) = (0, None, None);
        for (i, piece) in self.pieces[lo..hi].iter().enumerate() {
            if let Piece::Bars(n, c) = *piece {
                if n > max {
                    (max, top, again) = (n, Some((lo + i, c)), None);
                } else if n == max && again.is_none() {
                    again = Some(c);
                }
            }
        }
        let Some((split, first_column)) = top else {
            return Err(ExpressionError::Syntax {
                column,
                expected: "'|' between Left's and Right's options".into(),
                found: "'}'".into(),
            });
        };
        if let Some(c) = again {
            return Err(ExpressionError::Syntax {
                column: c,
                expected: format!(
                    "one longest run of bars (this {max} repeats the one at character {}; write nested braces)",
                    self.char_column(first_column)
                ),
                found: format!("{:?}", "|".repeat(max)),
            });
        }
        // A side of one piece is its list; a side with bars of its own, one game.
        let (left_game, right_game);
        let left = match self.pieces[lo..split] {
            [Piece::List(a, b)] => &self.games[a..b],
            [Piece::Bars(..)] => &[],
            _ => {
                left_game = self.slash(lo, split, column)?;
                std::slice::from_ref(&left_game)
            }
        };
        let right = match self.pieces[split + 1..hi] {
            [Piece::List(a, b)] => &self.games[a..b],
            [Piece::Bars(..)] => &[],
            _ => {
                right_game = self.slash(split + 1, hi, column)?;
                std::slice::from_ref(&right_game)
            }
        };
        CanonicalForm::from_options_within(left, right, self.budget)
            .map_err(Self::value_err(column))
    }
}

/// The most braces [`Parser::plain_braces`] holds open at once.
const PLAIN_NESTING: usize = 24;

/// What [`Parser::plain_braces`] may read next, white space aside.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    /// After `{` or `|`: an option, `|` or `}`.
    OptionOrEnd,
    /// After `,`: an option.
    Option,
    /// After an option: `,`, `|` or `}`.
    SeparatorOrEnd,
}

/// A run of at most 18 digits at `pos` of `bytes` and no `/` after it: its value and
/// the position past it.
fn small_integer_at(bytes: &[u8], pos: usize) -> Option<(i64, usize)> {
    let mut n: i64 = 0;
    let mut k = 0;
    while let Some(&d) = bytes.get(pos + k).filter(|b| b.is_ascii_digit()) {
        if k == 18 {
            return None;
        }
        n = n * 10 + i64::from(d - b'0');
        k += 1;
    }
    if k == 0 || bytes.get(pos + k) == Some(&b'/') {
        return None;
    }
    Some((n, pos + k))
}

/// An integer at `pos` of `bytes` as [`Parser::plain_braces`] reads one (an optional
/// `-`, then `0` or at most 18 digits not starting with `0`, not followed by `/`):
/// its game and the position past it.
fn plain_integer_at(bytes: &[u8], pos: usize) -> Option<(CanonicalForm, usize)> {
    // One digit, as most options of most texts are: no number to accumulate.
    if let Some([d @ b'0'..=b'9', next @ ..]) = bytes.get(pos..) {
        if !matches!(next.first(), Some(b'0'..=b'9' | b'/')) {
            return Some((CanonicalForm::integer(i64::from(d - b'0')).ok()?, pos + 1));
        }
    }
    let negative = bytes.get(pos) == Some(&b'-');
    let first = pos + usize::from(negative);
    let leading_zero =
        bytes.get(first) == Some(&b'0') && bytes.get(first + 1).is_some_and(u8::is_ascii_digit);
    if leading_zero {
        return None;
    }
    let (n, end) = small_integer_at(bytes, first)?;
    Some((
        CanonicalForm::integer(if negative { -n } else { n }).ok()?,
        end,
    ))
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Query::Value(g) => fmt::Display::fmt(g, f),
            Query::Compare { holds, .. } => write!(f, "{holds}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`parse_query`] with the quick path for plain braces on or off.
    fn read(text: &str, plain: bool) -> Result<Query, ExpressionError> {
        let budget = ValueBudget::steps(200_000);
        let mut p = Parser::new(text, &budget);
        p.plain = plain;
        query(&mut p, &budget).map_err(|e| p.in_chars(e))
    }

    fn same(text: &str) {
        let (quick, full) = (read(text, true), read(text, false));
        match (&quick, &full) {
            (Ok(Query::Value(a)), Ok(Query::Value(b))) => assert_eq!(a, b, "{text:?}"),
            (Ok(Query::Compare { holds: a, .. }), Ok(Query::Compare { holds: b, .. })) => {
                assert_eq!(a, b, "{text:?}")
            }
            (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
            _ => panic!("{text:?}: {quick:?} against {full:?}"),
        }
    }

    /// Plain braces: integers and nested braces, one bar, white space anywhere.
    fn plain_game() -> impl Strategy<Value = String> {
        let ws = prop::sample::select(vec!["", "", "", " ", "\t", "\n "]);
        let leaf = (ws.clone(), -3i64..4, ws.clone()).prop_map(|(a, n, b)| format!("{a}{n}{b}"));
        leaf.prop_recursive(4, 40, 3, move |inner| {
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner, 0..3),
                ws.clone(),
            )
                .prop_map(|(l, r, w)| format!("{{{w}{}|{}}}", l.join(","), r.join(",")))
        })
    }

    /// Texts near the plain notation: its pieces and others in any order.
    fn near_plain() -> impl Strategy<Value = String> {
        let pieces = vec![
            "{",
            "{",
            "}",
            "}",
            "|",
            "|",
            "||",
            ",",
            ",",
            " ",
            "0",
            "1",
            "-1",
            "-0",
            "00",
            "07",
            "-",
            "3/4",
            "*",
            "^",
            "x",
            "+",
            "+-",
            "(",
            ")",
            "\u{b}",
            "\u{a0}",
            "−2",
            "123456789012345678901",
            "<=",
        ];
        prop::collection::vec(prop::sample::select(pieces), 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_quick_path_reads_plain_braces_as_the_grammar_does(text in plain_game()) {
            same(&text);
            same(&format!("{text} + {text}"));
            same(&format!("{{{text}||{text}|0}}"));
        }

        #[test]
        fn the_quick_path_leaves_the_rest_to_the_grammar(text in near_plain()) {
            same(&text);
        }
    }

    #[test]
    fn the_quick_path_agrees_on_edge_cases() {
        for text in [
            "{|}",
            "{0|}",
            "{ 0 , 1 | -1 }",
            "{-0|0}",
            "{00|}",
            "{1,|}",
            "{,1|}",
            "{1|2|3}",
            "{1||2}",
            "{|}x{|}",
            "{1/2|}",
            "{12345678901234567890|}",
            "{9223372036854775807|}",
            "{-9223372036854775808|}",
            "{1\u{b}|}",
            "{1 2|}",
            "{{0|}|{|0}}",
            "{0|} <= {|0}",
        ] {
            same(text);
        }
        // Nesting at and past the limit.
        for depth in [MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1] {
            let text = format!("{}{}", "{".repeat(depth), "|}".repeat(depth));
            same(&text);
        }
    }
}
