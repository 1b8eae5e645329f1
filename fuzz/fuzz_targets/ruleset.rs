//! Every registry game through the `DynRuleset` facade: parameters, position and
//! move notation, a bounded analysis, and a short match against the engine.
//!
//! Input: byte 0 picks the game (modulo the number of games), byte 1 says which
//! parameters are given (bit i: the game's i-th parameter), byte 2 who moves first;
//! the rest, split at `\n`, is the given parameters' values in order, the position,
//! then moves to try and to play.
#![no_main]

use std::time::{Duration, Instant};

use grundy::deadline;
use grundy::engine::Budget;
use grundy::registry::{self, Params, RULESETS};
use grundy::Player;
use libfuzzer_sys::fuzz_target;

/// Positions longer than this are only parsed: the analysis of a bigger one may
/// legitimately take longer than a fuzz iteration should.
const ANALYSE_UP_TO: usize = 48;

fuzz_target!(|data: &[u8]| {
    let [game, given, first, rest @ ..] = data else {
        return;
    };
    let spec = &RULESETS[usize::from(*game) % RULESETS.len()];
    let text = String::from_utf8_lossy(rest);
    let mut parts = text.split('\n');
    let mut params = Params::new();
    for (i, p) in spec.params.iter().enumerate() {
        if given & (1 << i) != 0 {
            params.set(p.name, parts.next().unwrap_or(""));
        }
    }
    let Ok(rules) = registry::build(spec.name, &params) else {
        return;
    };
    let position = parts.next().unwrap_or("");
    let to_move = if first & 1 == 0 { Player::Left } else { Player::Right };
    if rules.check_position(position).is_err() || position.len() > ANALYSE_UP_TO {
        return;
    }
    // The analysis of a short position can still be a big game (a one-move Connect
    // Four sequence on the 7×6 board is a full solve): a deadline bounds it, and each
    // judged move, as the front ends' time limits do.
    let soon = || Instant::now() + Duration::from_secs(2);
    let _ = deadline::within(soon(), || rules.analyze(position, to_move, 4));
    let _ = deadline::within(soon(), || {
        rules.move_values(position, to_move, 4, Budget::moves(4096))
    });
    let moves: Vec<&str> = parts.take(8).collect();
    for mv in &moves {
        // Judging a move analyses the position too.
        let _ = deadline::within(soon(), || rules.check_move(position, to_move, mv));
    }
    let first_seat = if first & 2 == 0 { Player::Left } else { Player::Right };
    // A match's searches get a small budget: one input must stay well within the
    // fuzzer's time limit under AddressSanitizer (the default budget's cost is
    // measured by the hostile tests and bench/hostile.sh, not here).
    if let Ok(mut game) = rules.start_match(position, first_seat, Budget::moves(1 << 14)) {
        let _ = (game.title(), game.drawing(), game.move_help());
        for mv in &moves {
            if game.winner().is_some() {
                break;
            }
            if game.play(mv).is_ok() && game.winner().is_none() {
                let _ = game.engine_move();
            }
        }
        if game.winner().is_none() && first & 4 != 0 {
            let _ = game.hints();
        }
    };
});
