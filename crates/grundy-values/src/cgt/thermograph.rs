//! Thermographs: how a game's stops move as it is cooled, as data and as an SVG
//! picture.
//!
//! A number x has a vertical mast at x. For any other G, cooled by t the walls are
//! `L(t) = max over G^L of R_{G^L}(t) − t` and `R(t) = min over G^R of L_{G^R}(t) + t`
//! until they meet at the temperature τ of G; from there up the thermograph is a
//! vertical mast at the mean of G. The walls are piecewise linear, with slopes −1, 0
//! or +1 (value per degree), and every corner is a dyadic rational: they are computed
//! exactly on the temperatures t ≥ −1.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, LazyLock};

use serde::Serialize;

use super::arena::{count_bytes, CanonicalForm, Sharded};
use super::dyadic::Dyadic;
use super::error::ValueError;
use super::nus::Nus;

/// A piecewise-linear function of the temperature t ≥ −1: corners `(t, value)` from
/// t = −1 on, each followed by a slope (value per degree) up to the next corner; the
/// last slope holds from the last corner on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Wall {
    /// The corners (temperature, value), the first at t = −1.
    pub corners: Vec<(Dyadic, Dyadic)>,
    /// The slope after each corner.
    pub slopes: Vec<i32>,
}

fn times(s: i32, d: Dyadic) -> Result<Dyadic, ValueError> {
    let mut r = Dyadic::ZERO;
    for _ in 0..s.unsigned_abs() {
        r = r.checked_add(d)?;
    }
    if s < 0 {
        r = r.checked_neg()?;
    }
    Ok(r)
}

impl Wall {
    fn constant(v: Dyadic) -> Wall {
        Wall {
            corners: vec![(Dyadic::int(-1), v)],
            slopes: vec![0],
        }
    }

    /// The value at temperature `t` (≥ −1).
    pub fn at(&self, t: Dyadic) -> Result<Dyadic, ValueError> {
        let i = self
            .corners
            .iter()
            .rposition(|&(ti, _)| ti <= t)
            .unwrap_or(0);
        let (ti, vi) = self.corners[i];
        vi.checked_add(times(self.slopes[i], t.checked_sub(ti)?)?)
    }

    /// `self(t) + s·t`.
    fn tilt(&self, s: i32) -> Result<Wall, ValueError> {
        Ok(Wall {
            corners: self
                .corners
                .iter()
                .map(|&(t, v)| Ok((t, v.checked_add(times(s, t)?)?)))
                .collect::<Result<_, ValueError>>()?,
            slopes: self.slopes.iter().map(|&k| k + s).collect(),
        })
    }

    /// The pointwise maximum (`max`) or minimum of two walls.
    fn combine(&self, other: &Wall, max: bool) -> Result<Wall, ValueError> {
        let mut ts: Vec<Dyadic> = self
            .corners
            .iter()
            .chain(&other.corners)
            .map(|c| c.0)
            .collect();
        ts.sort();
        ts.dedup();
        // Crossings inside each interval (and after the last corner).
        let mut extra = Vec::new();
        for (i, &t0) in ts.iter().enumerate() {
            let d = self.at(t0)?.checked_sub(other.at(t0)?)?;
            let ds = self.slope_at(t0) - other.slope_at(t0);
            if d == Dyadic::ZERO || ds == 0 || (d > Dyadic::ZERO) == (ds > 0) {
                continue;
            }
            // d + ds·x = 0 at x = -d / ds, ds in {±1, ±2}.
            let mut x = d.checked_neg()?;
            if ds.abs() == 2 {
                x = x.half()?;
            }
            if ds < 0 {
                x = x.checked_neg()?;
            }
            let tc = t0.checked_add(x)?;
            if ts.get(i + 1).is_none_or(|&t1| tc < t1) {
                extra.push(tc);
            }
        }
        ts.extend(extra);
        ts.sort();
        ts.dedup();
        let mut corners = Vec::with_capacity(ts.len());
        let mut slopes = Vec::with_capacity(ts.len());
        for &t in &ts {
            let (a, b) = (self.at(t)?, other.at(t)?);
            let (sa, sb) = (self.slope_at(t), other.slope_at(t));
            let (v, s) = if a == b {
                (a, if max { sa.max(sb) } else { sa.min(sb) })
            } else if (a > b) == max {
                (a, sa)
            } else {
                (b, sb)
            };
            corners.push((t, v));
            slopes.push(s);
        }
        Ok(Wall { corners, slopes }.simplified())
    }

    /// The slope just after `t`.
    fn slope_at(&self, t: Dyadic) -> i32 {
        let i = self
            .corners
            .iter()
            .rposition(|&(ti, _)| ti <= t)
            .unwrap_or(0);
        self.slopes[i]
    }

    /// Drops corners where the slope does not change.
    fn simplified(mut self) -> Wall {
        let mut corners = vec![self.corners[0]];
        let mut slopes = vec![self.slopes[0]];
        for i in 1..self.corners.len() {
            if self.slopes[i] != *slopes.last().unwrap_or(&0) {
                corners.push(self.corners[i]);
                slopes.push(self.slopes[i]);
            }
        }
        self.corners = corners;
        self.slopes = slopes;
        self
    }

    /// The wall up to `t`, then vertical (slope 0) from there.
    fn truncated(&self, t: Dyadic) -> Result<Wall, ValueError> {
        let mut corners = Vec::new();
        let mut slopes = Vec::new();
        for (&c, &s) in self.corners.iter().zip(&self.slopes) {
            if c.0 < t {
                corners.push(c);
                slopes.push(s);
            }
        }
        corners.push((t, self.at(t)?));
        slopes.push(0);
        Ok(Wall { corners, slopes }.simplified())
    }
}

/// A thermograph: the two walls up to the temperature, then the mast.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Thermograph {
    /// The left wall (Left's cooled stop), vertical from the temperature on.
    pub left: Wall,
    /// The right wall (Right's cooled stop), vertical from the temperature on.
    pub right: Wall,
    /// Where the walls meet: the temperature (for a number m/2^k, −1/2^k).
    pub temperature: Dyadic,
    /// The mast's value: the mean.
    pub mean: Dyadic,
}

impl Thermograph {
    /// The thermograph of `g`.
    pub fn of(g: CanonicalForm) -> Result<Thermograph, ValueError> {
        Thermograph::shared(g).map(Arc::unwrap_or_clone)
    }

    /// The thermograph of `g` as kept for the process, without copying its walls:
    /// for the temperature and the mean.
    pub(crate) fn shared(g: CanonicalForm) -> Result<Arc<Thermograph>, ValueError> {
        thermograph(g, &mut HashMap::new(), true)
    }
}

/// Thermographs kept for the process, by the game's id: at most [`KEPT`] of them,
/// each with at most [`KEPT_CORNERS`] corners.
static THERMOGRAPHS: LazyLock<Sharded<u32, Arc<Thermograph>>> = LazyLock::new(Sharded::new);

/// The most thermographs kept.
const KEPT: usize = 1 << 16;

/// The most corners (both walls together) of a thermograph kept.
const KEPT_CORNERS: usize = 16;

/// The thermograph of `g` if it was kept.
fn kept_thermograph(g: CanonicalForm) -> Option<Arc<Thermograph>> {
    THERMOGRAPHS.get(&g.id())
}

/// Keeps the thermograph `t` of `g` if it is small and there is room.
fn keep_thermograph(g: CanonicalForm, t: &Arc<Thermograph>) {
    let corners = t.left.corners.len() + t.right.corners.len();
    if corners <= KEPT_CORNERS && THERMOGRAPHS.insert_below(g.id(), Arc::clone(t), KEPT) {
        count_bytes(
            (std::mem::size_of::<Thermograph>()
                + corners * (std::mem::size_of::<(Dyadic, Dyadic)>() + 4)) as u64,
        );
    }
}

/// The thermograph of `g`; with `shortcut`, that of `x + n·↑ + *m` with a big m is
/// that of the same game with a small nimber (checked on every small case in the
/// tests), without visiting its options: `*m` has m of them, each with its own, so
/// the walls built from them take work quadratic in m.
///
/// With `shortcut` (the thermographs given out), a thermograph found is kept for
/// the process ([`keep_thermograph`]), so cooling a game by its options and each
/// option by its own finds the thermographs below already made.
///
/// The options are visited in post-order on a stack of its own, not by recursion:
/// a form as deep as may be made ([`MAX_FORM_DEPTH`](super::depth::MAX_FORM_DEPTH)
/// levels) has its thermograph whatever the thread's stack, as it has its text.
fn thermograph(
    g: CanonicalForm,
    memo: &mut HashMap<u32, Arc<Thermograph>>,
    shortcut: bool,
) -> Result<Arc<Thermograph>, ValueError> {
    // Each game with whether its options have been pushed (and so are done when it
    // is on top again).
    let mut stack = vec![(g, false)];
    while let Some(&mut (h, ref mut expanded)) = stack.last_mut() {
        if memo.contains_key(&h.id()) {
            stack.pop();
            continue;
        }
        if !*expanded {
            // First time on top: one kept for the process answers at once.
            if shortcut {
                if let Some(t) = kept_thermograph(h) {
                    memo.insert(h.id(), t);
                    stack.pop();
                    continue;
                }
            }
            *expanded = true;
            let todo: Vec<_> = below(h, shortcut)?
                .into_iter()
                .filter(|o| !memo.contains_key(&o.id()))
                .map(|o| (o, false))
                .collect();
            stack.extend(todo);
            continue;
        }
        let t = from_below(h, memo, shortcut)?;
        if shortcut {
            keep_thermograph(h, &t);
        }
        memo.insert(h.id(), t);
        stack.pop();
    }
    Ok(Arc::clone(&memo[&g.id()]))
}

/// With `shortcut`, the same game as `g` with a small nimber in place of its big
/// one, whose thermograph is `g`'s (see [`thermograph`]); `None` where there is none.
fn smaller(g: CanonicalForm, shortcut: bool) -> Result<Option<CanonicalForm>, ValueError> {
    match g.as_nus() {
        Some(v) if shortcut && v.nimber > small_nimber(v.ups, v.nimber) => {
            let same = Nus {
                nimber: small_nimber(v.ups, v.nimber),
                ..v
            };
            CanonicalForm::from_nus(same).map(Some)
        }
        _ => Ok(None),
    }
}

/// The games whose thermographs make that of `g`: the [`smaller`] game, none for a
/// number, else its Left options then its Right options.
fn below(g: CanonicalForm, shortcut: bool) -> Result<Vec<CanonicalForm>, ValueError> {
    if let Some(same) = smaller(g, shortcut)? {
        return Ok(vec![same]);
    }
    if g.as_number().is_some() {
        return Ok(Vec::new());
    }
    Ok(g.left_options()
        .iter()
        .chain(g.right_options())
        .copied()
        .collect())
}

/// The thermograph of `g` from those of the games [`below`] it, already in `memo`.
fn from_below(
    g: CanonicalForm,
    memo: &HashMap<u32, Arc<Thermograph>>,
    shortcut: bool,
) -> Result<Arc<Thermograph>, ValueError> {
    let of = |h: &CanonicalForm| Arc::clone(&memo[&h.id()]);
    if let Some(same) = smaller(g, shortcut)? {
        return Ok(of(&same));
    }
    if let Some(x) = g.as_number() {
        let temperature = if x.is_integer() {
            Dyadic::int(-1)
        } else {
            Dyadic::new(-1, x.exponent())?
        };
        return Ok(Arc::new(Thermograph {
            left: Wall::constant(x),
            right: Wall::constant(x),
            temperature,
            mean: x,
        }));
    }
    let mut l: Option<Wall> = None;
    for gl in g.left_options() {
        let w = of(gl).right.tilt(-1)?;
        l = Some(match l {
            None => w,
            Some(l) => l.combine(&w, true)?,
        });
    }
    let mut r: Option<Wall> = None;
    for gr in g.right_options() {
        let w = of(gr).left.tilt(1)?;
        r = Some(match r {
            None => w,
            Some(r) => r.combine(&w, false)?,
        });
    }
    // A non-number has options on both sides.
    let (Some(l), Some(r)) = (l, r) else {
        return Err(ValueError::Overflow);
    };
    // l − r is continuous and non-increasing, ≥ 0 at t = 0: find where it hits 0.
    let mut ts: Vec<Dyadic> = l.corners.iter().chain(&r.corners).map(|c| c.0).collect();
    ts.sort();
    ts.dedup();
    let mut temperature = None;
    for (i, &t0) in ts.iter().enumerate() {
        let d = l.at(t0)?.checked_sub(r.at(t0)?)?;
        if d <= Dyadic::ZERO {
            temperature = Some(t0);
            break;
        }
        let ds = l.slope_at(t0) - r.slope_at(t0);
        if ds < 0 {
            let mut x = d;
            if ds == -2 {
                x = x.half()?;
            }
            let tc = t0.checked_add(x)?;
            if ts.get(i + 1).is_none_or(|&t1| tc <= t1) {
                temperature = Some(tc);
                break;
            }
        }
    }
    let temperature = temperature.ok_or(ValueError::Overflow)?;
    let mean = l.at(temperature)?;
    Ok(Arc::new(Thermograph {
        left: l.truncated(temperature)?,
        right: r.truncated(temperature)?,
        temperature,
        mean,
    }))
}

/// Draws the thermograph as an SVG picture: temperature upwards, values with Left's
/// (positive) side on the left as is customary; the walls, the mast with an arrow, and
/// the axes labelled.
pub fn svg(title: &str, t: &Thermograph) -> String {
    let tmax = t.temperature.to_f64().max(0.0) + 1.0;
    let mut xs: Vec<f64> = t
        .left
        .corners
        .iter()
        .chain(&t.right.corners)
        .map(|c| c.1.to_f64())
        .collect();
    xs.push(t.mean.to_f64());
    let (lo, hi) = xs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
            (a.min(x), b.max(x))
        });
    let (lo, hi) = (lo - 1.0, hi + 1.0);
    let (w, h, m) = (480.0, 360.0, 50.0);
    // Positive values on the left.
    let px = |v: f64| m + (hi - v) / (hi - lo) * (w - 2.0 * m);
    let py = |tt: f64| h - m - (tt + 1.0) / (tmax + 1.0) * (h - 2.0 * m);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">{}</text>"#,
        w / 2.0,
        escape(title)
    );
    // Axes: t = 0 horizontal, value 0 vertical.
    let _ = writeln!(
        s,
        r##"<line x1="{m}" y1="{y0:.1}" x2="{:.1}" y2="{y0:.1}" stroke="#999"/>"##,
        w - m,
        y0 = py(0.0)
    );
    if lo < 0.0 && hi > 0.0 {
        let _ = writeln!(
            s,
            r##"<line x1="{x0:.1}" y1="{m}" x2="{x0:.1}" y2="{:.1}" stroke="#ccc"/>"##,
            h - m,
            x0 = px(0.0)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="end">t = 0</text>"#,
        w - m,
        py(0.0) - 4.0
    );
    let wall = |wall: &Wall, colour: &str, s: &mut String| {
        let mut pts: Vec<(f64, f64)> = wall
            .corners
            .iter()
            .map(|c| (px(c.1.to_f64()), py(c.0.to_f64())))
            .collect();
        pts.push((px(t.mean.to_f64()), py(t.temperature.to_f64())));
        let p: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            p.join(" ")
        );
    };
    wall(&t.left, "#1f5fbf", &mut s);
    wall(&t.right, "#bf1f1f", &mut s);
    let (mx, my) = (px(t.mean.to_f64()), py(t.temperature.to_f64()));
    let top = py(tmax) + 6.0;
    let _ = writeln!(
        s,
        r#"<line x1="{mx:.1}" y1="{my:.1}" x2="{mx:.1}" y2="{top:.1}" stroke="black" stroke-width="2"/>"#
    );
    let _ = writeln!(
        s,
        r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="black"/>"#,
        mx - 5.0,
        top + 8.0,
        mx + 5.0,
        top + 8.0,
        mx,
        top - 2.0
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}">mean {}, temperature {}</text>"#,
        m,
        h - 15.0,
        t.mean,
        t.temperature
    );
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="end">← Left (positive)   Right (negative) →</text>"#,
        w - m,
        h - 15.0
    );
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The nimber whose `x + n·↑ + *it` has the thermograph of `x + n·↑ + *m`.
fn small_nimber(ups: i32, m: u32) -> u32 {
    match (ups, m) {
        (_, 0..=1) => m,
        (0, _) => 1,
        _ => 2 + m % 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cgt::{parse_value, ValueBudget};

    /// The shortcut for infinitesimals gives what the walls built from the options
    /// give, on every small `x + n·↑ + *m`.
    #[test]
    fn infinitesimals_shortcut_agrees_with_the_options() {
        let budget = ValueBudget::unlimited();
        for x in ["0", "1", "-3/4", "5/2"] {
            for ups in ["", "+^", "+v", "+^^^", "+vv"] {
                for m in 0..24 {
                    let text = format!("{x}{ups}+*{m}");
                    let g = parse_value(&text, &budget).unwrap();
                    let fast = Thermograph::of(g).unwrap();
                    let slow =
                        Arc::unwrap_or_clone(thermograph(g, &mut HashMap::new(), false).unwrap());
                    assert_eq!(fast, slow, "{text}");
                }
            }
        }
    }

    /// A thermograph kept for the process is the one built afresh from the options
    /// (without the table), whether it is asked for the first time, again, or as an
    /// option of a game asked for later.
    #[test]
    fn kept_thermographs_are_the_ones_built_afresh() {
        let budget = ValueBudget::unlimited();
        let texts = [
            "{1|-1}",
            "{2|{1|0}}",
            "{{3|1}|{-1|-3}}",
            "{{2|{1|0}}|-1}",
            "{1*|0,{*,0|-1}}",
            "{0,^|v*}",
            "+-1 + {3|2}",
            "{{2|{1|0}},{1|-1}|{{3|1}|{-1|-3}}}",
            "{5/2|{1|-1/4}}",
        ];
        for pass in 0..2 {
            for text in texts {
                let g = parse_value(text, &budget).unwrap();
                let kept = Thermograph::of(g).unwrap();
                let afresh =
                    Arc::unwrap_or_clone(thermograph(g, &mut HashMap::new(), false).unwrap());
                assert_eq!(kept, afresh, "{text}, pass {pass}");
                if g.as_nus().is_none() {
                    assert!(kept_thermograph(g).is_some(), "{text} is kept");
                }
            }
        }
    }

    /// `*4095` has 4095 options, each with its own: found at once, not in seconds.
    #[test]
    fn a_big_nimber_is_quick() {
        let g = parse_value("*4095 + 1/2", &ValueBudget::unlimited()).unwrap();
        let t = Thermograph::of(g).unwrap();
        assert_eq!(
            (t.temperature, t.mean),
            (Dyadic::ZERO, Dyadic::new(1, 1).unwrap())
        );
    }
}
