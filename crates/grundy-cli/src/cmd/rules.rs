//! The ruleset options the commands share: `--step`, `--set`, `--code`, `--bound`.

use anyhow::{anyhow, bail, Context};
use grundy::rules::octal::Octal;
use grundy::rules::pawns::Pawns;
use grundy::rules::staircase::Staircase;
use grundy::rules::subtraction::Subtraction;

/// A ruleset's parameters, for the games that have some.
#[derive(Debug, clap::Args)]
pub struct RuleArgs {
    /// pawns: a pawn moves 1..=K squares.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub step: u32,
    /// subtraction: the set S of stones a move may take, e.g. 2,4,5.
    #[arg(long, value_name = "S")]
    pub set: Option<String>,
    /// octal: the game's code, e.g. 0.77 (Kayles), 0.07, 0.137, 4.7.
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// staircase: at most K stones move at once (no bound without it).
    #[arg(long, value_name = "K")]
    pub bound: Option<u64>,
}

impl RuleArgs {
    /// Rejects an option given for a game (named as on the command line) it does
    /// not apply to.
    pub fn check_applies_to(&self, game: &str) -> anyhow::Result<()> {
        for (given, option, owner) in [
            (self.step != 2, "--step", "pawns"),
            (self.set.is_some(), "--set", "subtraction"),
            (self.code.is_some(), "--code", "octal"),
            (self.bound.is_some(), "--bound", "staircase"),
        ] {
            if given && game != owner {
                bail!("{option} applies to {owner} only");
            }
        }
        Ok(())
    }

    /// The pawn ruleset of `--step`.
    pub fn pawns(&self) -> anyhow::Result<Pawns> {
        Pawns::new(self.step).context("--step")
    }

    /// The staircase ruleset of `--bound`.
    pub fn staircase(&self) -> anyhow::Result<Staircase> {
        Staircase::new(self.bound).context("--bound")
    }

    /// The subtraction ruleset of `--set`, which it needs.
    pub fn subtraction(&self) -> anyhow::Result<Subtraction> {
        let set = self
            .set
            .as_deref()
            .context("subtraction needs --set S, e.g. --set 2,4,5")?;
        set.parse().map_err(|e| anyhow!("--set {set:?}: {e}"))
    }

    /// The octal ruleset of `--code`, which it needs.
    pub fn octal(&self) -> anyhow::Result<Octal> {
        let code = self
            .code
            .as_deref()
            .context("octal needs --code CODE, e.g. --code 0.77")?;
        code.parse().map_err(|e| anyhow!("--code {code:?}: {e}"))
    }
}

/// The name of a command-line value, as the user types it.
pub fn name(value: &impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}
