//! `grundy check` and `grundy interact` run as real binaries.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/players/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn check_says_winning_losing_illegal_or_not_a_move() {
    grundy()
        .args(["check", "nim", "3,5,7", "1-1"])
        .assert()
        .code(0)
        .stdout("1-1: legal and winning (-> 2,5,7)\n");
    grundy()
        .args(["check", "nim", "3,5,7", "1-2"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("legal but losing")
                // The mover's own winning moves, not the opponent's.
                .and(predicate::str::contains(
                    "(the mover's winning moves from the position before: 1-1, 2-1, 3-1)",
                )),
        );
    grundy()
        .args(["check", "nim", "3,5,7", "4-1"])
        .assert()
        .code(1)
        .stdout("4-1: illegal: there is no heap 4 (the heaps are 1 to 3)\n");
    grundy()
        .args(["check", "nim", "3,5,7", "x"])
        .assert()
        .code(2)
        .stdout(predicate::str::starts_with(
            "\"x\": not a move: character 1",
        ));
    // A number left out of a move: the separator in its place is named.
    for (game, position, mv, message) in [
        (
            "nim",
            "3,5,7",
            "-1",
            "character 1: expected a heap number from 1, found '-'",
        ),
        (
            "grundy-game",
            "7",
            "1=+4",
            "character 3: expected a number of stones, found '+'",
        ),
    ] {
        grundy()
            .args(["check", game, position, "--", mv])
            .assert()
            .code(2)
            .stdout(predicate::str::starts_with(format!(
                "{mv:?}: not a move: {message}"
            )));
    }
    grundy()
        .args(["check", "nim", "3,,7", "1-1"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "bad nim position \"3,,7\": character 3",
        ));
}

#[test]
fn check_a_file_reports_every_line_and_the_worst_exit_code() {
    grundy()
        .args(["check", "nim", "--file", "-"])
        .write_stdin("3,5,7 1-1\n\n1,2,3 1-1\n7 1-7\n")
        .assert()
        .code(1)
        .stdout(
            "line 1: 1-1: legal and winning (-> 2,5,7)\n\
             line 3: 1-1: legal but losing: the opponent wins 0,2,3 (every move loses here)\n\
             line 4: 1-7: legal and winning (-> 0)\n",
        );
}

/// A move that ties or draws is neither winning nor losing: its own words and exit
/// code (3 tying, 4 drawing), and a losing move beside a draw names the draw.
#[test]
fn check_tells_tying_and_drawing_moves_from_winning_ones() {
    let check = |args: &[&str]| {
        let out = grundy().arg("check").args(args).output().unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap() + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (code, text) = check(&["tictactoe", "...|...|...", "b2"]);
    assert_eq!(code, 3, "{text}");
    assert_eq!(
        text,
        "b2: legal and tying: best play from ...|.x.|... ends in a tie\n"
    );
    let (code, text) = check(&["digraph", "0>0,0>1,1>2@0", "0>0"]);
    assert_eq!(code, 4, "{text}");
    assert_eq!(
        text,
        "0>0: legal and drawing: best play from 0>0,0>1,1>2@0 goes on forever (a draw)\n"
    );
    let (code, text) = check(&["digraph", "0>0,0>1,1>2@0", "0>1"]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(
        text,
        "0>1: legal but losing: the opponent wins 0>0,0>1,1>2@1 (no move wins here; the best \
         is a draw, by 0>0)\n"
    );
    let (code, text) = check(&["toads", "TTT..FFF", "3-4", "--backsliding"]);
    assert_eq!(code, 4, "{text}");
    assert!(
        text.starts_with("3-4: legal and drawing: best play from TT.T.FFF goes on forever"),
        "{text}"
    );
    // The worst line of a file: a draw is worse than a tie, a loss than a draw.
    let lines = |input: &str| {
        let out = grundy()
            .args(["check", "digraph", "--file", "-"])
            .write_stdin(input)
            .output()
            .unwrap();
        out.status.code().unwrap()
    };
    assert_eq!(lines("0>0,0>1,1>2@0 0>0\n1>2@1 1>2\n"), 4);
    assert_eq!(lines("0>0,0>1,1>2@0 0>0\n0>0,0>1,1>2@0 0>1\n"), 1);
    assert_eq!(lines("0>0,0>1,1>2@0 0>1\nnot-a-line\n"), 2);
}

fn interact(position: &str, seat: &str, player: &[&str]) -> (i32, String) {
    let out = grundy()
        .args([
            "interact",
            "nim",
            position,
            "--seat",
            seat,
            "--time-limit",
            "10",
            "--",
        ])
        .args(player)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn the_interactor_wins_every_won_position_against_weak_and_random_players() {
    let weak = fixture("nim_weak.py");
    // The program moves first from a P-position (XOR 0), or second from an
    // N-position: either way the judge has a win and must take it.
    for (position, seat) in [("3,5,6", "first"), ("2,2", "first"), ("3,5,7", "second")] {
        for player in [vec!["python3", &weak], vec!["python3", &weak, "random"]] {
            let (code, out) = interact(position, seat, &player);
            assert_eq!(code, 1, "{position} {seat} {player:?}\n{out}");
            assert!(out.contains("result: the program"), "{out}");
            assert!(out.contains("loses"), "{out}");
        }
    }
}

#[test]
fn a_perfect_program_wins_its_won_positions() {
    let (code, out) = interact("3,5,7", "first", &["python3", &fixture("nim_optimal.py")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("result: the program (first) wins\n"), "{out}");
}

#[test]
fn illegal_moves_timeouts_and_crashes_lose_with_a_reason() {
    let (code, out) = interact(
        "3",
        "first",
        &["sh", "-c", "read p; read s; echo 9-9; sleep 1"],
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("illegal move \"9-9\": there is no heap 9"),
        "{out}"
    );
    let out = grundy()
        .args([
            "interact",
            "nim",
            "3",
            "--time-limit",
            "0.3",
            "--",
            "sleep",
            "5",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no move within 0.3 s"));
    let (code, out) = interact("3", "first", &["sh", "-c", "exit 3"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("the program ended") || out.contains("closed its input"),
        "{out}"
    );
}

/// The program's own children are stopped with it: `interact` runs it in a process
/// group of its own and kills the group (they once stayed on, adopted by init).
#[test]
fn interact_stops_what_the_program_started() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("child.pid");
    // Starts a long sleep in the background, notes its pid, then never moves.
    let script = format!(
        "sleep 300 </dev/null >/dev/null 2>&1 & echo $! > {}; while read line; do :; done",
        pid_file.display()
    );
    let out = grundy()
        .args([
            "interact",
            "nim",
            "3,5",
            "--time-limit",
            "1",
            "--",
            "sh",
            "-c",
            &script,
        ])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let pid: i32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // The group was killed at once; give the kernel a moment to reap the child.
    let gone = (0..50).any(|_| {
        let alive = nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_ok()
            && !std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|s| s.contains(") Z "));
        if alive {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        !alive
    });
    assert!(gone, "the program's child {pid} is still running");
}
