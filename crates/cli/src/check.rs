//! `gridpuzzle check`: a testlib checker for one output file.
//!
//! A contestant's (or a program's) output is judged case by case against
//! the right answers: the ones in `--answers` (a judge output, such as a
//! test set's `01.a`), or else the solver's own. The comparison is the
//! judge kit's one checker (`gridpuzzle_judge::checker`), shared with
//! `judge` and `stress`, so a test folder is judged exactly as one file is
//! checked; each problem is
//! one line, a wrong answer is followed by its diagnosis (which known
//! wrong reading of the rules gives that number), and a summary ends the
//! report.
//!
//! The exit codes are testlib's (0 ok, 1 wrong answer, 2 presentation
//! error, 3 fail), so a judging system (Polygon, a contest's scripts) can
//! use the command as its checker; anything that keeps the check from
//! being made — a bad input or answers file, a search budget, a usage
//! error — is a fail (3), never mistaken for the contestant's fault.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::diagnose::diagnose;
use gridpuzzle_engine::generate::answer_of;
use gridpuzzle_engine::search::Outcome;
use gridpuzzle_engine::shown::shown_lines;
use gridpuzzle_judge::checker::{Checker, Judgement, Kind};
use gridpuzzle_registry::{Entry, Puzzle, Visit};

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp};
use crate::{input, Exit};

#[derive(Debug, Args)]
pub struct CheckCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<CheckHelp>,

    /// The right answers, as the judge prints them (a test set's `01.a`);
    /// without it the solver computes them
    #[arg(long, global = true, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

const EXIT: &str = "Exit status: 0 ok, 1 wrong answer (or answers missing), 2 presentation \
error (right numbers written otherwise, such as `Case 1:9`, trailing text, blank or extra \
lines), 3 fail (the input or the answers file is bad, a search budget ran out, or a usage \
error). These are testlib's codes, so a judging system can use the command as its checker.";

/// The help after `check --help`.
pub fn after_help() -> String {
    format!(
        "Each problem is one line naming the case and the output's line; a wrong answer is \
         followed by what the number matches (a known wrong reading of the rules), and a \
         summary ends the report.\n\n{EXIT}\n\n{}",
        crate::args::examples(&[
            "gridpuzzle check {1} samples/{1}.in my-output.txt",
            "gridpuzzle check {2} tests/07 out.txt --answers tests/07.a",
        ])
    )
}

/// What `check PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct CheckHelp;

impl PuzzleHelp for CheckHelp {
    const FILE_NAME: &'static str = "INPUT";
    const FILE_HELP: &'static str = "The judge input the output answers";
    const SECOND: Option<(&'static str, &'static str)> =
        Some(("OUTPUT", "The output to judge; `-` reads standard input"));

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n{EXIT}\n\nExample:\n  gridpuzzle check {name} samples/{name}.in my-output.txt",
            e.format_help,
            name = e.name
        )
    }
}

/// The most bytes of an output or answers file read.
const MAX_BYTES: u64 = 64 << 20;

/// How a file is named in messages.
fn name_of(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// The output to judge, open: it is read as it is judged, a line at a
/// time, so memory does not grow with it (issue 28: a 20 MB output took
/// 184–288 MB when it was read whole first).
struct Output {
    name: String,
    reader: Box<dyn BufRead>,
}

fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>> {
    let name = name_of(path);
    let mut bytes = Vec::new();
    input::open(Some(path))?
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read the {what} {name}"))?;
    if bytes.len() as u64 > MAX_BYTES {
        bail!("the {what} {name} is larger than {} MB", MAX_BYTES >> 20);
    }
    Ok(bytes)
}

pub fn run(cmd: CheckCommand) -> Result<Exit> {
    let result = (|| {
        let (Some(input), Some(output)) = (cmd.puzzle.file.clone(), cmd.puzzle.second.clone())
        else {
            bail!("give the judge input and the output to check: check PUZZLE INPUT OUTPUT");
        };
        if input.as_os_str() == "-" {
            bail!("the judge INPUT must be a file (`-` is for the OUTPUT)");
        }
        let output = Output {
            name: name_of(&output),
            reader: input::open(Some(&output))?,
        };
        let answers = match &cmd.answers {
            Some(path) => {
                let bytes = read_bytes(path, "answers file")?;
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Some((path.display().to_string(), text))
            }
            None => None,
        };
        cmd.puzzle.visit(Check {
            input,
            output,
            answers,
            budget: cmd.budget,
        })
    })();
    match result {
        Ok(exit) => Ok(exit),
        Err(e) if crate::is_broken_pipe(&e) => Ok(Exit::Ok),
        Err(e) => {
            let _ = std::io::stdout().flush();
            eprintln!("gridpuzzle: fail: {}", shown_lines(&format!("{e:#}")));
            Ok(Exit::Fail)
        }
    }
}

struct Check {
    input: PathBuf,
    output: Output,
    /// The answers file's name and text.
    answers: Option<(String, String)>,
    budget: BudgetArgs,
}

impl Visit for Check {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        let reader = input::open(Some(&self.input))?;
        let cases = puzzle
            .cases(reader)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow!("the input {}: {e}", self.input.display()))?;
        let answers = match &self.answers {
            Some((name, text)) => {
                let answers = Checker::of::<P>()
                    .read_answers(text)
                    .map_err(|e| anyhow!("the answers file {name}, {e}"))?;
                if answers.len() != cases.len() {
                    bail!(
                        "the answers file {name} has {} for an input of {}",
                        gridpuzzle_engine::puzzle::counted(
                            answers.len() as u64,
                            "answer",
                            "answers"
                        ),
                        gridpuzzle_engine::puzzle::counted(
                            cases.len() as u64,
                            P::UNIT,
                            &format!("{}s", P::UNIT)
                        )
                    );
                }
                answers
            }
            None => cases
                .iter()
                .enumerate()
                .map(|(i, case)| {
                    let found = puzzle.solve(case, &self.budget.limits());
                    match (&found.outcome, answer_of(&found)) {
                        (_, Some(a)) => Ok(a),
                        (Outcome::Limit(hit), None) => Err(anyhow!(
                            "{} {}: our search stopped, {}; the answer is not known \
                             (or give the answers with --answers)",
                            P::UNIT,
                            i + 1,
                            self.budget.explain(*hit)
                        )),
                        _ => unreachable!("a search without an answer hit a limit"),
                    }
                })
                .collect::<Result<Vec<_>>>()?,
        };
        let Output { name, reader } = self.output;
        let mut limited = reader.take(MAX_BYTES + 1);
        let report = Checker::of::<P>()
            .check(&answers, &mut limited)
            .with_context(|| format!("cannot read the output {name}"))?;
        if limited.limit() == 0 {
            bail!("the output {name} is larger than {} MB", MAX_BYTES >> 20);
        }
        let mut out = std::io::stdout().lock();
        for finding in &report.findings {
            writeln!(out, "{}", shown_lines(&finding.describe(P::UNIT)))?;
            if let (Kind::Wrong, Some(n), Some(printed)) =
                (finding.kind(), finding.case, finding.printed())
            {
                let case = &cases[n as usize - 1];
                for line in diagnose(&puzzle, case, printed, &self.budget.limits()).lines {
                    writeln!(out, "  {line}")?;
                }
            }
        }
        writeln!(out, "{}", report.summary(P::UNIT))?;
        Ok(match report.judgement() {
            Judgement::Accepted => Exit::Ok,
            Judgement::WrongAnswer => Exit::PlanRejected,
            Judgement::Presentation => Exit::Presentation,
        })
    }
}
