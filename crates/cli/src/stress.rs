//! `gridpuzzle stress`: find an input on which another program is wrong,
//! shrink it to the smallest one on which it is still wrong, and never
//! lose it on the way.
//!
//! The work is the judge kit's (`gridpuzzle_judge::stress`: the cases, the
//! candidate's runs judged by the one checker, the first failure in order
//! whatever `--jobs`, the save file written at once and after each
//! shrinking step, the greedy shrinking and the diagnosis of a wrong
//! answer), and so are the words of its report (`stress::report`: the
//! smallest failing input, what the candidate printed, our answer
//! explained board by board, the diagnosis, and the commands that replay
//! the saved input, ours and the candidate's; or one JSON document). This
//! file reads the command line, catches Ctrl-C (the first stops the run
//! with what it has, a second leaves at once: the failing input is on
//! disk by then), shows progress on a terminal (`progress`), and prints.
//!
//! Everything here is generic over the puzzle ([`Job`] is a registry
//! `Visit`).

use gridpuzzle_registry::Registered;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Result};
use clap::Args;
use gridpuzzle_engine::generate::Want;
use gridpuzzle_judge::json_document;
use gridpuzzle_judge::scan::Scan;
use gridpuzzle_judge::stress::report::{self, StressJson};
use gridpuzzle_judge::stress::{Failure, Input, ShrinkEnd, Shrunk, SizeRange, Stress};
use gridpuzzle_registry::{Entry, Visit};

use crate::args::{Color, GenArgs, PuzzleArgs, PuzzleHelp, ReportFormat, Slot};
use crate::exit::Exit;

/// The help after `stress --help`.
pub fn after_help() -> String {
    format!(
        "The candidate runs with your user's rights: it can do anything you can do. \
         Only stress programs you trust.\n\n\
         Each input holds --datasets cases (3 by default, so that a program that keeps \
         state from one dataset to the next is caught) and the terminator, on the \
         candidate's standard input. Its standard output must be the judge's output, one \
         line per case as the judge prints it ({}); with --bare, one bare number per \
         line. It is read as `judge` and `check` read it: token by token, so spaces, \
         blank lines and `\\r\\n` line ends are forgiven, and the right number in another \
         form (`Case 1:9`, a trailing word) is a wrong answer, as to the default output \
         validator; with --strict, the judge's lines byte for byte (spacing otherwise is a \
         presentation error). Cases grow from the smallest --size to the \
         largest.\n\n\
         The first failing input is saved at once (--save, by default \
         stress-fail-PUZZLE-SEED.in in the current folder) and again after each \
         shrinking step: whole datasets are removed first, then boards shrink while the \
         candidate still fails the same way, for at most --shrink-time seconds. Ctrl-C \
         stops at any moment and keeps the smallest failing input so far. The report \
         explains our answer, says which known wrong reading of the rules the \
         candidate's answer matches, and prints the commands that reproduce it.\n\n\
         Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error, \
         130 interrupted (the failing input, if any, is saved).\n\n\
         {}",
        answer_examples(),
        crate::args::examples(
            "stress",
            &[
            "gridpuzzle stress {1} --candidate './a.out' --cases 2000 --jobs 2",
            "gridpuzzle stress {2} --candidate 'python3 sol.py' --size 3x3..8x8 --timeout 1 --save fail.in",
            "gridpuzzle stress {2} --candidate './a.out'{args2} --answer -1",
        ])
    )
}

/// The judge's answer 3 of each listed puzzle: `` curling `3`, holedox
/// `Case 1: 3` ``.
fn answer_examples() -> String {
    let lines: Vec<String> = crate::offer::offered("stress", gridpuzzle_registry::entries())
        .iter()
        .map(|e| format!("{} {}", e.name, judge_three(e)))
        .collect();
    lines.join(", ")
}

/// `` `3` `` or `` `Case 1: 3` ``: the judge's line for answer 3 of `e`.
fn judge_three(e: &Entry) -> String {
    format!("`{}`", (e.judge_line)(1, "3"))
}

/// What `stress PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct StressHelp;

impl PuzzleHelp for StressHelp {
    const FILE: Slot = Slot::Hidden;
    const GEN: GenArgs = GenArgs::Params;

    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n\
             The candidate gets random inputs of --datasets {unit}s (with the rule options \
             above) and must print the judge's output lines exactly, such as {three} \
             (with --bare: bare numbers). Generator options (such as --answer, or the \
             {board}'s own above) steer the cases.\n\n\
             Exit status: 0 all cases agreed, 1 a failure was found, 2 usage error, \
             130 interrupted.\n\n\
             Example:\n  gridpuzzle stress {name} --candidate './a.out' --cases 2000",
            e.info.format_help,
            unit = e.info.unit,
            name = e.name,
            board = "puzzle",
            three = judge_three(e)
        )
    }
}

#[derive(Debug, Args)]
pub struct StressCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<StressHelp>,

    /// The program to test, with its arguments, as one string ('CMD ARGS')
    #[arg(long, global = true, value_name = "'CMD ARGS'")]
    pub candidate: Option<String>,

    /// How many cases to try in all
    #[arg(long, global = true, value_name = "N", default_value_t = 1000)]
    pub cases: u64,

    /// Cases per input given to the candidate (the judge's inputs hold many)
    #[arg(long, global = true, value_name = "N", default_value_t = 3,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub datasets: u64,

    /// Seed of the case generator (the same seed gives the same cases)
    #[arg(long, global = true, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Board size, width×height: the largest (cases grow from 2×2), or a range such as 3x3..10x10
    #[arg(long, global = true, value_name = "WxH[..WxH]", default_value = "10x10", value_parser = SizeRange::parse)]
    pub size: SizeRange,

    /// Only cases whose answer is in A..B (such as 5..10, -1, 11..)
    #[arg(long, global = true, value_name = "A..B", allow_hyphen_values = true, value_parser = Want::parse)]
    pub answer: Option<Want>,

    /// Seconds the candidate may take on one input
    #[arg(long, global = true, value_name = "SECS", default_value_t = 2.0, value_parser = crate::args::parse_seconds)]
    pub timeout: f64,

    /// Where the failing input is written, as soon as it is found [default: stress-fail-PUZZLE-SEED.in]
    #[arg(long, global = true, value_name = "FILE")]
    pub save: Option<PathBuf>,

    /// Seconds spent at most on shrinking a failing input
    #[arg(long, global = true, value_name = "SECS", default_value_t = 30.0, value_parser = crate::args::parse_seconds)]
    pub shrink_time: f64,

    /// Candidate runs at once (1 by default: runs side by side share the CPU, so a candidate near --timeout may time out only because of them)
    #[arg(long, global = true, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,

    /// The candidate prints one bare number per case, not the judge's line
    #[arg(long, global = true)]
    pub bare: bool,

    /// `json`: one JSON document at the end (the result, the counts and, for a failure, the smallest failing input, what the candidate printed, the answer and the diagnosis)
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// Compare outputs byte for byte, as the judge prints them (a trailing space, a blank line between answers or answers on one line are presentation errors); by default outputs are compared token by token, as testlib and DOMjudge do
    #[arg(long, global = true)]
    pub strict: bool,
}

pub fn run(cmd: StressCommand) -> Result<Exit> {
    let Some(candidate) = &cmd.candidate else {
        bail!("give the program to test with --candidate 'CMD ARGS'");
    };
    let argv = gridpuzzle_judge::candidate_argv(candidate)?;
    if cmd.puzzle.file.is_some() {
        bail!("stress makes its own cases: give no input file");
    }
    let save = cmd.save.clone().unwrap_or_else(|| {
        PathBuf::from(format!("stress-fail-{}-{}.in", cmd.puzzle.name, cmd.seed))
    });
    let cancel = Arc::new(AtomicBool::new(false));
    {
        // The first Ctrl-C stops the run (reporting what it has); a second
        // one leaves at once: the failing input is on disk by then.
        let cancel = Arc::clone(&cancel);
        let _ = ctrlc::set_handler(move || {
            if cancel.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(Exit::Interrupted.code()));
            }
        });
    }
    let job = Job {
        stress: Stress {
            argv,
            limit: Duration::from_secs_f64(cmd.timeout),
            cases: cmd.cases,
            datasets: cmd.datasets as usize,
            seed: cmd.seed,
            size: cmd.size,
            answer: cmd.answer,
            params: cmd.puzzle.params.clone(),
            save,
            shrink_time: Duration::from_secs_f64(cmd.shrink_time),
            jobs: cmd.jobs as usize,
            bare: cmd.bare,
            strict: cmd.strict,
            cancel,
            heap: crate::args::run_heap(),
        },
        candidate: candidate.clone(),
        json: cmd.format == ReportFormat::Json,
    };
    cmd.puzzle.visit(job)
}

/// The command's run: the judge kit's [`Stress`], and how to show it.
struct Job {
    stress: Stress,
    /// The candidate as the user wrote it, for the reproducing command.
    candidate: String,
    /// One JSON document ([`StressJson`]) instead of the report's lines.
    json: bool,
}

impl Visit for Job {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        self.run(&puzzle)
    }
}

impl Job {
    fn run<P: Registered>(&self, puzzle: &P) -> Result<Exit> {
        let s = &self.stress;
        s.check_request(puzzle)?;
        let bar = crate::progress::bar(s.cases, "{elapsed:>4} [{bar:30}] {pos}/{len} cases {msg}");
        let scanned = s.scan(puzzle, &|n| bar.inc(n))?;
        bar.finish_and_clear();
        let agreed = scanned.agreed;
        let (exit, failure) = match scanned.end {
            Scan::Found(i, (input, failure)) => {
                s.save(puzzle, &input)?;
                if !self.json {
                    eprintln!("gridpuzzle: {}", s.found(i as u64 + 1, &input, &failure));
                }
                let smallest = s.smallest(puzzle, self.shrink(puzzle, input, failure)?)?;
                let exit = match smallest.end {
                    ShrinkEnd::Interrupted => Exit::Interrupted,
                    _ => Exit::PlanRejected,
                };
                (exit, Some(smallest))
            }
            Scan::Done => (Exit::Ok, None),
            Scan::Stopped => (Exit::Interrupted, None),
        };
        let mut out = std::io::stdout().lock();
        if self.json {
            let doc = StressJson {
                puzzle: P::INFO.name,
                result: match exit {
                    Exit::Ok => "agreed",
                    Exit::Interrupted => "interrupted",
                    _ => "failed",
                },
                agreed,
                skipped: scanned.skipped,
                failure: failure.map(|f| f.json(s)),
            };
            out.write_all(json_document(&doc).as_bytes())?;
            return Ok(exit);
        }
        match failure {
            Some(smallest) => {
                // Colour only for a terminal, and never when `NO_COLOR` is set.
                let color = Color::Auto.enabled(std::io::stdout().is_terminal());
                let max = gridpuzzle_engine::drawing::DEFAULT_MAX_CELLS;
                let report = smallest.report(puzzle, s, &self.candidate, color, max);
                write!(out, "{report}")?;
            }
            None => {
                let interrupted = exit == Exit::Interrupted;
                writeln!(
                    out,
                    "{}",
                    report::agreed(agreed, scanned.skipped, interrupted)
                )?;
            }
        }
        Ok(exit)
    }

    /// The judge kit's shrinking, with a spinner on a terminal and a word
    /// on standard error when it stopped early.
    fn shrink<P: Registered>(
        &self,
        puzzle: &P,
        input: Input<P::Case>,
        failure: Failure,
    ) -> Result<Shrunk<P::Case>> {
        let s = &self.stress;
        let spinner = crate::progress::spinner("{spinner} {elapsed:>4} shrinking: {msg}");
        let status = Mutex::new(String::new());
        let show = |steps: usize, input: &Input<P::Case>| {
            let text = s.shrinking::<P>(steps, input);
            *status.lock().unwrap_or_else(|e| e.into_inner()) = text.clone();
            spinner.set_message(text);
        };
        let shrunk = s.shrink(puzzle, input, failure, &show)?;
        spinner.finish_and_clear();
        let status = status.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(note) = s.stopped_shrinking(&shrunk, &status) {
            eprintln!("gridpuzzle: {note}");
        }
        Ok(shrunk)
    }
}
