//! Tests of `grundy_games::rules::octal::hexadecimal`.

use grundy_games::rules::octal::hexadecimal::*;

#[test]
fn permutation_xors_every_position() {
    for h in 0..64u32 {
        for i in 0..64u32 {
            assert_eq!(permute(1 << i, h), 1 << (i ^ h), "{i} ^ {h}");
        }
    }
    let mut into = vec![0u64; 4];
    or_xored(&mut into, &[1 << 3, 1 << 5], 70);
    // Positions 3 and 69 XORed with 70: 69 (word 1, bit 5) and 3 (word 0, bit 3).
    assert_eq!(into, vec![1 << 3, 1 << 5, 0, 0]);
}
