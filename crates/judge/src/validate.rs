//! Test inputs validated, as `gridpuzzle validate` does it: the inputs of
//! the files and test folders named, each read within a cap and checked
//! against the judges' exact format and limits by the puzzle's validator
//! (or its parser, for a puzzle without one: the engine's
//! `Caps::validate`), and each file's report worded — every violation
//! with its case, line and column, then a line saying whether it is valid
//! — or given as JSON.
//!
//! Files are validated and reported one at a time ([`Validated::of`]), so
//! the command prints each file's lines as it goes and a file it cannot
//! read stops the run after the reports before it.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{bail, Result};
use gridpuzzle_engine::validate::Validation;
use gridpuzzle_engine::words::{counted, units};
use gridpuzzle_registry::Registered;
use serde::Serialize;

/// The most bytes read: judge inputs within the limits are far smaller.
pub const MAX_BYTES: u64 = 256 << 20;

/// The inputs to validate: each path, or each test input of a folder (in
/// the folder's order, [`crate::folder::find_tests`]); `None` is standard
/// input, when no path is given.
pub fn inputs(paths: &[PathBuf]) -> Result<Vec<Option<PathBuf>>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let tests = crate::folder::find_tests(path)?;
            if tests.is_empty() {
                bail!(
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
    Ok(files)
}

/// The text of the input `name`, read from `reader` within [`MAX_BYTES`].
pub fn read_capped(reader: impl Read, name: &str) -> Result<String> {
    let more = "; no judge input within the limits is";
    let bytes = crate::read_capped(reader, MAX_BYTES, name, more)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// One input validated.
#[derive(Debug)]
pub struct Validated {
    /// The file's name as given (`standard input` for `-`).
    pub name: String,
    pub found: Validation,
    unit: &'static str,
    strict: bool,
}

impl Validated {
    /// Validates `text`, the input `name`, as a judge input of `puzzle`
    /// under its settings; `strict` checks the whitespace too.
    pub fn of<P: Registered>(puzzle: &P, name: String, text: &str, strict: bool) -> Validated {
        Validated {
            name,
            found: P::CAPS.validate(puzzle, text, strict),
            unit: P::INFO.unit,
            strict,
        }
    }

    pub fn is_valid(&self) -> bool {
        self.found.is_valid()
    }

    /// The report's lines: each violation (after the file's name when
    /// `many` files are validated), then whether the file is valid.
    pub fn lines(&self, many: bool) -> Vec<String> {
        let (name, found) = (&self.name, &self.found);
        let prefix = if many {
            format!("{name}: ")
        } else {
            String::new()
        };
        let mut lines: Vec<String> = found
            .lines()
            .iter()
            .map(|l| format!("{prefix}{l}"))
            .collect();
        let strictly = if self.strict { " (strict)" } else { "" };
        let cases = units(found.cases, self.unit);
        lines.push(if found.is_valid() {
            format!("valid{strictly}: {name} with {cases}")
        } else {
            let n = found.violations.len() as u64 + found.dropped;
            format!(
                "invalid{strictly}: {} in {name} ({cases} read)",
                counted(n, "violation", "violations"),
            )
        });
        lines
    }

    /// The file's part of [`ValidateJson`].
    pub fn json(&self) -> FileJson {
        let found = &self.found;
        FileJson {
            file: self.name.clone(),
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
        }
    }
}

/// The last line when several files are validated.
pub fn summary(files: u64, invalid: u64) -> String {
    format!(
        "{}: {} valid, {invalid} invalid",
        counted(files, "file", "files"),
        files - invalid
    )
}

/// `validate --format json`: one document for every file validated.
#[derive(Debug, Serialize)]
pub struct ValidateJson {
    pub puzzle: &'static str,
    /// Whether the whitespace was checked too.
    pub strict: bool,
    /// Every file valid (the exit status is 0).
    pub valid: bool,
    pub files: Vec<FileJson>,
}

/// One file of [`ValidateJson`].
#[derive(Debug, Serialize)]
pub struct FileJson {
    /// The file's name as given (`standard input` for `-`).
    pub file: String,
    pub valid: bool,
    /// Cases read, valid or not.
    pub cases: u64,
    /// Each violation found (the first 100), and how many more.
    pub violations: Vec<ViolationJson>,
    pub more: u64,
}

#[derive(Debug, Serialize)]
pub struct ViolationJson {
    /// The case (from 1), if the violation is inside one; line and column
    /// from 1.
    pub case: Option<u64>,
    pub line: u64,
    pub column: u64,
    pub message: String,
    /// The whole line as the text report words it.
    pub text: String,
}
