//! Curling 2.0 (ICPC Japan Domestic 2006 problem D; POJ 3009, AOJ 1144).
//!
//! A stone slides on ice until a block stops it — and that block breaks.
//! The task is the fewest throws (at most 10 in the judge) that bring the
//! stone onto the goal. The contract is `shared/spec/curling.md`.
//!
//! - [`rules`]: the board and the one function that throws the stone. The
//!   solver, the checker and every later tool call it, so they cannot drift.
//! - [`parse`]: the judge's input format, read lazily dataset by dataset with
//!   precise errors.
//! - [`solve`]: the exact solver, returning an optimal list of throws;
//! - [`verify`]: the checker of a user's plan;
//! - [`render`]: a solution shown as text boards or as an SVG picture.

pub mod parse;
pub mod render;
pub mod rules;
pub mod solve;
pub mod verify;

pub use parse::Datasets;
pub use rules::{Board, Cell, Foul, State, Throw};
pub use solve::{solve, Algorithm, Options};
pub use verify::verify;
