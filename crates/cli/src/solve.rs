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
use gridpuzzle_holedox as holedox;

use crate::args::{CurlingArgs, HoledoxArgs, SolveCommand, SolvePuzzle, TailRuleArg};
use crate::{input, Exit};

pub fn run(cmd: SolveCommand) -> Result<Exit> {
    match cmd.puzzle {
        SolvePuzzle::Curling(args) => curling_cmd(args),
        SolvePuzzle::Holedox(args) => holedox_cmd(args),
    }
}

fn curling_cmd(args: CurlingArgs) -> Result<Exit> {
    let reader = input::open(args.input.file.as_deref())?;
    let opts = curling::Options {
        max_throws: args.max_throws.0,
        ..Default::default()
    };
    let limits = Limits::none();
    let judge_line = |_: u64, answer: &str| answer.to_string();
    drive(
        curling::Datasets::new(reader),
        "dataset",
        judge_line,
        |board| judge_answer(&curling::solve(board, &opts, &limits)),
    )
}

fn holedox_cmd(args: HoledoxArgs) -> Result<Exit> {
    let reader = input::open(args.input.file.as_deref())?;
    let rule = match args.tail_rule {
        TailRuleArg::Strict => holedox::TailRule::Strict,
        TailRuleArg::Lenient => holedox::TailRule::Lenient,
    };
    let parse = holedox::ParseOptions { exit: args.exit };
    let limits = Limits::none();
    let judge_line = |n: u64, answer: &str| format!("Case {n}: {answer}");
    drive(
        holedox::Cases::new(reader, parse),
        "case",
        judge_line,
        |case| judge_answer(&holedox::solve(case, rule, &limits)),
    )
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
///
/// `line(n, answer)` is the judge's output line for case `n`; `unit` names a
/// case in messages ("dataset" or "case", as the puzzle's statement does).
fn drive<T>(
    cases: impl Iterator<Item = Result<T, InputError>>,
    unit: &str,
    line: impl Fn(u64, &str) -> String,
    mut answer: impl FnMut(&T) -> Answer,
) -> Result<Exit> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut exit = Exit::Ok;
    for (i, case) in cases.enumerate() {
        let n = i as u64 + 1;
        match case {
            Ok(case) => match answer(&case) {
                Answer::Known(text) => writeln!(out, "{}", line(n, &text))?,
                Answer::Limit(why) => {
                    writeln!(out, "{}", line(n, "limit"))?;
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
