//! A deadline for the searches of one thread: the moment past which every budgeted
//! search started on that thread stops as if its budget were spent.
//!
//! A caller that must answer in time (the web server, answering each request within its
//! work budget) runs the work with [`within`]; the engines' budgets
//! (`grundy_engine::engine::budget::Budget::spend` and the value steps of
//! [`cgt::ValueBudget`](crate::cgt::ValueBudget)) consult [`passed`] and refuse further work once
//! the moment has come, so the search ends with its usual budget error instead of
//! running on after its answer is no longer wanted. Without [`within`] nothing changes:
//! [`passed`] is one relaxed atomic load that answers `false`.
//!
//! The value-step budget of the canonical-form engine is shared by the threads of its
//! parallel search, so it takes the deadline when it is made ([`current`]) and every
//! thread sees it.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How many [`within`] calls are under way in the process: while none is, [`passed`]
/// answers from this one relaxed load, without touching thread-local storage.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
    static CANCELLED: Cell<bool> = const { Cell::new(false) };
    static INTERRUPT: RefCell<Option<Interrupt>> = const { RefCell::new(None) };
}

/// The check for an interrupt installed by [`within_interruptible`].
struct Interrupt {
    check: Box<dyn FnMut() -> bool>,
    every: Duration,
    last: Instant,
}

/// How many calls of [`passed`] share one reading of the clock.
pub const TICKS_PER_READING: u32 = 64;

/// Runs `work` with searches on this thread stopping at `at` (or at the deadline already
/// in force, if that is sooner); the previous deadline is restored afterwards, also when
/// `work` unwinds.
pub fn within<T>(at: Instant, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Instant>, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEADLINE.with(|d| d.set(self.0));
            CANCELLED.with(|c| c.set(self.1));
            ACTIVE.fetch_sub(1, Ordering::Relaxed);
        }
    }
    let before = DEADLINE.with(Cell::get);
    ACTIVE.fetch_add(1, Ordering::Relaxed);
    let _restore = Restore(before, CANCELLED.with(Cell::get));
    let at = before.map_or(at, |b| b.min(at));
    DEADLINE.with(|d| d.set(Some(at)));
    work()
}

/// Runs `work` as [`within`] does, and while it runs, calls `interrupted` on this
/// thread now and then: at a reading of the clock by a budgeted search ([`passed`],
/// the value steps' budget), at most once every `every`. When it answers `true` the
/// work is cancelled, as by [`expire`]. A front end whose interrupts arrive only
/// when it asks (Python's Ctrl-C, seen by `check_signals` on the main thread) stops
/// a long search with it, where the work has no progress reports to ask at. The
/// check in force before is restored afterwards; a check called again while it runs
/// (a search it starts) is skipped.
pub fn within_interruptible<T>(
    at: Instant,
    every: Duration,
    interrupted: impl FnMut() -> bool + 'static,
    work: impl FnOnce() -> T,
) -> T {
    struct Restore(Option<Interrupt>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            INTERRUPT.with(|i| {
                if let Ok(mut i) = i.try_borrow_mut() {
                    *i = before;
                }
            });
        }
    }
    let installed = Interrupt {
        check: Box::new(interrupted),
        every,
        last: Instant::now(),
    };
    let before = INTERRUPT.with(|i| i.borrow_mut().replace(installed));
    let _restore = Restore(before);
    within(at, work)
}

/// Calls this thread's check for an interrupt ([`within_interruptible`]) if one is
/// installed and due; `true` when it reports one, and then the work under way is
/// cancelled (as by [`expire`]).
pub fn poll() -> bool {
    if ACTIVE.load(Ordering::Relaxed) == 0 {
        return false;
    }
    let interrupted = INTERRUPT.with(|i| {
        let Ok(mut i) = i.try_borrow_mut() else {
            return false;
        };
        let Some(i) = i.as_mut() else {
            return false;
        };
        let now = Instant::now();
        if now.duration_since(i.last) < i.every {
            return false;
        }
        i.last = now;
        (i.check)()
    });
    if interrupted {
        expire();
    }
    interrupted
}

/// Cancels the work under way in [`within`] on this thread: its deadline ends now,
/// so every budgeted search stops at its next check, and [`cancelled`] answers
/// `true` until that `within` returns, for loops that stop only when told (a
/// sequence computation between its chunks). A front end calls it when an interrupt
/// arrives while the work reports its progress. Outside [`within`] it does nothing.
pub fn expire() {
    DEADLINE.with(|d| {
        if d.get().is_some() {
            d.set(Some(Instant::now()));
            CANCELLED.with(|c| c.set(true));
        }
    });
}

/// Whether the work under way on this thread was cancelled by [`expire`].
pub fn cancelled() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0 && CANCELLED.with(Cell::get)
}

/// The deadline in force on this thread, if any.
pub fn current() -> Option<Instant> {
    DEADLINE.with(Cell::get)
}

/// Whether this thread's deadline has passed (never, without one). The clock is read on
/// every 64th call, so a search notices the deadline within 64 budget charges of it;
/// the check for an interrupt, if one is installed ([`within_interruptible`]), is
/// called there too.
#[inline]
pub fn passed() -> bool {
    if ACTIVE.load(Ordering::Relaxed) == 0 {
        return false;
    }
    let Some(at) = current() else {
        return false;
    };
    let tick = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    tick % TICKS_PER_READING == 0 && (poll() || Instant::now() >= at)
}

/// Whether `at` has passed, reading the clock now (for a deadline taken with
/// [`current`] and carried to other threads).
pub fn reached(at: Option<Instant>) -> bool {
    at.is_some_and(|at| Instant::now() >= at)
}

/// The payload with which [`abandon`] unwinds.
#[derive(Debug)]
pub struct Abandoned;

/// Abandons the work under way on this thread, once its deadline has passed, by
/// unwinding (with [`Abandoned`], printing no panic message) to the caller that ran
/// it under the deadline: for a function that has no error to return there (a
/// ruleset's `moves`, whose answer must not be made up). Only for work whose caller
/// catches the unwinding (`std::panic::catch_unwind`) and takes `Abandoned` for the
/// work stopped by its deadline, as the web server's work does.
pub fn abandon() -> ! {
    std::panic::resume_unwind(Box::new(Abandoned))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn no_deadline_never_passes() {
        assert!(current().is_none());
        assert!((0..1000).all(|_| !passed()));
    }

    #[test]
    fn a_past_deadline_is_noticed_within_a_reading_and_restored_after() {
        let past = Instant::now() - Duration::from_secs(1);
        let noticed = within(past, || (0..=TICKS_PER_READING).any(|_| passed()));
        assert!(noticed);
        assert!(current().is_none());
    }

    #[test]
    fn expiring_ends_the_deadline_in_force_and_nothing_else() {
        expire();
        assert!(current().is_none());
        let late = Instant::now() + Duration::from_secs(60);
        within(late, || {
            assert!(!reached(current()));
            assert!(!cancelled());
            expire();
            assert!(reached(current()) && cancelled());
            assert!((0..=TICKS_PER_READING).any(|_| passed()));
        });
        assert!(current().is_none() && !cancelled());
    }

    #[test]
    fn an_interrupt_cancels_the_work_and_its_check_is_removed_after() {
        use std::rc::Rc;
        let asked = Rc::new(Cell::new(0u32));
        let counted = asked.clone();
        let late = Instant::now() + Duration::from_secs(60);
        let check = move || {
            counted.set(counted.get() + 1);
            counted.get() >= 3
        };
        let stopped = within_interruptible(late, Duration::ZERO, check, || {
            (0..100 * TICKS_PER_READING).position(|_| passed())
        });
        assert_eq!(asked.get(), 3, "asked until it said so, then not again");
        assert!(stopped.is_some_and(|n| n < 4 * TICKS_PER_READING as usize));
        within(late, || {
            assert!(!poll());
            assert!((0..10 * TICKS_PER_READING).all(|_| !passed()));
        });
        assert_eq!(asked.get(), 3);
        // Asked at most once every `every`.
        let never = within_interruptible(
            late,
            Duration::from_secs(60),
            || true,
            || (0..10 * TICKS_PER_READING).any(|_| passed()),
        );
        assert!(!never);
    }

    #[test]
    fn nested_deadlines_keep_the_sooner() {
        let soon = Instant::now() + Duration::from_secs(1);
        let late = soon + Duration::from_secs(60);
        within(soon, || {
            within(late, || assert_eq!(current(), Some(soon)));
            assert_eq!(current(), Some(soon));
        });
        within(late, || {
            within(soon, || assert_eq!(current(), Some(soon)));
            assert_eq!(current(), Some(late));
        });
    }

    #[test]
    fn the_deadline_is_restored_when_the_work_unwinds() {
        let at = Instant::now() + Duration::from_secs(60);
        let r = std::panic::catch_unwind(|| within(at, || std::panic::resume_unwind(Box::new(1))));
        assert!(r.is_err());
        assert!(current().is_none());
    }

    #[test]
    fn abandoning_unwinds_with_its_payload() {
        let at = Instant::now() - Duration::from_secs(1);
        let r = std::panic::catch_unwind(|| {
            within(at, || {
                abandon();
            })
        });
        assert!(r.is_err_and(|payload| payload.is::<Abandoned>()));
        assert!(current().is_none());
    }
}
