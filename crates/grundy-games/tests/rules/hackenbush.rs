//! Tests of `grundy_games::rules::hackenbush`.

use grundy_engine::game::Player;
use grundy_engine::ruleset::Ruleset;
use grundy_engine::ruleset::RulesetExt;
use grundy_games::rules::hackenbush::*;

fn forest(text: &str) -> Forest {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

#[test]
fn notation_round_trips_and_errors_name_the_column() {
    for text in ["BBR", "B", ".", "BBR,RB,.", ".,.", "R,B"] {
        let p: Strings = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
    }
    let col = |t: &str| t.parse::<Strings>().unwrap_err().column;
    assert_eq!(col(""), 1);
    assert_eq!(col("BX"), 2);
    assert_eq!(col("B,"), 3);
    assert_eq!(col(",B"), 1);
    assert_eq!(col("B.,"), 2);
    assert_eq!(col(".B"), 2);
    assert_eq!(col(&"B".repeat(33)), 33);
    assert_eq!(col(&vec!["B"; 65].join(",")), 128);
}

#[test]
fn trees_round_trip_and_errors_name_the_column() {
    for text in [
        "G",
        "BGR",
        "B(RB,G)",
        "G(B(R,R),G)",
        "B(R,R,G),.,GG",
        "R(B(G,G),G(B,R))",
    ] {
        assert_eq!(forest(text).to_string(), text);
    }
    let err = |t: &str| t.parse::<Forest>().unwrap_err();
    let col = |t: &str| err(t).column;
    assert_eq!(col("B(R)"), 4, "one branch");
    assert!(
        err("B(R)").to_string().contains("not B(R)"),
        "{}",
        err("B(R)")
    );
    assert_eq!(col("(B,R)"), 1);
    assert_eq!(col("B()"), 3);
    assert_eq!(col("B(,R)"), 3);
    assert_eq!(col("B(R,)"), 5);
    assert_eq!(col("B(R,B"), 6);
    assert_eq!(col("B(R,B)G"), 7);
    assert_eq!(col("B(R,B)("), 7);
    assert_eq!(col("B(R(B,B)G,R)"), 9);
    assert_eq!(col("B(R.,B)"), 4);
    assert_eq!(col("B(.,B)"), 3);
    assert_eq!(col("g"), 1);
    // 32 edges in a tree, wherever they stand; the 33rd is refused.
    let wide = format!("B({})", vec!["G"; 31].join(","));
    assert_eq!(forest(&wide).trees()[0].size(), 32);
    let past = format!("B({})", vec!["G"; 32].join(","));
    assert_eq!(col(&past), past.len() - 1);
    assert!(err(&past).to_string().contains("at most 32 edges"));
    // The bounds are per tree: 64 trees of 32 edges each.
    let most = vec![format!("G({},{})", "B".repeat(15), "R".repeat(16)); 64].join(",");
    assert_eq!(forest(&most).trees().len(), 64);
    assert_eq!(col(&format!("{most},G")), most.len() + 1);
}

#[test]
fn sign_expansions_of_winning_ways() {
    let v = |t: &str| total(&forest(t)).unwrap().to_string();
    assert_eq!(v("BBR"), "3/2");
    assert_eq!(v("BRB"), "3/4");
    assert_eq!(v("RB"), "-1/2");
    assert_eq!(v("BR,BR,R"), "0");
    assert_eq!(v("."), "0");
    // The largest values the bounds allow stay exact.
    let long = vec!["B".to_owned() + &"R".repeat(31); 64].join(",");
    assert!(total(&forest(&long)).is_ok());
}

#[test]
fn moves_and_their_checks() {
    let h = Hackenbush;
    let p: Strings = "BBR,RB".parse().unwrap();
    let names = |pl| -> Vec<String> { h.moves(&p, pl).iter().map(ToString::to_string).collect() };
    assert_eq!(names(Player::Left), ["1:1", "1:2", "2:2"]);
    assert_eq!(names(Player::Right), ["1:3", "2:1"]);
    assert_eq!(h.play(&p, &"2:1".parse().unwrap()).to_string(), "BBR,.");
    assert!(h.parse_move(&p, Player::Left, "1:3").is_err());
    assert!(h.parse_move(&p, Player::Left, "3:1").is_err());
    assert!(h.parse_move(&p, Player::Left, "1:4").is_err());
    assert!(h.parse_move(&p, Player::Left, "2").is_err());
    let one: Strings = "BRB".parse().unwrap();
    assert_eq!(
        h.parse_move(&one, Player::Left, "3").unwrap().to_string(),
        "1:3"
    );
}

#[test]
fn cuts_in_trees_drop_what_they_held_up() {
    let h = Hackenbush;
    let p = forest("B(RB,G),G");
    let cut = |m: &str| h.show_position(&h.play(&p, &m.parse().unwrap()));
    // Edges in writing order: B, R, B, G of the first tree; G of the second.
    assert_eq!(cut("1:1"), ".,G");
    assert_eq!(
        cut("1:2"),
        "BG,G",
        "the branch RB falls, G continues the stalk"
    );
    assert_eq!(cut("1:3"), "B(R,G),G");
    assert_eq!(cut("1:4"), "BRB,G");
    assert_eq!(cut("2:1"), "B(RB,G),.");
    let q = forest("G(B(R,R),G)");
    let cut = |m: &str| h.show_position(&h.play(&q, &m.parse().unwrap()));
    assert_eq!(cut("1:3"), "G(BR,G)");
    assert_eq!(cut("1:2"), "GG");
    assert_eq!(cut("1:5"), "GB(R,R)");
    let names = |pos: &Forest, pl| -> Vec<String> {
        h.moves(pos, pl).iter().map(ToString::to_string).collect()
    };
    assert_eq!(names(&p, Player::Left), ["1:1", "1:3", "1:4", "2:1"]);
    assert_eq!(names(&p, Player::Right), ["1:2", "1:4", "2:1"]);
    assert_eq!(h.move_count(&p, Player::Left), Some(4));
    // Errors name the tree and the edge, and who cuts what.
    let e = |pos: &Forest, pl, m: &str| h.parse_move(pos, pl, m).unwrap_err().to_string();
    assert!(e(&p, Player::Left, "1:2").contains("edge 2 of tree 1 is red"));
    assert!(e(&p, Player::Left, "1:2").contains("blue (B) and green (G)"));
    assert!(e(&p, Player::Left, "1:5").contains("tree 1 has 4 edges, not 5"));
    assert!(e(&p, Player::Left, "3:1").contains("no tree 3"));
    assert!(e(&p, Player::Left, "4").contains("TREE:EDGE"));
    assert!(e(&q, Player::Left, "1:0").contains("not a number from 1"));
    assert_eq!(
        h.parse_move(&q, Player::Right, "4").unwrap().to_string(),
        "1:4"
    );
}

#[test]
fn reach_bounds_the_states_of_each_tree() {
    let h = Hackenbush;
    assert_eq!(h.reach(&forest("BBR,RB")), 4 * 3);
    // G(G,G): cut at the ground, or the trunk with each branch there or not.
    assert_eq!(h.reach(&forest("G(G,G)")), 1 + 2 * 2);
    assert_eq!(h.reach(&forest(".")), 1);
}

#[test]
fn positions_below_count_identical_branches_together() {
    let below = |t: &str| forest(t).trees()[0].positions_below();
    // Gone, B, BB, BBR.
    assert_eq!(below("BBR"), 4);
    // Gone, G, then G with none, one or both branches: GG counted once.
    assert_eq!(below("G(G,G)"), 1 + 3);
    assert_eq!(below(&format!("G({})", vec!["G"; 31].join(","))), 1 + 32);
    // Distinct branches multiply: 4 states each.
    assert_eq!(below("G(BRG,BGR,RBG)"), 1 + 4 * 4 * 4);
    assert_eq!(multisets_of(u128::MAX, 2), u128::MAX);
    assert_eq!(multisets_of(5, 0), 1);
    assert_eq!(multisets_of(3, 4), 15);
}

#[test]
fn normal_forms_sort_branches_and_swap_colours() {
    let h = Hackenbush;
    let norm = |t: &str| {
        let (p, negated) = h.normalize(&forest(t));
        (p.to_string(), negated)
    };
    assert_eq!(norm("G(R,B)"), ("G(B,R)".to_owned(), false));
    assert_eq!(norm("R(R,G)"), ("B(B,G)".to_owned(), true));
    assert_eq!(norm("B(G(R,B),B)"), ("B(B,G(B,R))".to_owned(), false));
    assert!(!norm("B,R").1);
}

#[test]
fn green_trees_are_nimbers_by_the_colon_principle() {
    let n = |t: &str| forest(t).trees()[0].green_nimber();
    assert_eq!(n("G"), Some(1));
    assert_eq!(n("GGG"), Some(3));
    assert_eq!(n("G(G,G)"), Some(1));
    assert_eq!(n("G(G,GG)"), Some(4));
    assert_eq!(n("G(GG,GG)"), Some(1));
    assert_eq!(n("G(B,G)"), None);
}

/// The tree with every edge green: its notation with the letters replaced.
fn all_green(t: &Tree) -> Tree {
    let text = t.to_string().replace(['B', 'R'], "G");
    let forest: Forest = text.parse().unwrap();
    assert_eq!(forest.trees().len(), 1, "{text}");
    forest.trees()[0].clone()
}

/// The trees the enumeration lists: every shape once per colouring, up to the
/// order of branches, with the Blue-Red strings first.
#[test]
fn every_tree_lists_each_tree_once() {
    let trees = every_tree(6);
    // The shapes (colours forgotten) are the rooted trees of n + 1 nodes whose
    // root has one edge, as many as the rooted trees of n nodes: 1, 1, 2, 4, 9,
    // 20 (OEIS A000081).
    for (n, shapes) in [(1, 1), (2, 1), (3, 2), (4, 4), (5, 9), (6, 20)] {
        let list = &trees[n];
        let mut seen = std::collections::HashSet::new();
        let mut shaped = std::collections::HashSet::new();
        for t in list {
            assert_eq!(t.size(), n);
            assert!(seen.insert(t.sorted()), "{t} twice");
            shaped.insert(all_green(t).sorted());
        }
        assert_eq!(shaped.len(), shapes, "{n} edges");
        assert!(list[..1 << n].iter().all(|t| t.blue_red_string().is_some()));
        assert!(list[1 << n..].iter().all(|t| t.blue_red_string().is_none()));
    }
    let forests = TreeForests::new(4);
    let mut seen = std::collections::HashSet::new();
    for i in 0..forests.count() {
        let f = forests.nth(i);
        assert!(f.blue_red_strings().is_none(), "{f}");
        assert!(seen.insert(f.clone()), "{f} twice");
    }
}
