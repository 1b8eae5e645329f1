//! Tests of `grundy_games::rules::drawing`.

use grundy_engine::ruleset::board::Tint;
use grundy_games::rules::drawing::*;

const G: &[Glyph] = &[
    g('.', Tint::Empty, "empty"),
    g('#', Tint::Blocked, "filled"),
];

#[test]
fn grids_cycle_and_heaps_edit() {
    let b = grid("..#|...", G).unwrap();
    assert_eq!(b.lines.len(), 2);
    assert_eq!(b.lines[0].spots[2].label, "c1: filled");
    assert_eq!(cycle("..#|...", [1, 0], G).unwrap(), "..#|#..");
    assert_eq!(cycle("..#|...", [0, 2], G).unwrap(), "...|...");
    assert_eq!(cycle("..#|...", [2, 0], G), None);
    assert_eq!(edit_heaps(&[3, 5], [0, 1]), Some(vec![1, 5]));
    assert_eq!(edit_heaps(&[3, 5], [0, 3]), Some(vec![4, 5]));
    assert_eq!(edit_heaps(&[3, 5], [2, 0]), Some(vec![3, 5, 1]));
    assert_eq!(token(0, 7, 3), Some([0, 4]));
    assert_eq!(token(0, 100, 3), None);
    assert_eq!(numbers("1-2=3+4"), vec![1, 2, 3, 4]);
    assert_eq!(heaps(&[2], "heap").unwrap().lines[0].spots.len(), 3);
}

/// Every game draws its example and the positions down a line of play, every
/// legal move touches spots of the board, and no two moves touch the same spots
/// in the same order (so pointing picks out each move).
#[test]
fn every_game_draws_and_its_moves_are_pointable() {
    use grundy_engine::game::Player;
    use grundy_games::registry;
    for spec in registry::RULESETS {
        let game = registry::build(spec.name, &registry::example_params(spec)).unwrap();
        let mut position = spec.example.to_owned();
        let mut player = Player::Left;
        for _ in 0..6 {
            let view = game
                .board_view(&position, player)
                .unwrap()
                .unwrap_or_else(|| panic!("{}: no board for {position}", spec.name));
            let lines = &view.board.lines;
            let mut seen = std::collections::HashSet::new();
            for m in &view.moves {
                assert!(
                    !m.touches.is_empty(),
                    "{} {position}: {} touches nothing",
                    spec.name,
                    m.mv
                );
                for at in &m.touches {
                    assert!(
                        lines.get(at[0]).is_some_and(|l| at[1] < l.spots.len()),
                        "{} {position}: {} touches {at:?}, off the board",
                        spec.name,
                        m.mv
                    );
                }
                assert!(
                    seen.insert(m.touches.clone()),
                    "{} {position}: {} is not told apart",
                    spec.name,
                    m.mv
                );
            }
            for e in &view.edits {
                game.check_position(&e.position).unwrap();
            }
            let Some(first) = view.moves.first() else {
                break;
            };
            let mut m = game
                .start_match(&position, player, grundy_engine::engine::Budget::DEFAULT)
                .unwrap();
            m.play(&first.mv).unwrap();
            position = m.position();
            player = player.opponent();
        }
    }
}
