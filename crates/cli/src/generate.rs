//! `gridpuzzle generate`: puzzles with a proved optimum, reproducible from
//! a seed, and `--hardest`, the hunt for the board with the longest optimum.
//!
//! The puzzle crates do the generating (`gridpuzzle_curling::generate`,
//! `gridpuzzle_holedox::generate`, both on the engine's generic sampler);
//! this command checks the request, turns each puzzle's output into one
//! shape ([`Made`]: the judge text, the answer, a plan and the difficulty
//! record) and writes it. So the output code — judge file, `--answers`,
//! JSON Lines, the progress line, Ctrl-C — is written once.
//!
//! Cases are written and flushed one at a time, and the terminator is
//! written however the run ends (all cases made, Ctrl-C, or giving up), so
//! the output is always a complete judge input. The generation itself is
//! sequential: the sampler's later choices depend on earlier results (its
//! density bandit), and one thread keeps "same seed, same bytes" trivially
//! true.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use gridpuzzle_curling as curling;
use gridpuzzle_engine::generate::{Best, Difficulty, SampleStats, Stop, Want};
use gridpuzzle_engine::grid::plan_string;
use gridpuzzle_engine::search::Search;
use gridpuzzle_engine::{Dir, Pos};
use gridpuzzle_holedox as holedox;
use serde_json::json;

use crate::args::{parse_cap, parse_cell, parse_seconds, Cap, Format, TailRuleArg};
use crate::Exit;

const AFTER_HELP: &str = "\
The answer range is inclusive: `--answer 5..8` keeps boards whose optimum is
5, 6, 7 or 8; `--answer 12..` has no upper end; `--answer -1` keeps only
boards proved unsolvable. Every stated answer is proved by the exact solver;
a board whose search hits the budget (--max-states) is dropped, never guessed.
The same options and --seed give the same bytes on every machine.

--size is always WIDTH x HEIGHT (columns x rows), for both puzzles: a Holedox
lair of --size 20x10 has n = 10 rows and m = 20 columns in its `n m L` line.

Output: a judge-format input (cases, then the terminator line) on standard
output or -o FILE; --answers FILE writes the judge output for it; --format
json writes JSON Lines instead, one object per case with the case's judge
text (plus terminator), the answer, an optimal plan and a difficulty record
(optimum, optimal first moves, states expanded).

On a terminal a progress line is shown on standard error. Ctrl-C stops the
run: the cases made so far are kept, the terminator is written and the exit
status is 130. If --attempts boards in a row miss the wanted range, the run
stops with the cases made so far and exit status 2.

--hardest searches (simulated annealing over block/stone edits) for the board
with the largest optimum until --time runs out or Ctrl-C (exit status 0
either way). Each improvement is reported on standard error; at the end the
best board is written as a one-case judge input, its answer on standard error.

Examples:
  gridpuzzle generate curling --size 12x12 --count 20 --seed 7 --answer 6..10
  gridpuzzle generate curling --size 20x20 --count 5 --answer -1 --answers out.txt -o in.txt
  gridpuzzle generate holedox --size 20x20 --len 8 --count 10 --seed 1 --answer 40..
  gridpuzzle generate holedox --size 9x6 --len 4 --stones 25 --format json
  gridpuzzle generate holedox --size 20x20 --len 8 --hardest --time 120 -o hard.in
  gridpuzzle generate curling --size 20x20 --max-throws none --hardest --time 120";

#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct GenerateCommand {
    #[command(subcommand)]
    pub puzzle: GeneratePuzzle,

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
          allow_hyphen_values = true, value_parser = parse_want)]
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

#[derive(Debug, Subcommand)]
pub enum GeneratePuzzle {
    /// Curling 2.0 boards
    Curling(GenCurlingArgs),
    /// Holedox Moving lairs
    Holedox(GenHoledoxArgs),
}

#[derive(Debug, Args)]
pub struct GenCurlingArgs {
    /// Board size, WIDTHxHEIGHT (columns x rows), such as 20x20
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: (u32, u32),

    /// Percent of blocks (default: learned, per board, from what gave wanted answers)
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub blocks: Option<u32>,

    /// Most throws allowed, or `none` for no cap (the judge's rule is 10)
    #[arg(long, value_name = "N|none", default_value = "10", value_parser = parse_cap)]
    pub max_throws: Cap,
}

#[derive(Debug, Args)]
pub struct GenHoledoxArgs {
    /// Lair size, WIDTHxHEIGHT (columns x rows), such as 20x20
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: (u32, u32),

    /// Body length L (the judge's range is 2 to 8)
    #[arg(long, value_name = "L")]
    pub len: u32,

    /// Percent of stones (default: learned, per lair, from what gave wanted answers)
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub stones: Option<u32>,

    /// The exit as 1-based `ROW,COLUMN` (solve the output with the same --exit)
    #[arg(long, value_name = "R,C", default_value = "1,1", value_parser = parse_cell)]
    pub exit: (u32, u32),

    /// `strict` (the judge's) or `lenient`; solve the output with the same rule
    #[arg(long, value_enum, default_value_t = TailRuleArg::Strict)]
    pub tail_rule: TailRuleArg,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = crate::args::parse_size(s)?;
    if w > 2048 || h > 2048 {
        return Err(format!("at most 2048 columns and 2048 rows, found `{s}`"));
    }
    Ok((w, h))
}

fn parse_want(s: &str) -> Result<Want, String> {
    Want::parse(s)
}

/// One generated case in the shape every output uses.
struct Made {
    /// The judge text of the case, without the terminator.
    text: String,
    answer: i64,
    plan: Vec<Dir>,
    difficulty: Difficulty,
}

/// A puzzle's generator as the writer sees it.
trait Source {
    fn next_made(&mut self) -> Option<Result<Made, Stop>>;
    fn stats(&self) -> SampleStats;
    fn on_progress(&mut self, report: Box<dyn FnMut(&SampleStats)>);
}

impl Source for curling::generate::Generator {
    fn next_made(&mut self) -> Option<Result<Made, Stop>> {
        Some(self.next()?.map(|g| Made {
            text: curling::parse::write_dataset(&g.board),
            answer: g.difficulty.optimum,
            plan: g.plan,
            difficulty: g.difficulty,
        }))
    }

    fn stats(&self) -> SampleStats {
        curling::generate::Generator::stats(self)
    }

    fn on_progress(&mut self, report: Box<dyn FnMut(&SampleStats)>) {
        curling::generate::Generator::on_progress(self, report);
    }
}

impl Source for holedox::generate::Generator {
    fn next_made(&mut self) -> Option<Result<Made, Stop>> {
        Some(self.next()?.map(|g| Made {
            text: holedox::parse::write_case(&g.board),
            answer: g.difficulty.optimum,
            plan: g.plan,
            difficulty: g.difficulty,
        }))
    }

    fn stats(&self) -> SampleStats {
        holedox::generate::Generator::stats(self)
    }

    fn on_progress(&mut self, report: Box<dyn FnMut(&SampleStats)>) {
        holedox::generate::Generator::on_progress(self, report);
    }
}

/// What differs between the puzzles in the output.
struct Style {
    terminator: &'static str,
    /// `Case X: ` before Holedox answers.
    numbered: bool,
    /// Plural word for moves.
    moves: &'static str,
}

const CURLING: Style = Style {
    terminator: curling::generate::TERMINATOR,
    numbered: false,
    moves: "throws",
};

const HOLEDOX: Style = Style {
    terminator: holedox::generate::TERMINATOR,
    numbered: true,
    moves: "steps",
};

impl Style {
    fn answer_line(&self, n: u64, answer: i64) -> String {
        if self.numbered {
            format!("Case {n}: {answer}\n")
        } else {
            format!("{answer}\n")
        }
    }
}

pub fn run(cmd: GenerateCommand) -> Result<Exit> {
    let seed = match cmd.seed {
        Some(s) => s,
        None => {
            let s = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
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
    match &cmd.puzzle {
        GeneratePuzzle::Curling(a) => run_curling(&cmd, a, seed, cancel),
        GeneratePuzzle::Holedox(a) => run_holedox(&cmd, a, seed, cancel),
    }
}

fn run_curling(
    cmd: &GenerateCommand,
    a: &GenCurlingArgs,
    seed: u64,
    cancel: Arc<AtomicBool>,
) -> Result<Exit> {
    let (width, height) = a.size;
    if (width as u64) * (height as u64) < 2 {
        bail!("a Curling board needs at least two cells (a start and a goal), found --size {width}x{height}");
    }
    let cap = a.max_throws.0;
    if cmd.hardest {
        let max_expanded = cmd
            .max_states
            .unwrap_or(curling::generate::HARDEST_MAX_EXPANDED);
        let opts = curling::generate::HardestOptions {
            width,
            height,
            max_throws: cap,
            density: a.blocks.unwrap_or(20),
            time: Duration::from_secs_f64(cmd.time),
            max_expanded,
            cancel: Some(cancel),
        };
        let mut report = Reporter::new(CURLING.moves);
        let best = curling::generate::hardest(&opts, seed, |b, t| report.improved(b, t));
        let best = best.map(|b| {
            let made = made_of_best(&b, curling::parse::write_dataset(&b.board), |board, s| {
                let o = curling::Options {
                    max_throws: cap,
                    ..Default::default()
                };
                curling::generate::difficulty(
                    board,
                    s,
                    &o,
                    &gridpuzzle_engine::search::Limits::none(),
                )
            });
            (made, b.evaluated)
        });
        return finish_hardest(cmd, &CURLING, best);
    }
    if cmd.answer.max == Some(0) {
        bail!("a Curling board needs at least one throw: --answer 0 asks for the impossible");
    }
    if let Some(cap) = cap {
        if cmd.answer.min > cap as i64 {
            bail!(
                "no board needs {} throws under a cap of {cap}: raise --max-throws or lower --answer",
                cmd.answer.min
            );
        }
    }
    let max_expanded = cmd
        .max_states
        .unwrap_or(curling::generate::DEFAULT_MAX_EXPANDED);
    let opts = curling::generate::GenerateOptions {
        width,
        height,
        want: cmd.answer,
        density: a.blocks,
        max_throws: cap,
        max_expanded,
        attempts: cmd.attempts,
        cancel: Some(Arc::clone(&cancel)),
    };
    let mut source = curling::generate::generate(&opts, seed);
    write_all(cmd, &CURLING, &mut source, &cancel)
}

fn run_holedox(
    cmd: &GenerateCommand,
    a: &GenHoledoxArgs,
    seed: u64,
    cancel: Arc<AtomicBool>,
) -> Result<Exit> {
    let (cols, rows) = a.size;
    let (er, ec) = a.exit;
    if er > rows || ec > cols {
        bail!(
            "the exit at row {er}, column {ec} is outside a lair of {rows} rows and {cols} columns"
        );
    }
    let exit = Pos::new(er - 1, ec - 1);
    let max_len = holedox::max_len_for(rows, cols).min(rows.saturating_mul(cols));
    if a.len == 0 || a.len > max_len {
        bail!(
            "--len {} does not fit: a lair of {rows} rows and {cols} columns takes a body of 1 to {max_len} segments",
            a.len
        );
    }
    let rule = match a.tail_rule {
        TailRuleArg::Strict => holedox::TailRule::Strict,
        TailRuleArg::Lenient => holedox::TailRule::Lenient,
    };
    let max_expanded = cmd
        .max_states
        .unwrap_or(holedox::generate::DEFAULT_MAX_EXPANDED);
    if cmd.hardest {
        let opts = holedox::generate::HardestOptions {
            rows,
            cols,
            len: a.len as usize,
            exit,
            rule,
            density: a.stones.unwrap_or(20),
            time: Duration::from_secs_f64(cmd.time),
            max_expanded,
            cancel: Some(cancel),
        };
        let mut report = Reporter::new(HOLEDOX.moves);
        let best = holedox::generate::hardest(&opts, seed, |b, t| report.improved(b, t));
        let best = best.map(|b| {
            let made = made_of_best(&b, holedox::parse::write_case(&b.board), |case, s| {
                holedox::generate::difficulty(
                    case,
                    s,
                    rule,
                    &gridpuzzle_engine::search::Limits::none(),
                )
            });
            (made, b.evaluated)
        });
        return finish_hardest(cmd, &HOLEDOX, best);
    }
    let opts = holedox::generate::GenerateOptions {
        rows,
        cols,
        len: a.len as usize,
        exit,
        rule,
        want: cmd.answer,
        density: a.stones,
        max_expanded,
        attempts: cmd.attempts,
        cancel: Some(Arc::clone(&cancel)),
    };
    let mut source = holedox::generate::generate(&opts, seed);
    write_all(cmd, &HOLEDOX, &mut source, &cancel)
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

fn json_record(n: u64, made: &Made, style: &Style) -> serde_json::Value {
    let d = &made.difficulty;
    json!({
        "case": n,
        "input": format!("{}{}", made.text, style.terminator),
        "answer": made.answer,
        "moves": plan_string(&made.plan),
        "difficulty": {
            "optimum": d.optimum,
            "optimal_first_moves": d.optimal_first_moves,
            "expanded": d.expanded,
        },
    })
}

/// Writes cases as they come, then the terminator; see the module docs.
fn write_all(
    cmd: &GenerateCommand,
    style: &Style,
    source: &mut dyn Source,
    cancel: &AtomicBool,
) -> Result<Exit> {
    let mut out = create(cmd.output.as_deref())?;
    let mut answers = match &cmd.answers {
        Some(p) => Some(create(Some(p))?),
        None => None,
    };
    let progress = Rc::new(RefCell::new(Progress::new(cmd.count)));
    if progress.borrow().on {
        let p = Rc::clone(&progress);
        source.on_progress(Box::new(move |stats| p.borrow_mut().show(stats)));
    }
    let mut made_count = 0u64;
    let mut stopped = None;
    while made_count < cmd.count {
        match source.next_made() {
            Some(Ok(made)) => {
                made_count += 1;
                progress.borrow_mut().made = made_count;
                match cmd.format {
                    Format::Judge => out.write_all(made.text.as_bytes())?,
                    Format::Json => {
                        writeln!(out, "{}", json_record(made_count, &made, style))?;
                    }
                }
                out.flush()?;
                if let Some(a) = answers.as_mut() {
                    a.write_all(style.answer_line(made_count, made.answer).as_bytes())?;
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
    progress.borrow().clear();
    if cmd.format == Format::Judge {
        out.write_all(style.terminator.as_bytes())?;
    }
    out.flush()?;
    let stats = source.stats();
    match stopped {
        Some(Stop::Cancelled) => {
            eprintln!(
                "gridpuzzle: interrupted: kept the {made_count} of {} puzzles made so far",
                cmd.count
            );
            Ok(Exit::Interrupted)
        }
        Some(Stop::GaveUp { attempts }) => {
            bail!(
                "gave up after {attempts} boards in a row without an optimum in {} \
                 ({made_count} of {} puzzles made, {} boards solved in all, {} dropped at the \
                 search budget); try another --answer, size or density",
                want_text(&cmd.answer),
                cmd.count,
                stats.solved,
                stats.dropped
            )
        }
        // A Ctrl-C between two puzzles ends the run as well.
        None if cancel.load(Ordering::Relaxed) && made_count < cmd.count => Ok(Exit::Interrupted),
        None => Ok(Exit::Ok),
    }
}

fn want_text(w: &Want) -> String {
    match w.max {
        Some(max) if max == w.min => format!("{max}"),
        Some(max) => format!("{}..{max}", w.min),
        None => format!("{}..", w.min),
    }
}

/// The `--hardest` board as a [`Made`]; its difficulty record is proved
/// with no budget (the board was already solved once within it).
fn made_of_best<B: Clone>(
    best: &Best<B, Dir>,
    text: String,
    difficulty: impl Fn(&B, &Search<Dir>) -> Option<Difficulty>,
) -> Made {
    let difficulty = difficulty(&best.board, &best.search).unwrap_or(Difficulty {
        optimum: best.answer,
        optimal_first_moves: 0,
        expanded: best.search.stats.expanded,
    });
    Made {
        text,
        answer: best.answer,
        plan: best.search.outcome.moves().unwrap_or(&[]).to_vec(),
        difficulty,
    }
}

fn finish_hardest(cmd: &GenerateCommand, style: &Style, best: Option<(Made, u64)>) -> Result<Exit> {
    let Some((made, evaluated)) = best else {
        bail!("no solvable starting board was found in the time given; try a longer --time or another size");
    };
    let mut out = create(cmd.output.as_deref())?;
    match cmd.format {
        Format::Judge => {
            out.write_all(made.text.as_bytes())?;
            out.write_all(style.terminator.as_bytes())?;
        }
        Format::Json => writeln!(out, "{}", json_record(1, &made, style))?,
    }
    out.flush()?;
    if let Some(p) = &cmd.answers {
        let mut a = create(Some(p))?;
        a.write_all(style.answer_line(1, made.answer).as_bytes())?;
        a.flush()?;
    }
    eprintln!(
        "answer {} {} ({evaluated} boards solved)",
        made.answer, style.moves
    );
    Ok(Exit::Ok)
}

/// Prints each improvement of `--hardest` on standard error.
struct Reporter {
    moves: &'static str,
}

impl Reporter {
    fn new(moves: &'static str) -> Reporter {
        Reporter { moves }
    }

    fn improved<B>(&mut self, best: &Best<B, Dir>, elapsed: Duration) {
        eprintln!(
            "best {} {} after {:.2} s ({} boards solved)",
            best.answer,
            self.moves,
            elapsed.as_secs_f64(),
            best.evaluated
        );
    }
}

/// A one-line progress report on standard error, redrawn at most ten
/// times a second, only when standard error is a terminal.
struct Progress {
    on: bool,
    made: u64,
    total: u64,
    began: Instant,
    last: Option<Instant>,
}

impl Progress {
    fn new(total: u64) -> Progress {
        Progress {
            on: io::stderr().is_terminal(),
            made: 0,
            total,
            began: Instant::now(),
            last: None,
        }
    }

    fn show(&mut self, stats: &SampleStats) {
        let made = self.made;
        if !self.on
            || self
                .last
                .is_some_and(|t| t.elapsed() < Duration::from_millis(100))
        {
            return;
        }
        self.last = Some(Instant::now());
        let width = 24u64;
        let filled = (made * width)
            .checked_div(self.total)
            .unwrap_or(0)
            .min(width) as usize;
        eprint!(
            "\r[{}{}] {made}/{} puzzles, {} boards solved, {:.1} s \x1b[K",
            "#".repeat(filled),
            "-".repeat(width as usize - filled),
            self.total,
            stats.solved,
            self.began.elapsed().as_secs_f64()
        );
    }

    fn clear(&self) {
        if self.on && self.last.is_some() {
            eprint!("\r\x1b[K");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_ranges_parse() {
        assert_eq!(parse_size("20x10"), Ok((20, 10)));
        assert_eq!(parse_size("3X4"), Ok((3, 4)));
        assert!(parse_size("0x5").is_err());
        assert!(parse_size("5").is_err());
        assert_eq!(
            parse_want("5..8"),
            Ok(Want {
                min: 5,
                max: Some(8)
            })
        );
        assert_eq!(
            parse_want("5..=8"),
            Ok(Want {
                min: 5,
                max: Some(8)
            })
        );
        assert_eq!(parse_want("12.."), Ok(Want { min: 12, max: None }));
        assert_eq!(parse_want("-1"), Ok(Want::exactly(-1)));
        assert_eq!(parse_want("7"), Ok(Want::exactly(7)));
        assert!(parse_want("5..2").is_err());
        assert!(parse_want("-2").is_err());
        assert!(parse_want("..3").is_err());
    }
}
