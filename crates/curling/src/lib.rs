//! Curling 2.0 (ICPC Japan Domestic 2006 problem D; POJ 3009, AOJ 1144).
//!
//! A stone slides on ice until a block stops it — and that block breaks.
//! The task is the fewest throws (at most 10 in the judge) that bring the
//! stone onto the goal. The rules and formats are `docs/curling.md`.
//!
//! - [`rules`]: the board and the one function that throws the stone. The
//!   solver, the checker and every later tool call it, so they cannot drift.
//! - [`parse`]: the judge's input format, read lazily dataset by dataset with
//!   precise errors.
//! - [`bound`]: the pass-counting lower bounds that guide uncapped and
//!   deep searches;
//! - [`frontier`]: the frontier tables (one axis, and both at once: the
//!   corner table), stronger admissible bounds for deep uncapped searches
//!   on big boards;
//! - [`mod@solve`]: the exact solver ([`solve()`]), returning an optimal
//!   list of throws;
//! - [`generate`]: random boards with a proved optimum in a wanted range,
//!   and a local search for the hardest board;
//! - [`mod@verify`]: the checker of a user's plan ([`verify()`]);
//! - [`play`]: the game as the engine's play session sees it (`gridpuzzle
//!   play`): a throw is [`rules::throw_under`], a hint is [`solve()`] on
//!   the board left by the throws so far;
//! - [`render`]: a solution shown as text boards or as an SVG picture;
//! - [`variant`]: the game under a known wrong reading of its rules (a
//!   throw into an adjacent block breaks it), solved for the judge kit's
//!   diagnosis;
//! - [`seed`]: the classic contest solution (an exhaustive depth-limited
//!   search), reproduced to count what it spends: the judge kit's timing
//!   tests are sized by it;
//! - [`watch`]: the common public searches (branch and bound, breadth
//!   first), written to be traced beside the seed and ours;
//! - [`shrink`]: the boards one edit smaller, for shrinking a failing case;
//! - [`puzzle`]: the engine's core `Puzzle` contract and the capabilities
//!   Curling declares (settings, its own words, a generator, the page, the
//!   judge kit, searches to watch), calling the above;
//! - [`validate`]: the judges' exact input format and limits, for test data;
//! - [`presets`]: the edge cases a judge test set should hold;
//! - [`package`]: the contest problem package's own files (statement,
//!   validators, submissions).

pub mod bound;
pub mod frontier;
pub mod generate;
pub mod package;
pub mod parse;
pub mod play;
pub mod presets;
pub mod puzzle;
pub mod render;
pub mod rules;
pub mod seed;
pub mod shrink;
pub mod solve;
pub mod validate;
pub mod variant;
pub mod verify;
pub mod watch;

pub use parse::Datasets;
pub use puzzle::Curling;
pub use rules::{Board, Cell, Foul, State, Throw};
pub use solve::{solve, Algorithm, Options};
pub use verify::verify;
