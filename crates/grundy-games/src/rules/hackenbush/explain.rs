//! A position explained in sentences: Blue-Red strings by their sign expansion, the
//! other trees by the canonical-form engine, with what is known of green ones.

use serde_json::json;

use super::values::{memo, printable, sign_expansion, values};
use super::{Forest, Hackenbush};
use crate::cgt::{CanonicalForm, Dyadic};
use crate::rules::canonical;
use crate::ruleset::{Explanation, Parts};

impl Hackenbush {
    /// The explanation of `pos`: the sign expansion for Blue-Red strings, else the
    /// parts' values (each within the bounds) with what is known of some parts.
    pub(super) fn explanation(&self, pos: &Forest) -> Option<Explanation> {
        if let Some(strings) = pos.blue_red_strings() {
            return Hackenbush::explain_strings(&strings);
        }
        self.within_search(pos).ok()?;
        // The parts' values are printed too: each within the bound.
        for part in self.components(pos) {
            printable(canonical::canonical_form(self, memo(), &part).ok()?).ok()?;
        }
        let mut explanation = canonical::explain_parts(self, memo(), pos, ("tree", "trees"))?;
        // What is known of some parts, before the last sentence (how to win).
        let mut known = Vec::new();
        for part in self.components(pos) {
            let tree = &part.0[0];
            if let Some(string) = tree.blue_red_string() {
                let v = sign_expansion(&string).ok()?;
                known.push(format!(
                    "{tree} is a Blue-Red string: {v}, by Berlekamp's sign expansion."
                ));
            } else if let Some(n) = tree.green_nimber() {
                let star = CanonicalForm::nimber(n).ok()?;
                if tree.branches.is_empty() {
                    known.push(format!(
                        "{tree} is a green stalk of {n} edges, {star}: a Nim heap."
                    ));
                    continue;
                }
                known.push(format!(
                    "{tree} is all green, a nimber: by the colon principle the branches at \
                     a node count as one stalk of their nim-sum, so it is a stalk of {n} \
                     edges, {star}."
                ));
            }
        }
        let last = explanation.sentences.pop()?;
        explanation.sentences.extend(known);
        explanation.sentences.push(last);
        Some(explanation)
    }

    /// The explanation of a position of Blue-Red strings: the sign expansion.
    fn explain_strings(strings: &[Vec<bool>]) -> Option<Explanation> {
        let (each, total) = values(strings).ok()?;
        let mut sentences = vec![
            "Every string is a number, by Berlekamp's sign expansion: the edges up to the \
             first change of colour count +1 (blue) or −1 (red) each, the edges after it \
             ±1/2, ±1/4, ... in turn; the strings' values add up."
                .to_owned(),
        ];
        let named: Vec<String> = strings
            .iter()
            .map(|s| Forest::new(vec![s.clone()]).map_or_else(String::new, |f| f.to_string()))
            .collect();
        for (i, (name, v)) in named.iter().zip(&each).enumerate() {
            sentences.push(format!("String {}, {name}: {v}.", i + 1));
        }
        if strings.len() > 1 {
            let mut sum = each[0].to_string();
            for v in &each[1..] {
                match v.checked_neg() {
                    Ok(m) if *v < Dyadic::ZERO => sum.push_str(&format!(" − {m}")),
                    _ => sum.push_str(&format!(" + {v}")),
                }
            }
            sentences.push(format!("In all: {sum} = {total}."));
        }
        sentences.push(
            "Left moving first wins by cutting to a position worth ≥ 0, Right by cutting to \
             one worth ≤ 0."
                .to_owned(),
        );
        Some(Explanation {
            reduction: json!({
                "strings": named.iter().zip(&each).map(|(s, v)| json!({"string": s, "value": v})).collect::<Vec<_>>(),
                "value": total,
            }),
            sentences,
        })
    }
}
