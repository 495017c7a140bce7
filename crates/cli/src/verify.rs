//! `gridpuzzle verify`: check the user's plans, one line per case.
//!
//! Each plan is replayed through the puzzle's rules by the puzzle's own
//! checker; the verdict names the first illegal move and why, a goal not
//! reached, or how the plan's length compares with the optimum. Reading a
//! plan line and wording each case's line are the engine's
//! (`gridpuzzle_engine::check`), shared with the web API's `/api/verify`;
//! this file reads the files, walks the cases and prints. It is generic
//! over the puzzle ([`Check`] is a registry `Visit`): a plan's letters are
//! read as the puzzle's own moves.

use gridpuzzle_registry::Registered;
use std::io::{Read, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::check::{read_plan_at, Checked, Plan, Tally};
use gridpuzzle_engine::shown::shown_lines;
use gridpuzzle_engine::words::{counted, units};
use gridpuzzle_engine::InputError;
use gridpuzzle_registry::Visit;

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;
use crate::input;

#[derive(Debug, Args)]
pub struct VerifyCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<VerifyHelp>,

    /// File with one line of moves per case (`-` on a line skips that case);
    /// `-` reads the plans from standard input
    #[arg(long, global = true, value_name = "PLANS")]
    pub moves_file: Option<PathBuf>,

    /// The moves of a single-case input, such as `RDLU`
    #[arg(
        long,
        global = true,
        value_name = "MOVES",
        conflicts_with = "moves_file"
    )]
    pub moves: Option<String>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The help after `verify --help`.
pub fn after_help() -> String {
    format!(
        "The moves file has one line per case, such as `RDLU`; \
         a line `-` skips a case.\n\n\
         Exit status: 0 every plan is legal and optimal, 1 some plan is not, \
         2 bad input or usage, 3 a search budget (--max-states, --timeout) ran out before \
         a legal plan could be called optimal.\n\n\
         {}",
        crate::args::examples(
            "verify",
            &[
                "gridpuzzle verify {1} samples/{1}.in --moves-file plans.txt",
                "gridpuzzle verify {2} one-case.txt --moves LLUU",
            ]
        )
    )
}

/// What `verify PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct VerifyHelp;

impl PuzzleHelp for VerifyHelp {
    const AFTER: &'static str = "{format}\n\n\
        The plans are one line of moves per {unit} (`-` skips a {unit}); each is replayed \
        through the rules and compared with the optimum.\n\n\
        Exit status: 0 every plan is legal and optimal, 1 some plan is not, 2 bad input or \
        usage, 3 a search budget ran out before a legal plan could be called optimal.\n\n\
        Example:\n  gridpuzzle verify {name} samples/{name}.in --moves-file plans.txt";
}

/// Where the plans come from, as text: read before the puzzle is known,
/// parsed as its moves once it is.
enum Plans {
    /// The lines of `--moves-file`, with the file's name for messages.
    File { name: String, text: String },
    /// `--moves`.
    Single(String),
}

pub fn run(cmd: VerifyCommand) -> Result<Exit> {
    let plans = match (&cmd.moves_file, &cmd.moves) {
        (Some(path), _) if path.as_os_str() == "-" => {
            let input_is_stdin = cmd
                .puzzle
                .file
                .as_ref()
                .is_none_or(|f| f.as_os_str() == "-");
            if input_is_stdin {
                bail!(
                    "--moves-file - reads the plans from standard input, so the judge input \
                     must come from a FILE"
                );
            }
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read the plans from standard input")?;
            Plans::File {
                name: "standard input".into(),
                text,
            }
        }
        (Some(path), _) => Plans::File {
            name: path.display().to_string(),
            text: std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the moves file {}", path.display()))?,
        },
        (None, Some(moves)) => Plans::Single(moves.clone()),
        (None, None) => {
            bail!("give the plans with --moves-file PLANS (one line per case) or --moves MOVES")
        }
    };
    let check = CheckAll {
        plans,
        file: cmd.puzzle.file.clone(),
        budget: cmd.budget,
    };
    cmd.puzzle.visit(check)
}

/// Checks every case's plan (see the module docs).
struct CheckAll {
    plans: Plans,
    file: Option<PathBuf>,
    budget: BudgetArgs,
}

impl Visit for CheckAll {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let (plans, single) = match &self.plans {
            Plans::File { name, text } => (
                text.lines()
                    .enumerate()
                    .map(|(i, line)| parse_line::<P>(line, name, i + 1))
                    .collect::<Result<Vec<_>>>()?,
                false,
            ),
            Plans::Single(moves) => (vec![parse_line::<P>(moves, "--moves", 1)?], true),
        };
        let reader = input::open(self.file.as_deref())?;
        check_all(&puzzle, puzzle.cases(reader), &plans, single, &self.budget)
    }
}

fn parse_line<P: Registered>(line: &str, source: &str, number: usize) -> Result<Plan<P::Move>> {
    read_plan_at(line, &format!("{source}, line {number}")).map_err(anyhow::Error::msg)
}

fn check_all<P: Registered>(
    puzzle: &P,
    cases: impl Iterator<Item = Result<P::Case, InputError>>,
    plans: &[Plan<P::Move>],
    single: bool,
    budget: &BudgetArgs,
) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let mut tally = Tally::default();
    let mut count = 0;
    let mut cases = cases.peekable();
    let mut n = 0;
    while let Some(case) = cases.next() {
        n += 1;
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                eprintln!("gridpuzzle: {}", shown_lines(&e.to_string()));
                return Ok(Exit::BadInput);
            }
        };
        // --moves is for one case: a second one is refused before any
        // verdict is printed.
        if single && cases.peek().is_some() {
            bail!(
                "--moves is for an input with a single {unit}, and this one has more: \
                 use --moves-file",
                unit = P::INFO.unit
            );
        }
        count = n;
        let checked = match plans.get(n - 1) {
            None => Checked::Missing { plans: plans.len() },
            Some(Plan::Skip) => Checked::Skipped,
            Some(Plan::Moves(moves)) => {
                Checked::Judged(puzzle.verify(&case, moves, &budget.limits()))
            }
        };
        writeln!(out, "{}", tally.line::<P>(n, &checked))?;
    }
    if plans.len() > count {
        eprintln!(
            "gridpuzzle: warning: {} for {}; the extra ones were not checked",
            counted(plans.len() as u64, "plan", "plans"),
            units(count as u64, P::INFO.unit)
        );
    }
    writeln!(out, "{}", tally.summary())?;
    if tally.unknown > 0 {
        out.flush()?;
        eprintln!(
            "gridpuzzle: a search budget left the optimality of {} unknown; raise --timeout, --max-states or --max-stored, or pass `none` to lift one",
            counted(tally.unknown as u64, "plan", "plans")
        );
    }
    Ok(if tally.bad > 0 {
        Exit::PlanRejected
    } else if tally.unknown > 0 {
        Exit::LimitReached
    } else {
        Exit::Ok
    })
}
