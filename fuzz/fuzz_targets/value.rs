//! The canonical-form notation of `grundy value`: an expression or a comparison,
//! computed within a small budget, then printed and read back; or `incentives(G)`,
//! each incentive checked against its option.
#![no_main]

use grundy::cgt::{parse_incentives, parse_query, parse_value, Query, Style, ValueBudget};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let budget = ValueBudget::steps(20_000);
    if let Ok(Some(list)) = parse_incentives(text, &budget) {
        // G + (G^L - G) = G^L and G - (G - G^R) = G^R, when the budget allows.
        let check = ValueBudget::steps(200_000);
        for &(gl, i) in &list.left {
            if let Ok(back) = list.game.add_within(i, &check) {
                assert_eq!(back, gl, "{text:?}");
            }
        }
        for &(gr, i) in &list.right {
            if let Ok(back) = i.try_neg().and_then(|n| list.game.add_within(n, &check)) {
                assert_eq!(back, gr, "{text:?}");
            }
        }
        return;
    }
    let Ok(query) = parse_query(text, &budget) else {
        return;
    };
    if let Query::Value(g) = query {
        // What is printed reads back as the same value.
        for style in [Style::Ascii, Style::Unicode] {
            let shown = g.to_string_in(style);
            let back = parse_value(&shown, &ValueBudget::steps(200_000))
                .unwrap_or_else(|e| panic!("{shown:?} does not read back: {e}"));
            assert_eq!(back, g, "{shown:?}");
        }
        let _ = g.thermograph();
    }
});
