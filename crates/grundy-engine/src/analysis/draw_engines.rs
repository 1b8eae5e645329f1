//! The engines of the games with ties or cycles, compiled only into those games.
//!
//! The retrograde engine (by tiers where a game has them), the tier files and the
//! analysis built on them ([`draws`]) are a large part of the code
//! compiled for a game, and most games never reach them: only a game that can tie or
//! cycle does ([`route::ties_or_cycles`](super::route::ties_or_cycles)). So the
//! analysis does not call them directly, which would compile them for every ruleset
//! type it serves; it calls them through a table of entry points, [`DrawEngines`],
//! which a game with ties or cycles hands to its
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
//! The table is compiled for the game's own type, and the engines run on it as fast
//! as if called directly. A wrapper that forwards the game's capabilities (a ruleset
//! that counts the moves it lists, say) forwards the table too: then the analysis'
//! engines run on the wrapper, through `dyn Ruleset` (the table's second set of entry
//! points, compiled once per position and move type), since its moves may not be the
//! game's; the tier files are written and read for the game itself only. The
//! contract sits below the analysis, so it holds the table type-erased
//! ([`DrawHandle`]), with the game that handed it over to tell it from a wrapper.

use std::any::{type_name, Any};
use std::path::Path;

use super::draws::{self, SolvedMoves};
use super::moves::MoveValue;
use super::route::{Asked, Engine};
use super::Analysis;
use crate::engine::budget::Budget;
use crate::engine::tier_files::{self, Database, SolveReport, TierFileError};
use crate::engine::tier_jobs::{self, TierWork};
use crate::game::Player;
use crate::ruleset::{DrawHandle, Ruleset, Unsolved};

/// The game that handed over a table, type-erased.
type Own = dyn Any + Send + Sync;

/// A ruleset of positions `P` and moves `M` behind `dyn`.
type DynRules<'r, P, M> = dyn Ruleset<Position = P, Move = M> + 'r;

/// The entry points of the engines for ties and cycles, for a game whose positions
/// are `P` and moves `M` (see the [module docs](self)): first for the game's own type,
/// then the analysis' for any ruleset of these positions and moves.
pub struct DrawEngines<P: 'static, M: 'static> {
    analyze: OwnAnalyze<P>,
    solve_moves: OwnSolveMoves<P, M>,
    move_values: OwnMoveValues<P>,
    solve_tier_files: SolveTierFiles<P>,
    tier_work: TierWorkOf<P>,
    analyze_db: AnalyzeDb<P>,
    any_analyze: AnyAnalyze<P, M>,
    any_solve_moves: AnySolveMoves<P, M>,
    any_move_values: AnyMoveValues<P, M>,
}

type OwnAnalyze<P> = fn(&Own, &P, Player, usize) -> Result<(Analysis, Engine), Unsolved>;
type OwnSolveMoves<P, M> = fn(&Own, &P, Player, Asked, Budget) -> Result<SolvedMoves<M>, Unsolved>;
type OwnMoveValues<P> = fn(&Own, &P, Player, usize, Budget) -> Result<Vec<MoveValue>, Unsolved>;
type AnalyzeDb<P> = fn(&Own, &P, Player, usize, &Path) -> Result<Analysis, TierFileError>;
type SolveTierFiles<P> =
    fn(&Own, &P, Player, &Path, &mut dyn FnMut(&SolveReport)) -> Result<SolveReport, TierFileError>;
type TierWorkOf<P> =
    for<'a> fn(&'a Own, &P, Player, &Path) -> Result<Box<dyn TierWork + 'a>, TierFileError>;
type AnyAnalyze<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, usize) -> Result<(Analysis, Engine), Unsolved>;
type AnySolveMoves<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, Asked, Budget) -> Result<SolvedMoves<M>, Unsolved>;
type AnyMoveValues<P, M> =
    fn(&DynRules<'_, P, M>, &P, Player, usize, Budget) -> Result<Vec<MoveValue>, Unsolved>;

/// The engines for ties and cycles of `rules`, for [`Capabilities::ties`] and
/// [`Capabilities::cycles`]; calling it compiles them for `R`.
///
/// [`Capabilities::ties`]: crate::ruleset::Capabilities::ties
/// [`Capabilities::cycles`]: crate::ruleset::Capabilities::cycles
pub fn draw_engines<R: Ruleset + Any>(rules: &R) -> DrawHandle<'_> {
    DrawHandle {
        rules,
        type_name: type_name::<R>(),
        table: &For::<R>::TABLE,
    }
}

/// The table of the game type `R`.
struct For<R>(std::marker::PhantomData<R>);

impl<R: Ruleset + Any> For<R> {
    const TABLE: DrawEngines<R::Position, R::Move> = DrawEngines {
        analyze: |own, pos, to_move, limit| draws::analyze(game::<R>(own)?, pos, to_move, limit),
        solve_moves: |own, pos, to_move, asked, budget| {
            draws::solve_moves(game::<R>(own)?, pos, to_move, asked, budget)
        },
        move_values: |own, pos, to_move, limit, budget| {
            draws::move_values(game::<R>(own)?, pos, to_move, limit, budget)
        },
        solve_tier_files: |own, root, to_move, dir, progress| {
            tier_files::solve_to_dir(tier_game::<R>(own)?, root, to_move, dir, progress)
        },
        tier_work: |own, root, to_move, dir| {
            tier_jobs::tier_work(tier_game::<R>(own)?, root, to_move, dir)
        },
        analyze_db: |own, pos, to_move, limit, dir| {
            let rules = tier_game::<R>(own)?;
            let mut db = Database::open(rules, dir, pos)?;
            draws::analyze_from_db(rules, pos, to_move, limit, &mut db)
        },
        any_analyze: |rules, pos, to_move, limit| draws::analyze(rules, pos, to_move, limit),
        any_solve_moves: |rules, pos, to_move, asked, budget| {
            draws::solve_moves(rules, pos, to_move, asked, budget)
        },
        any_move_values: |rules, pos, to_move, limit, budget| {
            draws::move_values(rules, pos, to_move, limit, budget)
        },
    };
}

/// The game behind a table of `R`'s: an `R`, as [`draw_engines`] pairs them.
fn game<R: Any>(own: &Own) -> Result<&R, Unsolved> {
    own.downcast_ref::<R>()
        .ok_or_else(|| Unsolved::failed("the engines for ties and cycles of another game"))
}

/// [`game`], for the tier files.
fn tier_game<R: Ruleset + Any>(own: &Own) -> Result<&R, TierFileError> {
    own.downcast_ref::<R>()
        .ok_or_else(|| TierFileError::NoDrawEngines(type_name::<R>().to_owned()))
}

/// A table, and the game that handed it over when it is the ruleset asked.
type Found<'r, P, M> = (&'static DrawEngines<P, M>, Option<&'r Own>);

/// The table of `rules` and, when `rules` is the game that handed it over (not a
/// wrapper of it), that game; or why there is none: a game that says it can tie or
/// cycle without it (its capabilities built field by field rather than by
/// [`Capabilities::ties`](crate::ruleset::Capabilities::ties)).
fn find<R>(rules: &R) -> Result<Found<'_, R::Position, R::Move>, String>
where
    R: Ruleset + ?Sized,
{
    let handle = rules.capabilities().draw_engines.ok_or_else(|| {
        format!(
            "{} can tie or cycle, but its capabilities do not hold the engines for ties \
             and cycles (Capabilities::ties or Capabilities::cycles)",
            rules.name()
        )
    })?;
    let table = handle
        .table
        .downcast_ref::<DrawEngines<R::Position, R::Move>>()
        .ok_or_else(|| {
            format!(
                "{}: the engines for ties and cycles of another game",
                rules.name()
            )
        })?;
    // The same object, of the same type: the game itself.
    let same = std::ptr::addr_eq(handle.rules as *const Own, rules as *const R)
        && handle.type_name == type_name::<R>();
    Ok((table, same.then_some(handle.rules)))
}

impl<P: 'static, M: 'static> DrawEngines<P, M> {
    /// [`draws::analyze`] of `pos` in `rules`, at most `limit` moves listed.
    pub fn analyze<R>(
        rules: &R,
        pos: &P,
        to_move: Player,
        limit: usize,
    ) -> Result<(Analysis, Engine), Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        match find(rules).map_err(Unsolved::failed)? {
            (table, Some(own)) => (table.analyze)(own, pos, to_move, limit),
            (table, None) => (table.any_analyze)(&rules, pos, to_move, limit),
        }
    }

    /// [`draws::solve_moves`] of `pos` in `rules`.
    pub fn solve_moves<R>(
        rules: &R,
        pos: &P,
        to_move: Player,
        asked: Asked,
        budget: Budget,
    ) -> Result<SolvedMoves<M>, Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        match find(rules).map_err(Unsolved::failed)? {
            (table, Some(own)) => (table.solve_moves)(own, pos, to_move, asked, budget),
            (table, None) => (table.any_solve_moves)(&rules, pos, to_move, asked, budget),
        }
    }

    /// [`draws::move_values`] of `pos` in `rules`.
    pub fn move_values<R>(
        rules: &R,
        pos: &P,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, Unsolved>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        match find(rules).map_err(Unsolved::failed)? {
            (table, Some(own)) => (table.move_values)(own, pos, to_move, limit, budget),
            (table, None) => (table.any_move_values)(&rules, pos, to_move, limit, budget),
        }
    }

    /// The game itself behind `rules`, for the tier files, which are written and read
    /// for a game's own type only.
    fn tier_target<R>(rules: &R) -> Result<(&'static Self, &Own), TierFileError>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        match find(rules) {
            Ok((table, Some(own))) => Ok((table, own)),
            _ => Err(TierFileError::NoDrawEngines(rules.name().to_owned())),
        }
    }

    /// [`tier_files::solve_to_dir`] from `root` in `rules`.
    pub fn solve_tier_files<R>(
        rules: &R,
        root: &P,
        to_move: Player,
        dir: &Path,
        progress: &mut dyn FnMut(&SolveReport),
    ) -> Result<SolveReport, TierFileError>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        let (table, own) = Self::tier_target(rules)?;
        (table.solve_tier_files)(own, root, to_move, dir, progress)
    }

    /// [`tier_jobs::tier_work`] from `root` in `rules`.
    pub fn tier_work<'a, R>(
        rules: &'a R,
        root: &P,
        to_move: Player,
        dir: &Path,
    ) -> Result<Box<dyn TierWork + 'a>, TierFileError>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        let (table, own) = Self::tier_target(rules)?;
        (table.tier_work)(own, root, to_move, dir)
    }

    /// [`draws::analyze_from_db`] of `pos` in `rules`, from the tier files in `dir`.
    pub fn analyze_db<R>(
        rules: &R,
        pos: &P,
        to_move: Player,
        limit: usize,
        dir: &Path,
    ) -> Result<Analysis, TierFileError>
    where
        R: Ruleset<Position = P, Move = M> + ?Sized,
    {
        let (table, own) = Self::tier_target(rules)?;
        (table.analyze_db)(own, pos, to_move, limit, dir)
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
        // The game itself runs the engines compiled for its type.
        assert!(find(&open).unwrap().1.is_some());
        // The wrapper hands on the inner game's engines, which then run on its moves,
        // through `dyn Ruleset`: though the game sits at the wrapper's address.
        let closed = Closed(open);
        assert!(find(&closed).unwrap().1.is_none());
        assert_eq!(
            (0..3).map(|p| result(&closed, p)).collect::<Vec<_>>(),
            [Draw; 3]
        );
        let by_ref: &dyn Ruleset<Position = u32, Move = u32> = &closed;
        assert_eq!(result(by_ref, 0), Draw);
        // Tier files are written for the game itself only: the wrapper is refused
        // before anything is read or written, the game goes on to its (missing) tiers.
        let dir = Path::new("/nonexistent/tier-files");
        let mut progress = |_: &SolveReport| {};
        let refused = DrawEngines::solve_tier_files(&closed, &0, Player::Left, dir, &mut progress);
        assert!(
            matches!(refused, Err(TierFileError::NoDrawEngines(_))),
            "{refused:?}"
        );
        let own = DrawEngines::solve_tier_files(&closed.0, &0, Player::Left, dir, &mut progress);
        assert!(matches!(own, Err(TierFileError::NoTiers(_))), "{own:?}");
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
