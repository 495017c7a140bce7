//! `gridpuzzle solve`: judge mode, `--explain` and `--format json`.
//!
//! A judge file is thousands of cases whose searches take microseconds, so
//! what a run costs is mostly what happens around them: reading, handing
//! cases between threads, writing. The shape follows from that:
//!
//! - **In order on the reading thread first.** The calling thread reads a
//!   case, solves it, formats the answer into a buffer and reads the next.
//!   With `--jobs 1` that is the whole run; otherwise it is the first
//!   [`SOLO`] (50 ms) of it, in which a contest's judge file is done with
//!   no thread started (threads only add CPU time to such a run: one futex
//!   handoff and one `write` per case once cost more than the searches).
//! - **Then workers, fed in chunks.** Past that, cases gather into chunks of
//!   up to [`CHUNK_CASES`] cases or [`CHUNK_CELLS`] cells and go to `--jobs`
//!   workers of the engine's ordered pool (`gridpuzzle_engine::pool`),
//!   whose sink puts the chunks' outputs back in input order. The reader
//!   waits while it is `4 × jobs` chunks ahead of the printer, so a slow
//!   first case never lets answers pile up in memory (issue 15 item 5).
//! - **Writes only when needed.** Answers are written when reading is about
//!   to wait for input (the input hook of [`crate::input`]; it also sends a
//!   partial chunk to the workers), before a message on standard error,
//!   when the printer is about to wait (the pool's `Sink::idle`), past
//!   64 KB, before the next case once [`FLUSH_EVERY`] has passed with one
//!   thread (a slow case's answer is not held back by the next one), and
//!   at the end. So a judge file costs a few `write`s, and a case typed or
//!   piped in is still answered before the next one is waited for.
//!
//! When case 7 is malformed, cases 1–6 are answered and written, then the
//! error, and the exit status is 2, on either path. The work is written
//! once for every puzzle: [`Run`] is a registry `Visit`, generic over
//! `P: Puzzle`, and only the puzzle's own methods (`cases`, `solve`,
//! `judge_line`, `explain`) differ between puzzles.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::rc::Rc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::Args;
use gridpuzzle_engine::pool::{Feeder, Flow, Pool, Sink, Stop};
use gridpuzzle_engine::puzzle::{capitalized, decimal, moves_word};
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
        solo: solo(),
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
    /// How long to answer alone before the workers start ([`SOLO`]).
    solo: Duration,
    max_cells: u64,
    file: Option<std::path::PathBuf>,
}

impl Visit for Run {
    type Output = Result<Exit>;

    fn visit<P: Puzzle>(self, puzzle: P) -> Result<Exit> {
        let printer = Arc::new(Mutex::new(Printer::default()));
        let handoff: Rc<RefCell<Option<Handoff<P::Case>>>> = Rc::default();
        let (on_wait, to_send) = (Arc::clone(&printer), Rc::clone(&handoff));
        // When reading is about to wait, the cases read so far go to the
        // workers and the answers so far to standard output.
        let reader = input::open_with_hook(self.file.as_deref(), move || {
            if let Some(h) = to_send.borrow_mut().as_mut() {
                h.send();
            }
            lock(&on_wait).flush();
        })?;
        let exit = self.drive(&puzzle, puzzle.cases(reader), &printer, &handoff);
        let mut printer = lock(&printer);
        printer.flush();
        match printer.failed.take() {
            Some(e) => Err(e.into()),
            None => exit,
        }
    }
}

/// How long the reading thread solves alone before it starts `--jobs`
/// workers. A contest's judge file is done by then: it is read, solved and
/// written by one thread with no handoff at all, which is what costs the
/// least CPU in all (threads only add to it). A longer run gets the workers.
const SOLO: Duration = Duration::from_millis(50);

/// [`SOLO`], or `GRIDPUZZLE_SOLO_MS` milliseconds: the tests set it to 0
/// to send whole judge files through the workers.
fn solo() -> Duration {
    std::env::var("GRIDPUZZLE_SOLO_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(SOLO, Duration::from_millis)
}

/// With one thread, buffered answers are also written before the next case
/// once this long has passed since the last write, so a slow search does
/// not hold back the answers before it.
const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// A chunk handed to a worker ends after this many cases...
const CHUNK_CASES: usize = 64;
/// ...or once its cases hold this many cells: small cases travel many at a
/// time (a handoff per case once cost more than the searches), large ones
/// alone.
const CHUNK_CELLS: u64 = 1 << 14;

/// Locks the printer; a thread that panicked holding it left no half-made
/// state behind (every field is valid after each call), so poison is ignored.
fn lock(printer: &Mutex<Printer>) -> MutexGuard<'_, Printer> {
    printer.lock().unwrap_or_else(|e| e.into_inner())
}

/// The formatted output of consecutive cases, and what they say on
/// standard error.
#[derive(Default)]
struct Batch {
    text: Vec<u8>,
    notes: Vec<Note>,
}

/// A message for standard error after the first `at` bytes of a batch's
/// text (so it follows the answer it is about), and the exit it implies.
struct Note {
    at: usize,
    message: String,
    exit: Exit,
}

/// Standard output, buffered: answers are written when reading is about to
/// wait, before a message on standard error, when the buffer is large, and
/// at the end. After a failed write (a closed pipe) nothing more is written
/// and the error waits in `failed`.
#[derive(Default)]
struct Printer {
    pending: Vec<u8>,
    exit: Option<Exit>,
    failed: Option<io::Error>,
}

/// A buffer this large is written out at once.
const PRINT_BUFFER: usize = 1 << 16;

impl Printer {
    /// Takes a batch's text and notes, in order, leaving it empty.
    fn emit(&mut self, batch: &mut Batch) {
        let mut from = 0;
        for note in batch.notes.drain(..) {
            self.pending.extend_from_slice(&batch.text[from..note.at]);
            from = note.at;
            self.flush();
            if self.failed.is_none() {
                eprintln!("gridpuzzle: {}", note.message);
            }
            self.exit = Some(match (self.exit, note.exit) {
                (Some(Exit::LimitReached), _) | (_, Exit::LimitReached) => Exit::LimitReached,
                (_, e) => e,
            });
        }
        self.pending.extend_from_slice(&batch.text[from..]);
        batch.text.clear();
        if self.pending.len() >= PRINT_BUFFER {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if self.failed.is_none() {
            let mut out = io::stdout().lock();
            if let Err(e) = out.write_all(&self.pending).and_then(|()| out.flush()) {
                self.failed = Some(e);
            }
        }
        self.pending.clear();
    }

    fn exit(&self) -> Exit {
        self.exit.unwrap_or(Exit::Ok)
    }
}

/// Consecutive cases for one worker: the first one's 0-based number and
/// the cases.
type Chunk<C> = (usize, Vec<C>);

/// The reading thread's side of the workers' queue: cases gather into a
/// chunk, which goes to the pool when it is full — or when reading is
/// about to wait (the input hook calls [`Handoff::send`]), so a case typed
/// or piped in is solved before the next one is waited for.
struct Handoff<C> {
    chunk: Vec<C>,
    /// The chunk's cells, summed over its cases.
    cells: u64,
    /// The 0-based number of the chunk's first case.
    first: usize,
    /// `None` once the run has stopped (the printer has failed).
    feeder: Option<Feeder<Chunk<C>>>,
}

impl<C> Handoff<C> {
    /// The 1-based number of the next case.
    fn next_number(&self) -> u64 {
        (self.first + self.chunk.len()) as u64 + 1
    }

    /// Adds a case of `cells` cells; `false` when the work has stopped.
    fn push(&mut self, case: C, cells: u64) -> bool {
        self.chunk.push(case);
        self.cells += cells;
        if self.chunk.len() >= CHUNK_CASES || self.cells >= CHUNK_CELLS {
            self.send();
        }
        self.feeder.is_some()
    }

    /// Hands the chunk gathered so far to the workers, once the printer is
    /// close enough behind (the pool's window).
    fn send(&mut self) {
        if self.chunk.is_empty() {
            return;
        }
        let Some(feeder) = &self.feeder else { return };
        let size = self.chunk.len();
        if !feeder.send((self.first, std::mem::take(&mut self.chunk))) {
            self.feeder = None;
            return;
        }
        self.first += size;
        self.cells = 0;
    }
}

/// The printer as the pool's sink: chunks' outputs in input order,
/// written out when the pool is about to wait.
struct Print<'a>(&'a Mutex<Printer>);

impl Sink<Batch> for Print<'_> {
    fn take(&mut self, _: usize, mut batch: Batch) -> Flow {
        let mut p = lock(self.0);
        p.emit(&mut batch);
        if p.failed.is_some() {
            // stdout is gone (a closed pipe): stop reading and searching.
            Flow::Stop
        } else {
            Flow::Go
        }
    }

    fn idle(&mut self) {
        lock(self.0).flush();
    }
}

impl Run {
    /// Solves the cases in order on this thread; after [`SOLO`] with more
    /// than one job, hands the rest to [`Run::parallel`].
    fn drive<P: Puzzle>(
        &self,
        puzzle: &P,
        mut cases: impl Iterator<Item = Result<P::Case, InputError>>,
        printer: &Arc<Mutex<Printer>>,
        handoff: &RefCell<Option<Handoff<P::Case>>>,
    ) -> Result<Exit> {
        let started = Instant::now();
        let mut flushed = started;
        let mut batch = Batch::default();
        let mut count = 0;
        let error = loop {
            let now = Instant::now();
            // The answers of a slow case go out before the next one starts.
            if now - flushed >= FLUSH_EVERY {
                lock(printer).flush();
                flushed = now;
            }
            if self.jobs > 1 && now - started >= self.solo {
                return self.parallel(puzzle, cases, count, printer, handoff);
            }
            let Some(case) = cases.next() else { break None };
            let case = match case {
                Ok(case) => case,
                Err(e) => break Some(e.to_string()),
            };
            let n = count as u64 + 1;
            if let Err(e) = self.fits::<P>(n, &case) {
                break Some(e.to_string());
            }
            let found = puzzle.solve(&case, &self.budget.limits());
            self.format(puzzle, n, &case, &found, &mut batch);
            count += 1;
            let mut p = lock(printer);
            p.emit(&mut batch);
            if p.failed.is_some() {
                break None;
            }
        };
        let mut p = lock(printer);
        p.flush();
        if let Some(e) = error {
            if p.failed.is_none() {
                eprintln!("gridpuzzle: {e}");
            }
            return Ok(Exit::BadInput);
        }
        Ok(p.exit())
    }

    /// The rest of the cases, from `first` on, solved by `--jobs` workers
    /// in chunks and printed in input order by the pool's sink.
    fn parallel<P: Puzzle>(
        &self,
        puzzle: &P,
        cases: impl Iterator<Item = Result<P::Case, InputError>>,
        first: usize,
        printer: &Arc<Mutex<Printer>>,
        handoff: &RefCell<Option<Handoff<P::Case>>>,
    ) -> Result<Exit> {
        let pool = Pool {
            jobs: self.jobs,
            // Chunks handed out but not yet printed: the queue, the
            // workers and the outputs waiting behind a slow case together
            // hold at most this many, however slow the first case is
            // (issue 15 item 5).
            window: self.jobs * 4,
            name: "solve",
        };
        let solve = |(from, cases): Chunk<P::Case>, stop: &Stop| {
            let mut batch = Batch::default();
            for (i, case) in cases.iter().enumerate() {
                if stop.is_set() {
                    break;
                }
                let mut limits = self.budget.limits();
                limits.cancel = Some(stop.flag());
                let found = puzzle.solve(case, &limits);
                self.format(puzzle, (from + i) as u64 + 1, case, &found, &mut batch);
            }
            batch
        };
        let read = |feeder: &Feeder<Chunk<P::Case>>| {
            *handoff.borrow_mut() = Some(Handoff {
                chunk: Vec::new(),
                cells: 0,
                first,
                feeder: Some(feeder.clone()),
            });
            let mut error = None;
            for case in cases {
                let mut slot = handoff.borrow_mut();
                let Some(h) = slot.as_mut() else { break };
                let case = match case {
                    Ok(case) => case,
                    Err(e) => {
                        error = Some(e.to_string());
                        break;
                    }
                };
                if let Err(e) = self.fits::<P>(h.next_number(), &case) {
                    error = Some(e.to_string());
                    break;
                }
                let (w, h_) = P::size(&case);
                if !h.push(case, u64::from(w) * u64::from(h_)) {
                    break;
                }
            }
            // The last chunk, then no more.
            if let Some(mut h) = handoff.borrow_mut().take() {
                h.send();
            }
            error
        };
        let error = pool
            .run(solve, &mut Print(printer), read)
            .map_err(|e| anyhow!("cannot start a thread to solve with: {e}"))?;
        let mut p = lock(printer);
        p.flush();
        if let Some(e) = error {
            if p.failed.is_none() {
                eprintln!("gridpuzzle: {e}");
            }
            p.exit = Some(Exit::BadInput);
        }
        Ok(p.exit())
    }

    /// Appends case `n`'s output (and any note for standard error) to
    /// `batch`.
    fn format<P: Puzzle>(
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
                P::push_judge_line(n, judge_answer(found, &mut [0; 20]), text);
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
                let fits = crate::args::boards_fit(
                    P::UNIT,
                    n,
                    P::size(case),
                    plan.len() + 1,
                    self.max_cells,
                    "solve without --explain",
                );
                match fits {
                    Ok(()) => {
                        text.extend_from_slice(explain(puzzle, n, case, found, style).as_bytes())
                    }
                    Err(e) => {
                        text.extend_from_slice(explain_head(puzzle, n, found).as_bytes());
                        text.push(b'\n');
                        batch.notes.push(Note {
                            at: text.len(),
                            message: e.to_string(),
                            exit: Exit::BadInput,
                        });
                    }
                }
            }
        }
        if let Outcome::Limit(hit) = &found.outcome {
            batch.notes.push(Note {
                at: batch.text.len(),
                message: format!(
                    "{} {n}: {}; the answer is not known",
                    P::UNIT,
                    self.budget.explain(*hit)
                ),
                exit: Exit::LimitReached,
            });
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

/// The judge's answer: the move count (written into `digits`), `-1`, or
/// `limit`.
fn judge_answer<'a, M>(found: &Search<M>, digits: &'a mut [u8; 20]) -> &'a str {
    match &found.outcome {
        Outcome::Solved(moves) => decimal(moves.len() as u64, digits),
        Outcome::Unsolvable => "-1",
        Outcome::Limit(_) => "limit",
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
