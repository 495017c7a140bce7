//! Checking a user's plan against the rules and the optimum.
//!
//! The plan is replayed step by step through [`crate::rules::step`]; a move
//! after the head has reached the exit is refused (the game is over). Only a
//! legal plan that ends on the exit is compared with the solver's optimum.
//!
//! Holedox has no move cap among its rules (its settings are the tail rule
//! and the exit), so no verdict here is ever [`Verdict::OverCap`]: a legal
//! plan of any length is compared with the optimum. `limits` are budgets
//! only, for that one search.

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::Dir;

use crate::rules::{is_goal, step, Case, TailRule};
use crate::solve::solve;

/// The verdict on `plan` for `case` under `rule`; the optimum is searched
/// within the budgets of `limits`.
pub fn verify(case: &Case, plan: &[Dir], rule: TailRule, limits: &Limits) -> Verdict {
    let lair = case.lair();
    let mut body = case.body().to_vec();
    for (index, &dir) in plan.iter().enumerate() {
        if is_goal(lair, &body) {
            return Verdict::Illegal {
                index,
                mv: dir.letter(),
                reason: "the head is already on the exit: the game is over".into(),
            };
        }
        if let Err(reason) = step(lair, &mut body, dir, rule) {
            return Verdict::Illegal {
                index,
                mv: dir.letter(),
                reason: reason.to_string(),
            };
        }
    }
    let moves = plan.len();
    if !is_goal(lair, &body) {
        return Verdict::NotReached {
            moves,
            detail: format!("the head is at {}, the exit at {}", body[0], lair.exit()),
        };
    }
    match solve(case, rule, limits).outcome {
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
