//! What a person sees of a city in `grundy play`: moves read with a message for
//! every mistake, and the city drawn block by block.

use super::{City, TowerMove};
use crate::ruleset::MoveError;

/// Towers drawn block by block when there are at most this many, none taller than
/// [`DRAW_HEIGHT`].
const DRAW_TOWERS: u64 = 16;
const DRAW_HEIGHT: u128 = 40;

/// Reads `BUILDING:HEIGHT-BLOCKS` and checks it against `city`.
pub(super) fn parse_move(city: &City, text: &str) -> Result<TowerMove, MoveError> {
    let shape = "write BUILDING:HEIGHT-BLOCKS, e.g. 1:4-2";
    let (building, rest) = text
        .split_once(':')
        .ok_or_else(|| MoveError::notation(format!("not a move: no ':' ({shape})")))?;
    let (height, remove) = rest
        .split_once('-')
        .ok_or_else(|| MoveError::notation(format!("not a move: no '-' ({shape})")))?;
    let number = |part: &str, what: &str| -> Result<u128, MoveError> {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoveError::notation(format!(
                "not a move: {what} {part:?} is not a number ({shape})"
            )));
        }
        part.parse()
            .map_err(|_| MoveError::notation(format!("not a move: {what} {part} is too large")))
    };
    let building = number(building, "the building")?;
    let height = number(height, "the height")?;
    let remove = number(remove, "the number of blocks")?;
    let count = city.buildings.len();
    let index = usize::try_from(building)
        .ok()
        .filter(|&b| (1..=count).contains(&b))
        .ok_or_else(|| {
            MoveError::illegal(format!(
                "there is no building {building} (there are {count})"
            ))
        })?
        - 1;
    let b = city.buildings[index];
    match b.top() {
        Some(top) if (b.height..=top).contains(&height) => {}
        Some(top) => {
            return Err(MoveError::illegal(format!(
                "building {building} has no tower of {height} blocks (its towers have {} to {top})",
                b.height
            )))
        }
        None => {
            return Err(MoveError::illegal(format!(
                "building {building} has no towers"
            )))
        }
    }
    if remove == 0 || remove > height {
        return Err(MoveError::illegal(format!(
            "take 1 to {height} blocks from a tower of {height}"
        )));
    }
    Ok(TowerMove {
        building: index,
        height,
        remove,
    })
}

/// The city one building after another: tower by tower in blocks when it is small,
/// in words otherwise.
pub(super) fn drawing(city: &City) -> String {
    if city.buildings.is_empty() {
        return "(no buildings)".to_owned();
    }
    let towers: u128 = city.buildings.iter().map(|b| u128::from(b.count)).sum();
    let tallest = city.buildings.iter().filter_map(|b| b.top()).max();
    let blocks = towers <= u128::from(DRAW_TOWERS) && tallest.unwrap_or(0) <= DRAW_HEIGHT;
    let mut lines = Vec::new();
    for (i, b) in city.buildings.iter().enumerate() {
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

/// One block from the lowest tower that has one.
pub(super) fn stalling_move(city: &City) -> Option<TowerMove> {
    city.buildings.iter().enumerate().find_map(|(i, b)| {
        let top = b.top()?;
        let height = b.height.max(1);
        (height <= top).then_some(TowerMove {
            building: i,
            height,
            remove: 1,
        })
    })
}

/// At most every choice of height for every tower, times two for each tower
/// (whether it stands in its own building yet); `u128::MAX` beyond.
pub(super) fn reach(city: &City) -> u128 {
    let mut total: u128 = 1;
    for b in &city.buildings {
        if b.count > 128 {
            return u128::MAX;
        }
        for j in 0..b.count {
            let h = b.height + u128::from(j);
            total = match h
                .checked_add(1)
                .and_then(|h| h.checked_mul(2))
                .and_then(|m| total.checked_mul(m))
            {
                Some(t) => t,
                None => return u128::MAX,
            };
        }
    }
    total
}

/// The first `limit` legal moves, building by building, lowest tower first, fewest
/// blocks first, without listing the rest.
pub(super) fn first_moves(city: &City, limit: usize) -> Vec<TowerMove> {
    super::Towers.legal_moves(city).take(limit).collect()
}
