//! How a position is drawn for a person who plays it by pointing: a typed description
//! of the board ([`Board`]), the places a move touches, and what clicking a place
//! does to the position when it is edited.
//!
//! A board is a list of [`Line`]s of [`Spot`]s, drawn according to its [`Shape`]:
//! the rows of a grid, one strip, heaps of tokens, trees of edges, or cakes with
//! their cuts. Every spot is addressed by `[line, index]` ([`At`]); a move lists the
//! spots it touches ([`WebBoard::touches`](super::WebBoard::touches)), so one generic
//! drawing code maps a click to the legal moves through that spot.

use serde::Serialize;

/// Where a spot is: its line and its index in the line.
pub type At = [usize; 2];

/// How the lines of a board are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// Rows of cells of one width (the first line on top); cells are named by a
    /// column letter and a row number (`b3`: second column, third line).
    Grid,
    /// One row of squares, numbered from 1.
    Strip,
    /// Heaps of tokens, one per line; spot `k` is the `k+1`-th token.
    Heaps,
    /// Trees of edges standing on the ground, one per line; each edge names the edge
    /// it stands on ([`Spot::parent`]), or the ground.
    Trees,
    /// Rectangular cakes, one per line ([`Line::size`]); the spots are the places to
    /// cut, first between columns ([`Tint::Left`]) then between rows ([`Tint::Right`]).
    Cakes,
}

/// Who a spot belongs to, or what it is; the page gives each tint a colour and each
/// spot a glyph and label besides, so colour is never the only cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Tint {
    /// An empty place.
    Empty,
    /// Left's (the first player's in a partizan game).
    Left,
    /// Right's.
    Right,
    /// Either player's (a green edge, a neutral piece).
    Either,
    /// A place nobody can use (a burnt or filled square).
    Blocked,
    /// A piece or token of an impartial game.
    Piece,
    /// A place that only edits the position (adds a token, a heap).
    Add,
}

/// One place of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spot {
    /// What is drawn on it (a letter or symbol; may be empty).
    pub glyph: String,
    /// Who it belongs to, or what it is.
    pub tint: Tint,
    /// The spot in words, for a screen reader and a tooltip, e.g. `b3: Left's stone`.
    pub label: String,
    /// Trees: the index of the edge this edge stands on; `None` on the ground.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<usize>,
    /// A dark square of a checkered board (the squares some pieces move on).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub dark: bool,
    /// Strips: the indices of the spots of the same line this spot has an arrow to
    /// (the edges of a graph drawn as a row of vertices).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<usize>,
}

impl Spot {
    /// A spot with a glyph, tint and label.
    pub fn new(glyph: impl Into<String>, tint: Tint, label: impl Into<String>) -> Spot {
        Spot {
            glyph: glyph.into(),
            tint,
            label: label.into(),
            parent: None,
            dark: false,
            arrows: Vec::new(),
        }
    }

    /// The same spot standing on edge `parent` (trees).
    pub fn on(mut self, parent: Option<usize>) -> Spot {
        self.parent = parent;
        self
    }

    /// The same spot on a dark square.
    pub fn darkened(mut self, dark: bool) -> Spot {
        self.dark = dark;
        self
    }

    /// The same spot with arrows to the spots `to` of its line.
    pub fn with_arrows(mut self, to: Vec<usize>) -> Spot {
        self.arrows = to;
        self
    }
}

/// One line of a board: a row, a heap, a tree, a cake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The line in words, e.g. `heap 2: 5 tokens`.
    pub label: String,
    /// Its spots, in order.
    pub spots: Vec<Spot>,
    /// Cakes: the width and height.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<[u64; 2]>,
}

impl Line {
    /// A line of spots.
    pub fn new(label: impl Into<String>, spots: Vec<Spot>) -> Line {
        Line {
            label: label.into(),
            spots,
            size: None,
        }
    }
}

/// A position drawn as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// How the lines are laid out.
    pub shape: Shape,
    /// The lines.
    pub lines: Vec<Line>,
    /// True when the drawing leaves part of the position out (a heap too big to
    /// draw every token of): the position's text says it all.
    pub partial: bool,
    /// The names of the columns in the move notation (a grid's `a`, `b`, ...; a
    /// strip's squares `1`, `2`, ...), drawn along the board; empty when the
    /// notation names no columns.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// The names of a grid's rows in the move notation (`1`, `2`, ... from the top),
    /// drawn beside it; empty when the notation names no rows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    /// What each click of a move points at, when a move is picked by clicking its
    /// spots in the order of its touches (e.g. `the amazon to move`, `the square it
    /// moves to`, `the square its arrow burns`); empty when the clicks may come in any
    /// order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<String>,
    /// Notes on the drawing, one sentence each: what its glyphs and colours mean
    /// where the spots' own labels cannot say it (what the notation does not tell).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<String>,
    /// What clicking the board does when playing, in one sentence for a person (e.g.
    /// `Click a token: it and every token after it in its heap are taken.`); empty
    /// when the spots a move touches say it (a piece, then where it goes).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub clicks: String,
}

impl Board {
    /// A board of `shape` with `lines`, drawn whole.
    pub fn new(shape: Shape, lines: Vec<Line>) -> Board {
        Board {
            shape,
            lines,
            partial: false,
            columns: Vec::new(),
            rows: Vec::new(),
            steps: Vec::new(),
            legend: Vec::new(),
            clicks: String::new(),
        }
    }

    /// The same board with `clicks` saying what clicking it does when playing.
    pub fn clicking(mut self, clicks: impl Into<String>) -> Board {
        self.clicks = clicks.into();
        self
    }

    /// The same board with its columns named `columns` and its rows `rows`.
    pub fn named(mut self, columns: Vec<String>, rows: Vec<String>) -> Board {
        self.columns = columns;
        self.rows = rows;
        self
    }

    /// The same board whose moves are clicked spot by spot in the order of their
    /// touches, each click pointing at what `steps` says.
    pub fn in_steps(mut self, steps: &[&str]) -> Board {
        self.steps = steps.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// The same board with a note for its legend.
    pub fn noting(mut self, note: impl Into<String>) -> Board {
        self.legend.push(note.into());
        self
    }
}

/// The column letters `a`, `b`, ... of a grid `width` cells wide, as [`cell_name`]
/// writes them.
pub fn column_letters(width: usize) -> Vec<String> {
    (0..width)
        .map(|c| {
            let name = cell_name([0, c]);
            name[..1].to_owned()
        })
        .collect()
}

/// The numbers `from`, `from + 1`, ... of `count` rows, columns or squares.
pub fn numbered(count: usize, from: usize) -> Vec<String> {
    (from..from + count).map(|i| i.to_string()).collect()
}

/// The most spots a board draws; a position with more is drawn in part or not at all.
pub const MAX_SPOTS: usize = 1024;

/// The name of grid cell `[row, col]`, as the grid games write it: `b3` is column 2,
/// row 3 (both from 1).
pub fn cell_name(at: At) -> String {
    let col = u8::try_from(at[1]).ok().filter(|c| *c < 26).unwrap_or(25);
    format!("{}{}", char::from(b'a' + col), at[0] + 1)
}

/// Every cell name (`[a-z][0-9]+`) in a move's text, in order, as grid places.
pub fn cells_named(text: &str) -> Vec<At> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start_ok = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if start_ok && c.is_ascii_lowercase() {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j > i + 1 && (j == bytes.len() || !bytes[j].is_ascii_alphanumeric()) {
                if let Ok(row) = text[i + 1..j].parse::<usize>() {
                    if row >= 1 {
                        out.push([row - 1, usize::from(c - b'a')]);
                    }
                }
                i = j;
                continue;
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_read_back() {
        assert_eq!(cell_name([2, 1]), "b3");
        assert_eq!(cells_named("a1-b1/c12"), vec![[0, 0], [0, 1], [11, 2]]);
        assert_eq!(cells_named("1:2-1"), Vec::<At>::new());
        assert_eq!(cells_named("up"), Vec::<At>::new());
        let board = Board::new(
            Shape::Strip,
            vec![Line::new(
                "squares",
                vec![Spot::new("P", Tint::Piece, "1: pawn")],
            )],
        );
        let json = serde_json::to_value(&board).unwrap();
        assert_eq!(json["shape"], "strip");
        assert_eq!(json["lines"][0]["spots"][0]["tint"], "piece");
        assert!(json["lines"][0]["spots"][0].get("parent").is_none());
    }
}
