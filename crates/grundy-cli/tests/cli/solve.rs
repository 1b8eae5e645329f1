//! `grundy solve GAME POSITION --tiers --out DIR` and `grundy analyze --db DIR`: a
//! database of tier files written, reused on a rerun, answering as the analysis
//! does, and a damaged file refused with its reason.

use super::{analyze_json, grundy};

fn solve(args: &[&str]) -> (String, String) {
    let out = grundy().arg("solve").args(args).output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(out.status.success(), "{args:?}: {stderr}");
    (stdout, stderr)
}

#[test]
fn solve_writes_tier_files_that_analyze_db_answers_from_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c4");
    let db = db.to_str().unwrap();
    let (out, err) = solve(&["connect-four", "4x3:", "--tiers", "--out", db]);
    assert!(
        out.contains("13 tiers") && out.contains("13 tiers solved"),
        "{out}"
    );
    assert!(
        err.contains("tier 12:") && err.contains("positions/s"),
        "{err}"
    );
    // The same answer, in the same shape, as the search gives.
    for pos in ["4x3:", "4x3:2", "4x3:2233", "4x3:1122334"] {
        let plain = analyze_json(&["connect-four", pos]);
        let from_db = analyze_json(&["connect-four", pos, "--db", db]);
        for key in [
            "result",
            "remoteness",
            "best_moves",
            "winning_moves",
            "position",
        ] {
            assert_eq!(plain[key], from_db[key], "{pos}: {key}");
        }
        let by = from_db["solved_by"].as_str().unwrap();
        assert!(by.contains("tier database") && by.contains(db), "{by}");
    }
    // A rerun reuses every tier.
    let (out, err) = solve(&["connect-four", "4x3:", "--tiers", "--out", db]);
    assert!(
        out.contains("0 tiers solved") && out.contains("13 reused"),
        "{out}"
    );
    assert!(err.contains("reused"), "{err}");

    // A damaged file is refused with its reason.
    let path = dir.path().join("c4").join("tier-00004.grundy-tier");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let out = grundy()
        .args(["analyze", "connect-four", "4x3:2233", "--db", db])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tier-00004") && err.contains("checksum"),
        "{err}"
    );
    // And the rerun solves that tier again, saying why.
    let (out, err) = solve(&["connect-four", "4x3:", "--tiers", "--out", db]);
    assert!(
        out.contains("1 tiers solved") && out.contains("12 reused"),
        "{out}"
    );
    assert!(
        err.contains("tier 4:") && err.contains("solved again"),
        "{err}"
    );
}

#[test]
fn solve_refuses_a_game_without_tiers_and_a_missing_flag() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x");
    let out = grundy()
        .args(["solve", "nim", "3,4", "--tiers", "--out"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no tiers"));
    let out = grundy()
        .args(["solve", "tictactoe", "...|...|...", "--out"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--tiers"));
}

#[test]
fn solve_mpi_without_the_feature_names_the_build_and_with_it_runs_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ttt");
    let db = db.to_str().unwrap();
    // --part-size only with --mpi.
    let out = grundy()
        .args(["solve", "tictactoe", "...|...|...", "--tiers", "--out", db])
        .args(["--part-size", "10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--mpi"));
    let out = grundy()
        .args(["solve", "tictactoe", "...|...|...", "--tiers", "--out", db])
        .args(["--mpi", "--part-size", "300"])
        // Open MPI, when this grundy has it, runs a process started without mpirun
        // as a job of one; as root it asks for both.
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    if cfg!(feature = "mpi") {
        assert!(out.status.success(), "{stderr}");
        assert!(
            stdout.contains("10 tiers solved") && stdout.contains("by 1 processes"),
            "{stdout}"
        );
        assert!(stderr.contains("in 5 parts"), "{stderr}");
        let one = dir.path().join("one");
        solve(&[
            "tictactoe",
            "...|...|...",
            "--tiers",
            "--out",
            one.to_str().unwrap(),
            "--quiet",
        ]);
        for k in 0..10 {
            let name = format!("tier-{k:05}.grundy-tier");
            assert_eq!(
                std::fs::read(one.join(&name)).unwrap(),
                std::fs::read(dir.path().join("ttt").join(&name)).unwrap(),
                "{name}"
            );
        }
    } else {
        assert_eq!(out.status.code(), Some(2), "{stdout}");
        assert!(
            stderr.contains("built without MPI")
                && stderr.contains("cargo build --release -p grundy-cli --features mpi"),
            "{stderr}"
        );
        assert!(!dir.path().join("ttt").exists(), "nothing written");
    }
}
