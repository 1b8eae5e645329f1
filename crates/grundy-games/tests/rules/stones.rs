//! Tests of `grundy_games::rules::stones`: the board notation Clobber and Konane
//! share.

use grundy_games::rules::stones::Board;

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["xo|ox", "x", ".", "xxo.o|.....", "xoxoxoxo"] {
        assert_eq!(text.parse::<Board>().unwrap().to_string(), text);
    }
    let col = |t: &str| t.parse::<Board>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("xoX"), 3);
    assert_eq!(col("xo|o"), 5);
    assert_eq!(col("xoxoxoxox"), 9);
}
