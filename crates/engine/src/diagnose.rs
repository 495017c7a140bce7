//! Naming a wrong answer's likely mistake: which known wrong reading of
//! the rules ([`crate::puzzle::Variant`]) gives the answer a program
//! printed. A minimal version: every variant whose optimum equals the
//! answer is named.

use crate::generate::answer_of;
use crate::puzzle::Puzzle;
use crate::search::Limits;

/// What can be said about a wrong answer, one sentence a line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnosis {
    pub lines: Vec<String>,
}

impl std::fmt::Display for Diagnosis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

/// The diagnosis of `answer` printed for `case` under `puzzle`'s rules.
pub fn diagnose<P: Puzzle>(puzzle: &P, case: &P::Case, answer: i64, limits: &Limits) -> Diagnosis {
    let _ = puzzle;
    let lines = P::VARIANTS
        .iter()
        .filter_map(|v| {
            let wrong = P::variant(v).ok()?;
            let optimum = answer_of(&wrong.solve(case, limits))?;
            (optimum == answer).then(|| format!("your answer equals the optimum {}", v.words))
        })
        .collect();
    Diagnosis { lines }
}
