//! `grundy judge` run as a real binary on temporary files.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;
use grundy::engine::{ImpartialSolver, PartizanSolver};
use grundy::rules::ab::{Ab, Row};
use grundy::rules::pawns::{Board, Pawns};
use grundy::rules::table::{Cell, Table, TableGame, TablePosition};
use grundy::rules::towers::{Building, City, Towers};
use grundy::ruleset::AsImpartial;
use grundy::Player;

/// What a run printed and how it ended.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// Runs `grundy judge PROBLEM FILE` on `input` written to a temporary file.
fn judge(problem: &str, input: &[u8]) -> (Run, String) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(input).unwrap();
    let path = file.path().display().to_string();
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", problem, &path])
        .output()
        .unwrap();
    let run = Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap(),
    };
    (run, path)
}

/// The output of a run that must succeed quietly.
fn answers(problem: &str, input: &[u8]) -> String {
    let (run, _) = judge(problem, input);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{problem}");
    run.stdout
}

/// Asserts that a run fails with exit code 2, exactly `message` (after the file name)
/// on stderr, and `earlier` (the answers before the bad spot) on stdout.
fn rejects(problem: &str, input: &str, message: &str, earlier: &str) {
    let (run, path) = judge(problem, input.as_bytes());
    let expected = Run {
        stdout: earlier.to_owned(),
        stderr: format!("grundy: {path}: {message}\n"),
        code: 2,
    };
    assert_eq!(run, expected, "{problem} on {input:?}");
}

#[test]
fn samples() {
    assert_eq!(answers("adapwns", b"1\n..P.P\n"), "Yes\n");
    let tab = b"1\n101\n01\n6\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n";
    assert_eq!(answers("tabgame", tab), "110011\n");
    assert_eq!(answers("abgame", b"3\nA.B\nA..B\nA..B.A..B\n"), "A\nA\nB\n");
    assert_eq!(answers("legowarz", b"2\n1 3\n4 1\n"), "Alice\n");
}

#[test]
fn standard_input_and_dash() {
    for args in [&["judge", "abgame"][..], &["judge", "abgame", "-"]] {
        let out = assert_cmd::Command::cargo_bin("grundy")
            .unwrap()
            .args(args)
            .write_stdin("3\nA.B\nA..B\nA..B.A..B\n")
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(out.stdout, b"A\nA\nB\n");
    }
}

#[test]
fn lenient_spacing() {
    let crlf = b"3\r\nA.B\r\nA..B\r\nA..B.A..B\r\n";
    assert_eq!(answers("abgame", crlf), "A\nA\nB\n");
    assert_eq!(answers("abgame", b"3\nA.B\nA..B\nA..B.A..B"), "A\nA\nB\n");
    let blanks = b"\n  3 \n\n A.B  \n\t\nA..B\r\n\r\n   A..B.A..B  \n\n";
    assert_eq!(answers("abgame", blanks), "A\nA\nB\n");
    let tab = b"1\r\n101\r\n01\r\n6\r\n1 1\r\n1  2\r\n1\r\n3 2 1 2 2\r\n\r\n2 3";
    assert_eq!(answers("tabgame", tab), "110011\n");
    assert_eq!(answers("legowarz", b"  1\r\n\r\n 1   3  "), "Bob\n");
    assert_eq!(answers("adapwns", b"2\r\n..P.P\r\n\r\nPP"), "Yes\nNo\n");
}

#[test]
fn past_the_constraints() {
    let max = u64::MAX;
    assert_eq!(
        answers("legowarz", format!("1\n{max} {max}\n").as_bytes()),
        "Alice\n"
    );
    let board = format!("{}P", ".".repeat(1_000_000)); // 10^6 mod 3 = 1
    assert_eq!(
        answers("adapwns", format!("1\n{board}\n").as_bytes()),
        "Yes\n"
    );
    assert_eq!(answers("adapwns", b"0\n"), "");
}

#[test]
fn empty_input() {
    for (problem, count) in [
        ("adapwns", "the number of test cases T"),
        ("tabgame", "the number of test cases T"),
        ("abgame", "the number of test cases T"),
        ("legowarz", "the number of buildings N"),
    ] {
        let message = format!("line 1, column 1: expected {count}, found the end of the input");
        rejects(problem, "", &message, "");
        rejects(
            problem,
            "\n\n  ",
            &message.replace("line 1, column 1", "line 3, column 3"),
            "",
        );
    }
}

#[test]
fn a_count_larger_than_the_data() {
    rejects(
        "adapwns",
        "3\n..P.P\nPP\n",
        "line 4, column 1: expected a board of '.' and 'P' for test case 3 of 3, \
         found the end of the input",
        "Yes\nNo\n",
    );
    rejects(
        "abgame",
        "2\nA.B",
        "line 2, column 4: expected a row of '.', 'A' and 'B' for test case 2 of 2, \
         found the end of the input",
        "A\n",
    );
    rejects(
        "tabgame",
        "1\n101\n01\n3\n1 1\n1 2\n",
        "line 7, column 1: expected the row x of query 3 of 3 in test case 1, \
         found the end of the input",
        "",
    );
    rejects(
        "legowarz",
        "3\n1 1\n2 2\n",
        "line 4, column 1: expected the height h of building 3 of 3, found the end of the input",
        "",
    );
}

#[test]
fn data_after_the_last_test_case() {
    rejects(
        "adapwns",
        "1\n..P.P\n.P\n",
        "line 3, column 1: expected the end of the input after 1 test cases, found '.'",
        "Yes\n",
    );
    rejects(
        "abgame",
        "1\nA.B C\n",
        "line 2, column 5: expected the end of the input after 1 test cases, found 'C'",
        "A\n",
    );
    rejects(
        "tabgame",
        "1\n1\n1\n1\n1 1 1\n",
        "line 5, column 5: expected the end of the input after 1 test cases, found '1'",
        "0\n",
    );
    rejects(
        "legowarz",
        "1\n1 1\n\n2 2",
        "line 4, column 1: expected the end of the input after 1 buildings, found '2'",
        "",
    );
}

#[test]
fn a_character_outside_the_alphabet() {
    rejects(
        "adapwns",
        "3\n..P\n....X.\nP\n",
        "line 3, column 5: expected '.' or 'P', found 'X'",
        "Yes\n",
    );
    rejects(
        "adapwns",
        "1\nx..\n",
        "line 2, column 1: expected a board of '.' and 'P' for test case 1 of 1, found 'x'",
        "",
    );
    rejects(
        "abgame",
        "2\nA.B\r\nA\u{e9}B\n",
        "line 3, column 2: expected '.', 'A' or 'B', found '\u{e9}'",
        "A\n",
    );
    rejects(
        "tabgame",
        "1\n101\n0a\n",
        "line 3, column 2: expected '0' or '1', found 'a'",
        "",
    );
    let (run, _) = judge("abgame", b"1\nA\x00B\n");
    assert_eq!(run.code, 2);
    assert!(run
        .stderr
        .ends_with("line 2, column 2: expected '.', 'A' or 'B', found byte 0x00\n"));
}

#[test]
fn a_token_that_is_not_a_number() {
    rejects(
        "adapwns",
        "two\n",
        "line 1, column 1: expected the number of test cases T, found 't'",
        "",
    );
    rejects(
        "abgame",
        "2x\nA\n",
        "line 1, column 2: expected a digit, found 'x'",
        "",
    );
    rejects(
        "tabgame",
        "1\n1\n1\n1\n1 y\n",
        "line 5, column 3: expected the column y of query 1 of 1 in test case 1, found 'y'",
        "",
    );
    rejects(
        "legowarz",
        "1\n1.5 2\n",
        "line 2, column 2: expected a digit, found '.'",
        "",
    );
}

#[test]
fn a_negative_number() {
    rejects(
        "legowarz",
        "1\n-1 2\n",
        "line 2, column 1: expected the height h of building 1 of 1 (numbers are never \
         negative), found '-'",
        "",
    );
    rejects(
        "tabgame",
        "1\n1\n1\n-1\n",
        "line 4, column 1: expected the number of queries Q for test case 1 of 1 (numbers are \
         never negative), found '-'",
        "",
    );
}

#[test]
fn a_number_over_the_64_bit_limit() {
    rejects(
        "legowarz",
        "1\n1 18446744073709551616\n",
        "line 2, column 3: expected the number of towers n of building 1 of 1 (at most \
         18446744073709551615), found 18446744073709551616",
        "",
    );
    rejects(
        "adapwns",
        "99999999999999999999999\nP\n",
        "line 1, column 1: expected the number of test cases T (at most \
         18446744073709551615), found 99999999999999999999999",
        "",
    );
    // The largest number is still fine, as a count that the data then falls short of.
    rejects(
        "abgame",
        "18446744073709551615\nA.\n",
        "line 3, column 1: expected a row of '.', 'A' and 'B' for test case 2 of \
         18446744073709551615, found the end of the input",
        "A\n",
    );
}

#[test]
fn a_query_outside_the_table() {
    let first = "2\n101\n01\n6\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n";
    for (query, message) in [
        ("3 1", "line 14, column 1: expected the row x of query 1 of 1 in test case 2, from 1 to 2, found 3"),
        ("0 1", "line 14, column 1: expected the row x of query 1 of 1 in test case 2, from 1 to 2, found 0"),
        ("1 4", "line 14, column 3: expected the column y of query 1 of 1 in test case 2, from 1 to 3, found 4"),
        ("2 0", "line 14, column 3: expected the column y of query 1 of 1 in test case 2, from 1 to 3, found 0"),
    ] {
        rejects("tabgame", &format!("{first}111\n00\n1\n{query}\n"), message, "110011\n");
    }
}

#[test]
fn a_closed_output_ends_quietly() {
    let mut child = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", "adapwns"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let writer = std::thread::spawn(move || {
        // 10^6 answers, far more than a pipe holds; stop feeding once the reader is gone.
        let _ = stdin.write_all(b"1000000\n");
        for _ in 0..1000 {
            if stdin.write_all(&b"P.\n".repeat(1000)).is_err() {
                break;
            }
        }
    });
    let mut first = [0u8; 3];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"No\n");
    drop(stdout);
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!((status.code(), stderr.as_str()), (Some(0), ""));
}

#[test]
fn help_lists_the_problems_and_formats() {
    let out = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for problem in grundy::problems::Problem::ALL {
        assert!(help.contains(&format!("  {}: ", problem.name())), "{help}");
    }
    assert_eq!(help.matches("Input:").count(), 4);
    assert_eq!(help.matches("Output:").count(), 4);
    let bad = Command::cargo_bin("grundy")
        .unwrap()
        .args(["judge", "chess"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn string(&mut self, len: u64, alphabet: &[u8]) -> String {
        (0..len)
            .map(|_| char::from(alphabet[self.below(alphabet.len() as u64) as usize]))
            .collect()
    }
}

#[test]
fn random_adapwns_boards_match_the_exhaustive_engine() {
    let rules = Pawns::adapwns();
    let game = AsImpartial(&rules);
    let mut solver = ImpartialSolver::new(&game);
    let mut rng = Rng(1);
    let (mut input, mut expected) = (String::from("300\n"), String::new());
    for _ in 0..300 {
        let len = 1 + rng.below(12);
        let board = rng.string(len, b"..P");
        let wins = solver.to_move_wins(&board.parse::<Board>().unwrap());
        input += &format!("{board}\n");
        expected += if wins { "Yes\n" } else { "No\n" };
    }
    assert_eq!(answers("adapwns", input.as_bytes()), expected);
}

#[test]
fn random_tables_match_the_exhaustive_engine() {
    let mut rng = Rng(2);
    let (mut input, mut expected) = (String::from("60\n"), String::new());
    for _ in 0..60 {
        let (m, n) = (1 + rng.below(7), 1 + rng.below(7));
        let (top, left) = (rng.string(m, b"01"), rng.string(n, b"01"));
        let table = Table::new(&top, &left).unwrap();
        let game = AsImpartial(&TableGame);
        let mut solver = ImpartialSolver::new(&game);
        let q = rng.below(12);
        input += &format!("{top}\n{left}\n{q}\n");
        for _ in 0..q {
            let (x, y) = (1 + rng.below(n), 1 + rng.below(m));
            input += &format!("{x} {y}\n");
            let cell = Cell {
                x: x as usize,
                y: y as usize,
            };
            let pos = TablePosition::new(table.clone(), cell).unwrap();
            expected += if solver.to_move_wins(&pos) { "1" } else { "0" };
        }
        expected += "\n";
    }
    assert_eq!(answers("tabgame", input.as_bytes()), expected);
}

#[test]
fn random_ab_rows_match_the_exhaustive_engine() {
    let game = grundy::ruleset::AsPartizan(&Ab);
    let mut solver = PartizanSolver::new(&game);
    let mut rng = Rng(3);
    let (mut input, mut expected) = (String::from("300\n"), String::new());
    for _ in 0..300 {
        let len = 1 + rng.below(10);
        let row = rng.string(len, b"..AB");
        let a_wins = solver.wins_moving_first(&row.parse::<Row>().unwrap(), Player::Left);
        input += &format!("{row}\n");
        expected += if a_wins { "A\n" } else { "B\n" };
    }
    assert_eq!(answers("abgame", input.as_bytes()), expected);
}

#[test]
fn random_cities_match_the_exhaustive_engine() {
    let game = AsImpartial(&Towers);
    let mut solver = ImpartialSolver::new(&game);
    let mut rng = Rng(4);
    for _ in 0..40 {
        let count = rng.below(4);
        let buildings: Vec<Building> = (0..count)
            .map(|_| Building {
                height: u128::from(rng.below(4)),
                count: rng.below(3),
            })
            .collect();
        let mut input = format!("{}\n", buildings.len());
        for b in &buildings {
            input += &format!("{} {}\n", b.height, b.count);
        }
        let wins = solver.to_move_wins(&City { buildings });
        assert_eq!(
            answers("legowarz", input.as_bytes()),
            if wins { "Alice\n" } else { "Bob\n" }
        );
    }
}
