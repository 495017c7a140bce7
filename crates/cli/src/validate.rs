//! `gridpuzzle validate`: a testlib validator for judge inputs.
//!
//! A problem setter runs it on every test file before publishing it: the
//! puzzle's own validator (`JudgeKit::validate`, over the engine's
//! `validate::Input`) checks the judges' exact format and limits and
//! reports every violation with its case, line and column, not only the
//! first, so one run shows all that must be fixed. `--strict` checks the
//! whitespace as well, as a testlib validator does. The command is generic:
//! the limits are the puzzle's, never written here. Finding the inputs,
//! validating each and wording its report are the judge kit's
//! (`gridpuzzle_judge::validate`); this file reads the command line, opens
//! each input and prints.

use gridpuzzle_registry::Registered;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use gridpuzzle_judge::json_document;
use gridpuzzle_judge::validate::{inputs, read_capped, summary, ValidateJson, Validated};
use gridpuzzle_registry::{Entry, Visit};

use crate::args::{PuzzleArgs, PuzzleHelp, ReportFormat};
use crate::exit::Exit;
use crate::input;

#[derive(Debug, Args)]
pub struct ValidateCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<ValidateHelp>,

    /// Check the whitespace too: single spaces between numbers, none at a
    /// line's start or end, `\n` line ends, a final newline, no blank line
    /// (but where the statement's sample has one)
    #[arg(long, global = true)]
    pub strict: bool,

    /// `json`: one JSON document (each file's cases and violations with case, line and column)
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

const EXIT: &str = "Exit status: 0 valid, 1 invalid (every violation is printed with its case, \
                    line and column), 2 usage error or an unreadable file.";

/// The help after `validate --help`.
pub fn after_help() -> String {
    format!(
        "Checks that a test input keeps to the judges' exact format and limits, as a \
         testlib validator does, and prints every violation, not only the first.\n\n\
         {EXIT}\n\n{}",
        crate::args::examples(
            "validate",
            &[
                "gridpuzzle validate {1} tests/01",
                "gridpuzzle validate {2} --strict tests/07",
                "gridpuzzle validate {1} --strict tests",
                "gridpuzzle validate {2} --format json tests/01 tests/02",
            ]
        )
    )
}

/// What `validate PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct ValidateHelp;

impl PuzzleHelp for ValidateHelp {
    const FILE_HELP: &'static str = "Judge-format input files, or test folders (each input \
        `01`, `02`, ... or `NAME.in` in it, in order); `-` or nothing reads standard input";
    const MANY: bool = true;

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n{EXIT}\n\nExample:\n  gridpuzzle validate {name} --strict tests/01",
            e.judge.map_or(e.info.format_help, |j| j.format),
            name = e.name
        )
    }
}

pub fn run(cmd: ValidateCommand) -> Result<Exit> {
    cmd.puzzle.visit(Validate {
        files: inputs(&cmd.puzzle.files)?,
        strict: cmd.strict,
        format: cmd.format,
    })
}

struct Validate {
    files: Vec<Option<PathBuf>>,
    strict: bool,
    format: ReportFormat,
}

impl Visit for Validate {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let many = self.files.len() > 1;
        let mut out = std::io::stdout().lock();
        let mut docs = Vec::new();
        let mut invalid = 0u64;
        for file in &self.files {
            let name = input::name_of(file.as_deref());
            let text = read_capped(input::open(file.as_deref())?, &name)?;
            let validated = Validated::of(&puzzle, name, &text, self.strict);
            invalid += u64::from(!validated.is_valid());
            if self.format == ReportFormat::Json {
                docs.push(validated.json());
            } else {
                for line in validated.lines(many) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        if self.format == ReportFormat::Json {
            let doc = ValidateJson {
                puzzle: P::INFO.name,
                strict: self.strict,
                valid: invalid == 0,
                files: docs,
            };
            out.write_all(json_document(&doc).as_bytes())?;
        } else if many {
            writeln!(out, "{}", summary(self.files.len() as u64, invalid))?;
        }
        Ok(Exit::passed(invalid == 0))
    }
}
