//! Building a book: every position within the plies, solved by the analysis' engines.

use std::collections::HashSet;

use super::format::{checksum, BookMove, Entry, RawBook, FORMAT, VERSION};
use super::{key_player, Book, BookError, MAX_PLIES, MAX_POSITIONS};
use crate::analysis::draws::next_player;
use crate::analysis::ranked::{best_remoteness, ranked_moves};
use crate::analysis::route::Asked;
use crate::engine::budget::Budget;
use crate::game::Player;
use crate::ruleset::{End, Ruleset, RulesetExt};

/// How far a build has gone, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The ply (moves from the start) of the positions being solved.
    pub ply: u32,
    /// Positions solved so far.
    pub solved: usize,
    /// Positions reached so far (solved, waiting, or over).
    pub reached: usize,
}

/// Whether the game is over at `pos` with `player` to move (a rule ends it, or the
/// player has no move).
pub(super) fn over<R: Ruleset + ?Sized>(rules: &R, pos: &R::Position, player: Player) -> bool {
    rules.end(pos, player).is_some() || rules.first_moves(pos, player, 1).is_empty()
}

/// The book of `rules` from `root` with `to_move` to move: every position within
/// `plies` moves that is not over, solved exactly by the engines the analysis uses
/// (a game's search without a node limit, the retrograde engine, the memoised
/// engine with remoteness), `progress` called after each. Fails on plies out of
/// range, a start that is over, more than [`MAX_POSITIONS`] positions, or a
/// position the engines do not solve (e.g. past the thread's deadline).
pub fn build<R: Ruleset + ?Sized>(
    rules: &R,
    root: &R::Position,
    to_move: Player,
    plies: u32,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<Book, BookError> {
    if plies > MAX_PLIES {
        return Err(BookError::Plies(plies));
    }
    let kind = rules.kind();
    let start = key_player(kind, to_move);
    let root_text = rules.show_position(root);
    if over(rules, root, start) {
        return Err(BookError::Start {
            position: root_text,
            reason: match rules.end(root, start) {
                Some(End::Tie) => "the game is over here (a tie)".to_owned(),
                _ => "the game is over here".to_owned(),
            },
        });
    }
    let mut seen: HashSet<(String, Player)> = HashSet::new();
    seen.insert((root_text.clone(), start));
    let mut level = vec![(root.clone(), start, root_text.clone())];
    let mut positions = Vec::new();
    for ply in 0..=plies {
        let mut next = Vec::new();
        for (pos, player, text) in level {
            if over(rules, &pos, player) {
                continue;
            }
            let ranked = ranked_moves(rules, &pos, player, Asked::Analyze, Budget::DEFAULT)
                .map_err(|unsolved| BookError::Unsolved {
                    position: text.clone(),
                    ply,
                    unsolved,
                })?;
            if ply < plies {
                let after = key_player(kind, next_player(rules, player));
                for (mv, _, _) in &ranked {
                    let child = rules.play(&pos, mv);
                    let shown = rules.show_position(&child);
                    if seen.insert((shown.clone(), after)) {
                        if seen.len() > MAX_POSITIONS {
                            return Err(BookError::TooMany {
                                ply: ply + 1,
                                reached: seen.len(),
                            });
                        }
                        next.push((child, after, shown));
                    }
                }
            }
            let moves: Vec<BookMove> = ranked
                .iter()
                .map(|(mv, result, moves_left)| BookMove {
                    mv: mv.to_string(),
                    result: *result,
                    moves_left: *moves_left,
                })
                .collect();
            let result = moves
                .iter()
                .map(|m| m.result)
                .max_by_key(|r| r.rank())
                .expect("a position that is not over has a move");
            positions.push(Entry {
                position: text,
                to_move: player,
                result,
                remoteness: best_remoteness(moves.iter().map(|m| (m.result, m.moves_left))),
                moves,
            });
            progress(BuildProgress {
                ply,
                solved: positions.len(),
                reached: seen.len(),
            });
        }
        level = next;
    }
    let checksum = checksum(&positions);
    Ok(Book::of_checked(RawBook {
        format: FORMAT.to_owned(),
        version: VERSION,
        game: rules.name().to_owned(),
        title: rules.title(),
        params: Default::default(),
        root: root_text,
        to_move: start,
        plies,
        positions,
        checksum,
    }))
}
