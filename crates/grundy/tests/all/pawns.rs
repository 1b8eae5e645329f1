//! The pawn ruleset: the closed form and the winning-move finder against the
//! exhaustive engine on every small board (through the registry's verify, and with
//! wrong closed forms planted to see it fail), properties on large boards, the
//! ADAPWNS sample, the analysis and the notation.

use grundy::analysis::{analyze, Analysis};
use grundy::engine::ImpartialSolver;
use grundy::game::Player;
use grundy::registry::{build, Params};
use grundy::rules::pawns::{Board, PawnMove, Pawns, MEMO_SQUARES};
use grundy::rules::{Found, NotationError};
use grundy::ruleset::AsImpartial;
use grundy::{Nimber, Outcome};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The analysis of `board`, every winning move listed.
fn analysis(rules: &Pawns, board: &Board) -> Analysis {
    analyze(rules, board, Player::Left, usize::MAX).expect("pawns have a closed form")
}

// ---------------------------------------------------------------------------------
// Exhaustive agreement with the engine.

/// `grundy verify pawns --step K --max-size N`: every board of every size up to
/// `max_len` squares, value and winning moves, against the memoised engine.
fn agree_with_engine(step: u32, max_len: usize) {
    let params = Params::new().with("step", &step.to_string());
    let report = build("pawns", &params)
        .unwrap()
        .verify(max_len, &())
        .unwrap();
    assert_eq!(report.mismatch, None, "step {step}");
    assert_eq!(report.name, format!("pawns (step {step})"));
    assert_eq!(report.sizes, 0..max_len + 1);
    assert_eq!(report.positions, (1 << (max_len + 1)) - 1);
}

macro_rules! exhaustive {
    ($($name:ident: step $k:literal, up to $n:literal squares;)*) => {$(
        #[test]
        fn $name() {
            agree_with_engine($k, $n);
        }
    )*};
}

exhaustive! {
    engine_agrees_step_1: step 1, up to 12 squares;
    engine_agrees_step_2: step 2, up to 14 squares;
    engine_agrees_step_3: step 3, up to 12 squares;
    engine_agrees_step_4: step 4, up to 12 squares;
}

/// Past [`MEMO_SQUARES`] the dense solver's table of wins and losses is the
/// exhaustive side, and the closed form still agrees with it.
#[test]
fn the_dense_table_takes_over_beyond_the_memo_sizes() {
    let report = build("pawns", &Params::new().with("step", "3"))
        .unwrap()
        .verify(MEMO_SQUARES + 1, &())
        .unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.positions, (1 << (MEMO_SQUARES + 2)) - 1);
    // The table says what the memoised engine says.
    let rules = Pawns::adapwns();
    let rules_game = AsImpartial(&rules);
    let size = MEMO_SQUARES + 1;
    let table = grundy::ruleset::RulesetExt::win_table(&rules, size)
        .expect("a dense table beyond the memo sizes");
    let positions = grundy::ruleset::RulesetExt::positions(&rules, size).unwrap();
    let mut solver = ImpartialSolver::new(&rules_game);
    for i in (0..positions.count).step_by(97) {
        let board = (positions.nth)(i);
        assert_eq!(table(&board), solver.to_move_wins(&board), "{board}");
    }
}

/// Wrong closed forms planted in the pawn game: verify must catch each.
mod planted {
    use grundy::game::Player;
    use grundy::rules::pawns::{Board, PawnMove, Pawns};
    use grundy::rules::NotationError;
    use grundy::ruleset::{
        nimber, AsImpartial, AsPartizan, Capabilities, ClosedForm, Kind, MoveError, Ruleset,
        Unsolved,
    };
    use grundy::values::Value;
    use grundy::verify::{verify, Mismatch, Report, RulesetCheck};

    /// The pawn game with a closed form planted in place of the library's, to see
    /// verify catch it.
    struct Planted {
        rules: Pawns,
        value: fn(&Pawns, &Board) -> u64,
        winning_moves: fn(&Pawns, &Board) -> Vec<PawnMove>,
    }

    impl Planted {
        fn new(rules: Pawns) -> Planted {
            Planted {
                rules,
                value: |rules, board| rules.nim_value(board.squares()),
                winning_moves: Pawns::winning_moves,
            }
        }

        fn verify(&self, max_size: usize) -> Report {
            let (imp, par) = (AsImpartial(self), AsPartizan(self));
            verify(&RulesetCheck::new(&imp, &par), max_size, &())
        }
    }

    impl Ruleset for Planted {
        type Position = Board;
        type Move = PawnMove;

        fn name(&self) -> &'static str {
            "pawns"
        }
        fn parameters(&self) -> String {
            self.rules.parameters()
        }
        fn kind(&self) -> Kind {
            Kind::Impartial
        }
        fn parse_position(&self, text: &str) -> Result<Board, NotationError> {
            self.rules.parse_position(text)
        }
        fn show_position(&self, pos: &Board) -> String {
            self.rules.show_position(pos)
        }
        fn parse_move(&self, pos: &Board, p: Player, text: &str) -> Result<PawnMove, MoveError> {
            Ruleset::parse_move(&self.rules, pos, p, text)
        }
        fn move_help(&self) -> String {
            self.rules.move_help()
        }
        fn moves(&self, pos: &Board, _: Player) -> Vec<PawnMove> {
            self.rules.legal_moves(pos)
        }
        fn play(&self, pos: &Board, mv: &PawnMove) -> Board {
            self.rules.after(pos, mv)
        }
        /// Pawns' capabilities, with the planted closed form.
        fn capabilities(&self) -> Capabilities<'_, Board, PawnMove> {
            Capabilities {
                closed_form: Some(self),
                ..self.rules.capabilities()
            }
        }
    }

    impl ClosedForm for Planted {
        fn value(&self, pos: &Board) -> Result<Value, Unsolved> {
            nimber(u128::from((self.value)(&self.rules, pos)))
        }
        fn winning_moves(&self, pos: &Board, _: Player) -> Result<Vec<PawnMove>, Unsolved> {
            Ok((self.winning_moves)(&self.rules, pos))
        }
    }

    #[test]
    fn the_library_form_planted_back_agrees() {
        let report = Planted::new(Pawns::adapwns()).verify(8);
        assert_eq!(report.mismatch, None);
        assert_eq!(report.positions, (1 << 9) - 1);
    }

    #[test]
    fn a_wrong_value_is_caught_at_the_first_board() {
        // Counting every pile instead of every other one from the right.
        let planted = Planted {
            value: |rules, board| {
                let m = u64::from(rules.step()) + 1;
                let (mut value, mut gap) = (0, 0);
                for &s in board.squares() {
                    if s == b'P' {
                        value ^= gap % m;
                        gap = 0;
                    } else {
                        gap += 1;
                    }
                }
                value
            },
            ..Planted::new(Pawns::adapwns())
        };
        let report = planted.verify(10);
        // Sizes 0..=2 agree (no board there has a gap before an uncounted pawn); of 3
        // squares the boards in order are ..., P.., .P., PP., ..P, P.P, .PP: `.PP` is the
        // first whose uncounted pawn has a gap before it.
        let c = report.mismatch.expect("the wrong value is caught");
        assert_eq!(c.size, 3);
        assert_eq!(
            c.mismatch,
            Mismatch::new(".PP (step 2)", "value 0", "value *")
        );
        assert_eq!(report.sizes, 0..4);
    }

    #[test]
    fn a_wrong_value_is_caught_by_the_dense_table() {
        // Right on every board of up to 14 squares, wrong on 15: the board full of pawns
        // is said to be won.
        let planted = Planted {
            value: |rules, board| {
                if board.len() == 15 && board.squares().iter().all(|&s| s == b'P') {
                    1
                } else {
                    rules.nim_value(board.squares())
                }
            },
            ..Planted::new(Pawns::adapwns())
        };
        let c = planted
            .verify(16)
            .mismatch
            .expect("the wrong value is caught");
        assert_eq!(c.size, 15);
        assert_eq!(
            c.mismatch,
            Mismatch::new(
                "PPPPPPPPPPPPPPP (step 2)",
                "value 0 (the player to move loses)",
                "value *"
            )
        );
    }

    #[test]
    fn a_wrong_move_finder_is_caught() {
        // Only the last pawn's moves are considered.
        let planted = Planted {
            winning_moves: |rules, board| {
                let last = board.squares().iter().rposition(|&s| s == b'P');
                rules
                    .winning_moves(board)
                    .into_iter()
                    .filter(|m| Some(m.from) == last)
                    .collect()
            },
            ..Planted::new(Pawns::adapwns())
        };
        let c = planted
            .verify(10)
            .mismatch
            .expect("the missing moves are caught");
        // Up to 3 squares and on 4 squares up to `PP.P`, every winning move is the last
        // pawn's; `.PPP` (value *: the third pawn from the right has a pile of one) is
        // won only by 2-1.
        assert_eq!(c.size, 4);
        assert_eq!(
            c.mismatch,
            Mismatch::new(".PPP (step 2)", "winning moves 2-1", "winning moves none")
        );
    }

    #[test]
    fn a_wrong_move_finder_is_caught_by_the_dense_table() {
        // Right up to 14 squares; on 15 it forgets every move of the first pawn.
        let planted = Planted {
            winning_moves: |rules, board| {
                let first = board.squares().iter().position(|&s| s == b'P');
                rules
                    .winning_moves(board)
                    .into_iter()
                    .filter(|m| board.len() < 15 || Some(m.from) != first)
                    .collect()
            },
            ..Planted::new(Pawns::adapwns())
        };
        let c = planted
            .verify(15)
            .mismatch
            .expect("the missing moves are caught");
        assert_eq!(c.size, 15);
        assert!(c.mismatch.found.starts_with("winning moves"), "{c:?}");
        assert_ne!(c.mismatch.expected, c.mismatch.found);
    }
}

// ---------------------------------------------------------------------------------
// Worked examples.

/// (step, board, value, winning moves), each worked out by hand from the piles.
const WORKED: &[(u32, &str, &str, &[&str])] = &[
    (2, "", "0", &[]),
    (2, "...", "0", &[]),
    (2, "PP", "0", &[]),
    (2, "..P.P", "*", &["3-1", "5-4"]),
    (2, ".P.P", "*", &["4-3"]),
    (2, "....P", "*", &["5-4"]),
    (2, "P...P", "0", &[]),
    (2, "P.P..P", "*2", &["3-2", "6-4"]),
    (2, "...P..P.P", "*", &["4-2", "7-5", "9-8"]),
    (1, "P..P", "0", &[]),
    (1, "..P..P", "0", &[]),
    (3, ".P...P", "*3", &["2-1", "6-3"]),
    (4, "P....P", "*4", &["6-2"]),
];

#[test]
fn worked_examples() {
    for &(step, board, value, moves) in WORKED {
        let rules = Pawns::new(step).unwrap();
        let board: Board = board.parse().unwrap();
        assert_eq!(rules.reduce(&board).value().to_string(), value, "{board}");
        let found: Vec<String> = rules
            .winning_moves(&board)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(found, moves, "step {step}, {board}");
    }
}

#[test]
fn adapwns_sample_first_player_wins() {
    // input `..P.P`, expected output `Yes`.
    let rules = Pawns::adapwns();
    assert_ne!(rules.nim_value(b"..P.P"), 0);
    let analysis = analysis(&rules, &"..P.P".parse().unwrap());
    assert!(analysis.to_move_wins);
    assert_eq!(analysis.outcome, Some(Outcome::N));
}

// ---------------------------------------------------------------------------------
// The analysis.

#[test]
fn analysis_of_a_first_player_win() {
    let a = analysis(&Pawns::adapwns(), &"..P.P".parse().unwrap());
    assert_eq!(a.game, "pawns");
    assert_eq!(a.parameters, "step 2");
    assert_eq!(a.position, "..P.P");
    assert_eq!(a.to_move, "first player");
    assert!(a.to_move_wins);
    assert_eq!(a.other_to_move_wins, None);
    assert_eq!(a.outcome, Some(Outcome::N));
    assert_eq!(a.value.unwrap().to_string(), "*");
    assert_eq!(
        a.reduction,
        serde_json::json!({
            "step": 2,
            "modulus": 3,
            "piles": [
                {"square": 3, "stones": 2, "counted": false, "residue": 2},
                {"square": 5, "stones": 1, "counted": true, "residue": 1},
            ],
            "xor": 1,
        })
    );
    let moves: Vec<(&str, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(moves, [("3-1", "P...P"), ("5-4", "..PP.")]);
    assert_eq!(
        a.explanation,
        [
            "A move takes one pawn one or two squares to the left, never onto or over \
             another pawn; the player who cannot move loses.",
            "Give each pawn a pile of stones: the empty squares just left of it, up to the \
             previous pawn or the edge. From left to right the piles are 2 (pawn on \
             square 3) and 1 (pawn on square 5).",
            "Moving a pawn d squares takes d stones from its pile and puts them on the pile \
             of the next pawn to the right; the last pawn's stones leave the game. This is \
             staircase Nim in which a move carries one or two stones.",
            "Counting from the last pawn, only the 1st, 3rd, 5th, ... piles count: here the \
             pile of the pawn on square 5. Stones moved from an uncounted pile land on a \
             counted one, and the opponent can carry the same stones on to the next \
             uncounted pile (or off the board), so the uncounted piles never decide who \
             wins.",
            "A counted pile of s stones is worth s mod 3, like a heap from which a move \
             removes one or two stones: 1 mod 3 = 1 (square 5).",
            "The value is the XOR of the counted residues: 1, so the position is *.",
            "The XOR is not 0, so the first player wins by moving to a position whose XOR \
             is 0. Every move changes exactly one counted pile, so a winning move gives \
             that pile the residue that cancels the XOR. There are 2 winning moves:",
            "3-1: the pawn on square 3 moves 2 squares; its own pile does not count, but \
             the counted pile of the pawn on square 5 grows from 1 to 3 stones, residue 1 \
             to 0, and the XOR becomes 0.",
            "5-4: the pawn on square 5 moves 1 square; its counted pile goes from 1 to 0 \
             stones, residue 1 to 0, and the XOR becomes 0.",
        ]
    );
}

#[test]
fn analysis_of_a_second_player_win() {
    let a = analysis(&Pawns::new(3).unwrap(), &"P.P...P.P".parse().unwrap());
    assert!(!a.to_move_wins);
    assert_eq!(a.outcome, Some(Outcome::P));
    assert_eq!(a.value.unwrap().to_string(), "0");
    assert!(a.winning_moves.is_empty());
    assert_eq!(
        a.explanation[1..],
        [
            "Give each pawn a pile of stones: the empty squares just left of it, up to the \
             previous pawn or the edge. From left to right the piles are 0 (pawn on \
             square 1), 1 (pawn on square 3), 3 (pawn on square 7) and 1 (pawn on square 9).",
            "Moving a pawn d squares takes d stones from its pile and puts them on the pile \
             of the next pawn to the right; the last pawn's stones leave the game. This is \
             staircase Nim in which a move carries 1 to 3 stones.",
            "Counting from the last pawn, only the 1st, 3rd, 5th, ... piles count: here the \
             piles of the pawns on square 3 and square 9. Stones moved from an uncounted \
             pile land on a counted one, and the opponent can carry the same stones on to \
             the next uncounted pile (or off the board), so the uncounted piles never \
             decide who wins.",
            "A counted pile of s stones is worth s mod 4, like a heap from which a move \
             removes 1 to 3 stones: 1 mod 4 = 1 (square 3) and 1 mod 4 = 1 (square 9).",
            "The value is the XOR of the counted residues: 1 XOR 1 = 0, so the position is 0.",
            "The XOR is 0, so the first player loses: every move changes the residue of \
             exactly one counted pile, which makes the XOR non-zero, and the second player \
             can always answer with a move that brings it back to 0.",
        ]
    );
}

#[test]
fn analysis_without_pawns() {
    let a = analysis(&Pawns::new(1).unwrap(), &"...".parse().unwrap());
    assert_eq!(a.outcome, Some(Outcome::P));
    assert_eq!(a.value.unwrap().to_string(), "0");
    assert_eq!(
        a.explanation[1],
        "There are no pawns, so the first player has no move and loses: the value is 0."
    );
}

// ---------------------------------------------------------------------------------
// Notation.

#[test]
fn bad_boards_name_the_column() {
    // (text, column, found)
    let cases: &[(&str, usize, Found)] = &[
        ("..X", 3, Found::Char('X')),
        ("p", 1, Found::Char('p')),
        (".P P", 3, Found::Char(' ')),
        ("..é.", 3, Found::Char('é')),
        ("PP\n", 3, Found::Char('\n')),
    ];
    for (text, column, found) in cases {
        let err = text.parse::<Board>().unwrap_err();
        assert_eq!(
            err,
            NotationError::new(*column, "'.' or 'P'", found.clone()),
            "{text:?}"
        );
    }
    assert_eq!(
        "..X".parse::<Board>().unwrap_err().to_string(),
        "character 3: expected '.' or 'P', found 'X'"
    );
}

#[test]
fn bad_moves_name_the_column() {
    let number = "a square number from 1";
    let dash = "'-' between two square numbers, as in 5-4";
    let text = |s: &str| Found::Text(s.to_owned());
    // (text, column, expected, found)
    let cases: &[(&str, usize, &str, Found)] = &[
        ("", 1, number, Found::End),
        ("5", 2, dash, Found::End),
        ("5 4", 2, dash, Found::Char(' ')),
        ("5-", 3, number, Found::End),
        ("-4", 1, number, Found::Char('-')),
        ("+5-4", 1, number, Found::Char('+')),
        ("0-1", 1, number, text("0")),
        ("5-0", 3, number, text("0")),
        (
            "99999999999999999999999-1",
            1,
            number,
            text("99999999999999999999999"),
        ),
        ("5-4x", 4, "the end of the move", Found::Char('x')),
        ("12-3é", 5, "the end of the move", Found::Char('é')),
        ("4-5", 3, "a square left of 4", text("5")),
        ("4-4", 3, "a square left of 4", text("4")),
    ];
    for (s, column, expected, found) in cases {
        let err = s.parse::<PawnMove>().unwrap_err();
        assert_eq!(
            err,
            NotationError::new(*column, *expected, found.clone()),
            "{s:?}"
        );
    }
    assert_eq!(
        "5-".parse::<PawnMove>().unwrap_err().to_string(),
        "character 3: expected a square number from 1, found the end"
    );
}

#[test]
fn good_moves_parse() {
    let cases: &[(&str, usize, usize)] = &[("5-4", 4, 3), ("2-1", 1, 0), ("128-126", 127, 125)];
    for &(s, from, to) in cases {
        let mv: PawnMove = s.parse().unwrap();
        assert_eq!(mv, PawnMove { from, to });
        assert_eq!(mv.to_string(), s);
    }
}

#[test]
fn step_zero_is_refused() {
    let err = Pawns::new(0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the step bound must be at least 1, found 0"
    );
}

// ---------------------------------------------------------------------------------
// Properties beyond the exhaustive sizes.

/// Shared strategies.
mod strategy {
    use super::*;

    /// A step bound from 1 to 6.
    pub fn rules() -> impl Strategy<Value = Pawns> {
        (1u32..=6).prop_map(|k| Pawns::new(k).unwrap())
    }

    /// A board of up to 128 squares; the pawn density is drawn first, so boards range
    /// from nearly empty (long piles) to nearly full (short piles).
    pub fn board() -> impl Strategy<Value = Board> {
        (0.0f64..=1.0)
            .prop_flat_map(|density| prop::collection::vec(prop::bool::weighted(density), 0..=128))
            .prop_map(|pawns| {
                let squares: Vec<u8> = pawns
                    .into_iter()
                    .map(|p| if p { b'P' } else { b'.' })
                    .collect();
                Board::from_bytes(&squares).expect("only '.' and 'P'")
            })
    }
}

fn value(rules: &Pawns, board: &Board) -> u64 {
    rules.nim_value(board.squares())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn winning_moves_are_legal_and_reach_zero(rules in strategy::rules(), board in strategy::board()) {
        let legal = rules.legal_moves(&board);
        for mv in rules.winning_moves(&board) {
            prop_assert!(legal.contains(&mv), "{mv} is not legal on {board}");
            prop_assert_eq!(value(&rules, &rules.after(&board, &mv)), 0, "{} on {}", mv, board);
        }
    }

    #[test]
    fn winning_moves_are_all_moves_to_zero_in_move_order(rules in strategy::rules(), board in strategy::board()) {
        let to_zero: Vec<PawnMove> = rules.legal_moves(&board)
            .into_iter()
            .filter(|mv| value(&rules, &rules.after(&board, mv)) == 0)
            .collect();
        prop_assert_eq!(rules.winning_moves(&board), to_zero);
    }

    #[test]
    fn every_move_from_zero_leads_to_non_zero(rules in strategy::rules(), board in strategy::board()) {
        if value(&rules, &board) == 0 {
            for mv in rules.legal_moves(&board) {
                prop_assert_ne!(value(&rules, &rules.after(&board, &mv)), 0, "{} on {}", mv, board);
            }
        }
    }

    #[test]
    fn winning_moves_exist_iff_value_non_zero(rules in strategy::rules(), board in strategy::board()) {
        prop_assert_eq!(rules.winning_moves(&board).is_empty(), value(&rules, &board) == 0);
    }

    /// The value is the mex of the values of the options: the Grundy recursion one
    /// level deep, on boards far beyond the exhaustive sizes.
    #[test]
    fn value_is_the_mex_of_the_options(rules in strategy::rules(), board in strategy::board()) {
        let options: BTreeSet<u64> = rules.legal_moves(&board)
            .iter()
            .map(|mv| value(&rules, &rules.after(&board, mv)))
            .collect();
        let v = value(&rules, &board);
        prop_assert!(!options.contains(&v));
        prop_assert!((0..v).all(|w| options.contains(&w)), "options {:?}, value {}", options, v);
    }

    #[test]
    fn notation_round_trips(rules in strategy::rules(), board in strategy::board()) {
        let text = board.to_string();
        prop_assert_eq!(text.parse::<Board>(), Ok(board.clone()));
        prop_assert_eq!(text.len(), board.len());
        for mv in rules.legal_moves(&board) {
            prop_assert_eq!(mv.to_string().parse::<PawnMove>(), Ok(mv));
        }
    }

    #[test]
    fn analysis_agrees_with_nim_value(rules in strategy::rules(), board in strategy::board()) {
        let v = value(&rules, &board);
        let a = analysis(&rules, &board);
        prop_assert_eq!(a.reduction["xor"].as_u64(), Some(v));
        prop_assert_eq!(a.value.unwrap().as_nimber(), Some(Nimber(u128::from(v))));
        prop_assert_eq!(a.to_move_wins, v != 0);
        prop_assert_eq!(a.outcome, Some(if v != 0 { Outcome::N } else { Outcome::P }));
        prop_assert_eq!(&a.position, &board.to_string());
        let moves: Vec<String> = rules.winning_moves(&board).iter().map(ToString::to_string).collect();
        let reported: Vec<String> = a.winning_moves.iter().map(|m| m.mv.clone()).collect();
        prop_assert_eq!(moves, reported);
        for m in &a.winning_moves {
            let after: Board = m.after.parse().unwrap();
            let mv: PawnMove = m.mv.parse().unwrap();
            prop_assert_eq!(&after, &rules.after(&board, &mv));
            prop_assert_eq!(value(&rules, &after), 0);
        }
        // One sentence per winning move after the verdict.
        if v != 0 {
            prop_assert!(a.explanation.len() > a.winning_moves.len());
            for (line, m) in a.explanation.iter().rev().zip(a.winning_moves.iter().rev()) {
                prop_assert!(line.starts_with(&format!("{}: ", m.mv)), "{}", line);
            }
        }
    }
}
