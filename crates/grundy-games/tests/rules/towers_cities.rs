//! Tests of `grundy_games::rules::towers::cities`.

use grundy_games::rules::towers::cities::*;
use grundy_games::rules::towers::{Building, City};

/// Every city of size `size`, in order, listed by recursion.
fn cities(size: u64) -> Vec<City> {
    fn extend(
        left: u64,
        kinds: &[(Building, u64)],
        prefix: &mut Vec<Building>,
        out: &mut Vec<City>,
    ) {
        if left == 0 {
            out.push(City {
                buildings: prefix.clone(),
            });
            return;
        }
        for &(b, w) in kinds.iter().filter(|(_, w)| *w <= left) {
            prefix.push(b);
            extend(left - w, kinds, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(size, &buildings_upto(size), &mut Vec::new(), &mut out);
    out
}

#[test]
fn numbered_cities_are_the_listed_ones_in_order() {
    for size in 0..=12 {
        let numbered = Cities::new(size);
        let listed = cities(size);
        assert_eq!(numbered.count(), listed.len() as u64, "size {size}");
        for (i, city) in listed.iter().enumerate() {
            assert_eq!(&numbered.nth(i as u64), city, "size {size}, city {i}");
        }
    }
    // 1, 1, 2, 5, 10, 22, ... cities of each size; 5 062 156 694 of size 30.
    assert_eq!(Cities::new(30).count(), 5_062_156_694);
    let last = Cities::new(30).nth(5_062_156_693);
    assert_eq!(last.to_string(), "29:1");
}

#[test]
fn cities_of_small_sizes() {
    let names = |s| cities(s).iter().map(|c| c.to_string()).collect::<Vec<_>>();
    assert_eq!(names(0), [""]);
    assert_eq!(names(1), ["0:1"]);
    assert_eq!(names(2), ["0:1,0:1", "1:1"]);
    // 0:2 is towers 0 and 1, weight 1 + 2.
    assert_eq!(
        names(3),
        ["0:1,0:1,0:1", "0:1,1:1", "0:2", "1:1,0:1", "2:1"]
    );
    let counts = city_counts(12);
    for s in 0..=12 {
        assert_eq!(counts[s as usize], cities(s).len() as u64, "size {s}");
    }
}
