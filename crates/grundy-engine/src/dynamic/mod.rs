//! A ruleset behind one dyn-compatible interface, from and to text: [`DynRuleset`],
//! implemented once for every [`Ruleset`], and [`RulesetSpec`], how a game describes
//! its name, help, parameters and builder to the `grundy_games::registry`.
//!
//! It sits above the generic layers it calls (analysis, play, verify) and below the
//! games, whose builders return a `Box<dyn DynRuleset>`.

mod spec;

pub use spec::{switch_value, Builder, Param, Params, RulesetSpec};

use crate::analysis::moves::{move_values, MoveValue};
use crate::analysis::route::{self, EngineReport};
use crate::analysis::DrawEngines;
use crate::analysis::{analyze, value_of, Analysis};
use crate::book::{self, Book, BookError, BuildProgress, RawBook};
use crate::engine::tier_files::{SolveReport, TierFileError};
use crate::engine::tier_jobs::TierWork;
use crate::engine::Budget;
use crate::game::Player;
use crate::misere::{self, Misere};
use crate::play::{Match, RulesetMatch};
use crate::ruleset::board::{At, Board};
use crate::ruleset::notation::NotationError;
use crate::ruleset::RulesetExt;
use crate::ruleset::{
    AsImpartial, AsPartizan, Convention, GameResult, Kind, MoveError, ParamError, Ruleset,
    SizeError, Unsolved,
};
use crate::sequence::SequenceSpec;
use crate::values::Value;
use crate::verify::{verify, Progress, Report, RulesetCheck};
use std::path::Path;

/// `rules` behind the dynamic interface under `convention`: as it is for normal
/// play, wrapped in [`Misere`] for misère play (which refuses a partizan game and a
/// game with draws, [`misere::refusal`]). What an impartial game's
/// [`RulesetSpec::build`] returns.
///
/// ```
/// use grundy_engine::dynamic::either_convention;
/// use grundy_engine::ruleset::Convention;
/// use grundy_engine::Player;
/// use grundy_games::rules::nim::Nim;
///
/// let nim = either_convention(Nim, Convention::Misere).unwrap();
/// // One heap of one stone: the player to move must take it, and loses.
/// assert!(!nim.analyze("1", Player::Left, 5).unwrap().to_move_wins);
/// ```
pub fn either_convention<R: Ruleset + 'static>(
    rules: R,
    convention: Convention,
) -> Result<Box<dyn DynRuleset>, ParamError> {
    Ok(match convention {
        Convention::Normal => Box::new(rules),
        Convention::Misere => Box::new(Misere::new(rules)?),
    })
}

/// `rules` behind the dynamic interface for normal play; misère play refused with
/// the reason [`misere::refusal`] gives. What the [`RulesetSpec::build`] of a game
/// that is never played misère (a partizan game, a game with draws) returns: the
/// misère wrapper and every engine under it are then not compiled for its type.
///
/// ```
/// use grundy_engine::dynamic::normal_play_only;
/// use grundy_engine::ruleset::{Convention, ParamError};
/// use grundy_games::rules::domineering::Domineering;
///
/// assert!(normal_play_only(Domineering::new(), Convention::Normal).is_ok());
/// let refused = normal_play_only(Domineering::new(), Convention::Misere);
/// assert!(matches!(refused, Err(ParamError::Misere { .. })));
/// ```
pub fn normal_play_only<R: Ruleset + 'static>(
    rules: R,
    convention: Convention,
) -> Result<Box<dyn DynRuleset>, ParamError> {
    match convention {
        Convention::Normal => Ok(Box::new(rules)),
        Convention::Misere => {
            Err(
                misere::refusal(&rules).unwrap_or_else(|| ParamError::MisereNotOffered {
                    game: RulesetExt::title(&rules),
                }),
            )
        }
    }
}

/// Why a position could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalyzeError {
    /// The position is not in the game's notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The closed form does not know the position, and it is too big for the engine.
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
}

/// What [`DynRuleset::check_move`] found of a move: winning, tying, drawing or
/// losing (the result of best play after it, for the player who made it), illegal,
/// or not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveVerdict {
    /// A legal move after which the opponent, to move, loses.
    Winning {
        /// The position after the move.
        after: String,
    },
    /// A legal move after which best play ends in a tie (a game with ties).
    Tying {
        /// The position after the move.
        after: String,
        /// What the mover could force from the position before the move.
        best: Best,
    },
    /// A legal move after which best play goes on forever: a draw (a game whose
    /// positions can come back).
    Drawing {
        /// The position after the move.
        after: String,
        /// What the mover could force from the position before the move.
        best: Best,
    },
    /// A legal move after which the opponent wins.
    Losing {
        /// The position after the move.
        after: String,
        /// Some winning moves of the position, when it has any (at most 5).
        winning: Vec<String>,
        /// What the mover could force from the position before the move.
        best: Best,
    },
    /// A move in the notation that the rules do not allow here, with why.
    Illegal {
        /// Why the move is not legal.
        reason: String,
    },
    /// Text that is not a move in the game's notation.
    NotAMove {
        /// What is wrong and how moves are written.
        message: String,
    },
}

/// The best result the player to move can force from a position, and some moves
/// that force it (at most 5; none when the result is a loss, or when the position
/// was not solved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The result under best play for the player to move; `None` when the position
    /// before the move was not solved (only the move itself was).
    pub result: Option<GameResult>,
    /// Some moves that keep that result: winning moves of a win, the moves to a tie
    /// or a draw that keep it.
    pub moves: Vec<String>,
}

/// A legal move and the spots of the board it touches.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TouchedMove {
    /// The move in the ruleset's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The spots it touches, in the order a person points at them.
    pub touches: Vec<At>,
}

/// What clicking one spot does to the position when it is edited.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SpotEdit {
    /// The spot.
    pub at: At,
    /// The position after the edit, in the ruleset's notation.
    pub position: String,
}

/// A position's board with its legal moves and edits: what a page needs to draw it
/// and turn clicks into moves or edits ([`DynRuleset::board_view`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BoardView {
    /// The drawing.
    pub board: Board,
    /// The legal moves of the player to move (at most [`BOARD_MOVES`]), each with
    /// the spots it touches.
    pub moves: Vec<TouchedMove>,
    /// True when there are more legal moves than listed.
    pub more_moves: bool,
    /// The spots that can be edited, each with the position it leads to.
    pub edits: Vec<SpotEdit>,
}

/// The most legal moves a [`BoardView`] lists.
pub const BOARD_MOVES: usize = 4096;

/// A ruleset behind one dyn-compatible interface, from and to text: what every
/// command calls. Implemented for every [`Ruleset`].
pub trait DynRuleset: Send + Sync {
    /// The game's name, e.g. `pawns`.
    fn name(&self) -> &'static str;
    /// The game with its parameters, e.g. `pawns (step 2)`.
    fn title(&self) -> String;
    /// Impartial or partizan.
    fn kind(&self) -> Kind;
    /// How `player` is called when `first` moves first.
    fn player_name(&self, player: Player, first: Player) -> String;
    /// The player whose name (as in a partizan game, e.g. `A`) is `text`, in any case.
    fn parse_player(&self, text: &str) -> Option<Player>;
    /// Checks that `position` is in the game's notation.
    fn check_position(&self, position: &str) -> Result<(), NotationError>;
    /// Everything about `position` with `to_move` to move, at most `limit` winning
    /// moves listed.
    fn analyze(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
    ) -> Result<Analysis, AnalyzeError>;
    /// Which engines [`analyze`](DynRuleset::analyze) tries on `position`, in order,
    /// why, and which one answers ([`route::explain`]).
    fn explain_engine(
        &self,
        position: &str,
        to_move: Player,
    ) -> Result<EngineReport, NotationError>;
    /// The normal-play value of `position` alone ([`value_of`]): no report, no moves.
    fn value(&self, position: &str) -> Result<Value, AnalyzeError>;
    /// The first `limit` legal moves of `to_move` with their worth; remoteness where
    /// the engine finds it within `budget` (for all the moves together), and the
    /// positions it would hold fit [`ENGINE_BYTES`](crate::analysis::ENGINE_BYTES).
    fn move_values(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, AnalyzeError>;
    /// Whether `mv` is a legal and winning move of `to_move` in `position` (for "print
    /// any winning move" answers).
    fn check_move(
        &self,
        position: &str,
        to_move: Player,
        mv: &str,
    ) -> Result<MoveVerdict, AnalyzeError>;
    /// A match from `position` against the engine, `first` moving first, each of the
    /// engine's searches within `budget`.
    fn start_match(
        &self,
        position: &str,
        first: Player,
        budget: Budget,
    ) -> Result<Box<dyn Match + '_>, NotationError>;
    /// The opening book from `position` with `to_move` to move, every position
    /// within `plies` moves solved ([`book::build`]).
    fn build_book(
        &self,
        position: &str,
        to_move: Player,
        plies: u32,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<Book, BookError>;
    /// A book read from a file, checked against the game ([`book::check`]).
    fn check_book(&self, raw: RawBook) -> Result<Book, BookError>;
    /// Every tier reachable from `position` with `to_move` to move solved into tier
    /// files in `dir`, the complete ones already there reused
    /// ([`tier_files::solve_to_dir`](crate::engine::tier_files::solve_to_dir)); `progress` after each tier.
    fn solve_tier_files(
        &self,
        position: &str,
        to_move: Player,
        dir: &Path,
        progress: &mut dyn FnMut(&SolveReport),
    ) -> Result<SolveReport, TierFileError>;
    /// The tiers reachable from `position` with `to_move` to move, discovered, as
    /// jobs one process of several runs into the tier files in `dir`
    /// ([`tier_jobs::tier_work`](crate::engine::tier_jobs::tier_work)).
    fn tier_work(
        &self,
        position: &str,
        to_move: Player,
        dir: &Path,
    ) -> Result<Box<dyn TierWork + '_>, TierFileError>;
    /// The analysis of `position` from the tier files in `dir` alone
    /// ([`analyze_from_db`](crate::analysis::draws::analyze_from_db)), at most `limit` winning moves listed.
    fn analyze_db(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        dir: &Path,
    ) -> Result<Analysis, TierFileError>;
    /// Checks that `max_size` is a size [`verify`](DynRuleset::verify) can take.
    fn check_size(&self, max_size: usize) -> Result<(), SizeError>;
    /// The closed form against the exhaustive engine on every position of every size
    /// up to `max_size`.
    fn verify(&self, max_size: usize, progress: &dyn Progress) -> Result<Report, SizeError>;
    /// The single-heap Grundy sequence, for a heap game ([`heap_sequence`](crate::ruleset::RulesetExt::heap_sequence)).
    fn heap_sequence(&self) -> Option<SequenceSpec<'_>>;
    /// The board of `position` ([`board`](crate::ruleset::RulesetExt::board)) with the legal moves of `to_move`
    /// and the spots' edits; `None` when the game has no drawing.
    fn board_view(
        &self,
        position: &str,
        to_move: Player,
    ) -> Result<Option<BoardView>, NotationError>;
}

/// `position` parsed as the root of a database of tier files, a notation error said
/// as the tier files' error.
fn tier_root<R: Ruleset + ?Sized>(rules: &R, position: &str) -> Result<R::Position, TierFileError> {
    rules
        .parse_position(position)
        .map_err(|n| TierFileError::Position {
            position: position.to_owned(),
            reason: n.to_string(),
        })
}

/// `root` checked to have a tier before the engines for ties and cycles, which write
/// and read the tier files, are asked for.
fn tiered<R: Ruleset + ?Sized>(rules: &R, root: &R::Position) -> Result<(), TierFileError> {
    match rules.tier(root) {
        Some(_) => Ok(()),
        None => Err(TierFileError::NoTiers(rules.name().to_owned())),
    }
}

impl<R: Ruleset + 'static> DynRuleset for R {
    fn name(&self) -> &'static str {
        Ruleset::name(self)
    }

    fn title(&self) -> String {
        RulesetExt::title(self)
    }

    fn kind(&self) -> Kind {
        Ruleset::kind(self)
    }

    fn player_name(&self, player: Player, first: Player) -> String {
        RulesetExt::player_name(self, player, first)
    }

    fn parse_player(&self, text: &str) -> Option<Player> {
        [Player::Left, Player::Right]
            .into_iter()
            .find(|&p| RulesetExt::player_name(self, p, p).eq_ignore_ascii_case(text))
    }

    fn check_position(&self, position: &str) -> Result<(), NotationError> {
        self.parse_position(position).map(|_| ())
    }

    fn analyze(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
    ) -> Result<Analysis, AnalyzeError> {
        let pos = self.parse_position(position)?;
        Ok(analyze(self, &pos, to_move, limit)?)
    }

    fn explain_engine(
        &self,
        position: &str,
        to_move: Player,
    ) -> Result<EngineReport, NotationError> {
        let pos = self.parse_position(position)?;
        Ok(route::explain(self, &pos, to_move))
    }

    fn value(&self, position: &str) -> Result<Value, AnalyzeError> {
        let pos = self.parse_position(position)?;
        Ok(value_of(self, &pos)?)
    }

    fn move_values(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        budget: Budget,
    ) -> Result<Vec<MoveValue>, AnalyzeError> {
        let pos = self.parse_position(position)?;
        // The positions a search holds must fit the memory budget: at most one per
        // move listed, of about the size of this one in notation (a proxy for bytes).
        let bytes = self.show_position(&pos).len() as u64 + 64;
        let budget = budget.within_memory(bytes, crate::analysis::ENGINE_BYTES as u64);
        Ok(move_values(self, &pos, to_move, limit, budget)?)
    }

    fn check_move(
        &self,
        position: &str,
        to_move: Player,
        mv: &str,
    ) -> Result<MoveVerdict, AnalyzeError> {
        let pos = self.parse_position(position)?;
        let mv = match self.parse_move(&pos, to_move, mv) {
            Ok(mv) => mv,
            Err(MoveError::Illegal(e)) => return Ok(MoveVerdict::Illegal { reason: e.reason }),
            Err(e) => {
                return Ok(MoveVerdict::NotAMove {
                    message: e.to_string(),
                })
            }
        };
        let after_pos = self.play(&pos, &mv);
        let after = self.show_position(&after_pos);
        let opponent = to_move.opponent();
        // The result for the opponent, to move after it: where a tie or endless play
        // is possible, from the engines that know them; else who wins.
        let result = if route::ties_or_cycles(self) {
            analyze(self, &after_pos, opponent, 0)?.result
        } else {
            let opponent_wins = match self.wins(&after_pos, opponent) {
                Ok(w) => w,
                Err(why) => {
                    // Without a closed form, the engine decides small positions.
                    let a = analyze(self, &after_pos, opponent, 0).map_err(|_| why)?;
                    a.to_move_wins
                }
            };
            if opponent_wins {
                GameResult::Win
            } else {
                GameResult::Lose
            }
        };
        if result == GameResult::Lose {
            return Ok(MoveVerdict::Winning { after });
        }
        let best = match analyze(self, &pos, to_move, 5) {
            Ok(a) => Best {
                result: Some(a.result),
                moves: if a.result == GameResult::Lose {
                    Vec::new()
                } else {
                    a.best_moves.into_iter().map(|m| m.mv).collect()
                },
            },
            Err(_) => Best {
                result: None,
                moves: Vec::new(),
            },
        };
        Ok(match result {
            GameResult::Tie => MoveVerdict::Tying { after, best },
            GameResult::Draw => MoveVerdict::Drawing { after, best },
            _ => {
                let winning = if best.result == Some(GameResult::Win) {
                    best.moves.clone()
                } else {
                    Vec::new()
                };
                MoveVerdict::Losing {
                    after,
                    winning,
                    best,
                }
            }
        })
    }

    fn start_match(
        &self,
        position: &str,
        first: Player,
        budget: Budget,
    ) -> Result<Box<dyn Match + '_>, NotationError> {
        let pos = self.parse_position(position)?;
        Ok(Box::new(
            RulesetMatch::new(self, pos, first).with_budget(budget),
        ))
    }

    fn build_book(
        &self,
        position: &str,
        to_move: Player,
        plies: u32,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<Book, BookError> {
        let pos = self
            .parse_position(position)
            .map_err(|n| BookError::Start {
                position: position.to_owned(),
                reason: n.to_string(),
            })?;
        book::build(self, &pos, to_move, plies, progress)
    }

    fn check_book(&self, raw: RawBook) -> Result<Book, BookError> {
        book::check(self, raw)
    }

    fn solve_tier_files(
        &self,
        position: &str,
        to_move: Player,
        dir: &Path,
        progress: &mut dyn FnMut(&SolveReport),
    ) -> Result<SolveReport, TierFileError> {
        let pos = tier_root(self, position)?;
        tiered(self, &pos)?;
        DrawEngines::solve_tier_files(self, &pos, to_move, dir, progress)
    }

    fn tier_work(
        &self,
        position: &str,
        to_move: Player,
        dir: &Path,
    ) -> Result<Box<dyn TierWork + '_>, TierFileError> {
        let pos = tier_root(self, position)?;
        tiered(self, &pos)?;
        DrawEngines::tier_work(self, &pos, to_move, dir)
    }

    fn analyze_db(
        &self,
        position: &str,
        to_move: Player,
        limit: usize,
        dir: &Path,
    ) -> Result<Analysis, TierFileError> {
        let pos = tier_root(self, position)?;
        tiered(self, &pos)?;
        DrawEngines::analyze_db(self, &pos, to_move, limit, dir)
    }

    fn check_size(&self, max_size: usize) -> Result<(), SizeError> {
        RulesetCheck::check_size(self, max_size)
    }

    fn verify(&self, max_size: usize, progress: &dyn Progress) -> Result<Report, SizeError> {
        RulesetCheck::check_size(self, max_size)?;
        let (imp, par) = (AsImpartial(self), AsPartizan(self));
        let check = RulesetCheck::new(&imp, &par);
        Ok(verify(&check, max_size, progress))
    }

    fn heap_sequence(&self) -> Option<SequenceSpec<'_>> {
        RulesetExt::heap_sequence(self)
    }

    fn board_view(
        &self,
        position: &str,
        to_move: Player,
    ) -> Result<Option<BoardView>, NotationError> {
        let pos = self.parse_position(position)?;
        let Some(board) = RulesetExt::board(self, &pos) else {
            return Ok(None);
        };
        let listed = if self.decided(&pos, to_move).is_some() {
            Vec::new()
        } else {
            self.first_moves(&pos, to_move, BOARD_MOVES + 1)
        };
        let more_moves = listed.len() > BOARD_MOVES;
        let moves = listed
            .iter()
            .take(BOARD_MOVES)
            .map(|mv| TouchedMove {
                mv: mv.to_string(),
                touches: self.touches(&pos, mv),
            })
            .collect();
        let mut edits = Vec::new();
        for (l, line) in board.lines.iter().enumerate() {
            for s in 0..line.spots.len() {
                if let Some(after) = self.edit(&pos, [l, s]) {
                    edits.push(SpotEdit {
                        at: [l, s],
                        position: self.show_position(&after),
                    });
                }
            }
        }
        Ok(Some(BoardView {
            board,
            moves,
            more_moves,
            edits,
        }))
    }
}
