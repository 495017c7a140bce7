//! One face for both puzzles, so each command is written once.
//!
//! The library crates have the same shape (parse, solve, verify, render) but
//! their own types; [`Puzzle`] is the thin adapter the commands use. Nothing
//! here knows a rule: every method forwards to the puzzle's crate.

use std::io::BufRead;
use std::path::PathBuf;

use gridpuzzle_curling as curling;
use gridpuzzle_engine::generate::Want;
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::{Dir, InputError, Pos};
use gridpuzzle_holedox as holedox;

use crate::args::{CurlingArgs, HoledoxArgs, PuzzleArgs, TailRuleArg};

/// Text drawing options of `--explain`.
#[derive(Debug, Clone, Copy)]
pub struct TextStyle {
    pub ascii: bool,
    pub color: bool,
}

pub type Cases<C> = Box<dyn Iterator<Item = Result<C, InputError>>>;

pub trait Puzzle {
    type Case;
    /// The statement's word for one case ("dataset", "case").
    const UNIT: &'static str;
    /// The word for moves, plural ("throws", "steps").
    const MOVES: &'static str;
    /// The title of pictures.
    const TITLE: &'static str;

    fn cases(&self, reader: Box<dyn BufRead>) -> Cases<Self::Case>;
    /// The judge's output line for case `n`.
    fn judge_line(&self, n: u64, answer: &str) -> String;
    fn solve(&self, case: &Self::Case, limits: &Limits) -> Search<Dir>;
    /// What `-1` means for this puzzle, for humans.
    fn unsolvable(&self) -> String;
    /// Boards of a plan the solver returned (always legal).
    fn explain(&self, case: &Self::Case, plan: &[Dir], style: TextStyle) -> String;
    fn svg(&self, case: &Self::Case, plan: &[Dir], still: Option<usize>) -> String;
    fn verify(&self, case: &Self::Case, plan: &[Dir], limits: &Limits) -> Verdict;

    /// The case as a single-case judge input, terminator included.
    fn judge_input(&self, case: &Self::Case) -> String;
    /// The answer in a program's judge output for a single-case input.
    fn parse_answer(&self, output: &str) -> Option<i64>;
    /// A random case of at most `width × height` from the generator
    /// (`None` if none could be made).
    fn random_case(&self, seed: u64, width: u32, height: u32) -> Option<Self::Case>;
    /// The cases one edit smaller (for shrinking a failing case).
    fn smaller(&self, case: &Self::Case) -> Vec<Self::Case>;
}

/// Boards the stress tester asks of a generator before it gives up on a
/// size, and the search budget of each.
const STRESS_ATTEMPTS: u64 = 200;
const STRESS_BUDGET: u64 = 200_000;

pub struct Curling {
    pub opts: curling::Options,
}

impl Puzzle for Curling {
    type Case = curling::Board;
    const UNIT: &'static str = "dataset";
    const MOVES: &'static str = "throws";
    const TITLE: &'static str = "Curling 2.0";

    fn cases(&self, reader: Box<dyn BufRead>) -> Cases<curling::Board> {
        Box::new(curling::Datasets::new(reader))
    }

    fn judge_line(&self, _: u64, answer: &str) -> String {
        answer.to_string()
    }

    fn solve(&self, case: &curling::Board, limits: &Limits) -> Search<Dir> {
        curling::solve(case, &self.opts, limits)
    }

    fn unsolvable(&self) -> String {
        match self.opts.max_throws {
            Some(cap) => format!("no sequence of at most {cap} throws reaches the goal"),
            None => "no sequence of throws reaches the goal".into(),
        }
    }

    fn explain(&self, case: &curling::Board, plan: &[Dir], style: TextStyle) -> String {
        let style = curling::render::TextStyle {
            ascii: style.ascii,
            color: style.color,
        };
        curling::render::explain(case, plan, style)
            .unwrap_or_else(|e| format!("(cannot replay: {e})\n"))
    }

    fn svg(&self, case: &curling::Board, plan: &[Dir], still: Option<usize>) -> String {
        curling::render::svg(case, plan, still)
            .unwrap_or_else(|e| format!("<!-- cannot replay: {e} -->"))
    }

    fn verify(&self, case: &curling::Board, plan: &[Dir], limits: &Limits) -> Verdict {
        curling::verify(case, plan, &self.opts, limits)
    }

    fn judge_input(&self, case: &curling::Board) -> String {
        format!(
            "{}{}",
            curling::parse::write_dataset(case),
            curling::parse::TERMINATOR
        )
    }

    fn parse_answer(&self, output: &str) -> Option<i64> {
        output.trim().parse().ok()
    }

    fn random_case(&self, seed: u64, width: u32, height: u32) -> Option<curling::Board> {
        let opts = curling::generate::GenerateOptions {
            width,
            height,
            want: Want { min: -1, max: None },
            density: None,
            max_throws: self.opts.max_throws,
            max_expanded: STRESS_BUDGET,
            attempts: STRESS_ATTEMPTS,
            cancel: None,
        };
        curling::generate::generate(&opts, seed)
            .next()?
            .ok()
            .map(|g| g.board)
    }

    fn smaller(&self, case: &curling::Board) -> Vec<curling::Board> {
        curling::shrink::smaller(case)
    }
}

pub struct Holedox {
    pub rule: holedox::TailRule,
    pub exit: (u32, u32),
}

impl Puzzle for Holedox {
    type Case = holedox::Case;
    const UNIT: &'static str = "case";
    const MOVES: &'static str = "steps";
    const TITLE: &'static str = "Holedox Moving";

    fn cases(&self, reader: Box<dyn BufRead>) -> Cases<holedox::Case> {
        Box::new(holedox::Cases::new(
            reader,
            holedox::ParseOptions { exit: self.exit },
        ))
    }

    fn judge_line(&self, n: u64, answer: &str) -> String {
        format!("Case {n}: {answer}")
    }

    fn solve(&self, case: &holedox::Case, limits: &Limits) -> Search<Dir> {
        holedox::solve(case, self.rule, limits)
    }

    fn unsolvable(&self) -> String {
        "the head can never reach the exit".into()
    }

    fn explain(&self, case: &holedox::Case, plan: &[Dir], style: TextStyle) -> String {
        let style = holedox::render::TextStyle {
            ascii: style.ascii,
            color: style.color,
        };
        holedox::render::explain(case, plan, self.rule, style)
            .unwrap_or_else(|e| format!("(cannot replay: {e})\n"))
    }

    fn svg(&self, case: &holedox::Case, plan: &[Dir], still: Option<usize>) -> String {
        holedox::render::svg(case, plan, self.rule, still)
            .unwrap_or_else(|e| format!("<!-- cannot replay: {e} -->"))
    }

    fn verify(&self, case: &holedox::Case, plan: &[Dir], limits: &Limits) -> Verdict {
        holedox::verify(case, plan, self.rule, limits)
    }

    fn judge_input(&self, case: &holedox::Case) -> String {
        format!(
            "{}{}",
            holedox::parse::write_case(case),
            holedox::parse::TERMINATOR
        )
    }

    fn parse_answer(&self, output: &str) -> Option<i64> {
        output.trim().strip_prefix("Case 1:")?.trim().parse().ok()
    }

    fn random_case(&self, seed: u64, width: u32, height: u32) -> Option<holedox::Case> {
        // Bodies of 2 to 8 segments, as the judge allows, and never more
        // than half the lair.
        let len = (2 + (seed % 7) as usize).min((width * height / 2).max(2) as usize);
        let opts = holedox::generate::GenerateOptions {
            rows: height,
            cols: width,
            len,
            exit: Pos::new(self.exit.0 - 1, self.exit.1 - 1),
            rule: self.rule,
            want: Want { min: -1, max: None },
            density: None,
            max_expanded: STRESS_BUDGET,
            attempts: STRESS_ATTEMPTS,
            cancel: None,
        };
        holedox::generate::generate(&opts, seed)
            .next()?
            .ok()
            .map(|g| g.board)
    }

    fn smaller(&self, case: &holedox::Case) -> Vec<holedox::Case> {
        holedox::shrink::smaller(case)
    }
}

/// The input file and the adapter of the puzzle named on the command line.
pub fn split(args: &PuzzleArgs) -> (Option<PathBuf>, Chosen) {
    match args {
        PuzzleArgs::Curling(a) => (a.input.file.clone(), Chosen::Curling(curling_of(a))),
        PuzzleArgs::Holedox(a) => (a.input.file.clone(), Chosen::Holedox(holedox_of(a))),
    }
}

/// The chosen puzzle's adapter.
pub enum Chosen {
    Curling(Curling),
    Holedox(Holedox),
}

fn curling_of(a: &CurlingArgs) -> Curling {
    Curling {
        opts: curling::Options {
            max_throws: a.max_throws.0,
            ..Default::default()
        },
    }
}

fn holedox_of(a: &HoledoxArgs) -> Holedox {
    Holedox {
        rule: match a.tail_rule {
            TailRuleArg::Strict => holedox::TailRule::Strict,
            TailRuleArg::Lenient => holedox::TailRule::Lenient,
        },
        exit: a.exit,
    }
}
