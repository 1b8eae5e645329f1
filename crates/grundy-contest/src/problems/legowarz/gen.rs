//! LEGOWARZ cities.

use super::Building;
use super::{COUNT, H, N};
use crate::setter::gen::{Gen, Kind};
use crate::setter::rng::Rng;

/// 1 ⊕ 2 ⊕ … ⊕ m: m, 1, m + 1 or 0 as m mod 4 is 0, 1, 2 or 3.
fn xor_upto(m: u128) -> u128 {
    match m % 4 {
        0 => m,
        1 => 1,
        2 => m + 1,
        _ => 0,
    }
}

/// The XOR of the heights of a building's towers, h ⊕ (h + 1) ⊕ … ⊕ (h + n − 1),
/// exact for all 64-bit h and n (the tallest tower may pass 2^64).
pub fn range_xor(b: Building) -> u128 {
    if b.count == 0 {
        return 0;
    }
    let top = u128::from(b.height) + u128::from(b.count) - 1;
    xor_upto(top) ^ xor_upto(u128::from(b.height).saturating_sub(1))
}

/// The fewest buildings (at most two) whose towers XOR to `value`: none for 0, one
/// tower of height `value` below 2^64, and past that the towers from 2^64 − 4 up to
/// `value` without its low two bits, plus one tower of those bits. `None` when
/// `value` is too large for that (from 2^65 − 4 on).
pub fn buildings_with_xor(value: u128) -> Option<Vec<Building>> {
    if value == 0 {
        return Some(Vec::new());
    }
    if let Ok(height) = u64::try_from(value) {
        return Some(vec![Building { height, count: 1 }]);
    }
    // The XOR below 2^64 − 4 is 0 (2^64 − 5 ≡ 3 mod 4); the XOR up to `high` is
    // `high` itself (≡ 0 mod 4).
    let low = (value & 3) as u64;
    let high = value - u128::from(low);
    let height = u64::MAX - 3;
    let count = u64::try_from(high - u128::from(height) + 1).ok()?;
    let mut out = vec![Building { height, count }];
    if low != 0 {
        out.push(Building {
            height: low,
            count: 1,
        });
    }
    Some(out)
}

/// The XOR of every tower of a city: Alice wins when it is not 0.
pub fn city_xor(city: &[Building]) -> u128 {
    city.iter().fold(0, |acc, &b| acc ^ range_xor(b))
}

pub(super) fn generate(g: &Gen, rng: &mut Rng) -> Vec<Building> {
    let (cap_h, cap_n) = (g.cap(H), g.cap(COUNT));
    let random = |rng: &mut Rng| Building {
        height: rng.log_range(1, cap_h),
        count: rng.log_range(1, cap_n),
    };
    match g.kind {
        Kind::Corner => {
            let mut city = corners(cap_h, cap_n);
            let t = g.cases.unwrap_or(city.len() as u64) as usize;
            rng.shuffle(&mut city);
            city.truncate(t);
            while city.len() < t {
                city.push(random(rng));
            }
            city
        }
        Kind::Limits => {
            let t = g.count(rng, N) as usize;
            let extremes = [(1, 1), (cap_h, cap_n), (1, cap_n), (cap_h, 1)];
            let mut city: Vec<Building> = (0..t).map(|_| random(rng)).collect();
            for (b, &(height, count)) in city.iter_mut().zip(&extremes) {
                *b = Building { height, count };
            }
            rng.shuffle(&mut city);
            city
        }
        Kind::SecondWins => {
            let t = g.count(rng, N) as usize;
            loop {
                let mut city: Vec<Building> =
                    (0..t.saturating_sub(2)).map(|_| random(rng)).collect();
                if let Some(fix) = cancel(rng, city_xor(&city), t.min(2), cap_h, cap_n) {
                    city.extend(fix);
                    rng.shuffle(&mut city);
                    return city;
                }
            }
        }
        // Half the first-player wins, where the caps reach past 2^64: a city whose
        // towers XOR to exactly 2^64. A solution that adds h + n − 1 in 64 bits
        // loses bit 64 of every tallest tower past 2^64 − 1 (and nothing else), so
        // it answers Bob there: the one case where that wrap changes the verdict.
        Kind::FirstWins if cap_h >= 1 << 63 && cap_n >= 1 << 63 && rng.chance(1, 2) => {
            let t = g.count(rng, N) as usize;
            loop {
                let mut city: Vec<Building> =
                    (0..t.saturating_sub(2)).map(|_| random(rng)).collect();
                let want = city_xor(&city) ^ (1 << 64);
                if let Some(fix) = cancel(rng, want, t.min(2), cap_h, cap_n) {
                    city.extend(fix);
                    rng.shuffle(&mut city);
                    return city;
                }
            }
        }
        Kind::FirstWins | Kind::Random | Kind::Diagonal => {
            let t = g.count(rng, N) as usize;
            let mut city: Vec<Building> = (0..t).map(|_| random(rng)).collect();
            if g.kind == Kind::FirstWins && city_xor(&city) == 0 {
                // One tower more or less changes the XOR by that tower's height.
                let b = &mut city[0];
                b.count = if b.count < u64::MAX {
                    b.count + 1
                } else {
                    b.count - 1
                };
            }
            city
        }
    }
}

/// A building whose towers XOR to 0: n ≡ 0 (mod 4) towers from a height ≡ 0
/// (mod 4), or n ≡ 3 (mod 4) towers from height 1.
fn zero_building(rng: &mut Rng, cap_h: u64, cap_n: u64) -> Building {
    if rng.chance(1, 4) {
        let count = 4 * rng.log_range(0, (cap_n.max(3) - 3) / 4) + 3;
        Building { height: 1, count }
    } else {
        Building {
            height: 4 * rng.log_range(1, (cap_h / 4).max(1)),
            count: 4 * rng.log_range(1, (cap_n / 4).max(1)),
        }
    }
}

/// `slots` buildings (1 or 2) whose XOR is `value` (below 2^66), or `None` when the
/// value cannot be cancelled that way (the caller draws again).
fn cancel(
    rng: &mut Rng,
    value: u128,
    slots: usize,
    cap_h: u64,
    cap_n: u64,
) -> Option<Vec<Building>> {
    let mut fix = Vec::new();
    if value == 0 {
        // A pair of equal buildings, or a building of XOR 0.
        if slots == 2 && rng.chance(1, 2) {
            let b = Building {
                height: rng.log_range(1, cap_h),
                count: rng.log_range(1, cap_n),
            };
            fix = vec![b, b];
        }
    } else {
        fix = buildings_with_xor(value)?;
        if fix.len() > slots {
            return None;
        }
    }
    while fix.len() < slots {
        fix.push(zero_building(rng, cap_h, cap_n));
    }
    (fix.len() == slots).then_some(fix)
}

/// Hand-picked buildings: values 1 and the caps, towers crossing 2^32 and 2^63,
/// the tallest tower 2^65 − 2, and buildings whose towers XOR to 0.
fn corners(cap_h: u64, cap_n: u64) -> Vec<Building> {
    let mut city = vec![
        (1, 1),
        (1, 3),
        (4, 4),
        (cap_h, 1),
        (1, cap_n),
        (cap_h, cap_n),
        (cap_h, 2),
    ];
    for edge in [1u64 << 32, 1 << 63] {
        if edge <= cap_h {
            city.push((edge - 1, 2));
            city.push((edge, 1));
        }
    }
    city.into_iter()
        .map(|(height, count)| Building { height, count })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_xor_is_the_xor_of_the_towers() {
        for height in 1..40u64 {
            for count in 0..40u64 {
                let direct = (height..height + count).fold(0u128, |a, h| a ^ u128::from(h));
                assert_eq!(range_xor(Building { height, count }), direct);
            }
        }
        let max = Building {
            height: u64::MAX,
            count: 2,
        };
        assert_eq!(range_xor(max), u128::from(u64::MAX) ^ (1u128 << 64));
    }

    #[test]
    fn cancelling_buildings_cancel() {
        let mut rng = Rng::new(4);
        for _ in 0..2000 {
            let value = (u128::from(rng.next_u64()) << rng.below(3)) ^ u128::from(rng.below(4));
            let value = if rng.chance(1, 8) { 0 } else { value };
            for slots in [1, 2] {
                if let Some(fix) = cancel(&mut rng, value, slots, u64::MAX, u64::MAX) {
                    assert_eq!(fix.len(), slots);
                    assert_eq!(city_xor(&fix), value);
                    assert!(fix.iter().all(|b| b.height >= 1 && b.count >= 1));
                }
            }
        }
        assert_eq!(range_xor(zero_building(&mut rng, 100, 100)), 0);
        for value in [
            0,
            1,
            5,
            u128::from(u64::MAX),
            1 << 64,
            (1 << 65) - 5,
            (1 << 65) - 6,
        ] {
            let city = buildings_with_xor(value).unwrap();
            assert_eq!(city_xor(&city), value);
            assert!(city.len() <= 2 && city.iter().all(|b| b.height >= 1 && b.count >= 1));
        }
        assert_eq!(buildings_with_xor((1 << 65) - 4), None);
    }
}
