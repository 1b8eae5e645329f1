//! `grundy value` run as a real binary.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn value(expr: &str) -> String {
    let out = grundy().args(["value", expr]).output().unwrap();
    assert!(out.status.success(), "{expr}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn sums_and_comparisons() {
    assert_eq!(value("{1|0} + ^ + *2"), "{1^*2|^*2}\n");
    assert_eq!(value("^ + ^*"), "^2*\n");
    assert_eq!(value("^ <= *"), "false\n");
    assert_eq!(value("^ || *"), "true\n");
    assert_eq!(value("^* <| 0"), "true\n");
    assert_eq!(value("-(1/2 + v) = -1/2^"), "true\n");
    assert_eq!(value("-1/2 + +-1"), "{1/2|-3/2}\n");
    assert_eq!(value("{3|{2|0}}"), "{3||2|0}\n");
}

#[test]
fn unicode_and_details() {
    grundy()
        .args(["value", "{2|0}", "--details"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mean: 1\ntemperature: 1\n"))
        .stdout(predicate::str::contains("explicit: {{{{|}|}|}|{|}}"));
}

fn value_unicode(expr: &str) -> String {
    let out = grundy()
        .args(["value", expr, "--unicode"])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn unicode_output() {
    assert_eq!(value_unicode("^ + ^*"), "⇑*\n");
    assert_eq!(value_unicode("{1|-1}"), "±1\n");
    assert_eq!(value_unicode("v3*"), "↓3*\n");
}

#[test]
fn json_has_the_invariants() {
    let out = grundy()
        .args(["value", "{3||2|0}", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["canonical_form"], "{3||2|0}");
    assert_eq!(v["explicit"], "{{{{{|}|}|}|}|{{{{|}|}|}|{|}}}");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "2");
    assert_eq!(v["mean"], "2");
    assert_eq!(v["temperature"], "1");
    assert_eq!(v["birthday"], 4);

    let out = grundy()
        .args(["value", "^ || *", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["left"], "^");
    assert_eq!(v["relation"], "||");
    assert_eq!(v["right"], "*");
    assert_eq!(v["holds"], true);
}

/// `reduced(G)` and `atomic_weight(G)` are values like any other; `incentives(G)`,
/// a list, is the whole expression and prints each option with its incentive.
#[test]
fn reduced_forms_atomic_weights_and_incentives() {
    assert_eq!(value("reduced({1*|0} + ^)"), "{1|0}\n");
    assert_eq!(value("atomic_weight(^ + ^*)"), "2\n");
    assert_eq!(
        value("incentives({2|-1})"),
        "Left, G^L - G:\n  2: {3|0}\nRight, G - G^R:\n  -1: {3|0}\n"
    );
    assert_eq!(
        value("incentives(2)"),
        "Left, G^L - G:\n  1: -1\nRight, G - G^R: none\n"
    );
    let out = grundy()
        .args(["value", "incentives(^)", "--json", "--unicode"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["canonical_form"], "↑");
    assert_eq!(v["left_incentives"][0]["option"], "0");
    assert_eq!(v["left_incentives"][0]["incentive"], "↓");
    assert_eq!(v["right_incentives"][0]["option"], "*");
    assert_eq!(v["right_incentives"][0]["incentive"], "↑*");
    let out = grundy()
        .args(["value", "atomic_weight({^^|v})", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["canonical_form"], "1/2");
    grundy()
        .args(["value", "atomic_weight(1/2)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "1/2 is not all-small: in its position 1 only Left can move",
        ));
    grundy()
        .args(["value", "incentives(*) + 1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("character 15: expected the end"));
}

#[test]
fn svg_thermograph() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.svg");
    grundy()
        .args(["value", "{2|0}", "--svg"])
        .arg(&path)
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("mean 1, temperature 1"));
    grundy()
        .args(["value", "1 < 2", "--svg"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not of a comparison"));
}

#[test]
fn bad_expressions_name_the_column() {
    grundy()
        .args(["value", "^ <= "])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "character 6: expected a value (a number, *, ^, v, {, ( or +-), found the end",
        ))
        .stderr(predicate::str::contains("  ^ <= \n       ^\n"));
    grundy()
        .args(["value", "{1|2|3}"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "character 5: expected one longest run of bars",
        ));
    grundy()
        .args(["value", "1/3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("power of two"));
}

#[test]
fn a_budget_turns_a_huge_sum_into_an_error() {
    grundy()
        .args(["value", "*4095 + {1|0}", "--budget", "100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("budget exceeded"));
}

/// The memory of the forms made is counted, not only the steps: heating a deep
/// ordinal sum stores about 20 MB in fewer steps than the default budget, and within
/// 4 MiB it stops naming memory.
#[test]
fn a_memory_budget_stops_a_value_that_stores_too_much() {
    let expr = "heat(ordinal(*, 400), 1) == 0";
    grundy()
        .args(["value", expr])
        .assert()
        .success()
        .stdout("false\n");
    grundy()
        .args(["value", expr, "--memory", "4194304"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "budget exceeded: the computation needed more than 4194304 bytes of memory for its forms",
        ));
    grundy()
        .args(["value", "0", "--memory", "1000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--memory"));
}

/// Values past the limits are refused as written, at the right column, with the
/// real limit: `*18446744073709551615` was reported as `*4294967295`,
/// `^1000000000000` as `2147483647 ups`, `9223372036854775807` as beyond 64 bits, and
/// a brace's overflow at column 0.
#[test]
fn values_past_the_limits_are_refused_as_written() {
    for (expr, message) in [
        (
            "*18446744073709551615",
            "character 1: *18446744073709551615: nimbers below *4096 are supported",
        ),
        (
            "1 + ^1000000000000",
            "character 5: 1000000000000 ups: at most 4096 ups or downs are supported",
        ),
        (
            "9223372036854775807",
            "character 1: a number is too large to represent (numerators are at most 2^62",
        ),
        (
            "{|-4611686018427387904}",
            "character 1: a number is too large to represent",
        ),
    ] {
        grundy()
            .args(["value", expr])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// Printing is held by a limit like the work: a sum of 26 switches, whose canonical
/// form is a 309 MB line, is refused at once (it took 16 s and 663 MB), while a
/// comparison of it answers; an explicit limit past the range is refused (2^64 − 1
/// once ran 26 s to an abort at 3.8 GB).
#[test]
fn printing_is_bounded_too() {
    let sum: Vec<String> = (1..=26).map(|i| format!("+-{i}")).collect();
    let sum = sum.join(" + ");
    grundy()
        .args(["value", &sum])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the canonical form is longer than 1048576 bytes",
        ));
    grundy()
        .args(["value", &format!("{sum} == {sum}")])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .success()
        .stdout("true\n");
    grundy()
        .args([
            "value",
            "100000000",
            "--details",
            "--explicit-limit",
            "18446744073709551615",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--explicit-limit: expected a whole number from 0 to 1000000",
        ));
}

/// Values nested too deeply to work through are an error (exit 2, the reason), never
/// a crash: they overflowed the stack ("thread 'main' has overflowed its stack",
/// exit 134). A value as deep as a form may be still prints, in text and JSON.
#[test]
fn values_too_deep_are_an_error_not_a_crash() {
    for expr in [
        "ordinal(1, 100000)",
        "ordinal(*, 30000)",
        "ordinal({1|0}, 60000)",
        "ordinal(1, -100000)",
        "ordinal(*, 2500)",
        "ordinal(*, 20000) <= 0",
    ] {
        let out = grundy().args(["value", expr]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{expr}: {stderr}");
        assert!(
            stderr.contains("the value is nested too deeply to work through"),
            "{expr}: {stderr}"
        );
    }
    assert!(value("ordinal(*, 1900)").starts_with("{0,{0,"));
    let out = grundy()
        .args(["value", "ordinal(*, 1000)", "--json", "--details"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        v["canonical_form"].as_str().unwrap().starts_with("{0,{0,"),
        "{v}"
    );
    // An ordinal sum within reach: 1 : 3000 is 3001.
    assert_eq!(value("ordinal(1, 3000)"), "3001\n");
}

/// A value as deep as a form may be (2,000 levels of braces) that prints has its
/// invariants too: `--details`, `--json` and `--svg` answer where the plain print
/// does (the thermograph once ran past its stack budget on it, and `--details` had
/// printed the form before failing). A value past the limit is the same error with
/// every option, and nothing is printed on stdout before it.
#[test]
fn deep_values_answer_whole_with_every_option() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    // The mean and temperature of each are those of every shallower one (1/2 and
    // 0 for n = 5 ... 1000).
    for (expr, mean, temperature) in [
        ("ordinal({1|0}, 1999)", "1/2", "1/2"),
        ("ordinal(*, 1999)", "0", "0"),
    ] {
        let form = value(expr);
        assert!(
            form.starts_with('{') && form.len() > 10_000,
            "{expr}: {form}"
        );
        let run = |flags: &[&str]| {
            let out = grundy().args(["value", expr]).args(flags).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(out.status.success(), "{expr} {flags:?}: {stderr}");
            assert!(stderr.is_empty(), "{expr} {flags:?}: {stderr}");
            String::from_utf8(out.stdout).unwrap()
        };
        let details = run(&["--details"]);
        assert!(details.starts_with(&form), "{expr}: {details}");
        assert!(details.contains("\noutcome: N\n"), "{expr}: {details}");
        assert!(
            details.contains(&format!("\nmean: {mean}\ntemperature: {temperature}\n")),
            "{expr}: {details}"
        );
        let json: serde_json::Value = serde_json::from_str(&run(&["--json"])).unwrap();
        assert_eq!(json["canonical_form"], form.trim_end(), "{expr}");
        assert_eq!(json["mean"], mean, "{expr}");
        assert_eq!(json["temperature"], temperature, "{expr}");
        assert_eq!(run(&["--svg", svg.to_str().unwrap()]), form, "{expr}");
        let picture = std::fs::read_to_string(&svg).unwrap();
        assert!(picture.starts_with("<svg"), "{expr}: {picture}");
        std::fs::remove_file(&svg).unwrap();
    }
    for expr in ["ordinal({1|0}, 2000)", "ordinal(*, 2500)"] {
        for flags in [
            &[][..],
            &["--details"],
            &["--json"],
            &["--svg", svg.to_str().unwrap()],
        ] {
            let out = grundy().args(["value", expr]).args(flags).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{expr} {flags:?}: {stderr}");
            assert!(
                stderr.contains("the value is nested too deeply to work through"),
                "{expr} {flags:?}: {stderr}"
            );
            assert!(
                out.stdout.is_empty(),
                "{expr} {flags:?}: printed before the error"
            );
            assert!(
                !svg.exists(),
                "{expr} {flags:?}: wrote --svg before the error"
            );
        }
    }
}
