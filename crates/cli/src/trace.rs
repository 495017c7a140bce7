//! `gridpuzzle trace`: watch a search, event by event, or compare the
//! searches a puzzle offers on the same cases.
//!
//! The events stream as JSON Lines, one [`Step`] per line, written as the
//! search makes them: nothing is held back, so a trace of millions of
//! events costs the memory of one line (`--max-events` bounds what is
//! written; the search still runs to its end so the closing line's totals
//! are exact, and that line says whether the trace was cut). `--compare`
//! runs every algorithm of the puzzle on the same cases, keeps no event,
//! and prints their counts side by side with a mark where an answer is
//! wrong or not proved; `--plot` draws their growth by depth as an SVG.
//! The searches, their tallies and the verdict against the exact solver
//! are the engine's ([`gridpuzzle_engine::trace`]), and so is a
//! comparison: which runs, against which exact answer, and the words of
//! its table and chart ([`gridpuzzle_engine::caps::compare`]); this file
//! only reads the arguments and prints.

use gridpuzzle_registry::Registered;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use gridpuzzle_engine::caps::compare::{self, Comparison};
use gridpuzzle_engine::caps::WatchOf;
use gridpuzzle_engine::puzzle::exact_answer;
use gridpuzzle_engine::report::{compared_json, traced_end_json};
use gridpuzzle_engine::shown::shown_lines;
use gridpuzzle_engine::trace::JsonLines;
use gridpuzzle_engine::words::wrap;
use gridpuzzle_registry::{Entry, Visit};

use crate::args::{BudgetArgs, PuzzleArgs, PuzzleHelp, ReportFormat};
use crate::exit::Exit;
use crate::input;

/// Default `--max-events`: enough to follow a small search to its end,
/// a few megabytes of lines.
pub const DEFAULT_MAX_EVENTS: u64 = 100_000;

/// The time a traced search may take by default: the page's (its Watch
/// traces with the server's most, 10 s), so a lair the page answers is
/// answered here too, not `limit` by chance at `solve`'s 1 s.
pub const TRACE_TIMEOUT: &str = "10";

#[derive(Debug, Args)]
#[command(mut_arg("timeout", |a| a.default_value(TRACE_TIMEOUT)))]
pub struct TraceCommand {
    #[command(subcommand)]
    pub puzzle: PuzzleArgs<TraceHelp>,

    /// The search to watch (`trace PUZZLE --help` lists them); the first
    /// listed when not given
    #[arg(short = 'a', long, global = true, value_name = "NAME")]
    pub algorithm: Option<String>,

    /// Trace one of the puzzle's lessons, a board that ships with it
    /// (`trace PUZZLE --help` lists them), instead of FILE
    #[arg(long, global = true, value_name = "NAME")]
    pub lesson: Option<String>,

    /// Which case of the input to trace (1-based); with --compare, every
    /// case when not given
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub case: Option<u64>,

    /// Most events written; the search goes on past them, counted, and the
    /// closing line says the trace was cut
    #[arg(long, global = true, value_name = "N", default_value_t = DEFAULT_MAX_EVENTS)]
    pub max_events: u64,

    /// Run every algorithm on the same cases and print their counts side
    /// by side (no events)
    #[arg(long, global = true)]
    pub compare: bool,

    /// With --compare: `json` prints one JSON object per line, per case and
    /// algorithm
    #[arg(long, global = true, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,

    /// With --compare: draw the states expanded at each depth (log scale),
    /// one line per algorithm, as an SVG file, for --case (default 1)
    #[arg(long, global = true, value_name = "FILE.svg", requires = "compare")]
    pub plot: Option<PathBuf>,

    #[command(flatten)]
    pub budget: BudgetArgs,
}

const EXIT: &str = "Exit status: 0 traced, 2 bad input or usage, 3 a search budget \
                    (--max-states, --timeout) ran out before an answer.";

/// The help after `trace --help`.
pub fn after_help() -> String {
    format!(
        "Shows how a search finds its answer: every state it expands, every successor it \
         generates or prunes (and why: visited, with the depth or g it is already held at; \
         bound; cap; dead-end), every goal and every new bound of a deepening search, as \
         JSON Lines; or, with --compare, what each search of the puzzle costs on the same \
         cases. `trace PUZZLE --help` lists the searches.\n\n\
         {EXIT}\n\n{}",
        crate::args::examples(
            "trace",
            &[
                "gridpuzzle trace {1} samples/{1}.in --case 2 -a seed-dfs",
                "gridpuzzle trace {2} samples/{2}.in --compare",
                "gridpuzzle trace {1} samples/{1}.in --compare --format json",
                "gridpuzzle trace {1} samples/{1}.in --compare --case 2 --plot growth.svg",
            ]
        )
    )
}

/// What `trace PUZZLE --help` says after the options.
#[derive(Debug)]
pub struct TraceHelp;

impl PuzzleHelp for TraceHelp {
    const RULES: bool = false;
    fn after_help(e: &Entry) -> String {
        let mut text = format!(
            "{}\n\nThe searches play the judge's rules, so `trace` takes no rule option.\n\n\
             Algorithms (--algorithm):\n",
            e.info.format_help
        );
        if e.algorithms.is_empty() {
            text.push_str("  none: this puzzle offers no search to trace\n");
        }
        for a in e.algorithms {
            let mark = if a.exact { "exact" } else { "not exact" };
            text.push_str(&format!(
                "\n  {} — {} ({mark})\n{}\n",
                a.name,
                a.title,
                wrap(a.about, 76, "    ")
            ));
        }
        if !e.lessons.is_empty() {
            text.push_str("\nLessons (--lesson), boards to watch the searches on:\n");
        }
        for l in e.lessons {
            text.push_str(&format!(
                "\n  {} — {} (watch: {})\n{}\n",
                l.name,
                l.title,
                l.algorithms.join(", "),
                wrap(l.about, 76, "    ")
            ));
        }
        text.push_str(&format!(
            "\n{EXIT}\n\nExample:\n  gridpuzzle trace {name} samples/{name}.in --compare",
            name = e.name
        ));
        text
    }
}

pub fn run(cmd: TraceCommand) -> Result<Exit> {
    if cmd.format == ReportFormat::Json && !cmd.compare {
        bail!("--format json is for --compare: a trace is already JSON Lines");
    }
    cmd.puzzle.visit(Trace { cmd: &cmd })
}

struct Trace<'a> {
    cmd: &'a TraceCommand,
}

impl Visit for Trace<'_> {
    type Output = Result<Exit>;

    fn visit<P: Registered>(self, puzzle: P) -> Result<Exit> {
        let cmd = self.cmd;
        let watch = P::CAPS.watching()?;
        watch.refuse_rules(&puzzle).map_err(anyhow::Error::msg)?;
        if let Some(name) = &cmd.algorithm {
            watch.algorithm(name).map_err(anyhow::Error::msg)?;
        }
        let reader: Box<dyn std::io::BufRead> = match &cmd.lesson {
            None => input::open(cmd.puzzle.file.as_deref())?,
            Some(name) => {
                let lesson = watch.lesson(name).map_err(anyhow::Error::msg)?;
                if cmd.puzzle.file.is_some() {
                    bail!("--lesson {name} is the input: give no FILE with it");
                }
                Box::new(lesson.input.as_bytes())
            }
        };
        let mut cases = Vec::new();
        let wanted = if cmd.compare {
            cmd.case
        } else {
            Some(cmd.case.unwrap_or(1))
        };
        match wanted {
            Some(n) => cases.push((n, input::nth(&puzzle, reader, n, "the input")?)),
            None => {
                for (i, case) in puzzle.cases(reader).enumerate() {
                    match case {
                        Ok(case) => cases.push((i as u64 + 1, case)),
                        Err(e) => {
                            // The cases before it are still compared.
                            compare(watch, &puzzle, cmd, &cases)?;
                            eprintln!("gridpuzzle: {}", shown_lines(&e.to_string()));
                            return Ok(Exit::BadInput);
                        }
                    }
                }
            }
        }
        if cmd.compare {
            return compare(watch, &puzzle, cmd, &cases);
        }
        let (n, case) = &cases[0];
        let name = cmd
            .algorithm
            .as_deref()
            .unwrap_or(watch.algorithms()[0].name);
        // A search that refuses the case (the seed's table too large) is
        // refused by its run at once: the exact solve, which could cost
        // hundreds of MB on such a lair, is not run for it.
        let exact = match watch.refuses(&puzzle, case, name) {
            Some(_) => None,
            None => exact_answer(&puzzle, case, &cmd.budget.limits()),
        };
        let limits = cmd.budget.limits();
        let stdout = std::io::stdout();
        let mut sink = JsonLines::new(BufWriter::new(stdout.lock()));
        let run = watch.run(
            &puzzle,
            case,
            name,
            &limits,
            cmd.max_events,
            &mut sink,
            exact,
        );
        let run = match run {
            Ok(run) => run,
            Err(_) if sink.gone => {
                return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe).into())
            }
            Err(e) => bail!("{e}"),
        };
        let mut out = sink.out;
        let end = traced_end_json(*n, &run, run.tally.events.min(cmd.max_events));
        writeln!(out, "{end}")?;
        out.flush().context("cannot write the trace")?;
        if run.cut {
            eprintln!(
                "gridpuzzle: the trace was cut after {} of {} events (--max-events); the totals on its last line count them all",
                cmd.max_events, run.tally.events
            );
        }
        Ok(if run.limit.is_some() {
            Exit::LimitReached
        } else {
            Exit::Ok
        })
    }
}

/// Every algorithm on every case (the engine's [`Comparison`]): a table
/// or JSON Lines, and the plot.
fn compare<P: Registered>(
    watch: &dyn WatchOf<P>,
    puzzle: &P,
    cmd: &TraceCommand,
    cases: &[(u64, P::Case)],
) -> Result<Exit> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let text = cmd.format == ReportFormat::Text;
    let (mut exit, mut plotted) = (Exit::Ok, Vec::new());
    let plot_case = cmd.case.unwrap_or(1);
    let only = cmd.algorithm.as_deref();
    let limits = || cmd.budget.limits();
    // The rows are set up (the algorithm known, the rules the judge's)
    // before the heading is printed: a refusal prints no table.
    let rows = Comparison::new(watch, puzzle, cases, only, limits).map_err(anyhow::Error::msg)?;
    if text {
        writeln!(out, "{}", compare::table_heading())?;
    }
    let mut stopped = Vec::new();
    for row in rows {
        let (n, run) = row.map_err(anyhow::Error::msg)?;
        if run.limit.is_some() && !run.refused {
            exit = Exit::LimitReached;
        }
        if let Some(why) = &run.limit {
            stopped.push(format!("{} {n}, {}: {why}", P::INFO.unit, run.algorithm));
        }
        if text {
            writeln!(out, "{}", compare::table_row(n, &run))?;
        } else {
            writeln!(out, "{}", compared_json(n, &run))?;
        }
        if n == plot_case {
            plotted.push((run.algorithm, run.tally.by_depth));
        }
    }
    if text {
        writeln!(out, "{}", compare::TABLE_NOTE)?;
        // What stopped each row that has no answer.
        for line in &stopped {
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    if let Some(path) = &cmd.plot {
        if plotted.is_empty() {
            bail!("--plot: the input has no {} {plot_case}", P::INFO.unit);
        }
        std::fs::write(path, compare::chart::<P>(plot_case, &plotted))
            .with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("gridpuzzle: wrote {}", path.display());
    }
    Ok(exit)
}
