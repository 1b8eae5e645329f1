//! Checking a book read from a file against the rules it claims, before any of it
//! is used.

use std::collections::{HashMap, HashSet};

use super::build::over;
use super::format::RawBook;
use super::{key_player, Book, BookError, MAX_PLIES, MAX_POSITIONS};
use crate::analysis::draws::next_player;
use crate::analysis::ranked::best_remoteness;
use crate::game::Player;
use crate::ruleset::{GameResult, Ruleset, RulesetExt};

/// `raw` checked against `rules`: the book's game and parameters are `rules`';
/// every position is in the game's notation as the game writes it, listed once,
/// not over, and lists each of its legal moves once in the game's notation; each
/// position's result and remoteness are those of its best moves; each move's result
/// and length are those of the position it leads to, where the book holds it; and
/// the start is among the positions. Nothing is solved: the check is of the book's
/// coherence with the rules and with itself.
pub fn check<R: Ruleset + ?Sized>(rules: &R, raw: RawBook) -> Result<Book, BookError> {
    if raw.game != rules.name() || raw.title != rules.title() {
        return Err(BookError::Foreign {
            book: raw.title,
            game: rules.title(),
        });
    }
    if raw.plies > MAX_PLIES {
        return Err(BookError::Plies(raw.plies));
    }
    if raw.positions.len() > MAX_POSITIONS {
        return Err(BookError::TooMany {
            ply: raw.plies,
            reached: raw.positions.len(),
        });
    }
    let kind = rules.kind();
    let mut index: HashMap<(&str, Player), usize> = HashMap::new();
    // Each move's result and length, and the position it leads to.
    let mut edges: Vec<(usize, usize, String, Player)> = Vec::new();
    for (i, e) in raw.positions.iter().enumerate() {
        let wrong = |reason: String| BookError::Entry {
            index: i + 1,
            position: e.position.clone(),
            reason,
        };
        if e.to_move != key_player(kind, e.to_move) {
            return Err(wrong(
                "an impartial game's positions are kept with Left to move".to_owned(),
            ));
        }
        let pos = rules
            .parse_position(&e.position)
            .map_err(|n| wrong(n.to_string()))?;
        let shown = rules.show_position(&pos);
        if shown != e.position {
            return Err(wrong(format!("the game writes this position {shown:?}")));
        }
        if index.insert((&e.position, e.to_move), i).is_some() {
            return Err(wrong("listed twice".to_owned()));
        }
        if over(rules, &pos, e.to_move) {
            return Err(wrong("the game is over here".to_owned()));
        }
        let legal = rules.moves(&pos, e.to_move).len();
        if legal != e.moves.len() {
            return Err(wrong(format!(
                "lists {} moves; the position has {legal}",
                e.moves.len()
            )));
        }
        let after = key_player(kind, next_player(rules, e.to_move));
        let mut listed = HashSet::new();
        for (j, m) in e.moves.iter().enumerate() {
            let mv = rules
                .parse_move(&pos, e.to_move, &m.mv)
                .map_err(|err| wrong(format!("move {:?}: {err}", m.mv)))?;
            if mv.to_string() != m.mv {
                return Err(wrong(format!("move {:?}: the game writes it {mv}", m.mv)));
            }
            if !listed.insert(&m.mv) {
                return Err(wrong(format!("move {:?} listed twice", m.mv)));
            }
            if (m.result == GameResult::Draw) != m.moves_left.is_none() {
                return Err(wrong(format!(
                    "move {:?}: a length is given exactly when the result is not a draw",
                    m.mv
                )));
            }
            edges.push((i, j, rules.show_position(&rules.play(&pos, &mv)), after));
        }
        let best = e.moves.iter().map(|m| m.result).max_by_key(|r| r.rank());
        if best != Some(e.result) {
            return Err(wrong(format!(
                "says {}, but its best move is a {}",
                e.result,
                best.map_or("none", GameResult::word)
            )));
        }
        let remoteness = best_remoteness(e.moves.iter().map(|m| (m.result, m.moves_left)));
        if remoteness != e.remoteness {
            return Err(wrong(format!(
                "says remoteness {:?}, but its best move gives {remoteness:?}",
                e.remoteness
            )));
        }
    }
    if !index.contains_key(&(raw.root.as_str(), key_player(kind, raw.to_move))) {
        return Err(BookError::NoRoot(raw.root));
    }
    for (i, j, child, after) in &edges {
        let Some(&c) = index.get(&(child.as_str(), *after)) else {
            continue;
        };
        let (e, m, target) = (
            &raw.positions[*i],
            &raw.positions[*i].moves[*j],
            &raw.positions[c],
        );
        let length = target.remoteness.map(|r| r + 1);
        if target.result.for_mover() != m.result || length != m.moves_left {
            return Err(BookError::Entry {
                index: i + 1,
                position: e.position.clone(),
                reason: format!(
                    "move {:?} says {} in {:?} moves, but the book's position {} after it says {} in {:?} for the player to move",
                    m.mv, m.result, m.moves_left, c + 1, target.result, target.remoteness
                ),
            });
        }
    }
    Ok(Book::of_checked(raw))
}
