//! Checking a user's plan against the rules and the optimum.
//!
//! The plan is replayed through [`crate::rules`] (so the checker and the
//! solver cannot disagree about what is legal); only a legal plan that
//! reaches the goal within the cap is compared with the solver's optimum.

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::Dir;

use crate::rules::{replay_under, Adjacent, Board};
use crate::solve::{solve, Options};

/// Checks a user's plan: the first illegal throw, a goal not reached, a
/// plan over the cap, or how its length compares with the optimum (which is
/// searched under `limits`).
pub fn verify(board: &Board, plan: &[Dir], opts: &Options, limits: &Limits) -> Verdict {
    verdict(board, plan, Adjacent::Refused, opts.max_throws, || {
        solve(board, opts, limits).outcome
    })
}

/// The verdict on `plan` replayed under the adjacent-block rule `adjacent`
/// and the cap `max_throws`, with `optimum` the search for the optimum
/// under the same rules (run only for a legal plan that reaches the goal
/// within the cap). Shared by the judge's rules above and the variants of
/// [`crate::variant`], so the two cannot word a verdict differently.
pub(crate) fn verdict(
    board: &Board,
    plan: &[Dir],
    adjacent: Adjacent,
    max_throws: Option<u32>,
    optimum: impl FnOnce() -> Outcome<Dir>,
) -> Verdict {
    let moves = plan.len();
    let (_, end) = match replay_under(board, plan, adjacent) {
        Ok(done) => done,
        Err(e) => {
            return Verdict::Illegal {
                index: e.index,
                mv: e.dir.letter(),
                reason: e.foul.to_string(),
            }
        }
    };
    if end.stone != board.goal() {
        return Verdict::NotReached {
            moves,
            detail: format!("the stone rests at {}", end.stone),
        };
    }
    if let Some(cap) = max_throws.filter(|&cap| moves > cap as usize) {
        return Verdict::OverCap { moves, cap };
    }
    match optimum() {
        Outcome::Solved(best) if best.len() == moves => Verdict::Optimal { moves },
        Outcome::Solved(best) => Verdict::Longer {
            moves,
            optimum: best.len(),
        },
        // The plan itself is a solution within the cap, so only a budget
        // can stop the search from finding one.
        Outcome::Unsolvable => unreachable_unsolvable(moves),
        Outcome::Limit(hit) => Verdict::Unknown {
            moves,
            why: hit.to_string(),
        },
    }
}

/// A legal plan within the cap reached the goal, yet the search proved no
/// plan exists: that would be a solver bug. Say so instead of panicking.
fn unreachable_unsolvable(moves: usize) -> Verdict {
    Verdict::Unknown {
        moves,
        why: "internal error: the solver found no plan although this one works; please report it"
            .into(),
    }
}
