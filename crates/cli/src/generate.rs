//! `gridpuzzle generate`: puzzles with a proved optimum, reproducible from
//! a seed, and `--hardest`, the hunt for the board with the longest optimum.
//!
//! The puzzle crates do the generating, on the engine's generic sampler,
//! through the `generate` capability their registry line declares (only
//! those puzzles are offered: `offer`); a request is checked in one place,
//! the capability's `generator` (the same check `play --seed` and the web
//! API get). This command is one
//! generic path for every puzzle ([`Make`] is a registry `Visit`): it
//! builds the request, writes each generated case (the judge text from
//! `Puzzle::write_case`, `--answers` from `Puzzle::judge_line`, JSON Lines
//! from `gridpuzzle_engine::report::generated_json`), shows progress and
//! handles Ctrl-C. The per-puzzle options (`--size`, the density flag the
//! puzzle names, its generator parameters such as `--len`, and its rule
//! settings) are built from the registry's entries by the puzzle
//! subcommands every command shares (`args::PuzzleArgs`), as
//! [`GenerateHelp`] asks for them.
//!
//! Cases are written and flushed one at a time, and the terminator is
//! written however the run ends (all cases made, Ctrl-C, or giving up), so
//! the output is always a complete judge input. The generation itself is
//! sequential: the sampler's later choices depend on earlier results (its
//! density bandit), and one thread keeps "same seed, same bytes" trivially
//! true.

use gridpuzzle_registry::Registered;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::caps::{BestOf, GenSpec, GeneratedOf, HardSpec};
use gridpuzzle_engine::generate::{SampleStats, Stop, Want, Watchdog};
use gridpuzzle_engine::report::generated_json;
use gridpuzzle_engine::words::counted;
use gridpuzzle_registry::{Entry, Visit};
use indicatif::ProgressBar;

use crate::args::{parse_seconds, Format, GenArgs, PuzzleArgs, PuzzleHelp, Slot};
use crate::exit::Exit;

/// The help after `generate --help`.
pub fn after_help() -> String {
    let text = crate::args::examples(
        "generate",
        &[
        "gridpuzzle generate {1} --size 12x12{args1} --count 20 --seed 7 --answer 6..10",
        "gridpuzzle generate {1} --size 20x20{args1} --count 5 --answer -1 --answers out.txt -o in.txt",
        "gridpuzzle generate {2} --size 20x20{args2} --count 10 --seed 1 --answer 40..",
        "gridpuzzle generate {2} --size 9x6{args2} --{density2} 25 --format json",
        "gridpuzzle generate {2} --size 20x20{args2} --hardest --time 120 -o hard.in",
        ],
    );
    format!("{AFTER_HELP}{GENERATE_EXIT}\n\n{text}")
}

/// `generate`'s exit codes, on its help pages.
const GENERATE_EXIT: &str = "Exit status: 0 done (--hardest too, when --time or Ctrl-C ends it), \
2 bad usage, or --attempts boards in a row or --patience seconds went by without a board in --answer (the cases made so far are kept), \
130 Ctrl-C (the cases made so far are kept).";

const AFTER_HELP: &str = "\
The answer range is inclusive: `--answer 5..8` keeps boards whose optimum is
5, 6, 7 or 8; `--answer 12..` has no upper end; `--answer -1` keeps only
boards proved unsolvable. Every stated answer is proved by the exact solver;
a board whose search hits the budget (--max-states) is dropped, never guessed.
The same options and --seed give the same bytes on every machine.

--size is always WIDTH x HEIGHT (columns x rows), for every puzzle: a board of
--size 20x10 has 20 columns and 10 rows, however its judge format orders them.

Output: a judge-format input (cases, then the terminator line) on standard
output or -o FILE; --answers FILE writes the judge output for it; --format
json writes JSON Lines instead, one object per case with the case's judge
text (plus terminator), the answer, an optimal plan and a difficulty record
(optimum, optimal first moves, states expanded).

On a terminal a progress line is shown on standard error. Ctrl-C stops the
run: the cases made so far are kept, the terminator is written and the exit
status is 130. If --attempts boards in a row miss the wanted range, or no
wanted board comes for --patience seconds (10 by default: on a big board
each try is a whole search), the run stops with the cases made so far and
exit status 2.

--hardest searches (simulated annealing over obstacle edits) for the board
with the largest optimum until --time runs out or Ctrl-C (exit status 0
either way). Each improvement is reported on standard error; at the end the
best board is written as a one-case judge input, its answer on standard error.

";

#[derive(Debug, Args)]
pub struct GenerateCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<GenerateHelp>,

    /// How many puzzles to generate
    #[arg(long, global = true, value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Seed of the portable random generator (default: from the clock,
    /// printed on standard error so the run can be repeated)
    #[arg(long, global = true, value_name = "S")]
    pub seed: Option<u64>,

    /// Wanted optimum: `A..B` (inclusive), `A..` (at least A), `N`, or `-1`
    /// (proved unsolvable)
    #[arg(long, global = true, value_name = "A..B", default_value = "1..",
          allow_hyphen_values = true, value_parser = Want::parse)]
    pub answer: Want,

    /// Write the judge input here instead of standard output
    #[arg(short = 'o', long, global = true, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the judge output (the answers) to FILE
    #[arg(long, global = true, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// `judge`: a judge-format input file; `json`: JSON Lines, one object per case
    #[arg(long, global = true, value_enum, default_value_t = Format::Judge)]
    pub format: Format,

    /// Boards solved in a row without a wanted answer before giving up
    #[arg(long, global = true, value_name = "N", default_value_t = 50_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub attempts: u64,

    /// Give up when no wanted board came for SECS seconds (decimals allowed); `none`: never
    #[arg(long, global = true, value_name = "SECS|none", default_value = "10",
          value_parser = crate::args::parse_timeout, conflicts_with = "hardest")]
    pub patience: crate::args::Cap<f64>,

    /// Budget of one exact search, in expanded states; a board that needs
    /// more is dropped
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: Option<u64>,

    /// Search for the board with the largest optimum instead (see below)
    #[arg(long, global = true, conflicts_with_all = ["count", "answer", "attempts"])]
    pub hardest: bool,

    /// With --hardest: how long to search, in seconds
    #[arg(long, global = true, value_name = "SECS", default_value = "60", value_parser = parse_seconds)]
    pub time: f64,
}

/// What `generate PUZZLE` takes and says: a board to make (`--size`, the
/// density flag the puzzle names such as `--blocks`, its generator
/// parameters such as `--len`) and its rule settings, but no input.
#[derive(Debug)]
pub struct GenerateHelp;

impl PuzzleHelp for GenerateHelp {
    const FILE: Slot = Slot::Absent;
    const GEN: GenArgs = GenArgs::Board;

    fn about(entry: &Entry) -> String {
        format!("{} {}s", entry.info.title, entry.info.board)
    }

    fn after_help(entry: &Entry) -> String {
        let example = format!(
            "gridpuzzle generate {} --size 12x12{} --count 5 --seed 7",
            entry.name,
            crate::args::required_params(entry)
        );
        format!(
            "Writes --count {}s in the judge's input format, each with a proved optimum \
             in --answer.\n\n{GENERATE_EXIT}\n\nExample:\n  {example}",
            entry.info.board
        )
    }
}

pub fn run(cmd: GenerateCommand) -> Result<Exit> {
    let seed = match cmd.seed {
        Some(s) => s,
        None => {
            let s = gridpuzzle_engine::clock::since_epoch().as_nanos() as u64;
            eprintln!("gridpuzzle: seed {s} (pass --seed {s} to repeat this run)");
            s
        }
    };
    let cancel = Arc::new(AtomicBool::new(false));
    {
        let flag = Arc::clone(&cancel);
        // If a handler cannot be installed, Ctrl-C simply ends the process.
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let make = Make {
        cmd: &cmd,
        seed,
        cancel,
    };
    cmd.puzzle.visit(make)
}

/// The one generic run of `generate` (see the module docs).
struct Make<'a> {
    cmd: &'a GenerateCommand,
    seed: u64,
    cancel: Arc<AtomicBool>,
}

impl Visit for Make<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let Make { cmd, seed, cancel } = self;
        let gen = P::CAPS.generator()?;
        let a = &cmd.puzzle;
        let (width, height) = a.size.expect("clap requires --size");
        if cmd.hardest {
            let spec = HardSpec {
                width,
                height,
                density: a.density,
                params: a.params.clone(),
                time: Duration::from_secs_f64(cmd.time),
                max_expanded: cmd.max_states,
                cancel: Some(cancel),
                heap: crate::args::run_heap(),
            };
            let mut report = |b: &BestOf<P>, t: Duration| improved::<P>(b, t);
            let best = gen
                .hardest(&puzzle, &spec, seed, &mut report)
                .map_err(|e| anyhow!(e))?;
            let best = best.map(|b| (gen.best_generated(&puzzle, &b), b.evaluated));
            return finish_hardest(cmd, &puzzle, best);
        }
        let spec = GenSpec {
            width,
            height,
            want: cmd.answer,
            density: a.density,
            params: a.params.clone(),
            max_expanded: cmd.max_states,
            attempts: cmd.attempts,
            cancel: Some(Arc::clone(&cancel)),
            heap: crate::args::run_heap(),
        };
        let watchdog = Watchdog::start(cmd.patience.0, Arc::clone(&cancel));
        let mut generator = gen
            .generator(&puzzle, &spec, seed)
            .map_err(|e| anyhow!(e))?;
        let progress = crate::progress::bar(
            cmd.count,
            "{elapsed:>4} [{bar:24}] {pos}/{len} puzzles, {msg}",
        );
        if !progress.is_hidden() {
            let bar = progress.clone();
            generator.on_progress(Box::new(move |stats: &SampleStats| {
                bar.set_message(format!("{} boards solved", stats.solved))
            }));
        }
        let (made_count, stopped) = {
            let mut made = generator.by_ref().inspect(|_| watchdog.fed());
            write_all(cmd, &puzzle, &mut made, &progress)?
        };
        let stats = generator.stats();
        if let Some(secs) = watchdog.stop() {
            bail!(
                "gave up: no puzzle with an optimum in {} came in {secs} s ({made_count} of {} \
                 puzzles made, {} solved in all, {} dropped at the search budget); raise \
                 --patience or pass --patience none, or try another --answer, size or density",
                cmd.answer,
                cmd.count,
                counted(stats.solved, "board", "boards"),
                stats.dropped
            );
        }
        match stopped {
            Some(Stop::Cancelled) => {
                eprintln!(
                    "gridpuzzle: interrupted: kept the {made_count} of {} puzzles made so far",
                    cmd.count
                );
                Ok(Exit::Interrupted)
            }
            Some(Stop::GaveUp { attempts }) => {
                // A draw that made no board is a try but no board.
                let (tries, none) = match stats.drawn_none {
                    0 => ("boards".to_string(), String::new()),
                    n => (
                        "tries".to_string(),
                        format!(
                            ", {}",
                            counted(n, "draw that made no board", "draws that made no board")
                        ),
                    ),
                };
                bail!(
                    "gave up after {attempts} {tries} in a row without an optimum in {} \
                     ({made_count} of {} puzzles made, {} solved in all{none}, {} dropped at the \
                     search budget); try another --answer, size or density",
                    cmd.answer,
                    cmd.count,
                    counted(stats.solved, "board", "boards"),
                    stats.dropped
                )
            }
            // A Ctrl-C between two puzzles ends the run as well.
            None if cancel.load(Ordering::Relaxed) && made_count < cmd.count => {
                Ok(Exit::Interrupted)
            }
            None => Ok(Exit::Ok),
        }
    }
}

/// Opens `path` for writing, or standard output for `None` and `-`.
fn create(path: Option<&Path>) -> Result<Box<dyn Write>> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            let f = File::create(p).with_context(|| format!("cannot create {}", p.display()))?;
            Ok(Box::new(BufWriter::new(f)))
        }
        _ => Ok(Box::new(BufWriter::new(io::stdout()))),
    }
}

/// Writes cases as they come, then the terminator; see the module docs.
/// Returns how many were made and why the generator stopped, if it did.
fn write_all<P: Registered>(
    cmd: &GenerateCommand,
    puzzle: &P,
    made: &mut dyn Iterator<Item = Result<GeneratedOf<P>, Stop>>,
    progress: &ProgressBar,
) -> Result<(u64, Option<Stop>)> {
    let mut out = create(cmd.output.as_deref())?;
    let mut answers = match &cmd.answers {
        Some(p) => Some(create(Some(p))?),
        None => None,
    };
    let mut made_count = 0u64;
    let mut stopped = None;
    while made_count < cmd.count {
        match made.next() {
            Some(Ok(made)) => {
                made_count += 1;
                progress.set_position(made_count);
                let text = puzzle.write_case(&made.board);
                match cmd.format {
                    Format::Judge => out.write_all(text.as_bytes())?,
                    Format::Json => {
                        writeln!(out, "{}", json_record::<P>(made_count, &text, &made))?;
                    }
                }
                out.flush()?;
                if let Some(a) = answers.as_mut() {
                    a.write_all(answer_line::<P>(made_count, &made).as_bytes())?;
                    a.flush()?;
                }
            }
            Some(Err(stop)) => {
                stopped = Some(stop);
                break;
            }
            None => break,
        }
    }
    progress.finish_and_clear();
    if cmd.format == Format::Judge {
        out.write_all(P::INFO.terminator.as_bytes())?;
    }
    out.flush()?;
    Ok((made_count, stopped))
}

/// The JSON Lines record of case `n`, whose judge text is `text`.
fn json_record<P: Registered>(n: u64, text: &str, made: &GeneratedOf<P>) -> serde_json::Value {
    generated_json(n, text, P::INFO.terminator, &made.plan, &made.difficulty)
}

/// The judge's output line of case `n`, for `--answers`.
fn answer_line<P: Registered>(n: u64, made: &GeneratedOf<P>) -> String {
    let answer = made.difficulty.optimum.to_string();
    format!(
        "{}\n",
        gridpuzzle_engine::puzzle::judge_line::<P>(n, &answer)
    )
}

fn finish_hardest<P: Registered>(
    cmd: &GenerateCommand,
    puzzle: &P,
    best: Option<(GeneratedOf<P>, u64)>,
) -> Result<Exit> {
    let Some((made, evaluated)) = best else {
        bail!("no solvable starting board was found in the time given; try a longer --time or another size");
    };
    let text = puzzle.write_case(&made.board);
    let mut out = create(cmd.output.as_deref())?;
    match cmd.format {
        Format::Judge => {
            out.write_all(text.as_bytes())?;
            out.write_all(P::INFO.terminator.as_bytes())?;
        }
        Format::Json => writeln!(out, "{}", json_record::<P>(1, &text, &made))?,
    }
    out.flush()?;
    if let Some(p) = &cmd.answers {
        let mut a = create(Some(p))?;
        a.write_all(answer_line::<P>(1, &made).as_bytes())?;
        a.flush()?;
    }
    let answer = made.difficulty.optimum;
    eprintln!(
        "answer {answer} {} ({} solved)",
        P::INFO.moves_word(usize::try_from(answer).unwrap_or(0)),
        counted(evaluated, "board", "boards")
    );
    Ok(Exit::Ok)
}

/// Prints an improvement of `--hardest` on standard error.
fn improved<P: Registered>(best: &BestOf<P>, elapsed: Duration) {
    eprintln!(
        "best {} {} after {:.2} s ({} solved)",
        best.answer,
        P::INFO.moves_word(usize::try_from(best.answer).unwrap_or(0)),
        elapsed.as_secs_f64(),
        counted(best.evaluated, "board", "boards")
    );
}
