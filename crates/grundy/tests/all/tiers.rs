//! The tiered solver (`engine::tiers`) against the plain retrograde engine on every
//! state: tic-tac-toe (all 5,478 boards), Connect Four 4x4 and smaller boards, a
//! digraph game whose moves may stay within a tier (cycles inside tiers), and a
//! ruleset whose tiers are planted wrong (a move lowers the tier), which must be
//! refused rather than answered.

use std::hash::Hash;

use grundy::analysis::draw_engines;
use grundy::engine::retrograde::{solve, RulesetStates, StateGraph};
use grundy::engine::tiers::{solve_tiers, Keep, TierError};
use grundy::engine::Budget;
use grundy::rules::connect_four::ConnectFour;
use grundy::rules::digraph::{Digraph, Slide, Tokens};
use grundy::rules::tictactoe::TicTacToe;
use grundy::ruleset::notation::NotationError;
use grundy::ruleset::{Capabilities, Tiers};
use grundy::ruleset::{End, Kind, MoveError};
use grundy::{Player, Ruleset};

/// Both engines from `root`; every state's result and remoteness must be equal.
/// Returns how many states were compared.
fn agree<G>(game: &G, root: G::State) -> usize
where
    G: StateGraph + Sync,
    G::State: Send + Sync + std::fmt::Debug + Hash,
{
    let plain = solve(game, root.clone(), &mut Budget::unlimited()).unwrap();
    let tiered = solve_tiers(game, root, &mut Budget::unlimited(), Keep::All).unwrap();
    assert_eq!(plain.states(), tiered.states());
    assert_eq!(plain.counts(), tiered.counts());
    for (s, r, m) in plain.iter() {
        assert_eq!(tiered.get(s), Some((r, m)), "{s:?}");
    }
    plain.states()
}

#[test]
fn tic_tac_toe_every_board_agrees() {
    let t = TicTacToe;
    let root = (t.parse_position("...|...|...").unwrap(), Player::Left);
    assert_eq!(agree(&RulesetStates(&t), root), 5478);
}

#[test]
fn connect_four_4x4_and_smaller_boards_agree() {
    let c4 = ConnectFour;
    for (board, states) in [
        ("....|....|....|....", 161_029),
        ("...|...|...|...", 0),
        ("....|....|....", 0),
        ("..|..|..|..", 0),
        (".....|.....|.....", 0),
    ] {
        let root = (c4.parse_position(board).unwrap(), Player::Left);
        let n = agree(&RulesetStates(&c4), root);
        if states > 0 {
            assert_eq!(n, states, "{board}");
        }
        assert!(n > 10, "{board}: {n}");
    }
}

/// Digraph with tiers given by a function of the tokens.
struct TieredDigraph {
    tier: fn(&Tokens) -> u32,
}

impl Ruleset for TieredDigraph {
    type Position = Tokens;

    type Move = Slide;

    fn name(&self) -> &'static str {
        "tiered-digraph"
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn parse_position(&self, text: &str) -> Result<Tokens, NotationError> {
        Digraph.parse_position(text)
    }

    fn show_position(&self, pos: &Tokens) -> String {
        Digraph.show_position(pos)
    }

    fn parse_move(&self, pos: &Tokens, p: Player, text: &str) -> Result<Slide, MoveError> {
        Digraph.parse_move(pos, p, text)
    }

    fn move_help(&self) -> String {
        Digraph.move_help()
    }

    fn moves(&self, pos: &Tokens, p: Player) -> Vec<Slide> {
        Digraph.moves(pos, p)
    }

    fn play(&self, pos: &Tokens, mv: &Slide) -> Tokens {
        Digraph.play(pos, mv)
    }

    fn end(&self, pos: &Tokens, p: Player) -> Option<End> {
        Digraph.end(pos, p)
    }

    fn capabilities(&self) -> Capabilities<'_, Self::Position, Self::Move> {
        Capabilities::new().tiers(self).cycles(draw_engines(self))
    }
}

impl Tiers for TieredDigraph {
    fn tier(&self, pos: &Tokens) -> Option<u32> {
        Some((self.tier)(pos))
    }
}

/// Vertices 0..=5 cycle among themselves and lead into 6..=11, which cycle among
/// themselves and never lead back; 11 has no move.
const GRAPH: &str =
    "0>1,1>2,2>0,2>3,3>4,4>3,4>5,5>0,1>6,3>8,5>10,6>7,7>6,7>8,8>9,9>7,9>10,10>11,8>11";

#[test]
fn moves_within_tiers_with_cycles_agree() {
    // The tier: how many tokens have crossed into 6..=11; a move keeps it (a
    // slide on either side) or raises it (a crossing).
    let crossed = TieredDigraph {
        tier: |t| t.tokens.iter().filter(|&&v| v >= 6).count() as u32,
    };
    let mut kinds = [0usize; 4];
    for tokens in ["0", "0,2", "0,3,4", "1,5,7", "0,0,9"] {
        let root = (
            crossed
                .parse_position(&format!("{GRAPH}@{tokens}"))
                .unwrap(),
            Player::Left,
        );
        let states = RulesetStates(&crossed);
        agree(&states, root.clone());
        let plain = solve(&states, root, &mut Budget::unlimited()).unwrap();
        for (k, c) in kinds.iter_mut().zip(plain.counts()) {
            *k += c;
        }
    }
    // Wins, losses and draws (endless play on the cycles) were all compared.
    assert!(kinds[0] > 0 && kinds[1] > 0 && kinds[3] > 0, "{kinds:?}");
    // One tier for everything: the whole game is solved within a tier.
    let flat = TieredDigraph { tier: |_| 0 };
    let root = (
        flat.parse_position(&format!("{GRAPH}@0,3,4")).unwrap(),
        Player::Left,
    );
    agree(&RulesetStates(&flat), root);
}

#[test]
fn a_planted_tier_that_a_move_lowers_is_refused() {
    // "Tokens still in 0..=5" goes down when a token crosses over.
    let wrong = TieredDigraph {
        tier: |t| t.tokens.iter().filter(|&&v| v < 6).count() as u32,
    };
    let root = (
        wrong.parse_position(&format!("{GRAPH}@0,2")).unwrap(),
        Player::Left,
    );
    let err = solve_tiers(
        &RulesetStates(&wrong),
        root,
        &mut Budget::unlimited(),
        Keep::All,
    )
    .unwrap_err();
    assert!(matches!(err, TierError::Lowered { .. }), "{err:?}");
    assert!(err.to_string().contains("lowers the tier"), "{err}");
}

#[test]
fn the_tiered_solver_is_bounded_by_the_budget() {
    let c4 = ConnectFour;
    let root = (
        c4.parse_position("....|....|....|....").unwrap(),
        Player::Left,
    );
    let err = solve_tiers(
        &RulesetStates(&c4),
        root,
        &mut Budget::moves(10_000),
        Keep::Root,
    )
    .unwrap_err();
    assert!(matches!(err, TierError::TooBig(_)), "{err:?}");
    let mut budget = Budget::moves(1 << 20);
    let solved = solve_tiers(&RulesetStates(&c4), root, &mut budget, Keep::Root).unwrap();
    // The same moves listed as the plain engine.
    let mut plain_budget = Budget::moves(1 << 20);
    let plain = solve(&RulesetStates(&c4), root, &mut plain_budget).unwrap();
    assert_eq!(budget.left(), plain_budget.left());
    assert_eq!(solved.get(&root), plain.get(&root));
    // Keep::Root keeps the root's tier and the next one only.
    assert_eq!(solved.iter().count(), 1 + 4);
    assert!(
        solved.bytes() < plain.bytes(),
        "{} {}",
        solved.bytes(),
        plain.bytes()
    );
}
