//! Sum, negation, comparison and reduction to canonical form, memoised.
//!
//! Comparison follows the definition — G ≤ H unless some G^L ≥ H or some H^R ≤ G —
//! with three shortcuts: two Nus values compare in closed form; G ≤ H needs
//! L(G) ≤ L(H) and R(G) ≤ R(H) for the stops L and R; and against a number x a
//! non-number G needs only its own options (number avoidance: G ≤ x iff no G^L ≥ x).
//!
//! A sum of two Nus values is a Nus; a number x plus a non-number G is
//! `{G^L + x | G^R + x}` (number translation); otherwise G + H has the options
//! G^L + H, G + H^L and G^R + H, G + H^R. Either way the result is reduced to
//! canonical form: dominated options removed and reversible options bypassed until
//! none is left, then recognised as a Nus if it is one.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use smallvec::SmallVec;

use super::arena::{
    form_depth, intern_moves, intern_nus, pair, take_added, CanonKey, CanonicalForm, Kind, ARENA,
    CANON_ENTRIES, CANON_OPTIONS,
};
use super::depth::{deeper, MAX_FORM_DEPTH};
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::Nus;
use crate::deadline;

/// A limit on the work of a value computation, shared by threads. One step is one
/// comparison (memoised or not), or one sum or reduction not already in a memo table.
/// A budget made while a [deadline] is in force on its thread
/// also stops the computation at that deadline, on whichever thread charges it, and
/// at an interrupt reported to the thread's check
/// ([`within_interruptible`](deadline::within_interruptible)) on the thread that
/// installed it.
///
/// It may also limit the memory the computation takes ([`with_bytes`](Self::with_bytes)):
/// steps alone do not bound it well, since one step may store a form with as many
/// options as its arguments have (a sum of two forms lists the options of both), and
/// the forms are kept for the life of the process. Heating an ordinal sum 1999 levels
/// deep (`heat(ordinal(*, 1999), 1)`) stores about 355 MB in 12 to 15 million steps
/// (some 25 bytes a step), so the 50 million steps of `grundy value`'s budget would
/// let an expression take well over a gigabyte; a sum of two such heatings took
/// 830 MB before its depth was refused.
#[derive(Debug)]
pub struct ValueBudget {
    limit: u64,
    used: AtomicU64,
    max_bytes: u64,
    bytes: AtomicU64,
    deadline: Option<Instant>,
}

/// The memory a value calculator's computation may take by default (`grundy value
/// --memory`, Python's `grundy.value`), in bytes of forms and memo-table entries
/// stored ([`ValueBudget::with_bytes`]): 512 MiB.
pub const VALUE_MEMORY: u64 = 512 << 20;

/// The least and the most memory a value budget may be given (`grundy value
/// --memory`): 1 MiB to 1 TiB.
pub const VALUE_MEMORY_RANGE: (u64, u64) = (1 << 20, 1 << 40);

/// How many steps share one reading of the clock against the deadline.
const STEPS_PER_READING: u64 = 1024;

impl ValueBudget {
    /// No limit (but the deadline in force, if any).
    pub fn unlimited() -> ValueBudget {
        ValueBudget::steps(u64::MAX)
    }

    /// At most `limit` steps (and the deadline in force, if any), with no limit on
    /// memory.
    pub fn steps(limit: u64) -> ValueBudget {
        // What this thread stored before is not this computation's.
        take_added();
        ValueBudget {
            limit,
            used: AtomicU64::new(0),
            max_bytes: u64::MAX,
            bytes: AtomicU64::new(0),
            deadline: deadline::current(),
        }
    }

    /// The same budget, also stopping the computation once the forms and memo-table
    /// entries it stores (as [`stats`](super::stats) counts them: a form's node and
    /// options, a table's buckets as it grows) pass `max_bytes`: [`ValueError::Budget`]
    /// naming memory. The bytes are charged at the computation's next step on the
    /// thread that stored them, so it stops within one step's forms of the limit.
    pub fn with_bytes(mut self, max_bytes: u64) -> ValueBudget {
        self.max_bytes = max_bytes;
        self
    }

    /// Steps used so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Bytes charged so far (the forms and memo-table entries stored).
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Whether the deadline in force when the budget was made (or an interrupt) has
    /// come: for work that is counted otherwise than in steps (an engine's census).
    pub(crate) fn past_deadline(&self) -> bool {
        deadline::reached(self.deadline) || deadline::poll()
    }

    #[inline]
    pub(crate) fn charge(&self) -> Result<(), ValueError> {
        if self.limit == u64::MAX && self.max_bytes == u64::MAX && self.deadline.is_none() {
            // Nothing to charge: what this computation stores stays counted for the
            // budget of an enclosing one, charged at its next step.
            return Ok(());
        }
        // Taken on every step, so that what a thread stores is charged to the budget
        // of the step that follows it, never to a later computation's.
        let added = take_added();
        let used = self.used.fetch_add(1, Ordering::Relaxed);
        if used >= self.limit {
            return Err(ValueError::Budget {
                limit: self.limit,
                what: "value steps",
            });
        }
        if added > 0 && self.bytes.fetch_add(added, Ordering::Relaxed) + added > self.max_bytes {
            return Err(ValueError::Budget {
                limit: self.max_bytes,
                what: "bytes of memory for its forms",
            });
        }
        if used % STEPS_PER_READING == 0 && (deadline::reached(self.deadline) || deadline::poll()) {
            return Err(ValueError::Deadline);
        }
        Ok(())
    }
}

fn any(
    games: &[CanonicalForm],
    mut f: impl FnMut(CanonicalForm) -> Result<bool, ValueError>,
) -> Result<bool, ValueError> {
    for &g in games {
        if f(g)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether `g <= h` where it is found without looking at options: equal forms, two
/// numbers + ups + nimbers compared directly, or stops that rule it out (`g <= h`
/// needs both of `g`'s stops at most `h`'s).
pub(crate) fn leq_at_once(g: CanonicalForm, h: CanonicalForm) -> Option<bool> {
    if g == h {
        return Some(true);
    }
    if let (Some(x), Some(y)) = (g.as_nus(), h.as_nus()) {
        return Some(matches!(
            x.partial_cmp(y),
            Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
        ));
    }
    if g.left_stop() > h.left_stop() || g.right_stop() > h.right_stop() {
        return Some(false);
    }
    None
}

/// Whether `g <= h`.
pub(crate) fn leq(g: CanonicalForm, h: CanonicalForm, b: &ValueBudget) -> Result<bool, ValueError> {
    b.charge()?;
    if let Some(r) = leq_at_once(g, h) {
        return Ok(r);
    }
    let key = pair(g, h);
    if let Some(r) = ARENA.leqs.get(key) {
        return Ok(r);
    }
    let _level = deeper()?;
    let r = if h.is_number() {
        // g is not a number (two Nus values were compared above).
        !any(g.left_options(), |gl| leq(h, gl, b))?
    } else if g.is_number() {
        !any(h.right_options(), |hr| leq(hr, g, b))?
    } else {
        !any(g.left_options(), |gl| leq(h, gl, b))? && !any(h.right_options(), |hr| leq(hr, g, b))?
    };
    ARENA.leqs.insert(key, r);
    Ok(r)
}

/// A game given by lists of canonical options, not yet reduced.
#[derive(Clone, Copy)]
struct Opts<'a> {
    left: &'a [CanonicalForm],
    right: &'a [CanonicalForm],
}

/// Whether `{g} <= h`.
fn opts_leq(g: Opts<'_>, h: CanonicalForm, b: &ValueBudget) -> Result<bool, ValueError> {
    let _level = deeper()?;
    Ok(!any(g.left, |gl| leq(h, gl, b))? && !any(h.right_options(), |hr| leq_opts(hr, g, b))?)
}

/// Whether `h <= {g}`.
fn leq_opts(h: CanonicalForm, g: Opts<'_>, b: &ValueBudget) -> Result<bool, ValueError> {
    let _level = deeper()?;
    Ok(!any(g.right, |gr| leq(gr, h, b))? && !any(h.left_options(), |hl| opts_leq(g, hl, b))?)
}

/// A list of options being reduced: on the stack while short, as most are.
type Options = SmallVec<[CanonicalForm; 8]>;

fn sort_dedup(v: &mut Options) {
    v.sort_unstable_by_key(|g| g.id());
    v.dedup();
}

/// Removes the options that another option dominates: for Left (`max`) those below
/// another, for Right those above another.
fn remove_dominated(v: &mut Options, max: bool, b: &ValueBudget) -> Result<(), ValueError> {
    let kept = remove_dominated_by(v, max, |x, y| leq(x, y, b))?;
    v.truncate(kept);
    Ok(())
}

/// Moves to the front of `v`, in their order, the options that no other option
/// dominates in the order `below`, and returns how many they are (the caller
/// truncates `v` to them): for Left (`max`) those not `below` another, for Right
/// those no other is `below`. Of options each `below` the other, the last is kept.
pub(crate) fn remove_dominated_by(
    v: &mut [CanonicalForm],
    max: bool,
    mut below: impl FnMut(CanonicalForm, CanonicalForm) -> Result<bool, ValueError>,
) -> Result<usize, ValueError> {
    if v.len() < 2 {
        return Ok(v.len());
    }
    let mut keep: SmallVec<[bool; 16]> = SmallVec::from_elem(true, v.len());
    for i in 0..v.len() {
        for j in 0..v.len() {
            if i == j || !keep[j] {
                continue;
            }
            let dominated = if max {
                below(v[i], v[j])?
            } else {
                below(v[j], v[i])?
            };
            if dominated {
                keep[i] = false;
                break;
            }
        }
    }
    let mut kept = 0;
    for i in 0..v.len() {
        if keep[i] {
            v[kept] = v[i];
            kept += 1;
        }
    }
    Ok(kept)
}

/// The canonical form of `{left | right}`, whose options are canonical.
pub(crate) fn canonical(
    left: Vec<CanonicalForm>,
    right: Vec<CanonicalForm>,
    b: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    canonical_from(Cow::Owned(left), Cow::Owned(right), b)
}

/// [`canonical`] of options given as slices: copied only when the form has to be
/// worked out.
pub(crate) fn canonical_of(
    left: &[CanonicalForm],
    right: &[CanonicalForm],
    b: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    canonical_from(Cow::Borrowed(left), Cow::Borrowed(right), b)
}

/// [`canonical`] of options in any order and with repeats. Numbers have their form in
/// closed form; a short list's form is looked up, and kept once worked out.
fn canonical_from(
    left: Cow<'_, [CanonicalForm]>,
    right: Cow<'_, [CanonicalForm]>,
    b: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    if let Some(g) = all_numbers(&left, &right)? {
        return Ok(g);
    }
    let key = canon_key(&left, &right);
    if let Some(g) = key.as_ref().and_then(|k| ARENA.canon.get(k)) {
        return Ok(g);
    }
    // A step is a reduction worked out, not one found in closed form or in the memo.
    b.charge()?;
    let options = |list: Cow<'_, [CanonicalForm]>| match list {
        Cow::Borrowed(list) => Options::from_slice(list),
        Cow::Owned(list) => Options::from_vec(list),
    };
    let (mut left, mut right) = (options(left), options(right));
    sort_dedup(&mut left);
    sort_dedup(&mut right);
    let g = simplify(left, right, b)?;
    if let Some(k) = key {
        let _ = ARENA.canon.insert_below(k, g, CANON_ENTRIES);
    }
    Ok(g)
}

/// The key of a short list of options in the memo of canonical forms: the number of
/// Left's options, then the ids of Left's and of Right's, each side sorted without
/// repeats, the rest `u32::MAX`; `None` for a list of more than [`CANON_OPTIONS`].
fn canon_key(left: &[CanonicalForm], right: &[CanonicalForm]) -> Option<CanonKey> {
    if left.len() + right.len() > CANON_OPTIONS {
        return None;
    }
    let mut key = [u32::MAX; CANON_OPTIONS + 2];
    let mut n = 1;
    for (side, list) in [left, right].into_iter().enumerate() {
        let start = n;
        // Insertion into the sorted key[start..n], a repeat skipped: the lists are
        // short, and the slots past the last id keep their u32::MAX.
        for g in list {
            let id = g.id();
            let mut at = n;
            while at > start && key[at - 1] > id {
                at -= 1;
            }
            if at > start && key[at - 1] == id {
                continue;
            }
            let mut i = n;
            while i > at {
                key[i] = key[i - 1];
                i -= 1;
            }
            key[at] = id;
            n += 1;
        }
        if side == 0 {
            key[0] = (n - 1) as u32;
        }
    }
    Some(CanonKey(key))
}

/// The canonical form of options that are not all numbers, sorted by id without
/// repeats: dominated options removed and reversible ones bypassed until none is left.
fn simplify(
    mut left: Options,
    mut right: Options,
    b: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    loop {
        remove_dominated(&mut left, true, b)?;
        remove_dominated(&mut right, false, b)?;
        let g = Opts {
            left: &left,
            right: &right,
        };
        let mut changed = false;
        let mut new_left = Options::with_capacity(left.len());
        for &a in &left {
            let mut reversed = None;
            for &ar in a.right_options() {
                if leq_opts(ar, g, b)? {
                    reversed = Some(ar);
                    break;
                }
            }
            match reversed {
                Some(ar) => {
                    new_left.extend_from_slice(ar.left_options());
                    changed = true;
                }
                None => new_left.push(a),
            }
        }
        let mut new_right = Options::with_capacity(right.len());
        for &a in &right {
            let mut reversed = None;
            for &al in a.left_options() {
                if opts_leq(g, al, b)? {
                    reversed = Some(al);
                    break;
                }
            }
            match reversed {
                Some(al) => {
                    new_right.extend_from_slice(al.right_options());
                    changed = true;
                }
                None => new_right.push(a),
            }
        }
        left = new_left;
        right = new_right;
        if !changed {
            break;
        }
        sort_dedup(&mut left);
        sort_dedup(&mut right);
    }
    if let Some(g) = all_numbers(&left, &right)? {
        return Ok(g);
    }
    if let Some(v) = recognise_nus(&left, &right)? {
        return Ok(intern_nus(v));
    }
    let depth = form_depth(&left, &right);
    if depth > MAX_FORM_DEPTH {
        return Err(ValueError::TooDeep { levels: depth });
    }
    Ok(intern_moves(&left, &right))
}

/// `{left | right}` when every option is a number: the simplest number between
/// them, `x*` for `{x|x}`, or the switch `{max left | min right}`.
fn all_numbers(
    left: &[CanonicalForm],
    right: &[CanonicalForm],
) -> Result<Option<CanonicalForm>, ValueError> {
    let mut max_left: Option<Dyadic> = None;
    for g in left {
        let Some(x) = g.as_number() else {
            return Ok(None);
        };
        max_left = Some(max_left.map_or(x, |m| m.max(x)));
    }
    let mut min_right: Option<Dyadic> = None;
    for g in right {
        let Some(x) = g.as_number() else {
            return Ok(None);
        };
        min_right = Some(min_right.map_or(x, |m| m.min(x)));
    }
    if let Some(x) = Dyadic::simplest_between(max_left, min_right) {
        return Ok(Some(intern_nus(Nus::number(x))));
    }
    match (max_left, min_right) {
        (Some(l), Some(r)) if l == r => Ok(Some(intern_nus(Nus::new(l, 0, 1)?))),
        (Some(l), Some(r)) if l > r => Ok(Some(intern_moves(
            &[intern_nus(Nus::number(l))],
            &[intern_nus(Nus::number(r))],
        ))),
        // Only when no number fits between: a bound beyond the representable range.
        _ => Err(ValueError::Overflow),
    }
}

/// The Nus whose canonical form is `{left | right}` (lists reduced and sorted), if
/// any: the candidates are read off the shapes listed at [`Nus::options`] and
/// checked option by option.
fn recognise_nus(
    left: &[CanonicalForm],
    right: &[CanonicalForm],
) -> Result<Option<Nus>, ValueError> {
    let mut candidates: SmallVec<[Nus; 3]> = SmallVec::new();
    // x + *m: both sides x + *k for k < m.
    if left == right {
        if let Some(first) = left.first().and_then(|g| g.as_nus()) {
            candidates.push(Nus {
                number: first.number,
                ups: 0,
                nimber: left.len() as u32,
            });
        }
    }
    // x + ↑n*m, n > 0: Right's one option x + ↑(n-1)*(m⊕1).
    if let [r] = right {
        if let Some(y) = r.as_nus() {
            if y.ups >= 0 {
                candidates.push(Nus {
                    number: y.number,
                    ups: y.ups + 1,
                    nimber: y.nimber ^ 1,
                });
            }
        }
    }
    if let [l] = left {
        if let Some(y) = l.as_nus() {
            if y.ups <= 0 {
                candidates.push(Nus {
                    number: y.number,
                    ups: y.ups - 1,
                    nimber: y.nimber ^ 1,
                });
            }
        }
    }
    for c in candidates {
        let Ok(c) = Nus::new(c.number, c.ups, c.nimber) else {
            continue;
        };
        let g = intern_nus(c);
        if g.left_options() == left && g.right_options() == right {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// `g + h`.
pub(crate) fn add(
    g: CanonicalForm,
    h: CanonicalForm,
    b: &ValueBudget,
) -> Result<CanonicalForm, ValueError> {
    let (gv, hv) = (g.as_nus(), h.as_nus());
    if let (Some(x), Some(y)) = (gv, hv) {
        return Ok(intern_nus(x.checked_add(y)?));
    }
    if gv.is_some_and(|v| v == Nus::default()) {
        return Ok(h);
    }
    if hv.is_some_and(|v| v == Nus::default()) {
        return Ok(g);
    }
    let (g, h) = if g.id() <= h.id() { (g, h) } else { (h, g) };
    let key = pair(g, h);
    if let Some(s) = ARENA.sums.get(&key) {
        return Ok(s);
    }
    let _level = deeper()?;
    b.charge()?;
    let mut left = Vec::new();
    let mut right = Vec::new();
    let translate = |x: CanonicalForm,
                     k: CanonicalForm,
                     left: &mut Vec<CanonicalForm>,
                     right: &mut Vec<CanonicalForm>| {
        for &kl in k.left_options() {
            left.push(add(kl, x, b)?);
        }
        for &kr in k.right_options() {
            right.push(add(kr, x, b)?);
        }
        Ok::<(), ValueError>(())
    };
    if g.is_number() {
        translate(g, h, &mut left, &mut right)?;
    } else if h.is_number() {
        translate(h, g, &mut left, &mut right)?;
    } else {
        for &gl in g.left_options() {
            left.push(add(gl, h, b)?);
        }
        for &hl in h.left_options() {
            left.push(add(g, hl, b)?);
        }
        for &gr in g.right_options() {
            right.push(add(gr, h, b)?);
        }
        for &hr in h.right_options() {
            right.push(add(g, hr, b)?);
        }
    }
    let s = canonical(left, right, b)?;
    ARENA.sums.insert(key, s);
    Ok(s)
}

/// `-g`.
pub(crate) fn neg(g: CanonicalForm) -> Result<CanonicalForm, ValueError> {
    match &g.0.kind {
        Kind::Nus(v, _) => Ok(intern_nus(v.checked_neg()?)),
        Kind::Moves {
            left,
            right,
            negative,
        } => {
            if let Some(n) = negative.get() {
                return Ok(CanonicalForm(n));
            }
            let _level = deeper()?;
            let mut nl = right
                .iter()
                .map(|&r| neg(r))
                .collect::<Result<Vec<_>, _>>()?;
            let mut nr = left
                .iter()
                .map(|&l| neg(l))
                .collect::<Result<Vec<_>, _>>()?;
            nl.sort_unstable_by_key(|g| g.id());
            nr.sort_unstable_by_key(|g| g.id());
            // The negative of a canonical form is canonical, and not a Nus.
            let n = intern_moves(&nl, &nr);
            // Each is the other's negative (two threads may both get here: their
            // forms are one stored form, and the first set is kept).
            let _ = negative.set(n.0);
            if let Kind::Moves { negative, .. } = &n.0.kind {
                let _ = negative.set(g.0);
            }
            Ok(n)
        }
    }
}
