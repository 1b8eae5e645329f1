//! The notation: printing in ASCII, Unicode and the explicit form, reading back,
//! and errors that name the column and what was expected.

use grundy::cgt::{
    parse_query, parse_value, CanonicalForm, ExpressionError, Query, Style, ValueBudget, ValueError,
};

fn g(s: &str) -> CanonicalForm {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn prints_the_usual_forms() {
    for (text, ascii, unicode) in [
        ("0", "0", "0"),
        ("*", "*", "*"),
        ("*3", "*3", "*3"),
        ("-3/4", "-3/4", "-3/4"),
        ("^", "^", "↑"),
        ("v", "v", "↓"),
        ("^^", "^2", "⇑"),
        ("vvv", "v3", "↓3"),
        ("^*", "^*", "↑*"),
        ("+-1", "+-1", "±1"),
        ("±1/2", "+-1/2", "±1/2"),
        ("1*", "1*", "1*"),
        ("2^*", "2^*", "2↑*"),
        ("-1/2v*3", "-1/2v*3", "-1/2↓*3"),
        ("{3|{2|0}}", "{3||2|0}", "{3||2|0}"),
        ("{{3|2}|{1|0}}", "{3|2||1|0}", "{3|2||1|0}"),
        ("{2,{3|0}|-1}", "{2,{3|0}|-1}", "{2,{3|0}|-1}"),
    ] {
        let v = g(text);
        assert_eq!(v.to_string(), ascii, "{text}");
        assert_eq!(v.to_string_in(Style::Unicode), unicode, "{text}");
        assert_eq!(format!("{v:#}"), unicode);
        assert_eq!(g(ascii), v);
        assert_eq!(g(unicode), v);
    }
}

#[test]
fn explicit_form() {
    assert_eq!(g("0").explicit(100).unwrap(), "{|}");
    assert_eq!(g("1").explicit(100).unwrap(), "{{|}|}");
    assert_eq!(g("*").explicit(100).unwrap(), "{{|}|{|}}");
    assert_eq!(g("^").explicit(100).unwrap(), "{{|}|{{|}|{|}}}");
    assert_eq!(g("{{|}|{|}}"), g("*"));
    assert_eq!(g("{{{|}|}|}"), g("2"));
    // Too long for the limit.
    assert_eq!(g("100").explicit(50), None);
}

#[test]
fn slash_notation_splits_at_the_longest_bar_run() {
    assert_eq!(g("{3||2|0}"), g("{3|{2|0}}"));
    assert_eq!(g("{4|3||2}"), g("{{4|3}|2}"));
    assert_eq!(g("{5|||4|3||2}"), g("{5|{{4|3}|2}}"));
}

fn syntax(text: &str) -> (usize, String) {
    match parse_query(text, &ValueBudget::unlimited()) {
        Err(ExpressionError::Syntax {
            column, expected, ..
        }) => (column, expected),
        other => panic!("{text}: {other:?}"),
    }
}

/// The column and the reason of `text`'s value error.
fn value_error(text: &str) -> (usize, ValueError) {
    match parse_query(text, &ValueBudget::unlimited()) {
        Err(ExpressionError::Value { column, source }) => (column, source),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn errors_name_the_column_and_what_was_expected() {
    assert_eq!(syntax("{1|").0, 4);
    assert!(syntax("{1|").1.contains("a value"));
    let (c, e) = syntax("^ <= ");
    assert_eq!(c, 6);
    assert!(e.contains("a value"), "{e}");
    let (c, e) = syntax("1/3");
    assert_eq!(c, 1);
    assert!(e.contains("power of two"), "{e}");
    let (c, e) = syntax("{1|2|3}");
    assert_eq!(c, 5);
    assert!(e.contains("longest run of bars"), "{e}");
    assert_eq!(syntax("(1 + *").0, 7);
    assert_eq!(syntax("1 2").0, 3);
    assert_eq!(syntax("{1,|0}").0, 4);
    assert_eq!(syntax("").0, 1);
    let (c, _) = syntax("{1 0}");
    assert_eq!(c, 4);
    assert!(matches!(
        value_error("1 + *5000"),
        (5, ValueError::TooLarge(_))
    ));
    assert!(matches!(
        value_error("4611686018427387904 + 1"),
        (21, ValueError::Overflow)
    ));
}

/// The notation is read byte by byte, but columns count characters: arrows, `±`,
/// `≤`, `−`, `×` and Unicode spaces before an error move it by one each.
#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(syntax("±1 + ↑ + {1|").0, 13);
    assert_eq!(syntax("⇑ ≤ ↓ ≥").0, 7);
    assert_eq!(syntax("−1 ×").0, 5);
    assert_eq!(syntax("1\u{3000}2").0, 3);
    let (c, e) = syntax("{↑|↓|⇓}");
    assert_eq!(c, 5);
    assert!(e.contains("repeats the one at character 3"), "{e}");
    assert!(matches!(
        value_error("↑ + *5000"),
        (5, ValueError::TooLarge(_))
    ));
    let g = |s: &str| parse_value(s, &ValueBudget::unlimited()).unwrap();
    assert_eq!(g("1\u{3000}+\u{a0}2"), g("3"));
    assert_eq!(g("*2 × *3"), g("*2 x *3"));
    assert_eq!(g("−2"), g("-2"));
    assert_eq!(g("±1 − ⇓"), g("+-1 - vv"));
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(500))]
    /// Any text over the notation's characters, one and several bytes long, is read
    /// or refused without a panic, and a refusal's column is a character of the text
    /// or the end.
    #[test]
    fn any_text_is_read_or_refused_at_a_column_of_its_characters(
        picks in proptest::collection::vec(0usize..32, 0..24),
    ) {
        const ALPHABET: [char; 32] = [
            '{', '}', '|', ',', '0', '1', '7', '/', '2', '^', 'v', '*', '+', '-', '(', ')',
            ' ', '±', '↑', '↓', '⇑', '⇓', '≤', '≥', '−', '×', '\u{3000}', 'x', 'c', 'o', 'l',
            '=',
        ];
        let text: String = picks.iter().map(|&i| ALPHABET[i]).collect();
        if let Err(e) = parse_query(&text, &ValueBudget::steps(100_000)) {
            let column = e.column();
            proptest::prop_assert!(
                (1..=text.chars().count() + 1).contains(&column),
                "{text:?}: column {column}"
            );
        }
    }
}

#[test]
fn a_budget_stops_a_long_computation() {
    let tiny = ValueBudget::steps(10);
    match parse_query("{3|{2|0}} + {5|{1|-1}} + {4|1} + ^*3", &tiny) {
        Err(ExpressionError::Value {
            source: ValueError::Budget { .. },
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn comparisons() {
    let holds = |s: &str| match parse_query(s, &ValueBudget::unlimited()).unwrap() {
        Query::Compare { holds, .. } => holds,
        Query::Value(v) => panic!("{s} is the value {v}"),
    };
    assert!(!holds("^ <= *"));
    assert!(holds("^ || *"));
    assert!(holds("^ |> *"));
    assert!(holds("^ <| *"));
    assert!(holds("^* <| 0"));
    assert!(!holds("^ <| 0"));
    assert!(holds("^ >= 0"));
    assert!(holds("^ + v == 0"));
    assert!(holds("^ + v = 0"));
    assert!(!holds("^ < ^"));
    assert!(holds("-(1/2) = -1/2"));
    assert!(holds("1 - 1/2 = 1/2"));
    assert!(holds("2 - -1 = 3"));
    assert!(holds("1 +- 1 = {2|0}"));
    assert!(holds("-^ = v"));
    assert!(holds("1 ≤ 2"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let (c, e) = syntax(&deep);
    assert_eq!(c, grundy::cgt::MAX_NESTING + 1);
    assert!(e.contains("nested"), "{e}");
    assert!(syntax(&"-".repeat(10_000)).1.contains("nested"));
    // A tall value prints its explicit form without deep recursion.
    let tall = g("20000");
    assert_eq!(tall.explicit(1000), None);
    // n = {n-1|}: three characters per level, down to {|}.
    assert_eq!(tall.explicit(1 << 20).unwrap().len(), 3 * 20_001);
}

/// Integers standing alone as options are read by a shortcut: the same games as
/// through the full grammar (the integers in parentheses, or with a sign or spaces),
/// and every case the shortcut leaves to the grammar still read as before.
#[test]
fn options_that_are_integers_read_as_through_the_grammar() {
    for (short, long) in [
        ("{0|}", "{(0)|}"),
        ("{0,1|2}", "{(0), +1 | (2)}"),
        ("{007|3}", "{7|(3)}"),
        ("{12|-3}", "{(12)|(-3)}"),
        ("{3||2|1}", "{3||(2)|1}"),
        ("{2||1|0}", "{(2)||(1)|0}"),
        ("{|0,{0|}}", "{|(0),{(0)|}}"),
        ("(5)", "5"),
        ("{999999999999999999|}", "{(999999999999999999)|}"),
    ] {
        assert_eq!(g(short), g(long), "{short} against {long}");
    }
    assert_eq!(g("{0|}").to_string(), "1");
    assert_eq!(g("{0,1|2}").to_string(), "3/2");
    // Not alone: an operator, a fraction, ups or a star follow the digits.
    assert_eq!(g("{1+1|}"), g("3"));
    assert_eq!(g("{1/2|}"), g("1"));
    assert_eq!(g("{0^|}"), g("{^|}"));
    assert_eq!(g("{0*|0}"), g("{*|0}"));
    assert_eq!(g("{-0|}"), g("1"));
    // Nineteen digits go through the grammar: 2^62 is the largest number.
    assert_eq!(g("{|4611686018427387904}"), g("0"));
    assert_eq!(syntax("{|46116860184273879040}").0, 3);
    assert_eq!(syntax("{5|3,}").0, 6);
    assert_eq!(syntax("{12 34|}").0, 5);
}
