//! Ice: the model for adding a puzzle to gridpuzzle (in the spirit of SGT
//! Puzzles' `nullgame`), complete in under 400 lines.
//!
//! A stone on an ice rink slides up, down, left or right until a wall or
//! the rink's edge stops it; it must come to rest on the goal. The answer
//! is the fewest slides, or `-1` when no sequence of slides stops it
//! there. The board is the engine's start/goal board
//! ([`gridpuzzle_engine::board`]): `.` ice, `#` wall, `S` the stone's
//! start, `G` the goal, so the judge format, the page's drafts and links,
//! the generator and the shrinker all come from the engine, and this crate
//! is only the rules, the solver and the words.
//!
//! ```
//! use gridpuzzle_engine::search::{Limits, Outcome};
//! use gridpuzzle_engine::moves::plan_string;
//! use gridpuzzle_engine::Puzzle;
//! use gridpuzzle_template::Ice;
//!
//! let input = "6 1\n. S . . G #\n0 0\n";
//! let ice = Ice;
//! let board = ice.cases(Box::new(input.as_bytes())).next().unwrap().unwrap();
//! let found = ice.solve(&board, &Limits::none());
//! let Outcome::Solved(plan) = found.outcome else { panic!() };
//! assert_eq!(plan_string(&plan), "R"); // one slide right, stopped on G by the wall
//! ```
//!
//! # Adding a puzzle: the checklist
//!
//! Copy this crate (`crates/template` to `crates/<name>`, its package to
//! `gridpuzzle-<name>`) and change the rules. A new puzzle touches:
//!
//! 1. **Its crate**: the core [`gridpuzzle_engine::Puzzle`] (its names,
//!    types, judge format, rules, exact solver and view: [`puzzle`]) and
//!    the capabilities it has, each an ordinary trait of
//!    [`gridpuzzle_engine::caps`] (Ice has a generator and a page; it has no
//!    rule settings, no words of its own, no judge kit and no searches to
//!    watch, and every front end says so). Rules in one place
//!    ([`rules`]); `apply` refuses with a one-line reason; the solver
//!    returns solved / unsolvable / limit honestly (a budget is never
//!    `-1`).
//! 2. **Its samples**: `samples/<name>.in` ([`Info::samples`]) and
//!    `samples/<name>.out`, the judge output the conformance suite checks.
//! 3. **One registry line** in `crates/registry/src/lib.rs`, its type and
//!    what it declares (`gridpuzzle_template::Ice: generate, page;`).
//! 4. **Its dependency lines**: the crate in `crates/registry/Cargo.toml`
//!    and in the root `Cargo.toml`'s `[workspace.dependencies]`.
//!
//! Nothing else: the command line, the server, the page and every test
//! iterate the registry, and `crates/registry/tests/conformance.rs` tests
//! each capability the line declares. CI does exactly this with a copy of
//! this crate (`.ci/throwaway-puzzle`) and runs the whole test suite.
//!
//! [`Info::samples`]: gridpuzzle_engine::puzzle::Info::samples

pub mod puzzle;
pub mod rules;

pub use puzzle::Ice;
pub use rules::{Cell, Slid};
