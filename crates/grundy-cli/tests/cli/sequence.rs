//! `grundy sequence` run as a real binary.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn the_editorial_exercise() {
    grundy()
        .args(["sequence", "subtraction", "--set", "2,4,5"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "subtraction {2,4,5}: G(0), ..., G(",
        ))
        .stdout(predicate::str::contains(" 0: 0 0 1 1 2 2 3 0 0 1\n"))
        .stdout(predicate::str::contains(
            "preperiod 0, period 7 (proven from ",
        ));
}

#[test]
fn kayles_json() {
    let out = grundy()
        .args(["sequence", "octal", "0.77", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "octal");
    assert_eq!(v["code"], "0.77");
    assert_eq!(v["preperiod"], 71);
    assert_eq!(v["period"], 12);
    // The periodicity theorem checks 71 <= n < 2·71 + 12 + 2 − 1, so 167 values.
    assert_eq!(v["computed"], 167);
    let values = v["values"].as_array().unwrap();
    assert_eq!(values.len(), 167);
    assert_eq!(values[11], 6);
}

#[test]
fn summary_leaves_the_values_out_and_to_computes_exactly() {
    let out = grundy()
        .args([
            "sequence",
            "octal",
            "0.137",
            "--to",
            "1000",
            "--json",
            "--summary",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["computed"], 1001);
    assert_eq!(
        (v["preperiod"].clone(), v["period"].clone()),
        (52.into(), 34.into())
    );
    assert!(v.get("values").is_none());
    assert!(
        out.stderr.is_empty(),
        "no progress bar when stderr is not a terminal"
    );
}

#[test]
fn no_period_within_the_limit() {
    let out = grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--limit",
            "500",
            "--json",
            "--summary",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["period"], serde_json::Value::Null);
    assert_eq!(v["preperiod"], serde_json::Value::Null);
    assert_eq!(v["computed"], 501);
    grundy()
        .args(["sequence", "octal", "0.6", "--to", "50"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("no period proven up to 50\n"));
}

#[test]
fn svg_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.svg");
    grundy()
        .args(["sequence", "octal", "0.77", "--summary", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("preperiod 71, period 12"));
}

#[test]
fn bad_input_is_exit_2_with_the_column() {
    grundy()
        .args(["sequence", "octal", "0.7G"])
        .assert()
        .code(2)
        .stderr(
            "grundy: octal code 0.7G: character 4: expected a digit 0-9 or A-F, or heap counts in \
             braces such as {2,3}, found 'G'\n",
        );
    grundy()
        .args(["sequence", "octal", "0.{1,4}"])
        .assert()
        .code(2)
        .stderr(
            "grundy: octal code 0.{1,4}: character 6: expected a heap count 0-3 (a move leaves at \
             most three heaps), found '4'\n",
        );
    grundy()
        .args(["sequence", "octal", "0.8", "--method", "sparse"])
        .assert()
        .code(2)
        .stderr("grundy: method sparse: octal 0.8 computes its values by naive or auto only\n");
    grundy()
        .args(["sequence", "subtraction", "--set", "2,0,5"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "grundy: --set 2,0,5: character 3: ",
        ));
    grundy()
        .args(["sequence", "octal", "0.7", "--to", "5", "--limit", "9"])
        .assert()
        .code(2);
    grundy()
        .args(["sequence", "octal", "0.7", "--to", "100000000000"])
        .assert()
        .code(2)
        .stderr("grundy: --to 100000000000: G(100000000000) is past the 536870912 values a sequence may hold (about 6 GB)\n");
    let dir = tempfile::tempdir().unwrap();
    grundy()
        .args(["sequence", "octal", "0.7", "--svg"])
        .arg(dir.path().join("missing/dir/x.svg"))
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("grundy: --svg: "))
        .stderr(predicate::str::contains("missing/dir/x.svg"));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    use std::io::Read;
    use std::process::{Command as Std, Stdio};
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["sequence", "subtraction", "--set", "3", "--to", "2000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn certificates_are_written_and_checked() {
    use grundy::sequence::certificate::Certificate;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kayles.cert");
    grundy()
        .args(["sequence", "octal", "0.77", "--summary", "--certificate"])
        .arg(&path)
        .assert()
        .success();
    grundy()
        .args(["sequence", "check"])
        .arg(&path)
        .assert()
        .code(0)
        .stdout("valid: octal 0.77, preperiod 71, period 12, proven from 167 values (each checked by the definition)\n");
    // A value changed: exit 1 naming the heap.
    let mut cert = Certificate::load(&path).unwrap();
    cert.values[30] += 1;
    let bad = dir.path().join("bad.cert");
    cert.save(&bad).unwrap();
    grundy()
        .args(["sequence", "check"])
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("invalid: octal 0.77: G(30) = "));
    // A false period with true values: exit 1.
    let mut cert = Certificate::load(&path).unwrap();
    cert.period.preperiod = 70;
    cert.save(&bad).unwrap();
    grundy()
        .args(["sequence", "check"])
        .arg(&bad)
        .assert()
        .code(1)
        .stdout("invalid: octal 0.77: G(70) = 6 but G(82) = 2, so period 12 fails from 70\n");
    // Not a certificate: exit 2.
    std::fs::write(&bad, "junk").unwrap();
    grundy()
        .args(["sequence", "check"])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is neither gzip nor JSON"));
    // Nothing proven, nothing to certify.
    grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--limit",
            "100",
            "--certificate",
        ])
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no period is proven up to 100"));
}

/// A computation that would run for hours stops at `--time-limit`, keeps what it
/// computed and says so; a negative limit is refused.
#[test]
fn the_time_limit_stops_a_long_computation() {
    let started = std::time::Instant::now();
    let out = grundy()
        .args(["sequence", "octal", "0.6", "--limit", "100000000"])
        .args(["--time-limit", "0.5", "--summary"])
        .output()
        .unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stdout.contains("no period proven up to"), "{stdout}");
    assert!(
        stderr.contains("stopped at the time limit (0.5 s) after")
            && stderr.contains("of the 100000001 values; --time-limit 0 computes them all"),
        "{stderr}"
    );
    grundy()
        .args(["sequence", "octal", "0.6", "--time-limit", "-1"])
        .assert()
        .code(2);
}

/// `--misere --quotient` stops at `--time-limit` too, with the reason and exit code 2:
/// Kayles' quotient of the heaps up to 20 is a few seconds of guessing, then a check
/// of the guess that once ran on for 40 s and 1.4 GB past the limit. A limit of 8 s
/// lets the guessing end on a loaded machine, so that the check is what it stops;
/// the bound of 30 s is what "stops" means there, not a measure of speed.
#[test]
fn the_time_limit_stops_a_misere_quotient() {
    let started = std::time::Instant::now();
    let out = grundy()
        .args([
            "sequence",
            "octal",
            "0.77",
            "--misere",
            "--quotient",
            "--to",
            "20",
        ])
        .args(["--time-limit", "8"])
        .timeout(std::time::Duration::from_secs(30))
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        took < std::time::Duration::from_secs(30),
        "ran {took:?} with --time-limit 8: {stderr}"
    );
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("stopped at the time limit (8 s)"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_checkpoint_resumes_with_the_same_results() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.ckpt");
    let run = |args: &[&str]| {
        let out = grundy().arg("sequence").args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let ckpt = file.to_str().unwrap();
    // A run stopped early (here by --to), then resumed further: as one from scratch.
    run(&[
        "octal",
        "0.1777",
        "--to",
        "3000",
        "--checkpoint",
        ckpt,
        "--quiet",
    ]);
    let (resumed, note) = run(&[
        "octal",
        "0.1777",
        "--to",
        "9000",
        "--json",
        "--checkpoint",
        ckpt,
    ]);
    assert!(
        note.contains("resuming from") && note.contains("3001 values"),
        "{note}"
    );
    let (fresh, _) = run(&["octal", "0.1777", "--to", "9000", "--json"]);
    assert_eq!(resumed, fresh);
    // Until a period is proven, from a checkpoint shorter and one longer than the proof.
    for first in ["100", "2000"] {
        let kayles = dir.path().join(format!("kayles-{first}.ckpt"));
        let k = kayles.to_str().unwrap();
        run(&["octal", "0.77", "--to", first, "--checkpoint", k, "--quiet"]);
        let (resumed, _) = run(&["octal", "0.77", "--json", "--checkpoint", k, "--quiet"]);
        let (fresh, _) = run(&["octal", "0.77", "--json"]);
        assert_eq!(resumed, fresh, "resumed from {first} values");
    }
    // Another game's checkpoint is refused, and left as it was.
    let before = std::fs::read(&file).unwrap();
    grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--to",
            "10",
            "--checkpoint",
            ckpt,
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the checkpoint is of octal 0.1777, not of octal 0.6",
        ));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // A file that is not a checkpoint is refused.
    std::fs::write(&file, "hello").unwrap();
    grundy()
        .args(["sequence", "octal", "0.77", "--checkpoint", ckpt])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read the checkpoint"));
}

#[test]
fn hexadecimal_codes() {
    // 4.C: take one stone and split the rest into two or three heaps.
    grundy()
        .args(["sequence", "octal", "4.C", "--summary"])
        .assert()
        .success()
        .stdout("octal 4.C: G(0), ..., G(262)\npreperiod 54, period 34 (proven from 263 values)\n");
    // CGSuite's braces: {3} is 8, a split into three heaps.
    grundy()
        .args(["sequence", "octal", "0.{3}", "--to", "12"])
        .assert()
        .success()
        .stdout("octal 0.8: G(0), ..., G(12)\n 0: 0 0 0 0 1 1 1 2 2 2\n10: 3 3 3\nno period proven up to 12\n");
    let out = grundy()
        .args(["analyze", "octal", "7", "--code", "0.8", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["winning_moves"],
        serde_json::json!([
            {"move": "1-1=1+2+3", "after": "1,2,3"},
            {"move": "1-1=2+2+2", "after": "2,2,2"}
        ])
    );
}

/// The values of a checkpoint file, and the file rewritten with `values` (a valid
/// gzip stream, whatever the values say).
fn checkpoint_values(path: &std::path::Path) -> Vec<u32> {
    use std::io::Read;
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut text)
        .unwrap();
    let body = text.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    let mut values = Vec::new();
    let (mut v, mut shift) = (0u32, 0);
    for &b in &text[body..] {
        v |= u32::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            values.push(v);
            (v, shift) = (0, 0);
        }
    }
    values
}

fn write_checkpoint(path: &std::path::Path, game: &str, values: &[u32]) {
    use std::io::Write;
    let mut text = format!(
        "grundy-checkpoint 1\ngame: {game}\nvalues: {}\n\n",
        values.len()
    )
    .into_bytes();
    for &v in values {
        let mut v = v;
        while v >= 0x80 {
            text.push((v as u8 & 0x7f) | 0x80);
            v >>= 7;
        }
        text.push(v as u8);
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).unwrap();
    std::fs::write(path, gz.finish().unwrap()).unwrap();
}

/// A run that asks for fewer values than a checkpoint holds leaves it as it was (it
/// once shrank 100,001 values to 101).
#[test]
fn a_checkpoint_never_shrinks() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("c");
    let ckpt = c.to_str().unwrap();
    grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--limit",
            "3000",
            "--checkpoint",
            ckpt,
            "--quiet",
        ])
        .assert()
        .success();
    assert_eq!(checkpoint_values(&c).len(), 3001);
    grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--to",
            "100",
            "--checkpoint",
            ckpt,
            "--quiet",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("G(0), ..., G(100)"));
    assert_eq!(checkpoint_values(&c).len(), 3001);
}

/// One wrong value in a checkpoint whose gzip stream is valid: no period is printed
/// as proven from it (Kayles was once reported with preperiod 1890, period 140).
#[test]
fn a_damaged_checkpoint_proves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let c = dir.path().join("c");
    let ckpt = c.to_str().unwrap();
    grundy()
        .args([
            "sequence",
            "octal",
            "0.77",
            "--to",
            "2000",
            "--checkpoint",
            ckpt,
            "--quiet",
        ])
        .assert()
        .success();
    let mut values = checkpoint_values(&c);
    assert_eq!(values.len(), 2001);
    // One value inside the proof (Kayles is proven from its first 167 values),
    // changed to another within what its heap's options allow.
    values[100] ^= 1;
    write_checkpoint(&c, "octal 0.77", &values);
    grundy()
        .args(["sequence", "octal", "0.77", "--checkpoint", ckpt, "--quiet"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("period").not())
        .stderr(predicate::str::contains("fail the independent check"))
        .stderr(predicate::str::contains("G(100)"));
    // A value beyond its heap's options is refused as it is read, before any table
    // is sized by it (2^31 once made grundy allocate 32 GB).
    write_checkpoint(&c, "octal 0.77", &[1 << 31, 0, 1]);
    grundy()
        .args(["sequence", "octal", "0.77", "--checkpoint", ckpt, "--quiet"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "G(0) = 2147483648 is saved, but heap 0 has only 0 options",
        ));
}

/// Checkpoints are written through an exclusive temporary: never through a symbolic
/// link, never into a FIFO (it once hung), and a directory that cannot be written is
/// found before the work, not after it.
#[test]
fn checkpoint_files_are_written_safely() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, b"keep").unwrap();
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    grundy()
        .args([
            "sequence",
            "octal",
            "0.77",
            "--checkpoint",
            link.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("symbolic link"));
    assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
    let fifo = dir.path().join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    grundy()
        .args([
            "sequence",
            "octal",
            "0.77",
            "--checkpoint",
            fifo.to_str().unwrap(),
        ])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a regular file"));
    let missing = dir.path().join("no-such-dir").join("c");
    let start = std::time::Instant::now();
    grundy()
        .args([
            "sequence",
            "octal",
            "0.6",
            "--to",
            "100000000",
            "--time-limit",
            "0",
        ])
        .args(["--checkpoint", missing.to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(10))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--checkpoint"));
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Certificate header fields are range-checked when read: a preperiod of 2^64 − 1
/// once overflowed the checker.
#[test]
fn certificate_headers_out_of_range_are_refused() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    for (header, needle) in [
        (
            "preperiod: 18446744073709551615\nperiod: 12",
            "line 3: expected a preperiod of at most the 3 values given",
        ),
        (
            "preperiod: 0\nperiod: 18446744073709551615",
            "line 4: expected a period from 1 to the 3 values given",
        ),
        (
            "preperiod: 0\nperiod: 0",
            "line 4: expected a period from 1",
        ),
    ] {
        let text =
            format!("grundy-certificate 1\ngame: octal 0.77\n{header}\nvalues: 3\n\n\x00\x01\x01");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        std::fs::write(&cert, gz.finish().unwrap()).unwrap();
        grundy()
            .args(["sequence", "check", cert.to_str().unwrap()])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    // A stream whose gzip checksum does not match is called damaged.
    let text = "grundy-certificate 1\ngame: octal 0.77\npreperiod: 0\nperiod: 1\nvalues: 3\n\n\x00\x01\x01";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(text.as_bytes()).unwrap();
    let mut bytes = gz.finish().unwrap();
    let n = bytes.len();
    bytes[n - 6] ^= 0xff; // in the CRC-32 trailer
    std::fs::write(&cert, bytes).unwrap();
    grundy()
        .args(["sequence", "check", cert.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("gzip checksum does not match"));
}

/// `--misere`: the genus of Kayles' heaps in Conway's notation, heap 5 the first
/// wild one.
#[test]
fn misere_kayles_genus() {
    grundy()
        .args(["sequence", "octal", "0.77", "--misere", "--to", "8"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "octal 0.77 (misère play): the genus of heaps 0..8\n",
        ))
        .stdout(predicate::str::contains("  0  0^120  tame\n"))
        .stdout(predicate::str::contains("  2  2^20   tame\n"))
        .stdout(predicate::str::contains("  5  4^146  wild\n"))
        .stdout(predicate::str::contains(
            "5 of 9 heaps tame; heap 5 is the first wild one",
        ));
}

/// `--misere --json`: one list per heap in `genus`, written out at least to γ3.
#[test]
fn misere_genus_json() {
    let out = grundy()
        .args([
            "sequence",
            "subtraction",
            "--set",
            "1,2",
            "--misere",
            "--to",
            "5",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["convention"], "misere");
    assert_eq!(
        json["genus"],
        serde_json::json!([
            [0, 1, 2, 0],
            [1, 0, 3, 1],
            [2, 2, 0, 2],
            [0, 1, 2, 0],
            [1, 0, 3, 1],
            [2, 2, 0, 2]
        ])
    );
    assert_eq!(json["notation"][2], "2^20");
    assert_eq!(json["tame_heaps"], 6);
}

/// Normal-play options that mean nothing for the genus are refused by name.
#[test]
fn misere_refuses_certificates() {
    grundy()
        .args([
            "sequence",
            "octal",
            "0.77",
            "--misere",
            "--certificate",
            "x.gz",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--certificate applies to normal play only",
        ));
}

/// `--misere --quotient`: 0.75's quotient of order 8, written as a certificate that
/// `grundy sequence check` proves, and refuses once a P-element is taken out.
#[test]
fn misere_quotient_and_its_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.json");
    grundy()
        .args([
            "sequence",
            "octal",
            "0.75",
            "--misere",
            "--quotient",
            "--to",
            "8",
            "--certificate",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("order 8\nP-portion: {1, 2+2}\n"));
    grundy()
        .args(["sequence", "check"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "valid: misère quotient of octal 0.75, heaps up to 8: order 8",
        ));
    let mut cert: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    cert["p_portion"].as_array_mut().unwrap().pop();
    std::fs::write(&path, serde_json::to_vec(&cert).unwrap()).unwrap();
    grundy()
        .args(["sequence", "check"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("invalid: octal 0.75: outcome:"));
}

/// `grundy sequence check` says what a file that is not a certificate is (it once
/// called every such file an "invalid gzip header"), takes a JSON certificate after
/// a UTF-8 byte-order mark, and checks every field of a quotient certificate: P's
/// elements listed once each, the elements' names.
#[test]
fn sequence_check_says_what_a_file_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.json");
    grundy()
        .args(["sequence", "octal", "0.75", "--misere", "--quotient"])
        .args(["--to", "6", "--certificate"])
        .arg(&path)
        .assert()
        .success();
    let good = std::fs::read(&path).unwrap();
    let check = |bytes: &[u8]| {
        let file = dir.path().join("c");
        std::fs::write(&file, bytes).unwrap();
        let out = grundy()
            .args(["sequence", "check"])
            .arg(&file)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (
            out.status.code(),
            text.replace(file.to_str().unwrap(), "FILE"),
        )
    };
    for (bytes, says) in [
        (&b"6"[..], "FILE: is JSON, but a number, not an object"),
        (b"null", "FILE: is JSON, but null, not an object"),
        (b"[1, 2]", "FILE: is JSON, but an array, not an object"),
        (b"", "FILE: is empty"),
        (b" \n", "FILE: is empty"),
        (b"hello", "FILE: is neither gzip nor JSON"),
        (
            b"{\"kind\": \"x\"}",
            "its \"kind\" is \"x\", not \"grundy mis\u{e8}re quotient\"",
        ),
    ] {
        let (code, text) = check(bytes);
        assert_eq!(code, Some(2), "{bytes:?}: {text}");
        assert!(text.contains(says), "{bytes:?}: {text}");
        assert!(!text.contains("gzip header"), "{bytes:?}: {text}");
    }
    let mut with_bom = "\u{feff}".as_bytes().to_vec();
    with_bom.extend_from_slice(&good);
    let (code, text) = check(&with_bom);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.starts_with("valid: misère quotient of octal 0.75"),
        "{text}"
    );
    let edited = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut cert: serde_json::Value = serde_json::from_slice(&good).unwrap();
        edit(&mut cert);
        check(&serde_json::to_vec(&cert).unwrap())
    };
    // An element of P listed twice.
    let (code, text) = edited(&|c| {
        let first = c["p_portion"][0].clone();
        c["p_portion"].as_array_mut().unwrap().insert(0, first);
    });
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("malformed: P lists 1 before 1"), "{text}");
    // Names that are not their elements' sums.
    let (code, text) = edited(&|c| c["elements"][1] = "2".into());
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("element 1 is named \"2\", but that sum is element"),
        "{text}"
    );
    let (code, text) = edited(&|c| c["elements"][1] = "renamed".into());
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("\"renamed\" is not a heap"), "{text}");
    // A field missing.
    let (code, text) = edited(&|c| {
        c.as_object_mut().unwrap().remove("pretending");
    });
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("missing field `pretending`"), "{text}");
}
