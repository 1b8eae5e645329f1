//! `grundy book`, and `play --book` and `serve --book` reading what it writes.

use super::grundy;

/// Builds a book with `args` into `dir`/`name` and returns its path.
fn built(dir: &tempfile::TempDir, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.path().join(name);
    let out = grundy()
        .arg("book")
        .args(args)
        .arg("--out")
        .arg(&path)
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("solved; written to"), "{said}");
    path
}

#[test]
fn play_moves_from_a_book_and_refuses_a_foreign_or_damaged_one() {
    let dir = tempfile::tempdir().unwrap();
    let ttt = built(
        &dir,
        "ttt.json",
        &["tictactoe", "...|...|...", "--plies", "3"],
    );
    let out = grundy()
        .args([
            "play",
            "tictactoe",
            "...|...|...",
            "--you",
            "second",
            "--book",
        ])
        .arg(&ttt)
        .write_stdin("b2\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    // Two engine moves within the book's three plies.
    assert_eq!(text.matches("(from the book)").count(), 2, "{text}");

    // A book of another game; one whose bytes were changed; one that is no book.
    let nim = built(&dir, "nim.json", &["nim", "1,2", "--plies", "1"]);
    let damaged = dir.path().join("damaged.json");
    let bytes = std::fs::read_to_string(&ttt).unwrap();
    std::fs::write(&damaged, bytes.replacen("\"tie\"", "\"win\"", 1)).unwrap();
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    for (path, says) in [
        (&nim, "the book is for nim, not tictactoe"),
        (&damaged, "damaged"),
        (&empty, "not a grundy book"),
    ] {
        let out = grundy()
            .args(["play", "tictactoe", "...|...|...", "--book"])
            .arg(path)
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success() && err.contains(says), "{says}: {err}");
    }
}

#[test]
fn bad_arguments_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("b.json");
    for (args, says) in [
        (vec!["nim", "1,2", "--plies", "65"], "65 is not in 0..=64"),
        (
            vec!["tictactoe", "xxx|oo.|...", "--plies", "1"],
            "the game is over here",
        ),
        (vec!["tictactoe", "xx", "--plies", "1"], "start position"),
    ] {
        let out = grundy()
            .arg("book")
            .args(&args)
            .arg("--out")
            .arg(&out_path)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            !out.status.success() && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(!out_path.exists());
    }
    // A directory as the target is refused before the book is built.
    let out = grundy()
        .args(["book", "nim", "1,2", "--plies", "1", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
}
