//! Every engine obeys the thread's deadline (`grundy::deadline::within`): a ruleset
//! with a planted slow path (each move list costs 200 µs, so an engine that ignored
//! the deadline would run on for twenty seconds or more before its budget of
//! positions stopped it) is stopped soon after the deadline, over time, by each
//! engine of the routing table that takes it: the exhaustive engine, the remoteness
//! engine (`--moves`, play), the retrograde engine and the tiers. The searches over a
//! game's own space (Connect Four's, Domineering's outcome) are stopped the same way
//! through the registry. The canonical-form engine and Cram's parts are covered in
//! `unsolved.rs`, Fox and Geese's own solver in `grundy-games`' `fox_geese.rs`. The
//! misère quotient (its guesses and the check of each) is stopped the same way.

use std::time::{Duration, Instant};

use grundy::analysis::moves::move_values;
use grundy::analysis::{analyze, draw_engines};
use grundy::engine::Budget;
use grundy::play::{Match, RulesetMatch};
use grundy::registry::{build, AnalyzeError, Params};
use grundy::rules::heaps::{HeapMove, Heaps};
use grundy::rules::subtraction::Subtraction;
use grundy::rules::NotationError;
use grundy::ruleset::{Capabilities, ClosedForm, Kind, Ruleset, Tiers, Unsolved, UnsolvedKind};
use grundy::{Player, Value};

/// How long after its deadline an engine may take to stop: generous for a loaded
/// machine, and far below the twenty seconds the planted slow path costs an engine
/// that does not look at the clock.
const GRACE: Duration = Duration::from_secs(5);

/// The subtraction game {1, 2} on one heap whose every move list costs 200 µs (a
/// user's slow rules), optionally declared able to tie (the route of games with ties:
/// tiers, then the retrograde engine), with tiers (the stones taken), or with the
/// game's closed form (who wins: the heap is not a multiple of 3).
struct Slow {
    rules: Subtraction,
    ties: bool,
    tiers: bool,
    closed: bool,
}

impl Slow {
    fn new() -> Slow {
        Slow {
            rules: "1,2".parse().unwrap(),
            ties: false,
            tiers: false,
            closed: false,
        }
    }
}

impl Ruleset for Slow {
    type Position = Heaps;

    type Move = HeapMove;

    fn name(&self) -> &'static str {
        "slow-subtraction"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Heaps, NotationError> {
        Ruleset::parse_position(&self.rules, text)
    }

    fn moves(&self, pos: &Heaps, player: Player) -> Vec<HeapMove> {
        std::thread::sleep(Duration::from_micros(200));
        self.rules.moves(pos, player)
    }

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        self.rules.play(pos, mv)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        self.rules.reach(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, Heaps, HeapMove> {
        let mut c = Capabilities::new();
        if self.ties {
            c = c.ties(draw_engines(self));
        }
        if self.tiers {
            c = c.tiers(self);
        }
        if self.closed {
            c = c.closed_form(self);
        }
        c
    }
}

impl ClosedForm for Slow {
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        ClosedForm::value(&self.rules, pos)
    }
}

impl Tiers for Slow {
    fn tier(&self, pos: &Heaps) -> Option<u32> {
        // Every move takes stones: the tier (stones taken from a million) only rises.
        let stones: u64 = pos.sizes().iter().sum();
        u32::try_from(1_000_000u64.checked_sub(stones)?).ok()
    }
}

/// Runs `work` with a deadline 100 ms away and checks that it stopped within
/// [`GRACE`] of it.
fn stopped_in_time<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = grundy::deadline::within(start + Duration::from_millis(100), work);
    let took = start.elapsed();
    assert!(
        took < Duration::from_millis(100) + GRACE,
        "{what}: stopped {took:?} after it started, past its deadline"
    );
    out
}

fn over_time(what: &str, why: Unsolved) {
    assert_eq!(why.kind, UnsolvedKind::OverTime, "{what}: {why}");
}

/// A heap of a million stones: within the exhaustive engine's estimate (2^20
/// positions), past what 200 µs a move list allows in a few seconds.
const HEAP: &str = "1000000";

/// The analysis of the heap of [`HEAP`] stones, stopped over time.
fn analysis_over_time(slow: &Slow) {
    let pos = slow.parse_position(HEAP).unwrap();
    let why = stopped_in_time("analyze", || analyze(slow, &pos, Player::Left, 4)).unwrap_err();
    over_time("analyze", why);
}

#[test]
fn the_exhaustive_engine_stops_at_the_deadline() {
    analysis_over_time(&Slow::new());
}

/// The remoteness engine beside a closed form: `--moves` and play on a budget that
/// would let it walk the whole game answer from the closed form at the deadline,
/// without the remoteness.
#[test]
fn the_remoteness_engine_stops_at_the_deadline() {
    let slow = Slow {
        closed: true,
        ..Slow::new()
    };
    let pos = slow.parse_position(HEAP).unwrap();
    let budget = Budget::moves(1 << 40);
    let moves = stopped_in_time("--moves", || {
        move_values(&slow, &pos, Player::Left, 4, budget)
    })
    .unwrap();
    assert_eq!(moves.len(), 2);
    assert!(moves.iter().all(|m| m.remoteness.is_none()), "{moves:?}");
    // Play exhaustively (within `EXHAUSTIVE_LIMIT` positions): the hints and the
    // engine's move, on the same budget, each stopped.
    let pos = slow.parse_position("100000").unwrap();
    let mut game = RulesetMatch::new(&slow, pos, Player::Left).with_budget(budget);
    stopped_in_time("a hint", || game.hints());
    stopped_in_time("an engine move", || game.engine_move());
}

#[test]
fn the_retrograde_engine_stops_at_the_deadline() {
    analysis_over_time(&Slow {
        ties: true,
        ..Slow::new()
    });
}

#[test]
fn the_tiers_stop_at_the_deadline() {
    analysis_over_time(&Slow {
        ties: true,
        tiers: true,
        ..Slow::new()
    });
}

fn registry_over_time(game: &str, position: &str) {
    let rules = build(game, &Params::new()).unwrap();
    let out = stopped_in_time(game, || rules.analyze(position, Player::Left, 4));
    match out {
        Err(AnalyzeError::Unsolved(why)) => over_time(game, why),
        Err(other) => panic!("{game}: {other}"),
        Ok(a) => panic!("{game}: answered {:?} before its deadline", a.result),
    }
}

#[test]
fn the_searches_over_a_games_own_space_stop_at_the_deadline() {
    // The empty 7x6 board: minutes of search.
    registry_over_time("connect-four", "7x6:");
    // The empty 8x8 board: past the canonical-form engine, to the outcome search.
    registry_over_time("domineering", &["........"; 8].join("|"));
}

/// The misère quotient of Kayles (octal 0.77) over the heaps up to 20: a few
/// seconds of guessing, then the check of the guessed quotient, which ran on for
/// 40 s and more and 1.4 GB past its deadline. The deadline, 8 s away, leaves the
/// guesses time to end on a loaded machine so that the check is what it stops.
#[test]
fn the_misere_quotient_and_its_check_stop_at_the_deadline() {
    use grundy::misere::quotient::{Quotient, QuotientError, DEFAULT_BUDGET};
    use grundy::sequence::check::Rules;
    let rules = Rules::TakeAndBreak(vec![0, 7, 7]);
    let start = Instant::now();
    let deadline = Duration::from_secs(8);
    let out = grundy::deadline::within(start + deadline, || {
        Quotient::compute("octal 0.77", &rules, 20, DEFAULT_BUDGET)
    });
    let took = start.elapsed();
    assert!(
        took < deadline + GRACE,
        "the misère quotient: stopped {took:?} after it started, past its deadline"
    );
    assert_eq!(out.map(|q| q.order()), Err(QuotientError::Budget));
}
