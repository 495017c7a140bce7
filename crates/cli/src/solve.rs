//! `gridpuzzle solve`: judge mode.
//!
//! Cases are read lazily and each answer is written and flushed before the
//! next case is read, so when case 7 is malformed the answers of cases 1–6
//! are already out, then one error line goes to stderr and the exit code is 2.

use std::io::{self, Write};

use anyhow::Result;
use gridpuzzle_curling as curling;
use gridpuzzle_engine::search::{Limits, Outcome, Search};
use gridpuzzle_engine::{Dir, InputError};

use crate::args::{CurlingArgs, SolveCommand, SolvePuzzle};
use crate::{input, Exit};

pub fn run(cmd: SolveCommand) -> Result<Exit> {
    match cmd.puzzle {
        SolvePuzzle::Curling(args) => curling_cmd(args),
        SolvePuzzle::Holedox(_) => anyhow::bail!("holedox is not wired yet"),
    }
}

fn curling_cmd(args: CurlingArgs) -> Result<Exit> {
    let reader = input::open(args.input.file.as_deref())?;
    let opts = curling::Options {
        max_throws: args.max_throws.0,
        ..Default::default()
    };
    let limits = Limits::none();
    drive(curling::Datasets::new(reader), "dataset", |_, board| {
        let found = curling::solve(board, &opts, &limits);
        judge_answer(&found)
    })
}

/// The judge's answer for one search: the move count, `-1`, or `limit`.
fn judge_answer(found: &Search<Dir>) -> Answer {
    match &found.outcome {
        Outcome::Solved(moves) => Answer::Known(moves.len().to_string()),
        Outcome::Unsolvable => Answer::Known("-1".into()),
        Outcome::Limit(hit) => Answer::Limit(hit.to_string()),
    }
}

enum Answer {
    Known(String),
    Limit(String),
}

/// Runs every case, printing each answer as soon as it is known.
fn drive<T>(
    cases: impl Iterator<Item = Result<T, InputError>>,
    unit: &str,
    mut answer: impl FnMut(u64, &T) -> Answer,
) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    let format = |n: u64, text: &str| {
        if unit == "case" {
            format!("Case {n}: {text}")
        } else {
            text.to_string()
        }
    };
    for (i, case) in cases.enumerate() {
        let n = i as u64 + 1;
        match case {
            Ok(case) => match answer(n, &case) {
                Answer::Known(text) => writeln!(out, "{}", format(n, &text))?,
                Answer::Limit(why) => {
                    writeln!(out, "{}", format(n, "limit"))?;
                    out.flush()?;
                    eprintln!("gridpuzzle: {unit} {n}: {why}; the answer is not known");
                    exit = Exit::LimitReached;
                }
            },
            Err(e) => {
                out.flush()?;
                eprintln!("gridpuzzle: {e}");
                return Ok(Exit::BadInput);
            }
        }
        out.flush()?;
    }
    Ok(exit)
}
