//! What a plan checker says about a user's plan, whatever the puzzle.
//!
//! `gridpuzzle verify` answers one of a few things for every case, and the
//! words should be the same for both puzzles: optimal; legal but longer
//! than the optimum; the first illegal move and why; legal but short of the
//! goal; or over the puzzle's move cap. The puzzle supplies the reasons (it
//! knows its rules), this type supplies the shape.

use std::fmt;

use crate::search::Outcome;

/// The verdict on one plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Legal, reaches the goal, and no shorter plan exists.
    Optimal { moves: usize },
    /// Legal and reaches the goal, but `optimum` moves suffice.
    Longer { moves: usize, optimum: usize },
    /// Move `index` (0-based) is refused by the rules, for `reason`.
    Illegal {
        index: usize,
        mv: char,
        reason: String,
    },
    /// Every move is legal but the goal is not reached; `detail` says where
    /// the game stands.
    NotReached { moves: usize, detail: String },
    /// More moves than the cap allows: refused at the first move past the
    /// cap, without replaying the rest (so whether the whole plan would be
    /// legal and reach the goal is not known; its moves up to the cap are
    /// legal and do not win).
    OverCap { moves: usize, cap: u32 },
    /// Legal and reaches the goal, but the optimum could not be computed
    /// within the search budget (`why`), so optimality is unknown.
    Unknown { moves: usize, why: String },
}

impl Verdict {
    /// Legal and optimal.
    pub fn is_optimal(&self) -> bool {
        matches!(self, Verdict::Optimal { .. })
    }

    /// A one-line description; `one` and `many` are the puzzle's words
    /// for a move ("throw", "throws").
    pub fn describe(&self, one: &str, many: &str) -> String {
        let unit = |n: usize| if n == 1 { one } else { many };
        match self {
            Verdict::Optimal { moves } => format!("optimal ({moves} {})", unit(*moves)),
            Verdict::Longer { moves, optimum } => format!(
                "legal but not optimal: {moves} {}, the optimum is {optimum}",
                unit(*moves)
            ),
            Verdict::Illegal { index, mv, reason } => {
                format!("move {} ({mv}): {reason}", index + 1)
            }
            Verdict::NotReached { moves, detail } => format!(
                "the goal is not reached after {moves} {}: {detail}",
                unit(*moves)
            ),
            Verdict::OverCap { moves, cap } => {
                format!("{moves} {}, more than the limit of {cap}", unit(*moves))
            }
            Verdict::Unknown { moves, why } => format!(
                "reaches the goal in {moves} {}; whether that is optimal is unknown: {why}",
                unit(*moves)
            ),
        }
    }
}

/// The verdict on a legal plan of `moves` moves that reaches the goal
/// within any cap, given the search for the optimum: optimal, longer, or
/// unknown when a budget stopped the search. A search that proves no plan
/// exists contradicts the plan itself, a solver bug: said so, never a
/// panic.
pub fn against_optimum<M>(moves: usize, optimum: Outcome<M>) -> Verdict {
    match optimum {
        Outcome::Solved(best) if best.len() == moves => Verdict::Optimal { moves },
        Outcome::Solved(best) => Verdict::Longer {
            moves,
            optimum: best.len(),
        },
        Outcome::Unsolvable => Verdict::Unknown {
            moves,
            why:
                "internal error: the solver found no plan although this one works; please report it"
                    .into(),
        },
        Outcome::Limit(hit) => Verdict::Unknown {
            moves,
            why: hit.to_string(),
        },
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe("move", "moves"))
    }
}
