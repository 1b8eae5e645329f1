//! The catalogue of engines agrees with the code: one row per engine module in the
//! doc of `engine/mod.rs` and in docs/design.md ("The engines"), the same modules as
//! the files under `engine/` (besides `budget` and `testing`, which are no engines),
//! and a routing entry for every engine the routing table names. Then, on every
//! game's example, the route `--explain-engine` reports agrees with the analysis.

use std::collections::BTreeSet;
use std::path::Path;

use grundy::analysis::route::{Engine, ROUTES};
use grundy::registry::{self, RULESETS};
use grundy::Player;

/// What is under `engine/` but no engine.
const SUPPORT: [&str; 2] = ["budget", "testing"];

const MOD_RS: &str = include_str!("../../../grundy-engine/src/engine/mod.rs");
const DESIGN: &str = include_str!("../../../../docs/design.md");

/// The first cell of each row of the first table after `heading` in `text`, with
/// `prefix` and `suffix` stripped from the lines.
fn first_cells(text: &str, heading: &str, prefix: &str) -> Vec<String> {
    let start = text.find(heading).expect("the heading");
    text[start..]
        .lines()
        .map(|l| l.strip_prefix(prefix).unwrap_or(l).trim())
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            let cell = l.split('|').nth(1).expect("a cell").trim();
            cell.trim_matches(|c| c == '[' || c == ']' || c == '`')
                .to_owned()
        })
        .collect()
}

#[test]
fn the_catalogue_is_the_engine_modules() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-engine/src/engine");
    let files: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        // A module is a file, or a directory with its mod.rs.
        .filter(|p| p.extension().is_some_and(|x| x == "rs") || p.join("mod.rs").is_file())
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "mod" && !SUPPORT.contains(&name.as_str()))
        .collect();
    let in_mod: Vec<String> = first_cells(MOD_RS, "//! | engine |", "//!");
    let in_design: Vec<String> = first_cells(DESIGN, "## The engines", "");
    assert_eq!(
        in_mod.len(),
        files.len(),
        "one row per engine module: {in_mod:?}"
    );
    assert_eq!(in_mod.iter().cloned().collect::<BTreeSet<_>>(), files);
    assert_eq!(
        in_design, in_mod,
        "docs/design.md's table is engine/mod.rs's"
    );
    // Each engine is declared with the engines, each support module after them.
    let declared: Vec<&str> = MOD_RS
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    let engines: Vec<&str> = declared
        .iter()
        .copied()
        .filter(|m| !SUPPORT.contains(m))
        .collect();
    assert_eq!(engines.len(), in_mod.len());
    assert!(engines.iter().all(|m| files.contains(*m)), "{declared:?}");
}

#[test]
fn every_routed_engine_is_in_the_routing_table_and_the_catalogue() {
    let engines = [
        Engine::Search,
        Engine::Tiers,
        Engine::Retrograde,
        Engine::OwnSolver,
        Engine::ClosedForm,
        Engine::Exhaustive,
        Engine::Remoteness,
    ];
    let routed: BTreeSet<Engine> = ROUTES
        .iter()
        .flat_map(|(_, _, list)| list.iter().copied())
        .collect();
    assert_eq!(routed, engines.into_iter().collect());
    let table = first_cells(DESIGN, "Each engine takes a position on its own", "");
    let modules = first_cells(MOD_RS, "//! | engine |", "//!");
    for engine in engines {
        let name = format!("{engine:?}");
        assert!(table.contains(&name), "{name} in docs/design.md: {table:?}");
        // An engine of the route is a module of the catalogue or a capability.
        match engine.code().strip_prefix("engine::") {
            Some(module) => assert!(modules.iter().any(|m| m == module), "{module}"),
            None => assert!(engine.code().ends_with("capability"), "{}", engine.code()),
        }
    }
}

/// On every game's example, normal and (where offered) misère: an engine answers
/// exactly when the analysis does, the one that answers applies, the ones before it
/// that apply gave no answer, and a game with ties or cycles says which engine
/// solved it in the analysis' own words.
#[test]
fn the_route_agrees_with_the_analysis_on_every_example() {
    let mut answered = BTreeSet::new();
    for spec in RULESETS {
        for misere in [false, true] {
            let mut params = registry::example_params(spec);
            if misere {
                params = params.with("misere", "true");
            }
            let Ok(game) = registry::build(spec.name, &params) else {
                continue;
            };
            let route = game.explain_engine(spec.example, Player::Left).unwrap();
            let analysis = game.analyze(spec.example, Player::Left, 10);
            let what = format!("{} {} (misère {misere})", spec.name, spec.example);
            assert_eq!(route.answered_by.is_some(), analysis.is_ok(), "{what}");
            assert_eq!(route.unsolved.is_some(), analysis.is_err(), "{what}");
            let Some(by) = route.answered_by else {
                continue;
            };
            answered.insert(by);
            let at = route
                .engines
                .iter()
                .position(|s| s.engine == by)
                .unwrap_or_else(|| panic!("{what}: {by:?} is in the route"));
            assert!(route.engines[at].applies, "{what}");
            let analysis = analysis.unwrap();
            assert_eq!(
                route.remoteness_by.is_some(),
                analysis.remoteness.is_some(),
                "{what}"
            );
            if route.ties || route.cycles {
                let solved_by = analysis.solved_by.expect("solved_by");
                let retrograde = solved_by.starts_with("the retrograde engine");
                let tiers_or_plain = matches!(by, Engine::Tiers | Engine::Retrograde);
                assert_eq!(retrograde, tiers_or_plain, "{what}: {solved_by}");
                let search = solved_by.starts_with("alpha-beta search");
                assert_eq!(search, by == Engine::Search, "{what}: {solved_by}");
            }
        }
    }
    // The examples reach the closed forms, the tiers and the plain retrograde engine.
    for engine in [Engine::ClosedForm, Engine::Tiers, Engine::Retrograde] {
        assert!(answered.contains(&engine), "{answered:?}");
    }
}
