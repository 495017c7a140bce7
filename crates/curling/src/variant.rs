//! Curling under a wrong reading of its rules: a throw into an adjacent
//! block breaks that block without moving the stone
//! ([`Adjacent::Breaks`]).
//!
//! The judge kit solves this variant to tell a contestant "your answer
//! equals the optimum with throws into an adjacent block allowed". It is
//! solved here by the engine's breadth-first search over whole states
//! (where the stone rests, which blocks are gone) through
//! [`throw_under`], rather than by the tuned IDA* of [`crate::solve()`]:
//! the variant is asked of small failing cases, plain BFS is exact with no
//! bound to re-prove for the new rule, and the judge's solver stays
//! untouched. Every throw but the last still breaks a block, so the states
//! form a finite acyclic graph and "unsolvable" is a proof here too.

use gridpuzzle_engine::search::{bfs, HashVisited, Limits, Search};
use gridpuzzle_engine::verdict::Verdict;
use gridpuzzle_engine::Dir;

use crate::play::from_here;
use crate::rules::{apply, throw_under, Adjacent, Board, State};

/// Every legal throw from `state` under `adjacent`, as `(direction, next)`.
pub fn successors(board: &Board, state: &State, adjacent: Adjacent, out: &mut Vec<(Dir, State)>) {
    for dir in Dir::ALL {
        if let Ok(t) = throw_under(board, state, dir, adjacent) {
            out.push((dir, apply(board, state, &t)));
        }
    }
}

/// The fewest throws under `adjacent` and the cap `max_throws`.
pub fn solve(
    board: &Board,
    max_throws: Option<u32>,
    adjacent: Adjacent,
    limits: &Limits,
) -> Search<Dir> {
    let goal = board.goal();
    bfs(
        board.initial(),
        |s: &State, out: &mut Vec<(Dir, State)>| successors(board, s, adjacent, out),
        |s: &State| s.stone == goal,
        &mut HashVisited::default(),
        max_throws,
        limits,
    )
}

/// [`solve`] from `state` after `used` throws: on the board left by the
/// throws so far, with the throws left as the cap (as [`crate::play`]).
pub fn solve_from(
    board: &Board,
    max_throws: Option<u32>,
    adjacent: Adjacent,
    state: &State,
    used: usize,
    limits: &Limits,
) -> Search<Dir> {
    from_here(board, max_throws, state, used, |board, cap| {
        solve(board, cap, adjacent, limits)
    })
}

/// The verdict on `plan` under `adjacent`, as [`crate::verify()`].
pub fn verify(
    board: &Board,
    plan: &[Dir],
    max_throws: Option<u32>,
    adjacent: Adjacent,
    limits: &Limits,
) -> Verdict {
    crate::verify::verdict(board, plan, adjacent, max_throws, || {
        solve(board, max_throws, adjacent, limits).outcome
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;
    use gridpuzzle_engine::search::Outcome;

    fn boards(text: &str) -> Vec<Board> {
        Datasets::new(text.as_bytes()).map(|b| b.unwrap()).collect()
    }

    #[test]
    fn the_judges_rule_gives_the_judges_answers() {
        let text = include_str!("../../../samples/curling.in");
        for board in boards(text) {
            let ours = crate::solve(&board, &crate::Options::default(), &Limits::none());
            let bfs = solve(&board, Some(10), Adjacent::Refused, &Limits::none());
            assert_eq!(
                ours.outcome.moves().map(<[Dir]>::len),
                bfs.outcome.moves().map(<[Dir]>::len)
            );
        }
    }

    #[test]
    fn breaking_an_adjacent_block_can_be_shorter() {
        // S # . G: the judge's stone can only go left (off the board).
        let board = &boards("4 1\n2 1 0 3\n0 0\n")[0];
        let judge = solve(board, Some(10), Adjacent::Refused, &Limits::none());
        assert_eq!(judge.outcome, Outcome::Unsolvable);
        let variant = solve(board, Some(10), Adjacent::Breaks, &Limits::none());
        assert_eq!(
            variant.outcome,
            Outcome::Solved(vec![Dir::Right, Dir::Right])
        );
        assert!(verify(
            board,
            &[Dir::Right, Dir::Right],
            Some(10),
            Adjacent::Breaks,
            &Limits::none()
        )
        .is_optimal());
    }
}
