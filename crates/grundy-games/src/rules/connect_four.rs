//! Connect Four on boards up to 8×8: a game with ties, solved by the retrograde
//! engine where small and by alpha-beta search beyond.
//!
//! # Rules
//! Two players take turns dropping a mark into a column that is not full; it falls
//! to the lowest empty cell. `x` moves first. Four marks in a row (across, down or
//! diagonally) win and the game stops; a full board without one is a tie.
//!
//! # Notation
//! Rows top to bottom separated by `|`, cells `x`, `o` and `.`, any width and
//! height from 1 to 8 (the standard board is 7 wide and 6 high:
//! `.......|.......|.......|.......|.......|.......`). `x` moves when the counts
//! are equal. A board play cannot reach is refused with the reason (counts, two
//! winners, a winner who did not move last, a mark floating over an empty cell).
//! A move is the column's letter, `a` for the leftmost.
//!
//! # Answers
//! The moves depend on the board alone, so the game is impartial in the engines'
//! sense. Positions whose game below is small enough are solved by the retrograde
//! engine with remoteness (the empty 4×4 and 5×4 boards; see `bench/README.md`);
//! bigger ones by [`result`](crate::ruleset::RulesetExt::result): a negamax alpha-beta search with a
//! transposition table and centre-first move order, within [`SEARCH_NODES`]
//! positions, saying so in the analysis (`solved_by`). The empty 7×6 board (a
//! first-player win: Allen 1988, Allis 1988) is beyond both.
//!
//! The search scores a position by how the game ends, as Pascal Pons' solver does:
//! a win that ends with `e` marks on the board scores `cells + 1 − e` for the
//! player to move, a loss the negative, a tie 0. The result is one search with the
//! narrowest window around 0 (win, tie or loss, which is what makes it fast); the
//! remoteness (the winner hurrying, the loser stalling, as the retrograde engine
//! counts it) is the score's, found by bisection with windows of width one, a few
//! more searches sharing the table. A tie always fills the board, so its remoteness
//! is the empty cells. Where the result fits the budget and the bisection does not,
//! the remoteness is `null`.

use std::collections::HashMap;

use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::engine::retrograde::GameResult;
use crate::engine::Budget;
use crate::game::Player;
use crate::rules::marks::{Marks, GLYPHS};
use crate::ruleset::board::{At, Board};
use crate::ruleset::notation::NotationError;
use crate::ruleset::{Capabilities, OwnSolver, Presentation, Tiers, WebBoard};
use crate::ruleset::{End, Explanation, IllegalMove, Kind, MoveError, Ruleset, Unsolved};

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

/// The most positions one alpha-beta search visits: 2^22, a few seconds at most.
pub const SEARCH_NODES: u64 = 1 << 22;

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

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

/// Negamax alpha-beta over scores for the player to move: a win that ends the game
/// with `e` marks on the board scores `cells + 1 − e`, a loss the negative of that,
/// a tie 0. The score depends on the position alone (not on the path to it), so a
/// transposition table holds it; its sign is the result, and it gives the
/// remoteness, `e` minus the marks on the board: the winner hurries (a quicker win
/// scores more) and the loser stalls (a slower loss scores more).
struct Search {
    /// Bounds on scores (`EXACT`, `LOWER` or `UPPER`), by the two players' marks.
    table: HashMap<(u64, u64), (i8, u8)>,
    /// The most entries the table holds; when full it is emptied and refilled.
    cap: usize,
    budget: Budget,
    order: Vec<u8>,
    cells: i32,
}

impl Search {
    fn new(pos: &Marks, nodes: u64, cap: usize) -> Search {
        Search {
            table: HashMap::new(),
            cap: cap.max(1),
            budget: Budget::moves(nodes),
            order: centre_first(pos.cols),
            cells: pos.cells() as i32,
        }
    }

    /// The score of `pos`, a board without four in a row (the callers check it:
    /// a move that makes four ends the search before it recurses), within the
    /// window (`alpha`, `beta`): exact inside it, at most `alpha` (an upper bound)
    /// or at least `beta` (a lower bound) outside; `None` past the budget.
    fn value(&mut self, pos: Marks, mut alpha: i32, mut beta: i32) -> Option<i32> {
        let marks = (pos.x | pos.o).count_ones() as i32;
        if pos.full() {
            return Some(0);
        }
        if !self.budget.spend(1) {
            return None;
        }
        if let Some(&(v, flag)) = self.table.get(&(pos.x, pos.o)) {
            let v = i32::from(v);
            match flag {
                EXACT => return Some(v),
                LOWER if v >= beta => return Some(v),
                UPPER if v <= alpha => return Some(v),
                _ => {}
            }
        }
        let children: Vec<Marks> = self
            .order
            .iter()
            .filter_map(|&c| landing(&pos, c).map(|i| pos.with(i)))
            .collect();
        // A win at once is the best score there is.
        if children.iter().any(|c| c.winner(K).is_some()) {
            return Some(self.cells - marks);
        }
        // Otherwise the quickest win ends with three marks more.
        let most = (self.cells - marks - 2).max(0);
        if beta > most {
            beta = most;
            if alpha >= beta {
                return Some(beta);
            }
        }
        let alpha0 = alpha;
        let mut best = -(self.cells + 1);
        for child in children {
            let v = -self.value(child, -beta, -alpha)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha0 {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        if self.table.len() >= self.cap {
            self.table.clear();
        }
        // Scores lie within ±65 (at most 64 cells).
        self.table.insert((pos.x, pos.o), (best as i8, flag));
        Some(best)
    }

    /// The result of `pos`: lost if the last mover made four in a row, else one
    /// search with the narrowest window around 0.
    fn result(&mut self, pos: Marks) -> Option<GameResult> {
        if pos.winner(K).is_some() {
            return Some(GameResult::Lose);
        }
        Some(match self.value(pos, -1, 1)? {
            v if v > 0 => GameResult::Win,
            0 => GameResult::Tie,
            _ => GameResult::Lose,
        })
    }

    /// The remoteness of `pos`, whose result is `result`: a tie always fills the
    /// board; a win or a loss has its score found by bisection, a search with a
    /// window of width one per step (`None` past the budget).
    fn remoteness(&mut self, pos: Marks, result: GameResult) -> Option<u32> {
        let marks = (pos.x | pos.o).count_ones() as i32;
        let empty = self.cells - marks;
        if pos.winner(K).is_some() {
            return Some(0);
        }
        let (mut lo, mut hi) = match result {
            GameResult::Tie => return u32::try_from(empty).ok(),
            GameResult::Win => (1, empty),
            GameResult::Lose => (-(empty - 1), -1),
            GameResult::Draw => return None,
        };
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            if self.value(pos, mid - 1, mid)? >= mid {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        // The game ends with cells + 1 − |score| marks on the board.
        u32::try_from(self.cells + 1 - lo.abs() - marks).ok()
    }
}

impl ConnectFour {
    /// The result of `pos` for the player to move by alpha-beta search within
    /// `nodes` positions; `None` past them.
    pub fn search(&self, pos: &Marks, nodes: u64) -> Option<GameResult> {
        let cap = usize::try_from(nodes).unwrap_or(usize::MAX);
        self.search_counted(pos, nodes, cap).0
    }

    /// [`search`](ConnectFour::search) with a transposition table of at most `cap`
    /// entries (emptied when full, so memory stays bounded however long the search
    /// runs; about 40 bytes an entry), and how many positions it expanded. It also
    /// stops at this thread's [deadline](grundy_values::deadline).
    pub fn search_counted(&self, pos: &Marks, nodes: u64, cap: usize) -> (Option<GameResult>, u64) {
        let mut s = Search::new(pos, nodes, cap);
        let result = s.result(*pos);
        (result, nodes - s.budget.left())
    }

    /// The result of `pos` for the player to move and its remoteness, by alpha-beta
    /// search within `nodes` positions in all: the result first, then the remoteness
    /// by bisection on the score (a few more searches, sharing the transposition
    /// table). `None` when the result is past the budget; the remoteness `None` when
    /// only it is.
    pub fn search_remoteness(&self, pos: &Marks, nodes: u64) -> Option<(GameResult, Option<u32>)> {
        let cap = usize::try_from(nodes).unwrap_or(usize::MAX);
        let mut s = Search::new(pos, nodes, cap);
        let result = s.result(*pos)?;
        Some((result, s.remoteness(*pos, result)))
    }
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
        Marks::parse(text, MAX_SIDE, MAX_SIDE, false, K, true)
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
            .solver(self)
            .ties(true)
    }
}

impl Presentation for ConnectFour {
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
        crate::rules::drawing::grid(&pos.show(), GLYPHS)
    }

    fn touches(&self, pos: &Marks, mv: &Drop) -> Vec<At> {
        landing(pos, mv.0)
            .map(|i| {
                let cols = u32::from(pos.cols);
                vec![[(i / cols) as usize, (i % cols) as usize]]
            })
            .unwrap_or_default()
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

impl OwnSolver for ConnectFour {
    fn result(&self, pos: &Marks, _: Player) -> Result<(GameResult, Option<u32>), Unsolved> {
        self.search_remoteness(pos, SEARCH_NODES).ok_or_else(|| {
            Unsolved::past_limit(format!(
                "alpha-beta search passed its budget of {SEARCH_NODES} positions"
            ))
        })
    }

    fn result_method(&self) -> &'static str {
        "alpha-beta search with a transposition table (the remoteness by bisection on the score)"
    }
}
