//! `gridpuzzle solve`: judge mode, `--explain` and `--format json`.
//!
//! Cases are read lazily and each answer is written and flushed before the
//! next case is read, so when case 7 is malformed the answers of cases 1–6
//! are already out, then one error line goes to stderr and the exit code is 2.

use std::io::{self, IsTerminal, Write};

use anyhow::Result;
use gridpuzzle_engine::grid::plan_string;
use gridpuzzle_engine::search::{Limits, Outcome, Search};
use gridpuzzle_engine::{Dir, InputError};
use serde_json::json;

use crate::args::{Format, SolveCommand};
use crate::puzzles::{split, Chosen, Puzzle, TextStyle};
use crate::{input, Exit};

pub fn run(cmd: SolveCommand) -> Result<Exit> {
    let (file, chosen) = split(cmd.puzzle);
    let reader = input::open(file.as_deref())?;
    let mode = if cmd.explain {
        Mode::Explain(TextStyle {
            ascii: cmd.ascii,
            color: use_color(),
        })
    } else if cmd.format == Format::Json {
        Mode::Json
    } else {
        Mode::Judge
    };
    let limits = Limits::none();
    match chosen {
        Chosen::Curling(p) => drive(&p, p.cases(reader), mode, &limits),
        Chosen::Holedox(p) => drive(&p, p.cases(reader), mode, &limits),
    }
}

/// Colour only for a terminal, and never when `NO_COLOR` is set.
pub fn use_color() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

#[derive(Debug, Clone, Copy)]
enum Mode {
    Judge,
    Json,
    Explain(TextStyle),
}

/// Runs every case, printing each answer as soon as it is known.
fn drive<P: Puzzle>(
    puzzle: &P,
    cases: impl Iterator<Item = Result<P::Case, InputError>>,
    mode: Mode,
    limits: &Limits,
) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (i, case) in cases.enumerate() {
        let n = i as u64 + 1;
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                out.flush()?;
                eprintln!("gridpuzzle: {e}");
                return Ok(Exit::BadInput);
            }
        };
        let found = puzzle.solve(&case, limits);
        if let Outcome::Limit(hit) = &found.outcome {
            exit = Exit::LimitReached;
            out.flush()?;
            eprintln!(
                "gridpuzzle: {} {n}: {hit}; the answer is not known",
                P::UNIT
            );
        }
        match mode {
            Mode::Judge => writeln!(out, "{}", puzzle.judge_line(n, &judge_answer(&found)))?,
            Mode::Json => writeln!(out, "{}", json_line(n, &found))?,
            Mode::Explain(style) => explain(puzzle, n, &case, &found, style, &mut out)?,
        }
        out.flush()?;
    }
    Ok(exit)
}

/// The judge's answer: the move count, `-1`, or `limit`.
fn judge_answer(found: &Search<Dir>) -> String {
    match &found.outcome {
        Outcome::Solved(moves) => moves.len().to_string(),
        Outcome::Unsolvable => "-1".into(),
        Outcome::Limit(_) => "limit".into(),
    }
}

/// One JSON Lines record.
pub fn json_line(n: u64, found: &Search<Dir>) -> serde_json::Value {
    let stats = json!({
        "expanded": found.stats.expanded,
        "generated": found.stats.generated,
        "millis": found.stats.elapsed.as_secs_f64() * 1000.0,
    });
    match &found.outcome {
        Outcome::Solved(moves) => json!({
            "case": n, "answer": moves.len(), "outcome": "solved",
            "moves": plan_string(moves), "stats": stats,
        }),
        Outcome::Unsolvable => json!({
            "case": n, "answer": -1, "outcome": "unsolvable", "moves": "", "stats": stats,
        }),
        Outcome::Limit(hit) => json!({
            "case": n, "answer": null, "outcome": "limit", "moves": "",
            "reason": hit.to_string(), "stats": stats,
        }),
    }
}

fn explain<P: Puzzle>(
    puzzle: &P,
    n: u64,
    case: &P::Case,
    found: &Search<Dir>,
    style: TextStyle,
    out: &mut impl Write,
) -> io::Result<()> {
    let unit = capitalized(P::UNIT);
    let plan: &[Dir] = match &found.outcome {
        Outcome::Solved(moves) => {
            let spaced: Vec<String> = moves.iter().map(|d| d.to_string()).collect();
            writeln!(
                out,
                "{unit} {n}: {} {}: {}",
                moves.len(),
                P::MOVES,
                spaced.join(" ")
            )?;
            moves
        }
        Outcome::Unsolvable => {
            writeln!(
                out,
                "{unit} {n}: -1, {} (proved by an exhaustive search)",
                puzzle.unsolvable()
            )?;
            &[]
        }
        Outcome::Limit(hit) => {
            writeln!(out, "{unit} {n}: limit, {hit}; the answer is not known")?;
            &[]
        }
    };
    write!(out, "{}", puzzle.explain(case, plan, style))?;
    writeln!(out)
}

fn capitalized(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
