//! Wythoff's game through the registry, as every command sees it: the published
//! values, verify against the exhaustive engine, `--moves`, a match against the
//! engine, and positions far beyond the engine's reach.

use crate::data::read_numbers;
use grundy::play::Seat;
use grundy::registry::{build, DynRuleset, Params};
use grundy::rules::wythoff::LARGEST_SIZE;
use grundy::ruleset::SizeError;
use grundy::ruleset::{Capabilities, ClosedForm, ManyMoves};
use grundy::{Outcome, Player};

fn wythoff() -> Box<dyn DynRuleset> {
    build("wythoff", &Params::new()).unwrap()
}

fn value(rules: &dyn DynRuleset, position: &str) -> String {
    rules
        .analyze(position, Player::Left, 0)
        .unwrap()
        .value
        .unwrap()
        .to_string()
}

/// Whether (a, b) is a Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k) in some order, by exact
/// integers and separately from the ruleset's code: ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, with
/// the integer square root by Newton's method.
fn wythoff_pair(a: u64, b: u64) -> bool {
    let (a, b) = (u128::from(a.min(b)), u128::from(a.max(b)));
    let k = b - a;
    let n = 5 * k * k;
    let mut root = n;
    let mut next = root.div_ceil(2);
    while next < root {
        root = next;
        next = (root + n / root) / 2;
    }
    (k + root) / 2 == a
}

#[test]
fn the_independent_pair_check_knows_the_first_pairs() {
    let pairs = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
    ];
    for (a, b) in pairs {
        assert!(wythoff_pair(a, b) && wythoff_pair(b, a), "({a}, {b})");
    }
    for (a, b) in [(0, 1), (1, 1), (2, 3), (3, 4), (5, 8), (6, 9)] {
        assert!(!wythoff_pair(a, b), "({a}, {b})");
    }
}

fn nimber(g: u64) -> String {
    grundy::Nimber(g.into()).to_string()
}

#[test]
fn published_values() {
    let rules = wythoff();
    // A317205: G(n, m) for m ≤ n, row by row; the table is symmetric.
    let triangle = read_numbers("A317205.txt");
    let mut i = 0;
    for n in 0..=11 {
        for m in 0..=n {
            let g = nimber(triangle[i]);
            assert_eq!(value(&*rules, &format!("{n},{m}")), g, "G({n}, {m})");
            assert_eq!(value(&*rules, &format!("{m},{n}")), g, "G({m}, {n})");
            i += 1;
        }
    }
    assert_eq!(i, triangle.len());
    // A047708: G(n, n).
    for (n, &g) in read_numbers("A047708.txt").iter().enumerate() {
        assert_eq!(
            value(&*rules, &format!("{n},{n}")),
            nimber(g),
            "G({n}, {n})"
        );
    }
}

#[test]
fn verify_agrees_with_the_engine_on_every_position_up_to_150_tokens() {
    let rules = wythoff();
    let report = rules.verify(150, &()).unwrap();
    assert_eq!(report.mismatch, None);
    assert_eq!(report.sizes, 0..151);
    assert_eq!(report.positions, (0..=150u64).map(|s| s + 1).sum::<u64>());
    assert!(matches!(
        rules.check_size(LARGEST_SIZE + 1),
        Err(SizeError::TooLarge { .. })
    ));
}

#[test]
fn every_move_with_its_worth() {
    let rules = wythoff();
    let moves = rules
        .move_values(
            "4,5",
            Player::Left,
            usize::MAX,
            grundy::engine::Budget::DEFAULT,
        )
        .unwrap();
    assert_eq!(moves.len(), 4 + 5 + 4);
    let winning: Vec<(&str, &str)> = moves
        .iter()
        .filter(|m| m.wins)
        .map(|m| (m.mv.as_str(), m.after.as_str()))
        .collect();
    assert_eq!(winning, [("1-1", "3,5"), ("=3", "1,2")]);
    for m in &moves {
        assert_eq!(
            m.wins,
            m.value_after.unwrap().to_string() == "0",
            "{}",
            m.mv
        );
        assert!(m.remoteness.is_some(), "{}", m.mv);
    }
    let lost = rules
        .move_values(
            "3,5",
            Player::Left,
            usize::MAX,
            grundy::engine::Budget::DEFAULT,
        )
        .unwrap();
    assert!(lost.iter().all(|m| !m.wins));
    let json = serde_json::to_value(rules.analyze("4,5", Player::Left, 10).unwrap()).unwrap();
    assert_eq!(json["value"], "*6");
    assert_eq!(json["winning_moves"][1]["move"], "=3");
}

#[test]
fn a_match_against_the_engine() {
    let rules = wythoff();
    let mut game = rules
        .start_match("10,10", Player::Left, grundy::engine::Budget::DEFAULT)
        .unwrap();
    assert_eq!(game.seat_name(Seat::First), "the first player");
    let hints = game.hints();
    // Small enough for the exhaustive engine: best first, the quickest win first.
    let winning: Vec<(&str, Option<u32>)> = hints
        .moves
        .iter()
        .filter(|h| h.wins)
        .map(|h| (h.mv.as_str(), h.moves_left))
        .collect();
    assert_eq!(winning[0], ("=10", Some(1)));
    let mut rest: Vec<&str> = winning[1..].iter().map(|w| w.0).collect();
    rest.sort_unstable();
    assert_eq!(rest, ["1-4", "2-4"]);
    assert_eq!(
        game.play("=11").unwrap_err(),
        "take 1 to 10 stones from both heaps"
    );
    // The first player follows the closed form, the engine answers; the first wins.
    while game.winner().is_none() {
        match game.to_move() {
            Seat::First => {
                let analysis = rules.analyze(&game.position(), Player::Left, 1).unwrap();
                game.play(&analysis.winning_moves[0].mv).unwrap();
            }
            Seat::Second => {
                game.engine_move().unwrap();
            }
        }
    }
    assert_eq!(game.winner(), Some(Seat::First));
    assert_eq!(game.position(), "0,0");
    assert_eq!(
        game.ending(),
        "The second player has no move left and loses."
    );
}

#[test]
fn huge_positions() {
    let rules = wythoff();
    let a = rules
        .analyze("5695479640399629865,9215479640399629865", Player::Left, 10)
        .unwrap();
    assert_eq!(a.outcome, Some(Outcome::P));
    assert_eq!(a.value.unwrap().to_string(), "0");
    // An N-position this large has exact winning moves but no known value: analyze
    // answers who wins and the moves, and says why the value is unknown (it once
    // refused the whole position).
    for position in [
        "5695479640399629866,9215479640399629865",
        "100000000000000000,3",
        "0,250311",
        "3,250311",
    ] {
        let a = rules.analyze(position, Player::Left, 10).unwrap();
        assert_eq!(a.outcome, Some(Outcome::N), "{position}");
        assert!(a.to_move_wins);
        assert_eq!(a.value, None, "{position}");
        assert!(a.value_unknown.as_deref().unwrap().contains("not known"));
        assert!(!a.winning_moves.is_empty(), "{position}");
        for m in &a.winning_moves {
            let heaps: Vec<u64> = m.after.split(',').map(|h| h.parse().unwrap()).collect();
            assert!(
                wythoff_pair(heaps[0], heaps[1]),
                "{position}: {} -> {}",
                m.mv,
                m.after
            );
        }
    }
    let e = rules.check_position("1,9223372036854775809").unwrap_err();
    assert_eq!(e.column, 3);
    assert!(rules.check_position("9223372036854775808,0").is_ok());
}

/// Wythoff's game, counting every move its rules list (through `moves` and
/// `first_moves`), to check that an analysis stays within its budget whatever path
/// reaches the exhaustive engine.
#[derive(Debug, Default)]
struct Counted {
    rules: grundy::rules::wythoff::Wythoff,
    listed: std::sync::atomic::AtomicU64,
    /// Whether the closed form is hidden, so that every answer comes from the
    /// exhaustive engine.
    engine_only: bool,
}

impl Counted {
    fn hidden(&self) -> Result<(), grundy::ruleset::Unsolved> {
        if self.engine_only {
            return Err(grundy::ruleset::Unsolved::no_theory(
                "the closed form is hidden",
            ));
        }
        Ok(())
    }

    /// Counts `moves`; a search past four budgets' worth fails the test at once
    /// rather than growing to the 3·10^10 moves of the whole game.
    fn count<T>(&self, moves: Vec<T>) -> Vec<T> {
        let before = self
            .listed
            .fetch_add(moves.len() as u64, std::sync::atomic::Ordering::Relaxed);
        assert!(
            before < 4 * grundy::engine::Budget::DEFAULT.left() + 4 * 250_312,
            "the search goes on past its budget"
        );
        moves
    }
}

impl grundy::ruleset::Ruleset for Counted {
    type Position = <grundy::rules::wythoff::Wythoff as grundy::ruleset::Ruleset>::Position;

    type Move = <grundy::rules::wythoff::Wythoff as grundy::ruleset::Ruleset>::Move;

    fn name(&self) -> &'static str {
        grundy::ruleset::Ruleset::name(&self.rules)
    }

    fn kind(&self) -> grundy::ruleset::Kind {
        grundy::ruleset::Ruleset::kind(&self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<Self::Position, grundy::rules::NotationError> {
        grundy::ruleset::Ruleset::parse_position(&self.rules, text)
    }

    fn show_position(&self, pos: &Self::Position) -> String {
        grundy::ruleset::Ruleset::show_position(&self.rules, pos)
    }

    fn parse_move(
        &self,
        pos: &Self::Position,
        player: Player,
        text: &str,
    ) -> Result<Self::Move, grundy::ruleset::MoveError> {
        grundy::ruleset::Ruleset::parse_move(&self.rules, pos, player, text)
    }

    fn move_help(&self) -> String {
        grundy::ruleset::Ruleset::move_help(&self.rules)
    }

    fn moves(&self, pos: &Self::Position, player: Player) -> Vec<Self::Move> {
        self.count(grundy::ruleset::Ruleset::moves(&self.rules, pos, player))
    }

    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position {
        grundy::ruleset::Ruleset::play(&self.rules, pos, mv)
    }

    fn reach(&self, pos: &Self::Position) -> u128 {
        grundy::ruleset::Ruleset::reach(&self.rules, pos)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new().closed_form(self).many_moves(self)
    }
}

impl ClosedForm for Counted {
    fn value(&self, pos: &Self::Position) -> Result<grundy::Value, grundy::ruleset::Unsolved> {
        self.hidden()?;
        grundy::ruleset::RulesetExt::value(&self.rules, pos)
    }

    fn wins(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<bool, grundy::ruleset::Unsolved> {
        self.hidden()?;
        grundy::ruleset::RulesetExt::wins(&self.rules, pos, to_move)
    }

    fn winning_moves(
        &self,
        pos: &Self::Position,
        to_move: Player,
    ) -> Result<Vec<Self::Move>, grundy::ruleset::Unsolved> {
        self.hidden()?;
        grundy::ruleset::RulesetExt::winning_moves(&self.rules, pos, to_move)
    }
}

impl ManyMoves for Counted {
    fn first_moves(&self, pos: &Self::Position, player: Player, limit: usize) -> Vec<Self::Move> {
        self.count(grundy::ruleset::RulesetExt::first_moves(
            &self.rules,
            pos,
            player,
            limit,
        ))
    }

    fn move_count(&self, pos: &Self::Position, to_move: Player) -> Option<u128> {
        grundy::ruleset::RulesetExt::move_count(&self.rules, pos, to_move)
    }
}

/// The positions the `ruleset` fuzz target found growing without bound (24 GB in two
/// minutes): the value is past the closed form, and the exhaustive fallback lists at
/// most its budget of moves (and one position's moves beyond it, the list it refused).
#[test]
fn the_fallback_of_the_closed_form_lists_at_most_its_budget() {
    use grundy::ruleset::Ruleset;
    let budget = grundy::engine::Budget::DEFAULT.left();
    let one_position = 2 * 250_312;
    for position in ["0,250311", "3,250311", "0,50260"] {
        // With the closed form: who wins and the moves, the value unknown.
        let counted = Counted::default();
        let pos = counted.parse_position(position).unwrap();
        let a = grundy::analysis::analyze(&counted, &pos, Player::Left, 10).unwrap();
        assert_eq!(a.outcome, Some(Outcome::N), "{position}");
        // The values after the moves are past the closed form too: refused.
        let moves = grundy::analysis::move_values(
            &counted,
            &pos,
            Player::Left,
            10,
            grundy::engine::Budget::DEFAULT,
        );
        assert!(moves.is_err(), "{position}: {moves:?}");
        let listed = counted.listed.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            listed <= 2 * (budget + one_position),
            "{position}: {listed} moves listed, the budget is {budget}"
        );
        // Without it, the exhaustive engine alone: refused within the budget.
        let counted = Counted {
            engine_only: true,
            ..Counted::default()
        };
        let a = grundy::analysis::analyze(&counted, &pos, Player::Left, 10);
        assert!(a.is_err(), "{position}: {a:?}");
        let listed = counted.listed.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            listed <= budget + one_position,
            "{position}: {listed} moves listed by the engine alone, the budget is {budget}"
        );
    }
}
