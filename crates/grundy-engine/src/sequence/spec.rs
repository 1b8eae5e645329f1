//! What a ruleset offers `grundy sequence`: its single-heap Grundy sequence, how to
//! compute it, and what proves its period.
//!
//! A heap game gives a [`SequenceSpec`] through
//! [`Ruleset::heap_sequence`](crate::ruleset::RulesetExt::heap_sequence) (the default is
//! `None`: no sequence), and the registry's facade passes it on, so the command needs
//! no game's name:
//!
//! ```
//! use grundy_games::registry::{build, Params};
//! use grundy_engine::sequence::{Method, Options};
//!
//! let kayles = build("octal", &Params::new().with("code", "0.77")).unwrap();
//! let spec = kayles.heap_sequence().unwrap();
//! let seq = spec.compute(Method::Auto, &Options::until_proven(1000), &mut |_| {}).unwrap();
//! let period = seq.period.unwrap();
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! assert_eq!(spec.title, "octal 0.77");
//! ```

use std::fmt;

use super::{compute_resumable, Options, Progress, ProofRule, Resume, Sequence, Source};

/// How to compute a sequence's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The definition: the mex over every option.
    Naive,
    /// The sparse-space method (for games that split heaps).
    Sparse,
    /// The game's fastest way (which may use shortcuts beyond `Sparse`).
    Auto,
}

impl Method {
    /// The method's name as commands take it: `naive`, `sparse`, `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Naive => "naive",
            Method::Sparse => "sparse",
            Method::Auto => "auto",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The options of one heap of n stones, each the list of heaps it leaves.
pub type HeapOptions<'a> = Box<dyn Fn(u64) -> Vec<Vec<u64>> + 'a>;

/// A game's single-heap Grundy sequence G(0), G(1), ...: names for its output, a
/// computation for each method it offers, and the theorem that proves its periods.
pub struct SequenceSpec<'a> {
    /// The game as a title, e.g. `octal 0.77` or `subtraction {2,4,5}` (printed above
    /// the values and in the SVG).
    pub title: String,
    /// The game as JSON fields, e.g. `{"game": "octal", "code": "0.77"}`; the output
    /// adds `preperiod`, `period`, `computed` and `values` to them.
    pub json: serde_json::Value,
    /// The game as a [certificate](super::certificate) names it (e.g. `octal 0.77`),
    /// with the rules its checker values it by, or `None` when there is no certificate
    /// checker for the game.
    pub certificate: Option<super::certificate::CertifiedGame>,
    /// The theorem that proves a period from finitely many values, or `None` when
    /// none is known: the values are then only computed, and no period is claimed.
    pub rule: Option<ProofRule>,
    /// The methods the game offers besides [`Method::Auto`] (always offered: the
    /// game's best).
    pub methods: &'static [Method],
    /// A fresh computation by a method that the game offers.
    pub source: Box<dyn Fn(Method) -> Box<dyn Source> + 'a>,
    /// The options of one heap of n stones, each the list of heaps it leaves, for
    /// misère play's [genus](crate::misere::genus); `None` when the game does not
    /// say them.
    pub heap_options: Option<HeapOptions<'a>>,
}

impl fmt::Debug for SequenceSpec<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SequenceSpec")
            .field("title", &self.title)
            .field("certificate", &self.certificate)
            .field("rule", &self.rule)
            .field("methods", &self.methods)
            .finish_non_exhaustive()
    }
}

/// A method that a game does not offer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("method {method}: {game} computes its values by {offered} only")]
pub struct MethodError {
    /// The method asked for.
    pub method: Method,
    /// The game's title.
    pub game: String,
    /// The methods offered, e.g. `naive or auto`.
    pub offered: String,
}

/// Why a sequence cannot be computed as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SequenceError {
    /// A method the game does not offer.
    #[error(transparent)]
    Method(#[from] MethodError),
    /// More values than a sequence may hold.
    #[error(transparent)]
    TooMany(#[from] super::TooManyValues),
}

impl SequenceSpec<'_> {
    /// Checks that the game offers `method`.
    pub fn check_method(&self, method: Method) -> Result<(), MethodError> {
        if method == Method::Auto || self.methods.contains(&method) {
            return Ok(());
        }
        let mut names: Vec<&str> = self.methods.iter().map(|m| m.name()).collect();
        names.push(Method::Auto.name());
        Err(MethodError {
            method,
            game: self.title.clone(),
            offered: names.join(" or "),
        })
    }

    /// The sequence by `method` as `options` say. With a proof rule, a period is
    /// proven as in [`compute`](super::compute); without one, exactly G(0), ..., G(n) are computed for
    /// n = `options.to` or else `options.limit`, and no period is claimed. Both stop
    /// early at `options.time_limit`; more than [`MAX_VALUES`](super::MAX_VALUES)
    /// values are refused.
    pub fn compute(
        &self,
        method: Method,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Sequence, SequenceError> {
        self.compute_resumable(method, options, progress, Resume::afresh())
    }

    /// [`compute`](SequenceSpec::compute) going on from values computed before, saving
    /// its work as it goes (see [`Resume`]); the results are those of a computation
    /// from scratch.
    pub fn compute_resumable(
        &self,
        method: Method,
        options: &Options,
        progress: &mut dyn FnMut(Progress),
        resume: Resume<'_>,
    ) -> Result<Sequence, SequenceError> {
        self.check_method(method)?;
        options.check()?;
        let mut source = (self.source)(method);
        Ok(compute_resumable(
            &mut *source,
            self.rule,
            options,
            progress,
            resume,
        ))
    }
}
