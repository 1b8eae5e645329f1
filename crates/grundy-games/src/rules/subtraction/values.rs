//! The Grundy values of a subtraction game by the definition.

use crate::sequence::mex::{Marks, MaxValue};
use crate::sequence::Source;

/// The subtraction game with a finite set: a move takes s ∈ S stones from a heap.
#[derive(Clone, Debug)]
pub struct SubtractionValues {
    set: Vec<usize>,
    marks: Marks,
    max: MaxValue,
}

impl SubtractionValues {
    /// The computation for the subtraction set `set` (positive sizes).
    pub fn new(mut set: Vec<usize>) -> SubtractionValues {
        set.sort_unstable();
        set.dedup();
        SubtractionValues {
            set,
            marks: Marks::default(),
            max: MaxValue::default(),
        }
    }
}

impl Source for SubtractionValues {
    fn extend(&mut self, values: &mut Vec<u32>, len: usize) {
        while values.len() < len {
            let n = values.len();
            self.marks.start(self.max.0);
            for &s in &self.set {
                if s > n {
                    break;
                }
                self.marks.mark(values[n - s]);
            }
            let v = self.marks.mex_from(0);
            self.max.see(v);
            values.push(v);
        }
    }

    fn resume(&mut self, values: &mut Vec<u32>, known: &[u32]) {
        for &v in known {
            self.max.see(v);
            values.push(v);
        }
    }
}
