//! Checking users' plans, case by case, the same way for every front end.
//!
//! `gridpuzzle verify` prints one line per case and a summary; the web
//! API's `/api/verify` answers one record per case whose `text` is that
//! line. Both come from here, so the words cannot drift apart: a plan line
//! is read by [`read_plan`], judged by the puzzle's own checker
//! ([`Puzzle::verify`]), and worded by [`Tally`].

use serde_json::{json, Value};

use crate::moves::{parse_plan, Move};
use crate::puzzle::Puzzle;
use crate::verdict::Verdict;

/// One case's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan<M> {
    /// `-`: do not check this case.
    Skip,
    Moves(Vec<M>),
}

/// Reads one plan line: `-` skips, otherwise move letters. On a bad
/// letter: its 0-based character index and the character.
pub fn read_plan<M: Move>(line: &str) -> Result<Plan<M>, (usize, char)> {
    if line.trim() == "-" {
        return Ok(Plan::Skip);
    }
    parse_plan(line).map(Plan::Moves)
}

/// The message for a bad letter in a plan, after `where_` (such as
/// `plans.txt, line 3`).
pub fn bad_letter<M: Move>(where_: &str, index: usize, c: char) -> String {
    format!(
        "{where_}, column {}: expected a move ({}), a `-` to skip the case, found `{}`",
        index + 1,
        M::letters(),
        crate::scan::escaped(&c.to_string())
    )
}

/// Reads one plan line as [`read_plan`] does, a bad letter worded by
/// [`bad_letter`] after `where_` (`plans.txt, line 3`).
pub fn read_plan_at<M: Move>(line: &str, where_: &str) -> Result<Plan<M>, String> {
    read_plan(line).map_err(|(index, c)| bad_letter::<M>(where_, index, c))
}

/// What happened to one case's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// The plans ran out before this case.
    Missing {
        plans: usize,
    },
    Skipped,
    Judged(Verdict),
}

/// Counts verdicts and words each case's line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub good: usize,
    pub bad: usize,
    pub skipped: usize,
    /// Legal plans whose optimality a search budget left unknown: neither
    /// good nor bad.
    pub unknown: usize,
}

impl Tally {
    /// Counts case `n`'s result and returns its line, as `verify` prints it.
    pub fn line<P: Puzzle>(&mut self, n: usize, checked: &Checked) -> String {
        let unit = P::INFO.unit;
        match checked {
            Checked::Missing { plans } => {
                self.bad += 1;
                format!(
                    "{unit} {n}: no plan given (the plans have {})",
                    crate::words::counted(*plans as u64, "line", "lines")
                )
            }
            Checked::Skipped => {
                self.skipped += 1;
                format!("{unit} {n}: skipped")
            }
            Checked::Judged(verdict) => {
                if verdict.is_optimal() {
                    self.good += 1;
                } else if matches!(verdict, Verdict::Unknown { .. }) {
                    self.unknown += 1;
                } else {
                    self.bad += 1;
                }
                let text = verdict.describe(P::INFO.one_move, P::INFO.moves);
                match verdict {
                    Verdict::Illegal { .. } => format!("{unit} {n}, {text}"),
                    _ => format!("{unit} {n}: {text}"),
                }
            }
        }
    }

    /// The summary line: `3 optimal, 1 not, 0 skipped`, and `, 1 unknown`
    /// when a budget left some plan's optimality unknown.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} optimal, {} not, {} skipped",
            self.good, self.bad, self.skipped
        );
        if self.unknown > 0 {
            s.push_str(&format!(", {} unknown", self.unknown));
        }
        s
    }
}

/// Case `n`'s result as the API's record; `text` is its `verify` line.
pub fn checked_json(n: usize, checked: &Checked, text: String) -> Value {
    let fields = match checked {
        Checked::Missing { .. } => json!({ "verdict": "missing" }),
        Checked::Skipped => json!({ "verdict": "skipped" }),
        Checked::Judged(Verdict::Optimal { moves }) => {
            json!({ "verdict": "optimal", "moves": moves, "optimum": moves })
        }
        Checked::Judged(Verdict::Longer { moves, optimum }) => {
            json!({ "verdict": "longer", "moves": moves, "optimum": optimum })
        }
        Checked::Judged(Verdict::Illegal { index, mv, reason }) => json!({
            "verdict": "illegal", "move": index + 1, "letter": mv.to_string(), "reason": reason,
        }),
        Checked::Judged(Verdict::NotReached { moves, detail }) => {
            json!({ "verdict": "not_reached", "moves": moves, "reason": detail })
        }
        Checked::Judged(Verdict::OverCap { moves, cap }) => {
            json!({ "verdict": "over_cap", "moves": moves, "cap": cap })
        }
        Checked::Judged(Verdict::Unknown { moves, why }) => {
            json!({ "verdict": "unknown", "moves": moves, "reason": why })
        }
    };
    let mut record = serde_json::Map::new();
    record.insert("case".into(), json!(n));
    if let Value::Object(f) = fields {
        record.extend(f);
    }
    record.insert("text".into(), Value::String(text));
    Value::Object(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dir;

    #[test]
    fn plan_lines_read_and_name_bad_letters() {
        assert_eq!(read_plan::<Dir>(" - "), Ok(Plan::Skip));
        assert_eq!(read_plan::<Dir>(""), Ok(Plan::Moves(vec![])));
        assert_eq!(
            read_plan::<Dir>("r d"),
            Ok(Plan::Moves(vec![Dir::Right, Dir::Down]))
        );
        assert_eq!(read_plan::<Dir>("\u{a0}X"), Err((1, 'X')));
        assert_eq!(
            bad_letter::<Dir>("plans.txt, line 3", 2, 'X'),
            "plans.txt, line 3, column 3: expected a move (U, D, L or R), a `-` to skip the case, found `X`"
        );
    }

    #[test]
    fn records_keep_the_api_field_order() {
        let v = checked_json(
            2,
            &Checked::Judged(Verdict::Longer {
                moves: 5,
                optimum: 3,
            }),
            "t".into(),
        );
        assert_eq!(
            v.to_string(),
            r#"{"case":2,"verdict":"longer","moves":5,"optimum":3,"text":"t"}"#
        );
        let v = checked_json(1, &Checked::Skipped, "s".into());
        assert_eq!(
            v.to_string(),
            r#"{"case":1,"verdict":"skipped","text":"s"}"#
        );
    }
}
