//! Tests of `grundy_games::rules::grid`.

use grundy_games::rules::grid::*;

#[test]
fn symmetries_are_involutions_and_regions_partition() {
    let x = 0x0000_0000_0607_0301u64 & rectangle(4, 3);
    assert_eq!(transpose(transpose(x)), x);
    assert_eq!(flip_rows(flip_rows(x, 4), 4), x);
    assert_eq!(flip_cols(flip_cols(x, 3), 3), x);
    let cells = bit(0, 0) | bit(0, 1) | bit(2, 2) | bit(3, 2) | bit(7, 7);
    let r = regions(cells);
    assert_eq!(r, [bit(0, 0) | bit(0, 1), bit(2, 2) | bit(3, 2), bit(7, 7)]);
    assert_eq!(bounding_box(r[1]), (18, 2, 1));
    let diagonal = bit(0, 0) | bit(1, 1) | bit(3, 3);
    assert_eq!(
        regions_by(diagonal, king_neighbours),
        [bit(0, 0) | bit(1, 1), bit(3, 3)]
    );
    assert_eq!(
        king_neighbours(bit(0, 7)),
        bit(0, 6) | bit(0, 7) | bit(1, 6) | bit(1, 7)
    );
    assert_eq!(parse_cell("b3"), Ok((2, 1)));
    assert!(parse_cell("b9").is_err() && parse_cell("").is_err() && parse_cell("bb").is_err());
}
