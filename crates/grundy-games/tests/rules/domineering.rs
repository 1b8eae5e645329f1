//! Tests of `grundy_games::rules::domineering`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::domineering::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    let wide = ".".repeat(26);
    let tall = ["."; 127].join("|");
    let square = ["..........."; 11].join("|");
    for text in [
        "..#|...|...",
        ".",
        "#",
        "........|........",
        ".#.#|#.#.",
        ".........|.........",
        &wide,
        &tall,
        &square,
    ] {
        let b: Board = text.parse().unwrap();
        assert_eq!(b.to_string(), text);
    }
    let err = |t: &str| t.parse::<Board>().unwrap_err();
    assert_eq!(err("").column, 1);
    assert_eq!(err("..x").column, 3);
    assert_eq!(err("...|..").column, 7);
    assert_eq!(err("..|...").column, 6);
    // 27 cells in a row, 128 cells in all.
    assert_eq!(err(&".".repeat(27)).column, 27);
    assert!(err(&".".repeat(27))
        .expected
        .contains("at most 26 cells in a row"));
    let too_many = ["."; 128].join("|");
    assert_eq!(err(&too_many).column, 255);
    assert!(err(&too_many).expected.contains("at most 127 cells"));
    assert_eq!(err(&format!("{square}|...........")).column, 11 * 12 + 7);
    assert_eq!(err("..||..").column, 4);
    for (text, row, col, vertical) in [
        ("b1-b2", 0, 1, true),
        ("b2-b1", 0, 1, true),
        ("k10-k11", 9, 10, true),
        ("y127-z127", 126, 24, false),
    ] {
        let d: Domino = text.parse().unwrap();
        assert_eq!(d, Domino { row, col, vertical });
    }
    assert_eq!("c3-b3".parse::<Domino>().unwrap().to_string(), "b3-c3");
    assert_eq!("k11-k10".parse::<Domino>().unwrap().to_string(), "k10-k11");
    assert_eq!(
        "z127-y127".parse::<Domino>().unwrap().to_string(),
        "y127-z127"
    );
    for bad in [
        "a1",
        "a1-b2",
        "a1-a3",
        "a0-a1",
        "A1-A2",
        "-",
        "a01-a2",
        "a128-a127",
        "{1-{2",
        "a1x-a2",
    ] {
        assert!(bad.parse::<Domino>().is_err(), "{bad}");
    }
}

#[test]
fn moves_and_their_checks() {
    let d = Domineering::new();
    let b: Board = "..#|...".parse().unwrap();
    let names = |p| -> Vec<String> { d.moves(&b, p).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["a1-a2", "b1-b2"]);
    assert_eq!(names(Player::Right), ["a1-b1", "a2-b2", "b2-c2"]);
    assert_eq!(
        d.show_position(&d.play(&b, &"a1-a2".parse().unwrap())),
        "#.#|#.."
    );
    assert!(d.parse_move(&b, Player::Left, "a1-b1").is_err());
    assert!(d.parse_move(&b, Player::Right, "c1-c2").is_err());
    assert!(d.parse_move(&b, Player::Left, "c1-c2").is_err());
    assert!(d.parse_move(&b, Player::Left, "a3-a4").is_err());
    assert!(d.parse_move(&b, Player::Left, "a1-a2").is_ok());
    // Cells past the board, however far, are refused, not looked up.
    assert!(d.parse_move(&b, Player::Left, "z126-z127").is_err());
    assert!(d.parse_move(&b, Player::Right, "c1-d1").is_err());
    // A board wider than 8 and taller than 9: the moves name its far cells.
    let big: Board = ["..........."; 11].join("|").parse().unwrap();
    assert!(d.parse_move(&big, Player::Left, "k10-k11").is_ok());
    assert!(d.parse_move(&big, Player::Right, "j11-k11").is_ok());
    assert!(d.parse_move(&big, Player::Left, "k11-k12").is_err());
    let after = d.play(&big, &"k10-k11".parse().unwrap());
    assert_eq!(d.moves(&big, Player::Left).len(), 110);
    assert_eq!(d.moves(&after, Player::Left).len(), 108);
    assert_eq!(d.moves(&after, Player::Right).len(), 108);
    assert!(!after.is_empty(9, 10) && !after.is_empty(10, 10) && after.is_empty(8, 10));
}

#[test]
fn a_board_has_a_word_when_its_cells_reach_every_side_and_the_word_is_the_board() {
    let d = Domineering::new();
    let mut seen: std::collections::HashMap<u64, Board> = std::collections::HashMap::new();
    let mut with_words = 0;
    for rows in 1..=3u8 {
        for cols in 1..=4u8 {
            for mask in 0u128..1 << (rows * cols) {
                let b = Board::empty(rows, cols).unwrap().restricted(mask);
                let reaches = |r: u8, c: u8| {
                    (0..rows).any(|i| b.is_empty(i, c)) && (0..cols).any(|j| b.is_empty(r, j))
                };
                let cropped = mask != 0 && reaches(0, 0) && reaches(rows - 1, cols - 1);
                let word = d.word(&b);
                assert_eq!(word.is_some(), cropped, "{b}");
                if let Some(w) = word {
                    with_words += 1;
                    // The cells in the 8×8 frame of the grid games: bit 8r + c.
                    let mut frame = 0u64;
                    for r in 0..rows {
                        for c in 0..cols {
                            if b.is_empty(r, c) {
                                frame |= 1 << (8 * r + c);
                            }
                        }
                    }
                    assert_eq!(w, frame);
                    // One board a word.
                    if let Some(other) = seen.insert(w, b) {
                        panic!("{b} and {other} share the word {w:#x}");
                    }
                }
                // Every region the ruleset splits a board into has a word.
                for part in d.components(&b) {
                    assert!(d.word(&part).is_some(), "{part} of {b}");
                }
            }
        }
    }
    assert!(with_words > 1000, "{with_words}");
}

/// Every board of up to 12 cells and every 4×4 board (65,536), with their filled
/// cells.
fn small_boards(d: &Domineering) -> Vec<Board> {
    use grundy_engine::ruleset::Enumerate;
    let mut boards = Vec::new();
    for size in 1..=12 {
        let all = Enumerate::positions(d, size).unwrap();
        boards.extend((0..all.count).map(|i| (all.nth)(i)));
    }
    let sixteen = Enumerate::positions(d, 16).unwrap();
    boards.extend(
        (0..sixteen.count)
            .map(|i| (sixteen.nth)(i))
            .filter(|b| b.rows() == 4),
    );
    boards
}

/// Who wins `board` moving first, each player, and a winning move of each winner, by
/// the search over bitboards.
fn searched(board: &Board) -> [(bool, Option<Domino>); 2] {
    use grundy_engine::engine::search::Limits;
    // A small table, so that slots are replaced often.
    let limits = Limits::new(1 << 12, u64::MAX).unwrap();
    let grid = search::Grid::of(board);
    [Player::Left, Player::Right].map(|p| {
        let node = grid.node(board, p);
        let (wins, best, _) = search::wins(&grid, &node, limits).unwrap();
        (wins, best.map(|s| grid.domino(&node, s)))
    })
}

#[test]
fn the_search_agrees_with_canonical_forms_on_every_board_of_up_to_12_cells_and_every_4x4() {
    let d = Domineering::new();
    let boards = small_boards(&d);
    assert!(boards.len() > 65_536);
    for b in &boards {
        for (p, (wins, best)) in [Player::Left, Player::Right].into_iter().zip(searched(b)) {
            assert_eq!(wins, d.wins(b, p).unwrap(), "{b} with {p:?} to move");
            match best {
                Some(mv) => {
                    assert!(d.moves(b, p).contains(&mv), "{b}: {mv}");
                    assert!(!d.wins(&d.play(b, &mv), p.opponent()).unwrap(), "{b}: {mv}");
                }
                None => assert!(!wins, "{b}: a win without a move"),
            }
        }
    }
}

#[test]
fn the_leaves_agree_with_canonical_forms_on_every_board_of_up_to_12_cells_and_every_4x4() {
    use std::collections::HashMap;
    let d = Domineering::new();
    let boards = small_boards(&d);
    // Room enough that no leaf is refused for memory: every board of up to 12
    // cells is a leaf, and a 4×4 board exactly when no region has more cells.
    let mut leaves = HashMap::new();
    let (mut decided, mut refused) = (0, 0);
    for b in &boards {
        let (rows, cols) = (u32::from(b.rows()), u32::from(b.cols()));
        let l = leaves
            .entry((rows, cols))
            .or_insert_with(|| leaves::Leaves::new(&search::Grid::of(b), 1 << 30));
        let biggest = region_cells(b);
        for p in [Player::Left, Player::Right] {
            match l.outcome(b.empty_cells(), p == Player::Left) {
                Some(wins) => {
                    assert_eq!(wins, d.wins(b, p).unwrap(), "{b} with {p:?} to move");
                    decided += 1;
                }
                None => {
                    assert!(biggest > leaves::LEAF_CELLS, "{b}: refused");
                    refused += 1;
                }
            }
        }
    }
    assert!(
        decided > 100_000 && refused > 1000,
        "{decided} decided, {refused} refused"
    );
}

/// The most cells of a region of `b` that takes a domino (cells next to another
/// empty cell, joined by sides).
fn region_cells(b: &Board) -> u32 {
    let (h, w) = (usize::from(b.rows()), usize::from(b.cols()));
    let empty = |r: usize, c: usize| b.is_empty(r as u8, c as u8);
    let live = |r: usize, c: usize| {
        empty(r, c)
            && ((r > 0 && empty(r - 1, c))
                || (r + 1 < h && empty(r + 1, c))
                || (c > 0 && empty(r, c - 1))
                || (c + 1 < w && empty(r, c + 1)))
    };
    let mut seen = vec![false; h * w];
    let mut most = 0;
    for start in 0..h * w {
        if seen[start] || !live(start / w, start % w) {
            continue;
        }
        let (mut stack, mut size) = (vec![start], 0);
        seen[start] = true;
        while let Some(k) = stack.pop() {
            size += 1;
            let (r, c) = (k / w, k % w);
            let mut next = Vec::new();
            if r > 0 {
                next.push(k - w);
            }
            if r + 1 < h {
                next.push(k + w);
            }
            if c > 0 {
                next.push(k - 1);
            }
            if c + 1 < w {
                next.push(k + 1);
            }
            for n in next {
                if !seen[n] && live(n / w, n % w) {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        most = most.max(size);
    }
    most
}

#[test]
fn the_counting_bound_agrees_with_canonical_forms_wherever_it_decides() {
    let d = Domineering::new();
    let boards = small_boards(&d);
    // Boards where both players still have a move, where only the counts decide.
    let (mut open, mut decided) = (0, 0);
    for b in &boards {
        let grid = search::Grid::of(b);
        for p in [Player::Left, Player::Right] {
            let node = grid.node(b, p);
            let Some(wins) = grid.decided(&node) else {
                continue;
            };
            assert_eq!(wins, d.wins(b, p).unwrap(), "{b} with {p:?} to move");
            if !d.moves(b, p).is_empty() && !d.moves(b, p.opponent()).is_empty() {
                decided += 1;
            }
        }
        if !d.moves(b, Player::Left).is_empty() && !d.moves(b, Player::Right).is_empty() {
            open += 2;
        }
    }
    // The bound decides many of the boards where both can still move.
    assert!(decided > 1000 && decided < open, "{decided} of {open}");
}

/// Boards met in play on bigger shapes: from the empty board of each of `shapes`,
/// `count` games of random dominoes, each player in turn, cut after 2 to 9 moves.
fn played(d: &Domineering, shapes: &[(u8, u8)], count: usize) -> Vec<Board> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::new();
    for &(rows, cols) in shapes {
        for _ in 0..count {
            let mut b = Board::empty(rows, cols).unwrap();
            let mut p = if next() % 2 == 0 {
                Player::Left
            } else {
                Player::Right
            };
            for _ in 0..2 + next() % 8 {
                let moves = d.moves(&b, p);
                if moves.is_empty() {
                    break;
                }
                b = d.play(&b, &moves[(next() % moves.len() as u64) as usize]);
                p = p.opponent();
            }
            out.push(b);
        }
    }
    out
}

#[test]
fn the_counting_bound_agrees_with_canonical_forms_on_boards_met_in_play_up_to_6x6() {
    // Protective areas, their margins and vulnerable placements in numbers the
    // small boards cannot hold; wherever the canonical-form engine values the
    // board within its budget (most of these).
    let d = Domineering::new();
    let (mut checked, mut decided) = (0, 0);
    for b in played(&d, &[(5, 5), (4, 6), (6, 4), (4, 7), (7, 4)], 300) {
        if d.value(&b).is_err() {
            continue;
        }
        checked += 1;
        let grid = search::Grid::of(&b);
        for p in [Player::Left, Player::Right] {
            if let Some(wins) = grid.decided(&grid.node(&b, p)) {
                assert_eq!(wins, d.wins(&b, p).unwrap(), "{b} with {p:?} to move");
                decided += 1;
            }
        }
    }
    assert!(
        checked >= 600 && decided >= 100,
        "{decided} decided of {checked}"
    );
}

#[test]
fn the_bound_by_cells_decides_boards_the_count_of_moves_leaves_open() {
    // Boards the bound by moves alone left undecided (found by comparing it with the
    // bound by cells on random 4×4 boards): the mover wins each.
    let d = Domineering::new();
    for (text, p) in [
        (".#..|....|.#..|#..#", Player::Left),
        (".#..|..#.|##.#|....", Player::Right),
        ("..##|....|....|#.##", Player::Left),
        ("#...|..##|.##.|#...", Player::Right),
    ] {
        let b: Board = text.parse().unwrap();
        let grid = search::Grid::of(&b);
        assert_eq!(grid.decided(&grid.node(&b, p)), Some(true), "{text}");
        assert!(d.wins(&b, p).unwrap(), "{text}");
    }
}

#[test]
fn the_search_knows_the_outcomes_of_the_square_boards_up_to_7x7() {
    use grundy_engine::engine::search::Limits;
    // 2×2 N, 3×3 N, 4×4 N, 5×5 P, 6×6 N, 7×7 N (Lessons in Play; Breuker et al.).
    for (side, first_wins) in [
        (2, true),
        (3, true),
        (4, true),
        (5, false),
        (6, true),
        (7, true),
    ] {
        let grid = search::Grid::new(side, side).unwrap();
        let empty = (1u128 << (side * side)) - 1;
        let o = search::outcome(&grid, empty, Limits::default()).unwrap();
        assert_eq!(
            (o.left_first, o.right_first),
            (first_wins, first_wins),
            "{side}×{side}"
        );
    }
    assert!(search::Grid::new(12, 11).is_none());
    assert!(search::Grid::new(0, 3).is_none());
    assert!(search::Grid::new(11, 11).is_some());
    // Two rows of 64 columns or more would shift a board past its 128-bit word.
    assert!(search::Grid::new(1, 64).is_none());
    assert!(search::Grid::new(2, 63).is_some());
}

/// Boards wider than 8 or taller than 8 (the shapes of the 64-bit frame of the other
/// grid games cannot hold), with a sample of filled cells: `count` boards of each
/// shape of `shapes`, each cell filled with probability about 1/4 (`dense`) or 1/2,
/// and the empty board of the shape with `dense`.
fn past_the_frame(shapes: &[(u8, u8)], count: usize, dense: bool) -> Vec<Board> {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = Vec::new();
    for &(rows, cols) in shapes {
        let full = Board::empty(rows, cols).unwrap();
        if dense {
            out.push(full);
        }
        for _ in 0..count {
            let mask = u128::from(next()) << 64 | u128::from(next());
            let more = u128::from(next()) << 64 | u128::from(next());
            out.push(full.restricted(if dense { mask | more } else { mask }));
        }
    }
    out
}

#[test]
fn boards_past_eight_in_a_row_split_turn_and_search_as_the_plain_engine_says() {
    let with = Domineering::new();
    let without = Domineering::with_hooks(false, false);
    // Small enough for the engine without its hooks: the regions and the eight
    // images (transposition swaps the players) change no value.
    for b in past_the_frame(
        &[(1, 13), (13, 1), (2, 9), (9, 2), (2, 10), (10, 2)],
        25,
        true,
    ) {
        let value = with.value(&b).unwrap();
        assert_eq!(value, without.value(&b).unwrap(), "{b}");
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
    }
    // Bigger: the search against canonical forms, each player first, and its
    // winning move, wherever the canonical-form engine values the board within its
    // budget (most of these); boards of more than 64 cells (5×13, 13×5, 9×8) are
    // searched in 128-bit words, the others in 64-bit ones.
    let mut checked = 0;
    let shapes = [
        (3, 9),
        (9, 3),
        (2, 12),
        (12, 2),
        (4, 10),
        (5, 13),
        (13, 5),
        (9, 8),
    ];
    for b in past_the_frame(&shapes, 25, false) {
        if with.value(&b).is_err() {
            continue;
        }
        checked += 1;
        for (p, (wins, best)) in [Player::Left, Player::Right].into_iter().zip(searched(&b)) {
            assert_eq!(wins, with.wins(&b, p).unwrap(), "{b} with {p:?} to move");
            if let Some(mv) = best {
                assert!(with.moves(&b, p).contains(&mv), "{b}: {mv}");
                assert!(
                    !with.wins(&with.play(&b, &mv), p.opponent()).unwrap(),
                    "{b}: {mv}"
                );
            }
        }
    }
    assert!(checked >= 100, "{checked} boards checked");
}
