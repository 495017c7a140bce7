//! Walk: the smallest complete gridpuzzle puzzle, and the model for
//! adding one (in the spirit of SGT Puzzles' `nullgame`).
//!
//! A king stands on `S` of a grid with walls and must reach `G`, one cell
//! per move in any of the eight directions; the answer is the fewest
//! moves, or `-1` when walls cut it off. Moves are written as the digits
//! of a numeric keypad (`8` up, `2` down, `4` left, `6` right, `7` `9` `1`
//! `3` the diagonals), so nothing here is the engine's four-direction
//! `Dir`: Walk is what proves the engine assumes no puzzle's moves. One
//! rule setting, `diagonals yes|no` (default `yes`), exercises settings.
//!
//! Walk is registered like the real puzzles behind the registry's cargo
//! feature `template` (off by default: release binaries and the default
//! API do not compile it in); with the feature it is listed, and
//! `gridpuzzle-registry`'s conformance suite runs it exactly as it runs
//! Curling and Holedox. It is small, but nothing in it
//! is a stub: the judge format has precise errors, the solver is exact and
//! honest about budgets, and the generator states only proved answers.
//!
//! ```
//! use gridpuzzle_engine::search::{Limits, Outcome};
//! use gridpuzzle_engine::moves::plan_string;
//! use gridpuzzle_engine::Puzzle;
//! use gridpuzzle_template::Walk;
//!
//! let input = "3 3\nS . .\n. # .\n. . G\n0 0\n";
//! let walk = Walk::default();
//! let board = walk.cases(Box::new(input.as_bytes())).next().unwrap().unwrap();
//! let found = walk.solve(&board, &Limits::none());
//! let Outcome::Solved(plan) = found.outcome else { panic!() };
//! assert_eq!(plan_string(&plan), "236"); // down, down-right, right
//! ```
//!
//! # The crate, one job a module (the same file set as every puzzle)
//!
//! - [`rules`]: the board, the moves and [`rules::step`], the one function
//!   that moves the king; the solver ([`rules::solve`], the engine's
//!   breadth-first search) calls it too;
//! - [`parse`]: the judge input as a lazy iterator with line and column
//!   in every error;
//! - [`generate`]: the generator's [`gridpuzzle_engine::generate::Landscape`],
//!   the difficulty record, `--hardest` and the shrinker's smaller boards;
//! - [`render`]: the board as the engine's marks, `--explain` text, SVG;
//! - [`puzzle`]: the [`Puzzle`] implementation, which only forwards.
//!
//! # Adding a puzzle: the checklist
//!
//! Copy this crate and change the rules. What a new puzzle touches:
//!
//! 1. **Its crate**, `crates/<name>/`, implementing
//!    [`gridpuzzle_engine::Puzzle`] (one `puzzle.rs`; rules in one
//!    `rules.rs` that the solver, checker, play and generator all call).
//!    Moves are the puzzle's own type implementing
//!    [`gridpuzzle_engine::Move`] (one printable letter each); positions
//!    are `Clone + Eq + Hash`; `apply` refuses with a one-line reason;
//!    `solve` returns solved / unsolvable / limit honestly (a budget is
//!    never `-1`); caps and rule variants are settings, never `Limits`.
//! 2. **Its samples**, `samples/<name>.in` (its `SAMPLES`) and
//!    `samples/<name>.out` (the judge output the suite checks them against).
//! 3. **One registry line**: the type in the `registry!(...)` call of
//!    `crates/registry/src/lib.rs`, and the crate in
//!    `crates/registry/Cargo.toml`.
//! 4. **The workspace**: `crates/*` makes it a member already; add its
//!    `gridpuzzle-<name> = { path = "crates/<name>" }` line to the root
//!    `Cargo.toml`'s `[workspace.dependencies]`.
//!
//! 5. **Its page** (optional): `PAGE` in `puzzle.rs` (the editor's cells
//!    and tools as marks, the rules in words, level sets, new-board
//!    difficulties) and the draft methods (`draft_text`, `draft_lacks`,
//!    `game_id`, `from_game_id`); the page draws it with no code of its
//!    own, as Walk shows under the `template` feature.
//!
//! Nothing else: the command line, the server and the page iterate the
//! registry, and `crates/registry/tests/conformance.rs` tests every
//! registered puzzle (judge round trip, solver against a naive search,
//! verify, generator, play, views, settings, shrinking) with no edit.
//!
//! [`Puzzle`]: gridpuzzle_engine::Puzzle

pub mod generate;
pub mod parse;
pub mod puzzle;
pub mod render;
pub mod rules;

pub use parse::Boards;
pub use puzzle::Walk;
pub use rules::{Board, Cell, Step};
