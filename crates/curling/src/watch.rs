//! Two more searches to watch beside the contest's ([`crate::seed`]): the
//! depth-first search with branch and bound that most published solutions
//! use (`dfs-bb`), and a breadth-first search over the stone's stop and the
//! set of broken blocks (`bfs`). Both are exact under the judge's rules.
//!
//! They exist to be traced, not to be run by users ([`crate::solve()`] is
//! faster than either), so they are written to be read and to report every
//! event through a [`Recorder`] the way the seed does:
//!
//! - the throws are the judge's and the seed's: directions right, left,
//!   down, up; a throw toward an adjacent block is not made (no event); a
//!   throw that leaves the board is a dead end; a block hit breaks and the
//!   stone stops before it; a slide over the goal wins; at most 10 throws;
//! - an expansion per state whose throws are made, with `at` the stone and
//!   `cells` the blocks broken so far; a generated state per throw kept (its
//!   `cells` already hold the block that throw broke); a goal per throw
//!   onto the goal; a prune per throw dropped, with its reason.
//!
//! The two differ where a lesson wants them to. `dfs-bb` keeps one path (a
//! few hundred bytes whatever the board) and cuts a throw once it cannot
//! beat the best answer found so far, but it has no memory of states, so
//! it meets the same state again along other paths: its count grows with
//! the paths, not the states. `bfs` meets each state once (a visited set
//! of the stop and the broken blocks, sorted block numbers) and stops at
//! the first goal, which breadth-first order makes optimal; it pays in
//! memory what it saves in time. The recorder charges each expansion
//! against the budget, and each expansion stores at most four states, so
//! the budget on expansions bounds the memory too; `peak_stored` says how
//! much was held.

use std::collections::{HashMap, VecDeque};

use gridpuzzle_engine::grid::Pos;
use gridpuzzle_engine::trace::{Prune, Recorder, Stop, Traced};

use crate::rules::{Board, Cell};

/// Row and column steps, in the seed's order: right, left, down, up.
const STEPS: [(i64, i64); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The judge's cap: at most 10 throws, so a stop reached by the 10th
/// throw is not thrown from.
const CAP: u32 = 10;

/// Where one throw ends.
enum Slide {
    /// A block stands right next to the stone: the throw is not made.
    Refused,
    /// The stone passes over the goal: a win.
    Goal,
    /// The stone leaves the board; the last cell it was on.
    Off(Pos),
    /// The stone stops at `at`, and the block at `broke` breaks.
    Rest { at: Pos, broke: Pos },
}

/// The board as the two searches read it: a flag per cell for the blocks
/// of the start.
struct Ice {
    width: i64,
    height: i64,
    goal: Pos,
    /// Per cell, row-major: a block stands there at the start.
    block: Vec<bool>,
}

impl Ice {
    fn new(board: &Board) -> Ice {
        let grid = board.grid();
        Ice {
            width: i64::from(grid.width()),
            height: i64::from(grid.height()),
            goal: board.goal(),
            block: grid.cells().iter().map(|c| *c == Cell::Block).collect(),
        }
    }

    fn inside(&self, r: i64, c: i64) -> bool {
        (0..self.height).contains(&r) && (0..self.width).contains(&c)
    }

    fn index(&self, p: Pos) -> usize {
        (i64::from(p.row) * self.width + i64::from(p.col)) as usize
    }

    /// Throws the stone from `from` by `(dr, dc)`; `broken(i)` says whether
    /// the starting block at cell `i` is gone.
    fn slide(&self, from: Pos, (dr, dc): (i64, i64), broken: impl Fn(usize) -> bool) -> Slide {
        let standing = |r: i64, c: i64| {
            self.inside(r, c) && {
                let i = (r * self.width + c) as usize;
                self.block[i] && !broken(i)
            }
        };
        let (r0, c0) = (i64::from(from.row), i64::from(from.col));
        if standing(r0 + dr, c0 + dc) {
            return Slide::Refused;
        }
        let goal = (i64::from(self.goal.row), i64::from(self.goal.col));
        let (mut r, mut c) = (r0, c0);
        loop {
            if standing(r + dr, c + dc) {
                return Slide::Rest {
                    at: Pos::new(r as u32, c as u32),
                    broke: Pos::new((r + dr) as u32, (c + dc) as u32),
                };
            }
            if !self.inside(r + dr, c + dc) {
                return Slide::Off(Pos::new(r as u32, c as u32));
            }
            r += dr;
            c += dc;
            if (r, c) == goal {
                return Slide::Goal;
            }
        }
    }
}

/// The common public solution, traced (`dfs-bb`): a depth-first search in
/// the seed's direction order that keeps the best answer found so far.
///
/// At each stop every direction is tried: a throw onto the goal records
/// one throw more than the stop's depth as a goal (and the stop's other
/// directions are still tried, unlike the seed); a throw off the board is
/// pruned as a dead end; a throw that stops at a block, `c` throws in, is
/// pruned by the cap when `c >= 10`, by the bound when `c + 1` throws
/// cannot beat the best answer, and is searched otherwise. Exact: every
/// cut throw could only lead to an answer no better than one known or
/// beyond the cap. The answer is the best found, or -1.
pub fn dfs_bb_trace(board: &Board, rec: &mut Recorder<'_>) -> Result<Traced, Stop> {
    let mut search = BranchAndBound {
        ice: Ice::new(board),
        broken: vec![false; board.grid().len()],
        path: Vec::new(),
        best: None,
        peak_depth: 0,
        rec,
    };
    search.dfs(board.start(), 0, None)?;
    search.rec.finish()?;
    Ok(Traced {
        answer: Some(search.best.map_or(-1, i64::from)),
        peak_frontier: search.peak_depth,
        peak_stored: search.peak_depth,
    })
}

struct BranchAndBound<'r, 't> {
    ice: Ice,
    /// Per cell: the block there is broken on the current path.
    broken: Vec<bool>,
    /// The blocks broken on the current path, in order, for the trace.
    path: Vec<Pos>,
    best: Option<u32>,
    /// The deepest the recursion went (stops on the stack).
    peak_depth: u64,
    rec: &'r mut Recorder<'t>,
}

impl BranchAndBound<'_, '_> {
    fn dfs(&mut self, at: Pos, depth: u32, parent: Option<u64>) -> Result<(), Stop> {
        let me = Some(
            self.rec
                .expand(depth, None, at, parent, self.path.clone())?,
        );
        self.peak_depth = self.peak_depth.max(u64::from(depth) + 1);
        let child = depth + 1;
        for step in STEPS {
            let broken = &self.broken;
            match self.ice.slide(at, step, |i| broken[i]) {
                Slide::Refused => {}
                Slide::Goal => {
                    self.rec.goal(child, self.ice.goal, me);
                    if self.best.is_none_or(|b| child < b) {
                        self.best = Some(child);
                        // The bound changes: an event of its own, so the
                        // page shows the bound the cuts that follow use.
                        self.rec.bound(
                            Some(child),
                            "a better answer: from now on a throw is followed only while it could beat it",
                        );
                    }
                }
                Slide::Off(last) => {
                    self.rec.prune(child, Prune::DeadEnd, last, me);
                }
                Slide::Rest { at: stop, broke } => {
                    if child >= CAP {
                        self.rec.prune(child, Prune::Cap, stop, me);
                    } else if self.best.is_some_and(|b| child + 1 >= b) {
                        self.rec.prune(child, Prune::Bound, stop, me);
                    } else {
                        let hit = self.ice.index(broke);
                        self.broken[hit] = true;
                        self.path.push(broke);
                        self.rec.generate(child, None, stop, me, self.path.clone());
                        let went = self.dfs(stop, child, me);
                        self.path.pop();
                        self.broken[hit] = false;
                        went?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A breadth-first search over (the stone's stop, the set of broken
/// blocks), traced (`bfs`).
///
/// States are taken off a queue in the order they were found, so every
/// stop `d` throws in is expanded before any `d + 1` throws in; the first
/// throw onto the goal therefore needs the fewest throws, and the search
/// ends there. A state is marked visited when it is queued: a throw that
/// leads to a marked state is pruned as visited, one that leaves the board
/// as a dead end, and one whose stop is 10 throws in by the cap (no throw
/// may follow it). Exact; -1 when the queue empties.
pub fn bfs_trace(board: &Board, rec: &mut Recorder<'_>) -> Result<Traced, Stop> {
    bfs(board, rec, false)
}

/// [`bfs_trace`] with the common mistake (`bfs-stops`): a state is marked
/// visited by the stone's stop alone, the broken blocks forgotten, so the
/// same stop reached again with other blocks broken is dropped although
/// other throws may be open from it there. Each answer is still a real
/// plan's length, so it is never too short; it is too long, or -1, where
/// the way to the goal needs a stop twice with different blocks broken.
/// Each queued state keeps the blocks its own path broke.
pub fn bfs_stops_trace(board: &Board, rec: &mut Recorder<'_>) -> Result<Traced, Stop> {
    bfs(board, rec, true)
}

/// The breadth-first search of [`bfs_trace`]; `stops_only`: marked by the
/// stop alone ([`bfs_stops_trace`]).
fn bfs(board: &Board, rec: &mut Recorder<'_>, stops_only: bool) -> Result<Traced, Stop> {
    let ice = Ice::new(board);
    let blocks = board.blocks();
    // Block numbers are row-major, so sorted numbers list the broken
    // blocks in reading order: one key per set.
    let id = |p: Pos| board.block_id(p).expect("a throw breaks a starting block");
    let cells =
        |broken: &[u32]| -> Vec<Pos> { broken.iter().map(|&b| blocks[b as usize]).collect() };
    let start = board.start();
    // Each state seen, with the depth it was queued at.
    let mut seen: HashMap<(Pos, Vec<u32>), u32> = HashMap::new();
    seen.insert((start, Vec::new()), 0);
    let mut queue: VecDeque<(Pos, Vec<u32>, u32, Option<u64>)> =
        VecDeque::from([(start, Vec::new(), 0, None)]);
    let (mut peak_frontier, mut peak_stored) = (1u64, 1u64);
    let mut flags = vec![false; board.grid().len()];
    let mut answer = -1;
    'search: while let Some((at, broken, depth, parent)) = queue.pop_front() {
        let me = Some(rec.expand(depth, None, at, parent, cells(&broken))?);
        for &b in &broken {
            flags[ice.index(blocks[b as usize])] = true;
        }
        let child = depth + 1;
        let mut won = false;
        for step in STEPS {
            match ice.slide(at, step, |i| flags[i]) {
                Slide::Refused => {}
                Slide::Goal => {
                    rec.goal(child, ice.goal, me);
                    answer = i64::from(child);
                    won = true;
                    break;
                }
                Slide::Off(last) => {
                    rec.prune(child, Prune::DeadEnd, last, me);
                }
                Slide::Rest { at: stop, broke } => {
                    if child >= CAP {
                        rec.prune(child, Prune::Cap, stop, me);
                        continue;
                    }
                    let mut next = broken.clone();
                    let b = id(broke);
                    let k = next.partition_point(|&x| x < b);
                    next.insert(k, b);
                    let key = (stop, if stops_only { Vec::new() } else { next.clone() });
                    if let Some(&held) = seen.get(&key) {
                        rec.visited(child, Some(held), stop, me);
                        continue;
                    }
                    rec.generate(child, None, stop, me, cells(&next));
                    seen.insert(key, child);
                    rec.hold(seen.len())?;
                    queue.push_back((stop, next, child, me));
                    peak_frontier = peak_frontier.max(queue.len() as u64);
                    peak_stored = peak_stored.max(seen.len() as u64);
                }
            }
        }
        for &b in &broken {
            flags[ice.index(blocks[b as usize])] = false;
        }
        if won {
            break 'search;
        }
    }
    rec.finish()?;
    Ok(Traced {
        answer: Some(answer),
        peak_frontier,
        peak_stored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;
    use crate::solve::solve;
    use gridpuzzle_engine::rng::SplitMix64;
    use gridpuzzle_engine::search::{Limits, Outcome};
    use gridpuzzle_engine::trace::{Kind, Step, Tally};

    const SAMPLE: &str = include_str!("../../../samples/curling.in");

    type Search = fn(&Board, &mut Recorder<'_>) -> Result<Traced, Stop>;

    fn parse(text: &str) -> Vec<Board> {
        Datasets::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .unwrap()
    }

    fn exact(board: &Board) -> i64 {
        match solve(board, &Default::default(), &Limits::default()).outcome {
            Outcome::Solved(plan) => plan.len() as i64,
            Outcome::Unsolvable => -1,
            Outcome::Limit(hit) => panic!("{hit:?}"),
        }
    }

    /// Runs `search` keeping every step, and checks that the steps hang
    /// together: numbered from 1, every parent an earlier expansion, the
    /// tally equal to the steps, expansions by depth summing to all of them.
    fn traced(search: Search, board: &Board) -> (Traced, Tally) {
        let limits = Limits::none();
        let mut steps: Vec<Step> = Vec::new();
        let mut rec = Recorder::new(&mut steps, &limits, u64::MAX);
        let traced = search(board, &mut rec).unwrap();
        let tally = rec.tally().clone();
        drop(rec);
        gridpuzzle_engine::trace::coherent(&steps, &tally).unwrap();
        (traced, tally)
    }

    /// The same random boards as the seed's tests: up to 8 × 8, a third
    /// of the cells blocks.
    fn random_boards(count: usize, seed: u64) -> Vec<Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let (w, h) = (2 + rng.below(7) as u32, 2 + rng.below(7) as u32);
            let cells = (0..w * h)
                .map(|_| {
                    if rng.below(3) == 0 {
                        Cell::Block
                    } else {
                        Cell::Ice
                    }
                })
                .collect();
            let mut grid = gridpuzzle_engine::grid::Grid::from_cells(w, h, cells).unwrap();
            let mut cell = || {
                Pos::new(
                    rng.below(u64::from(h)) as u32,
                    rng.below(u64::from(w)) as u32,
                )
            };
            let (start, goal) = (cell(), cell());
            if start == goal {
                continue;
            }
            grid.set(start, Cell::Start);
            grid.set(goal, Cell::Goal);
            out.push(Board::new(grid).unwrap());
        }
        out
    }

    #[test]
    fn the_sample_is_answered_exactly() {
        let boards = parse(SAMPLE);
        let exact: Vec<i64> = boards.iter().map(exact).collect();
        assert_eq!(exact, [1, 4, -1, 4, 10, -1]);
        for search in [dfs_bb_trace as Search, bfs_trace] {
            let answers: Vec<i64> = boards
                .iter()
                .map(|b| traced(search, b).0.answer.unwrap())
                .collect();
            assert_eq!(answers, exact);
        }
    }

    /// The sample's expansions, the figures the lessons quote beside the
    /// seed's 1, 32, 1, 4, 10, 10.
    #[test]
    fn the_sample_costs() {
        let boards = parse(SAMPLE);
        let expanded = |search: Search| -> Vec<u64> {
            boards
                .iter()
                .map(|b| traced(search, b).1.expanded)
                .collect()
        };
        assert_eq!(expanded(dfs_bb_trace), [1, 18, 1, 4, 10, 10]);
        assert_eq!(expanded(bfs_trace), [1, 11, 1, 4, 10, 10]);
    }

    #[test]
    fn random_boards_are_answered_as_the_solver_does() {
        for board in random_boards(300, 2744) {
            let want = exact(&board);
            for search in [dfs_bb_trace as Search, bfs_trace] {
                let (got, tally) = traced(search, &board);
                assert_eq!(got.answer, Some(want), "{board:?}");
                assert!(got.peak_stored >= 1 && got.peak_frontier >= 1);
                assert_eq!(tally.goals > 0, want > 0, "{board:?}");
            }
        }
    }

    /// Marking stops only is never too short (each answer is a real
    /// plan's), is wrong on some boards, and is wrong on its lesson.
    #[test]
    fn marking_stops_only_is_wrong_only_by_too_much() {
        let mut wrong = 0;
        let boards = random_boards(3000, 3009);
        for board in &boards {
            let want = exact(board);
            let (got, _) = traced(bfs_stops_trace, board);
            let got = got.answer.unwrap();
            assert!(
                got == want || got == -1 || (want != -1 && got > want),
                "{board:?}"
            );
            wrong += usize::from(got != want);
        }
        assert!(wrong > 0, "wrong on none of {} boards", boards.len());
        let lesson = parse(crate::puzzle::STOPS_ARE_NOT_STATES);
        let want = exact(&lesson[0]);
        let got = traced(bfs_stops_trace, &lesson[0]).0.answer.unwrap();
        assert!(got != want, "{got} = {want}");
        assert_eq!(traced(bfs_trace, &lesson[0]).0.answer, Some(want));
    }

    /// Where no goal is in reach there is no bound to cut with, and
    /// branch and bound expands exactly the seed's calls (where one is, the
    /// two differ both ways: the seed leaves a stop at its first goal, the
    /// bound only cuts deeper). The breadth-first search expands each
    /// (stop, broken blocks) at most once.
    #[test]
    fn each_search_saves_what_it_says() {
        use crate::seed::seed_run;
        let mut visited = 0;
        for board in random_boards(200, 91) {
            let seed = seed_run(&board);
            let (_, bb) = traced(dfs_bb_trace, &board);
            if seed.answer == -1 {
                assert_eq!(bb.expanded, seed.calls, "{board:?}");
                assert_eq!(bb.pruned(Prune::Bound), 0);
            }
            assert_eq!(bb.pruned(Prune::Visited), 0);
            let limits = Limits::none();
            let mut steps: Vec<Step> = Vec::new();
            let mut rec = Recorder::new(&mut steps, &limits, u64::MAX);
            bfs_trace(&board, &mut rec).unwrap();
            assert_eq!(rec.tally().pruned(Prune::Bound), 0);
            drop(rec);
            let mut states = std::collections::HashSet::new();
            for step in steps.iter().filter(|s| s.kind == Kind::Expand) {
                let mut cells = step.cells.clone();
                cells.sort();
                assert!(states.insert((step.at, cells)), "{board:?}");
            }
            // A dropped state is held at no more throws than the new way
            // in (breadth first), and the prune says at how many.
            for step in steps.iter().filter(|s| s.why == Some(Prune::Visited)) {
                assert!(step.held.is_some_and(|d| d <= step.depth), "{step:?}");
            }
            visited += steps.iter().filter(|s| s.held.is_some()).count();
        }
        assert!(visited > 0);
    }

    /// Branch and bound's bound changes are events: each a better answer,
    /// falling, the last the search's answer; none where there is none.
    #[test]
    fn branch_and_bound_says_when_its_bound_falls() {
        let mut falls = 0;
        for board in random_boards(200, 17) {
            let limits = Limits::none();
            let mut steps: Vec<Step> = Vec::new();
            let mut rec = Recorder::new(&mut steps, &limits, u64::MAX);
            let got = dfs_bb_trace(&board, &mut rec).unwrap();
            let tally = rec.tally().clone();
            drop(rec);
            gridpuzzle_engine::trace::coherent(&steps, &tally).unwrap();
            let bounds: Vec<u32> = steps
                .iter()
                .filter(|s| s.kind == Kind::Bound)
                .map(|s| s.estimate.unwrap())
                .collect();
            assert!(bounds.windows(2).all(|w| w[1] < w[0]), "{board:?}");
            match got.answer {
                Some(-1) => assert!(bounds.is_empty()),
                answer => assert_eq!(bounds.last().map(|&b| i64::from(b)), answer),
            }
            falls += bounds.len().saturating_sub(1);
        }
        assert!(falls > 0, "some board's bound falls more than once");
    }

    #[test]
    fn a_budget_stops_both() {
        let boards = parse(SAMPLE);
        let limits = Limits {
            max_expanded: Some(3),
            ..Limits::none()
        };
        for search in [dfs_bb_trace as Search, bfs_trace] {
            let mut count = gridpuzzle_engine::trace::Count;
            let mut rec = Recorder::new(&mut count, &limits, 0);
            assert!(matches!(search(&boards[1], &mut rec), Err(Stop::Limit(_))));
            assert_eq!(rec.tally().expanded, 3);
        }
    }
}
