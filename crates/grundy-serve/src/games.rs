//! The games a server serves: the registry's, and games the program that embeds the
//! server adds to them (a script's own game, served by the Python package's
//! `grundy.serve`).

use std::ops::Deref;
use std::sync::Arc;

use grundy::engine::Budget;
use grundy::registry::{self, DynRuleset, Params};
use grundy::ruleset::ParamError;
use grundy::Player;

use crate::error::ApiError;

/// A game added to the registry's for one server.
#[derive(Clone)]
pub struct Served {
    /// The game; its name is the one requests give.
    pub game: Arc<dyn DynRuleset>,
    /// One line of help, as the registry's games have.
    pub about: String,
    /// An example position (the page starts with it).
    pub example: String,
}

/// The registry's games and the games added to them.
#[derive(Clone, Default)]
pub struct Games {
    added: Arc<Vec<Added>>,
}

/// A game added, and how its moves are written (as a match from its example says),
/// worked out when it is added: the list of games then never waits for the game's
/// work for other requests (a script's game answers one request at a time).
#[derive(Clone)]
struct Added {
    served: Served,
    move_help: String,
}

/// How moves of `game` are written, as a match from `example` says (empty when the
/// example cannot start a match).
pub(crate) fn move_help(game: &dyn DynRuleset, example: &str) -> String {
    game.start_match(example, Player::Left, Budget::DEFAULT)
        .map(|m| m.move_help())
        .unwrap_or_default()
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.added().map(|s| s.game.name()).collect();
        f.debug_struct("Games").field("added", &names).finish()
    }
}

/// A game built for one request, or one shared by every request.
pub(crate) enum GameRef {
    Built(Box<dyn DynRuleset>),
    Shared(Arc<dyn DynRuleset>),
}

impl Deref for GameRef {
    type Target = dyn DynRuleset;
    fn deref(&self) -> &(dyn DynRuleset + 'static) {
        match self {
            GameRef::Built(g) => g.as_ref(),
            GameRef::Shared(g) => g.as_ref(),
        }
    }
}

impl AsRef<dyn DynRuleset> for GameRef {
    fn as_ref(&self) -> &(dyn DynRuleset + 'static) {
        &**self
    }
}

impl Games {
    /// The registry's games only.
    pub fn new() -> Games {
        Games::default()
    }

    /// These games and `served`; refused when its name is taken.
    pub fn with(self, served: Served) -> Result<Games, String> {
        let name = served.game.name();
        if registry::find(name).is_ok() || self.added().any(|s| s.game.name() == name) {
            return Err(format!(
                "a game called {name:?} is served already; give yours another name"
            ));
        }
        let move_help = move_help(&*served.game, &served.example);
        let mut added = (*self.added).clone();
        added.push(Added { served, move_help });
        Ok(Games {
            added: Arc::new(added),
        })
    }

    /// The games added to the registry's.
    pub fn added(&self) -> impl Iterator<Item = &Served> {
        self.added.iter().map(|a| &a.served)
    }

    /// The games added to the registry's, each with how its moves are written.
    pub(crate) fn added_with_move_help(&self) -> impl Iterator<Item = (&Served, &str)> {
        self.added.iter().map(|a| (&a.served, a.move_help.as_str()))
    }

    /// The game `name` with `params`, or a 400 saying what is wrong.
    pub(crate) fn build(&self, name: &str, params: &Params) -> Result<GameRef, ApiError> {
        if let Some(served) = self.added().find(|s| s.game.name() == name) {
            if let Some(param) = params.names().next() {
                return Err(ApiError::bad(format!(
                    "{param} is not a parameter of {name}: it takes none"
                )));
            }
            return Ok(GameRef::Shared(served.game.clone()));
        }
        registry::build(name, params)
            .map(GameRef::Built)
            .map_err(|e: ParamError| ApiError::bad(e.to_string()).at(e.column()))
    }
}
