//! Generic searches over closures or small traits, with honest outcomes.
//!
//! Every search here takes a start, the moves from a state as `(move,
//! next)` pairs (so a result carries the moves, not only a cost), a goal
//! test, an optional depth cap, and [`Limits`]. The closure searches
//! ([`bfs()`], [`iddfs()`], [`astar()`]) take them as closures; the
//! trait-driven ones take a problem that owns them: [`astar_with`] and
//! [`astar_in`] a [`BestFirst`] (with an optional shortcut to a plan),
//! [`idastar()`] a [`Walk`] (one mutable state, played forward and back).
//! Each returns a [`Search`]: one of three [`Outcome`]s and the [`Stats`]
//! of the work done, and each has a runnable example in its docs
//! ([`Limits`] one of every budget).
//!
//! The three outcomes are the point of this module. A caller must be able to
//! tell "proved: there is no solution" from "we stopped looking", because a
//! judge answer of `-1` printed after a time-out is a lie. So what stops a
//! search comes in two kinds, and the two travel apart:
//!
//! - the **depth cap** is part of the *problem*, like the successors and the
//!   goal: a rule (Curling's 10-throw cap, which is the puzzle's setting) or
//!   a question the caller asks ("anything shorter than this known plan?").
//!   A search that exhausts every state within the cap returns
//!   [`Outcome::Unsolvable`], which is a proof for that cap. It is an
//!   explicit argument: `max_depth` of [`bfs()`], [`iddfs()`] and
//!   [`astar()`], and [`DfsOptions::max_depth`] /
//!   [`AstarOptions::max_depth`] for the trait-driven [`idastar()`] and
//!   [`astar_with`];
//! - [`Limits`] holds the *budgets* only — states expanded
//!   (`max_expanded`), a `deadline`, a `cancel` flag, states stored at once
//!   (`max_stored`, honoured by A*; [`AstarOptions::max_stored`] too) and
//!   the run's heap budget (`heap`, see [`crate::memory`]): when one stops a
//!   search the outcome is [`Outcome::Limit`] with the [`LimitHit`] that
//!   stopped it, never `Unsolvable`. A front end's options make a
//!   [`RunBudget`], whose [`RunBudget::limits`] are each search's: its own
//!   time, never past the run's deadline.
//!
//! Keeping the cap out of `Limits` means a budget can be passed through
//! untouched from the command line or a web request to any search, and no
//! caller can smuggle a rule in (or lose one) on the way.
//!
//! Why a plain parameter for the closure searches and a field for the
//! trait-driven ones: the closure searches take their problem as arguments,
//! and the cap is one more piece of it, visible at every call site (`None`
//! reads as "no cap"); a one-field options struct would only add ceremony.
//! [`idastar()`] and [`astar_with`] already take an options struct that
//! describes how to search their problem, so the cap joins it there (and
//! defaults to none). Either way the search copies it once at the start and
//! tests it where it always did: nothing is added per node.
//!
//! Searches are free functions in the style of the `pathfinding` crate; the
//! visited set and the cost table are parameters ([`Visited`],
//! [`CostTable`]) so a puzzle that packs its states into integers can hand
//! in a dense table instead of a hash map.
//!
//! The searches users run can be watched: [`astar_in_observed`] and
//! [`idastar_observed`] report every event to an [`Observer`], and the
//! unwatched ones pass [`Quiet`], which compiles to nothing (see
//! `observe.rs`).

mod astar;
mod bfs;
mod idastar;
mod iddfs;
mod observe;
mod visited;

pub use astar::{
    astar, astar_in, astar_in_observed, astar_with, AstarOptions, AstarScratch, BestFirst,
    CostTable, DenseCosts, HashCosts,
};
pub use bfs::bfs;
pub use idastar::{idastar, idastar_observed, Deepening, DfsOptions, Walk, DEFAULT_TABLE_CAPACITY};
pub use iddfs::iddfs;
pub use observe::{Observer, Prune, Quiet};
pub use visited::{DenseVisited, HashVisited, Visited};

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::clock::Instant;
use crate::memory::{Grant, Heap, Refusal};

/// What a search may spend: budgets only. Running out of one gives
/// [`Outcome::Limit`]. A depth cap is not a budget: it is an argument of each
/// search (see the module notes).
///
/// A budget in action: the same search stopped by each kind of budget,
/// and never called unsolvable for it (the clock and the flag are read
/// every 1024 expansions, so a search past its deadline stops soon, not
/// at once):
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::sync::Arc;
/// use std::time::Instant;
/// use gridpuzzle_engine::memory::Heap;
/// use gridpuzzle_engine::search::{bfs, HashVisited, LimitHit, Limits, Outcome};
///
/// // Count up from 0 by +1 or +2, looking for a number that is never met.
/// let never = |limits: &Limits| {
///     bfs(
///         0u64,
///         |&n, out: &mut Vec<(char, u64)>| {
///             out.push(('+', n + 1));
///             out.push(('2', n + 2));
///         },
///         |_| false,
///         &mut HashVisited::default(),
///         None,
///         limits,
///     )
/// };
/// let states = Limits { max_expanded: Some(100), ..Limits::none() };
/// let found = never(&states);
/// assert_eq!(found.outcome, Outcome::Limit(LimitHit::States(100)));
/// assert_eq!(found.stats.expanded, 100);
///
/// let past = Limits { deadline: Some(Instant::now()), ..Limits::none() };
/// assert_eq!(never(&past).outcome, Outcome::Limit(LimitHit::Time));
///
/// let cancel = Arc::new(AtomicBool::new(true));
/// let stopped = Limits { cancel: Some(cancel), ..Limits::none() };
/// assert_eq!(never(&stopped).outcome, Outcome::Limit(LimitHit::Cancelled));
///
/// // The run's heap budget: over it (the meter reads 3 MB in use of 2),
/// // every search of the run ends, saying the budget's size.
/// let heap = Heap::new(2 << 20, || 3 << 20);
/// let full = Limits { heap: Some(heap), ..Limits::none() };
/// assert_eq!(never(&full).outcome, Outcome::Limit(LimitHit::Heap(2)));
///
/// // A cap is not a budget: within 5 moves, 20 is proved out of reach.
/// let capped = bfs(
///     0u64,
///     |&n, out: &mut Vec<(char, u64)>| {
///         out.push(('+', n + 1));
///         out.push(('2', n + 2));
///     },
///     |&n| n == 20,
///     &mut HashVisited::default(),
///     Some(5),
///     &Limits::none(),
/// );
/// assert_eq!(capped.outcome, Outcome::Unsolvable);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Budget: stop after expanding this many states.
    pub max_expanded: Option<u64>,
    /// Budget: stop at this instant.
    pub deadline: Option<Instant>,
    /// Budget: stop when this flag becomes true (Ctrl-C, a server shutting down).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Budget of memory: the most states a search may keep at once. Only
    /// searches whose memory grows with the states they meet honour it
    /// (best-first search); a depth-first search keeps one path and ignores
    /// it. The tighter of this and [`AstarOptions::max_stored`] applies.
    pub max_stored: Option<usize>,
    /// The run's heap budget, shared by every job of the run
    /// ([`crate::memory`]): work that grows with the input asks it before
    /// allocating a large table ([`Limits::admit`]), and every look at the
    /// limits ends the work once the run is over it. `None`: no budget.
    pub heap: Option<Arc<Heap>>,
}

impl Limits {
    /// No budget.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// The time or cancel budget that has run out, if one has: for work
    /// before or beside a search (a distance table over a huge board) that
    /// must stop at the same deadline. It reads the clock, so call it every
    /// few thousand steps, not every step.
    ///
    /// It also ends the work when the run is over its heap budget
    /// ([`Limits::heap`]): the budget is the run's, not one search's, and
    /// this is where every search and every pass over a board already
    /// looks every few thousand steps.
    pub fn interrupted(&self) -> Option<LimitHit> {
        self.interrupted_in_time().or_else(|| {
            let heap = self.heap.as_ref()?;
            heap.over().then(|| LimitHit::Heap(heap.mb()))
        })
    }

    /// Asks the run's heap budget for `bytes` more before allocating them
    /// (see [`crate::memory`]): a grant that holds them until dropped,
    /// after waiting while other running work holds what would make room;
    /// [`LimitHit::Heap`] when waiting cannot help, the time or cancel
    /// budget when it runs out while waiting. Without a heap budget,
    /// always granted.
    pub fn admit(&self, bytes: usize) -> Result<Grant, LimitHit> {
        let Some(heap) = &self.heap else {
            return Ok(Grant::none());
        };
        heap.admit(bytes, || self.interrupted_in_time().is_some())
            .map_err(|refusal| match refusal {
                Refusal::Full(mb) => LimitHit::Heap(mb),
                Refusal::Stopped => self.interrupted_in_time().unwrap_or(LimitHit::Cancelled),
            })
    }

    /// [`Limits::admit`] for `count` more items of `T`.
    pub fn admit_items<T>(&self, count: usize) -> Result<Grant, LimitHit> {
        self.admit(count.saturating_mul(std::mem::size_of::<T>()))
    }

    /// [`Limits::admit`] for what growing `v` to hold `len` items would
    /// allocate (its capacity, doubled as a vector grows, past what it
    /// has).
    pub fn admit_vec<T>(&self, v: &Vec<T>, len: usize) -> Result<Grant, LimitHit> {
        if len <= v.capacity() {
            return Ok(Grant::none());
        }
        self.admit_items::<T>(len.max(2 * v.capacity()))
    }

    /// [`Limits::admit`] without waiting, for memory that only speeds the
    /// work up: `None` when the room is not there now.
    pub fn try_admit(&self, bytes: usize) -> Option<Grant> {
        match &self.heap {
            Some(heap) => heap.try_admit(bytes),
            None => Some(Grant::none()),
        }
    }

    /// [`Limits::try_admit`] for `count` items of `T`.
    pub fn try_admit_items<T>(&self, count: usize) -> Option<Grant> {
        self.try_admit(count.saturating_mul(std::mem::size_of::<T>()))
    }

    /// The time or cancel budget that has run out, if one has (not the
    /// memory budget: for a job waiting for memory).
    pub fn interrupted_in_time(&self) -> Option<LimitHit> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
        {
            return Some(LimitHit::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(LimitHit::Time);
        }
        None
    }
}

/// A run's budget for its searches, as a front end's options give it (the
/// command line's `--max-states`, `--timeout`, `--max-stored`,
/// `--total-timeout` and `--memory`): what bounds each search, and what
/// bounds the whole run. [`RunBudget::limits`] are one search's.
#[derive(Debug, Clone, Default)]
pub struct RunBudget {
    /// Each search's states expanded ([`Limits::max_expanded`]).
    pub max_states: Option<u64>,
    /// Each search's time, from its start.
    pub time: Option<Duration>,
    /// Each search's states kept at once ([`Limits::max_stored`]).
    pub max_stored: Option<usize>,
    /// When the whole run must end: no search goes past it.
    pub deadline: Option<Instant>,
    /// The run's heap budget, shared by all its searches
    /// ([`Limits::heap`]).
    pub heap: Option<Arc<Heap>>,
}

impl RunBudget {
    /// Limits for one search starting now: its own time, but never past
    /// the run's deadline.
    pub fn limits(&self) -> Limits {
        let own = self.time.map(|t| Instant::now() + t);
        Limits {
            max_expanded: self.max_states,
            deadline: match (own, self.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            cancel: None,
            max_stored: self.max_stored,
            heap: self.heap.clone(),
        }
    }
}

/// Which budget stopped a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitHit {
    /// `max_expanded` states were expanded.
    States(u64),
    /// The search stored this many states, its memory budget.
    Memory(usize),
    /// The run's heap budget (`--memory`), in MB, was reached: the budget
    /// is shared by every job and table of the run ([`Limits::heap`]).
    Heap(usize),
    /// The deadline passed.
    Time,
    /// The cancel flag was raised.
    Cancelled,
}

impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitHit::States(n) => write!(f, "the limit of {n} expanded states was reached"),
            LimitHit::Memory(n) => write!(f, "the memory budget of {n} stored states was reached"),
            LimitHit::Heap(n) => write!(f, "the run's memory budget of {n} MB was reached"),
            LimitHit::Time => write!(f, "the time limit was reached"),
            LimitHit::Cancelled => write!(f, "the search was cancelled"),
        }
    }
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<M> {
    /// An optimal sequence of moves (empty when the start is a goal).
    Solved(Vec<M>),
    /// Proved: no sequence of moves within the search's depth cap (if it
    /// had one) reaches a goal.
    Unsolvable,
    /// A budget ran out first; nothing is known.
    Limit(LimitHit),
}

impl<M> Outcome<M> {
    pub fn moves(&self) -> Option<&[M]> {
        match self {
            Outcome::Solved(m) => Some(m),
            _ => None,
        }
    }
}

/// The work a search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were generated.
    pub expanded: u64,
    /// Successor states produced (including duplicates).
    pub generated: u64,
    /// Largest number of states waiting at once (queue or stack).
    pub peak_frontier: usize,
    pub elapsed: Duration,
}

/// An outcome with its stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search<M> {
    pub outcome: Outcome<M>,
    pub stats: Stats,
}

/// Counts expansions against the budgets. Clock and flag are read every
/// 1024 expansions, which keeps them off the hot path.
pub(crate) struct Budget<'a> {
    limits: &'a Limits,
    started: Instant,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a Limits) -> Budget<'a> {
        Budget {
            limits,
            started: Instant::now(),
        }
    }

    /// Call before each expansion; `Err` when a budget is spent.
    #[inline]
    pub(crate) fn charge(&self, stats: &mut Stats) -> Result<(), LimitHit> {
        if let Some(max) = self.limits.max_expanded {
            if stats.expanded >= max {
                return Err(LimitHit::States(max));
            }
        }
        stats.expanded += 1;
        if stats.expanded % 1024 == 0 {
            self.check_clock()?;
        }
        Ok(())
    }

    pub(crate) fn check_clock(&self) -> Result<(), LimitHit> {
        match self.limits.interrupted() {
            Some(hit) => Err(hit),
            None => Ok(()),
        }
    }

    pub(crate) fn finish<M>(&self, outcome: Outcome<M>, mut stats: Stats) -> Search<M> {
        stats.elapsed = self.started.elapsed();
        Search { outcome, stats }
    }
}

#[cfg(test)]
mod tests;
