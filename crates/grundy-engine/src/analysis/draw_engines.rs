//! The engines of the games with ties or cycles, compiled only into those games.
//!
//! The retrograde engine (by tiers where a game has them), the tier files and the
//! analysis built on them ([`draws`](super::draws)) are a large part of the code
//! compiled for a game, and most games never reach them: only a game that can tie or
//! cycle does ([`route::ties_or_cycles`]). So the analysis does not call them
//! directly, which would compile them for every ruleset type it serves; it calls them
//! through a [`DrawEngines`], a table of entry points compiled for one position and
//! move type over `dyn Ruleset`, which a game with ties or cycles hands to its
//! [`Capabilities`](crate::ruleset::Capabilities) with
//! [`ties`](crate::ruleset::Capabilities::ties) or
//! [`cycles`](crate::ruleset::Capabilities::cycles):
//!
//! ```text
//! fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
//!     Capabilities::new().ties(draw_engines(self))
//! }
//! ```
//!
//! The contract sits below the analysis, so it holds the table type-erased (as
//! `dyn Any`); [`DrawEngines::of`] finds it again by the position and move types.
//! A wrapper that forwards its inner game's capabilities (a ruleset that counts the
//! moves it lists, say) forwards the table too, and the engines then run on the
//! wrapper: each entry point takes the ruleset it serves.

use std::any::Any;
use std::path::Path;

use super::draws::{self, SolvedMoves};
use super::moves::MoveValue;
use super::route::{Asked, Engine};
use super::Analysis;
use crate::engine::budget::Budget;
use crate::engine::tier_files::{self, Database, SolveReport, TierFileError};
use crate::engine::tier_jobs::{self, TierWork};
use crate::game::Player;
use crate::ruleset::{GameMove, GamePosition, Ruleset, Unsolved};

/// A ruleset of positions `P` and moves `M` behind `dyn`.
type DynRules<'r, P, M> = dyn Ruleset<Position = P, Move = M> + 'r;

/// The entry points of the engines for ties and cycles, for the rulesets whose
/// positions are `P` and moves `M` (see the [module docs](self)).
pub struct DrawEngines<P: 'static, M: 'static> {
    analyze: DrawAnalyze<P, M>,
    solve_moves: DrawSolveMoves<P, M>,
    move_values: DrawMoveValues<P, M>,
    solve_tier_files: SolveTierFiles<P, M>,
    tier_work: TierWorkOf<P, M>,
    analyze_db: AnalyzeDb<P, M>,
}

type DrawAnalyze<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, usize) -> Result<(Analysis, Engine), Unsolved>;
type DrawSolveMoves<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, Asked, Budget) -> Result<SolvedMoves<M>, Unsolved>;
type DrawMoveValues<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, usize, Budget) -> Result<Vec<MoveValue>, Unsolved>;
type SolveTierFiles<P, M> = fn(
    &DynRules<'_, P, M>,
    &P,
    Player,
    &Path,
    &mut dyn FnMut(&SolveReport),
) -> Result<SolveReport, TierFileError>;
type TierWorkOf<P, M> = for<'a> fn(
    &'a DynRules<'a, P, M>,
    &P,
    Player,
    &Path,
) -> Result<Box<dyn TierWork + 'a>, TierFileError>;
type AnalyzeDb<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, usize, &Path) -> Result<Analysis, TierFileError>;

/// The table of a game with ties or cycles, for [`Capabilities::ties`] and
/// [`Capabilities::cycles`]; calling it compiles the engines for `R`'s position and
/// move types.
///
/// [`Capabilities::ties`]: crate::ruleset::Capabilities::ties
/// [`Capabilities::cycles`]: crate::ruleset::Capabilities::cycles
pub fn draw_engines<R: Ruleset + ?Sized>(rules: &R) -> &'static (dyn Any + Send + Sync) {
    let _ = rules;
    DrawEngines::<R::Position, R::Move>::erased()
}

impl<P: GamePosition, M: GameMove> DrawEngines<P, M> {
    const TABLE: DrawEngines<P, M> = DrawEngines {
        analyze: |rules, pos, to_move, limit| draws::analyze(rules, pos, to_move, limit),
        solve_moves: |rules, pos, to_move, asked, budget| {
            draws::solve_moves(rules, pos, to_move, asked, budget)
        },
        move_values: |rules, pos, to_move, limit, budget| {
            draws::move_values(rules, pos, to_move, limit, budget)
        },
        solve_tier_files: |rules, pos, to_move, dir, progress| {
            tier_files::solve_to_dir(rules, pos, to_move, dir, progress)
        },
        tier_work: |rules, pos, to_move, dir| tier_jobs::tier_work(rules, pos, to_move, dir),
        analyze_db: |rules, pos, to_move, limit, dir| {
            let mut db = Database::open(rules, dir, pos)?;
            draws::analyze_from_db(rules, pos, to_move, limit, &mut db)
        },
    };

    /// The table, type-erased for [`Capabilities`](crate::ruleset::Capabilities).
    pub fn erased() -> &'static (dyn Any + Send + Sync) {
        &Self::TABLE
    }

    /// The table `rules` hands to its capabilities, or why there is none: a game
    /// that says it can tie or cycle without it (its capabilities built field by
    /// field rather than by [`Capabilities::ties`](crate::ruleset::Capabilities::ties)).
    pub fn of<R>(rules: &R) -> Result<&'static DrawEngines<P, M>, Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        rules
            .capabilities()
            .draw_engines
            .and_then(|table| table.downcast_ref::<DrawEngines<P, M>>())
            .ok_or_else(|| {
                Unsolved::failed(format!(
                    "{} can tie or cycle, but its capabilities do not hold the engines for \
                     ties and cycles (Capabilities::ties or Capabilities::cycles)",
                    rules.name()
                ))
            })
    }

    /// [`draws::analyze`] of `pos` in `rules`.
    pub fn analyze<R>(
        &self,
        rules: &R,
        pos: &P,
        to_move: Player,
        limit: usize,
    ) -> Result<(Analysis, Engine), Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        (self.analyze)(&rules, pos, to_move, limit)
    }

    /// [`draws::solve_moves`] of `pos` in `rules`.
    pub fn solve_moves<R>(
        &self,
        rules: &R,
        pos: &P,
        to_move: Player,
        asked: Asked,
        budget: Budget,
    ) -> Result<SolvedMoves<M>, Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        (self.solve_moves)(&rules, pos, to_move, asked, budget)
    }

    /// [`draws::move_values`] of `pos` in `rules`.
    pub fn move_values<R>(
        &self,
        rules: &R,
        pos: &P,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        (self.move_values)(&rules, pos, to_move, limit, budget)
    }

    /// [`tier_files::solve_to_dir`] from `root` in `rules`.
    pub fn solve_tier_files(
        &self,
        rules: &DynRules<'_, P, M>,
        root: &P,
        to_move: Player,
        dir: &Path,
        progress: &mut dyn FnMut(&SolveReport),
    ) -> Result<SolveReport, TierFileError> {
        (self.solve_tier_files)(rules, root, to_move, dir, progress)
    }

    /// [`tier_jobs::tier_work`] from `root` in `rules`.
    pub fn tier_work<'a>(
        &self,
        rules: &'a DynRules<'a, P, M>,
        root: &P,
        to_move: Player,
        dir: &Path,
    ) -> Result<Box<dyn TierWork + 'a>, TierFileError> {
        (self.tier_work)(rules, root, to_move, dir)
    }

    /// [`draws::analyze_from_db`] of `pos` in `rules`, from the tier files in `dir`.
    pub fn analyze_db(
        &self,
        rules: &DynRules<'_, P, M>,
        pos: &P,
        to_move: Player,
        limit: usize,
        dir: &Path,
    ) -> Result<Analysis, TierFileError> {
        (self.analyze_db)(rules, pos, to_move, limit, dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::ruleset::{Capabilities, GameResult, Kind, UnsolvedKind};

    /// A token on a circle 0 → 1 → 2 → 0 that may leave 2 for 3, where it stops
    /// (`exit`), or may not: with the exit, 2 and 0 are won and 1 lost; without it,
    /// every position is a draw.
    struct Circle {
        exit: bool,
        engines: bool,
    }

    impl Ruleset for Circle {
        type Position = u32;
        type Move = u32;

        fn name(&self) -> &'static str {
            "circle"
        }

        fn kind(&self) -> Kind {
            Kind::Impartial
        }

        fn moves(&self, pos: &u32, _: Player) -> Vec<u32> {
            match pos {
                0 => vec![1],
                1 => vec![2],
                2 if self.exit => vec![0, 3],
                2 => vec![0],
                _ => Vec::new(),
            }
        }

        fn play(&self, _: &u32, mv: &u32) -> u32 {
            *mv
        }

        fn capabilities(&self) -> Capabilities<'_, u32, u32> {
            if self.engines {
                Capabilities::new().cycles(draw_engines(self))
            } else {
                Capabilities {
                    cycles: true,
                    ..Capabilities::new()
                }
            }
        }
    }

    /// `Circle` without its exit, forwarding the capabilities (and so the engines)
    /// of the game with the exit.
    struct Closed(Circle);

    impl Ruleset for Closed {
        type Position = u32;
        type Move = u32;

        fn name(&self) -> &'static str {
            "closed circle"
        }

        fn kind(&self) -> Kind {
            Kind::Impartial
        }

        fn moves(&self, pos: &u32, player: Player) -> Vec<u32> {
            let mut moves = self.0.moves(pos, player);
            moves.retain(|&m| m != 3);
            moves
        }

        fn play(&self, pos: &u32, mv: &u32) -> u32 {
            self.0.play(pos, mv)
        }

        fn capabilities(&self) -> Capabilities<'_, u32, u32> {
            self.0.capabilities()
        }
    }

    fn result<R: Ruleset<Position = u32> + ?Sized>(rules: &R, pos: u32) -> GameResult {
        analyze(rules, &pos, Player::Left, 5).unwrap().result
    }

    #[test]
    fn the_engines_answer_the_game_that_holds_them_and_the_wrapper_they_run_on() {
        let open = Circle {
            exit: true,
            engines: true,
        };
        let results: Vec<_> = (0..4).map(|p| result(&open, p)).collect();
        use GameResult::{Draw, Lose, Win};
        assert_eq!(results, [Win, Lose, Win, Lose]);
        // The wrapper hands on the inner game's engines, which then run on its moves.
        let closed = Closed(open);
        assert_eq!(
            (0..3).map(|p| result(&closed, p)).collect::<Vec<_>>(),
            [Draw; 3]
        );
        let by_ref: &dyn Ruleset<Position = u32, Move = u32> = &closed;
        assert_eq!(result(by_ref, 0), Draw);
    }

    #[test]
    fn a_game_that_cycles_without_the_engines_is_refused_with_the_reason() {
        let bare = Circle {
            exit: true,
            engines: false,
        };
        let refused = analyze(&bare, &0, Player::Left, 5).unwrap_err();
        assert_eq!(refused.kind, UnsolvedKind::Failed);
        assert!(refused.reason.contains("Capabilities::cycles"), "{refused}");
        let moves = crate::analysis::move_values(&bare, &0, Player::Left, 5, Budget::unlimited());
        assert_eq!(moves.unwrap_err().kind, UnsolvedKind::Failed);
    }
}
