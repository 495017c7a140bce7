//! Watching the production searches: an observer passed as a generic
//! parameter, free when it watches nothing.
//!
//! [`idastar_observed`](super::idastar_observed) and
//! [`astar_in_observed`](super::astar_in_observed) are the searches users
//! run, with one more parameter: an [`Observer`] that hears every
//! expansion, successor, prune, goal and new iteration. The searches users
//! run pass [`Quiet`], whose [`Observer::ON`] is `false`; every call is
//! behind `if O::ON`, a constant, so the compiler drops the calls and the
//! arguments made for them and the solver is the same code as before
//! (checked with instruction counts: BENCHMARKS.md, "Tracing off").
//!
//! Why the observer sees the search's own state (`&S`) and node numbers,
//! not cells: the engine does not know what a state looks like on a board;
//! the puzzle that owns the state turns it into cells (see
//! [`crate::trace::Watch`]). Node numbers tie an event to the expansion it
//! came from: a best-first search numbers its stored nodes, a depth-first
//! one numbers a node by its depth on the current path (the node at depth
//! `d` is the last one opened there), which is all a front end needs to
//! draw the current path.
//!
//! The words of what a search does ([`Prune`]: why a generated state was
//! not expanded) are the search layer's own, here beside the observer that
//! hears them; the trace front ends ([`crate::trace`]) count and draw
//! them.
//!
//! Observers never stop a search: the search's own budget ([`super::Limits`])
//! does, as for any run, so the watched search answers what the unwatched
//! one would under the same budget.

use serde::Serialize;

/// Why a generated state was not expanded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Prune {
    /// Seen before (a visited set, a transposition table, a better `g`).
    Visited,
    /// Its estimate or bound exceeds what the search allows now (an IDA*
    /// threshold, the best answer found so far).
    Bound,
    /// The move cap of the rules (Curling's 10 throws).
    Cap,
    /// No goal can be reached from it (off the board, a proof of no way).
    DeadEnd,
}

impl Prune {
    /// Every kind, in the order [`crate::trace::Tally::pruned`] counts them.
    pub const ALL: [Prune; 4] = [Prune::Visited, Prune::Bound, Prune::Cap, Prune::DeadEnd];

    /// The name used in JSON and tables.
    pub fn name(self) -> &'static str {
        match self {
            Prune::Visited => "visited",
            Prune::Bound => "bound",
            Prune::Cap => "cap",
            Prune::DeadEnd => "dead-end",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// What a search reports while it runs (every method does nothing by
/// default). `node` and `parent` are node numbers (see the module notes);
/// `depth` is the moves played to reach the state (its `g`).
///
/// ```
/// use gridpuzzle_engine::search::{
///     astar_in_observed, AstarOptions, AstarScratch, BestFirst, HashCosts, Limits, Observer,
/// };
///
/// /// Reach 7 from 0 by steps of +3 and -1.
/// struct Seven;
///
/// impl BestFirst for Seven {
///     type State = i64;
///     type Move = i64;
///     fn successors(&mut self, &n: &i64, out: &mut Vec<(i64, i64)>) {
///         out.extend([(3, n + 3), (-1, n - 1)]);
///     }
///     fn bound(&mut self, &n: &i64) -> Option<u32> {
///         Some(if n <= 7 { (9 - n) / 3 } else { n - 7 } as u32)
///     }
///     fn is_goal(&mut self, &n: &i64) -> bool {
///         n == 7
///     }
/// }
///
/// /// Counts what the search reports.
/// #[derive(Default)]
/// struct Count {
///     expanded: u64,
///     goals: u64,
/// }
///
/// impl Observer<i64> for Count {
///     fn expand(&mut self, _: &i64, _: usize, _: Option<usize>, _: u32, _: Option<u32>) {
///         self.expanded += 1;
///     }
///     fn goal(&mut self, _: &i64, _: usize, _: u32) {
///         self.goals += 1;
///     }
/// }
///
/// let mut count = Count::default();
/// let found = astar_in_observed(
///     &mut Seven,
///     0,
///     &mut HashCosts::default(),
///     &Limits::none(),
///     &AstarOptions::default(),
///     &mut AstarScratch::default(),
///     &mut count,
/// );
/// assert_eq!(found.outcome.moves().map(|plan| plan.len()), Some(5));
/// assert_eq!((count.expanded, count.goals), (found.stats.expanded, 1));
/// ```
pub trait Observer<S: ?Sized> {
    /// False for an observer that watches nothing: the searches then skip
    /// every call.
    const ON: bool = true;

    /// `state` is expanded: its successors are about to be made.
    /// `estimate` is its lower bound on the moves left (`h`).
    fn expand(
        &mut self,
        _state: &S,
        _node: usize,
        _parent: Option<usize>,
        _depth: u32,
        _estimate: Option<u32>,
    ) {
    }

    /// A successor of node `parent`, kept for expansion.
    fn generate(&mut self, _state: &S, _parent: usize, _depth: u32, _estimate: Option<u32>) {}

    /// A successor of node `parent`, dropped, and why.
    fn prune(&mut self, _state: &S, _parent: usize, _depth: u32, _why: Prune) {}

    /// A successor of node `parent` dropped because the search already
    /// holds it at depth or `g` `held` (none when it keeps no such
    /// number). By default, a [`Prune::Visited`] prune.
    fn visited(&mut self, state: &S, parent: usize, depth: u32, _held: Option<u32>) {
        self.prune(state, parent, depth, Prune::Visited);
    }

    /// A goal reached from node `parent` (or the node itself, for a
    /// search that tests goals when it takes a node up).
    fn goal(&mut self, _state: &S, _parent: usize, _depth: u32) {}

    /// A new pass of a deepening search, under `bound`.
    fn iteration(&mut self, _bound: u32) {}
}

/// The observer of searches nobody watches.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl<S: ?Sized> Observer<S> for Quiet {
    const ON: bool = false;
}
