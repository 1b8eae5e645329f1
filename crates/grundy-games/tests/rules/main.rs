//! The tests of the rulesets, one module per source file of `src/rules`.
//!
//! They live here rather than in `#[cfg(test)]` modules of the library so that
//! `cargo test` compiles the library once: a unit-test target would compile the whole
//! library a second time (`[lib] test = false` in Cargo.toml). They use the crate's
//! public API.

mod ab;
mod ab_ruleset;
mod amazons;
mod book;
mod clobber;
mod colouring;
mod connect_four;
mod cram;
mod cutcake;
mod digraph;
mod domineering;
mod drawing;
mod fox_geese;
mod grid;
mod grundy_game;
mod grundy_game_values;
mod hackenbush;
mod heaps;
mod heaps_cache;
mod konane;
mod marks;
mod nim;
mod octal;
mod octal_hexadecimal;
mod octal_naive;
mod octal_tail;
mod pawns;
mod pawns_dense;
mod pawns_explain;
mod pawns_ruleset;
mod pawns_solve;
mod staircase;
mod stones;
mod subtraction;
mod subtraction_values;
mod table;
mod table_position;
mod table_ruleset;
mod tictactoe;
mod tier_files;
mod toads;
mod toppling;
mod towers;
mod towers_cities;
mod towers_finder;
mod towers_ruleset;
mod wythoff;
mod wythoff_golden;
mod wythoff_table;

/// The library has no unit-test target (`test = false`), so a `#[cfg(test)]` item in
/// `src` would never be compiled nor run: tests belong in this binary.
#[test]
fn no_cfg_test_in_the_library() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                if text.contains("#[cfg(test)]") {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    walk(&src, &mut found);
    assert!(
        found.is_empty(),
        "#[cfg(test)] in the library, whose unit tests never run (lib.test = false in \
         Cargo.toml); move the tests to tests/rules: {}",
        found.join(", ")
    );
}
