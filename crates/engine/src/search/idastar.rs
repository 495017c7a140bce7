//! IDA* over a mutable state, with a transposition table.
//!
//! The searches [`bfs()`](super::bfs()) and [`iddfs()`](super::iddfs())
//! clone a state for every successor. For puzzles whose state is large but
//! changes little per move (a board where one block breaks), it is much
//! cheaper to keep one state, play a move, search below it and undo the
//! move. That is the [`Walk`] contract: the puzzle owns its state and its
//! undo stack; this module owns the order of the search.
//!
//! On top of plain iterative deepening with an admissible lower bound:
//!
//! - **Transposition table.** A state reached again by another order of
//!   moves has the same future. The table maps a state's exact key to the
//!   largest number of remaining moves within which it is known *not* to
//!   reach a goal; a later visit with no more moves left is pruned. Keys are
//!   exact (the puzzle's own `Eq` value, not a hash), so a pruned state is
//!   always really the same state. Knowledge carries over between rounds.
//! - **Exhaustion.** A subtree explored with no cut at all (neither by the
//!   threshold nor by the table holding only a finite budget) is dead at any
//!   budget; it is recorded as such. If the whole tree is dead, the answer
//!   is a proof of [`Outcome::Unsolvable`] even without a depth cap.
//!
//! The depth cap ([`DfsOptions::max_depth`]) is part of the problem, like
//! the walk itself: no round goes past it, and a search that runs out of
//! rounds under it is a proof of [`Outcome::Unsolvable`] within the cap. The
//! budgets of [`Limits`] give [`Outcome::Limit`].
//!
//! Optimality: the threshold starts at the root's bound and rises to the
//! smallest `g + h` that exceeded it, so the first goal found is at depth
//! equal to the threshold, and no shorter solution exists (every shorter
//! path was inside an earlier threshold, or pruned by an admissible bound or
//! a table entry that proves it fails).

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::observe::{Observer, Quiet};
use super::Prune;
use super::{Budget, LimitHit, Limits, Outcome, Search, Stats};

/// A puzzle state that a depth-first search plays forward and back.
pub trait Walk {
    type Move: Copy;
    /// Exact identity of the current state (for the transposition table).
    type Key: Hash + Eq;

    /// Pushes the moves worth trying from the current state.
    fn moves(&mut self, out: &mut Vec<Self::Move>);
    /// Plays `m`; returns false (changing nothing) if the rules refuse it or
    /// it loses the game.
    fn play(&mut self, m: Self::Move) -> bool;
    /// Takes back the last move that `play` accepted.
    fn undo(&mut self);
    fn is_goal(&self) -> bool;
    /// A lower bound on the moves still needed, `None` if the goal is
    /// provably out of reach from here.
    fn bound(&mut self) -> Option<u32>;
    fn key(&self) -> Self::Key;
}

/// How the depth-first search closes in on the optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Deepening {
    /// IDA*: rounds of rising thresholds; the first goal found is optimal.
    #[default]
    Iterative,
    /// Depth-first branch and bound: one pass under the depth cap; every
    /// goal found lowers the cap to one less than its depth, and the last
    /// goal found is optimal. Cheaper than rounds when the cap is tight and
    /// the answer is often "none" (each round of IDA* repeats the one
    /// before); needs a cap ([`DfsOptions::max_depth`]), so without one it
    /// runs as `Iterative`.
    BranchAndBound,
}

/// Options of [`idastar`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DfsOptions {
    /// Keep a transposition table.
    pub table: bool,
    /// The most states the table holds. A full table takes no new states
    /// (it still sharpens the ones it has): the table only prunes, so the
    /// answer is the same and memory stays bounded.
    pub table_capacity: usize,
    pub deepening: Deepening,
    /// Depth cap, part of the problem (`None`: no cap): no solution longer
    /// than this many moves counts, and a full search within it proves
    /// [`Outcome::Unsolvable`].
    pub max_depth: Option<u32>,
}

/// Default [`DfsOptions::table_capacity`]: 2²² states, a few hundred MB at
/// most for large keys.
pub const DEFAULT_TABLE_CAPACITY: usize = 1 << 22;

impl Default for DfsOptions {
    fn default() -> DfsOptions {
        DfsOptions {
            table: true,
            table_capacity: DEFAULT_TABLE_CAPACITY,
            deepening: Deepening::Iterative,
            max_depth: None,
        }
    }
}

/// What the table knows of a state: no goal within this many moves.
/// `u32::MAX` means never.
type Fails = u32;
const NEVER: Fails = u32::MAX;

struct Frame<M> {
    moves: Vec<M>,
    next: usize,
    /// The move that led here (none at the root).
    via: Option<M>,
    /// Smallest f above the threshold seen below this node (`NEVER`: none,
    /// i.e. the subtree was explored completely).
    cut: u32,
}

/// Finds an optimal move sequence from the walk's current state.
///
/// `opts.max_depth` caps the solution length (part of the problem: a full
/// search within it proves [`Outcome::Unsolvable`]); the budgets of `limits`
/// give [`Outcome::Limit`].
/// With `opts.table` false no transposition table is kept (memory stays at
/// the current path; useful when states rarely repeat). Whatever the
/// outcome, the walk is handed back in the state it was given.
///
/// ```
/// use gridpuzzle_engine::search::{idastar, Deepening, DfsOptions, Limits, Outcome, Walk};
///
/// /// Reach 7 from 0 by steps of +3 and -1: one number, played forward and
/// /// taken back.
/// struct Steps {
///     at: i64,
///     played: Vec<i64>,
/// }
///
/// impl Walk for Steps {
///     type Move = i64;
///     type Key = i64;
///     fn moves(&mut self, out: &mut Vec<i64>) {
///         out.extend([3, -1]);
///     }
///     fn play(&mut self, step: i64) -> bool {
///         self.at += step;
///         self.played.push(step);
///         true
///     }
///     fn undo(&mut self) {
///         self.at -= self.played.pop().expect("a move to take back");
///     }
///     fn is_goal(&self) -> bool {
///         self.at == 7
///     }
///     fn bound(&mut self) -> Option<u32> {
///         let left = if self.at <= 7 { (9 - self.at) / 3 } else { self.at - 7 };
///         Some(left as u32)
///     }
///     fn key(&self) -> i64 {
///         self.at
///     }
/// }
///
/// let mut walk = Steps { at: 0, played: Vec::new() };
/// let found = idastar(&mut walk, &Limits::none(), DfsOptions::default());
/// let plan = found.outcome.moves().unwrap();
/// assert_eq!((plan.len(), plan.iter().sum::<i64>()), (5, 7));
/// assert_eq!(walk.at, 0); // handed back as it was given
///
/// // Under a cap of 4 there is none; branch and bound proves it in one pass.
/// let capped = DfsOptions {
///     max_depth: Some(4),
///     deepening: Deepening::BranchAndBound,
///     ..DfsOptions::default()
/// };
/// assert_eq!(idastar(&mut walk, &Limits::none(), capped).outcome, Outcome::Unsolvable);
/// ```
pub fn idastar<W: Walk>(walk: &mut W, limits: &Limits, opts: DfsOptions) -> Search<W::Move> {
    idastar_observed(walk, limits, opts, &mut Quiet)
}

/// [`idastar`] reporting to `obs` (an [`Observer`]): a node is
/// numbered by its depth on the current path; the root is expanded again
/// at each new threshold, which is an iteration.
pub fn idastar_observed<W: Walk, O: Observer<W>>(
    walk: &mut W,
    limits: &Limits,
    opts: DfsOptions,
    obs: &mut O,
) -> Search<W::Move> {
    let budget = Budget::new(limits);
    let mut stats = Stats::default();
    if walk.is_goal() {
        if O::ON {
            obs.goal(walk, 0, 0);
        }
        return budget.finish(Outcome::Solved(Vec::new()), stats);
    }
    let Some(h0) = walk.bound() else {
        if O::ON {
            obs.prune(walk, 0, 0, Prune::DeadEnd);
        }
        return budget.finish(Outcome::Unsolvable, stats);
    };
    let mut search = Round {
        table: opts.table,
        capacity: opts.table_capacity,
        known: FxHashMap::default(),
        pool: Vec::new(),
        best: None,
        cap: opts.max_depth.unwrap_or(u32::MAX),
        h0,
    };
    if let (Deepening::BranchAndBound, Some(cap)) = (opts.deepening, opts.max_depth) {
        if h0 <= cap {
            if O::ON {
                obs.iteration(cap);
            }
            if let Err(hit) = search.run(walk, cap, true, &budget, &mut stats, obs) {
                return budget.finish(Outcome::Limit(hit), stats);
            }
        }
        let outcome = match search.best {
            Some(path) => Outcome::Solved(path),
            None => Outcome::Unsolvable,
        };
        return budget.finish(outcome, stats);
    }
    let cap = opts.max_depth.unwrap_or(u32::MAX);
    let mut threshold = h0.max(1);
    while threshold <= cap {
        if O::ON {
            obs.iteration(threshold);
        }
        match search.run(walk, threshold, false, &budget, &mut stats, obs) {
            Err(hit) => return budget.finish(Outcome::Limit(hit), stats),
            Ok(_) if search.best.is_some() => break,
            Ok(NEVER) => break,
            Ok(next) => threshold = next,
        }
    }
    let outcome = match search.best {
        Some(path) => Outcome::Solved(path),
        None => Outcome::Unsolvable,
    };
    budget.finish(outcome, stats)
}

/// The state kept across rounds.
struct Round<W: Walk> {
    table: bool,
    capacity: usize,
    known: FxHashMap<W::Key, Fails>,
    pool: Vec<Vec<W::Move>>,
    /// The best (shortest) solution found so far.
    best: Option<Vec<W::Move>>,
    /// The depth cap (`u32::MAX`: none), to tell a prune by the rules'
    /// cap from one by the threshold when watched.
    cap: u32,
    /// The root's bound, its estimate when watched.
    h0: u32,
}

impl<W: Walk> Round<W> {
    /// One depth-first pass under `threshold`. Returns the smallest `g + h`
    /// that exceeded it (`NEVER` when nothing was cut). A goal found is kept
    /// in `best`; with `tighten` the pass goes on under a threshold one less
    /// than the goal's depth, otherwise it stops there.
    fn run<O: Observer<W>>(
        &mut self,
        walk: &mut W,
        mut threshold: u32,
        tighten: bool,
        budget: &Budget<'_>,
        stats: &mut Stats,
        obs: &mut O,
    ) -> Result<u32, LimitHit> {
        let mut stack: Vec<Frame<W::Move>> = Vec::new();
        let h0 = self.h0;
        stack.push(self.open(walk, None, 0, h0, budget, stats, obs)?);
        loop {
            let depth = stack.len() as u32 - 1; // moves played to reach the top
            let top = stack.last_mut().expect("the root stays until the end");
            if top.next == top.moves.len() {
                // The top has no goal within threshold - depth moves.
                let frame = stack.pop().expect("non-empty");
                self.pool.push(frame.moves);
                if self.table {
                    let fails = if frame.cut == NEVER {
                        NEVER
                    } else {
                        threshold - depth
                    };
                    let key = walk.key();
                    if let Some(known) = self.known.get_mut(&key) {
                        *known = (*known).max(fails);
                    } else if self.known.len() < self.capacity {
                        self.known.insert(key, fails);
                    }
                }
                let Some(parent) = stack.last_mut() else {
                    return Ok(frame.cut);
                };
                parent.cut = parent.cut.min(frame.cut);
                walk.undo();
                continue;
            }
            let m = top.moves[top.next];
            top.next += 1;
            if !walk.play(m) {
                // Refused by the rules (no state is made): not an event,
                // as the contest programs make none for such a move.
                continue;
            }
            let g = depth + 1;
            if walk.is_goal() {
                if O::ON {
                    obs.goal(walk, depth as usize, g);
                }
                let mut path: Vec<W::Move> = stack.iter().filter_map(|f| f.via).collect();
                path.push(m);
                self.best = Some(path);
                if !tighten || g == 1 {
                    for _ in 0..g {
                        walk.undo();
                    }
                    return Ok(g);
                }
                // Only shorter solutions matter now. The goal counts as a
                // cut for every node above it: they are not dead.
                threshold = g - 1;
                for f in &mut stack {
                    f.cut = f.cut.min(g);
                }
                walk.undo();
                continue;
            }
            let h = walk.bound();
            let f = h.map(|h| g.saturating_add(h.max(1)));
            let verdict = match f {
                None => Some(NEVER), // provably dead: no cut
                Some(f) if f > threshold => Some(f),
                Some(_) if self.table => match self.known.get(&walk.key()) {
                    Some(&NEVER) => Some(NEVER),
                    Some(&fails) if fails >= threshold - g => Some(g + fails + 1),
                    _ => None,
                },
                Some(_) => None,
            };
            match verdict {
                Some(cut) => {
                    if O::ON {
                        let why = match f {
                            None => Prune::DeadEnd,
                            Some(f) if f > threshold && f > self.cap => Prune::Cap,
                            Some(f) if f > threshold => Prune::Bound,
                            Some(_) => Prune::Visited,
                        };
                        obs.prune(walk, depth as usize, g, why);
                    }
                    let top = stack.last_mut().expect("non-empty");
                    top.cut = top.cut.min(cut);
                    walk.undo();
                }
                None => {
                    let h = h.unwrap_or(0);
                    if O::ON {
                        obs.generate(walk, depth as usize, g, Some(h));
                    }
                    let frame = match self.open(walk, Some(m), g, h, budget, stats, obs) {
                        Ok(frame) => frame,
                        Err(hit) => {
                            // Leave the walk as it was given to us.
                            for _ in 0..g {
                                walk.undo();
                            }
                            return Err(hit);
                        }
                    };
                    stack.push(frame);
                    stats.peak_frontier = stats.peak_frontier.max(stack.len());
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn open<O: Observer<W>>(
        &mut self,
        walk: &mut W,
        via: Option<W::Move>,
        depth: u32,
        estimate: u32,
        budget: &Budget<'_>,
        stats: &mut Stats,
        obs: &mut O,
    ) -> Result<Frame<W::Move>, LimitHit> {
        budget.charge(stats)?;
        if O::ON {
            let parent = depth.checked_sub(1).map(|p| p as usize);
            obs.expand(walk, depth as usize, parent, depth, Some(estimate));
        }
        let mut moves = self.pool.pop().unwrap_or_default();
        moves.clear();
        walk.moves(&mut moves);
        stats.generated += moves.len() as u64;
        Ok(Frame {
            moves,
            next: 0,
            via,
            cut: NEVER,
        })
    }
}
