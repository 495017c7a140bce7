//! `gridpuzzle verify`: check the user's plans, one line per case.
//!
//! Each plan is replayed through the puzzle's rules by the puzzle's own
//! checker; the verdict names the first illegal move and why, a goal not
//! reached, or how the plan's length compares with the optimum.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use gridpuzzle_engine::grid::parse_plan;
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::{Dir, InputError};

use crate::args::{BudgetArgs, VerifyCommand};
use crate::puzzles::{split, Chosen, Puzzle};
use crate::{input, Exit};

/// One line of the plans.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Plan {
    Skip,
    Moves(Vec<Dir>),
}

pub fn run(cmd: VerifyCommand) -> Result<Exit> {
    let (plans, single) = match (&cmd.moves_file, &cmd.moves) {
        (Some(path), _) => (read_plans(path)?, false),
        (None, Some(moves)) => (vec![parse_line(moves, "--moves", 1)?], true),
        (None, None) => {
            bail!("give the plans with --moves-file PLANS (one line per case) or --moves MOVES")
        }
    };
    let (file, chosen) = split(&cmd.puzzle);
    let reader = input::open(file.as_deref())?;
    let budget = cmd.budget;
    match chosen {
        Chosen::Curling(p) => check_all(&p, p.cases(reader), &plans, single, &budget),
        Chosen::Holedox(p) => check_all(&p, p.cases(reader), &plans, single, &budget),
    }
}

fn read_plans(path: &Path) -> Result<Vec<Plan>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the moves file {}", path.display()))?;
    let name = path.display().to_string();
    text.lines()
        .enumerate()
        .map(|(i, line)| parse_line(line, &name, i + 1))
        .collect()
}

fn parse_line(line: &str, source: &str, number: usize) -> Result<Plan> {
    if line.trim() == "-" {
        return Ok(Plan::Skip);
    }
    match parse_plan(line) {
        Ok(moves) => Ok(Plan::Moves(moves)),
        Err((index, c)) => bail!(
            "{source}, line {number}, column {}: expected a move (U, D, L or R), a `-` to skip the case, found `{c}`",
            index + 1
        ),
    }
}

fn check_all<P: Puzzle>(
    puzzle: &P,
    cases: impl Iterator<Item = Result<P::Case, InputError>>,
    plans: &[Plan],
    single: bool,
    budget: &BudgetArgs,
) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    let (mut good, mut bad, mut skipped) = (0, 0, 0);
    let mut count = 0;
    for (i, case) in cases.enumerate() {
        let n = i + 1;
        let case = match case {
            Ok(case) => case,
            Err(e) => {
                eprintln!("gridpuzzle: {e}");
                return Ok(Exit::BadInput);
            }
        };
        if single && n > 1 {
            bail!("--moves is for an input with a single case, and this one has more: use --moves-file");
        }
        count = n;
        let unit = P::UNIT;
        let line = match plans.get(i) {
            None => {
                bad += 1;
                format!(
                    "{unit} {n}: no plan given (the plans have {} lines)",
                    plans.len()
                )
            }
            Some(Plan::Skip) => {
                skipped += 1;
                format!("{unit} {n}: skipped")
            }
            Some(Plan::Moves(moves)) => {
                let verdict = puzzle.verify(&case, moves, &budget.limits());
                if verdict.is_optimal() {
                    good += 1;
                } else {
                    bad += 1;
                }
                let text = verdict.describe(P::MOVES);
                match verdict {
                    Verdict::Illegal { .. } => format!("{unit} {n}, {text}"),
                    _ => format!("{unit} {n}: {text}"),
                }
            }
        };
        writeln!(out, "{line}")?;
    }
    if plans.len() > count {
        eprintln!(
            "gridpuzzle: warning: {} plans for {count} {}s; the extra ones were not checked",
            plans.len(),
            P::UNIT
        );
    }
    writeln!(out, "{good} optimal, {bad} not, {skipped} skipped")?;
    Ok(if bad == 0 {
        Exit::Ok
    } else {
        Exit::PlanRejected
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_lines_parse() {
        assert_eq!(parse_line(" - ", "p", 1).unwrap(), Plan::Skip);
        assert_eq!(parse_line("", "p", 1).unwrap(), Plan::Moves(vec![]));
        assert_eq!(
            parse_line("r d", "p", 1).unwrap(),
            Plan::Moves(vec![Dir::Right, Dir::Down])
        );
        // Columns count characters: a non-ASCII character before the bad
        // move must not be taken for a byte offset.
        let e = parse_line("\u{a0}X", "p", 1).unwrap_err().to_string();
        assert!(e.starts_with("p, line 1, column 2: "), "{e}");
        let e = parse_line("RDX", "plans.txt", 3).unwrap_err().to_string();
        assert_eq!(
            e,
            "plans.txt, line 3, column 3: expected a move (U, D, L or R), a `-` to skip the case, found `X`"
        );
    }
}
