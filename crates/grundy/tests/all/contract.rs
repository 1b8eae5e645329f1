//! The closed form is one implementation: a wrong winning-move finder planted in a
//! ruleset is caught by verify, and is the very function analyze and play run.

use grundy::ruleset::RulesetExt;
use std::sync::atomic::{AtomicUsize, Ordering};

use grundy::analysis::analyze;
use grundy::play::{Match, RulesetMatch};
use grundy::registry::DynRuleset;
use grundy::rules::heaps::{HeapMove, Heaps};
use grundy::rules::nim::Nim;
use grundy::rules::NotationError;
use grundy::ruleset::{Capabilities, ClosedForm, Enumerate, Presentation};
use grundy::ruleset::{Explanation, Kind, MoveError, Positions, Ruleset, Unsolved};
use grundy::{Player, Value};

/// Nim with a planted bug in its winning-move finder: it forgets every winning move
/// on the last heap. Everything else is Nim's own. It counts its calls.
#[derive(Default)]
struct Planted {
    calls: AtomicUsize,
}

impl Ruleset for Planted {
    type Position = Heaps;

    type Move = HeapMove;

    fn name(&self) -> &'static str {
        "planted-nim"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Heaps, NotationError> {
        Ruleset::parse_position(&Nim, text)
    }

    fn show_position(&self, pos: &Heaps) -> String {
        Ruleset::show_position(&Nim, pos)
    }

    fn parse_move(&self, pos: &Heaps, p: Player, text: &str) -> Result<HeapMove, MoveError> {
        Ruleset::parse_move(&Nim, pos, p, text)
    }

    fn move_help(&self) -> String {
        Ruleset::move_help(&Nim)
    }

    fn moves(&self, pos: &Heaps, p: Player) -> Vec<HeapMove> {
        Ruleset::moves(&Nim, pos, p)
    }

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        Ruleset::play(&Nim, pos, mv)
    }

    fn reach(&self, pos: &Heaps) -> u128 {
        Ruleset::reach(&Nim, pos)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .enumerate(self)
    }
}

impl ClosedForm for Planted {
    fn value(&self, pos: &Heaps) -> Result<Value, Unsolved> {
        RulesetExt::value(&Nim, pos)
    }

    fn winning_moves(&self, pos: &Heaps, p: Player) -> Result<Vec<HeapMove>, Unsolved> {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let mut moves = RulesetExt::winning_moves(&Nim, pos, p)?;
        moves.retain(|m| m.heap + 1 != pos.sizes().len());
        Ok(moves)
    }
}

impl Presentation for Planted {
    fn explain(&self, pos: &Heaps, p: Player, limit: usize) -> Option<Explanation> {
        RulesetExt::explain(&Nim, pos, p, limit)
    }
}

impl Enumerate for Planted {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        0..=8
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        RulesetExt::positions(&Nim, size)
    }
}

#[test]
fn verify_catches_the_planted_finder_at_the_first_position() {
    let planted = Planted::default();
    let report = DynRuleset::verify(&planted, 8, &()).unwrap();
    let c = report.mismatch.expect("the planted finder is wrong");
    // Size 1 is the single heap of one stone: its winning move 1-1 is forgotten.
    assert_eq!(c.size, 1);
    assert_eq!(c.mismatch.position, "1");
    assert_eq!(c.mismatch.expected, "winning moves 1-1");
    assert_eq!(c.mismatch.found, "winning moves none");
    assert!(planted.calls.load(Ordering::Relaxed) > 0);
    // The library's own Nim passes the same check.
    assert!(DynRuleset::verify(&Nim, 8, &()).unwrap().mismatch.is_none());
}

#[test]
fn analyze_and_play_run_the_same_finder() {
    let planted = Planted::default();
    let pos: Heaps = "3,5,7".parse().unwrap();
    let before = planted.calls.load(Ordering::Relaxed);
    let a = analyze(&planted, &pos, Player::Left, 100).unwrap();
    assert!(
        planted.calls.load(Ordering::Relaxed) > before,
        "analyze calls it"
    );
    let listed: Vec<&str> = a.winning_moves.iter().map(|m| m.mv.as_str()).collect();
    assert_eq!(
        listed,
        ["1-1", "2-1"],
        "the move 3-1 on the last heap is forgotten"
    );

    // A position too big for the exhaustive engine: play asks the closed form.
    let big: Heaps = "0,0,1000000".parse().unwrap();
    let before = planted.calls.load(Ordering::Relaxed);
    let mut planted_match = RulesetMatch::new(&planted, big.clone(), Player::Left);
    let planted_move = planted_match.engine_move().unwrap();
    assert!(
        planted.calls.load(Ordering::Relaxed) > before,
        "play calls it"
    );
    // Nim's finder wins at once by emptying the heap; the planted one knows no
    // winning move, so the engine stalls with one stone.
    let mut nim_match = RulesetMatch::new(&Nim, big, Player::Left);
    assert_eq!(nim_match.engine_move().unwrap(), "3-1000000");
    assert_eq!(planted_move, "3-1");
}

/// Nim whose closed form knows who wins and the winning moves but not the value (as
/// a misère quotient knows a wild sum), optionally with a planted wrong verdict on
/// the position 2,2.
struct WinsOnly {
    wrong: bool,
}

impl Ruleset for WinsOnly {
    type Position = Heaps;

    type Move = HeapMove;

    fn name(&self) -> &'static str {
        "wins-only-nim"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Heaps, NotationError> {
        Ruleset::parse_position(&Nim, text)
    }

    fn show_position(&self, pos: &Heaps) -> String {
        Ruleset::show_position(&Nim, pos)
    }

    fn parse_move(&self, pos: &Heaps, p: Player, text: &str) -> Result<HeapMove, MoveError> {
        Ruleset::parse_move(&Nim, pos, p, text)
    }

    fn move_help(&self) -> String {
        Ruleset::move_help(&Nim)
    }

    fn moves(&self, pos: &Heaps, p: Player) -> Vec<HeapMove> {
        Ruleset::moves(&Nim, pos, p)
    }

    fn play(&self, pos: &Heaps, mv: &HeapMove) -> Heaps {
        Ruleset::play(&Nim, pos, mv)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new().closed_form(self).enumerate(self)
    }
}

impl ClosedForm for WinsOnly {
    fn value(&self, _pos: &Heaps) -> Result<Value, Unsolved> {
        Err(Unsolved::no_theory("only who wins is known"))
    }

    fn wins(&self, pos: &Heaps, p: Player) -> Result<bool, Unsolved> {
        let wins = RulesetExt::wins(&Nim, pos, p)?;
        Ok(wins ^ (self.wrong && pos.sizes() == [2, 2]))
    }

    fn winning_moves(&self, pos: &Heaps, p: Player) -> Result<Vec<HeapMove>, Unsolved> {
        RulesetExt::winning_moves(&Nim, pos, p)
    }
}

impl Enumerate for WinsOnly {
    fn size_unit(&self) -> &'static str {
        "tokens"
    }

    fn sizes(&self) -> std::ops::RangeInclusive<usize> {
        0..=8
    }

    fn positions(&self, size: usize) -> Option<Positions<'_, Heaps>> {
        RulesetExt::positions(&Nim, size)
    }
}

/// Where the closed form knows who wins but not the value, verify checks who wins
/// and every winning move against the engine: a right verdict passes, a planted
/// wrong one is caught at its position.
#[test]
fn verify_checks_who_wins_where_the_value_is_unknown() {
    let right = DynRuleset::verify(&WinsOnly { wrong: false }, 8, &()).unwrap();
    assert!(right.mismatch.is_none(), "{:?}", right.mismatch);
    let report = DynRuleset::verify(&WinsOnly { wrong: true }, 8, &()).unwrap();
    let c = report.mismatch.expect("the planted verdict is wrong");
    assert_eq!(c.mismatch.position, "2,2");
    assert_eq!(c.mismatch.expected, "a loss for the player to move");
    assert_eq!(c.mismatch.found, "a win for the player to move");
}

/// `DynRuleset::value` is the analysis' value alone: on every game's example, for
/// normal and (where offered) misère play, it gives the value the analysis reports,
/// or refuses where the analysis has none.
#[test]
fn value_alone_is_the_analysis_value_on_every_example() {
    use grundy::registry::{self, RULESETS};
    let (mut valued, mut refused) = (0, 0);
    for spec in RULESETS {
        for misere in [false, true] {
            let mut params = registry::example_params(spec);
            if misere {
                params = params.with("misere", "true");
            }
            let Ok(game) = registry::build(spec.name, &params) else {
                continue;
            };
            let analysis = game.analyze(spec.example, Player::Left, 10);
            match (analysis.map(|a| a.value), game.value(spec.example)) {
                (Ok(Some(expected)), Ok(found)) => {
                    assert_eq!(found, expected, "{} {}", spec.name, spec.example);
                    valued += 1;
                }
                (Ok(None), Err(_)) | (Err(_), Err(_)) => refused += 1,
                (expected, found) => panic!(
                    "{} {} (misère {misere}): the analysis' value {expected:?}, alone {found:?}",
                    spec.name, spec.example
                ),
            }
        }
    }
    // Both branches are taken (21 and 14 when written).
    assert!(
        valued >= 20 && refused >= 10,
        "{valued} valued, {refused} refused"
    );
}
