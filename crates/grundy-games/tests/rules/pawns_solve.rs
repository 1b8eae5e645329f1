//! Tests of `grundy_games::rules::pawns::solve`.

use grundy_games::rules::pawns::{Board, PawnMove, Pawns};

#[test]
fn reduction_of_the_editorial_example() {
    // ...P..P.P: piles 3, 2, 1 from the left; the 1st and 3rd from the right count.
    let rules = Pawns::adapwns();
    let r = rules.reduce(&"...P..P.P".parse().unwrap());
    let piles: Vec<(usize, u64, bool, u64)> = r
        .piles
        .iter()
        .map(|p| (p.square, p.stones, p.counted, p.residue))
        .collect();
    assert_eq!(piles, [(4, 3, true, 0), (7, 2, false, 2), (9, 1, true, 1)]);
    assert_eq!(r.xor, 1);
    assert_eq!(r.modulus, 3);
}

#[test]
fn xor_after_matches_a_fresh_reduction() {
    let rules = Pawns::new(3).unwrap();
    let board: Board = "..P....P.P".parse().unwrap();
    let r = rules.reduce(&board);
    for (i, pile) in r.piles.iter().enumerate() {
        for d in 1..=pile.stones.min(3) {
            let mv = PawnMove {
                from: pile.square - 1,
                to: pile.square - 1 - d as usize,
            };
            let after = rules.after(&board, &mv);
            assert_eq!(r.xor_after(i, d), rules.reduce(&after).xor, "{mv}");
        }
    }
}
