//! The game and its parameters, as every game command takes them: `GAME` and the
//! options of the registry's rulesets (`--step`, `--set`, `--code`, `--bound`, ...),
//! each with the help its ruleset gives. Nothing here names a game.

use anyhow::{bail, Context};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::parser::ValueSource;
use clap::{Arg, ArgMatches, Command, FromArgMatches};
use grundy::registry::{self, DynRuleset, Params};
use grundy::ruleset::Kind;
use grundy::ruleset::ParamError;
use grundy::Player;

/// The game named on the command line, with the parameters given for it (and
/// `misere`, set by `--misere`).
#[derive(Debug, Clone)]
pub struct GameArgs {
    /// The game's name.
    pub game: String,
    /// The parameters given on the command line.
    pub params: Params,
}

/// The possible values of the `GAME` argument: every registered game, with its help.
fn game_values() -> PossibleValuesParser {
    PossibleValuesParser::new(
        registry::RULESETS
            .iter()
            .map(|s| PossibleValue::new(s.name).help(s.about)),
    )
}

/// A parameter error as the command line says it: each parameter as its option,
/// `--code`.
pub fn flags(e: ParamError) -> anyhow::Error {
    anyhow::anyhow!(e.render(|option| format!("--{option}")))
}

impl GameArgs {
    /// Builds the game, refusing a parameter meant for another game.
    pub fn build(&self) -> anyhow::Result<Box<dyn DynRuleset>> {
        registry::build(&self.game, &self.params).map_err(flags)
    }
}

impl clap::Args for GameArgs {
    fn augment_args(cmd: Command) -> Command {
        let mut cmd = cmd.arg(
            Arg::new("game")
                .value_name("GAME")
                .required(true)
                .help("The game")
                .value_parser(game_values()),
        );
        cmd = cmd.arg(
            Arg::new(registry::MISERE.name)
                .long(registry::MISERE.name)
                .action(clap::ArgAction::SetTrue)
                .help("Misère play: the last player to move loses (impartial games)"),
        );
        // `--misere` is a flag (above), not an option with a value.
        for p in registry::all_params()
            .into_iter()
            .filter(|p| p.name != registry::MISERE.name)
        {
            let owners: Vec<&str> = registry::RULESETS
                .iter()
                .filter(|s| s.params.iter().any(|q| q.name == p.name))
                .map(|s| s.name)
                .collect();
            let default = p
                .default
                .map(|d| format!(" [default: {d}]"))
                .unwrap_or_default();
            let arg = Arg::new(p.name).long(p.name);
            // A switch takes no value: `--backsliding`, not `--backsliding true`.
            let arg = if p.flag {
                arg.action(clap::ArgAction::SetTrue).help(format!(
                    "{}: {}",
                    owners.join(", "),
                    p.help
                ))
            } else {
                arg.value_name(p.value_name)
                    .help(format!("{}: {}{default}", owners.join(", "), p.help))
                    .allow_hyphen_values(true)
            };
            cmd = cmd.arg(arg);
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for GameArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let game = m.get_one::<String>("game").cloned().unwrap_or_default();
        let mut params = Params::new();
        if m.get_flag(registry::MISERE.name) {
            params.set(registry::MISERE.name, "true");
        }
        for p in registry::all_params()
            .into_iter()
            .filter(|p| p.name != registry::MISERE.name)
        {
            if m.value_source(p.name) != Some(ValueSource::CommandLine) {
                continue;
            }
            if p.flag {
                if m.get_flag(p.name) {
                    params.set(p.name, "true");
                }
            } else if let Some(v) = m.get_one::<String>(p.name) {
                params.set(p.name, v);
            }
        }
        Ok(GameArgs { game, params })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// The player named by `--to-move` (Left when it is not given), for a partizan game.
pub fn to_move(game: &dyn DynRuleset, given: Option<&str>) -> anyhow::Result<Player> {
    let Some(text) = given else {
        return Ok(Player::Left);
    };
    if game.kind() != Kind::Partizan {
        bail!(
            "--to-move applies to partizan games only; {} is impartial",
            game.name()
        );
    }
    game.parse_player(text).with_context(|| {
        format!(
            "--to-move {text:?}: expected {} or {}",
            game.player_name(Player::Left, Player::Left),
            game.player_name(Player::Right, Player::Left)
        )
    })
}

/// `text` as one shell word: in single quotes when it holds a character the shell
/// reads otherwise (`..|..` would be a pipe).
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || ".,:@/_+-=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The four results, defined where a command prints them (analyze, check, play):
/// a full board is a tie here, where everyday speech says a draw.
pub const RESULTS: &str = "\
Results, for the player to move under best play by both: win; lose; tie, the game ends
and neither player wins (a full tic-tac-toe or Connect Four board without a line, what
is often called a draw); draw, neither player can end the game without losing it, so
play goes on forever (a loopy digraph, Backsliding Toads and Frogs).";

/// The examples of a game command's help, one per registered game: `grundy COMMAND
/// GAME EXAMPLE`, and the game's help.
pub fn examples(command: &str, extra: &str) -> String {
    let lines: Vec<(String, &str)> = registry::RULESETS
        .iter()
        .map(|s| {
            let params: String = s
                .params
                .iter()
                .filter(|p| p.required)
                .map(|p| format!(" --{} {}", p.name, p.example))
                .collect();
            (
                format!(
                    "grundy {command} {} {}{params}{extra}",
                    s.name,
                    shell_word(s.example)
                ),
                s.about,
            )
        })
        .collect();
    let width = lines
        .iter()
        .map(|(c, _)| c.len())
        .max()
        .unwrap_or(0)
        .min(48);
    let mut out = String::from("Examples:");
    for (cmd, about) in lines {
        if cmd.len() > width {
            out.push_str(&format!("\n  {cmd}\n  {:width$}  {about}", ""));
        } else {
            out.push_str(&format!("\n  {cmd:width$}  {about}"));
        }
    }
    out
}
