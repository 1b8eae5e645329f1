//! Progress of long work on standard error: a bar on a terminal; elsewhere (a log, a
//! pipe, CI) a plain line every few seconds; nothing with `--quiet`.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often a plain progress line is written when standard error is not a terminal.
const EVERY: Duration = Duration::from_secs(5);

/// Where progress goes.
pub enum Reporter {
    /// A bar on a terminal.
    Bar(ProgressBar),
    /// A line every few seconds, naming the work.
    Lines {
        /// What is being done: the command and the game's title.
        what: String,
        /// When the work started, and when a line was last written.
        clock: Mutex<(Instant, Instant)>,
    },
    /// Nothing.
    Quiet,
}

impl Reporter {
    /// A reporter for `what`: quiet when asked, a bar on a terminal, lines elsewhere.
    pub fn new(what: impl Into<String>, quiet: bool) -> Reporter {
        if quiet {
            Reporter::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{msg:>20} [{bar:30}] {human_pos}/{human_len}, {elapsed} (eta {eta})",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            Reporter::Bar(bar)
        } else {
            let now = Instant::now();
            Reporter::Lines {
                what: what.into(),
                clock: Mutex::new((now, now)),
            }
        }
    }

    /// Sets the total amount of work.
    pub fn set_total(&self, total: u64) {
        if let Reporter::Bar(bar) = self {
            bar.set_length(total);
        }
    }

    /// Reports `done` of `total` (and a note, e.g. the size being worked on).
    pub fn report(&self, done: u64, total: u64, note: &str) {
        match self {
            Reporter::Bar(bar) => {
                bar.set_position(done);
                bar.set_message(note.to_owned());
            }
            Reporter::Lines { what, clock } => {
                let Ok(mut clock) = clock.lock() else { return };
                let now = Instant::now();
                if now.duration_since(clock.1) >= EVERY {
                    clock.1 = now;
                    let secs = now.duration_since(clock.0).as_secs();
                    let pct = (done * 100).checked_div(total).unwrap_or(0);
                    let _ = writeln!(
                        std::io::stderr(),
                        "{what}: {note}, {done}/{total} ({pct}%), {secs} s"
                    );
                }
            }
            Reporter::Quiet => {}
        }
    }

    /// Clears the bar, if any.
    pub fn finish(&self) {
        if let Reporter::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// A reporter of a search's progress for [`grundy::engine::search::with_progress`]:
/// a line on standard error every few seconds once the search has run that long
/// (`{what}: N positions searched in S s, R a second`), so that a long analysis
/// shows it is working; nothing for a quick one.
pub fn search_lines(what: String) -> impl FnMut(u64) + 'static {
    let start = Instant::now();
    let mut last = start;
    move |nodes| {
        let now = Instant::now();
        if now.duration_since(last) < EVERY {
            return;
        }
        last = now;
        let secs = now.duration_since(start).as_secs_f64();
        let rate = nodes as f64 / secs.max(1e-9);
        let _ = writeln!(
            std::io::stderr(),
            "{what}: {nodes} positions searched in {secs:.0} s, {rate:.0} a second"
        );
    }
}
