//! The exact solvers: A* (the default, in [`mod@astar`]) and breadth-first
//! search, both over bodies packed into one `u64`.
//!
//! This file holds what the two share — the packed state, its successors,
//! the choice of visited set — and the breadth-first search, kept as the
//! benchmarks' comparator and the tests' oracle ([`Algorithm::Bfs`]). The
//! A* module adds the bounds and says why its answers are optimal; the
//! opening-time bound, the stronger of its two lower bounds, is
//! [`mod@opening`]'s.
//!
//! # The state
//!
//! A body is fixed by its head and the direction of each link: from `B1` to
//! `B2`, from `B2` to `B3`, and so on. So a state is one `u64`:
//!
//! ```text
//!   head cell index            link L-1 ... link 2  link 1
//! [ ....................... | 2 bits | ... | 2 bits | 2 bits ]
//! ```
//!
//! A move in direction `d` puts the head on its neighbour `t`, and the new
//! first link points from `t` back to the old head (the opposite of `d`);
//! every old link moves one place along and the last one falls off. That is
//! a shift, an or and a mask: no body is rebuilt to make a successor.
//!
//! Cell indices are taken in the lair padded with a one-cell ring of
//! "stones", so leaving the lair and hitting a stone are the same table
//! look-up and no successor needs a bounds check. The padding costs a few
//! bits of head index, which is why [`max_len_for`] (the longest body whose
//! state fits in 64 bits) is computed from the padded size.
//!
//! # The collision test
//!
//! To test the four targets, the body is decoded once per expansion (one add
//! per link). Only segments `B2, B4, B6, …` need comparing: cells along the
//! body alternate colours like a chessboard, and a neighbour of the head has
//! the colour of the even segments. How many segments count — the whole
//! body, or all but the tail — is [`TailRule::blocking_segments`], the one
//! rule-dependent number, owned by `rules.rs`.
//!
//! # The visited set
//!
//! A state's packed value is below `padded cells × 4^(L-1)`. When that is at
//! most 2³¹ (256 MB of bits; a judge-size 20×20 lair with L = 8 needs 7.9
//! million bits, under 1 MB) the engine's [`DenseVisited`] bitset is used
//! with the state itself as the key; past that, a hash set.
//!
//! # Memory between cases
//!
//! The A* solver's tables and buffers (`astar::Scratch`, and the padded
//! lair) are kept per thread from one solve to the next, as long as they
//! stay small (`KEEP_SCRATCH` entries): a judge file's thousands of
//! small lairs then reuse one set instead of allocating and growing their
//! own, and a huge lair's tables are freed when its solve ends.
//!
//! # The precheck
//!
//! The head can only ever stand on cells connected to its start through
//! free cells, whatever the body does. So a flood fill of the head alone
//! that misses the exit proves the case unsolvable at once, instead of after
//! exhausting every body position.

use gridpuzzle_engine::clock::Instant;

use gridpuzzle_engine::search::{
    bfs, DenseVisited, HashVisited, Limits, Observer, Outcome, Quiet, Search, Stats, Visited,
};
use gridpuzzle_engine::trace::{Recorder, Stop, Traced, Watch};
use gridpuzzle_engine::{memory, Dir, Pos};

pub use crate::rules::max_len_for;
use crate::rules::{Case, TailRule};

pub mod astar;
pub mod opening;

pub use astar::{lower_bound, upper_bound};

/// The dense bitset is used when the state space has at most this many
/// packed values (bits): 256 MB.
pub const DENSE_MAX_BITS: u64 = 1 << 31;

/// A* uses a dense table of best move counts (4 bytes a state) when the
/// state space has at most this many packed values: 2²⁵, 128 MB of address
/// space, of which only the pages a search touches are ever backed by
/// memory. A judge-size 20×20 lair with L = 8 has 7.9 million.
pub const DENSE_MAX_COSTS: u64 = 1 << 25;

/// Which set remembers the states already seen (BFS) or their best number
/// of moves (A*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StateStore {
    /// A dense table when the packed state space is small enough
    /// ([`DENSE_MAX_BITS`] bits for BFS, [`DENSE_MAX_COSTS`] entries for A*),
    /// else a hash table.
    #[default]
    Auto,
    /// Always a hash table of packed states (for comparison).
    Hash,
}

/// Which search [`solve_with`] runs. Both are exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Best-first search with admissible bounds (see [`mod@astar`]).
    #[default]
    AStar,
    /// Plain breadth-first search over packed states: the comparator of the
    /// benchmarks and the oracle of the tests.
    Bfs,
}

/// Knobs of [`solve_with`]; the defaults are what [`solve`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    pub algorithm: Algorithm,
    pub store: StateStore,
    /// The cheap proofs before and around the search. For BFS: the
    /// head-alone flood fill (a proof of `-1` when it fails). For A*: the
    /// upper-bound plan (done at once when it meets the lower bound) and the
    /// per-state completion check; without them A* is plain A* with its
    /// lower bound (which still answers `-1` at once when the head alone
    /// cannot reach the exit: that is the bound, not a shortcut).
    pub precheck: bool,
    /// Memory budget of A*: the most states it may store before it stops
    /// with [`Outcome::Limit`] (60–80 bytes each, counting the node, its
    /// table entry and its queue entry). `None`: no cap.
    pub max_states: Option<usize>,
}

/// The default memory budget of A*: 2²⁴ states, 1–1.3 GB.
pub const DEFAULT_MAX_STATES: usize = 1 << 24;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            algorithm: Algorithm::AStar,
            store: StateStore::Auto,
            precheck: true,
            max_states: Some(DEFAULT_MAX_STATES),
        }
    }
}

/// An optimal plan for the head to reach the exit, a proof that there is
/// none, or the budget of `limits` that ran out first.
///
/// The plan replays through [`crate::rules::replay`] under the same `rule`.
/// Holedox has no move cap among its rules; [`solve_capped`] asks for a
/// plan within one.
pub fn solve(case: &Case, rule: TailRule, limits: &Limits) -> Search<Dir> {
    solve_with(case, rule, limits, &SolveOptions::default())
}

/// An optimal plan of at most `max_moves` moves, a proof that there is none
/// *within that cap* (`Unsolvable`), or the budget of `limits` that ran out
/// first.
///
/// The cap is not a rule of the game but a question the caller asks ("can
/// this lair be solved in `max_moves`?"; the difficulty record asks it after
/// every first move): the search queues nothing that would need more, so a
/// tight cap is cheaper than a full [`solve`]. It is part of the problem, and
/// `limits` stay budgets only.
pub fn solve_capped(case: &Case, rule: TailRule, max_moves: u32, limits: &Limits) -> Search<Dir> {
    search(
        case,
        rule,
        Some(max_moves),
        limits,
        &SolveOptions::default(),
    )
}

/// [`solve`] with a choice of algorithm, state store and shortcuts.
pub fn solve_with(
    case: &Case,
    rule: TailRule,
    limits: &Limits,
    options: &SolveOptions,
) -> Search<Dir> {
    search(case, rule, None, limits, options)
}

/// The one solver behind [`solve`], [`solve_capped`] and [`solve_with`]:
/// `cap` (`None`: none) is the longest plan that counts.
fn search(
    case: &Case,
    rule: TailRule,
    cap: Option<u32>,
    limits: &Limits,
    options: &SolveOptions,
) -> Search<Dir> {
    search_observed(case, rule, cap, limits, options, &mut Quiet)
}

/// The solver's own search, watched (`gridpuzzle trace holedox -a
/// gridpuzzle`): [`solve`] with its A* reporting through
/// [`astar_in_observed`](gridpuzzle_engine::search::astar_in_observed), so
/// what is shown is what users run. The cheap proofs before the search
/// (a body that cannot move, the opening bound, an upper-bound plan that
/// meets the lower bound) answer with no event at all: that is the point
/// of them. An event's `at` is the head, its `cells` the rest of the body.
pub fn trace(
    case: &Case,
    rule: TailRule,
    limits: &Limits,
    rec: &mut Recorder<'_>,
) -> Result<Traced, Stop> {
    let view = Packed::new(case, rule);
    let cells = |state: &u64| {
        let body = view.decode(*state);
        let pos = |i: usize| Pos::new((i / view.width - 1) as u32, (i % view.width - 1) as u32);
        let rest = body[1..view.len].iter().map(|&i| pos(i)).collect();
        (pos(body[0]), rest)
    };
    let options = SolveOptions::default();
    let mut watch = Watch::new(rec, cells).goal_at(case.lair().exit());
    let limits = &watch.watched_limits(limits);
    let found = search_observed(case, rule, None, limits, &options, &mut watch);
    rec.finish()?;
    let answer = match found.outcome {
        Outcome::Solved(plan) => plan.len() as i64,
        Outcome::Unsolvable => -1,
        Outcome::Limit(hit) => return Err(Stop::Limit(hit)),
    };
    // Settled before any state was expanded: the lane says by what, not
    // a blank board.
    if rec.tally().expanded == 0 {
        if answer == 0 {
            rec.bound(
                Some(0),
                "settled before any search: the head starts on the exit",
            );
        } else if answer < 0 {
            rec.bound(
                None,
                "settled before any search: the lower bound (the head's own way to the exit \
                 around the stones and the body's fixed cells) finds none, so -1 is proved",
            );
        } else {
            rec.bound(
                Some(answer as u32),
                "settled before any search: a plan as long as the lower bound (the head's \
                 own way to the exit), so no plan is shorter",
            );
        }
    }
    // A* frees no node: the start and every state generated are held.
    Ok(Traced {
        answer: Some(answer),
        peak_frontier: found.stats.peak_frontier as u64,
        peak_stored: 1 + rec.tally().generated,
    })
}

/// [`search`] reporting its A* to `obs`.
fn search_observed<O: Observer<u64>>(
    case: &Case,
    rule: TailRule,
    cap: Option<u32>,
    limits: &Limits,
    options: &SolveOptions,
    obs: &mut O,
) -> Search<Dir> {
    let started = Instant::now();
    let _job = memory::Job::begin();
    let finish = |outcome, mut stats: Stats| {
        stats.elapsed = started.elapsed();
        Search { outcome, stats }
    };
    let lair = case.lair();
    let body = case.body();
    if body.first() == Some(&lair.exit()) {
        return finish(Outcome::Solved(Vec::new()), Stats::default());
    }
    if options.algorithm == Algorithm::AStar {
        let search = with_scratch(|scratch| {
            let padded = (lair.rows() as usize + 2) * (lair.cols() as usize + 2);
            let room = match limits.admit_vec(&scratch.blocked, padded) {
                Ok(room) => room,
                Err(hit) => {
                    return Search {
                        outcome: Outcome::Limit(hit),
                        stats: Stats::default(),
                    }
                }
            };
            let packed = Packed::with_buffer(case, rule, std::mem::take(&mut scratch.blocked));
            drop(room);
            let start = packed.encode(body);
            let search = astar::solve(
                &packed,
                start,
                cap,
                limits,
                options,
                &mut scratch.astar,
                obs,
            );
            scratch.blocked = packed.blocked;
            search
        });
        return finish(search.outcome, search.stats);
    }
    let packed = Packed::new(case, rule);
    let start = packed.encode(body);
    if options.precheck && !packed.head_can_reach_exit() {
        return finish(Outcome::Unsolvable, Stats::default());
    }
    let capacity = packed.capacity();
    let search = if options.store == StateStore::Auto && capacity <= DENSE_MAX_BITS as u128 {
        let mut seen = DenseVisited::new(capacity as usize, |s: &u64| *s as usize);
        packed.search(start, &mut seen, cap, limits)
    } else {
        packed.search(start, &mut HashVisited::default(), cap, limits)
    };
    finish(search.outcome, search.stats)
}

/// The memory one thread's A* solves share: the padded lair, and the
/// tables, queues and search buffers of [`mod@astar`] (see "Scratch" in the
/// module notes).
#[derive(Default)]
struct Scratch {
    blocked: Vec<bool>,
    astar: astar::Scratch,
}

/// A thread keeps its scratch between solves only while it stays this
/// small (entries of its largest buffer; at most about 2 MB in all): a
/// judge-size lair needs a few hundred cells and most searches a few
/// hundred states, and a thread that once solved a huge lair or ran a long
/// search (a server's, say) should not hold its tables for ever.
const KEEP_SCRATCH: usize = 1 << 14;

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Box<Scratch>>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with this thread's scratch, taken out for the call (a solve
/// that panics, or one started inside another, only costs a new one).
fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let out = f(&mut scratch);
    if scratch.blocked.capacity() <= KEEP_SCRATCH && scratch.astar.size() <= KEEP_SCRATCH {
        SCRATCH.with(|s| s.set(Some(scratch)));
    }
    out
}

/// The longest body any lair allows (a 1×1 lair: 4 head bits).
const MAX_BODY: usize = 31;

/// The lair as a padded flat table, and the constants of the packing.
struct Packed {
    /// `true` for stones and the padding ring.
    blocked: Vec<bool>,
    /// Cells in the padded lair, and its width.
    cells: usize,
    width: usize,
    /// Index steps for `U D L R` (the order of [`Dir::ALL`]).
    delta: [isize; 4],
    len: usize,
    /// Bits of link directions: `2 (L - 1)`.
    shift: u32,
    mask: u64,
    exit: usize,
    /// Segments the head may not enter ([`TailRule::blocking_segments`]).
    blocking: usize,
    start_head: usize,
    /// The free cells as a bitset when the lair's rows fit in 128 bits
    /// (`astar::small_free`), for the bitset passes of [`mod@astar`].
    small: Option<u128>,
}

impl Packed {
    fn new(case: &Case, rule: TailRule) -> Packed {
        Packed::with_buffer(case, rule, Vec::new())
    }

    /// [`Packed::new`] with its table in `blocked`'s memory (whatever it
    /// holds).
    fn with_buffer(case: &Case, rule: TailRule, mut blocked: Vec<bool>) -> Packed {
        let lair = case.lair();
        let width = lair.cols() as usize + 2;
        let height = lair.rows() as usize + 2;
        blocked.clear();
        blocked.resize(width * height, true);
        let cols = lair.cols() as usize;
        for (r, row) in lair.stones().cells().chunks_exact(cols).enumerate() {
            let at = (r + 1) * width + 1;
            blocked[at..at + cols].copy_from_slice(row);
        }
        let len = case.body().len();
        debug_assert!(len <= MAX_BODY);
        let shift = 2 * (len as u32 - 1);
        let w = width as isize;
        let small = astar::small_free(&blocked, width);
        Packed {
            small,
            blocked,
            cells: width * height,
            width,
            delta: [-w, w, -1, 1],
            len,
            shift,
            mask: (1u64 << shift) - 1,
            exit: (lair.exit().row as usize + 1) * width + lair.exit().col as usize + 1,
            blocking: rule.blocking_segments(len),
            start_head: Self::cell_of(width, case.body()[0]),
        }
    }

    fn cell_of(width: usize, p: Pos) -> usize {
        (p.row as usize + 1) * width + p.col as usize + 1
    }

    fn encode(&self, body: &[Pos]) -> u64 {
        let mut links = 0u64;
        for (i, pair) in body.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let d = if b.row < a.row {
                Dir::Up
            } else if b.row > a.row {
                Dir::Down
            } else if b.col < a.col {
                Dir::Left
            } else {
                Dir::Right
            };
            links |= (d.index() as u64) << (2 * i);
        }
        let head = Self::cell_of(self.width, body[0]);
        ((head as u64) << self.shift) | links
    }

    /// Number of packed values: every state is below it.
    fn capacity(&self) -> u128 {
        (self.cells as u128) << self.shift
    }

    /// The head's padded cell index.
    #[inline]
    fn head(&self, state: u64) -> usize {
        (state >> self.shift) as usize
    }

    /// The body's padded cell indices, head first (`len` of them).
    #[inline]
    fn decode(&self, state: u64) -> [usize; MAX_BODY] {
        let mut body = [0usize; MAX_BODY];
        let head = self.head(state);
        body[0] = head;
        let mut cell = head;
        let mut rest = state & self.mask;
        for slot in body.iter_mut().take(self.len).skip(1) {
            cell = cell.wrapping_add_signed(self.delta[(rest & 3) as usize]);
            *slot = cell;
            rest >>= 2;
        }
        body
    }

    /// Whether the head of the body `body` (decoded) may enter `target`, a
    /// neighbour of it: not a stone, not a blocking segment.
    #[inline]
    fn can_enter(&self, body: &[usize; MAX_BODY], target: usize) -> bool {
        let hittable = &body[1..self.blocking];
        !self.blocked[target] && !hittable.iter().step_by(2).any(|&b| b == target)
    }

    /// Whether the body of `state` has any legal move: when it has none, it
    /// never will (nothing moves), and a head off the exit stays off it.
    fn can_move(&self, state: u64) -> bool {
        let body = self.decode(state);
        let head = body[0];
        self.delta
            .iter()
            .any(|&delta| self.can_enter(&body, head.wrapping_add_signed(delta)))
    }

    /// The states after every legal move from `state`.
    #[inline]
    fn successors(&self, state: u64, out: &mut Vec<(Dir, u64)>) {
        let body = self.decode(state);
        let head = body[0];
        let links = state & self.mask;
        for (d, &delta) in self.delta.iter().enumerate() {
            let target = head.wrapping_add_signed(delta);
            if !self.can_enter(&body, target) {
                continue;
            }
            let next_links = ((links << 2) | (d as u64 ^ 1)) & self.mask;
            out.push((
                Dir::from_index(d),
                ((target as u64) << self.shift) | next_links,
            ));
        }
    }

    /// Breadth-first search from `start`, with no plan longer than `cap`.
    fn search<V: Visited<u64>>(
        &self,
        start: u64,
        seen: &mut V,
        cap: Option<u32>,
        limits: &Limits,
    ) -> Search<Dir> {
        let exit = self.exit as u64;
        let shift = self.shift;
        bfs(
            start,
            |&s, out| self.successors(s, out),
            |&s| s >> shift == exit,
            seen,
            cap,
            limits,
        )
    }

    /// Flood fill of the head alone over free cells.
    fn head_can_reach_exit(&self) -> bool {
        let mut seen = vec![false; self.cells];
        let mut stack = vec![self.start_head];
        seen[self.start_head] = true;
        while let Some(c) = stack.pop() {
            if c == self.exit {
                return true;
            }
            for &delta in &self.delta {
                let n = c.wrapping_add_signed(delta);
                if !self.blocked[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Lair;

    #[test]
    fn the_watched_search_is_the_one_users_run() {
        // The trace of `gridpuzzle` expands exactly the states the solver
        // does and answers the same: it is the same search, observed.
        use gridpuzzle_engine::trace::Count;
        let limits = Limits::none();
        let mut searched = 0;
        // Random lairs, and the benchmark's hard ones, which get searched.
        let hard = crate::Cases::new(
            include_str!("../../../bench/holedox/hard.in").as_bytes(),
            crate::parse::ParseOptions::default(),
        )
        .map(|case| case.expect("the benchmark file parses"));
        let random = crate::seed::tests::random_cases(400, 0x27, 12);
        for case in random.into_iter().chain(hard) {
            let found = solve(&case, TailRule::Strict, &limits);
            let mut sink = Count;
            let mut rec = Recorder::new(&mut sink, &limits, 0);
            let traced = trace(&case, TailRule::Strict, &limits, &mut rec).unwrap();
            let answer = match found.outcome {
                Outcome::Solved(plan) => plan.len() as i64,
                Outcome::Unsolvable => -1,
                Outcome::Limit(hit) => panic!("no budget, yet {hit}"),
            };
            assert_eq!(traced.answer, Some(answer), "{case:?}");
            assert_eq!(rec.tally().expanded, found.stats.expanded, "{case:?}");
            searched += usize::from(found.stats.expanded > 0);
        }
        // Most random lairs are decided by the proofs before the search;
        // enough of them are searched for the comparison to mean something.
        assert!(searched >= 15, "only {searched} lairs searched");
    }

    #[test]
    fn packing_limits() {
        assert_eq!(max_len_for(100, 100), 26);
        assert_eq!(max_len_for(20, 20), 28);
        assert_eq!(max_len_for(1, 1), MAX_BODY as u32);
        assert_eq!(max_len_for(4096, 4096), 20);
    }

    #[test]
    fn encode_and_successors_agree_with_the_rules() {
        // Head at (2,2) 1-based, body going right then down.
        let lair = Lair::new(4, 4, Pos::new(0, 0)).unwrap();
        let body = vec![
            Pos::new(1, 1),
            Pos::new(1, 2),
            Pos::new(2, 2),
            Pos::new(2, 1),
        ];
        let case = Case::new(lair.clone(), body.clone()).unwrap();
        for rule in [TailRule::Strict, TailRule::Lenient] {
            let packed = Packed::new(&case, rule);
            let mut out = Vec::new();
            packed.successors(packed.encode(&body), &mut out);
            let mut expected = Vec::new();
            for d in Dir::ALL {
                let mut b = body.clone();
                if crate::rules::step(&lair, &mut b, d, rule).is_ok() {
                    expected.push((d, packed.encode(&b)));
                }
            }
            assert_eq!(out, expected, "{rule:?}");
        }
    }

    fn open_case(rows: u32, cols: u32, body: &[(u32, u32)]) -> Case {
        let lair = Lair::new(rows, cols, Pos::new(0, 0)).unwrap();
        Case::new(lair, body.iter().map(|&(r, c)| Pos::new(r, c)).collect()).unwrap()
    }

    #[test]
    fn budgets_give_limits_not_answers() {
        use gridpuzzle_engine::search::LimitHit;
        // Walled-off exit, searched to exhaustion without the precheck.
        let mut lair = Lair::new(8, 8, Pos::new(0, 0)).unwrap();
        lair.set_stone(Pos::new(0, 1), true);
        lair.set_stone(Pos::new(1, 0), true);
        let body = (0..5).map(|c| Pos::new(5, c)).collect();
        let case = Case::new(lair, body).unwrap();
        let full = SolveOptions {
            algorithm: Algorithm::Bfs,
            precheck: false,
            ..SolveOptions::default()
        };
        let budget = Limits {
            max_expanded: Some(100),
            ..Limits::none()
        };
        let s = solve_with(&case, TailRule::Strict, &budget, &full);
        assert_eq!(s.outcome, Outcome::Limit(LimitHit::States(100)));
        let s = solve_with(&case, TailRule::Strict, &Limits::none(), &full);
        assert_eq!(s.outcome, Outcome::Unsolvable);
        assert!(s.stats.expanded > 1000);
        // The precheck proves it without searching.
        let s = solve(&case, TailRule::Strict, &budget);
        assert_eq!(s.outcome, Outcome::Unsolvable);
        assert_eq!(s.stats.expanded, 0);
    }

    #[test]
    fn the_work_before_the_search_stops_at_the_deadline() {
        use gridpuzzle_engine::search::LimitHit;
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        // An open 400×400 lair: the head's distance table and the
        // upper-bound path would prove the answer without a search, but
        // each visits 160,000 cells, and the budget is already spent.
        let case = open_case(400, 400, &[(399, 399), (399, 398), (398, 398)]);
        let past = Limits {
            deadline: Some(gridpuzzle_engine::clock::Instant::now()),
            ..Limits::none()
        };
        let s = solve(&case, TailRule::Strict, &past);
        assert_eq!(s.outcome, Outcome::Limit(LimitHit::Time));
        let cancelled = Limits {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Limits::none()
        };
        let s = solve(&case, TailRule::Strict, &cancelled);
        assert_eq!(s.outcome, Outcome::Limit(LimitHit::Cancelled));
        // Without a budget it is solved by the shortcut, along the edge.
        let s = solve(&case, TailRule::Strict, &Limits::none());
        assert_eq!(s.outcome.moves().map(<[Dir]>::len), Some(798));
    }

    #[test]
    fn a_capped_solve_proves_within_its_cap() {
        // Head at (1,4) 1-based, body to the right: 3 steps to the exit.
        let case = open_case(3, 8, &[(0, 3), (0, 4), (0, 5)]);
        let capped = |d| solve_capped(&case, TailRule::Strict, d, &Limits::none());
        assert_eq!(capped(2).outcome, Outcome::Unsolvable);
        assert_eq!(capped(3).outcome, Outcome::Solved(vec![Dir::Left; 3]));
        // The same question through breadth-first search.
        let bfs = SolveOptions {
            algorithm: Algorithm::Bfs,
            ..SolveOptions::default()
        };
        let capped = |d| search(&case, TailRule::Strict, Some(d), &Limits::none(), &bfs);
        assert_eq!(capped(2).outcome, Outcome::Unsolvable);
        assert_eq!(capped(3).outcome, Outcome::Solved(vec![Dir::Left; 3]));
    }

    #[test]
    fn large_state_spaces_fall_back_to_hashing() {
        // 100×100 with L = 12: 10404 · 4^11 bits is past the dense limit.
        let body: Vec<(u32, u32)> = (2..14).map(|c| (0, c)).collect();
        let case = open_case(100, 100, &body);
        let s = solve(&case, TailRule::Strict, &Limits::none());
        assert_eq!(s.outcome, Outcome::Solved(vec![Dir::Left; 2]));
        // And a head on the exit needs no search at all.
        let case = open_case(100, 100, &[(0, 0), (1, 0)]);
        let s = solve(&case, TailRule::Strict, &Limits::none());
        assert_eq!(s.outcome, Outcome::Solved(Vec::new()));
    }
}
