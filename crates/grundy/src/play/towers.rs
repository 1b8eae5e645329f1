//! Towers played in the terminal.

use crate::game::Impartial;
use crate::play::{PlayRules, Sample};
use crate::rules::towers::{winning_move_count, winning_moves, City, TowerMove, Towers};

/// Towers drawn block by block when there are at most this many, none taller than
/// [`DRAW_HEIGHT`].
const DRAW_TOWERS: u64 = 16;
const DRAW_HEIGHT: u128 = 40;

impl PlayRules for Towers {
    fn title(&self) -> String {
        "towers".to_owned()
    }

    fn seat_names(&self) -> [&'static str; 2] {
        ["Alice", "Bob"]
    }

    fn drawing(&self, pos: &City) -> String {
        if pos.buildings.is_empty() {
            return "(no buildings)".to_owned();
        }
        let towers: u128 = pos.buildings.iter().map(|b| u128::from(b.count)).sum();
        let tallest = pos.buildings.iter().filter_map(|b| b.top()).max();
        let blocks = towers <= u128::from(DRAW_TOWERS) && tallest.unwrap_or(0) <= DRAW_HEIGHT;
        let mut lines = Vec::new();
        for (i, b) in pos.buildings.iter().enumerate() {
            let label = format!("building {}:", i + 1);
            if !blocks {
                lines.push(match b.top() {
                    None => format!("{label} no towers"),
                    Some(top) if top == b.height => format!("{label} one tower of {top}"),
                    Some(top) => {
                        format!("{label} {} towers of {} to {top} blocks", b.count, b.height)
                    }
                });
                continue;
            }
            if b.count == 0 {
                lines.push(format!("{label} no towers"));
            }
            for j in 0..b.count {
                let h = b.height + u128::from(j);
                let head = if j == 0 {
                    label.clone()
                } else {
                    " ".repeat(label.len())
                };
                lines.push(
                    format!("{head} {h:>2} {}", "#".repeat(h as usize))
                        .trim_end()
                        .to_owned(),
                );
            }
        }
        lines.join("\n")
    }

    fn move_help(&self) -> String {
        "BUILDING:HEIGHT-BLOCKS takes BLOCKS blocks from the tower of HEIGHT blocks in \
         building BUILDING (numbered from 1), e.g. 1:4-2"
            .to_owned()
    }

    fn parse_move(&self, pos: &City, text: &str) -> Result<TowerMove, String> {
        let shape = "write BUILDING:HEIGHT-BLOCKS, e.g. 1:4-2";
        let (building, rest) = text
            .split_once(':')
            .ok_or_else(|| format!("not a move: no ':' ({shape})"))?;
        let (height, remove) = rest
            .split_once('-')
            .ok_or_else(|| format!("not a move: no '-' ({shape})"))?;
        let number = |part: &str, what: &str| -> Result<u128, String> {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "not a move: {what} {part:?} is not a number ({shape})"
                ));
            }
            part.parse()
                .map_err(|_| format!("not a move: {what} {part} is too large"))
        };
        let building = number(building, "the building")?;
        let height = number(height, "the height")?;
        let remove = number(remove, "the number of blocks")?;
        let count = pos.buildings.len();
        let index = usize::try_from(building)
            .ok()
            .filter(|&b| (1..=count).contains(&b))
            .ok_or_else(|| format!("there is no building {building} (there are {count})"))?
            - 1;
        let b = pos.buildings[index];
        match b.top() {
            Some(top) if (b.height..=top).contains(&height) => {}
            Some(top) => {
                return Err(format!(
                "building {building} has no tower of {height} blocks (its towers have {} to {top})",
                b.height
            ))
            }
            None => return Err(format!("building {building} has no towers")),
        }
        if remove == 0 || remove > height {
            return Err(format!(
                "take 1 to {height} blocks from a tower of {height}"
            ));
        }
        Ok(TowerMove {
            building: index,
            height,
            remove,
        })
    }

    /// At most every choice of height for every tower, times two for each tower
    /// (whether it stands in its own building yet).
    fn reach(&self, pos: &City) -> u128 {
        let mut total: u128 = 1;
        for b in &pos.buildings {
            if b.count > 128 {
                return u128::MAX;
            }
            for j in 0..b.count {
                let h = b.height + u128::from(j);
                total = match total.checked_mul(2 * (h + 1)) {
                    Some(t) => t,
                    None => return u128::MAX,
                };
            }
        }
        total
    }

    fn is_over(&self, pos: &City) -> bool {
        pos.buildings.iter().all(|b| b.top().unwrap_or(0) == 0)
    }

    fn closed_wins(&self, pos: &City) -> bool {
        pos.nim_value() != 0
    }

    fn closed_winning_move(&self, pos: &City) -> Option<TowerMove> {
        winning_moves(pos).next()
    }

    /// One block from the lowest tower that has one.
    fn stalling_move(&self, pos: &City) -> Option<TowerMove> {
        pos.buildings.iter().enumerate().find_map(|(i, b)| {
            let top = b.top()?;
            let height = b.height.max(1);
            (height <= top).then_some(TowerMove {
                building: i,
                height,
                remove: 1,
            })
        })
    }

    fn hint_moves(&self, pos: &City, limit: usize) -> Result<Vec<TowerMove>, Sample<TowerMove>> {
        // Every tower of h blocks has h moves.
        let all = pos
            .buildings
            .iter()
            .map(|b| {
                let n = u128::from(b.count);
                n.saturating_mul(b.height)
                    .saturating_add(n.saturating_mul(n.saturating_sub(1)) / 2)
            })
            .fold(0u128, u128::saturating_add);
        if all <= limit as u128 {
            Ok(self.moves(pos))
        } else {
            Err(Sample {
                winning: winning_moves(pos).take(limit).collect(),
                winning_count: winning_move_count(pos),
                total: all,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{ImpartialMatch, Match, Seat};

    #[test]
    fn illegal_moves_are_explained() {
        let city: City = "3:2,0:1".parse().unwrap();
        let err = |text: &str| Towers.parse_move(&city, text).unwrap_err();
        assert!(err("1-2").contains("no ':'"));
        assert!(err("1:2").contains("no '-'"));
        assert!(err("x:3-1").contains("the building \"x\" is not a number"));
        assert_eq!(err("3:3-1"), "there is no building 3 (there are 2)");
        assert_eq!(
            err("1:5-1"),
            "building 1 has no tower of 5 blocks (its towers have 3 to 4)"
        );
        assert_eq!(err("1:3-4"), "take 1 to 3 blocks from a tower of 3");
        assert_eq!(err("2:0-1"), "take 1 to 0 blocks from a tower of 0");
        assert_eq!(
            Towers.parse_move(&city, "1:4-2"),
            Ok(TowerMove {
                building: 0,
                height: 4,
                remove: 2
            })
        );
    }

    #[test]
    fn drawings() {
        let city: City = "3:2,0:1".parse().unwrap();
        assert_eq!(
            Towers.drawing(&city),
            "building 1:  3 ###\n             4 ####\nbuilding 2:  0"
        );
        let big: City = "5:1000000000000".parse().unwrap();
        assert_eq!(
            Towers.drawing(&big),
            "building 1: 1000000000000 towers of 5 to 1000000000004 blocks"
        );
    }

    #[test]
    fn huge_cities_are_played_at_once() {
        let city: City = "5:1000000000000000000,7:3".parse().unwrap();
        let mut m = ImpartialMatch::new(&Towers, city.clone());
        let hints = m.hints();
        assert!(hints.more_losing > 0);
        let wins = city.nim_value() != 0;
        assert_eq!(!hints.moves.is_empty(), wins);
        m.engine_move();
        let after: City = m.position().parse().unwrap();
        assert_eq!(after.nim_value() == 0, wins);
        assert_eq!(m.to_move(), Seat::Second);
    }
}
