//! Connect Four on boards up to 8×8: a game with ties, solved by alpha-beta search
//! over bitboards.
//!
//! # Rules
//! Two players take turns dropping a mark into a column that is not full; it falls
//! to the lowest empty cell. `x` moves first. Four marks in a row (across, down or
//! diagonally) win and the game stops; a full board without one is a tie.
//!
//! # Notation
//! A board: rows top to bottom separated by `|`, cells `x`, `o` and `.`, any width
//! and height from 1 to 8 (the standard board is 7 wide and 6 high:
//! `.......|.......|.......|.......|.......|.......`). `x` moves when the counts
//! are equal. A board play cannot reach is refused with the reason (counts, two
//! winners, a winner who did not move last, a mark floating over an empty cell, a
//! four in a row already there before the last move, marks that no order of moves
//! stacks): the rule is at `Marks::played_to`, checked against every board that
//! play reaches on small boards.
//!
//! Or the moves that reach it, as Pascal Pons's solver and test sets write them:
//! the columns played from the start, numbered from 1 (`4453`), on the standard
//! board, or on any board as `WxH:` before them (`6x5:33`, and `6x5:` for its empty
//! board). A digit outside the board, a full column or a move after four in a row
//! is refused with its place in the text.
//!
//! A move is the column's letter, `a` for the leftmost.
//!
//! # Answers
//! The moves depend on the board alone, so the game is impartial in the engines'
//! sense. Every position is answered by the search engine
//! ([`engine::search`](grundy_engine::engine::search)) over the ruleset's own space
//! ([`bits`]): negamax with alpha-beta on the score (a quicker win, a slower loss),
//! a transposition table of fixed memory, null-window probes, and the ruleset's
//! help: wins found by shifts, the moves that do not lose at once, moves ordered by
//! the threats they make. A tie always fills the board, so its remoteness is the
//! empty cells. The retrograde engine (`tiers`) checks it on small boards in the
//! tests.

use crate::analysis::draw_engines;
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::game::Player;
use crate::rules::marks::{Marks, GLYPHS};
use crate::ruleset::board::{At, Board};
use crate::ruleset::notation::NotationError;
use crate::ruleset::{Capabilities, OwnSearch, Presentation, Tiers, WebBoard};
use crate::ruleset::{
    End, Explanation, Guess, IllegalMove, Kind, MoveError, Ruleset, Searched, Unsolved,
};
use bits::Bitboard;
use grundy_engine::engine::search::{self, Limits, Score, Solved, Space, Stop};

pub mod bits;
mod rank;
mod rank_space;

/// The registry's entry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "connect-four",
    about: "Connect Four, with ties, boards up to 8x8: rows of x, o and . separated by |, top row first; a move is a column letter.",
    example: "....|....|....|....",
    params: &[],
    build: |_, convention| normal_play_only(ConnectFour, convention),
};

/// The most rows and columns.
pub const MAX_SIDE: u8 = 8;

/// In a row to win.
const K: u32 = 4;

/// The Connect Four ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectFour;

/// A move: the column a mark is dropped into, 0 for the leftmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Drop(pub u8);

impl std::fmt::Display for Drop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", char::from(b'a' + self.0))
    }
}

/// The cell a mark dropped in column `c` lands on, if the column is not full.
fn landing(pos: &Marks, c: u8) -> Option<u32> {
    (0..pos.rows)
        .rev()
        .map(|r| pos.index(r, c))
        .find(|&i| pos.is_empty(i))
}

/// The columns, centre first.
pub fn centre_first(cols: u8) -> Vec<u8> {
    let mut order: Vec<u8> = (0..cols).collect();
    let mid = f64::from(cols - 1) / 2.0;
    order.sort_by(|a, b| {
        (f64::from(*a) - mid)
            .abs()
            .total_cmp(&(f64::from(*b) - mid).abs())
            .then(a.cmp(b))
    });
    order
}

impl ConnectFour {
    /// `pos` with every move from it solved exactly by the search engine over
    /// bitboards ([`bits`]) within `limits`.
    pub fn solve(
        &self,
        pos: &Marks,
        limits: Limits,
        progress: Option<&mut dyn FnMut(u64)>,
    ) -> Result<Solved<Drop>, Stop> {
        fn run<B: bits::Bits>(
            b: &Bitboard<B>,
            pos: &Marks,
            limits: Limits,
            progress: Option<&mut dyn FnMut(u64)>,
        ) -> Result<Solved<Drop>, Stop> {
            let solved = search::solve(b, &b.node(pos), limits, progress)?;
            Ok(Solved {
                score: solved.score,
                remoteness: solved.remoteness,
                moves: solved
                    .moves
                    .into_iter()
                    .map(|(c, s, r)| (Drop(c), s, r))
                    .collect(),
                nodes: solved.nodes,
                table_bytes: solved.table_bytes,
            })
        }
        let (w, h) = (u32::from(pos.cols), u32::from(pos.rows));
        match Bitboard::<u64>::new(w, h) {
            Some(b) => run(&b, pos, limits, progress),
            None => run(&wide(w, h), pos, limits, progress),
        }
    }

    /// The best move of `pos` found within `limits` and the thread's deadline:
    /// proven where the exact search finishes (with `prove`), else the best move of
    /// the deepest search to a fixed depth ([`OwnSearch::guess`]).
    pub fn guess(&self, pos: &Marks, limits: Limits, prove: bool) -> Guess<Drop> {
        fn run<B: bits::Bits>(
            b: &Bitboard<B>,
            pos: &Marks,
            limits: Limits,
            prove: bool,
        ) -> Guess<Drop> {
            let node = b.node(pos);
            let (best, proven, depth, nodes) = if prove {
                let d = search::decide(b, &node, limits);
                (d.best, d.proven, d.depth, d.nodes)
            } else {
                let mut s = search::Search::new(b, limits);
                let d = s.deepen(&node);
                (d.best, d.proven, d.depth, s.nodes())
            };
            let tie = b.tie_remoteness(&node);
            Guess {
                best: best.map(Drop),
                proven: proven.map(|s| (s.result(), s.remoteness().or(tie))),
                depth,
                nodes,
            }
        }
        let (w, h) = (u32::from(pos.cols), u32::from(pos.rows));
        match Bitboard::<u64>::new(w, h) {
            Some(b) => run(&b, pos, limits, prove),
            None => run(&wide(w, h), pos, limits, prove),
        }
    }

    /// The score of `pos` alone (not of its moves) by the search engine within
    /// `limits`, with the nodes visited.
    pub fn score(&self, pos: &Marks, limits: Limits) -> (Result<Score, Stop>, u64) {
        fn run<B: bits::Bits>(
            b: &Bitboard<B>,
            pos: &Marks,
            limits: Limits,
        ) -> (Result<Score, Stop>, u64) {
            let mut s = search::Search::new(b, limits);
            let score = s.score(&b.node(pos));
            (score, s.nodes())
        }
        let (w, h) = (u32::from(pos.cols), u32::from(pos.rows));
        match Bitboard::<u64>::new(w, h) {
            Some(b) => run(&b, pos, limits),
            None => run(&wide(w, h), pos, limits),
        }
    }
}

/// The bitboard of a board too big for 64 bits (8×8 needs 72).
fn wide(w: u32, h: u32) -> Bitboard<u128> {
    // Every board the notation takes (at most 8×8) fits: 8 · 9 = 72 <= 128.
    Bitboard::<u128>::new(w, h).unwrap_or_else(|| unreachable!("{w}x{h} fits 128 bits"))
}

/// The moves of a position written as a move sequence, with the board's width and
/// height: `4453` (columns from 1, the first player first, on the standard board 7
/// wide and 6 high) or `WxH:4453` (any size the boards take); `None` for a board.
fn sequence(text: &str) -> Option<(u8, u8, usize, &str)> {
    let t = text.trim_end();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return Some((7, 6, 0, t));
    }
    let (size, moves) = t.split_once(':')?;
    let (w, h) = size.split_once('x')?;
    let side = |s: &str| s.parse::<u8>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
    Some((side(w)?, side(h)?, size.len() + 1, moves))
}

/// The board a move sequence reaches, or the move that cannot be played, by its
/// column in `text`.
fn from_sequence(
    text: &str,
    (w, h, offset, moves): (u8, u8, usize, &str),
) -> Result<Marks, NotationError> {
    let mut pos = Marks::empty(h, w);
    for (i, ch) in moves.char_indices() {
        let at = |why: String| NotationError::at(text, offset + i, why);
        let c = match ch.to_digit(10) {
            Some(d) if (1..=u32::from(w)).contains(&d) => (d - 1) as u8,
            _ => return Err(at(format!("a column from 1 to {w}"))),
        };
        if pos.winner(K).is_some() {
            return Err(at(
                "the end of the moves: the game is over, four in a row".to_owned()
            ));
        }
        match landing(&pos, c) {
            Some(cell) => pos = pos.with(cell),
            None => return Err(at(format!("a column that is not full (column {ch} is)"))),
        }
    }
    Ok(pos)
}

impl Ruleset for ConnectFour {
    type Position = Marks;

    type Move = Drop;

    fn name(&self) -> &'static str {
        "connect-four"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Marks, NotationError> {
        match sequence(text) {
            Some(seq) => from_sequence(text, seq),
            None => Marks::parse(text, MAX_SIDE, MAX_SIDE, false, K, true),
        }
    }

    fn parse_move(&self, pos: &Marks, _: Player, text: &str) -> Result<Drop, MoveError> {
        let t = text.trim();
        let c = match t.as_bytes() {
            [c @ b'a'..=b'h'] => c - b'a',
            _ => {
                return Err(MoveError::notation(format!(
                    "not a move: {text:?} (write the column's letter, a for the leftmost)"
                )))
            }
        };
        if c >= pos.cols {
            return Err(MoveError::notation(format!(
                "no column {t} on a board {} wide",
                pos.cols
            )));
        }
        if self.end(pos, Player::Left).is_some() {
            return Err(IllegalMove::new("the game is over").into());
        }
        if landing(pos, c).is_none() {
            return Err(IllegalMove::new(format!("column {t} is full")).into());
        }
        Ok(Drop(c))
    }

    fn move_help(&self) -> String {
        "the column to drop a mark into, its letter from a (leftmost): e.g. d".to_owned()
    }

    fn moves(&self, pos: &Marks, _: Player) -> Vec<Drop> {
        if pos.winner(K).is_some() {
            return Vec::new();
        }
        (0..pos.cols)
            .filter(|&c| landing(pos, c).is_some())
            .map(Drop)
            .collect()
    }

    fn play(&self, pos: &Marks, mv: &Drop) -> Marks {
        match landing(pos, mv.0) {
            Some(i) => pos.with(i),
            None => *pos,
        }
    }

    /// Four in a row: the last mover won, so the player to move has lost; a full
    /// board without one: a tie.
    fn end(&self, pos: &Marks, _: Player) -> Option<End> {
        pos.end(K)
    }

    /// At most 2^(f+1) − 1 fillings of a column with f empty cells, multiplied.
    fn reach(&self, pos: &Marks) -> u128 {
        let mut acc: u128 = 1;
        for c in 0..pos.cols {
            let free = (0..pos.rows)
                .filter(|&r| pos.is_empty(pos.index(r, c)))
                .count() as u32;
            acc = acc.saturating_mul((1u128 << (free + 1)) - 1);
        }
        acc
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .presentation(self)
            .web_board(self)
            .tiers(self)
            .rank(self)
            .search(self)
            .ties(draw_engines(self))
    }
}

impl Presentation for ConnectFour {
    /// The mark to move, `x` or `o` (x when the counts are equal).
    fn mover_name(&self, pos: &Marks, _: Player) -> String {
        pos.to_move().letter().to_string()
    }

    fn drawing(&self, pos: &Marks) -> String {
        let rows: Vec<String> = pos
            .show()
            .split('|')
            .map(|row| row.chars().map(|c| format!(" {c}")).collect::<String>())
            .collect();
        let letters: String = (0..pos.cols)
            .map(|c| format!(" {}", char::from(b'a' + c)))
            .collect();
        format!(
            "{}\n{letters}\n{} to move",
            rows.join("\n"),
            pos.to_move().letter()
        )
    }

    fn ending(&self, pos: &Marks, _: Player, _: &str, _: Option<&str>) -> Option<String> {
        Some(match pos.winner(K) {
            Some(m) => format!("{} has four in a row and wins.", m.letter()),
            None => "The board is full without four in a row: a tie.".to_owned(),
        })
    }

    fn explain(&self, pos: &Marks, _: Player, _: usize) -> Option<Explanation> {
        let mover = pos.to_move().letter();
        Some(Explanation {
            reduction: serde_json::json!({
                "mark_to_move": mover.to_string(),
                "width": pos.cols,
                "height": pos.rows,
            }),
            sentences: vec![format!(
                "{mover} to move on a board {} wide and {} high.",
                pos.cols, pos.rows
            )],
        })
    }
}

impl WebBoard for ConnectFour {
    fn board(&self, pos: &Marks) -> Option<Board> {
        // A move names its column alone: the rows are not named.
        crate::rules::drawing::grid(&pos.show(), GLYPHS).map(|b| {
            let columns = b.columns.clone();
            b.named(columns, Vec::new())
        })
    }

    /// The cell where the mark lands, then every other cell of its column: a click
    /// anywhere in the column drops the mark.
    fn touches(&self, pos: &Marks, mv: &Drop) -> Vec<At> {
        let Some(i) = landing(pos, mv.0) else {
            return Vec::new();
        };
        let cols = u32::from(pos.cols);
        let land = [(i / cols) as usize, (i % cols) as usize];
        let mut out = vec![land];
        out.extend(
            (0..usize::from(pos.rows))
                .map(|r| [r, usize::from(mv.0)])
                .filter(|&at| at != land),
        );
        out
    }

    fn edit(&self, pos: &Marks, at: At) -> Option<Marks> {
        let text = crate::rules::drawing::cycle(&pos.show(), at, GLYPHS)?;
        self.parse_position(&text).ok()
    }
}

impl Tiers for ConnectFour {
    /// The marks on the board: every move adds one.
    fn tier(&self, pos: &Marks) -> Option<u32> {
        Some((pos.x | pos.o).count_ones())
    }
}

impl OwnSearch for ConnectFour {
    fn search(
        &self,
        pos: &Marks,
        _: Player,
        memory: u64,
        nodes: u64,
        progress: Option<&mut dyn FnMut(u64)>,
    ) -> Result<Searched<Drop>, Unsolved> {
        let limits = Limits::new(memory, nodes).map_err(Unsolved::unsupported)?;
        Ok(self.solve(pos, limits, progress)?.into())
    }

    fn guess(
        &self,
        pos: &Marks,
        _: Player,
        memory: u64,
        nodes: u64,
        prove: bool,
    ) -> Result<Guess<Drop>, Unsolved> {
        let limits = Limits::new(memory, nodes).map_err(Unsolved::unsupported)?;
        Ok(ConnectFour::guess(self, pos, limits, prove))
    }
}
