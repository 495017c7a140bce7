//! `gridpuzzle solve`: judge mode, `--explain` and `--format json`.
//!
//! How the cases are read, solved and written — alone on the reading
//! thread for the first 50 ms, then on `--jobs` workers in chunks, in
//! input order, writing only when reading is about to wait or the buffer
//! is large, so a judge file costs a few `write`s and a case typed in is
//! answered before the next is waited for — is the engine's
//! (`gridpuzzle_engine::stream`, with the reasons). This file is what a
//! case prints in each mode ([`Run`] is the stream's `Answer`): the judge's
//! line, a JSON record, or the boards after every move (told, and held
//! to `--max-cells`, by `gridpuzzle_engine::drawing`).
//!
//! When case 7 is malformed, cases 1–6 are answered and written, then the
//! error, and the exit status is 2. The work is written once for every
//! puzzle: [`Run`] is a registry `Visit`, generic over `P: Registered`,
//! and only the puzzle's own methods (`cases`, `solve`, `judge_line`) and
//! its narration (`--explain`, `gridpuzzle_engine::caps::explain`) differ
//! between puzzles.

use gridpuzzle_registry::Registered;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use gridpuzzle_engine::drawing::{
    board_fits, boards_fit, explain_head, explained, run_fits, DEFAULT_MAX_CELLS,
};
use gridpuzzle_engine::pool::{every_core, parse_jobs};
use gridpuzzle_engine::puzzle::decimal;
use gridpuzzle_engine::report::search_json;
use gridpuzzle_engine::search::{Outcome, RunBudget, Search};
use gridpuzzle_engine::shown::shown_lines;
use gridpuzzle_engine::stream::{Answer, Batch, Fault, Stream, SOLO};
use gridpuzzle_engine::view::TextStyle;
use gridpuzzle_registry::Visit;

use crate::args::{BudgetArgs, Color, Format, PuzzleArgs, PuzzleHelp};
use crate::exit::Exit;
use crate::input;

#[derive(Debug, Args)]
pub struct SolveCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<SolveHelp>,

    /// Show the optimal moves and the board after each of them
    #[arg(long, global = true)]
    pub explain: bool,

    /// With --explain: draw boards in plain ASCII instead of Unicode
    #[arg(long, global = true)]
    pub ascii: bool,

    /// With --explain: colour `auto` (a terminal, unless NO_COLOR is set), `always` or `never`
    #[arg(long, global = true, value_name = "WHEN", value_enum, default_value_t = Color::Auto)]
    pub color: Color,

    /// `judge`: the contest's output; `json`: one JSON object per case (JSON Lines)
    #[arg(long, global = true, value_enum, default_value_t = Format::Judge)]
    pub format: Format,

    /// Cases solved at once, 1 to 256 (default: every core); output stays in input order
    #[arg(long, global = true, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,

    /// With --explain: most board cells to draw for one case (board cells x
    /// boards drawn), and of the cases' boards in one run; a larger board is
    /// refused before its search
    #[arg(long, global = true, value_name = "N", default_value_t = DEFAULT_MAX_CELLS)]
    pub max_cells: u64,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The help after `solve --help`.
pub fn after_help() -> String {
    let examples = crate::args::examples(
        "solve",
        &[
            "gridpuzzle solve {1} samples/{1}.in",
            "gridpuzzle solve {1} --jobs 1 < big.txt",
            "gridpuzzle solve {2} --explain --ascii samples/{2}.in",
            "gridpuzzle solve {2} --format json samples/{2}.in",
        ],
    );
    format!("{SOLVE_EXIT}\n\n{examples}")
}

/// `solve`'s exit codes, on its help pages.
const SOLVE_EXIT: &str = "Exit status: 0 every case answered, 2 bad input or usage (the cases \
before the bad one are still answered; --explain: a board over --max-cells), 3 a search \
budget (--max-states, --timeout) ran out (that case prints `limit`).";

/// What `solve PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct SolveHelp;

impl PuzzleHelp for SolveHelp {
    const AFTER: &'static str = "{format}\n\n\
        Exit status: 0 all answered, 2 bad input or usage (the {unit}s before the bad one are \
        still answered), 3 a search limit was reached.\n\n\
        Example:\n  gridpuzzle solve {name} samples/{name}.in";
}

pub fn run(cmd: SolveCommand) -> Result<Exit> {
    let mode = if cmd.explain {
        Mode::Explain(TextStyle {
            ascii: cmd.ascii,
            color: cmd.color.enabled(io::stdout().is_terminal()),
        })
    } else if cmd.format == Format::Json {
        Mode::Json
    } else {
        Mode::Judge
    };
    let jobs = cmd.jobs.unwrap_or_else(every_core);
    let run = Run {
        mode,
        budget: cmd.budget,
        jobs,
        solo: solo(),
        max_cells: cmd.max_cells,
        file: cmd.puzzle.file.clone(),
    };
    cmd.puzzle.visit(run)
}

#[derive(Debug, Clone, Copy)]
enum Mode {
    Judge,
    Json,
    Explain(TextStyle),
}

struct Run {
    mode: Mode,
    budget: BudgetArgs,
    jobs: usize,
    /// How long to answer alone before the workers start ([`SOLO`]).
    solo: Duration,
    max_cells: u64,
    file: Option<std::path::PathBuf>,
}

impl Visit for Run {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let stream = Stream {
            jobs: self.jobs,
            solo: self.solo,
        };
        let source = input::source(self.file.as_deref())?;
        let answer = Answering {
            run: &self,
            puzzle: &puzzle,
            drawn: AtomicU64::new(0),
            budget: self.budget.budget(),
        };
        let say = |message: &str| eprintln!("gridpuzzle: {}", shown_lines(message));
        let fault = stream.run(&answer, |r| puzzle.cases(r), source, io::stdout(), say)?;
        Ok(match fault {
            None => Exit::Ok,
            Some(Fault::BadInput) => Exit::BadInput,
            Some(Fault::Limit) => Exit::LimitReached,
        })
    }
}

/// [`SOLO`], or `GRIDPUZZLE_SOLO_MS` milliseconds: the tests set it to 0
/// to send whole judge files through the workers.
fn solo() -> Duration {
    std::env::var("GRIDPUZZLE_SOLO_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(SOLO, Duration::from_millis)
}

/// What a case of puzzle `P` prints under a [`Run`]: the stream's side.
struct Answering<'a, P> {
    run: &'a Run,
    puzzle: &'a P,
    /// With --explain: the board cells drawn in the run so far: each case's
    /// start board, charged in input order before its search, and its
    /// boards after each move, charged once its search is done.
    drawn: AtomicU64,
    /// The run's budget, read once: each case's limits share its heap.
    budget: RunBudget,
}

impl<P: Registered> Answer for Answering<'_, P> {
    type Case = P::Case;

    fn cells(&self, case: &P::Case) -> u64 {
        let (w, h) = P::size(case);
        u64::from(w) * u64::from(h)
    }

    /// With --explain, a board too large to draw is refused before its
    /// search (issue 15: `--explain` on 600×600 wrote 1.3 GB), and so is
    /// the case whose board takes the boards of the run past --max-cells
    /// (issue 28: 1 MB of judge-size cases wrote 880 MB, each case within
    /// the budget). The stream asks in input order; with more than one job
    /// the boards of the cases still being solved are not counted yet, so
    /// the refused case can come a few cases later than with one job.
    fn fits(&self, n: u64, case: &P::Case) -> Result<(), String> {
        match self.run.mode {
            Mode::Explain(_) => {
                let max = self.run.max_cells;
                board_fits::<P>(n, case, max)?;
                let cells = self.cells(case);
                let total = self.drawn.fetch_add(cells, Ordering::Relaxed) + cells;
                run_fits::<P>(n, total, max)
            }
            _ => Ok(()),
        }
    }

    fn answer(&self, n: u64, case: &P::Case, cancel: Option<Arc<AtomicBool>>, batch: &mut Batch) {
        let mut limits = self.budget.limits();
        limits.cancel = cancel;
        let found = self.puzzle.solve(case, &limits);
        self.run.format(self.puzzle, n, case, &found, batch);
        if let (Mode::Explain(_), Outcome::Solved(plan)) = (self.run.mode, &found.outcome) {
            // The boards after each move, drawn too: charged when known.
            let more = self.cells(case).saturating_mul(plan.len() as u64);
            self.drawn.fetch_add(more, Ordering::Relaxed);
        }
    }
}

impl Run {
    /// Appends case `n`'s output (and any note for standard error) to
    /// `batch`.
    fn format<P: Registered>(
        &self,
        puzzle: &P,
        n: u64,
        case: &P::Case,
        found: &Search<P::Move>,
        batch: &mut Batch,
    ) {
        let text = &mut batch.text;
        match self.mode {
            Mode::Judge => {
                P::judge_line(n, judge_answer(found, &mut [0; 20]), text);
                text.push(b'\n');
            }
            Mode::Json => {
                // Writing to a Vec cannot fail.
                let _ = writeln!(text, "{}", search_json(n, found));
            }
            Mode::Explain(style) => {
                let plan = match &found.outcome {
                    Outcome::Solved(moves) => moves.as_slice(),
                    _ => &[],
                };
                let instead = "solve without --explain";
                let narration = P::CAPS.narration();
                match boards_fit::<P>(n, case, plan.len() + 1, self.max_cells, instead) {
                    Ok(()) => {
                        let text_of = explained(puzzle, narration, n, case, found, style);
                        text.extend_from_slice(text_of.as_bytes())
                    }
                    Err(e) => {
                        let head = explain_head(puzzle, narration, n, found);
                        text.extend_from_slice(head.as_bytes());
                        text.push(b'\n');
                        batch.note(e, Fault::BadInput);
                    }
                }
            }
        }
        if let Outcome::Limit(hit) = &found.outcome {
            let message = format!(
                "{} {n}: {}; the answer is not known",
                P::INFO.unit,
                self.budget.explain(*hit)
            );
            batch.note(message, Fault::Limit);
        }
    }
}

/// The judge's answer: the move count (written into `digits`), `-1`, or
/// `limit`.
fn judge_answer<'a, M>(found: &Search<M>, digits: &'a mut [u8; 20]) -> &'a str {
    match &found.outcome {
        Outcome::Solved(moves) => decimal(moves.len() as u64, digits),
        Outcome::Unsolvable => "-1",
        Outcome::Limit(_) => "limit",
    }
}
