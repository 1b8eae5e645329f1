//! The perfect engine as the judge of a "play against the judge" problem: the
//! referee behind `grundy interact`, over any [`Opponent`] (a program over its
//! standard input and output: [`process::Process`], Unix).
//!
//! The protocol, one line each, in the game's notation:
//! 1. the judge writes the position, then `first` or `second`: the opponent's seat;
//! 2. the players alternate: the judge writes each of its moves, and reads each of
//!    the opponent's moves;
//! 3. when the game is over the judge writes `end`.
//!
//! A line that is not a legal move, an opponent that ends or stays silent longer than
//! the time limit loses at once.

#[cfg(unix)]
pub mod process;

use std::time::{Duration, Instant};

use grundy_engine::play::{Match, Seat};

/// What the opponent answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A line (its move, to be read).
    Line(String),
    /// Reading its answer failed, with why.
    Failed(String),
    /// No answer within the time limit.
    TimedOut,
    /// The opponent ended instead of answering, with how (e.g. its exit status).
    Ended(String),
}

/// The other side of the game: what the referee writes to and reads from.
pub trait Opponent {
    /// Sends one line; `false` when the opponent no longer reads.
    fn send(&mut self, line: &str) -> bool;
    /// The opponent's next line, waiting at most `limit`.
    fn answer(&mut self, limit: Duration) -> Answer;
}

/// How a refereed game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refereed {
    /// Whether the opponent won.
    pub opponent_won: bool,
    /// Why the opponent lost (the game's ending, or the rule it broke).
    pub reason: Option<String>,
    /// Every move played, in order: `judge MOVE` or `program MOVE (SECONDS s)`.
    pub moves: Vec<String>,
}

/// The word for a seat in the protocol: `first` or `second`.
pub fn seat_word(seat: Seat) -> &'static str {
    if seat == Seat::First {
        "first"
    } else {
        "second"
    }
}

/// Plays `game` to its end with the engine on one side and `opponent` in `seat`,
/// allowing the opponent `limit` per move.
pub fn referee(
    game: &mut dyn Match,
    seat: Seat,
    opponent: &mut dyn Opponent,
    limit: Duration,
) -> Refereed {
    let mut moves = Vec::new();
    let lost = |moves: Vec<String>, why: String| Refereed {
        opponent_won: false,
        reason: Some(why),
        moves,
    };
    if !opponent.send(&game.position()) || !opponent.send(seat_word(seat)) {
        return lost(moves, "the program closed its input before the game".into());
    }
    loop {
        if game.over() && game.winner().is_none() {
            // A tie: nobody won.
            let _ = opponent.send("end");
            return lost(moves, game.ending());
        }
        if let Some(winner) = game.winner() {
            let _ = opponent.send("end");
            return if winner == seat {
                Refereed {
                    opponent_won: true,
                    reason: None,
                    moves,
                }
            } else {
                lost(moves, game.ending())
            };
        }
        if game.to_move() != seat {
            let Some(mv) = game.engine_move() else {
                continue;
            };
            moves.push(format!("judge {mv}"));
            if !opponent.send(&mv) {
                return lost(moves, "the program closed its input".into());
            }
            continue;
        }
        let started = Instant::now();
        let line = match opponent.answer(limit) {
            Answer::Line(line) => line,
            Answer::Failed(e) => return lost(moves, format!("reading its move failed: {e}")),
            Answer::TimedOut => {
                return lost(
                    moves,
                    format!("no move within {:.1} s (time limit)", limit.as_secs_f64()),
                )
            }
            Answer::Ended(status) => {
                return lost(
                    moves,
                    format!("the program ended ({status}) instead of moving"),
                )
            }
        };
        let text = line.trim();
        match game.play(text) {
            Ok(mv) => moves.push(format!(
                "program {mv} ({:.3} s)",
                started.elapsed().as_secs_f64()
            )),
            Err(why) => return lost(moves, format!("illegal move {text:?}: {why}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::engine::Budget;
    use grundy_engine::Player;
    use grundy_games::registry::{build, Params};
    use std::collections::VecDeque;

    /// An opponent that answers from a script and records what it was sent.
    struct Scripted {
        answers: VecDeque<Answer>,
        sent: Vec<String>,
    }

    impl Opponent for Scripted {
        fn send(&mut self, line: &str) -> bool {
            self.sent.push(line.to_owned());
            true
        }

        fn answer(&mut self, _: Duration) -> Answer {
            self.answers.pop_front().unwrap_or(Answer::TimedOut)
        }
    }

    fn scripted(answers: &[Answer]) -> Scripted {
        Scripted {
            answers: answers.iter().cloned().collect(),
            sent: Vec::new(),
        }
    }

    #[test]
    fn a_winning_program_wins_and_every_rule_breach_loses() {
        let nim = build("nim", &Params::new()).unwrap();
        let limit = Duration::from_secs(1);
        // Nim 3, the program second: the judge empties the heap and wins.
        let mut game = nim.start_match("3", Player::Left, Budget::DEFAULT).unwrap();
        let mut idle = scripted(&[]);
        let r = referee(&mut *game, Seat::Second, &mut idle, limit);
        assert!(!r.opponent_won && r.moves == ["judge 1-3"], "{r:?}");
        assert_eq!(idle.sent, ["3", "second", "1-3", "end"]);
        // Nim 1,2, the program first: it wins by taking one from the heap of 2.
        let start = || {
            nim.start_match("1,2", Player::Left, Budget::DEFAULT)
                .unwrap()
        };
        let mut game = start();
        // The judge answers 2-1 with 1-1 (its first move), leaving 2-1 to win.
        let mut good = scripted(&[Answer::Line("2-1\n".into()), Answer::Line("2-1".into())]);
        let r = referee(&mut *game, Seat::First, &mut good, limit);
        assert!(r.opponent_won, "{r:?}");
        assert_eq!(r.moves.len(), 3, "{r:?}");
        assert_eq!(good.sent.first().map(String::as_str), Some("1,2"));
        assert_eq!(good.sent.get(1).map(String::as_str), Some("first"));
        assert_eq!(good.sent.last().map(String::as_str), Some("end"));
        for (answer, why) in [
            (Answer::Line("junk".into()), "illegal move \"junk\""),
            (Answer::TimedOut, "no move within 1.0 s"),
            (
                Answer::Ended("exit status: 3".into()),
                "ended (exit status: 3)",
            ),
            (
                Answer::Failed("broken".into()),
                "reading its move failed: broken",
            ),
        ] {
            let mut game = start();
            let r = referee(&mut *game, Seat::First, &mut scripted(&[answer]), limit);
            assert!(!r.opponent_won);
            let reason = r.reason.unwrap();
            assert!(reason.contains(why), "{reason}");
        }
    }
}
