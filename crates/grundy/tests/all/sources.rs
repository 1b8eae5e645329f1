//! Checks over the workspace's own Rust sources (every `.rs` file under `crates/`).

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, in order, leaving out build output (`target`) and
/// hidden directories.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, found);
            }
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
}

/// The lines (from 1) of `text` with an `ignore` attribute that gives no reason:
/// `#[ignore]` rather than `#[ignore = "why, and how to run it"]`, also inside
/// `#[cfg_attr(..., ignore)]`. Attributes are read where a line starts with `#[`,
/// as rustfmt writes them, so text about them in comments and strings is left alone.
fn ignores_without_reason(text: &str) -> Vec<usize> {
    /// Whether `ignore` stands in `attr` as a word not followed by `=`.
    fn bare_ignore(attr: &str) -> bool {
        let word = |c: char| c.is_alphanumeric() || c == '_';
        attr.match_indices("ignore").any(|(i, w)| {
            let before = attr[..i].chars().next_back();
            let after = attr[i + w.len()..].trim_start();
            !before.is_some_and(word) && !after.starts_with(word) && !after.starts_with('=')
        })
    }
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let attr = line.trim_start().strip_prefix("#[")?;
            let attr = attr.trim_start();
            let names_ignore = attr.starts_with("ignore") || attr.starts_with("cfg_attr");
            (names_ignore && bare_ignore(attr)).then_some(i + 1)
        })
        .collect()
}

/// The scanner finds what it is for, planted, and passes the attributes that say
/// why (the attribute's name is put together so that this file holds none).
#[test]
fn the_scanner_finds_an_ignore_without_a_reason() {
    let name = ["ig", "nore"].concat();
    let planted = format!(
        "#[test]\n#[{name}]\nfn slow() {{}}\n\
         #[test]\n    #[ {name} ]\nfn slower() {{}}\n\
         #[cfg_attr(miri, {name})]\nfn under_miri() {{}}\n\
         #[test]\n#[{name} = \"about a minute; run with --ignored\"]\nfn explained() {{}}\n\
         #[cfg_attr(miri, {name} = \"too slow under Miri\")]\nfn explained_too() {{}}\n\
         /// A bare #[{name}] in a comment is text.\n\
         #[should_panic(expected = \"{name}d\")]\nfn other() {{}}\n"
    );
    assert_eq!(ignores_without_reason(&planted), vec![2, 5, 7]);
}

/// Every ignored test says why it is ignored and how to run it (`#[ignore = "about
/// 90 CPU seconds; run with --ignored"]`): a bare `#[ignore]` leaves a reader of
/// `cargo test`'s "ignored" line without either.
#[test]
fn every_ignored_test_gives_its_reason() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    assert!(
        files.len() > 100,
        "{} Rust files under crates/",
        files.len()
    );
    let mut bare = Vec::new();
    for path in &files {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in ignores_without_reason(&text) {
            let shown = path.strip_prefix(&crates).unwrap_or(path);
            bare.push(format!("{}:{line}", shown.display()));
        }
    }
    assert!(
        bare.is_empty(),
        "#[ignore] without a reason (write #[ignore = \"its cost; run with --ignored\"]): {}",
        bare.join(", ")
    );
}

/// The lines (from 1, continuation lines joined) of a shell script where pip builds
/// the Python package (`pip ... install ... ./crates/grundy-py`) without showing
/// cargo's progress: without `-v`, or with `-q`. The build takes minutes; a quiet
/// one looks hung.
fn quiet_package_builds(script: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut command = String::new();
    let mut first = 0;
    for (i, line) in script.lines().enumerate() {
        if command.is_empty() {
            first = i + 1;
        }
        let (body, continued) = match line.trim_end().strip_suffix('\\') {
            Some(body) => (body, true),
            None => (line, false),
        };
        command.push_str(body);
        command.push(' ');
        if continued {
            continue;
        }
        let words: Vec<&str> = command.split_whitespace().collect();
        let pip = words
            .iter()
            .position(|w| *w == "pip" || w.ends_with("/pip"));
        if let Some(p) = pip {
            let rest = &words[p..];
            let builds = rest.contains(&"install")
                && rest
                    .iter()
                    .any(|w| w.trim_matches('"').ends_with("crates/grundy-py"));
            let loud = rest.iter().any(|w| *w == "-v" || *w == "--verbose");
            let quiet = rest.iter().any(|w| *w == "-q" || *w == "--quiet");
            if builds && (!loud || quiet) {
                found.push(first);
            }
        }
        command.clear();
    }
    found
}

/// The check finds quiet builds of the package, planted, and passes loud ones and
/// other installs.
#[test]
fn the_script_check_finds_a_quiet_package_build() {
    let planted = "set -e\n\
        \"$ENV/bin/python\" -m pip install --quiet ./crates/grundy-py\n\
        python -m pip install ./crates/grundy-py\n\
        python -m pip --disable-pip-version-check -v \\\n    install --no-deps ./crates/grundy-py >&2\n\
        python -m pip -q install pytest\n\
        python -m pip -v -q install ./crates/grundy-py\n";
    assert_eq!(quiet_package_builds(planted), vec![2, 3, 7]);
}

/// Every script of the project that builds the Python package shows the build's
/// progress (`pip install -v`), and the README and docs/python.md say how to see it.
#[test]
fn every_build_of_the_python_package_shows_its_progress() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut scripts = Vec::new();
    for dir in ["scripts", ".ci", "bench", "bench/cgt", "bench/python"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|entry| entry.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        entries.sort();
        scripts.extend(entries);
    }
    let mut quiet = Vec::new();
    let mut builds = 0;
    for path in &scripts {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        builds += usize::from(text.contains("crates/grundy-py"));
        for line in quiet_package_builds(&text) {
            let shown = path.strip_prefix(&root).unwrap_or(path);
            quiet.push(format!("{}:{line}", shown.display()));
        }
    }
    assert!(builds >= 3, "{builds} scripts name the package");
    assert!(
        quiet.is_empty(),
        "pip builds the package without -v (minutes with no output): {}",
        quiet.join(", ")
    );
    for doc in ["README.md", "docs/python.md"] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        assert!(
            text.contains("pip install -v"),
            "{doc} says how to see the build's progress"
        );
    }
}
