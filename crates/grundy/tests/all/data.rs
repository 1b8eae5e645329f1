//! The published data files under `tests/data/values/`.

use std::path::Path;

/// The whole numbers of a data file under `tests/data/values/`, skipping `#` lines;
/// they are separated by commas or white space.
pub fn read_numbers(name: &str) -> Vec<u64> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/values")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse()
                .unwrap_or_else(|_| panic!("{}: {w:?}", path.display()))
        })
        .collect()
}
