//! Tests of `grundy_games::rules::table::ruleset`.

use grundy_engine::game::Player;
use grundy_engine::play::{Hint, Match, RulesetMatch, Seat, EXHAUSTIVE_LIMIT};
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::table::TablePosition;
use grundy_games::rules::table::*;

fn start(s: &str) -> RulesetMatch<'static, TableGame> {
    RulesetMatch::new(&TableGame, s.parse().unwrap(), Player::Left)
}

#[test]
fn the_sample_is_played_to_the_end() {
    // 101/01: from (1, 1) moving up reaches (0, 1), marked 1: the mover loses;
    // moving left reaches (1, 0), marked 0: the mover wins.
    let mut m = start("101/01@1,1");
    assert_eq!(m.seat_name(Seat::First), "Alice");
    assert_eq!(m.seat_name(Seat::Second), "Bob");
    let h = m.hints();
    assert_eq!(
        h.moves,
        [
            Hint {
                mv: "left".into(),
                wins: true,
                result: grundy_engine::engine::GameResult::Win,
                moves_left: Some(1)
            },
            Hint {
                mv: "up".into(),
                wins: false,
                result: grundy_engine::engine::GameResult::Lose,
                moves_left: Some(1)
            },
        ]
    );
    assert_eq!(m.engine_move().as_deref(), Some("left"));
    assert_eq!(m.winner(), Some(Seat::First));
    assert_eq!(
        m.ending(),
        "The stone reached (1, 0), marked 0: Alice, who moved it there, wins."
    );
    assert_eq!(m.engine_move(), None);
    assert_eq!(m.play("up"), Err("the game is over".into()));
}

#[test]
fn hints_count_real_moves() {
    // From (2, 3) up wins: Bob, on (1, 3), holds out by moving left to (1, 2)
    // and Alice moves up into the 0 at (0, 2): three moves in all.
    let mut m = start("101/01@2,3");
    let h = m.hints();
    let up = h.moves.iter().find(|h| h.mv == "up").unwrap();
    assert_eq!((up.wins, up.moves_left), (true, Some(3)));
    let left = h.moves.iter().find(|h| h.mv == "left").unwrap();
    assert!(!left.wins);
    assert_eq!(m.engine_move().as_deref(), Some("up"));
    assert_eq!(m.engine_move().as_deref(), Some("left"));
    assert_eq!(m.engine_move().as_deref(), Some("up"));
    assert_eq!(m.winner(), Some(Seat::First));
    assert_eq!(
        m.ending(),
        "The stone reached (0, 2), marked 0: Alice, who moved it there, wins."
    );
    // A move into a 1 loses at once.
    let mut m = start("101/01@1,3");
    m.play("up").unwrap();
    assert_eq!(m.winner(), Some(Seat::Second));
    assert_eq!(
        m.ending(),
        "The stone reached (0, 3), marked 1: Alice, who moved it there, loses."
    );
}

#[test]
fn a_stone_on_the_boundary_ends_the_game_at_once() {
    let m = start("101/01@0,2");
    assert_eq!(m.winner(), Some(Seat::Second));
    assert_eq!(
        m.ending(),
        "The stone starts on (0, 2), marked 0: Alice, to move, loses."
    );
    let m = start("101/01@2,0");
    assert_eq!(m.winner(), Some(Seat::First));
    assert_eq!(
        m.ending(),
        "The stone starts on (2, 0), marked 1: Alice, to move, wins."
    );
}

#[test]
fn drawing_and_bad_moves() {
    let mut m = start("101/01@2,3");
    assert_eq!(
        m.drawing().lines().take(4).collect::<Vec<_>>(),
        ["  0 1 2 3", "0 + 1 0 1", "1 0 . . .", "2 1 . . O"]
    );
    assert_eq!(
        m.play("down"),
        Err("not a move: \"down\" (write up or left)".into())
    );
    assert_eq!(
        m.play("claim"),
        Err("not a move: \"claim\" (write up or left)".into())
    );
    assert_eq!(m.play("u"), Ok("up".into()));
    assert_eq!(m.position(), "101/01@1,3");
    let far = start(&format!("{}/{}@40,3", "0".repeat(5), "1".repeat(40)));
    assert_eq!(
        far.drawing(),
        "The stone is on row 40, column 3 of a table of 40 rows and 5 columns.\n\
             Reaching row 0 in column 3: 0, the mover wins; reaching column 0 in row 40: \
             1, the mover loses."
    );
}

#[test]
fn big_tables_use_the_closed_form() {
    let text = format!("{}/{}@400,400", "01".repeat(200), "0".repeat(400));
    let pos: TablePosition = text.parse().unwrap();
    assert!(TableGame.reach(&pos) > EXHAUSTIVE_LIMIT);
    let solver = pos.solver();
    let mut m = start(&text);
    let h = m.hints();
    assert_eq!(h.moves.len(), 2);
    for hint in &h.moves {
        let after = pos.after(hint.mv.parse().unwrap()).cell();
        assert_eq!(hint.wins, !solver.wins(after.x, after.y), "{}", hint.mv);
        assert_eq!(hint.moves_left, None);
    }
    let wins = solver.wins(400, 400);
    m.engine_move();
    let after: TablePosition = m.position().parse().unwrap();
    let c = after.cell();
    assert_eq!(solver.wins(c.x, c.y), !wins);
}

#[test]
fn positions_cover_every_cell_of_every_table() {
    let p = TableGame.positions(2).unwrap();
    // 1x2 and 2x1: 8 pairs of 5 cells each; 2x2: 16 pairs of 8 cells.
    assert_eq!(p.count, 8 * 5 + 8 * 5 + 16 * 8);
    let all: Vec<String> = (0..p.count).map(|i| (p.nth)(i).to_string()).collect();
    assert_eq!(all[0], "00/0@0,1");
    assert_eq!(all[4], "00/0@1,2");
    assert_eq!(all[5], "10/0@0,1");
    assert_eq!(all[39], "11/1@1,2");
    assert_eq!(all[40], "0/00@0,1");
    assert_eq!(all[80], "00/00@0,1");
    assert_eq!(all.last().unwrap(), "11/11@2,2");
    let distinct: std::collections::HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), all.len());
    for text in &all {
        assert_eq!(&text.parse::<TablePosition>().unwrap().to_string(), text);
    }
}
