//! Tests of `grundy_games::rules::marks`.

use grundy_games::rules::marks::*;

#[test]
fn lines_are_found_in_every_direction_and_never_across_rows() {
    let m = Marks::parse("xxx|oo.|...", 3, 3, true, 3, false).unwrap();
    assert_eq!(m.winner(3), Some(Mark::X));
    let m = Marks::parse("x.o|xo.|ox.", 3, 3, true, 3, false).unwrap();
    assert_eq!(m.winner(3), Some(Mark::O));
    // Wrapping from the end of one row to the start of the next is not a line.
    let m = Marks::parse("..x|xx.|oo.", 3, 3, true, 3, false).unwrap();
    assert_eq!(m.winner(3), None);
    let m = Marks::parse("....|....|xxxo|ooox", 4, 4, false, 4, true).unwrap();
    assert_eq!(m.winner(4), None);
    let m = Marks::parse("x...|xo..|xo..|xo..", 8, 8, false, 4, true).unwrap();
    assert_eq!(m.winner(4), Some(Mark::X));
    assert_eq!(m.show(), "x...|xo..|xo..|xo..");
}

#[test]
fn bad_boards_are_refused_with_the_reason() {
    let e = Marks::parse("xx.|...|...", 3, 3, true, 3, false).unwrap_err();
    assert!(e.to_string().contains("found 2 x and 0 o"), "{e}");
    let e = Marks::parse("xxx|ooo|x..", 3, 3, true, 3, false).unwrap_err();
    assert!(e.to_string().contains("found both"), "{e}");
    let e = Marks::parse("x..|...|...|...", 3, 3, true, 3, false).unwrap_err();
    assert!(e.to_string().contains("at most 3 rows"), "{e}");
    let e = Marks::parse("x.|..", 3, 3, true, 3, false).unwrap_err();
    assert!(e.to_string().contains("3 rows of 3 cells"), "{e}");
    let e = Marks::parse("x..|.q.|...", 3, 3, true, 3, false).unwrap_err();
    // A bad cell is named by the board's row and column, beside its character.
    assert!(
        e.to_string()
            .starts_with("row 2, column b (character 6): expected a cell: x, o or ."),
        "{e}"
    );
    let e = Marks::parse("x...|....", 8, 8, false, 4, true).unwrap_err();
    assert!(e.to_string().contains("floats"), "{e}");
    // A board play cannot reach is wrong as a whole, at no one character.
    assert!(
        e.to_string()
            .starts_with("the position: expected a board reached by play"),
        "{e}"
    );
    let e = Marks::parse("x..|..", 8, 8, false, 4, true).unwrap_err();
    assert!(e.to_string().contains("as long as the first"), "{e}");
}
