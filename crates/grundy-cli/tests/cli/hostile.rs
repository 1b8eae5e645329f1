//! Hostile input through the real binary: numbers past every limit, empty and
//! binary input, endless lines, mixed line ends, deep nesting, giant positions and
//! truncated files. Each run must end within [`TIME_LIMIT`] and [`MEMORY_LIMIT_KB`]
//! of address space with the documented exit code (0 done, 1 a check failed, 2 bad
//! input) and, on bad input, a message naming what was expected and where.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// The longest any one run may take (the slowest case here takes well under a second).
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The address space each run gets (`ulimit -v`): an allocation past it aborts the
/// run, which the exit code then shows.
const MEMORY_LIMIT_KB: u64 = 2 << 20;

/// What a run of the binary gave.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `grundy ARGS` with `stdin` under the time and memory limits.
fn run_os(args: &[OsString], stdin: &[u8]) -> Run {
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    let start = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_LIMIT_KB} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(stdin.to_vec())
        .timeout(TIME_LIMIT)
        .output()
        .expect("the binary runs");
    let elapsed = start.elapsed();
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        elapsed < TIME_LIMIT && run.code.is_some(),
        "{args:?} ran {elapsed:?} or was killed ({:?}); stderr: {}",
        out.status,
        tail(&run.stderr)
    );
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("memory allocation"),
        "{args:?}: {}",
        tail(&run.stderr)
    );
    run
}

fn run(args: &[&str], stdin: &[u8]) -> Run {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    run_os(&args, stdin)
}

/// The end of a long text, for failure messages.
fn tail(s: &str) -> &str {
    let mut cut = s.len().saturating_sub(600);
    while !s.is_char_boundary(cut) {
        cut += 1;
    }
    &s[cut..]
}

/// Asserts exit 2 and every one of `needles` in the message.
fn refused(args: &[&str], stdin: &[u8], needles: &[&str]) -> Run {
    ends_with(2, args, stdin, needles)
}

/// `grundy validate PROBLEM` on `input`, which breaks the statement (exit 1) at
/// `needle`.
fn invalid(problem: &str, input: &[u8], needles: &[&str]) {
    ends_with(1, &["validate", problem], input, needles);
}

/// Asserts exit `code` and every one of `needles` in the message.
fn ends_with(code: i32, args: &[&str], stdin: &[u8], needles: &[&str]) -> Run {
    let r = run(args, stdin);
    assert_eq!(r.code, Some(code), "{args:?}: {}", tail(&r.stderr));
    for needle in needles {
        assert!(
            r.stderr.contains(needle),
            "{args:?}: {needle:?} not in {}",
            tail(&r.stderr)
        );
    }
    r
}

/// `grundy judge PROBLEM` on `input` from a file, which must be refused with
/// `needle` (a line and column) in the message.
fn judge_refuses(problem: &str, input: &[u8], needle: &str) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(input).unwrap();
    let path = file.path().to_str().unwrap();
    refused(&["judge", problem, path], b"", &[needle]);
}

#[test]
fn numbers_past_64_bits_and_negative_numbers_are_refused_with_the_column() {
    let googol = format!("1{}", "0".repeat(100));
    for (args, needles) in [
        (
            vec!["analyze", "nim", "3,18446744073709551616"],
            &["character 3", "below 2^64"][..],
        ),
        (
            vec!["analyze", "nim", &googol],
            &["character 1", "below 2^64"],
        ),
        (vec!["analyze", "nim", "-3"], &["character 1", "found '-'"]),
        (
            vec![
                "analyze",
                "towers",
                "340282366920938463463374607431768211456:1",
            ],
            &["character 1", "2^128-1"],
        ),
        (vec!["analyze", "wythoff", "1,-1"], &["character 3"]),
        (
            vec!["analyze", "pawns", "..P", "--step", "18446744073709551616"],
            &["--step"],
        ),
        (vec!["analyze", "pawns", "..P", "--step", "-1"], &["step"]),
        (
            vec!["sequence", "subtraction", "--set", "1,-2"],
            &["--set 1,-2", "character 3"],
        ),
        (
            vec!["sequence", "octal", "0.7", "--to", "18446744073709551616"],
            &["--to"],
        ),
        (vec!["sequence", "octal", "0.7", "--to", "-1"], &["-1"]),
        (
            vec!["sequence", "octal", "0.7", "--to", "18446744073709551615"],
            &["--to 18446744073709551615: G(18446744073709551615) is past the 536870912 values"],
        ),
        (
            vec!["sequence", "octal", "0.7", "--limit", &googol],
            &["--limit"],
        ),
        (vec!["value", &googol], &["character 1"]),
        (vec!["value", "*18446744073709551616"], &["character"]),
    ] {
        refused(&args, b"", needles);
    }
}

#[test]
fn empty_text_is_an_answer_or_a_refusal_never_a_crash() {
    for game in ["pawns", "table", "ab", "towers", "wythoff"] {
        let r = run(&["analyze", game, ""], b"");
        assert!(matches!(r.code, Some(0 | 2)), "{game}: {}", r.stderr);
    }
    refused(&["value", ""], b"", &["character 1", "expected a value"]);
    refused(&["sequence", "octal", ""], b"", &["character 1"]);
    refused(&["sequence", "subtraction", "--set", ""], b"", &["--set"]);
    // An empty judge input is covered in judge.rs; the validator says what is missing.
    invalid("adapwns", b"", &["line 1, column 1"]);
}

#[test]
fn nul_bytes_and_invalid_utf8_name_their_place() {
    judge_refuses("adapwns", b"2\n..P\n.\0P\n", "line 3, column 2");
    judge_refuses("abgame", b"1\nA.\xffB\n", "line 2, column 3");
    judge_refuses("legowarz", b"1\n3 \xff\n", "line 2, column 3");
    judge_refuses("tabgame", b"1\n10\n0\0\n", "line 3, column 2");
    invalid("adapwns", b"1\n..\0P\n", &["line 2, column 3"]);
    invalid("abgame", b"1\nA\xff.B\n", &["line 2, column 2"]);
    // Invalid UTF-8 on the command line is a usage error.
    let bad = |s: &[u8]| OsStr::from_bytes(s).to_owned();
    for args in [
        vec!["analyze".into(), "pawns".into(), bad(b"..P\xff")],
        vec!["value".into(), bad(b"{1|\xfe}")],
    ] {
        let r = run_os(&args, b"");
        assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("UTF-8"), "{}", r.stderr);
    }
}

#[test]
fn carriage_returns_count_as_line_ends() {
    // CR only, CRLF and LF mixed: the line numbers still count every line.
    judge_refuses("adapwns", b"3\r..P\r\nPP\n.X\r", "line 4, column 2");
    judge_refuses("abgame", b"2\r\nA.B\rA.C\r\n", "line 3, column 3");
    let r = run(&["judge", "adapwns"], b"2\r..P.P\r\nPP\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(0), "Yes\nNo\n"));
}

#[test]
fn a_ten_megabyte_line() {
    let mut board = vec![b'.'; 10 << 20];
    *board.last_mut().unwrap() = b'P';
    // The judge streams it: past the constraints, the answer stays exact.
    let input = [&b"1\n"[..], &board, b"\n"].concat();
    let r = run(&["judge", "adapwns"], &input);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (Some(0), "No\n"),
        "{}",
        r.stderr
    );
    // One bad byte at its end is found at its column.
    let mut bad = input.clone();
    bad[2 + (10 << 20) - 1] = b'x';
    let r = run(&["judge", "adapwns"], &bad);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("line 2, column 10485760"), "{}", r.stderr);
    // The strict validator stops at the statement's length limit.
    invalid(
        "adapwns",
        &input,
        &["line 2, column 1", "the statement requires"],
    );
    // A game read from a terminal does not take it as a move.
    let r = run(
        &["play", "pawns", "..P.P"],
        &[&board[..], b"\nquit\n"].concat(),
    );
    assert!(matches!(r.code, Some(0 | 2)), "{}", r.stderr);
    assert!(r.stdout.len() + r.stderr.len() < 1 << 16);
    assert!(
        (r.stdout.to_lowercase() + &r.stderr).contains("longer than"),
        "{}",
        tail(&r.stdout)
    );
}

#[test]
fn a_long_position_on_the_command_line() {
    // 100,000 squares (the operating system caps one argument near 128 KiB).
    let pos = format!("{}P", ".".repeat(100_000));
    let r = run(&["analyze", "pawns", &pos, "--moves"], b"");
    assert_eq!(r.code, Some(0), "{}", tail(&r.stderr));
    let bad = format!("{}X", ".".repeat(100_000));
    let r = refused(&["analyze", "pawns", &bad], b"", &["character 100001"]);
    assert!(r.stderr.len() < 1 << 20);
}

#[test]
fn deeply_nested_values_are_refused_at_the_limit() {
    // About 120 KB each: the operating system caps one argument near 128 KiB.
    for open in ["{", "(", "-", "{0|"] {
        let expr = open.repeat(120_000 / open.len());
        refused(
            &["value", &expr],
            b"",
            &["character", "expected at most 200 nested"],
        );
    }
    // The biggest nimbers: their thermographs took work quadratic in m (minutes).
    for expr in ["*4095", "^^^*4094 + 1/2"] {
        let r = run(&["value", expr, "--json"], b"");
        assert_eq!(r.code, Some(0), "{}", tail(&r.stderr));
        assert!(r.stdout.contains("\"temperature\": \"0\""), "{}", r.stdout);
    }
    // Just within the limit, a deep value is computed.
    let expr = format!("{}0{}", "{".repeat(150), "|}".repeat(150));
    let r = run(&["value", &expr], b"");
    assert_eq!(r.code, Some(0), "{}", tail(&r.stderr));
}

#[test]
fn giant_heaps_with_moves_and_limits() {
    for args in [
        &["analyze", "nim", "18446744073709551615", "--moves"][..],
        &["analyze", "nim", "5000,5000", "--moves"],
        &[
            "analyze",
            "nim",
            "18446744073709551615,3,18446744073709551615",
        ],
        &["analyze", "towers", "1:1000000000000000000", "--moves"],
        &[
            "analyze",
            "staircase",
            "5,7",
            "--bound",
            "18446744073709551615",
        ],
        &[
            "analyze",
            "subtraction",
            "18446744073709551615",
            "--set",
            "1,2,3",
        ],
    ] {
        let r = run(args, b"");
        assert_eq!(r.code, Some(0), "{args:?}: {}", tail(&r.stderr));
    }
    // Past the definition's reach, a value that no formula gives is said unknown,
    // and who wins and the winning moves are answered all the same.
    let r = run(
        &[
            "analyze",
            "wythoff",
            "9223372036854775808,9223372036854775807",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", tail(&r.stderr));
    assert!(r.stdout.contains("value: unknown"), "{}", r.stdout);
    assert!(
        r.stdout.contains("Grundy value is not known"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Winning moves"), "{}", r.stdout);
    // A position of few positions but many moves (250,312 positions, 3·10^10
    // moves) is held by the search budget: it once grew to 24 GB.
    for position in ["0,250311", "3,250311", "0,50260"] {
        let r = run(&["analyze", "wythoff", position, "--json"], b"");
        assert_eq!(r.code, Some(0), "{position}: {}", tail(&r.stderr));
        assert!(r.stdout.contains("\"value\": null"), "{}", r.stdout);
        assert!(r.stdout.contains("\"to_move_wins\": true"), "{}", r.stdout);
    }
    refused(
        &["analyze", "grundy-game", "18446744073709551615"],
        b"",
        &["character 1", "expected a heap of at most 131072 stones"],
    );
    // A limit past anything listable lists what can be listed, or is refused.
    let r = run(
        &[
            "analyze",
            "towers",
            "1:1000000000000000000",
            "--limit",
            "18446744073709551615",
        ],
        b"",
    );
    assert!(matches!(r.code, Some(0 | 2)), "{}", tail(&r.stderr));
}

#[test]
fn play_survives_garbage_lines() {
    let input: &[u8] =
        b"garbage\n\n   \n\0\0\n\xff\xfe\n99999999999999999999-1\n3-1 3-1\n\r\n5-9\nquit\n";
    let r = run(&["play", "pawns", "..P.P"], input);
    assert_eq!(r.code, Some(0), "{}", tail(&r.stderr));
    // Every line got an answer and the game went on to the quit.
    let prompts = r.stdout.matches("Your move").count();
    assert!(prompts >= 10, "{}", tail(&r.stdout));
    assert!(
        r.stdout.to_lowercase().contains("utf-8"),
        "{}",
        tail(&r.stdout)
    );
    // An endless line of NUL bytes ends the game with a message, not an abort.
    let r = run(&["play", "nim", "3,5"], &vec![0u8; 4 << 20]);
    assert!(matches!(r.code, Some(0 | 2)), "{}", tail(&r.stderr));
}

#[test]
fn truncated_and_garbage_certificates() {
    use flate2::write::GzEncoder;
    use flate2::Compression;
    let dir = tempfile::tempdir().unwrap();
    let gz = |content: &[u8]| {
        let mut e = GzEncoder::new(Vec::new(), Compression::fast());
        e.write_all(content).unwrap();
        e.finish().unwrap()
    };
    let header = "grundy-certificate 1\ngame: subtraction 1,2\npreperiod: 0\nperiod: 3\n";
    let good = gz(format!("{header}values: 5\n\n\x00\x01\x02\x00\x01").as_bytes());
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", vec![], "is empty"),
        (
            "truncated",
            good[..good.len() / 2].to_vec(),
            "cannot read the certificate",
        ),
        (
            "garbage",
            b"\x1f\x8b\x08\0garbage".to_vec(),
            "cannot read the certificate",
        ),
        (
            "not gzip",
            b"\0\0\0\0\xff\xff".to_vec(),
            "is neither gzip nor JSON",
        ),
        ("no magic", gz(b"hello\n"), "line 1"),
        (
            "binary header",
            gz(b"grundy-certificate 1\ngame: \xff\0\n"),
            "",
        ),
        (
            "count too large",
            gz(format!("{header}values: 18446744073709551616\n\n").as_bytes()),
            "line 5",
        ),
        (
            "count past the limit",
            gz(format!("{header}values: 8589934593\n\n").as_bytes()),
            "line 5",
        ),
        (
            "fewer values than said",
            gz(format!("{header}values: 8589934592\n\n\x00\x01").as_bytes()),
            "value",
        ),
        (
            "a varint past 32 bits",
            gz(&[
                format!("{header}values: 1\n\n").as_bytes(),
                b"\xff\xff\xff\xff\xff\x01",
            ]
            .concat()),
            "value",
        ),
        (
            "a header line without end",
            gz(&[b"grundy-certificate 1\ngame: ".as_slice(), &[b'7'; 1 << 20]].concat()),
            "line",
        ),
    ];
    for (name, bytes, needle) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let r = run(&["sequence", "check", path.to_str().unwrap()], b"");
        assert!(matches!(r.code, Some(1 | 2)), "{name}: {}", r.stderr);
        assert!(
            r.stderr.contains(needle) || r.stdout.contains(needle),
            "{name}: {}",
            r.stderr
        );
    }
    let path = dir.path().join("good");
    std::fs::write(&path, good).unwrap();
    let r = run(&["sequence", "check", path.to_str().unwrap()], b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// Every duration and count option is range-checked when read, the range in the
/// message: none may reach a conversion that panics (`1e20` seconds once did, in
/// `sequence`, `stress` and `interact`; `serve --workers 2^61` in the runtime).
#[test]
fn durations_and_counts_out_of_range_are_refused_with_their_range() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["sequence", "octal", "0.77", "--time-limit", "1e20"],
            "--time-limit: expected seconds from 0 to",
        ),
        (
            &["sequence", "octal", "0.77", "--time-limit", "nan"],
            "--time-limit: expected seconds",
        ),
        (
            &["stress", "adapwns", "--time-limit", "1e20", "--", "true"],
            "--time-limit: expected seconds from 0.001 to 3600",
        ),
        (
            &["stress", "adapwns", "--shrink-time", "1e20", "--", "true"],
            "--shrink-time: expected seconds from 0 to 86400",
        ),
        (
            &["stress", "adapwns", "--shrink-time", "inf", "--", "true"],
            "--shrink-time",
        ),
        (
            &["interact", "nim", "3", "--time-limit", "1e20", "--", "true"],
            "--time-limit: expected seconds from 0.001 to 3600",
        ),
        (
            &["serve", "--workers", "2305843009213693952"],
            "--workers: expected a whole number from 1 to 1024",
        ),
        (
            &["serve", "--workers", "0"],
            "--workers: expected a whole number from 1 to 1024, found 0",
        ),
        (
            &["serve", "--budget", "0"],
            "--budget: expected seconds from 0.001 to 3600, found 0",
        ),
        (
            &["serve", "--budget", "1e300"],
            "--budget: expected seconds from 0.001 to 3600",
        ),
    ];
    for (args, needle) in cases {
        refused(args, b"", &[needle]);
    }
}

/// `check --file` holds at most 4096 bytes of a line: a 50 MB line is read past and
/// reported by its length, not echoed (it once was, whole, and a 300 MB line took
/// 298 MB).
#[test]
fn check_file_skips_an_endless_line_without_echoing_it() {
    let mut input = vec![b'x'; 50 << 20];
    input.extend_from_slice(b"\n3,5 1-1\n");
    let r = run(&["check", "nim", "--file", "-"], &input);
    assert_eq!(r.code, Some(2), "{}", tail(&r.stderr));
    assert!(r.stdout.len() < 1000, "{} bytes of output", r.stdout.len());
    assert!(
        r.stdout
            .contains("line 1: longer than 4096 bytes (52428800 bytes), skipped"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("line 2: 1-1: legal"), "{}", r.stdout);
}

/// Every command that reads a named file refuses a FIFO (and a directory) before it
/// reads: a FIFO with no writer once held `grundy sequence check` forever.
#[test]
fn a_file_to_read_must_be_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    for (path, kind) in [
        (&fifo, "is a FIFO"),
        (&dir.path().to_owned(), "is a directory"),
    ] {
        let p = path.to_str().unwrap();
        let runs: [Vec<&str>; 4] = [
            vec!["sequence", "check", p],
            vec!["judge", "adapwns", p],
            vec!["validate", "adapwns", p],
            vec!["check", "nim", "--file", p],
        ];
        for args in runs {
            let out = super::grundy()
                .args(&args)
                .timeout(std::time::Duration::from_secs(10))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(
                stderr.contains(&format!("{p}: {kind}, not a regular file")),
                "{args:?}: {stderr}"
            );
        }
    }
}
