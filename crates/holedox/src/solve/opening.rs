//! The opening-time bound: the head's earliest arrival at the exit when each
//! cell of the current body opens only once the body has left it.
//!
//! # Why it exists
//!
//! The head's own distance (the bound of [`mod@super::astar`]) ignores the
//! body. When the body is threaded through a one-cell door and the head
//! faces away from it, the head must wait on the far side until the tail has
//! passed the door: the answer is about `L` more than the head's distance,
//! and A* with the distance alone fills every body position of that gap
//! (7.5 million states for `L` = 22 on a 100×100 lair, and its 16.7
//! million-state budget for `L` = 24–26). This
//! bound sees the wait, and A* then expands about as many states as the
//! answer.
//!
//! # The relaxed game
//!
//! Let the body be `B0 B1 … B(L−1)` (`B0` the head) and `k` the number of
//! leading segments the head may not enter
//! ([`crate::rules::TailRule::blocking_segments`]: `L` under the strict
//! rule, `L − 1` under the lenient one). After `t` moves the body is the
//! last `t` head cells followed by `B0 … B(L−1−t)`: the starting segment
//! `Bj` sits at place `t + j`. Move `m` (1-based) is made from the body after
//! `m − 1` moves, so it may enter the cell of `Bj` only if `m − 1 + j ≥ k`:
//!
//! ```text
//!   open(Bj) = k − j + 1   for j < k (the head's own cell B0 included),
//!   open(c)  = 0           for every other free cell.
//! ```
//!
//! Every real plan is then a walk of the head over free cells whose `m`-th
//! move enters a cell `c` with `m ≥ open(c)`. The *relaxed game* keeps only
//! that: it forgets the cells the head covers while it moves (its own new
//! trail), and it also lets the head stand still for two moves at a time
//! (a real head would have to step out and back, which its trail may not
//! allow) anywhere except on its starting cell at the start: there a real
//! head can never step back in time (its cell opens at `k + 1`), and
//! allowing it made the bound fall short on every door lair where the door
//! is the head's neighbour. The grid is bipartite, so a walk reaches a cell
//! only at times of one parity, and a wait of two keeps it. The bound
//! `h_open(s)` is the least number of moves of a relaxed walk from the head
//! to the exit; there is none only when no neighbour of the head is open
//! at move 1, and then the real head cannot move either.
//!
//! **Admissible.** Every real plan from `s` is a relaxed walk (with no
//! waits) of the same length, so `h_open(s) ≤` the answer from `s`.
//!
//! **Consistent.** Let a move `s → s'` take the head from `B0` to `p`. The
//! body of `s'` is `p B0 B1 … B(L−2)`: in `s'` (times counted from `s'`)
//! `Bj` opens at `k − (j + 1) + 1 = open_s(Bj) − 1`, `p` opens at `k + 1`,
//! and `B(L−1)` is free. So a move at time `t' ≥ 1` of a relaxed walk from
//! `s'` is allowed at time `t' + 1` from `s`: for `Bj` because
//! `t' + 1 ≥ open_s'(Bj) + 1 = open_s(Bj)`; for `B(L−1)`, which opens at
//! `k − L + 2 ≤ 2 ≤ t' + 1` in `s`; for every other cell it opens no later
//! in `s`. Its waits are allowed from `s` too: the only one forbidden from
//! `s` is on `B0` at time 0, and the walk from `s'` is one move late. And
//! the move to `p` is allowed at time 1 from `s` (it is legal in the real
//! game, so `p` is not among the first `k` segments and `open_s(p) ≤ 1`).
//! So a relaxed walk from `s'` preceded by that move is a relaxed walk from
//! `s`: `h_open(s) ≤ 1 + h_open(s')`. The maximum of two consistent bounds
//! is consistent, so A* with `max(distance, h_open)` keeps the textbook
//! invariant of [`mod@super::astar`] (no state expanded twice). Its
//! optimality does not rest on that: the engine's A* re-opens a state
//! reached with a smaller `g`, which is exact for any admissible bound.
//!
//! # Computing it
//!
//! After move `k + 1` every cell is open, so from the *horizon* `H = k` on
//! the rest of a relaxed walk is the head's plain distance `dist` to the
//! exit. Let `e(c)` be the earliest time the relaxed head can be on `c`.
//! Earlier is never worse: on every cell but the starting one the head may
//! wait, and openings only open (the starting cell is only ever entered
//! again at `k + 1 > H`, past the horizon). Then
//!
//! ```text
//!   h_open(s) = min over cells c of  e(c) + dist(c)   if c is the exit
//!                                    or e(c) ≥ H,
//!                                 or e'(c) + dist(c)  where e'(c) is the
//!                                    first time of c's parity at or past H
//!                                    (wait there, then walk; not on the
//!                                    starting cell).
//! ```
//!
//! `e` is a shortest-path label with time-dependent openings (entering `n`
//! from `c` at `e(c) + 1`, or at `open(n)` rounded up to the right parity
//! when that is later and `c` may wait), found by A* over cells with `dist`
//! as its consistent estimate and a bucket queue over `e(c) + dist(c)`; the
//! first bucket that reaches the least candidate above is the answer. A
//! neighbour of the head open at move 1 gives a candidate at most `H + 2`
//! above `dist(head)` (wait there), so the search never looks further, and
//! only cells within `H + 2` moves of the head are ever labelled: a few
//! hundred for `L` = 26, whatever the size of the lair. Buckets are stacks,
//! so when the head's shortest path is clear the search dives straight
//! down it in `H` steps. Before any of that, a glance at the body: a
//! descending path (each step one nearer the exit) reaches a cell `c` at
//! time `dist(head) − dist(c)`, so when no segment `Bj` has
//! `dist(head) − k + j − 1 < dist(Bj) < dist(head)` nothing can be closed
//! on such a path, and the bound is `dist(head)` with no search (the usual
//! case: a body trailing behind its head).
//!
//! On a lair whose rows fit in 128 bits (judge-size lairs up to 10×10)
//! the same value comes from sets of cells instead, one per move up to the
//! horizon (`bound_small`): a handful of shifts and masks where the search
//! took a branch per neighbour that the processor could not predict. The
//! tests hold the two equal on random lairs.

use super::Packed;

/// The head cannot reach the exit from this cell.
const FAR: u32 = u32::MAX;

/// True when no segment of `body` (padded cells, head first) can be in the
/// head's way on a descending path (each step one nearer the exit, by the
/// distance table `dist`, whose entry for the head must be finite): such a
/// path reaches a cell `c` at time `dist[head] − dist[c]`, and segment `Bj`
/// is in the way only when it is still closed then (see the module notes).
/// Then `h_open` is `dist[head]`, and every descending path is a legal plan.
pub(super) fn descent_is_clear(packed: &Packed, dist: &[u32], body: &[usize]) -> bool {
    let k = packed.blocking.min(body.len());
    let base = dist[body[0]];
    let in_the_way =
        |(j, &c): (usize, &usize)| dist[c] < base && base - dist[c] <= (packed.blocking - j) as u32;
    !body[..k].iter().enumerate().skip(1).any(in_the_way)
}

/// Scratch space for [`Opening::bound`], kept across calls (and, by the
/// solver, across cases) so that a call costs only the cells it labels:
/// five bytes a cell.
#[derive(Default)]
pub(super) struct Opening {
    /// Opening time of each cell: 0 except on the body being bounded.
    /// Times never pass `blocking + 2 ≤ 33`.
    open_at: Vec<u8>,
    /// `(call << 8) | e(c)`: the earliest arrival, valid where the high
    /// bits are the current call's number (so nothing is cleared between
    /// calls).
    label: Vec<u32>,
    now: u32,
    /// Stacks of `(cell, time)` by `e(c) + dist(c) − dist(head)`.
    buckets: Vec<Vec<(u32, u32)>>,
}

/// Calls between two clearings of the labels (the call number's 24 bits).
const CALLS: u32 = 1 << 24;

impl Opening {
    pub(super) fn new(packed: &Packed) -> Opening {
        let mut opening = Opening::default();
        opening.fit(packed);
        opening
    }

    /// Makes room for the lair and body of `packed` (tables only grow: a
    /// smaller lair uses their first cells, and the labels of earlier calls
    /// are never the current call's).
    pub(super) fn fit(&mut self, packed: &Packed) {
        debug_assert!(packed.blocking + 2 < 256);
        if self.open_at.len() < packed.cells {
            self.open_at.resize(packed.cells, 0);
            self.label.resize(packed.cells, 0);
        }
        if self.buckets.len() < packed.blocking + 3 {
            self.buckets.resize_with(packed.blocking + 3, Vec::new);
        }
    }

    /// Room for [`Opening::fit`] on the lair of `packed` (5 bytes a cell)
    /// from the run's memory budget, asked before fitting.
    pub(super) fn room(
        &self,
        packed: &Packed,
        limits: &gridpuzzle_engine::search::Limits,
    ) -> Result<gridpuzzle_engine::memory::Grant, gridpuzzle_engine::search::LimitHit> {
        let grow = packed.cells.saturating_sub(self.open_at.len());
        limits.admit(grow * (std::mem::size_of::<u8>() + std::mem::size_of::<u32>()))
    }

    /// Entries of its largest table.
    pub(super) fn size(&self) -> usize {
        self.label.capacity()
    }

    /// `h_open` of the body `body` (padded cells, head first, `packed.len`
    /// of them) given the head's distance table `dist`, whose entry for the
    /// head must be finite. Never less than `dist[head]`; `None` when the
    /// relaxed head cannot move at all (then neither can the real one).
    pub(super) fn bound(&mut self, packed: &Packed, dist: &[u32], body: &[usize]) -> Option<u32> {
        // When no body cell can be closed on a descending path, every
        // descending path is clear and the bound is the distance.
        if descent_is_clear(packed, dist, body) {
            return Some(dist[body[0]]);
        }
        if let Some(free) = packed.small {
            return bound_small(packed, free, dist, body);
        }
        self.bound_wide(packed, dist, body)
    }

    /// [`Opening::bound`] by the search over cells (any lair), without the
    /// glance first.
    fn bound_wide(&mut self, packed: &Packed, dist: &[u32], body: &[usize]) -> Option<u32> {
        let k = packed.blocking.min(body.len());
        for (j, &c) in body.iter().enumerate().take(k) {
            self.open_at[c] = (packed.blocking - j + 1) as u8;
        }
        let found = self.search(packed, dist, body[0]);
        for &c in body.iter().take(k) {
            self.open_at[c] = 0;
        }
        found
    }

    fn search(&mut self, packed: &Packed, dist: &[u32], head: usize) -> Option<u32> {
        self.now += 1;
        if self.now == CALLS {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.now = 1;
        }
        let now = self.now << 8;
        let horizon = packed.blocking as u32;
        let base = dist[head];
        debug_assert!(base != FAR);
        // The least candidate so far, as an offset above `base`; `none`
        // while there is none. Every candidate is at most `horizon + 2`
        // (see the module notes), so nothing at `none` or above is useful.
        let none = horizon + 3;
        let mut limit = none;
        self.label[head] = now;
        self.buckets[0].push((head as u32, 0));
        let mut p = 0;
        while p < limit {
            let Some((c, e)) = self.buckets[p as usize].pop() else {
                p += 1;
                continue;
            };
            let c = c as usize;
            if self.label[c] < now | e {
                continue; // stale: reached earlier since
            }
            // The head may not wait on its own cell at the start.
            let can_wait = c != head;
            if can_wait {
                // Wait here until the horizon, then walk.
                let wait = horizon + ((horizon - e) & 1);
                limit = limit.min(wait + dist[c] - base);
            }
            for &delta in &packed.delta {
                let n = c.wrapping_add_signed(delta);
                let dn = dist[n];
                // Stones are at `FAR` too.
                if dn == FAR {
                    continue;
                }
                let mut t = e + 1;
                let open = u32::from(self.open_at[n]);
                if t < open {
                    if !can_wait {
                        continue;
                    }
                    t = open + ((open - t) & 1);
                }
                let q = t + dn - base;
                if n == packed.exit || t >= horizon {
                    limit = limit.min(q);
                    continue;
                }
                let old = self.label[n];
                if q >= limit || (old >> 8 == now >> 8 && old <= now | t) {
                    continue;
                }
                self.label[n] = now | t;
                self.buckets[q as usize].push((n as u32, t));
            }
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        (limit < none).then_some(base + limit)
    }
}

/// `h_open` on a lair whose rows fit in 128 bits, `free` its free cells
/// (bit `b` the padded cell `width + b`, as in the bitset passes of
/// [`mod@super::astar`]), by sets of cells instead of a search: `R_t`, the
/// cells where a relaxed walk can stand after `t` moves between two steps
/// (not half-way through a wait), is `R_{t−1}` spread one step into the
/// free cells open at move `t`, plus `R_{t−2}` (a wait of two) when
/// `t − 2 ≥ 1` (no wait on the starting cell at the start, and the
/// starting cell stays closed until past the horizon). A walk that reaches
/// the exit before the horizon `H = k` does so at the first `t` with the
/// exit in `R_t`; any longer walk stands between two steps at `H` or, when
/// a wait spans `H`, at `H + 1` on a cell of `R_{H−1}`, and from then on
/// every cell is open, so it is at least `H + dist(c)` for `c` in `R_H` or
/// `H + 1 + dist(c)` for `c` in `R_{H−1}`, and as short as the least of
/// them. (Spreading `R_H` once more gains nothing: a neighbour is at most
/// one nearer.) The tests hold it equal to the search on random lairs.
fn bound_small(packed: &Packed, free: u128, dist: &[u32], body: &[usize]) -> Option<u32> {
    let width = packed.width;
    let bit = |c: usize| 1u128 << (c - width);
    let spread = |f: u128| (f << 1) | (f >> 1) | (f << width) | (f >> width);
    let k = packed.blocking.min(body.len());
    // Segment `j < k` opens at move `k − j + 1`: `B0` (the start) past
    // the horizon.
    let mut closed = body[..k].iter().fold(0u128, |set, &c| set | bit(c));
    let exit = bit(packed.exit);
    // `R_{t−2}` where a wait may start (`t − 2 ≥ 1`, else empty), `R_{t−1}`.
    let (mut waits, mut now) = (0u128, bit(body[0]));
    for t in 1..=k {
        if t >= 2 {
            closed &= !bit(body[k + 1 - t]);
        }
        let next = (spread(now) & free & !closed) | waits;
        waits = if t >= 2 { now } else { 0 };
        now = next;
        if now & exit != 0 {
            return Some(t as u32);
        }
        if now | waits == 0 {
            return None;
        }
    }
    let least = |mut set: u128| {
        let mut least = FAR;
        while set != 0 {
            least = least.min(dist[width + set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        least
    };
    let k = k as u32;
    let at_horizon = least(now).saturating_add(k);
    let after_a_wait = least(waits).saturating_add(k + 1);
    let best = at_horizon.min(after_a_wait);
    (best != FAR).then_some(best)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rules::{Case, Lair, TailRule};
    use crate::solve::astar::head_distances;
    use gridpuzzle_engine::rng::SplitMix64;
    use gridpuzzle_engine::search::{HashVisited, Limits, Outcome};
    use gridpuzzle_engine::Pos;

    /// The exact answer from `state` by breadth-first search, `None` when
    /// there is none.
    pub(in crate::solve) fn exact(packed: &Packed, state: u64) -> Option<u32> {
        match packed
            .search(state, &mut HashVisited::default(), None, &Limits::none())
            .outcome
        {
            Outcome::Solved(plan) => Some(plan.len() as u32),
            Outcome::Unsolvable => None,
            Outcome::Limit(hit) => panic!("{hit}"),
        }
    }

    /// A random lair (up to 7×7) with a random body, or `None` when the
    /// body's walk gets stuck.
    fn random_case(rng: &mut SplitMix64) -> Option<Case> {
        let (rows, cols) = (rng.range(1, 7) as u32, rng.range(2, 7) as u32);
        random_case_of(rng, rows, cols)
    }

    /// `count` draws of a random lair of up to 9×9 (a draw whose body
    /// gets stuck is skipped), each packed under both tail rules.
    pub(in crate::solve) fn each_small_lair(
        rng: &mut SplitMix64,
        count: usize,
        mut visit: impl FnMut(&mut SplitMix64, &Case, TailRule, &Packed),
    ) {
        for _ in 0..count {
            let (rows, cols) = (rng.range(1, 10) as u32, rng.range(1, 10) as u32);
            let Some(case) = random_case_of(rng, rows, cols) else {
                continue;
            };
            for rule in [TailRule::Strict, TailRule::Lenient] {
                visit(rng, &case, rule, &Packed::new(&case, rule));
            }
        }
    }

    /// A random `rows`×`cols` lair with a random body of up to 7 segments
    /// and 0–40 % stones, or `None` when the body's walk gets stuck.
    pub(crate) fn random_case_of(rng: &mut SplitMix64, rows: u32, cols: u32) -> Option<Case> {
        let len = rng.range(1, 8) as usize;
        let density = rng.range(0, 40) as u32;
        let exit = Pos::new(rng.below(rows as u64) as u32, rng.below(cols as u64) as u32);
        let mut lair = Lair::new(rows, cols, exit).unwrap();
        let mut body = vec![Pos::new(
            rng.below(rows as u64) as u32,
            rng.below(cols as u64) as u32,
        )];
        while body.len() < len {
            let last = *body.last().unwrap();
            let next: Vec<Pos> = gridpuzzle_engine::Dir::ALL
                .iter()
                .filter_map(|&d| lair.stones().step(last, d))
                .filter(|p| !body.contains(p))
                .collect();
            if next.is_empty() {
                return None;
            }
            body.push(next[rng.below(next.len() as u64) as usize]);
        }
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                if !body.contains(&p) && p != exit && rng.chance(density) {
                    lair.set_stone(p, true);
                }
            }
        }
        Case::new(lair, body).ok()
    }

    /// Checks the bound of `state` against its exact answer, and against
    /// the bounds of its successors (consistency); returns the bound and
    /// the answer.
    fn check(
        packed: &Packed,
        dist: &[u32],
        opening: &mut Opening,
        state: u64,
    ) -> (u32, Option<u32>) {
        let body = packed.decode(state);
        let head = body[0];
        let answer = exact(packed, state);
        let mut next = Vec::new();
        packed.successors(state, &mut next);
        let Some(h) = opening.bound(packed, dist, &body[..packed.len]) else {
            // Only a head that cannot move has no relaxed walk.
            assert!(next.is_empty());
            return (FAR, answer);
        };
        assert!(h >= dist[head]);
        if let Some(answer) = answer {
            assert!(h <= answer, "bound {h} > answer {answer}");
        }
        for (_, s) in next {
            let b = packed.decode(s);
            let h_next = if b[0] == packed.exit {
                0
            } else if dist[b[0]] == FAR {
                continue;
            } else {
                match opening.bound(packed, dist, &b[..packed.len]) {
                    Some(h) => h,
                    None => continue,
                }
            };
            assert!(h <= h_next + 1, "bound {h} > 1 + {h_next} after a move");
        }
        (h, answer)
    }

    #[test]
    fn the_bound_is_admissible_and_consistent_on_random_lairs() {
        let mut rng = SplitMix64::new(0x0_9e41);
        let (mut lairs, mut states, mut above, mut tight_above) = (0, 0, 0, 0);
        while lairs < 2_000 {
            let Some(case) = random_case(&mut rng) else {
                continue;
            };
            lairs += 1;
            for rule in [TailRule::Strict, TailRule::Lenient] {
                let packed = Packed::new(&case, rule);
                let dist = head_distances(&packed, &Limits::none()).unwrap();
                let mut opening = Opening::new(&packed);
                // The start and the states along a random walk from it.
                let mut state = packed.encode(case.body());
                let mut next = Vec::new();
                for _ in 0..6 {
                    let head = packed.head(state);
                    if head == packed.exit || dist[head] == FAR {
                        break;
                    }
                    let (h, answer) = check(&packed, &dist, &mut opening, state);
                    states += 1;
                    if h != FAR && h > dist[head] {
                        above += 1;
                        tight_above += (answer == Some(h)) as u32;
                    }
                    next.clear();
                    packed.successors(state, &mut next);
                    if next.is_empty() {
                        break;
                    }
                    state = next[rng.below(next.len() as u64) as usize].1;
                }
            }
        }
        // The bound is really above the head's distance on many of them,
        // and often exact there.
        assert!(states > 10_000, "{states}");
        assert!(above > 1_000, "{above} of {states}");
        assert!(tight_above > above / 4, "{tight_above} of {above}");
    }

    /// The sets of [`bound_small`] give what the search gives, on random
    /// lairs of up to 10×10 and the states along random walks from their
    /// starts, under both rules.
    #[test]
    fn both_opening_bounds_agree() {
        let mut rng = SplitMix64::new(0x0b5e);
        let (mut states, mut above, mut none) = (0, 0, 0);
        each_small_lair(&mut rng, 4_000, |rng, case, rule, packed| {
            let free = packed.small.expect("a lair of at most 10×10");
            let dist = head_distances(packed, &Limits::none()).unwrap();
            let mut opening = Opening::new(packed);
            let mut state = packed.encode(case.body());
            let mut next = Vec::new();
            for _ in 0..8 {
                let body = packed.decode(state);
                let body = &body[..packed.len];
                if body[0] == packed.exit || dist[body[0]] == FAR {
                    break;
                }
                let small = bound_small(packed, free, &dist, body);
                let wide = opening.bound_wide(packed, &dist, body);
                assert_eq!(small, wide, "{rule:?} {body:?} {case:?}");
                states += 1;
                match small {
                    Some(h) => above += u32::from(h > dist[body[0]]),
                    None => none += 1,
                }
                next.clear();
                packed.successors(state, &mut next);
                if next.is_empty() {
                    break;
                }
                state = next[rng.below(next.len() as u64) as usize].1;
            }
        });
        assert!(
            states > 20_000 && above > 3_000 && none > 300,
            "{states} states, {above} above the distance, {none} none"
        );
    }

    /// When no segment can be in the way of a descending path, the
    /// upper-bound search finds the first descending path in `U D L R`
    /// order: the plan the solver then gives without running that search.
    #[test]
    fn a_clear_descent_is_the_upper_bound_plan() {
        use crate::solve::astar::{descent, free_path, Levels};
        let mut rng = SplitMix64::new(0xde5c);
        let (mut lairs, mut clear, mut blocked) = (0, 0, 0);
        let (mut when, mut came, mut levels) = (Vec::new(), Vec::new(), Levels::default());
        while lairs < 3_000 {
            let Some(case) = random_case(&mut rng) else {
                continue;
            };
            lairs += 1;
            for rule in [TailRule::Strict, TailRule::Lenient] {
                let packed = Packed::new(&case, rule);
                let dist = head_distances(&packed, &Limits::none()).unwrap();
                let body = packed.decode(packed.encode(case.body()));
                let body = &body[..packed.len];
                if body[0] == packed.exit || dist[body[0]] == FAR {
                    continue;
                }
                let found = free_path(
                    &packed,
                    body,
                    &Limits::none(),
                    &mut when,
                    &mut came,
                    &mut levels,
                )
                .unwrap();
                if descent_is_clear(&packed, &dist, body) {
                    clear += 1;
                    assert_eq!(
                        found,
                        Some(descent(&packed, &dist, body[0])),
                        "{rule:?} {case:?}"
                    );
                } else {
                    blocked += 1;
                }
            }
        }
        assert!(
            clear > 1_000 && blocked > 300,
            "{clear} clear, {blocked} not"
        );
    }

    /// A `rows × 9` lair split by a wall in column 5 with a door in row 3
    /// (1-based); the body's head is `k` cells beyond the door, facing
    /// away from it, the rest trails towards the exit `(1,1)`.
    fn door(rows: u32, len: usize, k: usize) -> Option<Case> {
        let (wall, door_row) = (4u32, 2u32);
        let mut lair = Lair::new(rows, 9, Pos::new(0, 0)).unwrap();
        for r in (0..rows).filter(|&r| r != door_row) {
            lair.set_stone(Pos::new(r, wall), true);
        }
        let mut body: Vec<Pos> = (0..=k as u32)
            .map(|i| Pos::new(door_row, wall + k as u32 - i))
            .collect();
        let mut at = Pos::new(door_row, wall);
        while body.len() < len {
            at = if at.col > 0 {
                Pos::new(at.row, at.col - 1)
            } else {
                Pos::new(at.row + 1, at.col)
            };
            body.push(at);
        }
        Case::new(lair, body).ok()
    }

    #[test]
    fn a_body_through_a_door_is_bounded_exactly() {
        let mut compared = 0;
        for rows in [5, 6, 7] {
            for len in 3..=9 {
                for k in 1..=3 {
                    if k + 1 >= len {
                        continue;
                    }
                    let Some(case) = door(rows, len, k) else {
                        continue;
                    };
                    for rule in [TailRule::Strict, TailRule::Lenient] {
                        let packed = Packed::new(&case, rule);
                        let dist = head_distances(&packed, &Limits::none()).unwrap();
                        let start = packed.encode(case.body());
                        let (h, answer) = check(&packed, &dist, &mut Opening::new(&packed), start);
                        let d = dist[packed.head(start)];
                        // The head waits for the door: far above its distance.
                        let door_opens = (packed.blocking - k + 1) as u32;
                        assert!(h >= door_opens + d - k as u32, "{rule:?} {case:?}");
                        assert_eq!(Some(h), answer, "{rule:?} {case:?}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 80, "{compared}");
    }
}
