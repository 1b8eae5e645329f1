//! Tests of `grundy_games::rules::grid`.

use grundy_engine::ruleset::RulesetExt;
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

/// The eight images of a board written as rows separated by `|`, by rewriting the
/// text: the rows reversed, each row reversed, both, and the same transposed.
fn text_images(text: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
    let transposed: Vec<Vec<char>> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c]).collect())
        .collect();
    let mut out = Vec::new();
    for grid in [rows, transposed] {
        for (flip_rows, flip_cols) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut g = grid.clone();
            if flip_rows {
                g.reverse();
            }
            if flip_cols {
                g.iter_mut().for_each(|r| r.reverse());
            }
            let rows: Vec<String> = g.iter().map(|r| r.iter().collect()).collect();
            out.push(rows.join("|"));
        }
    }
    out
}

/// `normalize` of each ruleset is the least of the sixteen images of a board (eight
/// symmetries, with and without the colours swapped), computed here from the text,
/// an image not swapped taken over an equal swapped one: on random boards of every
/// shape up to 4×4 and a few larger.
#[test]
fn the_least_image_is_the_least_of_all_sixteen() {
    use grundy_engine::ruleset::Ruleset;
    use grundy_games::rules::konane::Konane;
    use grundy_games::rules::{amazons::Amazons, clobber::Clobber, colouring::Colouring};

    fn check<R: Ruleset>(rules: &R, text: &str, swap: fn(char) -> char)
    where
        R::Position: Ord + std::fmt::Debug,
    {
        let images = text_images(text);
        let swapped: Vec<String> = images
            .iter()
            .map(|t| t.chars().map(swap).collect())
            .collect();
        let parse = |t: &String| rules.parse_position(t).unwrap();
        let mut best = (parse(&images[0]), false);
        for (list, negated) in [(&images, false), (&swapped, true)] {
            for t in list {
                let b = parse(t);
                if b < best.0 {
                    best = (b, negated);
                }
            }
        }
        let got = rules.normalize(&parse(&text.to_string()));
        assert_eq!(got, best, "{} {text}", rules.name());
    }

    let swap_xo = |c: char| match c {
        'x' => 'o',
        'o' => 'x',
        c => c,
    };
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as usize
    };
    let mut shapes: Vec<(usize, usize)> =
        (1..=4).flat_map(|h| (1..=4).map(move |w| (h, w))).collect();
    shapes.extend([(2, 7), (7, 2), (3, 6), (5, 5)]);
    for (h, w) in shapes {
        for _ in 0..40 {
            let board = |cells: &[char], random: &mut dyn FnMut(u64) -> usize| {
                let rows: Vec<String> = (0..h)
                    .map(|_| (0..w).map(|_| cells[random(cells.len() as u64)]).collect())
                    .collect();
                rows.join("|")
            };
            let stones = board(&['x', 'o', '.', '.'], &mut random);
            check(&Konane::default(), &stones, swap_xo);
            check(&Clobber::default(), &stones, swap_xo);
            check(
                &Amazons::default(),
                &board(&['x', 'o', '.', '.', '#'], &mut random),
                swap_xo,
            );
            let map = board(&['.', '.', '#', 'x', 'o'], &mut random);
            check(&Colouring::snort(), &map, swap_xo);
            check(&Colouring::col(), &map, swap_xo);
        }
    }
}
