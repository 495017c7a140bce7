//! Checking a user's plan against the rules and the optimum.
//!
//! The plan is replayed through [`crate::rules`] (so the checker and the
//! solver cannot disagree about what is legal); only a legal plan that
//! reaches the goal within the cap is compared with the solver's optimum.
//! Only the throws under the cap are replayed, one position moved in
//! place, so a plan costs time linear in the throws up to the cap and a
//! longer one is refused at the first throw past it.

use gridpuzzle_engine::search::{Limits, Outcome};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::Dir;

use crate::rules::{replay_in_place, throw_under, Adjacent, Board};
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
    // Only the throws under the cap are replayed: a plan is refused at the
    // first throw past it (a 180,000-throw plan was replayed whole, for
    // seconds, before it was called over the cap of 10).
    let cap = max_throws.map_or(moves, |cap| moves.min(cap as usize));
    let end = match replay_in_place(board, &plan[..cap], adjacent) {
        Ok(end) => end,
        Err(e) => {
            return Verdict::Illegal {
                index: e.index,
                mv: e.dir.letter(),
                reason: e.foul.to_string(),
            }
        }
    };
    if cap < moves {
        // A throw after the goal is refused as always; any other throw
        // past the cap makes the plan too long.
        if end.stone == board.goal() {
            if let Err(foul) = throw_under(board, &end, plan[cap], adjacent) {
                return Verdict::Illegal {
                    index: cap,
                    mv: plan[cap].letter(),
                    reason: foul.to_string(),
                };
            }
        }
        return Verdict::OverCap {
            moves,
            cap: cap as u32,
        };
    }
    if end.stone != board.goal() {
        return Verdict::NotReached {
            moves,
            detail: format!("the stone rests at {}", end.stone),
        };
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
