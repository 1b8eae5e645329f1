//! Connect Four as the search sees it: bitboards, wins found by shifts, the moves
//! that do not lose at once, and moves ordered by the threats they make.
//!
//! A board `w` wide and `h` high is a word of `w · (h + 1)` bits, column by column
//! from the left, each column's cells from the bottom up and one spare bit above
//! the top (it keeps lines from wrapping round from one column to the next). A node
//! holds the stones of the player to move and the stones of both; its key, the two
//! added, names it exactly: in each column the stones of both are the `k` lowest
//! bits, and adding a subset of them gives a number between `2^k − 1` and
//! `2^(k+1) − 2`, a range of its own for each height `k`, within the column's bits.
//! Boards of up to 64 such bits use `u64`, bigger ones (8×8) `u128`.

use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Shl, Shr, Sub};

use grundy_engine::engine::search::{Expansion, Score, Space, TableKey};

use crate::rules::marks::{Mark, Marks};

/// A word of bits a board fits in.
pub trait Bits:
    Copy
    + Eq
    + TableKey
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// No bit.
    const ZERO: Self;
    /// The lowest bit.
    const ONE: Self;
    /// How many bits it has.
    const WIDTH: u32;
    /// How many bits are set.
    fn count(self) -> u32;
    /// The index of the lowest bit set.
    fn lowest(self) -> u32;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const WIDTH: u32 = <$t>::BITS;
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// A position: the stones of the player to move, of both players, and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node<B> {
    /// The stones of the player to move.
    pub mine: B,
    /// The stones of both players.
    pub all: B,
    /// How many stones are on the board.
    pub stones: u32,
}

/// The board's shape, with the masks the search uses.
#[derive(Clone, Debug)]
pub struct Bitboard<B> {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// The bottom cell of each column.
    bottom: B,
    /// Every cell of the board.
    board: B,
    /// The cells of each column.
    columns: Vec<B>,
    /// The columns, centre first (ties in the move order go to the centre).
    order: Vec<u8>,
}

impl<B: Bits> Bitboard<B> {
    /// The board `width` wide and `height` high, if it fits in `B` (each at least 1).
    pub fn new(width: u32, height: u32) -> Option<Bitboard<B>> {
        if width == 0 || height == 0 || width * (height + 1) > B::WIDTH {
            return None;
        }
        let column = (B::ONE << height) - B::ONE;
        let columns: Vec<B> = (0..width).map(|c| column << (c * (height + 1))).collect();
        let bottom = (0..width).fold(B::ZERO, |acc, c| acc | B::ONE << (c * (height + 1)));
        let board = columns.iter().fold(B::ZERO, |acc, &c| acc | c);
        Some(Bitboard {
            width,
            height,
            bottom,
            board,
            columns,
            order: super::centre_first(width as u8),
        })
    }

    /// The cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The node of a board in notation's terms.
    pub fn node(&self, pos: &Marks) -> Node<B> {
        let mover = pos.to_move();
        let mut node = Node {
            mine: B::ZERO,
            all: B::ZERO,
            stones: 0,
        };
        for r in 0..pos.rows {
            for c in 0..pos.cols {
                let i = pos.index(r, c);
                let bit =
                    B::ONE << (u32::from(c) * (self.height + 1) + self.height - 1 - u32::from(r));
                let (x, o) = (pos.x >> i & 1 == 1, pos.o >> i & 1 == 1);
                if x || o {
                    node.all = node.all | bit;
                    node.stones += 1;
                    if (x && mover == Mark::X) || (o && mover == Mark::O) {
                        node.mine = node.mine | bit;
                    }
                }
            }
        }
        node
    }

    /// The cells where a stone can be dropped now: the lowest empty cell of each
    /// column that is not full.
    #[inline]
    fn playable(&self, all: B) -> B {
        (all + self.bottom) & self.board
    }

    /// The empty cells that would complete four in a row for the owner of `stones`.
    #[inline]
    fn threats(&self, stones: B, all: B) -> B {
        let p = stones;
        // Down a column.
        let mut r = (p << 1) & (p << 2) & (p << 3);
        // Across, and along both diagonals.
        for s in [self.height + 1, self.height, self.height + 2] {
            let two = (p << s) & (p << (2 * s));
            r = r | (two & (p << (3 * s))) | (two & (p >> s));
            let two = (p >> s) & (p >> (2 * s));
            r = r | (two & (p >> (3 * s))) | (two & (p << s));
        }
        r & (self.board ^ all)
    }

    /// Whether `stones` hold four in a row.
    #[inline]
    pub fn four(&self, stones: B) -> bool {
        [1, self.height + 1, self.height, self.height + 2]
            .iter()
            .any(|&s| {
                let m = stones & (stones >> s);
                m & (m >> (2 * s)) != B::ZERO
            })
    }

    /// The cell a stone dropped in column `c` lands on (none when it is full).
    #[inline]
    fn landing(&self, all: B, c: u8) -> B {
        self.playable(all) & self.columns[usize::from(c)]
    }

    /// [`Space::expand`], skipping the checks for a game over and a win at once
    /// where `reached` (see [`Space::expand_reached`]).
    #[inline]
    fn expansion(&self, node: &Node<B>, moves: &mut Vec<u8>, reached: bool) -> Expansion {
        let theirs = node.all ^ node.mine;
        if !reached && self.four(theirs) {
            return Expansion::Known(Score::lose(0));
        }
        let empty = self.cells() - node.stones;
        if empty == 0 {
            return Expansion::Known(Score::TIE);
        }
        let playable = self.playable(node.all);
        if !reached && self.threats(node.mine, node.all) & playable != B::ZERO {
            return Expansion::Known(Score::win(1));
        }
        let against = self.threats(theirs, node.all);
        let forced = playable & against;
        let mut open = if forced == B::ZERO {
            playable
        } else if forced & (forced - B::ONE) != B::ZERO {
            // Two threats to block at once: one of them wins next.
            return Expansion::Known(Score::lose(2));
        } else {
            forced
        };
        // Never drop a stone under a cell that wins for the other player.
        open = open & !(against >> 1);
        if open == B::ZERO {
            return Expansion::Known(Score::lose(2));
        }
        if empty <= 2 {
            // The other player cannot win after a move kept, nor can the last stone.
            return Expansion::Known(Score::TIE);
        }
        // The moves, centre first ([`Space::order`] ranks them by threats).
        moves.extend(
            self.order
                .iter()
                .copied()
                .filter(|&c| open & self.columns[usize::from(c)] != B::ZERO),
        );
        // The other player cannot win at once after any move listed, nor can the
        // player to move now: the quickest loss is in 4, the quickest win in 3.
        let lower = if empty >= 4 {
            Score::lose(4)
        } else {
            Score::TIE
        };
        Expansion::Search {
            lower,
            upper: Score::win(3),
        }
    }
}

impl<B: Bits> Space for Bitboard<B> {
    type Node = Node<B>;
    type Move = u8;
    type Key = B;

    #[inline]
    fn key(&self, node: &Node<B>) -> B {
        node.mine + node.all
    }

    fn legal(&self, node: &Node<B>) -> Vec<u8> {
        if self.four(node.all ^ node.mine) {
            return Vec::new();
        }
        (0..self.width as u8)
            .filter(|&c| self.landing(node.all, c) != B::ZERO)
            .collect()
    }

    #[inline]
    fn play(&self, node: &Node<B>, c: u8) -> Node<B> {
        let cell = self.landing(node.all, c);
        Node {
            mine: node.mine ^ node.all,
            all: node.all | cell,
            stones: node.stones + 1,
        }
    }

    fn expand(&self, node: &Node<B>, moves: &mut Vec<u8>) -> Expansion {
        self.expansion(node, moves, false)
    }

    /// Skips the checks a move that [`expand`](Space::expand) listed rules out: it
    /// did not make four (a winning move decides its node at once), and the other
    /// player cannot win at once after it (it blocks the one threat there was, and
    /// never lands under a winning cell).
    #[inline]
    fn expand_reached(&self, node: &Node<B>, moves: &mut Vec<u8>) -> Expansion {
        self.expansion(node, moves, true)
    }

    /// The moves, most threats made first (the cells that would then complete four
    /// for the player who moved), the centre first among equals.
    #[inline]
    fn order(&self, node: &Node<B>, moves: &mut [u8]) {
        // Listed centre first; each inserted after those making at least as many
        // threats (a stable sort), at most 8 columns.
        let mut ranked: [(u32, u8); 8] = [(0, 0); 8];
        for (n, &c) in moves.iter().enumerate() {
            let cell = self.landing(node.all, c);
            let made = self.threats(node.mine | cell, node.all | cell).count();
            let mut j = n;
            while j > 0 && ranked[j - 1].0 < made {
                ranked[j] = ranked[j - 1];
                j -= 1;
            }
            ranked[j] = (made, c);
        }
        for (mv, &(_, c)) in moves.iter_mut().zip(&ranked) {
            *mv = c;
        }
    }

    /// A child's key is two operations away, and a 7×6 search's table (64 MiB by
    /// default) is far bigger than the cache.
    const PREFETCH: bool = true;

    /// The biggest key, where it fits in 64 bits: each column's stones plus its
    /// mover's are at most `2^(height + 1) − 2` (a full column of the mover's) in the
    /// column's `height + 1` bits.
    fn key_max(&self) -> Option<u64> {
        let step = self.height + 1;
        if self.width * step > 64 {
            return None;
        }
        let full = (1u64 << step) - 2;
        Some((0..self.width).map(|c| full << (c * step)).sum())
    }

    fn longest(&self, node: &Node<B>) -> Option<u32> {
        Some(self.cells() - node.stones)
    }

    /// The cells that would complete a four for the player to move, less the
    /// other player's: open threats decide most games that are not decided by force.
    fn estimate(&self, node: &Node<B>) -> i32 {
        let theirs = node.all ^ node.mine;
        let mine = self.threats(node.mine, node.all).count();
        let against = self.threats(theirs, node.all).count();
        mine as i32 - against as i32
    }

    fn tie_remoteness(&self, node: &Node<B>) -> Option<u32> {
        Some(self.cells() - node.stones)
    }
}
