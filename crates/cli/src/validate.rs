//! `gridpuzzle validate`: a testlib validator for judge inputs.
//!
//! A problem setter runs it on every test file before publishing it: the
//! puzzle's own validator (`Puzzle::validate`, over the engine's
//! `validate::Input`) checks the judges' exact format and limits and
//! reports every violation with its case, line and column, not only the
//! first, so one run shows all that must be fixed. `--strict` checks the
//! whitespace as well, as a testlib validator does. The command is generic:
//! the limits are the puzzle's, never written here.

use std::io::{Read, Write};

use anyhow::{Context, Result};
use clap::Args;
use gridpuzzle_engine::puzzle::counted;
use gridpuzzle_registry::{Entry, Puzzle, Visit};

use crate::args::{PuzzleArgs, PuzzleHelp};
use crate::{input, Exit};

#[derive(Debug, Args)]
pub struct ValidateCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<ValidateHelp>,

    /// Check the whitespace too: single spaces between numbers, none at a
    /// line's start or end, `\n` line ends, a final newline, no blank line
    /// (but where the statement's sample has one)
    #[arg(long, global = true)]
    pub strict: bool,
}

/// The most bytes read: judge inputs within the limits are far smaller.
const MAX_BYTES: u64 = 256 << 20;

const EXIT: &str = "Exit status: 0 valid, 1 invalid (every violation is printed with its case, \
                    line and column), 2 usage error or an unreadable file.";

/// The help after `validate --help`.
pub fn after_help() -> String {
    format!(
        "Checks that a test input keeps to the judges' exact format and limits, as a \
         testlib validator does, and prints every violation, not only the first.\n\n\
         {EXIT}\n\n{}",
        crate::args::examples(&[
            "gridpuzzle validate {1} tests/01",
            "gridpuzzle validate {2} --strict tests/07",
            "for t in tests/??; do gridpuzzle validate {1} --strict \"$t\" || echo \"$t\"; done",
        ])
    )
}

/// What `validate PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct ValidateHelp;

impl PuzzleHelp for ValidateHelp {
    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n{EXIT}\n\nExample:\n  gridpuzzle validate {name} --strict tests/01",
            if e.judge_format.is_empty() {
                e.format_help
            } else {
                e.judge_format
            },
            name = e.name
        )
    }
}

pub fn run(cmd: ValidateCommand) -> Result<Exit> {
    let file = cmd.puzzle.file.clone();
    let name = match &file {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".to_string(),
    };
    let mut bytes = Vec::new();
    input::open(file.as_deref())?
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        anyhow::bail!(
            "{name} is larger than {} MB; no judge input within the limits is",
            MAX_BYTES >> 20
        );
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    cmd.puzzle.visit(Validate {
        text,
        name,
        strict: cmd.strict,
    })
}

struct Validate {
    text: String,
    name: String,
    strict: bool,
}

impl Visit for Validate {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        let found = gridpuzzle_engine::validate::validate(&puzzle, &self.text, self.strict);
        let mut out = std::io::stdout().lock();
        for line in found.lines() {
            writeln!(out, "{line}")?;
        }
        let units = counted(found.cases, P::UNIT, &format!("{}s", P::UNIT));
        let strictly = if self.strict { " (strict)" } else { "" };
        if found.is_valid() {
            writeln!(out, "valid{strictly}: {} with {units}", self.name)?;
            Ok(Exit::Ok)
        } else {
            let n = found.violations.len() as u64 + found.dropped;
            writeln!(
                out,
                "invalid{strictly}: {} in {} ({units} read)",
                counted(n, "violation", "violations"),
                self.name
            )?;
            Ok(Exit::PlanRejected)
        }
    }
}
