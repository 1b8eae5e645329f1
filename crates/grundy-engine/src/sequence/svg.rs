//! A picture of a Grundy sequence: G(n) against n, as SVG text.
//!
//! Every value is a dot at (n, G(n)). Long sequences are drawn by columns: each
//! column of pixels stands for a run of heap sizes and shows every value that occurs
//! in the run, so rare values stay visible. A proven preperiod is shaded and the
//! first periods after it are marked, so the structure of the sequence can be seen.

use std::fmt::Write;

use super::Period;

/// Plot width in pixels (the drawing area, without margins).
const WIDTH: usize = 1000;
/// Plot height in pixels.
const HEIGHT: usize = 360;
const LEFT: usize = 56;
const TOP: usize = 40;
const BOTTOM: usize = 44;
const RIGHT: usize = 24;

/// The SVG document for `values` (G(0), G(1), ...) with the proven `period`, if any,
/// titled `title`.
pub fn render(title: &str, values: &[u32], period: Option<Period>) -> String {
    let n = values.len().max(1);
    let max = values.iter().copied().max().unwrap_or(0).max(1) as usize;
    let per_column = n.div_ceil(WIDTH);
    let columns = n.div_ceil(per_column);
    let x_of = |k: usize| LEFT as f64 + (k as f64 + 0.5) * WIDTH as f64 / n as f64;
    // Values sit in bands of equal height, so 0 stays clear of the axis.
    let y_of =
        |v: usize| TOP as f64 + HEIGHT as f64 - (v as f64 + 0.5) * HEIGHT as f64 / (max + 1) as f64;
    let (w, h) = (LEFT + WIDTH + RIGHT, TOP + HEIGHT + BOTTOM);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="22" font-size="15">{}</text>"#,
        escape(title)
    );
    if let Some(p) = period {
        // Shade the preperiod and mark the first few period boundaries.
        let x0 = LEFT as f64;
        let x1 = x_of(p.preperiod) - 0.5 * WIDTH as f64 / n as f64;
        if p.preperiod > 0 {
            let _ = writeln!(
                s,
                r##"<rect x="{x0:.1}" y="{TOP}" width="{:.1}" height="{HEIGHT}" fill="#fde8c8"/>"##,
                x1 - x0
            );
        }
        let mut k = p.preperiod;
        let mut marks = 0;
        while k < n && marks < 40 {
            let x = x_of(k) - 0.5 * WIDTH as f64 / n as f64;
            let _ = writeln!(
                s,
                r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{}" stroke="#9ab" stroke-dasharray="3,3"/>"##,
                TOP + HEIGHT
            );
            k += p.period;
            marks += 1;
        }
    }
    // Axes and ticks.
    let _ = writeln!(
        s,
        r#"<path d="M{LEFT},{TOP} V{} H{}" fill="none" stroke="black"/>"#,
        TOP + HEIGHT,
        LEFT + WIDTH
    );
    for t in ticks(max) {
        let y = y_of(t);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{t}</text>"#,
            LEFT - 6,
            y + 4.0
        );
    }
    for t in ticks(n - 1) {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{t}</text>"#,
            x_of(t),
            TOP + HEIGHT + 16
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">heap size n</text><text x="14" y="{}" transform="rotate(-90 14 {})" text-anchor="middle">G(n)</text>"#,
        LEFT + WIDTH / 2,
        h - 8,
        TOP + HEIGHT / 2,
        TOP + HEIGHT / 2
    );
    // The values, one column of pixels per run of heap sizes.
    let _ = writeln!(s, r##"<g fill="#1f4e9c">"##);
    // One heap size a column: a dot as big as the space of one value allows (seen
    // at a third of its size on a phone), at least 3 and at most 12 pixels.
    let dot = if per_column == 1 {
        let room = (WIDTH as f64 / n as f64).min(HEIGHT as f64 / (max + 1) as f64);
        (room * 0.7).clamp(3.0, 12.0).round()
    } else {
        1.6
    };
    let mut seen = vec![usize::MAX; max + 1];
    for c in 0..columns {
        let start = c * per_column;
        let end = (start + per_column).min(values.len());
        for (k, &value) in values.iter().enumerate().take(end).skip(start) {
            let v = value as usize;
            if seen[v] == c {
                continue;
            }
            seen[v] = c;
            let x = if per_column == 1 {
                x_of(k)
            } else {
                // The middle of the run of heap sizes, on the heap-size axis.
                LEFT as f64 + (start + end) as f64 / 2.0 * WIDTH as f64 / n as f64
            };
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{dot}" height="{dot}"/>"#,
                x - dot / 2.0,
                y_of(v) - dot / 2.0
            );
        }
    }
    let _ = writeln!(s, "</g>");
    if let Some(p) = period {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="22" text-anchor="end">preperiod {}, period {}</text>"#,
            LEFT + WIDTH,
            p.preperiod,
            p.period
        );
    }
    s.push_str("</svg>\n");
    s
}

/// About six round tick values from 0 to `max`.
fn ticks(max: usize) -> Vec<usize> {
    if max == 0 {
        return vec![0];
    }
    let raw = (max as f64 / 6.0).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag) as usize;
    (0..=max).step_by(step.max(1)).collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_distinct_value_of_each_column() {
        let values: Vec<u32> = (0..5000).map(|n| (n % 7) as u32).collect();
        let svg = render(
            "t <x>",
            &values,
            Some(Period {
                preperiod: 0,
                period: 7,
            }),
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("t &lt;x&gt;"));
        // 1000 columns of 5 heap sizes, each showing 5 distinct values.
        assert_eq!(svg.matches("<rect x=").count(), 5000);
        // 1001 values: 501 columns of 2 (the last of 1), spread over the whole axis.
        let values: Vec<u32> = (0..1001).map(|n| (n % 3) as u32).collect();
        let short = render("t", &values, None);
        let xs: Vec<f64> = short
            .match_indices(r#"<rect x=""#)
            .map(|(i, m)| {
                let rest = &short[i + m.len()..];
                rest[..rest.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert_eq!(xs.len(), 1001);
        let right = xs.iter().copied().fold(0.0, f64::max);
        assert!(right > (LEFT + WIDTH) as f64 - 5.0, "{right}");
        assert!(svg.contains("preperiod 0, period 7"));
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(ticks(12), [0, 2, 4, 6, 8, 10, 12]);
        assert_eq!(ticks(0), [0]);
        assert_eq!(ticks(1), [0, 1]);
    }
}
