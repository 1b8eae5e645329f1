//! The budget policy, measured: the analysis of a position, its move list with
//! remoteness (`analyze --moves`), and a match's hints and engine moves list at most
//! the budget's moves beyond those they show, whatever the position.
//!
//! Every game is wrapped in [`Counted`], which delegates to it and counts the moves
//! it lists (`moves` and `first_moves`, the only ways to list them). For every game,
//! on every position of its smallest sizes and on random positions of every size it
//! enumerates, plus hostile positions typed by hand, the count stays within
//! `budget + slack`, where the slack is what the answer itself shows (the moves
//! listed at the root and the winning moves).

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};

use grundy::analysis::moves::move_values;
use grundy::analysis::{analyze, Analysis};
use grundy::engine::Budget;
use grundy::play::{Match, RulesetMatch};
use grundy::rules::{
    ab::Ab, clobber::Clobber, domineering::Domineering, grundy_game::GrundyGame,
    hackenbush::Hackenbush, nim::Nim, octal::Octal, pawns::Pawns, staircase::Staircase,
    subtraction::Subtraction, table::TableGame, toads::Toads, towers::Towers, wythoff::Wythoff,
    NotationError,
};
use grundy::ruleset::{
    Capabilities, End, IllegalMove, Kind, ManyMoves, MoveError, Ruleset, RulesetExt,
};
use grundy::Player;
use proptest::prelude::*;

/// A ruleset that counts the moves it lists.
struct Counted<R> {
    rules: R,
    listed: AtomicU64,
}

impl<R: Ruleset> Counted<R> {
    fn new(rules: R) -> Counted<R> {
        Counted {
            rules,
            listed: AtomicU64::new(0),
        }
    }

    /// The moves listed since the last call.
    fn take(&self) -> u64 {
        self.listed.swap(0, Ordering::Relaxed)
    }

    fn count<T>(&self, moves: Vec<T>) -> Vec<T> {
        self.listed.fetch_add(moves.len() as u64, Ordering::Relaxed);
        moves
    }
}

impl<R: Ruleset> Ruleset for Counted<R> {
    type Position = R::Position;

    type Move = R::Move;

    fn name(&self) -> &'static str {
        self.rules.name()
    }

    fn parameters(&self) -> String {
        self.rules.parameters()
    }

    fn kind(&self) -> Kind {
        self.rules.kind()
    }

    fn parse_position(&self, text: &str) -> Result<R::Position, NotationError> {
        self.rules.parse_position(text)
    }

    fn show_position(&self, pos: &R::Position) -> String {
        self.rules.show_position(pos)
    }

    fn parse_move(
        &self,
        pos: &R::Position,
        player: Player,
        text: &str,
    ) -> Result<R::Move, MoveError> {
        self.rules.parse_move(pos, player, text)
    }

    fn move_help(&self) -> String {
        self.rules.move_help()
    }

    fn moves(&self, pos: &R::Position, player: Player) -> Vec<R::Move> {
        self.count(self.rules.moves(pos, player))
    }

    fn play(&self, pos: &R::Position, mv: &R::Move) -> R::Position {
        self.rules.play(pos, mv)
    }

    fn end(&self, pos: &R::Position, to_move: Player) -> Option<End> {
        self.rules.end(pos, to_move)
    }

    fn reach(&self, pos: &R::Position) -> u128 {
        self.rules.reach(pos)
    }

    /// The wrapped game's capabilities, its moves listed a few at a time counted.
    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities {
            many_moves: Some(self),
            ..self.rules.capabilities()
        }
    }
}

impl<R: Ruleset> ManyMoves for Counted<R> {
    fn first_moves(&self, pos: &R::Position, player: Player, limit: usize) -> Vec<R::Move> {
        self.count(self.rules.first_moves(pos, player, limit))
    }

    fn play_checked(
        &self,
        pos: &R::Position,
        player: Player,
        mv: &R::Move,
    ) -> Result<R::Position, IllegalMove> {
        self.rules.play_checked(pos, player, mv)
    }

    fn move_count(&self, pos: &R::Position, to_move: Player) -> Option<u128> {
        self.rules.move_count(pos, to_move)
    }
}

/// The moves listed beyond what is shown: the root's moves (at most `limit`) and
/// one expansion past the budget's end for each of them.
const LIMIT: usize = 8;

/// Analyses `pos` with `budget`, its move list with remoteness, and two moves of a
/// match with hints, checking each against the budget. Returns the moves listed by
/// the move list's search.
fn check_position<R: Ruleset>(game: &Counted<R>, pos: &R::Position, budget: u64) -> u64
where
    R::Position: Debug,
{
    let to_move = Player::Left;
    let slack = 2 * LIMIT as u64 + 2;
    game.take();
    if let Ok(Analysis { .. }) = analyze(game, pos, to_move, LIMIT) {
        // The closed form answers without the engine: no more than the moves shown
        // and the root's moves to find them, plus the search for the analysis' own
        // remoteness (at most REMOTENESS_BUDGET moves).
        let listed = game.take();
        let root = game.rules.move_count(pos, to_move).unwrap_or(0);
        assert!(
            listed <= slack + root.min(1 << 20) as u64 + grundy::analysis::REMOTENESS_BUDGET,
            "{} {:?}: analyze listed {listed} moves",
            game.name(),
            pos
        );
    }
    game.take();
    let search = match move_values(game, pos, to_move, LIMIT, Budget::moves(budget)) {
        Ok(moves) => {
            assert!(moves.len() <= LIMIT);
            let listed = game.take();
            assert!(
                listed <= budget + slack,
                "{} {:?}: --moves listed {listed} moves on a budget of {budget}",
                game.name(),
                pos
            );
            listed
        }
        Err(_) => game.take(),
    };
    let mut m = RulesetMatch::new(game, pos.clone(), to_move).with_budget(Budget::moves(budget));
    for _ in 0..2 {
        game.take();
        if m.winner().is_some() {
            break;
        }
        let _ = m.hints();
        let _ = m.engine_move();
        let listed = game.take();
        assert!(
            listed <= 2 * (budget + slack) + (1 << 12),
            "{} {:?}: a hint and an engine move listed {listed} moves on a budget of {budget}",
            game.name(),
            pos
        );
    }
    search
}

/// Every position of the sizes up to `small`, then `samples` random positions of
/// each of eight random sizes the game enumerates above, each on several budgets.
fn check_game<R: Ruleset>(rules: R, small: usize, samples: usize, seed: u64)
where
    R::Position: Debug,
{
    let game = Counted::new(rules);
    let sizes = game.sizes();
    // SplitMix64: reproducible picks without a generator crate.
    let mut state = seed;
    let mut next = move |below: u64| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % below.max(1)
    };
    let (lo, hi) = (*sizes.start(), *sizes.end());
    let mut chosen: Vec<usize> = (lo..=hi.min(small)).collect();
    if hi > small {
        chosen.extend((0..8).map(|_| small + 1 + next((hi - small) as u64) as usize));
    }
    for size in chosen {
        let Some(positions) = game.positions(size) else {
            return;
        };
        let every = size <= small;
        let picks: Vec<u64> = if every {
            (0..positions.count.min(4096)).collect()
        } else {
            (0..samples)
                .filter(|_| positions.count > 0)
                .map(|_| next(positions.count))
                .collect()
        };
        for i in picks {
            let pos = (positions.nth)(i);
            for budget in [0, 1, 64, 4096] {
                check_position(&game, &pos, budget);
            }
        }
    }
}

#[test]
fn every_game_lists_at_most_its_budget_on_every_small_and_sampled_position() {
    check_game(Pawns::adapwns(), 8, 6, 1);
    check_game(TableGame, 3, 4, 2);
    check_game(Ab, 6, 6, 3);
    check_game(Towers, 4, 4, 4);
    check_game(Nim, 6, 4, 5);
    check_game(Wythoff::new(), 6, 4, 6);
    check_game(GrundyGame::new(), 6, 2, 7);
    check_game("1,2,5".parse::<Subtraction>().unwrap(), 6, 4, 8);
    check_game("0.77".parse::<Octal>().unwrap(), 6, 4, 9);
    check_game("4.616".parse::<Octal>().unwrap(), 5, 4, 10);
    check_game(Staircase::default(), 6, 4, 11);
    check_game(Domineering::default(), 6, 2, 12);
    check_game(Toads::default(), 5, 2, 13);
    check_game(Hackenbush, 5, 2, 14);
    check_game(Clobber::default(), 5, 2, 15);
}

/// Hostile positions of the issue that asked for budgets: each within its budget.
#[test]
fn hostile_positions_list_at_most_their_budget() {
    let spread: String = (0..1000)
        .map(|i| if i % 7 == 3 || i % 11 == 5 { 'P' } else { '.' })
        .collect();
    let pawns = Counted::new(Pawns::adapwns());
    for text in [spread.as_str(), &format!("{}P", ".".repeat(20_000))] {
        let pos = pawns.parse_position(text).unwrap();
        for budget in [0, 4096] {
            check_position(&pawns, &pos, budget);
        }
    }
    let ab = Counted::new(Ab);
    let pos = ab
        .parse_position(&format!("A{}B", ".".repeat(1000)))
        .unwrap();
    check_position(&ab, &pos, 4096);
    let nim = Counted::new(Nim);
    for text in ["5000,5000", "100,100,100", "10000"] {
        let pos = nim.parse_position(text).unwrap();
        check_position(&nim, &pos, 4096);
    }
    let towers = Counted::new(Towers);
    let pos = towers.parse_position("20:4,30:3").unwrap();
    check_position(&towers, &pos, 4096);
    let octal = Counted::new("4.616".parse::<Octal>().unwrap());
    let pos = octal.parse_position("6,146,146,14").unwrap();
    check_position(&octal, &pos, 4096);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Nim positions of up to four heaps of up to 10^6 stones: the search lists at
    /// most its budget (plus the moves shown), however big the game below.
    #[test]
    fn nim_search_stays_within_budget(heaps in proptest::collection::vec(0u64..1_000_000, 1..4), budget in 0u64..5000) {
        let nim = Counted::new(Nim);
        let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let pos = nim.parse_position(&text.join(",")).unwrap();
        check_position(&nim, &pos, budget);
    }
}
