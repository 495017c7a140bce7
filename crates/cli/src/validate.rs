//! `gridpuzzle validate`: a testlib validator for judge inputs.
//!
//! A problem setter runs it on every test file before publishing it: the
//! puzzle's own validator (`Puzzle::validate`, over the engine's
//! `validate::Input`) checks the judges' exact format and limits and
//! reports every violation with its case, line and column, not only the
//! first, so one run shows all that must be fixed. `--strict` checks the
//! whitespace as well, as a testlib validator does. The command is generic:
//! the limits are the puzzle's, never written here.

use gridpuzzle_registry::Registered;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;
use gridpuzzle_engine::words::counted;
use gridpuzzle_registry::{Entry, Visit};
use serde::Serialize;

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
            "gridpuzzle validate {1} --strict tests",
            "gridpuzzle validate {2} --format json tests/01 tests/02",
        ])
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
    // The files to validate: each FILE, each test input of a folder.
    let mut files: Vec<Option<PathBuf>> = Vec::new();
    for path in &cmd.puzzle.files {
        if path.is_dir() {
            let tests = gridpuzzle_judge::folder::find_tests(path)?;
            if tests.is_empty() {
                anyhow::bail!(
                    "{} holds no test input: expected `01`, `02`, ... or `NAME.in` files",
                    path.display()
                );
            }
            files.extend(tests.into_iter().map(|t| Some(t.input)));
        } else {
            files.push(Some(path.clone()));
        }
    }
    if files.is_empty() {
        files.push(None);
    }
    cmd.puzzle.visit(Validate {
        files,
        strict: cmd.strict,
        format: cmd.format,
    })
}

/// Reads a file (or standard input) whole, within [`MAX_BYTES`]: its name
/// for messages and its text.
fn read(file: Option<&Path>) -> Result<(String, String)> {
    let name = match file {
        Some(p) if p.as_os_str() != "-" => p.display().to_string(),
        _ => "standard input".to_string(),
    };
    let mut bytes = Vec::new();
    input::open(file)?
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        anyhow::bail!(
            "{name} is larger than {} MB; no judge input within the limits is",
            MAX_BYTES >> 20
        );
    }
    Ok((name, String::from_utf8_lossy(&bytes).into_owned()))
}

struct Validate {
    files: Vec<Option<PathBuf>>,
    strict: bool,
    format: ReportFormat,
}

/// `validate --format json`: one document for every file validated.
#[derive(Debug, Serialize)]
struct ValidateJson {
    puzzle: &'static str,
    /// Whether the whitespace was checked too.
    strict: bool,
    /// Every file valid (the exit status is 0).
    valid: bool,
    files: Vec<FileJson>,
}

/// One file of [`ValidateJson`].
#[derive(Debug, Serialize)]
struct FileJson {
    /// The file's name as given (`standard input` for `-`).
    file: String,
    valid: bool,
    /// Cases read, valid or not.
    cases: u64,
    /// Each violation found (the first 100), and how many more.
    violations: Vec<ViolationJson>,
    more: u64,
}

#[derive(Debug, Serialize)]
struct ViolationJson {
    /// The case (from 1), if the violation is inside one; line and column
    /// from 1.
    case: Option<u64>,
    line: u64,
    column: u64,
    message: String,
    /// The whole line as the text report words it.
    text: String,
}

impl Visit for Validate {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let many = self.files.len() > 1;
        let strictly = if self.strict { " (strict)" } else { "" };
        let mut out = std::io::stdout().lock();
        let mut docs = Vec::new();
        let mut invalid = 0u64;
        for file in &self.files {
            let (name, text) = read(file.as_deref())?;
            let found = P::CAPS.validate(&puzzle, &text, self.strict);
            if !found.is_valid() {
                invalid += 1;
            }
            if self.format == ReportFormat::Json {
                docs.push(FileJson {
                    file: name,
                    valid: found.is_valid(),
                    cases: found.cases,
                    violations: found
                        .violations
                        .iter()
                        .map(|v| ViolationJson {
                            case: v.case.map(|(_, n)| n),
                            line: v.line,
                            column: v.column,
                            message: v.message.clone(),
                            text: v.to_string(),
                        })
                        .collect(),
                    more: found.dropped,
                });
                continue;
            }
            // With several files each violation names its file.
            let prefix = if many {
                format!("{name}: ")
            } else {
                String::new()
            };
            for line in found.lines() {
                writeln!(out, "{prefix}{line}")?;
            }
            let units = counted(found.cases, P::INFO.unit, &format!("{}s", P::INFO.unit));
            if found.is_valid() {
                writeln!(out, "valid{strictly}: {name} with {units}")?;
            } else {
                let n = found.violations.len() as u64 + found.dropped;
                writeln!(
                    out,
                    "invalid{strictly}: {} in {name} ({units} read)",
                    counted(n, "violation", "violations"),
                )?;
            }
        }
        if self.format == ReportFormat::Json {
            let doc = ValidateJson {
                puzzle: P::INFO.name,
                strict: self.strict,
                valid: invalid == 0,
                files: docs,
            };
            let mut text = serde_json::to_string_pretty(&doc)?;
            text.push('\n');
            out.write_all(text.as_bytes())?;
        } else if many {
            let files = self.files.len() as u64;
            writeln!(
                out,
                "{}: {} valid, {invalid} invalid",
                counted(files, "file", "files"),
                files - invalid
            )?;
        }
        Ok(if invalid == 0 {
            Exit::Ok
        } else {
            Exit::PlanRejected
        })
    }
}
