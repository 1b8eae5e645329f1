//! `grundy judge PROBLEM [FILE]`: answer a contest judge's input exactly.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use anyhow::Context;
use grundy::problems::Problem;

/// Answer a contest judge's input, byte for byte as the judge expects.
///
/// Reads the input as a stream (memory is bounded by the largest test case) and
/// writes each answer as soon as its test case is read. On bad input the answers
/// already written stay, and one message names the line and column (in bytes).
#[derive(Debug, clap::Args)]
#[command(after_help = problems_help())]
pub struct Args {
    /// The problem whose judge format the input follows.
    #[arg(value_parser = problem_parser())]
    pub problem: Problem,
    /// The judge input; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// The problems of the registry as a command-line argument: each name, with its
/// label as the value's help.
pub fn problem_parser() -> impl clap::builder::TypedValueParser<Value = Problem> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        Problem::ALL
            .iter()
            .map(|p| PossibleValue::new(p.name()).help(p.spec().label())),
    )
    .map(|name| name.parse::<Problem>().expect("a name from the list"))
}

/// `grundy judge`'s one-line description, naming the problems of the registry.
pub fn about() -> String {
    let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
    format!(
        "Answer a contest judge's input exactly ({})",
        names.join(", ")
    )
}

/// The list of problems with their formats, shown after the options in `--help`.
fn problems_help() -> String {
    let mut text = String::from("Problems:\n");
    for p in Problem::ALL {
        text.push_str(&format!("  {}: {}\n", p.name(), p.title()));
        text.push_str(&wrap("Input:  ", p.input_format()));
        text.push_str(&wrap("Output: ", p.output_format()));
    }
    text.push_str(
        "\nTokens may be separated by any whitespace (CRLF, blank lines, extra spaces).\n\
         Exit codes: 0 answered, 2 bad input (one message on stderr).",
    );
    text
}

/// `label` and `text` indented by 6, wrapped at 80 columns.
fn wrap(label: &str, text: &str) -> String {
    let indent = 6 + label.len();
    let mut out = format!("{:6}{label}", "");
    let mut column = indent;
    for word in text.split(' ') {
        if column > indent && column + 1 + word.len() > 80 {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > indent {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += word.len();
    }
    out.push('\n');
    out
}

/// Runs `grundy judge`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let problem = args.problem;
    let output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file = grundy::files::open_regular(&path)?;
            judge(problem, file, output).with_context(|| path.display().to_string())
        }
        _ => judge(problem, io::stdin().lock(), output),
    }
}

fn judge(problem: Problem, input: impl io::Read, output: impl Write) -> anyhow::Result<()> {
    problem.run(input, output)?;
    Ok(())
}
