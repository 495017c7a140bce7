//! Breadth-first search that returns an optimal path for unit-cost moves.
//!
//! Nodes live in one arena that doubles as the queue (a node is expanded when
//! the read index reaches it), each with its parent's index and the move that
//! made it, so the path is rebuilt by walking parents: no per-node `Vec` of
//! moves. The goal test runs when a state is generated: every state of depth
//! `d` is generated before any of depth `d + 1`, so the first goal generated
//! is a shallowest one.
//!
//! The depth cap (`max_depth`) is part of the problem: the queue is cut where
//! the layer reaches it, and running out of queue is then a proof within the
//! cap. The budgets of [`Limits`] are checked before every expansion (the
//! clock every 1024) and give [`Outcome::Limit`].

use super::{Budget, Limits, Outcome, Search, Stats, Visited};

struct Node<S, M> {
    state: S,
    parent: usize,
    mv: Option<M>,
}

/// Breadth-first search from `start`.
///
/// - `successors(state, out)` pushes every `(move, next)` pair of `state`;
/// - `goal(state)` tells whether a state is solved;
/// - `visited` is the (empty) set used to merge transpositions;
/// - `max_depth` caps the number of moves, `None` for no cap (part of the
///   problem: exhausting the states within it is a proof of
///   [`Outcome::Unsolvable`]);
/// - `limits` are the budgets, which give [`Outcome::Limit`].
///
/// ```
/// use gridpuzzle_engine::search::{bfs, HashVisited, Limits, Outcome};
/// // Reach 10 from 1 with moves "+1" and "*2".
/// let found = bfs(
///     1u32,
///     |&n, out: &mut Vec<(char, u32)>| {
///         out.push(('+', n + 1));
///         out.push(('*', n * 2));
///     },
///     |&n| n == 10,
///     &mut HashVisited::default(),
///     Some(8),
///     &Limits::none(),
/// );
/// assert_eq!(found.outcome, Outcome::Solved(vec!['+', '*', '+', '*']));
/// ```
pub fn bfs<S, M, V, FS, FG>(
    start: S,
    mut successors: FS,
    mut goal: FG,
    visited: &mut V,
    max_depth: Option<u32>,
    limits: &Limits,
) -> Search<M>
where
    M: Clone,
    V: Visited<S>,
    FS: FnMut(&S, &mut Vec<(M, S)>),
    FG: FnMut(&S) -> bool,
{
    let budget = Budget::new(limits);
    let mut stats = Stats::default();
    if goal(&start) {
        return budget.finish(Outcome::Solved(Vec::new()), stats);
    }
    visited.insert(&start);
    let mut nodes = vec![Node {
        state: start,
        parent: usize::MAX,
        mv: None,
    }];
    let mut head = 0;
    let mut depth = 0u32;
    let mut layer_end = 1;
    let mut children = Vec::new();
    while head < nodes.len() {
        if head == layer_end {
            depth += 1;
            layer_end = nodes.len();
        }
        if max_depth.is_some_and(|max| depth >= max) {
            // Every state left in the queue already uses all allowed moves.
            break;
        }
        if let Err(hit) = budget.charge(&mut stats) {
            return budget.finish(Outcome::Limit(hit), stats);
        }
        children.clear();
        successors(&nodes[head].state, &mut children);
        for (mv, state) in children.drain(..) {
            stats.generated += 1;
            if !visited.insert(&state) {
                continue;
            }
            let solved = goal(&state);
            nodes.push(Node {
                state,
                parent: head,
                mv: Some(mv),
            });
            if solved {
                let path = rebuild(&nodes, nodes.len() - 1);
                return budget.finish(Outcome::Solved(path), stats);
            }
        }
        head += 1;
        stats.peak_frontier = stats.peak_frontier.max(nodes.len() - head);
    }
    budget.finish(Outcome::Unsolvable, stats)
}

fn rebuild<S, M: Clone>(nodes: &[Node<S, M>], mut at: usize) -> Vec<M> {
    let mut path = Vec::new();
    while let Some(mv) = &nodes[at].mv {
        path.push(mv.clone());
        at = nodes[at].parent;
    }
    path.reverse();
    path
}
