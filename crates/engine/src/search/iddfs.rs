//! Depth-capped iterative deepening, with an optional lower bound (IDA*).
//!
//! Iterative deepening keeps only the current path in memory, which suits
//! puzzles whose states are expensive to store but cheap to regenerate. With
//! a heuristic that never overestimates the moves left, it is IDA*: each
//! round searches every path whose length plus bound fits the threshold, and
//! the next threshold is the smallest value that did not fit.
//!
//! It detects exhaustion: when a round prunes nothing because of the
//! threshold, every reachable state was seen and the answer is
//! [`Outcome::Unsolvable`] even without a depth cap. (On spaces with cycles
//! a round always prunes something, so there only the cap or a budget ends
//! the search — the caller should set one.) The cap (`max_depth`) is part of
//! the problem: no round goes past it, and running out of rounds under it is
//! a proof within the cap; the budgets of [`Limits`] give
//! [`Outcome::Limit`].

use super::{Budget, LimitHit, Limits, Outcome, Search, Stats};

struct Frame<S, M> {
    children: Vec<(M, S)>,
    next: usize,
}

/// Iterative deepening depth-first search from `start`.
///
/// - `successors`, `goal`, `max_depth` (the cap, part of the problem) and
///   `limits` (the budgets) as in [`bfs()`](super::bfs());
/// - `bound(state)` is a lower bound on the moves still needed, or `None`
///   when the state provably cannot reach a goal (it is then pruned without
///   counting as cut off). Use `|_| Some(0)` for plain iterative deepening.
///
/// ```
/// use gridpuzzle_engine::search::{iddfs, Limits, Outcome};
/// let found = iddfs(
///     1u32,
///     |&n, out: &mut Vec<(char, u32)>| {
///         out.push(('+', n + 1));
///         out.push(('*', n * 2));
///     },
///     |&n| n == 10,
///     |_| Some(0),
///     Some(8),
///     &Limits::none(),
/// );
/// assert_eq!(found.outcome.moves().map(|m| m.len()), Some(4));
/// ```
pub fn iddfs<S, M, FS, FG, FB>(
    start: S,
    mut successors: FS,
    mut goal: FG,
    mut bound: FB,
    max_depth: Option<u32>,
    limits: &Limits,
) -> Search<M>
where
    M: Clone,
    FS: FnMut(&S, &mut Vec<(M, S)>),
    FG: FnMut(&S) -> bool,
    FB: FnMut(&S) -> Option<u32>,
{
    let budget = Budget::new(limits);
    let mut stats = Stats::default();
    if goal(&start) {
        return budget.finish(Outcome::Solved(Vec::new()), stats);
    }
    let Some(first) = bound(&start) else {
        return budget.finish(Outcome::Unsolvable, stats);
    };
    let mut threshold = first.max(1);
    let cap = max_depth.unwrap_or(u32::MAX);
    let mut pool: Vec<Vec<(M, S)>> = Vec::new();
    while threshold <= cap {
        match round(
            &start,
            threshold,
            &mut successors,
            &mut goal,
            &mut bound,
            &budget,
            &mut stats,
            &mut pool,
        ) {
            Err(hit) => return budget.finish(Outcome::Limit(hit), stats),
            Ok(Round::Found(path)) => return budget.finish(Outcome::Solved(path), stats),
            Ok(Round::Exhausted) => break,
            Ok(Round::Cut(next)) => threshold = next,
        }
    }
    budget.finish(Outcome::Unsolvable, stats)
}

enum Round<M> {
    Found(Vec<M>),
    /// Nothing was pruned by the threshold: the space is exhausted.
    Exhausted,
    /// The smallest path length + bound that exceeded the threshold.
    Cut(u32),
}

#[allow(clippy::too_many_arguments)]
fn round<S, M, FS, FG, FB>(
    start: &S,
    threshold: u32,
    successors: &mut FS,
    goal: &mut FG,
    bound: &mut FB,
    budget: &Budget<'_>,
    stats: &mut Stats,
    pool: &mut Vec<Vec<(M, S)>>,
) -> Result<Round<M>, LimitHit>
where
    M: Clone,
    FS: FnMut(&S, &mut Vec<(M, S)>),
    FG: FnMut(&S) -> bool,
    FB: FnMut(&S) -> Option<u32>,
{
    let mut next_threshold = u32::MAX;
    let mut stack: Vec<Frame<S, M>> = Vec::new();
    let expand = |state: &S,
                  successors: &mut FS,
                  stats: &mut Stats,
                  pool: &mut Vec<Vec<(M, S)>>|
     -> Result<Frame<S, M>, LimitHit> {
        budget.charge(stats)?;
        let mut children = pool.pop().unwrap_or_default();
        children.clear();
        successors(state, &mut children);
        stats.generated += children.len() as u64;
        Ok(Frame { children, next: 0 })
    };
    stack.push(expand(start, successors, stats, pool)?);
    while let Some(top) = stack.last_mut() {
        if top.next == top.children.len() {
            let frame = stack.pop().expect("non-empty");
            pool.push(frame.children);
            continue;
        }
        let i = top.next;
        top.next += 1;
        let depth = stack.len() as u32; // moves made to reach this child
        let child = &stack.last().expect("non-empty").children[i].1;
        if goal(child) {
            let path = stack
                .iter()
                .map(|f| f.children[f.next - 1].0.clone())
                .collect();
            return Ok(Round::Found(path));
        }
        let Some(h) = bound(child) else { continue };
        let f = depth.saturating_add(h.max(1));
        if f > threshold {
            next_threshold = next_threshold.min(f);
            continue;
        }
        let frame = expand(child, successors, stats, pool)?;
        stack.push(frame);
        stats.peak_frontier = stats.peak_frontier.max(stack.len());
    }
    Ok(if next_threshold == u32::MAX {
        Round::Exhausted
    } else {
        Round::Cut(next_threshold)
    })
}
