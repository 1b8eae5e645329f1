//! Tests of `grundy_games::rules::domineering`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::domineering::*;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["..#|...|...", ".", "#", "........|........", ".#.#|#.#."] {
        let b: Board = text.parse().unwrap();
        assert_eq!(b.to_string(), text);
    }
    let err = |t: &str| t.parse::<Board>().unwrap_err();
    assert_eq!(err("").column, 1);
    assert_eq!(err("..x").column, 3);
    assert_eq!(err("...|..").column, 7);
    assert_eq!(err("..|...").column, 6);
    assert_eq!(err(".........").column, 9);
    assert_eq!(err(".|.|.|.|.|.|.|.|.").column, 17);
    assert_eq!(err("..||..").column, 4);
    for (text, row, col, vertical) in [("b1-b2", 0, 1, true), ("b2-b1", 0, 1, true)] {
        let d: Domino = text.parse().unwrap();
        assert_eq!(d, Domino { row, col, vertical });
    }
    assert_eq!("c3-b3".parse::<Domino>().unwrap().to_string(), "b3-c3");
    for bad in [
        "a1", "a1-b2", "a1-a3", "i1-i2", "a0-a1", "a9-a8", "A1-A2", "-",
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
}

#[test]
fn a_board_has_a_word_when_its_cells_reach_every_side_and_the_word_is_the_board() {
    let d = Domineering::new();
    let mut seen: std::collections::HashMap<u64, Board> = std::collections::HashMap::new();
    let mut with_words = 0;
    for rows in 1..=3u8 {
        for cols in 1..=4u8 {
            for pattern in 0u64..1 << (rows * cols) {
                let mut mask = 0u64;
                for k in 0..rows * cols {
                    if pattern >> k & 1 == 1 {
                        mask |= 1 << (8 * (k / cols) + k % cols);
                    }
                }
                let b = Board::empty(rows, cols).unwrap().restricted(mask);
                let reaches = |r: u8, c: u8| {
                    (0..rows).any(|i| b.is_empty(i, c)) && (0..cols).any(|j| b.is_empty(r, j))
                };
                let cropped = mask != 0 && reaches(0, 0) && reaches(rows - 1, cols - 1);
                let word = d.word(&b);
                assert_eq!(word.is_some(), cropped, "{b}");
                if let Some(w) = word {
                    with_words += 1;
                    assert_eq!(w, b.empty_cells());
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
}
