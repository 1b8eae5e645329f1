//! Tests of `grundy_engine::book` on real games: every entry of a book against a
//! brute-force minimax written here apart from the engines, the book used by a
//! match, and every kind of damaged or foreign file refused.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use grundy_engine::book::{self, best_moves, Book, BookError, RawBook};
use grundy_engine::engine::retrograde::GameResult;
use grundy_engine::game::Player;
use grundy_engine::play::{Match, RulesetMatch, Seat};
use grundy_engine::ruleset::{End, Kind, Ruleset};
use grundy_games::rules::connect_four::ConnectFour;
use grundy_games::rules::nim::Nim;
use grundy_games::rules::tictactoe::TicTacToe;

/// The result for `p` to move and the remoteness (a win or tie as quick as can be,
/// a loss as long as can be), by plain minimax over the rules.
fn brute<R: Ruleset>(
    r: &R,
    pos: &R::Position,
    p: Player,
    memo: &mut HashMap<(String, Player), (GameResult, u32)>,
) -> (GameResult, u32) {
    let key = (r.show_position(pos), p);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let answer = match r.end(pos, p) {
        Some(End::Win) => (GameResult::Win, 0),
        Some(End::Lose) => (GameResult::Lose, 0),
        Some(End::Tie) => (GameResult::Tie, 0),
        None => {
            let next = match r.kind() {
                Kind::Impartial => p,
                Kind::Partizan => p.opponent(),
            };
            let children: Vec<(GameResult, u32)> = r
                .moves(pos, p)
                .iter()
                .map(|mv| {
                    let (res, rem) = brute(r, &r.play(pos, mv), next, memo);
                    (res.for_mover(), rem + 1)
                })
                .collect();
            match children.iter().map(|c| c.0).max_by_key(|r| r.rank()) {
                None => (GameResult::Lose, 0),
                Some(best) => {
                    let lengths = children.iter().filter(|c| c.0 == best).map(|c| c.1);
                    let length = if best == GameResult::Lose {
                        lengths.max()
                    } else {
                        lengths.min()
                    };
                    (best, length.unwrap())
                }
            }
        }
    };
    memo.insert(key, answer);
    answer
}

/// Every entry of `book` and each of its moves agrees with [`brute`].
fn agrees_with_brute_force<R: Ruleset>(r: &R, book: &Book) {
    let mut memo = HashMap::new();
    for e in &book.raw().positions {
        let pos = r.parse_position(&e.position).unwrap();
        let (result, remoteness) = brute(r, &pos, e.to_move, &mut memo);
        assert_eq!(
            (e.result, e.remoteness),
            (result, Some(remoteness)),
            "{}",
            e.position
        );
        for m in &e.moves {
            let mv = r.parse_move(&pos, e.to_move, &m.mv).unwrap();
            let (after, rem) = brute(r, &r.play(&pos, &mv), e.to_move, &mut memo);
            assert_eq!(
                (m.result, m.moves_left),
                (after.for_mover(), Some(rem + 1)),
                "{} then {}",
                e.position,
                m.mv
            );
        }
    }
}

fn build<R: Ruleset>(r: &R, root: &str, plies: u32) -> Result<Book, BookError> {
    let pos = r.parse_position(root).unwrap();
    book::build(r, &pos, Player::Left, plies, &mut |_| {})
}

/// A path in the temporary directory for this test and process.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-book-{}-{name}.json", std::process::id()))
}

#[test]
fn a_whole_tic_tac_toe_book_is_right_everywhere() {
    let book = build(&TicTacToe, "...|...|...", 9).unwrap();
    // Every position that is not over: 4,520 of the game's 5,478.
    assert_eq!(book.len(), 4520);
    let root = book.get("...|...|...", Player::Left).unwrap();
    assert_eq!((root.result, root.remoteness), (GameResult::Tie, Some(9)));
    agrees_with_brute_force(&TicTacToe, &book);
}

#[test]
fn connect_four_and_nim_books_are_right_everywhere() {
    // 4x4 Connect Four, four plies from a middle game, searched by the game's own
    // search; Nim, solved by the memoised engine.
    let c4 = build(&ConnectFour, "4x4:2332", 4).unwrap();
    assert!(c4.len() > 100, "{}", c4.len());
    agrees_with_brute_force(&ConnectFour, &c4);
    let nim = build(&Nim, "2,3,4", 3).unwrap();
    agrees_with_brute_force(&Nim, &nim);
    // A book of 0 plies holds the start alone.
    assert_eq!(build(&Nim, "2,3,4", 0).unwrap().len(), 1);
}

#[test]
fn a_match_plays_and_hints_from_the_book() {
    let book = Arc::new(build(&Nim, "1,2,4", 7).unwrap());
    for first in [Seat::First, Seat::Second] {
        let start = Nim.parse_position("1,2,4").unwrap();
        let mut m = RulesetMatch::new(&Nim, start, Player::Left);
        m.set_book(book.clone()).unwrap();
        if first == Seat::Second {
            m.play("3-1").unwrap();
        }
        while !m.over() {
            let entry = book.get(&m.position(), Player::Left).unwrap().clone();
            let hints = m.hints();
            assert_eq!(hints.moves.len(), entry.moves.len());
            let played = m.engine_move().unwrap();
            assert!(m.engine_from_book() && m.engine_proven());
            assert!(best_moves(&entry).any(|b| b.mv == played), "{played}");
        }
    }
    // A book of another game is refused.
    let ttt = Arc::new(build(&TicTacToe, "xo.|...|...", 1).unwrap());
    let mut m = RulesetMatch::new(&Nim, Nim.parse_position("1,2").unwrap(), Player::Left);
    assert!(matches!(m.set_book(ttt), Err(BookError::Foreign { .. })));
}

#[test]
fn a_book_read_back_is_the_book_written() {
    let book = build(&TicTacToe, "x..|.o.|...", 3).unwrap();
    let path = scratch("round-trip");
    book.write(&path).unwrap();
    let raw = RawBook::read(&path).unwrap();
    let read = book::check(&TicTacToe, raw).unwrap();
    assert_eq!(read.raw(), book.raw());
    std::fs::remove_file(&path).unwrap();
}

/// The book's JSON with `edit` applied to its positions and the checksum made
/// right again, checked against tic-tac-toe.
fn tampered(edit: impl FnOnce(&mut Vec<book::Entry>)) -> Result<Book, BookError> {
    let book = build(&TicTacToe, "x..|.o.|...", 2).unwrap();
    let mut raw = book.raw().clone();
    edit(&mut raw.positions);
    raw.checksum = book::checksum(&raw.positions);
    book::check(&TicTacToe, raw)
}

#[test]
fn damaged_and_foreign_books_are_refused() {
    let path = scratch("damaged");
    let read = |text: &str| {
        std::fs::write(&path, text).unwrap();
        RawBook::read(&path).map(|_| ()).unwrap_err().to_string()
    };
    assert!(read("6").contains("not a JSON object"), "{}", read("6"));
    assert!(read("").contains("not a grundy book"));
    assert!(read("{\"format\":\"x\"}").contains("\"format\""));
    let book = build(&TicTacToe, "x..|.o.|...", 1).unwrap();
    let json = serde_json::to_string(book.raw()).unwrap();
    let later = json.replacen("\"version\":1", "\"version\":2", 1);
    assert!(read(&later).contains("version 2"), "{}", read(&later));
    // One result changed without the checksum: damaged.
    let changed = json.replacen("\"result\":\"tie\"", "\"result\":\"win\"", 1);
    assert_ne!(changed, json);
    assert!(read(&changed).contains("damaged"), "{}", read(&changed));
    std::fs::remove_file(&path).unwrap();

    // Changed with the checksum made right: the rules catch it.
    let flip = |e: &mut Vec<book::Entry>| e[0].moves[0].result = GameResult::Lose;
    let err = tampered(flip).unwrap_err().to_string();
    assert!(err.contains("position 1"), "{err}");
    let drop_move = |e: &mut Vec<book::Entry>| {
        e[1].moves.pop();
    };
    assert!(tampered(drop_move)
        .unwrap_err()
        .to_string()
        .contains("lists"));
    let illegal = |e: &mut Vec<book::Entry>| e[1].moves[0].mv = "a1".to_owned();
    assert!(tampered(illegal)
        .unwrap_err()
        .to_string()
        .contains("move \"a1\""));
    let remote = |e: &mut Vec<book::Entry>| {
        let last = e.len() - 1;
        e[last].remoteness = e[last].remoteness.map(|r| r + 2);
        for m in &mut e[last].moves {
            m.moves_left = m.moves_left.map(|r| r + 2);
        }
    };
    let err = tampered(remote).unwrap_err().to_string();
    assert!(err.contains("says"), "{err}");
    let rename = |e: &mut Vec<book::Entry>| e[0].position = "x..|.o.|..x".to_owned();
    assert!(matches!(
        tampered(rename),
        Err(BookError::NoRoot(_)) | Err(BookError::Entry { .. })
    ));

    // Another game, or the same game with other parameters.
    let nim = build(&Nim, "1,2", 1).unwrap();
    let err = book::check(&TicTacToe, nim.raw().clone()).unwrap_err();
    assert!(matches!(err, BookError::Foreign { .. }), "{err}");
}

#[test]
fn plies_and_starts_are_checked() {
    assert!(matches!(
        build(&Nim, "1,2", book::MAX_PLIES + 1),
        Err(BookError::Plies(_))
    ));
    let err = build(&TicTacToe, "xxx|oo.|...", 2).unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
    let err = build(&Nim, "0,0", 2).unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
}
