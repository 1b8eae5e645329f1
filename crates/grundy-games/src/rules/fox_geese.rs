//! Fox and Geese on a checkerboard: four geese try to trap a fox.
//!
//! # Rules
//! The dark squares of a square board of even side (8×8 in the classic game; 4×4
//! and 6×6 too), the bottom-left corner dark. The geese are **Left**, the fox is
//! **Right** (as in CGSuite's `game.grid.FoxAndGeese` and Winning Ways' account, in
//! which the geese's advantage counts positive). On Left's turn one goose moves one
//! square diagonally *forwards* (up the board) to an empty dark square; on Right's
//! turn the fox moves one square diagonally in any direction to an empty dark
//! square. Nothing is captured and nothing jumps. A player who cannot move loses
//! (normal play): the fox when it is trapped, the geese when none can move (they
//! have all reached the top, or are blocked).
//!
//! The classic start: the four geese on the dark squares of the bottom row, the fox
//! on a dark square of the top row, e.g. `...f....|........|........|........|
//! ........|........|........|g.g.g.g.` (one line, without spaces). Who moves first
//! is the analysis' player to move (Left: the geese; Right: the fox), as in every
//! partizan game here.
//!
//! # Notation
//! The rows top to bottom separated by `|`, each as long as there are rows (side 4,
//! 6 or 8): `g` a goose, `f` the fox, `.` an empty square (dark or light). Exactly
//! one fox and 1 to [`MAX_GEESE`] geese, all on dark squares (row and column, counted
//! from the top left, of odd sum). A bad board is refused with the column of the
//! text where it goes wrong and what was expected there.
//!
//! A move is `FROM-TO`, squares named by column letter and row number from the top
//! left, as on every grid here (`a1` the top-left corner): `a8-b7` moves the goose on
//! `a8` up to `b7`; `d1-e2` moves the fox.
//!
//! # Answers
//! Under alternating play the game always ends: every two moves include a goose
//! move, and each goose moves up at most `side - 1` times. But the graph of
//! positions, where either player may move from any position as in a sum of games,
//! has cycles (the fox steps back and forth), so the game is loopy in the sense of
//! combinatorial game theory ([`can_cycle`](crate::ruleset::RulesetExt::can_cycle) is `true`): it has no
//! normal-play value here, and the retrograde engine
//! ([`engine::retrograde`](crate::engine::retrograde)) answers win or lose for the
//! player to move, with remoteness, over the states (board, player to move)
//! reachable; it never finds a draw. Past its budget, [`result`](crate::ruleset::RulesetExt::result) answers by
//! a memoised minimax of its own (exact, since alternating play ends), which stops
//! at the thread's [deadline](crate::deadline) (an over-time answer) like every
//! search.
//!
//! From the classic start the engine finds the geese winning whoever moves first,
//! from each of the fox's four squares, as the textbook says of correct play.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways*, the chapter "Fox and Geese;
//! Hare and Hounds" (the geese win with correct play); CGSuite's
//! `game.grid.FoxAndGeese` (the moves as here, geese Left; its board is open behind
//! the geese, where a fox that slips past them has endless moves, `off`; here the
//! board is bounded and play is normal).
//! `crates/grundy/tests/all/fox_geese.rs` checks the engine against a plain minimax
//! written in the test on 4×4 and 6×6 boards; `crates/grundy/tests/cases/fox-and-geese.txt`
//! holds the results of the classic starts.

use std::collections::HashMap;

use crate::analysis::draw_engines;
use crate::dynamic::{normal_play_only, RulesetSpec};
use crate::engine::retrograde::GameResult;
use crate::game::Player;
use crate::rules::drawing::{g, Glyph};
use crate::ruleset::board::{cell_name, cells_named, At, Board, Tint};
use crate::ruleset::notation::NotationError;
use crate::ruleset::{Capabilities, OwnSolver, Presentation, WebBoard};
use crate::ruleset::{Explanation, Kind, MoveError, Ruleset, Unsolved};

/// The registry's entry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "fox-and-geese",
    about: "Fox and Geese, partizan, on the dark squares: g (Left's geese) step diagonally up, f (Right's fox) diagonally any way; a trapped side loses.",
    example: ".f....|......|......|......|......|g.g.g.",
    params: &[],
    build: |_, convention| normal_play_only(FoxAndGeese, convention),
};

/// The smallest side of a board.
pub const MIN_SIDE: usize = 4;
/// The largest side of a board.
pub const MAX_SIDE: usize = 8;
/// The most geese.
pub const MAX_GEESE: usize = 4;

/// The Fox and Geese ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct FoxAndGeese;

/// A board: its side, the fox's square and the geese's squares (square
/// `row * side + column`, from the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Yard {
    side: u8,
    fox: u8,
    geese: u64,
}

impl std::str::FromStr for Yard {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Yard, NotationError> {
        parse_yard(text)
    }
}

impl std::fmt::Display for Yard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&show_yard(self))
    }
}

impl Yard {
    /// The side of the board.
    pub fn side(&self) -> usize {
        usize::from(self.side)
    }

    /// The fox's square, row and column from the top left.
    pub fn fox(&self) -> At {
        self.at(self.fox)
    }

    /// The geese's squares, row and column from the top left, in reading order.
    pub fn geese(&self) -> Vec<At> {
        (0..64u8)
            .filter(|&i| self.geese >> i & 1 == 1)
            .map(|i| self.at(i))
            .collect()
    }

    fn at(&self, i: u8) -> At {
        [usize::from(i / self.side), usize::from(i % self.side)]
    }

    fn index(&self, at: At) -> u8 {
        (at[0] * self.side() + at[1]) as u8
    }

    fn occupied(&self, i: u8) -> bool {
        i == self.fox || self.geese >> i & 1 == 1
    }

    /// The square one diagonal step from `at` by `(dr, dc)`, if on the board.
    fn step(&self, at: At, dr: isize, dc: isize) -> Option<At> {
        let r = at[0].checked_add_signed(dr)?;
        let c = at[1].checked_add_signed(dc)?;
        (r < self.side() && c < self.side()).then_some([r, c])
    }

    /// The moves a goose (up) or the fox (any way) has from `at`.
    fn steps_from(&self, at: At, player: Player) -> Vec<Step> {
        let dirs: &[(isize, isize)] = match player {
            Player::Left => &[(-1, -1), (-1, 1)],
            Player::Right => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
        };
        dirs.iter()
            .filter_map(|&(dr, dc)| self.step(at, dr, dc))
            .filter(|&to| !self.occupied(self.index(to)))
            .map(|to| Step { from: at, to })
            .collect()
    }

    /// How many goose moves are left at most: the sum of the geese's rows.
    fn goose_moves_left(&self) -> usize {
        self.geese().iter().map(|at| at[0]).sum()
    }
}

/// Whether `at` is a dark square: row plus column odd (the bottom-left corner of a
/// board of even side is dark).
pub fn is_dark(at: At) -> bool {
    (at[0] + at[1]) % 2 == 1
}

/// A move: a piece from one square to a diagonal neighbour (row and column from the
/// top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece is.
    pub from: At,
    /// Where it goes.
    pub to: At,
}

impl std::fmt::Display for Step {
    /// `FROM-TO` in cell names, e.g. `a8-b7`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", cell_name(self.from), cell_name(self.to))
    }
}

/// The characters of the board, in the order a click cycles them.
const GLYPHS: &[Glyph] = &[
    g('.', Tint::Empty, "empty"),
    g('g', Tint::Left, "Left's goose"),
    g('f', Tint::Right, "Right's fox"),
];

/// Reads a board (see the [module docs](self)).
fn parse_yard(text: &str) -> Result<Yard, NotationError> {
    let piece = "'g' (goose), 'f' (fox), '.' (empty) or '|' (next row)";
    let chars: Vec<char> = text.chars().collect();
    let side = chars.iter().position(|&c| c == '|').unwrap_or(chars.len());
    if !(MIN_SIDE..=MAX_SIDE).contains(&side) || side % 2 == 1 {
        let at = side.min(MAX_SIDE + 1);
        return Err(NotationError::at(
            text,
            at,
            format!(
                "a first row of 4, 6 or 8 squares (the board is square, of even side \
                 {MIN_SIDE} to {MAX_SIDE}); this one has {side}"
            ),
        ));
    }
    let mut fox: Option<u8> = None;
    let mut geese = 0u64;
    let (mut r, mut c) = (0usize, 0usize);
    for (i, &ch) in chars.iter().enumerate() {
        if ch == '|' {
            if c != side {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("another square: row {} has {c} of {side}", r + 1),
                ));
            }
            r += 1;
            c = 0;
            if r == side {
                return Err(NotationError::at(
                    text,
                    i,
                    format!("the end: a board of side {side} has {side} rows"),
                ));
            }
            continue;
        }
        // A square of the board is named by its row and column, as the moves name it.
        let square = |e: NotationError| e.in_cell(r as u8, c as u8);
        if !matches!(ch, 'g' | 'f' | '.') {
            let err = NotationError::at(text, i, piece);
            return Err(if c < side { square(err) } else { err });
        }
        if c == side {
            return Err(NotationError::at(
                text,
                i,
                format!("'|' or the end: row {} has {side} squares", r + 1),
            ));
        }
        let at = [r, c];
        if ch != '.' && !is_dark(at) {
            return Err(square(NotationError::at(
                text,
                i,
                format!(
                    "'.': {} is a light square, and pieces stand on dark squares only \
                     (row and column of odd sum, the bottom-left corner dark)",
                    cell_name(at)
                ),
            )));
        }
        let index = (r * side + c) as u8;
        if ch == 'f' {
            if fox.is_some() {
                return Err(square(NotationError::at(
                    text,
                    i,
                    "'.' or 'g': there is exactly one fox",
                )));
            }
            fox = Some(index);
        }
        if ch == 'g' {
            if geese.count_ones() as usize == MAX_GEESE {
                return Err(square(NotationError::at(
                    text,
                    i,
                    format!("'.' or 'f': at most {MAX_GEESE} geese"),
                )));
            }
            geese |= 1 << index;
        }
        c += 1;
    }
    let end = chars.len();
    if c != side || r + 1 != side {
        return Err(NotationError::at(
            text,
            end,
            format!(
                "more squares: a board of side {side} has {side} rows of {side} (row {} has {c})",
                r + 1
            ),
        ));
    }
    let Some(fox) = fox else {
        return Err(NotationError::at(text, end, "a fox ('f') on the board"));
    };
    if geese == 0 {
        return Err(NotationError::at(
            text,
            end,
            format!("a goose ('g') on the board: 1 to {MAX_GEESE} geese"),
        ));
    }
    Ok(Yard {
        side: side as u8,
        fox,
        geese,
    })
}

/// Writes a board in the notation.
fn show_yard(y: &Yard) -> String {
    let n = y.side();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let i = y.index([r, c]);
                    if i == y.fox {
                        'f'
                    } else if y.geese >> i & 1 == 1 {
                        'g'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// Plain memoised minimax under alternating play (which always ends): whether
/// `player` to move wins, and the remoteness (a win by the fewest moves, a loss by
/// the most; a player without a move has lost, in 0). `None` once the thread's
/// [deadline](crate::deadline) has passed (checked at every position expanded), so a
/// caller that must answer in time is not kept waiting by a board too big to solve.
fn wins(
    rules: &FoxAndGeese,
    y: &Yard,
    player: Player,
    memo: &mut HashMap<(Yard, bool), (bool, u32)>,
) -> Option<(bool, u32)> {
    let key = (*y, player == Player::Left);
    if let Some(&w) = memo.get(&key) {
        return Some(w);
    }
    if crate::deadline::passed() {
        return None;
    }
    let mut quickest_win: Option<u32> = None;
    let mut slowest_loss = 0;
    for mv in rules.moves(y, player) {
        let (theirs, d) = wins(rules, &rules.play(y, &mv), player.opponent(), memo)?;
        if theirs {
            slowest_loss = slowest_loss.max(d + 1);
        } else {
            quickest_win = Some(quickest_win.map_or(d + 1, |q| q.min(d + 1)));
        }
    }
    let w = match quickest_win {
        Some(d) => (true, d),
        None => (false, slowest_loss),
    };
    memo.insert(key, w);
    Some(w)
}

impl Ruleset for FoxAndGeese {
    type Position = Yard;

    type Move = Step;

    fn name(&self) -> &'static str {
        "fox-and-geese"
    }

    fn kind(&self) -> Kind {
        Kind::Partizan
    }

    fn parse_move(&self, pos: &Yard, player: Player, text: &str) -> Result<Step, MoveError> {
        let text = text.trim();
        let shape = "write FROM-TO in cell names, column letter and row number from the top \
                     left, e.g. a8-b7";
        let cells = cells_named(text);
        let [from, to] = cells[..] else {
            return Err(MoveError::notation(format!(
                "not a move: {text:?} ({shape})"
            )));
        };
        if text != format!("{}-{}", cell_name(from), cell_name(to)) {
            return Err(MoveError::notation(format!(
                "not a move: {text:?} ({shape})"
            )));
        }
        let n = pos.side();
        let last = cell_name([n - 1, n - 1]);
        for at in [from, to] {
            if at[0] >= n || at[1] >= n {
                return Err(MoveError::illegal(format!(
                    "there is no square {} (the board has a1 to {last})",
                    cell_name(at)
                )));
            }
        }
        let mv = Step { from, to };
        let (what, way) = match player {
            Player::Left => ("goose", "one square diagonally up"),
            Player::Right => ("fox", "one square diagonally, any way"),
        };
        let mine = match player {
            Player::Left => pos.geese >> pos.index(from) & 1 == 1,
            Player::Right => pos.fox == pos.index(from),
        };
        if !mine {
            return Err(MoveError::illegal(format!(
                "there is no {what} on {}: {} moves the {}",
                cell_name(from),
                match player {
                    Player::Left => "Left",
                    Player::Right => "Right",
                },
                match player {
                    Player::Left => "geese (g)",
                    Player::Right => "fox (f)",
                }
            )));
        }
        if pos.steps_from(from, player).contains(&mv) {
            return Ok(mv);
        }
        let why = if pos.occupied(pos.index(to)) {
            format!("{} is taken", cell_name(to))
        } else {
            format!("a {what} moves {way} to an empty square")
        };
        Err(MoveError::illegal(format!(
            "the {what} on {} cannot go to {}: {why}",
            cell_name(from),
            cell_name(to)
        )))
    }

    fn move_help(&self) -> String {
        "FROM-TO in cell names (column letter, row number from the top left): Left moves a \
         goose (g) one square diagonally up, Right the fox (f) one square diagonally any \
         way, e.g. a8-b7"
            .to_owned()
    }

    /// Left: each goose in reading order, up-left then up-right. Right: the fox
    /// up-left, up-right, down-left, down-right.
    fn moves(&self, pos: &Yard, player: Player) -> Vec<Step> {
        match player {
            Player::Left => pos
                .geese()
                .into_iter()
                .flat_map(|at| pos.steps_from(at, Player::Left))
                .collect(),
            Player::Right => pos.steps_from(pos.fox(), Player::Right),
        }
    }

    fn play(&self, pos: &Yard, mv: &Step) -> Yard {
        let (from, to) = (pos.index(mv.from), pos.index(mv.to));
        let mut out = *pos;
        if out.fox == from {
            out.fox = to;
        } else {
            out.geese = (out.geese & !(1 << from)) | 1 << to;
        }
        out
    }

    /// The fox's squares times the geese's placements on the dark squares, twice
    /// (either player to move), saturating.
    fn reach(&self, pos: &Yard) -> u128 {
        let dark = (pos.side() * pos.side() / 2) as u128;
        let k = u128::from(pos.geese.count_ones());
        let mut placements: u128 = 1;
        for i in 0..k {
            placements = placements.saturating_mul(dark - i) / (i + 1);
        }
        placements.saturating_mul(dark).saturating_mul(2)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .presentation(self)
            .web_board(self)
            .solver(self)
            .cycles(draw_engines(self))
    }
}

impl Presentation for FoxAndGeese {
    /// Left moves the geese, Right the fox: `Left (geese)` or `Right (fox)`.
    fn mover_name(&self, _: &Yard, to_move: Player) -> String {
        crate::ruleset::capability::side_name(to_move, "geese", "fox")
    }

    fn drawing(&self, pos: &Yard) -> String {
        let n = pos.side();
        let text = show_yard(pos);
        let mut lines: Vec<String> = text
            .split('|')
            .enumerate()
            .map(|(r, row)| {
                let cells: Vec<String> = row
                    .chars()
                    .enumerate()
                    .map(|(c, ch)| {
                        if is_dark([r, c]) {
                            ch.to_string()
                        } else {
                            " ".to_owned()
                        }
                    })
                    .collect();
                format!("{} {}", r + 1, cells.join(" "))
            })
            .collect();
        let letters: Vec<String> = (0..n)
            .map(|c| char::from(b'a' + c as u8).to_string())
            .collect();
        lines.push(format!("  {}", letters.join(" ")));
        lines.join("\n")
    }

    fn ending(&self, _: &Yard, to_move: Player, _: &str, _: Option<&str>) -> Option<String> {
        Some(match to_move {
            Player::Left => "No goose can move: the geese (Left) lose.".to_owned(),
            Player::Right => "The fox is trapped: the fox (Right) loses.".to_owned(),
        })
    }

    fn explain(&self, pos: &Yard, to_move: Player, _: usize) -> Option<Explanation> {
        let geese: Vec<String> = pos.geese().into_iter().map(cell_name).collect();
        let fox = cell_name(pos.fox());
        let left = pos.goose_moves_left();
        let mover = match to_move {
            Player::Left => "the geese (Left)",
            Player::Right => "the fox (Right)",
        };
        Some(Explanation {
            reduction: serde_json::json!({
                "side": pos.side(),
                "fox": fox,
                "geese": geese,
                "goose_moves_left": left,
                "geese_moves": self.moves(pos, Player::Left).len(),
                "fox_moves": self.moves(pos, Player::Right).len(),
            }),
            sentences: vec![
                format!(
                    "{n}×{n} board, {mover} to move: the fox on {fox}, geese on {}.",
                    geese.join(", "),
                    n = pos.side()
                ),
                format!(
                    "The geese move up only: at most {left} goose moves remain, so under \
                     alternating play the game ends within {} moves (no draw).",
                    2 * left + 1
                ),
            ],
        })
    }
}

impl WebBoard for FoxAndGeese {
    /// The yard as a checkerboard: the pieces stand and move on its dark squares
    /// (the fox starts on b1).
    fn board(&self, pos: &Yard) -> Option<Board> {
        crate::rules::drawing::grid(&show_yard(pos), GLYPHS).map(|mut b| {
            for (r, line) in b.lines.iter_mut().enumerate() {
                for (c, spot) in line.spots.iter_mut().enumerate() {
                    spot.dark = (r + c) % 2 == 1;
                }
            }
            b.noting("The geese and the fox stand and move on the dark squares.")
        })
    }

    fn touches(&self, _: &Yard, mv: &Step) -> Vec<At> {
        vec![mv.from, mv.to]
    }

    fn edit(&self, pos: &Yard, at: At) -> Option<Yard> {
        let text = crate::rules::drawing::cycle(&show_yard(pos), at, GLYPHS)?;
        parse_yard(&text).ok()
    }
}

impl OwnSolver for FoxAndGeese {
    /// A memoised minimax of its own under alternating play, which always ends,
    /// with the remoteness; over time once the thread's deadline has passed.
    fn result(&self, pos: &Yard, to_move: Player) -> Result<(GameResult, Option<u32>), Unsolved> {
        let Some((win, d)) = wins(self, pos, to_move, &mut HashMap::new()) else {
            return Err(Unsolved::over_time(
                "the memoised minimax stopped at the deadline set for the work",
            ));
        };
        let result = if win {
            GameResult::Win
        } else {
            GameResult::Lose
        };
        Ok((result, Some(d)))
    }

    fn result_method(&self) -> &'static str {
        "memoised minimax (alternating play always ends)"
    }
}
