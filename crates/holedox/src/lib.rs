//! Holedox Moving (ICPC Beijing 2002, POJ 1324): rules, parsing and an exact
//! solver.
//!
//! A snake-like body of `L` cells lies in a lair of `n × m` cells with
//! stones; each step moves the head to a side neighbour and the rest of the
//! body follows. The question is the least number of steps that brings the
//! head to the exit. The rules and formats are `docs/holedox.md`.
//!
//! The crate's modules, each with one job:
//!
//! - [`rules`]: what a lair, a body and a legal move are. Everything that
//!   moves a body — the solver's packed states excepted, which take the one
//!   rule-dependent number from here and are tested against it — goes
//!   through [`rules::step`], so the checker, the solver and the tests cannot
//!   disagree about the rules;
//! - [`parse`]: the judge input format as a lazy iterator of [`Case`]s with
//!   precise errors ([`gridpuzzle_engine::InputError`]);
//! - `play` (tests only): the engine's play session over Holedox, held to
//!   the samples: a move is [`rules::step`], a hint is [`solve()`] on the
//!   current body;
//! - [`generate`]: random lairs with a proved optimum in a wanted range,
//!   and a local search for the lair that needs the most steps;
//! - [`mod@solve`]: exact A* over bodies packed into a `u64`, between a
//!   lower bound (the head's own distance, or its earliest arrival when each
//!   body cell opens only once the body has left it, whichever is larger)
//!   and a legal plan that avoids the starting body (an upper bound),
//!   giving an optimal plan, a proof of unsolvability, or an honest "limit
//!   reached"; the plain breadth-first search is kept as a comparator and
//!   test oracle;
//! - [`validate`]: the judges' exact input format and limits, for test
//!   data; [`presets`]: the edge cases a judge test set should hold;
//! - [`seed`]: the classic contest solution (a breadth-first search over
//!   the head and two bits a link), reproduced to count what it spends:
//!   the judge kit's timing tests are sized by it;
//! - [`watch`]: the public A* that marks states when pushed (inexact) and
//!   the exact one, written to be traced beside the seed and ours;
//! - [`shrink`]: the lairs one edit smaller, for shrinking a failing case;
//! - [`puzzle`]: the engine's core `Puzzle` contract and the capabilities
//!   Holedox declares (settings, its own words, a generator, the page, the
//!   judge kit, searches to watch), calling the above: a position's view
//!   (the lair as ground, the snake a piece over it), from which every
//!   front end draws it, and the words of its moves; verifying a plan and
//!   `--explain`'s boards are the engine's defaults over [`rules::step`];
//! - [`package`]: the contest problem package's own files (statement,
//!   validators, submissions).
//!
//! ```
//! use gridpuzzle_engine::search::{Limits, Outcome};
//! use gridpuzzle_holedox::{replay, solve, Cases, TailRule};
//!
//! let input = "3 3 2\n2 2\n2 3\n0\n0 0 0\n";
//! let case = Cases::from_reader(input.as_bytes()).next().unwrap().unwrap();
//! let found = solve(&case, TailRule::Strict, &Limits::none());
//! let Outcome::Solved(plan) = found.outcome else { panic!() };
//! assert_eq!(plan.len(), 2);
//! let end = replay(case.lair(), case.body(), &plan, TailRule::Strict).unwrap();
//! assert_eq!(end[0], case.lair().exit());
//! ```

pub mod generate;
pub mod package;
pub mod parse;
#[cfg(test)]
mod play;
pub mod presets;
pub mod puzzle;
pub mod rules;
pub mod seed;
pub mod shrink;
pub mod solve;
pub mod validate;
pub mod watch;

pub use parse::{Cases, ParseOptions};
pub use puzzle::{Exit, Holedox};
pub use rules::{
    check_body, is_goal, max_len_for, replay, step, BodyFault, Case, Illegal, Lair, LairError,
    Rejected, TailRule,
};
pub use solve::{
    lower_bound, solve, solve_capped, solve_with, upper_bound, Algorithm, SolveOptions, StateStore,
};
