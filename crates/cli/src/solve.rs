//! `gridpuzzle solve`: judge mode, `--explain` and `--format json`, with
//! cases solved in parallel.
//!
//! Three kinds of thread share the work. The calling thread reads cases
//! lazily and hands them to `--jobs` workers through a short queue (so a
//! huge input is never held in memory); each worker solves a case and
//! formats its output; one printer thread puts the outputs back in input
//! order and writes each as soon as it and every case before it are done.
//! When case 7 is malformed, the printer writes cases 1–6, then the error,
//! and the exit status is 2 — the same contract as a sequential run.
//!
//! The work is written once for every puzzle: [`Run`] is a registry
//! `Visit`, generic over `P: Puzzle`, and only the puzzle's own methods
//! (`cases`, `solve`, `judge_line`, `explain`) differ between puzzles.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

use anyhow::{anyhow, Result};
use clap::Args;
use gridpuzzle_engine::puzzle::{capitalized, moves_word};
use gridpuzzle_engine::report::search_json;
use gridpuzzle_engine::search::{Outcome, Search};
use gridpuzzle_engine::view::TextStyle;
use gridpuzzle_engine::InputError;
use gridpuzzle_registry::{Entry, Puzzle, Visit};

use crate::args::{BudgetArgs, Color, Format, PuzzleArgs, PuzzleHelp};
use crate::{input, Exit};

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
    /// boards drawn); a larger board is refused before its search
    #[arg(long, global = true, value_name = "N", default_value_t = crate::args::DEFAULT_MAX_CELLS)]
    pub max_cells: u64,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The most `--jobs`: each job is a thread with its own search, so more
/// threads than cores only cost memory (a huge count once asked the
/// system for terabytes, issue 15).
pub const MAX_JOBS: usize = 256;

/// `--jobs N`: 1 to [`MAX_JOBS`].
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_JOBS as u64).contains(&n) => Ok(n as usize),
        Ok(0) => Err("expected at least 1 job".into()),
        Ok(_) => Err(too_many_jobs()),
        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Err(too_many_jobs()),
        Err(_) => Err(format!("expected a number of jobs from 1 to {MAX_JOBS}")),
    }
}

fn too_many_jobs() -> String {
    format!(
        "at most {MAX_JOBS} jobs (one thread each; more than the machine's cores only costs memory)"
    )
}

/// The help after `solve --help`.
pub fn after_help() -> String {
    format!("{SOLVE_EXIT}\n\n{}", solve_examples())
}

/// `solve`'s exit codes, on its help pages.
const SOLVE_EXIT: &str = "Exit status: 0 every case answered, 2 bad input or usage (the cases \
before the bad one are still answered; --explain: a board over --max-cells), 3 a search \
budget (--max-states, --timeout) ran out (that case prints `limit`).";

fn solve_examples() -> String {
    crate::args::examples(&[
        "gridpuzzle solve {1} samples/{1}.in",
        "gridpuzzle solve {1} --jobs 1 < big.txt",
        "gridpuzzle solve {2} --explain --ascii samples/{2}.in",
        "gridpuzzle solve {2} --format json samples/{2}.in",
    ])
}

/// What `solve PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct SolveHelp;

impl PuzzleHelp for SolveHelp {
    fn after_help(e: &Entry) -> String {
        format!(
            "{}\n\n\
             Exit status: 0 all answered, 2 bad input or usage (the {unit}s before \
             the bad one are still answered), 3 a search limit was reached.\n\n\
             Example:\n  gridpuzzle solve {name} samples/{name}.in",
            e.format_help,
            unit = e.unit,
            name = e.name
        )
    }
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
    let jobs = cmd.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(MAX_JOBS)
    });
    let run = Run {
        mode,
        budget: cmd.budget,
        jobs,
        max_cells: cmd.max_cells,
        file: cmd.puzzle.file.clone(),
    };
    cmd.puzzle.visit(run)
}

/// Colour only for a terminal, and never when `NO_COLOR` is set.
pub fn use_color() -> bool {
    Color::Auto.enabled(io::stdout().is_terminal())
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
    max_cells: u64,
    file: Option<std::path::PathBuf>,
}

impl Visit for Run {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        let reader = input::open(self.file.as_deref())?;
        self.drive(&puzzle, puzzle.cases(reader))
    }
}

/// A solved case, formatted.
struct Done {
    text: String,
    /// Why the search stopped early, if it did.
    limit: Option<String>,
    /// Why the boards were not drawn (`--max-cells`), if they were not.
    refused: Option<String>,
}

enum Message {
    Done(usize, Done),
    /// No more cases: `count` were sent, and reading ended with `error`.
    End {
        count: usize,
        error: Option<String>,
    },
}

impl Run {
    fn drive<P: Puzzle>(
        &self,
        puzzle: &P,
        cases: impl Iterator<Item = Result<P::Case, InputError>>,
    ) -> Result<Exit> {
        let stop = Arc::new(AtomicBool::new(false));
        let (job_tx, job_rx) = mpsc::sync_channel::<(usize, P::Case)>(self.jobs * 2);
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<Message>();
        let gate = Gate::default();
        // Cases handed out but not yet printed: the queue, the workers and
        // the outputs waiting behind a slow case together hold at most
        // this many, however slow the first case is (issue 15 item 5).
        let window = self.jobs * 4;
        std::thread::scope(|scope| {
            let mut workers = 0;
            for k in 0..self.jobs {
                let done_tx = done_tx.clone();
                let job_rx = &job_rx;
                let stop = &stop;
                let spawned = std::thread::Builder::new()
                    .name(format!("solve-{k}"))
                    .spawn_scoped(scope, move || loop {
                        let job = job_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok((i, case))) = job else { break };
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let mut limits = self.budget.limits();
                        limits.cancel = Some(Arc::clone(stop));
                        let found = puzzle.solve(&case, &limits);
                        let done = self.format(puzzle, i as u64 + 1, &case, &found);
                        if done_tx.send(Message::Done(i, done)).is_err() {
                            break;
                        }
                    });
                match spawned {
                    Ok(_) => workers += 1,
                    // Fewer threads than asked for still do the work.
                    Err(_) if workers > 0 => break,
                    Err(e) => return Err(anyhow!("cannot start a thread to solve with: {e}")),
                }
            }
            let printer = std::thread::Builder::new()
                .name("print".into())
                .spawn_scoped(scope, || {
                    let result = print_in_order(done_rx, &stop, &gate);
                    gate.close();
                    result
                })
                .map_err(|e| anyhow!("cannot start a thread to print with: {e}"))?;
            let mut count = 0;
            let mut error = None;
            for case in cases {
                if stop.load(Ordering::Relaxed) || !gate.wait_below(count, window) {
                    break;
                }
                match case {
                    Ok(case) => {
                        if let Err(e) = self.fits::<P>(count as u64 + 1, &case) {
                            error = Some(e.to_string());
                            break;
                        }
                        if job_tx.send((count, case)).is_err() {
                            break;
                        }
                        count += 1;
                    }
                    Err(e) => {
                        error = Some(e.to_string());
                        break;
                    }
                }
            }
            drop(job_tx);
            let _ = done_tx.send(Message::End { count, error });
            drop(done_tx);
            printer.join().expect("the printer thread does not panic")
        })
    }

    fn format<P: Puzzle>(
        &self,
        puzzle: &P,
        n: u64,
        case: &P::Case,
        found: &Search<P::Move>,
    ) -> Done {
        let limit = match &found.outcome {
            Outcome::Limit(hit) => Some(format!(
                "{} {n}: {}; the answer is not known",
                P::UNIT,
                self.budget.explain(*hit)
            )),
            _ => None,
        };
        let mut refused = None;
        let text = match self.mode {
            Mode::Judge => format!("{}\n", P::judge_line(n, &judge_answer(found))),
            Mode::Json => format!("{}\n", search_json(n, found)),
            Mode::Explain(style) => {
                let plan = match &found.outcome {
                    Outcome::Solved(moves) => moves.as_slice(),
                    _ => &[],
                };
                let fits = crate::args::boards_fit(
                    P::UNIT,
                    n,
                    P::size(case),
                    plan.len() + 1,
                    self.max_cells,
                    "solve without --explain",
                );
                match fits {
                    Ok(()) => explain(puzzle, n, case, found, style),
                    Err(e) => {
                        refused = Some(e.to_string());
                        format!("{}\n", explain_head(puzzle, n, found))
                    }
                }
            }
        };
        Done {
            text,
            limit,
            refused,
        }
    }

    /// With --explain, a board too large to draw is refused before its
    /// search (issue 15: `--explain` on 600×600 wrote 1.3 GB).
    fn fits<P: Puzzle>(&self, n: u64, case: &P::Case) -> Result<()> {
        match self.mode {
            Mode::Explain(_) => {
                crate::args::board_fits(P::UNIT, n, P::BOARD, P::size(case), self.max_cells)
            }
            _ => Ok(()),
        }
    }
}

/// How many cases the printer has written, for the reader to wait on.
struct Gate {
    /// Cases printed; `None` once the printer has stopped.
    printed: Mutex<Option<usize>>,
    moved: Condvar,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate {
            printed: Mutex::new(Some(0)),
            moved: Condvar::new(),
        }
    }
}

impl Gate {
    /// Waits until case `i` (0-based) is fewer than `window` cases ahead
    /// of the printer; `false` when the printer has stopped.
    fn wait_below(&self, i: usize, window: usize) -> bool {
        let mut printed = self.printed.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match *printed {
                None => return false,
                Some(p) if i < p + window => return true,
                Some(_) => {
                    printed = self.moved.wait(printed).unwrap_or_else(|e| e.into_inner());
                }
            }
        }
    }

    fn set(&self, printed: usize) {
        let mut p = self.printed.lock().unwrap_or_else(|e| e.into_inner());
        if p.is_some() {
            *p = Some(printed);
        }
        self.moved.notify_all();
    }

    fn close(&self) {
        *self.printed.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.moved.notify_all();
    }
}

/// Writes outputs in input order as they become ready; returns the exit.
fn print_in_order(done: mpsc::Receiver<Message>, stop: &AtomicBool, gate: &Gate) -> Result<Exit> {
    let result = (|| -> Result<Exit> {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
        let mut next = 0;
        let mut end: Option<(usize, Option<String>)> = None;
        let mut exit = Exit::Ok;
        loop {
            while let Some(d) = waiting.remove(&next) {
                out.write_all(d.text.as_bytes())?;
                if let Some(why) = d.limit {
                    out.flush()?;
                    eprintln!("gridpuzzle: {why}");
                    exit = Exit::LimitReached;
                }
                if let Some(why) = d.refused {
                    out.flush()?;
                    eprintln!("gridpuzzle: {why}");
                    if exit == Exit::Ok {
                        exit = Exit::BadInput;
                    }
                }
                next += 1;
            }
            out.flush()?;
            gate.set(next);
            if let Some((count, _)) = &end {
                if next >= *count {
                    break;
                }
            }
            match done.recv() {
                Ok(Message::Done(i, d)) => {
                    waiting.insert(i, d);
                }
                Ok(Message::End { count, error }) => end = Some((count, error)),
                Err(_) => break, // every sender is gone
            }
        }
        if let Some((_, Some(e))) = end {
            eprintln!("gridpuzzle: {e}");
            return Ok(Exit::BadInput);
        }
        Ok(exit)
    })();
    if result.is_err() {
        // stdout is gone (a closed pipe): stop reading and searching.
        stop.store(true, Ordering::Relaxed);
    }
    result
}

/// The judge's answer: the move count, `-1`, or `limit`.
fn judge_answer<M>(found: &Search<M>) -> String {
    match &found.outcome {
        Outcome::Solved(moves) => moves.len().to_string(),
        Outcome::Unsolvable => "-1".into(),
        Outcome::Limit(_) => "limit".into(),
    }
}

/// The first line of a case's `--explain`: its answer and moves.
fn explain_head<P: Puzzle>(puzzle: &P, n: u64, found: &Search<P::Move>) -> String {
    let unit = capitalized(P::UNIT);
    match &found.outcome {
        Outcome::Solved(moves) => {
            let spaced: Vec<String> = moves.iter().map(|d| d.to_string()).collect();
            format!(
                "{unit} {n}: {} {}: {}",
                moves.len(),
                moves_word::<P>(moves.len()),
                spaced.join(" ")
            )
        }
        Outcome::Unsolvable => format!(
            "{unit} {n}: -1, {} (proved by an exhaustive search)",
            puzzle.unsolvable()
        ),
        Outcome::Limit(hit) => format!("{unit} {n}: limit, {hit}; the answer is not known"),
    }
}

fn explain<P: Puzzle>(
    puzzle: &P,
    n: u64,
    case: &P::Case,
    found: &Search<P::Move>,
    style: TextStyle,
) -> String {
    let plan: &[P::Move] = match &found.outcome {
        Outcome::Solved(moves) => moves,
        _ => &[],
    };
    format!(
        "{}\n{}\n",
        explain_head(puzzle, n, found),
        puzzle.explain(case, plan, style)
    )
}
