//! Any ruleset's closed form against the exhaustive engine, on the positions the
//! ruleset lists by size.

use std::ops::Range;
use std::sync::Mutex;

use crate::engine::{ImpartialSolver, PartizanSolver};
use crate::game::Player;
use crate::ruleset::RulesetExt;
use crate::ruleset::{
    AsImpartial, AsPartizan, Kind, Positions, Ruleset, SizeError, Unsolved, WinTable,
};
use crate::verify::{same_moves, Checked, Mismatch};

/// Memo entries after which a thread's engine starts afresh.
const MEMO_LIMIT: usize = 1 << 20;

/// What the exhaustive side has for one size: the positions, and the ruleset's own
/// win table where it has one.
pub struct Prepared<'r, P> {
    positions: Positions<'r, P>,
    table: Option<WinTable<'r, P>>,
}

/// Checks a ruleset's closed form ([`value`](crate::ruleset::RulesetExt::value), [`wins`](crate::ruleset::RulesetExt::wins),
/// [`winning_moves`](crate::ruleset::RulesetExt::winning_moves)) on every position of every size.
///
/// For each position listed by [`positions`](crate::ruleset::RulesetExt::positions) it compares, with the memoised
/// engine: in an impartial game the value with the Grundy value and the winning
/// moves with the moves to positions of value 0; in a partizan game the outcome (who
/// wins moving first, each player) and each player's winning moves. Where the
/// ruleset has its own exhaustive [`win table`](crate::ruleset::RulesetExt::win_table) for a size, that
/// table is the exhaustive side (win or loss only). Engines are kept per thread from
/// batch to batch, so that positions shared by many lines of play are solved once.
pub struct RulesetCheck<'r, R: Ruleset + ?Sized> {
    rules: &'r R,
    impartial: Mutex<Vec<ImpartialSolver<'r, AsImpartial<'r, R>>>>,
    partizan: Mutex<Vec<PartizanSolver<'r, AsPartizan<'r, R>>>>,
    imp: &'r AsImpartial<'r, R>,
    par: &'r AsPartizan<'r, R>,
}

impl<'r, R: Ruleset + ?Sized> RulesetCheck<'r, R> {
    /// A check of `imp.0` (the same ruleset as `par.0`), seen by the engines through
    /// the views `imp` and `par`, which the caller keeps while the check lives:
    ///
    /// ```
    /// # use grundy_engine::ruleset::{AsImpartial, AsPartizan};
    /// # use grundy_engine::verify::{verify, RulesetCheck};
    /// let rules = grundy_games::rules::nim::Nim;
    /// let (imp, par) = (AsImpartial(&rules), AsPartizan(&rules));
    /// let report = verify(&RulesetCheck::new(&imp, &par), 4, &());
    /// assert!(report.mismatch.is_none());
    /// ```
    pub fn new(imp: &'r AsImpartial<'r, R>, par: &'r AsPartizan<'r, R>) -> Self {
        let rules = imp.0;
        RulesetCheck {
            rules,
            impartial: Mutex::new(Vec::new()),
            partizan: Mutex::new(Vec::new()),
            imp,
            par,
        }
    }

    /// Checks that `size` is within the ruleset's sizes and that it lists positions.
    pub fn check_size(rules: &R, size: usize) -> Result<(), SizeError> {
        let sizes = rules.sizes();
        if rules.positions(*sizes.start()).is_none() {
            return Err(SizeError::NotEnumerable {
                game: rules.title(),
            });
        }
        if size < *sizes.start() {
            return Err(SizeError::TooSmall {
                size,
                game: rules.title(),
                smallest: *sizes.start(),
                unit: rules.size_unit(),
            });
        }
        if size > *sizes.end() {
            return Err(SizeError::TooLarge {
                size,
                game: rules.title(),
                largest: *sizes.end(),
                unit: rules.size_unit(),
            });
        }
        Ok(())
    }

    /// `pos` as a counterexample names it: the position, the parameters, and in a
    /// partizan game who is to move.
    fn named(&self, pos: &R::Position, to_move: Option<Player>) -> String {
        let mut out = self.rules.show_position(pos);
        let params = self.rules.parameters();
        if !params.is_empty() {
            out.push_str(&format!(" ({params})"));
        }
        if let Some(p) = to_move {
            out.push_str(&format!(" ({} to move)", self.rules.player_name(p, p)));
        }
        out
    }

    fn check_impartial(
        &self,
        engine: &mut ImpartialSolver<'r, AsImpartial<'r, R>>,
        prepared: &Prepared<'r, R::Position>,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        let rules = self.rules;
        let unsolved = |pos: &R::Position, e: Unsolved| {
            Mismatch::new(self.named(pos, None), "a value", format!("none ({e})"))
        };
        for i in units.clone() {
            let pos = (prepared.positions.nth)(i);
            let position = || self.named(&pos, None);
            let found = rules
                .winning_moves(&pos, Player::Left)
                .map_err(|e| unsolved(&pos, e))?;
            let winning: Vec<R::Move> = match &prepared.table {
                Some(table) => {
                    let expected = table(&pos);
                    let value = rules.value(&pos).map_err(|e| unsolved(&pos, e))?;
                    if value.wins_moving_first(Player::Left) != expected {
                        let says = if expected {
                            "a win for the player to move"
                        } else {
                            "0 (the player to move loses)"
                        };
                        return Err(Mismatch::new(
                            position(),
                            format!("value {says}"),
                            format!("value {value}"),
                        ));
                    }
                    rules
                        .moves(&pos, Player::Left)
                        .into_iter()
                        .filter(|m| !table(&rules.play(&pos, m)))
                        .collect()
                }
                None => {
                    let expected = engine.grundy(&pos);
                    match rules.value(&pos) {
                        Ok(value) => {
                            if value.as_nimber() != Some(expected) {
                                return Err(Mismatch::new(
                                    position(),
                                    format!("value {expected}"),
                                    format!("value {value}"),
                                ));
                            }
                        }
                        // A closed form that knows who wins without the value (a
                        // misère quotient) is checked on who wins, and below on
                        // every winning move.
                        Err(why) => {
                            let wins = rules
                                .wins(&pos, Player::Left)
                                .map_err(|_| unsolved(&pos, why))?;
                            if wins != (expected.0 != 0) {
                                let says = |w: bool| {
                                    if w {
                                        "a win for the player to move"
                                    } else {
                                        "a loss for the player to move"
                                    }
                                };
                                return Err(Mismatch::new(
                                    position(),
                                    says(expected.0 != 0),
                                    says(wins),
                                ));
                            }
                        }
                    }
                    engine.winning_moves(&pos)
                }
            };
            same_moves(position, "winning moves", &winning, &found)?;
        }
        Ok(units.end - units.start)
    }

    fn check_partizan(
        &self,
        engine: &mut PartizanSolver<'r, AsPartizan<'r, R>>,
        prepared: &Prepared<'r, R::Position>,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        let rules = self.rules;
        for i in units.clone() {
            let pos = (prepared.positions.nth)(i);
            let expected = engine.outcome(&pos);
            let found = crate::ruleset::outcome_of(rules, &pos).map_err(|e| {
                Mismatch::new(self.named(&pos, None), "an outcome", format!("none ({e})"))
            })?;
            if expected != found {
                return Err(Mismatch::new(
                    self.named(&pos, None),
                    format!("outcome {expected}"),
                    format!("outcome {found}"),
                ));
            }
            for player in [Player::Left, Player::Right] {
                let winning = engine.winning_moves(&pos, player);
                let found = rules.winning_moves(&pos, player).map_err(|e| {
                    Mismatch::new(
                        self.named(&pos, Some(player)),
                        "winning moves",
                        format!("none ({e})"),
                    )
                })?;
                same_moves(
                    || self.named(&pos, Some(player)),
                    "winning moves",
                    &winning,
                    &found,
                )?;
            }
        }
        Ok(units.end - units.start)
    }
}

impl<'r, R: Ruleset + ?Sized> Checked for RulesetCheck<'r, R> {
    type Prepared = Prepared<'r, R::Position>;

    fn name(&self) -> String {
        self.rules.title()
    }

    fn size_unit(&self) -> &'static str {
        self.rules.size_unit()
    }

    fn smallest_size(&self) -> usize {
        *self.rules.sizes().start()
    }

    fn largest_size(&self) -> usize {
        *self.rules.sizes().end()
    }

    fn work(&self, size: usize) -> u64 {
        self.rules.positions(size).map_or(0, |p| p.count)
    }

    fn prepare(&self, size: usize) -> Prepared<'r, R::Position> {
        let positions = self.rules.positions(size).unwrap_or(Positions {
            count: 0,
            nth: Box::new(|_| unreachable!("no positions")),
        });
        Prepared {
            positions,
            table: self.rules.win_table(size),
        }
    }

    fn check(
        &self,
        prepared: &Prepared<'r, R::Position>,
        _size: usize,
        units: Range<u64>,
    ) -> Result<u64, Mismatch> {
        match self.rules.kind() {
            Kind::Impartial => {
                let pooled = self.impartial.lock().ok().and_then(|mut p| p.pop());
                let mut engine = pooled.unwrap_or_else(|| ImpartialSolver::new(self.imp));
                let result = self.check_impartial(&mut engine, prepared, units);
                if engine.solved_positions() <= MEMO_LIMIT {
                    if let Ok(mut pool) = self.impartial.lock() {
                        pool.push(engine);
                    }
                }
                result
            }
            Kind::Partizan => {
                let pooled = self.partizan.lock().ok().and_then(|mut p| p.pop());
                let mut engine = pooled.unwrap_or_else(|| PartizanSolver::new(self.par));
                let result = self.check_partizan(&mut engine, prepared, units);
                if engine.solved_positions() <= MEMO_LIMIT {
                    if let Ok(mut pool) = self.partizan.lock() {
                        pool.push(engine);
                    }
                }
                result
            }
        }
    }
}
