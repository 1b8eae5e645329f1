//! Every position of a size, for `grundy verify`: one to three Blue-Red strings, and
//! up to [`LARGEST_TREES`] edges every forest of one to three trees.

use super::{Colour, Forest, Tree};
use crate::ruleset::Positions;

/// The largest positions verify takes, in edges: every position of up to three
/// Blue-Red strings with that many edges in all.
pub(super) const LARGEST_POSITION: usize = 12;

/// The largest positions with green edges or branch points verify takes, in edges:
/// every forest of one to three trees with that many edges in all (each tree up to
/// the order of its branches), each edge blue, red or green.
pub const LARGEST_TREES: usize = 6;

/// The compositions of `n` into one to three positive parts.
fn compositions(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![n]];
    for a in 1..n {
        out.push(vec![a, n - a]);
        for b in 1..n - a {
            out.push(vec![a, b, n - a - b]);
        }
    }
    out
}

/// A tree whose first edge, of colour `colour`, carries the trees `tops` (each
/// planted on its top node).
fn planted_on(colour: Colour, tops: &[Tree]) -> Tree {
    match tops {
        [] => Tree {
            edges: vec![colour],
            branches: Vec::new(),
        },
        [only] => {
            let mut edges = vec![colour];
            edges.extend_from_slice(&only.edges);
            Tree {
                edges,
                branches: only.branches.clone(),
            }
        }
        _ => Tree {
            edges: vec![colour],
            branches: tops.to_vec(),
        },
    }
}

/// Every multiset of trees of `planted` (by size) with `total` edges in all, each
/// in the order of sizes and then of places in `planted`, from `from` on.
fn multisets(
    planted: &[Vec<Tree>],
    total: usize,
    from: (usize, usize),
    current: &mut Vec<Tree>,
    out: &mut Vec<Vec<Tree>>,
) {
    if total == 0 {
        out.push(current.clone());
        return;
    }
    for size in from.0.max(1)..=total {
        let start = if size == from.0 { from.1 } else { 0 };
        for k in start..planted[size].len() {
            current.push(planted[size][k].clone());
            multisets(planted, total - size, (size, k), current, out);
            current.pop();
        }
    }
}

/// Every tree of each size up to `max` edges, up to the order of branches, each
/// edge of each colour: `[n]` holds the trees of n edges, the Blue-Red strings
/// (2^n of them) first.
pub fn every_tree(max: usize) -> Vec<Vec<Tree>> {
    let mut planted: Vec<Vec<Tree>> = vec![Vec::new()];
    for n in 1..=max {
        let mut tops = Vec::new();
        multisets(&planted, n - 1, (1, 0), &mut Vec::new(), &mut tops);
        let (mut strings, mut others) = (Vec::new(), Vec::new());
        for top in &tops {
            for colour in [Colour::Blue, Colour::Red, Colour::Green] {
                let tree = planted_on(colour, top);
                if tree.blue_red_string().is_some() {
                    strings.push(tree);
                } else {
                    others.push(tree);
                }
            }
        }
        strings.append(&mut others);
        planted.push(strings);
    }
    planted
}

/// The forests of one to three trees with `size` edges in all that are not all
/// Blue-Red strings, numbered: for each composition of `size`, the tuples of
/// trees of those sizes whose first tree that is not a Blue-Red string is the
/// first, then the second, then the third.
pub struct TreeForests {
    trees: Vec<Vec<Tree>>,
    parts: Vec<Vec<usize>>,
}

impl TreeForests {
    /// The forests of `size` edges, numbered.
    pub fn new(size: usize) -> TreeForests {
        TreeForests {
            trees: every_tree(size),
            parts: compositions(size),
        }
    }

    /// The trees of `n` edges, and how many of them are Blue-Red strings.
    fn of(&self, n: usize) -> (u64, u64) {
        (self.trees[n].len() as u64, 1 << n)
    }

    /// How many forests a composition gives when tree `j` is its first that is
    /// not a string: the radix of each place.
    fn radices(&self, lens: &[usize], j: usize) -> Vec<u64> {
        lens.iter()
            .enumerate()
            .map(|(i, &n)| {
                let (all, strings) = self.of(n);
                match i.cmp(&j) {
                    std::cmp::Ordering::Less => strings,
                    std::cmp::Ordering::Equal => all - strings,
                    std::cmp::Ordering::Greater => all,
                }
            })
            .collect()
    }

    /// The number of forests listed.
    pub fn count(&self) -> u64 {
        self.parts
            .iter()
            .map(|lens| {
                (0..lens.len())
                    .map(|j| self.radices(lens, j).iter().product::<u64>())
                    .sum::<u64>()
            })
            .sum()
    }

    /// The forest numbered `i` (below [`count`](TreeForests::count)).
    pub fn nth(&self, mut i: u64) -> Forest {
        for lens in &self.parts {
            for j in 0..lens.len() {
                let radices = self.radices(lens, j);
                let block: u64 = radices.iter().product();
                if i >= block {
                    i -= block;
                    continue;
                }
                let trees = lens
                    .iter()
                    .zip(&radices)
                    .enumerate()
                    .map(|(k, (&n, &radix))| {
                        let mut place = i % radix;
                        i /= radix;
                        if k == j {
                            place += self.of(n).1;
                        }
                        self.trees[n][place as usize].clone()
                    })
                    .collect();
                return Forest(trees);
            }
        }
        unreachable!("a forest past the count")
    }
}

/// Every position of one to three Blue-Red strings with `size` edges in all (each
/// string at least one edge; for size 0, the bare ground `.`); then, up to
/// [`LARGEST_TREES`] edges, every other forest of one to three trees with `size`
/// edges in all, each edge blue, red or green, each tree once up to the order of its
/// branches.
pub(super) fn positions(size: usize) -> Option<Positions<'static, Forest>> {
    if size == 0 {
        return Some(Positions {
            count: 1,
            nth: Box::new(|_| Forest(vec![Tree::default()])),
        });
    }
    let parts = compositions(size);
    let colourings = 1u64 << size;
    let strings = parts.len() as u64 * colourings;
    let forests = (size <= LARGEST_TREES).then(|| TreeForests::new(size));
    let more = forests.as_ref().map_or(0, TreeForests::count);
    Some(Positions {
        count: strings + more,
        nth: Box::new(move |i| {
            if i >= strings {
                let forests = forests.as_ref().expect("forests of trees");
                return forests.nth(i - strings);
            }
            let lens = &parts[(i / colourings) as usize];
            let bits = i % colourings;
            let mut k = 0;
            Forest::new(
                lens.iter()
                    .map(|&len| {
                        (0..len)
                            .map(|_| {
                                k += 1;
                                bits >> (k - 1) & 1 == 1
                            })
                            .collect()
                    })
                    .collect(),
            )
            .expect("within the limits")
        }),
    })
}
