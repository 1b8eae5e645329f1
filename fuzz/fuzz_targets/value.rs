//! The canonical-form notation of `grundy value`: an expression or a comparison,
//! computed within a small budget, then printed and read back.
#![no_main]

use grundy::cgt::{parse_query, parse_value, Budget, Query, Style};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let budget = Budget::steps(20_000);
    let Ok(query) = parse_query(text, &budget) else {
        return;
    };
    if let Query::Value(g) = query {
        // What is printed reads back as the same value.
        for style in [Style::Ascii, Style::Unicode] {
            let shown = g.to_string_in(style);
            let back = parse_value(&shown, &Budget::steps(200_000))
                .unwrap_or_else(|e| panic!("{shown:?} does not read back: {e}"));
            assert_eq!(back, g, "{shown:?}");
        }
        let _ = g.thermograph();
    }
});
