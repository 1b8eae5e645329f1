//! Connect Four on small boards against plain minimax written here, independently
//! of the library: every board reachable from the empty 4×4 one, its result and
//! remoteness from the retrograde engine's one pass and from the search (every
//! move's too); the empty board 4 wide and 5 high and its best moves through the
//! analysis; and the empty boards of the published table of results.

use std::collections::HashMap;

use grundy::engine::retrograde::{solve, GameResult, RulesetStates};
use grundy::engine::search::Limits;
use grundy::engine::Budget;
use grundy::rules::connect_four::ConnectFour;
use grundy::{Player, Ruleset};

/// A board: `cells[r * w + c]`, 0 empty, 1 x, 2 o, row 0 at the top.
#[derive(Clone, PartialEq, Eq, Hash)]
struct B {
    w: usize,
    h: usize,
    cells: Vec<u8>,
}

impl B {
    fn empty(w: usize, h: usize) -> B {
        B {
            w,
            h,
            cells: vec![0; w * h],
        }
    }

    fn at(&self, r: isize, c: isize) -> u8 {
        if r < 0 || c < 0 || r >= self.h as isize || c >= self.w as isize {
            return 0;
        }
        self.cells[r as usize * self.w + c as usize]
    }

    fn four(&self, who: u8) -> bool {
        for r in 0..self.h as isize {
            for c in 0..self.w as isize {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (0..4).all(|k| self.at(r + k * dr, c + k * dc) == who) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn mover(&self) -> u8 {
        let xs = self.cells.iter().filter(|&&c| c == 1).count();
        let os = self.cells.iter().filter(|&&c| c == 2).count();
        if xs == os {
            1
        } else {
            2
        }
    }

    fn over(&self) -> Option<i8> {
        if self.four(1) || self.four(2) {
            Some(-1)
        } else if self.cells.iter().all(|&c| c != 0) {
            Some(0)
        } else {
            None
        }
    }

    fn children(&self) -> Vec<B> {
        let who = self.mover();
        let mut out = Vec::new();
        for c in 0..self.w {
            if let Some(r) = (0..self.h).rev().find(|&r| self.cells[r * self.w + c] == 0) {
                let mut b = self.clone();
                b.cells[r * self.w + c] = who;
                out.push(b);
            }
        }
        out
    }

    fn text(&self) -> String {
        (0..self.h)
            .map(|r| {
                (0..self.w)
                    .map(|c| ['.', 'x', 'o'][self.cells[r * self.w + c] as usize])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Plain minimax with remoteness: a win by the fewest moves, a loss by the most, a
/// tie by the fewest.
fn minimax(b: &B, memo: &mut HashMap<B, (i8, u32)>) -> (i8, u32) {
    if let Some(&v) = memo.get(b) {
        return v;
    }
    let v = match b.over() {
        Some(r) => (r, 0),
        None => {
            let mut best: Option<(i8, u32)> = None;
            for c in b.children() {
                let (r, m) = minimax(&c, memo);
                let mine = (-r, m + 1);
                best = Some(match best {
                    None => mine,
                    Some(old) if old.0 != mine.0 => {
                        if old.0 > mine.0 {
                            old
                        } else {
                            mine
                        }
                    }
                    Some(old) if old.0 == -1 => (old.0, old.1.max(mine.1)),
                    Some(old) => (old.0, old.1.min(mine.1)),
                });
            }
            best.expect("a move")
        }
    };
    memo.insert(b.clone(), v);
    v
}

fn as_result(r: i8) -> GameResult {
    match r {
        1 => GameResult::Win,
        -1 => GameResult::Lose,
        _ => GameResult::Tie,
    }
}

/// The first board where the engine's answer is not minimax's.
fn compare(
    engine: &HashMap<String, (GameResult, Option<u32>)>,
    brute: &HashMap<String, (GameResult, Option<u32>)>,
) -> Result<(), String> {
    if engine.len() != brute.len() {
        return Err(format!("{} boards against {}", engine.len(), brute.len()));
    }
    for (board, want) in brute {
        let got = engine
            .get(board)
            .ok_or_else(|| format!("{board} missing"))?;
        if got != want {
            return Err(format!("{board}: engine {got:?}, minimax {want:?}"));
        }
    }
    Ok(())
}

#[test]
fn every_board_reachable_on_4x4_agrees_with_minimax_and_alpha_beta() {
    let c4 = ConnectFour;
    let mut memo = HashMap::new();
    let root = B::empty(4, 4);
    minimax(&root, &mut memo);
    let start = (c4.parse_position(&root.text()).unwrap(), Player::Left);
    let solved = solve(&RulesetStates(&c4), start, &mut Budget::unlimited()).unwrap();
    assert_eq!(solved.states(), memo.len(), "reachable boards");
    let brute: HashMap<String, (GameResult, Option<u32>)> = memo
        .iter()
        .map(|(b, &(r, m))| (b.text(), (as_result(r), Some(m))))
        .collect();
    let engine: HashMap<String, (GameResult, Option<u32>)> = solved
        .iter()
        .map(|((pos, _), r, m)| (c4.show_position(pos), (r, m)))
        .collect();
    compare(&engine, &brute).unwrap();
    // A planted wrong answer fails the same comparison.
    let mut planted = engine.clone();
    let (board, (r, m)) = planted.iter().next().map(|(b, v)| (b.clone(), *v)).unwrap();
    planted.insert(board, (r.for_mover(), m.map(|m| m + 1)));
    assert!(compare(&planted, &brute).is_err());
    let [w, l, t, d] = solved.counts();
    eprintln!(
        "connect four 4x4: {} boards: {w} win, {l} lose, {t} tie, {d} draw",
        memo.len()
    );
    // The empty 4x4 board is a tie (both players can block every line).
    assert_eq!(memo[&root].0, 0);
    // The search, on every board: the result, the remoteness and every move's, with
    // a table small enough that boards keep replacing each other.
    for (b, &(r, m)) in &memo {
        let pos = c4.parse_position(&b.text()).unwrap();
        let solved = c4.solve(&pos, small(), None).unwrap();
        assert_eq!(
            (solved.score.result(), solved.remoteness),
            (as_result(r), Some(m)),
            "{}",
            b.text()
        );
        let children = if b.over().is_some() {
            Vec::new()
        } else {
            b.children()
        };
        let want: Vec<(GameResult, Option<u32>)> = children
            .iter()
            .map(|c| (as_result(-memo[c].0), Some(memo[c].1)))
            .collect();
        let got: Vec<(GameResult, Option<u32>)> = solved
            .moves
            .iter()
            .map(|&(_, s, after)| (s.result(), after))
            .collect();
        assert_eq!(got, want, "{}", b.text());
    }
}

/// Play beyond proof on every board reachable on 4×4: without a node budget the guess
/// proves the result and remoteness with a move that keeps them; within a budget the
/// move is legal and whatever is proven is minimax's.
#[test]
fn every_guess_on_4x4_is_legal_and_proven_only_when_minimax_agrees() {
    let c4 = ConnectFour;
    let mut memo = HashMap::new();
    minimax(&B::empty(4, 4), &mut memo);
    let mut unproven = 0;
    for (b, &(r, m)) in &memo {
        let pos = c4.parse_position(&b.text()).unwrap();
        let children = if b.over().is_some() {
            Vec::new()
        } else {
            b.children()
        };
        let child = |col: u8| {
            let after = c4.show_position(&c4.play(&pos, &grundy::rules::connect_four::Drop(col)));
            children.iter().find(|c| c.text() == after)
        };
        let keeps = |col: u8| child(col).is_some_and(|c| -memo[c].0 == r && memo[c].1 + 1 == m);
        for (nodes, prove) in [(u64::MAX, true), (3_000, true), (1, false)] {
            let guess = c4.guess(&pos, Limits::new(4 << 10, nodes).unwrap(), prove);
            match guess.best {
                Some(best) => assert!(
                    best.0 < 4 && child(best.0).is_some(),
                    "{}: {guess:?}",
                    b.text()
                ),
                None => assert!(children.is_empty(), "{}: {guess:?}", b.text()),
            }
            match guess.proven {
                Some(proven) => {
                    assert_eq!(proven, (as_result(r), Some(m)), "{}", b.text());
                    if let Some(best) = guess.best {
                        assert!(keeps(best.0), "{}: {guess:?}", b.text());
                    }
                }
                None => {
                    assert!(nodes != u64::MAX, "{}: unproven without a budget", b.text());
                    unproven += 1;
                }
            }
        }
    }
    eprintln!(
        "{} boards, {unproven} guesses within a budget unproven",
        memo.len()
    );
}

/// A search's limits with a table of 4 KiB.
fn small() -> Limits {
    Limits::new(4 << 10, u64::MAX).unwrap()
}

#[test]
fn the_empty_4_wide_5_high_board_and_its_moves_agree_with_minimax() {
    let game = grundy::registry::build("connect-four", &Default::default()).unwrap();
    let c4 = ConnectFour;
    // The analysis answers it by search (the game has a search space of its own);
    // bench/retrograde.sh solves it whole by the retrograde engine.
    {
        let (w, h) = (4, 5);
        let mut memo = HashMap::new();
        let root = B::empty(w, h);
        let (r, m) = minimax(&root, &mut memo);
        let a = game.analyze(&root.text(), Player::Left, 100).unwrap();
        eprintln!(
            "connect four {w}x{h}: {} ({}), {} boards",
            a.result,
            a.solved_by.as_deref().unwrap_or("-"),
            memo.len()
        );
        assert!(a.solved_by.unwrap().contains("search"));
        assert_eq!((a.result, a.remoteness), (as_result(r), Some(m)), "{w}x{h}");
        let best: Vec<String> = root
            .children()
            .iter()
            .filter(|c| -memo[*c].0 == r && memo[*c].1 + 1 == m)
            .map(B::text)
            .collect();
        let got: Vec<String> = a.best_moves.iter().map(|m| m.after.clone()).collect();
        assert_eq!(got, best, "{w}x{h}");
        // The search agrees on the empty board and each move, remoteness included,
        // and its best moves are minimax's.
        let pos = c4.parse_position(&root.text()).unwrap();
        let solved = c4.solve(&pos, small(), None).unwrap();
        assert_eq!(
            (solved.score.result(), solved.remoteness),
            (as_result(r), Some(m))
        );
        let best: Vec<String> = solved
            .best_moves()
            .iter()
            .map(|mv| c4.show_position(&c4.play(&pos, mv)))
            .collect();
        assert_eq!(got, best, "{w}x{h}");
    }
}

/// The empty boards of Christophe Steininger's table of results by width and height
/// (https://github.com/ChristopheSteininger/c4, readme.md, "Results"; the sizes with
/// width + height <= 15 were solved first by John Tromp): the result for the first
/// player ("Draw" is a tie here, "2nd" a loss for the first player).
const PUBLISHED: [(usize, usize, GameResult); 10] = [
    (5, 4, GameResult::Tie),
    (4, 5, GameResult::Tie),
    (6, 4, GameResult::Lose),
    (4, 6, GameResult::Tie),
    (5, 5, GameResult::Tie),
    (7, 4, GameResult::Tie),
    (4, 7, GameResult::Tie),
    (6, 5, GameResult::Tie),
    (5, 6, GameResult::Tie),
    (4, 4, GameResult::Tie),
];

/// The first player's result on the empty board `w` wide and `h` high, by the search.
fn empty_board(w: usize, h: usize) -> GameResult {
    let c4 = ConnectFour;
    let board = vec![".".repeat(w); h].join("|");
    let pos = c4.parse_position(&board).unwrap();
    let start = std::time::Instant::now();
    let (got, nodes) = c4.score(&pos, Limits::default());
    eprintln!(
        "{w} wide {h} high: {got:?} after {nodes} positions in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    got.unwrap().result()
}

/// The published boards with width + height <= 10 (each well under a second).
#[test]
fn published_small_boards() {
    for (w, h, want) in PUBLISHED.into_iter().filter(|b| b.0 + b.1 <= 10) {
        assert_eq!(empty_board(w, h), want, "{w} wide {h} high");
    }
}

/// The published boards with width + height = 11 (seconds each). Ignored by default;
/// run with `cargo test -p grundy --test all published_bigger_boards -- --ignored
/// --nocapture`.
#[test]
#[ignore = "the boards of width + height 11, about 3 CPU seconds in all; run with --ignored"]
fn published_bigger_boards() {
    for (w, h, want) in PUBLISHED.into_iter().filter(|b| b.0 + b.1 > 10) {
        assert_eq!(empty_board(w, h), want, "{w} wide {h} high");
    }
}

/// A player who takes every immediate win and blocks every immediate threat, and
/// otherwise drops a stone in a column drawn by `rng` (xorshift).
fn greedy(b: &B, rng: &mut u64) -> B {
    let me = b.mover();
    let kids = b.children();
    if let Some(win) = kids.iter().find(|k| k.four(me)) {
        return win.clone();
    }
    // The other player's stone where each of my stones would land.
    let theirs = |k: &B| {
        let mut t = k.clone();
        let i = (0..t.cells.len())
            .find(|&i| t.cells[i] != b.cells[i])
            .unwrap();
        t.cells[i] = 3 - me;
        t
    };
    if let Some(block) = kids.iter().find(|k| theirs(k).four(3 - me)) {
        return block.clone();
    }
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    kids[(*rng % kids.len() as u64) as usize].clone()
}

/// The engine moving first on the standard board, playing the best move its search
/// finds within a budget of positions a move (a small fraction of what it searches in
/// the second the playground gives it), against players who see one move ahead and
/// otherwise drop stones at random: it wins every match.
#[test]
fn the_engine_moving_first_on_7x6_wins_against_one_move_lookahead() {
    const NODES: u64 = 200_000;
    let c4 = ConnectFour;
    let mut unproven = 0;
    for seed in 1..=8u64 {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut b = B::empty(7, 6);
        let mut line = String::new();
        while b.over().is_none() {
            b = if b.mover() == 1 {
                let pos = c4.parse_position(&b.text()).unwrap();
                let guess = c4.guess(&pos, Limits::new(16 << 20, NODES).unwrap(), true);
                unproven += usize::from(guess.proven.is_none());
                let col = guess.best.unwrap().0;
                line.push(char::from(b'1' + col));
                let after =
                    c4.show_position(&c4.play(&pos, &grundy::rules::connect_four::Drop(col)));
                c4.parse_position(&after).unwrap();
                b.children()
                    .into_iter()
                    .find(|k| k.text() == after)
                    .unwrap()
            } else {
                let next = greedy(&b, &mut rng);
                let col = (0..next.cells.len())
                    .find(|&i| next.cells[i] != b.cells[i])
                    .unwrap()
                    % 7;
                line.push(char::from(b'1' + col as u8));
                next
            };
        }
        eprintln!("seed {seed}: {line}");
        assert!(
            b.four(1) && !b.four(2),
            "seed {seed}: the engine did not win: {line}"
        );
    }
    eprintln!("{unproven} engine moves unproven");
}
