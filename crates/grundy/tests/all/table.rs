//! The table game (TABGAME): the closed forms checked against the exhaustive engine on
//! every small table (through the registry's verify), against an independent dynamic
//! programme on large random ones, and the analysis, notation and judge sample.

use grundy::analysis::{analyze, Analysis};
use grundy::engine::ImpartialSolver;
use grundy::game::Player;
use grundy::registry::{build, Params};
use grundy::rules::table::{
    render_win_table, Cell, Reduction, Table, TableGame, TableMove, TableNimbers, TablePosition,
    TableSolver,
};
use grundy::{Game, Impartial, Nimber, Outcome};
use proptest::prelude::*;

/// The analysis of `pos` through the ruleset.
fn analysis(pos: &TablePosition) -> Analysis {
    analyze(&TableGame, pos, Player::Left, usize::MAX).expect("the table has a closed form")
}

/// The analysis of a position written in notation.
fn analysis_of(text: &str) -> Analysis {
    analysis(&text.parse().unwrap())
}

// ---------------------------------------------------------------------------------
// An independent checker: the whole win table and nimber table, cell by cell.
// ---------------------------------------------------------------------------------

/// The full tables by the definition, O(N·M): `win[x][y]` and `nim[x][y]`.
struct Dp {
    win: Vec<Vec<bool>>,
    nim: Vec<Vec<u128>>,
}

impl Dp {
    fn new(top: &str, left: &str) -> Dp {
        let (top, left) = (top.as_bytes(), left.as_bytes());
        let (n, m) = (left.len(), top.len());
        let mut win = vec![vec![false; m + 1]; n + 1];
        let mut nim = vec![vec![0u128; m + 1]; n + 1];
        for y in 1..=m {
            win[0][y] = top[y - 1] == b'1';
            nim[0][y] = u128::from(win[0][y]);
        }
        for x in 1..=n {
            win[x][0] = left[x - 1] == b'1';
            nim[x][0] = u128::from(win[x][0]);
        }
        for x in 1..=n {
            for y in 1..=m {
                win[x][y] = !win[x - 1][y] || !win[x][y - 1];
                let (a, b) = (nim[x - 1][y], nim[x][y - 1]);
                nim[x][y] = (0..).find(|v| *v != a && *v != b).unwrap();
            }
        }
        Dp { win, nim }
    }
}

/// The cells of a table, boundary and corner included.
fn cells(n: usize, m: usize) -> impl Iterator<Item = Cell> {
    (0..=n).flat_map(move |x| (0..=m).map(move |y| Cell { x, y }))
}

/// `bits` as a string of `len` digits, lowest bit first.
fn digits(bits: u64, len: usize) -> String {
    (0..len)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// Every boundary string of every length in `1..=max`.
fn all_strings(max: usize) -> impl Iterator<Item = String> + Clone {
    (1..=max).flat_map(|len| (0..1u64 << len).map(move |bits| digits(bits, len)))
}

/// A deterministic generator (SplitMix64) for reproducible random tables.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

// ---------------------------------------------------------------------------------
// Against the exhaustive engine.
// ---------------------------------------------------------------------------------

/// One table as the exhaustive engine sees it: the stone's cell, moved up or left, the
/// boundary deciding.
struct OneTable<'t>(&'t Table);

impl Game for OneTable<'_> {
    type Position = Cell;
    type Move = TableMove;

    fn play(&self, pos: &Cell, mv: &TableMove) -> Cell {
        self.0.after(pos, mv)
    }

    fn decided(&self, pos: &Cell, _: Player) -> Option<bool> {
        self.0.boundary_wins(*pos)
    }
}

impl Impartial for OneTable<'_> {
    fn moves(&self, pos: &Cell) -> Vec<TableMove> {
        self.0.legal_moves(pos)
    }
}

/// Every cell of `top/left` (boundary and corner included): the closed-form outcome,
/// winning moves and nimber equal the engine's. One engine per table.
fn check_against_engine(top: &str, left: &str) {
    let table = Table::new(top, left).unwrap();
    let solver = TableSolver::new(&table);
    let nimbers = TableNimbers::new(&table);
    let one = OneTable(&table);
    let mut engine = ImpartialSolver::new(&one);
    for cell in cells(table.rows(), table.columns()) {
        let context = || format!("{top}/{left}@{cell}");
        assert_eq!(
            solver.wins(cell.x, cell.y),
            engine.to_move_wins(&cell),
            "wins, {}",
            context()
        );
        assert_eq!(
            solver.winning_moves(cell),
            engine.winning_moves(&cell),
            "winning moves, {}",
            context()
        );
        assert_eq!(
            nimbers.nimber(cell),
            engine.grundy(&cell),
            "nimber, {}",
            context()
        );
    }
}

/// `grundy verify table --max-size 6`: every cell but the corner of every table up to
/// 6 x 6 with every pair of boundary strings, its nimber and winning moves against
/// the memoised engine.
#[test]
fn every_table_up_to_6_by_6_agrees_with_the_engine() {
    let report = build("table", &Params::new())
        .unwrap()
        .verify(6, &())
        .unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.name, "table");
    assert_eq!(report.size_unit, "rows or columns");
    assert_eq!(report.sizes, 1..7);
    let cells: u64 = (1..=6u32)
        .flat_map(|n| (1..=6u32).map(move |m| (n, m)))
        .map(|(n, m)| (1u64 << (n + m)) * u64::from((n + 1) * (m + 1) - 1))
        .sum();
    assert_eq!(report.positions, cells);
}

#[test]
fn random_tables_up_to_12_by_12_agree_with_the_engine() {
    let mut rng = SplitMix(0x7ab1e);
    for _ in 0..3000 {
        let n = 1 + rng.below(12);
        let m = 1 + rng.below(12);
        let top = digits(rng.next(), m);
        let left = digits(rng.next(), n);
        check_against_engine(&top, &left);
    }
}

#[test]
fn the_analysis_agrees_with_the_engine_up_to_4_by_4() {
    for top in all_strings(4) {
        for left in all_strings(4) {
            let table = Table::new(&top, &left).unwrap();
            let one = OneTable(&table);
            let mut engine = ImpartialSolver::new(&one);
            for cell in cells(table.rows(), table.columns()).skip(1) {
                let pos = TablePosition::new(table.clone(), cell).unwrap();
                let a = analysis(&pos);
                let value = engine.grundy(&cell);
                assert_eq!(a.position, pos.to_string());
                assert_eq!(a.to_move_wins, value.to_move_wins(), "{pos}");
                let outcome = if value.to_move_wins() {
                    Outcome::N
                } else {
                    Outcome::P
                };
                assert_eq!(a.outcome, Some(outcome), "{pos}");
                assert_eq!(a.value.unwrap().as_nimber(), Some(value), "{pos}");
                let expected: Vec<(String, String)> = engine
                    .winning_moves(&cell)
                    .into_iter()
                    .map(|mv| (mv.to_string(), pos.after(mv).to_string()))
                    .collect();
                let found: Vec<(String, String)> = a
                    .winning_moves
                    .iter()
                    .map(|r| (r.mv.clone(), r.after.clone()))
                    .collect();
                assert_eq!(found, expected, "{pos}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Against the dynamic programme, exhaustively and beyond.
// ---------------------------------------------------------------------------------

#[test]
fn every_table_up_to_8_by_8_agrees_with_the_dp() {
    for top in all_strings(8) {
        for left in all_strings(8) {
            let table = Table::new(&top, &left).unwrap();
            let solver = TableSolver::from_digits(top.as_bytes(), left.as_bytes());
            let nimbers = TableNimbers::new(&table);
            let dp = Dp::new(&top, &left);
            for cell in cells(left.len(), top.len()) {
                assert_eq!(
                    solver.wins(cell.x, cell.y),
                    dp.win[cell.x][cell.y],
                    "{top}/{left}@{cell}"
                );
                assert_eq!(nimbers.nimber(cell), Nimber(dp.nim[cell.x][cell.y]));
            }
        }
    }
}

/// A boundary string of length 1..=max; each draws its own density of `1`s, so long
/// runs of one digit come up as often as mixed strings.
fn boundary(max: usize) -> impl Strategy<Value = String> {
    (0.0..=1.0f64).prop_flat_map(move |p| {
        proptest::collection::vec(proptest::bool::weighted(p), 1..=max)
            .prop_map(|bits| bits.iter().map(|&b| if b { '1' } else { '0' }).collect())
    })
}

/// A position on a table of up to `max`×`max`: any cell but the corner.
fn position(max: usize) -> impl Strategy<Value = TablePosition> {
    (boundary(max), boundary(max)).prop_flat_map(|(top, left)| {
        let table = Table::new(&top, &left).unwrap();
        let (n, m) = (table.rows(), table.columns());
        (Just(table), 0..=n, 0..=m)
            .prop_filter("the corner is no position", |(_, x, y)| (*x, *y) != (0, 0))
            .prop_map(|(table, x, y)| TablePosition::new(table, Cell { x, y }).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_closed_form_agrees_with_the_dp_on_every_cell(top in boundary(300), left in boundary(300)) {
        let table = Table::new(&top, &left).unwrap();
        let solver = TableSolver::from_digits(top.as_bytes(), left.as_bytes());
        let nimbers = TableNimbers::new(&table);
        let dp = Dp::new(&top, &left);
        for cell in cells(left.len(), top.len()) {
            prop_assert_eq!(solver.wins(cell.x, cell.y), dp.win[cell.x][cell.y], "{}", cell);
            prop_assert_eq!(nimbers.nimber(cell), Nimber(dp.nim[cell.x][cell.y]), "{}", cell);
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_lost_cells(top in boundary(300), left in boundary(300)) {
        let table = Table::new(&top, &left).unwrap();
        let solver = TableSolver::new(&table);
        let dp = Dp::new(&top, &left);
        for cell in cells(table.rows(), table.columns()) {
            let winning = solver.winning_moves(cell);
            for mv in table.legal_moves(&cell) {
                let after = table.after(&cell, &mv);
                // After a winning move the opponent loses; any other move hands the
                // opponent a win.
                prop_assert_eq!(winning.contains(&mv), !dp.win[after.x][after.y], "{} {}", cell, mv);
            }
            // On the boundary the game is over: there is no move, winning or not.
            let inside = cell.x > 0 && cell.y > 0;
            prop_assert_eq!(!winning.is_empty(), inside && dp.win[cell.x][cell.y], "{}", cell);
        }
    }

    #[test]
    fn from_a_lost_cell_every_move_reaches_a_won_cell(pos in position(300)) {
        let solver = TableSolver::new(pos.table());
        let cell = pos.cell();
        if !solver.wins(cell.x, cell.y) {
            prop_assert!(solver.winning_moves(cell).is_empty());
            for mv in pos.table().legal_moves(&cell) {
                let after = pos.table().after(&cell, &mv);
                prop_assert!(solver.wins(after.x, after.y), "{} {}", pos, mv);
            }
        }
    }

    #[test]
    fn after_a_winning_move_the_opponent_loses(pos in position(300)) {
        let a = analysis(&pos);
        let Cell { x, y } = pos.cell();
        let dp = Dp::new(&pos.table().top_string(), &pos.table().left_string());
        prop_assert_eq!(a.to_move_wins, dp.win[x][y]);
        prop_assert_eq!(a.value.unwrap().as_nimber(), Some(Nimber(dp.nim[x][y])));
        // On the boundary the game is over: no move, won or lost by the digit.
        prop_assert_eq!(a.to_move_wins && !pos.on_boundary(), !a.winning_moves.is_empty());
        prop_assert_eq!(a.winning_move_count, Some(a.winning_moves.len() as u128));
        for report in &a.winning_moves {
            let after: TablePosition = report.after.parse().unwrap();
            prop_assert_eq!(after.table(), pos.table());
            let c = after.cell();
            prop_assert!(!dp.win[c.x][c.y], "{} then {}", pos, report.mv);
            prop_assert!(!analysis(&after).to_move_wins);
        }
    }

    #[test]
    fn the_reduction_goes_back_along_the_diagonal(pos in position(300)) {
        let r = Reduction::new(&pos);
        let dp = Dp::new(&pos.table().top_string(), &pos.table().left_string());
        let Cell { x, y } = pos.cell();
        prop_assert_eq!((r.n, r.m), (pos.table().rows(), pos.table().columns()));
        prop_assert_eq!(r.reduced, Cell { x: x - r.steps_back, y: y - r.steps_back });
        prop_assert!(r.reduced.x.min(r.reduced.y) <= 3);
        prop_assert!(r.steps_back == 0 || r.reduced.x.min(r.reduced.y) == 3);
        prop_assert_eq!(dp.win[r.reduced.x][r.reduced.y], dp.win[x][y]);
        prop_assert_eq!(dp.nim[r.reduced.x][r.reduced.y], dp.nim[x][y]);
        prop_assert_eq!(r.to_move_wins, dp.win[x][y]);
        prop_assert_eq!(r.nimber, Nimber(dp.nim[x][y]));
        if let (Some(up), Some(left)) = (r.up, r.left) {
            prop_assert_eq!(up.cell, Cell { x: x - 1, y });
            prop_assert_eq!(left.cell, Cell { x, y: y - 1 });
            prop_assert_eq!(up.to_move_wins, dp.win[x - 1][y]);
            prop_assert_eq!(left.to_move_wins, dp.win[x][y - 1]);
            prop_assert_eq!(r.to_move_wins, !up.to_move_wins || !left.to_move_wins);
        } else {
            prop_assert!(r.boundary && (x == 0 || y == 0));
        }
    }

    #[test]
    fn notation_round_trips(pos in position(300)) {
        let text = pos.to_string();
        prop_assert_eq!(text.parse::<TablePosition>().unwrap(), pos);
    }
}

// ---------------------------------------------------------------------------------
// The judge's sample, worked examples and notation errors.
// ---------------------------------------------------------------------------------

#[test]
fn tabgame_sample() {
    // Top string (length M) first, then the left string (length N), as in the input.
    let solver = TableSolver::from_digits(b"101", b"01");
    let queries = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)];
    let answer = |wins: &dyn Fn(usize, usize) -> bool| -> String {
        queries
            .iter()
            .map(|&(x, y)| if wins(x, y) { '1' } else { '0' })
            .collect()
    };
    assert_eq!(answer(&|x, y| solver.wins(x, y)), "110011");
    assert_eq!(
        answer(&|x, y| analysis_of(&format!("101/01@{x},{y}")).to_move_wins),
        "110011"
    );
}

/// `position => outcome value [winning moves]`, checked by hand on the win table.
macro_rules! analyses {
    ($($pos:literal => $outcome:ident $value:literal [$($mv:literal),*];)*) => {
        #[test]
        fn worked_analyses() {
            $(
                let a = analysis_of($pos);
                assert_eq!(a.game, "table");
                assert_eq!(a.parameters, "");
                assert_eq!(a.to_move, "first player");
                assert_eq!(a.outcome, Some(Outcome::$outcome), "{}", $pos);
                assert_eq!(a.value.unwrap().to_string(), $value, "{}", $pos);
                let moves: Vec<&str> = a.winning_moves.iter().map(|r| r.mv.as_str()).collect();
                let expected: &[&str] = &[$($mv),*];
                assert_eq!(moves, expected, "{}", $pos);
            )*
        }
    };
}

analyses! {
    // The sample's table:   x\y  0  1  2  3
    //                         0  .  W  L  W
    //                         1  L  W  W  L
    //                         2  W  L  W  W
    "101/01@1,1" => N "*2" ["left"];
    "101/01@1,2" => N "*" ["up"];
    "101/01@1,3" => P "0" [];
    "101/01@2,1" => P "0" [];
    "101/01@2,2" => N "*2" ["left"];
    "101/01@2,3" => N "*" ["up"];
    // Boundary cells: the game is over, with no move; a cell marked 1 is won for the
    // player to move and counts as *.
    "101/01@0,1" => N "*" [];
    "101/01@0,2" => P "0" [];
    "101/01@2,0" => N "*" [];
    // All zeros: every move into the boundary wins, so row 1 and column 1 are W.
    "000/000@1,1" => N "*" ["up", "left"];
    "000/000@2,2" => P "0" [];
    "000/000@3,3" => P "0" [];
    "00000000/00000000@8,8" => P "0" [];
    // All ones: a move into the boundary loses, so (1, 1) is lost.
    "11111/11111@1,1" => P "0" [];
    "11111/11111@5,5" => P "0" [];
    "11111/11111@1,2" => N "*2" ["left"];
}

#[test]
fn the_sample_win_table() {
    let solver = TableSolver::from_digits(b"101", b"01");
    assert_eq!(
        render_win_table(&solver, Some(Cell { x: 1, y: 3 })),
        [
            r"x\y  0  1  2  3",
            "  0  .  W  L  W",
            "  1  L  W  W [L]",
            "  2  W  L  W  W",
        ]
    );
}

#[test]
fn the_win_table_shows_at_most_8_rows_and_columns() {
    let solver = TableSolver::from_digits(&[b'0'; 20], &[b'0'; 30]);
    let lines = render_win_table(&solver, Some(Cell { x: 20, y: 20 }));
    assert_eq!(lines.len(), 1 + 9);
    assert_eq!(lines[0], r"x\y  0  1  2  3  4  5  6  7  8");
    // Row 1 is all W (every move into the top wins); then losses spread diagonally.
    assert_eq!(lines[2], "  1  L  W  W  W  W  W  W  W  W");
    assert!(lines.iter().all(|l| !l.contains('[')));
}

#[test]
fn the_explanation_names_the_reduced_cell() {
    let a = analysis_of("0000000000/00000000000@9,7");
    assert!(
        a.explanation
            .iter()
            .any(|l| l.contains("(9, 7) goes 4 steps back to (5, 3) on column 3")),
        "{:#?}",
        a.explanation
    );
    assert_eq!(a.reduction["reduced"]["x"], 5);
    assert_eq!(a.reduction["steps_back"], 4);
    // A table this large gets no win table in its explanation.
    assert!(!a.explanation.iter().any(|l| l.starts_with(r"x\y")));
    let small = analysis_of("101/01@2,3");
    assert!(small.explanation.iter().any(|l| l == "  2  W  L  W [W]"));
}

#[test]
fn bad_notation_names_the_column_and_what_was_expected() {
    for (bad, column, expected) in [
        ("101/01@3,1", 8, "0 <= X <= 2 and 0 <= Y <= 3"),
        ("101/01@1,4", 10, "0 <= X <= 2 and 0 <= Y <= 3"),
        ("1x1/01@1,1", 2, "'0' or '1'"),
        ("101/0a@1,1", 6, "'0' or '1'"),
        ("101/01/1@1,1", 7, "'0' or '1'"),
        ("101/01@1", 9, "',' and the column Y"),
        ("101/01@,1", 8, "a row number X"),
        ("101/01@1,", 10, "a column number Y"),
        ("101/01@1,-1", 10, "a column number Y"),
        ("101/01@99999999999999999999999,1", 8, "a row number X"),
        ("101/01", 7, "'@' and the cell"),
        ("101", 4, "'0', '1' or '/'"),
        ("/01@1,1", 1, "a boundary string"),
        ("101/@1,1", 5, "a boundary string"),
        ("101@1,1/01", 4, "'/' before '@'"),
        ("", 1, "'0', '1' or '/'"),
        ("101/01@0,0", 8, "a cell other than the corner"),
    ] {
        let err = bad.parse::<TablePosition>().unwrap_err();
        assert_eq!(err.column, column, "{bad}: {err}");
        assert!(err.expected.contains(expected), "{bad}: {err}");
    }
}

#[test]
fn moves_parse_by_name() {
    for (text, mv) in [
        ("up", TableMove::Up),
        ("u", TableMove::Up),
        ("left", TableMove::Left),
        ("l", TableMove::Left),
    ] {
        assert_eq!(text.parse::<TableMove>().unwrap(), mv);
        assert_eq!(mv.to_string().parse::<TableMove>().unwrap(), mv);
    }
    for bad in ["down", "claim", "", "Up"] {
        let err = bad.parse::<TableMove>().unwrap_err();
        assert_eq!(err.column, 1, "{bad}");
    }
}

#[test]
#[should_panic(expected = "off the 2×3 table")]
fn a_cell_off_the_table_has_no_moves_to_find() {
    TableSolver::from_digits(b"101", b"01").winning_moves(Cell { x: 3, y: 1 });
}
