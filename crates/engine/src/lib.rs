//! Puzzle-agnostic machinery shared by every gridpuzzle puzzle.
//!
//! The crate never names a puzzle. It holds the pieces that each puzzle would
//! otherwise write again, slightly differently each time:
//!
//! - [`puzzle`]: the core contract every puzzle implements ([`Puzzle`]):
//!   what a puzzle is;
//! - [`caps`]: what a puzzle may have beyond it (settings, narration, a
//!   generator, the page, the judge kit, searches to watch), each an
//!   opt-in trait the registry line declares;
//! - [`board`]: boards of floor and walls with one start and one goal —
//!   their judge format, drafts, game IDs, generator and shrinker — so a
//!   simple grid puzzle writes only its rules;
//! - [`moves`]: moves as the puzzle's own printable type, and plans;
//! - [`package`]: what a puzzle puts into a contest problem package
//!   (statement, validators and submissions as source text);
//! - [`page`]: the web page's editor boards (drafts) and game IDs;
//! - [`view`]: a position as marks with a role, drawn by every front end;
//! - [`check`]: verifying users' plans case by case, worded once;
//! - [`clock`]: the time, read the same way natively and in a browser's
//!   WebAssembly (where std has no clock);
//! - [`diagnose`]: what a candidate's wrong answer most likely means, by
//!   the puzzle's known wrong readings of its rules;
//! - [`drawing`]: a solved case told board by board (`--explain`), and
//!   the cell budget every drawing of boards keeps;
//! - [`grid`]: positions, the four directions and a flat row-major grid;
//! - [`search`]: breadth-first search, iterative deepening, A* and IDA*
//!   over closures or small traits, with an explicit depth cap (part of the
//!   problem) and budgets ([`search::Limits`]) in, and an honest three-way
//!   [`search::Outcome`] plus [`search::Stats`] out;
//! - [`scan`]: a whitespace token scanner over any reader that remembers the
//!   line and column of every token, so puzzle parsers can report errors
//!   precisely without reading the whole input first;
//! - [`error`]: the one input-error type every parser returns;
//! - [`fresh`]: a fresh puzzle to play from a seed, its optimum in a range;
//! - [`mod@generate`]: sampling boards with a wanted proved answer, and a
//!   local search for the hardest one, over any puzzle's `Landscape`; the
//!   difficulty record; the watchdog of a generator's patience;
//! - [`report`]: the JSON records of a solved and of a generated case (CLI
//!   and web API alike);
//! - [`rng`]: a tiny seeded generator whose output is the same on every
//!   machine (tests and generators must be reproducible);
//! - [`memory`]: the run's one memory budget, counted by the allocator
//!   and shared by every job and table of a run;
//! - [`pool`]: the one worker pool, for work whose results must come out
//!   in input order, fed from the calling thread with bounded read-ahead;
//! - [`session`]: a game in play (history, undo/redo, exact hints) of any
//!   puzzle's case ([`puzzle::Played`]), played through the core's own
//!   `apply` and `solve_from`, and its saved-game file ([`session::save`]);
//! - [`shown`]: text from outside (file names, save files, candidates'
//!   output) escaped before it reaches a terminal;
//! - [`stream`]: answering a stream of cases in input order, alone and
//!   then on the pool, writing only when needed (`solve`);
//! - [`svg`]: pictures of positions, still or animated with SMIL, drawn
//!   from views, and the growth chart of traced searches;
//! - [`validate`]: validating judge inputs against the judges' exact
//!   format and limits, every violation with its line and column;
//! - [`testset`]: what a puzzle asks of a judge test set (its limits, its
//!   edge cases);
//! - [`trace`]: watching a search: the events a search reports, the
//!   recorder that counts them under the search's budget, and the names
//!   of the searches and lessons a puzzle offers;
//! - [`verdict`]: what a plan checker says about a plan;
//! - [`words`]: lists in English (`a, b or c`) for messages.

pub mod board;
pub mod caps;
pub mod check;
pub mod clock;
pub mod diagnose;
pub mod drawing;
pub mod error;
pub mod fresh;
pub mod generate;
pub mod grid;
pub mod memory;
pub mod moves;
pub mod package;
pub mod page;
pub mod pool;
pub mod puzzle;
pub mod report;
pub mod rng;
pub mod scan;
pub mod search;
pub mod session;
pub mod shown;
pub mod stream;
pub mod svg;
pub mod testset;
pub mod trace;
pub mod validate;
pub mod verdict;
pub mod view;
pub mod words;

pub use error::InputError;
pub use grid::{Dir, Grid, Pos};
pub use moves::Move;
pub use puzzle::Puzzle;
