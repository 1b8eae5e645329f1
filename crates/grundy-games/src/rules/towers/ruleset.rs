//! The game of towers through the ruleset contract: notation, moves, the closed form
//! (counted without listing, however many towers), the explanation and the cities
//! verify enumerates.

use std::ops::RangeInclusive;

use super::cities::{Cities, LARGEST_SIZE};
use super::{building_moves, play, report, winning_move_count, winning_moves};
use super::{City, TowerMove, Towers};
use crate::dynamic::{either_convention, RulesetSpec};
use crate::game::Player;
use crate::ruleset::{
    nimber, Explanation, IllegalMove, Kind, Listing, MoveError, Positions, Ruleset, Unsolved,
};
use crate::ruleset::{Capabilities, ClosedForm, Enumerate, ManyMoves, Presentation, WebBoard};
use crate::values::Value;

/// The game of towers in the registry.
pub const SPEC: RulesetSpec = RulesetSpec {
    name: "towers",
    about: "The game of towers (LEGOWARZ): h:n,h:n,...",
    example: "3:2,5:1",
    params: &[],
    build: |_, convention| either_convention(Towers, convention),
};

/// [`winning_moves`](crate::ruleset::RulesetExt::winning_moves) lists at most this many moves; beyond, it says so and
/// [`winning_listing`](crate::ruleset::RulesetExt::winning_listing) counts them without listing.
pub const LISTABLE_MOVES: u128 = 1 << 20;

impl Ruleset for Towers {
    type Position = City;

    type Move = TowerMove;

    fn name(&self) -> &'static str {
        "towers"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_move(&self, pos: &City, _: Player, text: &str) -> Result<TowerMove, MoveError> {
        play::parse_move(pos, text)
    }

    fn move_help(&self) -> String {
        "BUILDING:HEIGHT-BLOCKS takes BLOCKS blocks from the tower of HEIGHT blocks in \
         building BUILDING (numbered from 1), e.g. 1:4-2"
            .to_owned()
    }

    /// Every move, tower by tower: a city has as many moves as blocks, so this is
    /// meant for small cities; [`first_moves`](crate::ruleset::RulesetExt::first_moves) and
    /// [`move_count`](crate::ruleset::RulesetExt::move_count) serve any city.
    fn moves(&self, pos: &City, _: Player) -> Vec<TowerMove> {
        self.legal_moves(pos).collect()
    }

    fn play(&self, pos: &City, mv: &TowerMove) -> City {
        pos.after(mv)
    }

    fn reach(&self, pos: &City) -> u128 {
        play::reach(pos)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new()
            .closed_form(self)
            .presentation(self)
            .web_board(self)
            .many_moves(self)
            .enumerate(self)
    }
}

impl ClosedForm for Towers {
    fn value(&self, pos: &City) -> Result<Value, Unsolved> {
        nimber(pos.nim_value())
    }

    /// Every winning move, when there are at most [`LISTABLE_MOVES`] of them.
    fn winning_moves(&self, pos: &City, _: Player) -> Result<Vec<TowerMove>, Unsolved> {
        let count = winning_move_count(pos);
        if count > LISTABLE_MOVES {
            return Err(Unsolved::over_budget(format!(
                "{count} winning moves are too many to list (at most {LISTABLE_MOVES})"
            )));
        }
        Ok(winning_moves(pos).collect())
    }

    /// The first `limit` winning moves, in O(buildings + limit), and how many there
    /// are in all, counted building by building in O(1) each.
    fn winning_listing(
        &self,
        pos: &City,
        _: Player,
        limit: usize,
    ) -> Result<Listing<TowerMove>, Unsolved> {
        let per_building = building_moves(pos);
        let count = per_building.iter().map(|m| u128::from(m.count())).sum();
        let moves =
            crate::ruleset::first_items(per_building.into_iter().flat_map(|m| m.moves()), limit);
        Ok(Listing {
            moves,
            count: Some(count),
        })
    }

    /// One block from the lowest tower that has one.
    fn stalling_move(&self, pos: &City, _: Player) -> Option<TowerMove> {
        play::stalling_move(pos)
    }
}

impl Presentation for Towers {
    /// Alice moves first, then Bob (as in LEGOWARZ).
    fn player_name(&self, player: Player, first: Player) -> String {
        if player == first { "Alice" } else { "Bob" }.to_owned()
    }

    fn drawing(&self, pos: &City) -> String {
        play::drawing(pos)
    }

    fn explain(&self, pos: &City, _: Player, limit: usize) -> Option<Explanation> {
        Some(report::explain_listing(pos, limit))
    }
}

impl WebBoard for Towers {
    fn board(&self, pos: &City) -> Option<crate::ruleset::board::Board> {
        use crate::ruleset::board::{Board, Line, Shape, Spot, Tint};
        let mut lines = Vec::new();
        let mut partial = false;
        for (b, building) in pos.buildings.iter().enumerate() {
            if lines.len() as u64 + building.count > 64 {
                return None;
            }
            for k in 0..building.count {
                let height = building.height + u128::from(k);
                partial |= height > 40;
                let spots = (0..height.min(40))
                    .map(|j| {
                        Spot::new(
                            "",
                            Tint::Piece,
                            format!("building {}, tower of {height}: block {}", b + 1, j + 1),
                        )
                    })
                    .collect();
                lines.push(Line::new(
                    format!("building {}: tower of {height}", b + 1),
                    spots,
                ));
            }
        }
        let mut board = Board::new(Shape::Heaps, lines).clicking(
            "Click a block of a tower: it and every block after it in its tower are taken off.",
        );
        board.partial = partial;
        Some(board)
    }

    fn touches(&self, pos: &City, mv: &TowerMove) -> Vec<crate::ruleset::board::At> {
        // The first block taken off the tower.
        let before: u64 = pos.buildings[..mv.building.min(pos.buildings.len())]
            .iter()
            .map(|b| b.count)
            .sum();
        let Some(building) = pos.buildings.get(mv.building) else {
            return Vec::new();
        };
        let line = before as usize + (mv.height - building.height) as usize;
        let left = mv.height - mv.remove;
        if left < mv.height.min(40) {
            vec![[line, left as usize]]
        } else {
            Vec::new()
        }
    }
}

impl ManyMoves for Towers {
    fn first_moves(&self, pos: &City, _: Player, limit: usize) -> Vec<TowerMove> {
        play::first_moves(pos, limit)
    }

    /// Legal when [`Towers::is_legal`], in O(1).
    fn play_checked(&self, pos: &City, _: Player, mv: &TowerMove) -> Result<City, IllegalMove> {
        if self.is_legal(pos, mv) {
            Ok(pos.after(mv))
        } else {
            Err(IllegalMove::new(format!("{mv} is not a legal move here")))
        }
    }

    /// The number of blocks (one move per block), saturating at `u128::MAX`.
    fn move_count(&self, pos: &City, _: Player) -> Option<u128> {
        Some(pos.blocks().unwrap_or(u128::MAX))
    }
}

impl Enumerate for Towers {
    fn size_unit(&self) -> &'static str {
        "blocks plus towers"
    }

    fn sizes(&self) -> RangeInclusive<usize> {
        0..=LARGEST_SIZE
    }

    /// Every city whose blocks plus towers number `size`, numbered in the order of
    /// their buildings' (height, count), each built from its number (none listed in
    /// memory).
    fn positions(&self, size: usize) -> Option<Positions<'_, City>> {
        let cities = Cities::new(u64::try_from(size).ok()?);
        Some(Positions {
            count: cities.count(),
            nth: Box::new(move |i| cities.nth(i)),
        })
    }
}
