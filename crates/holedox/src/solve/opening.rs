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
//! (tens of millions of states for `L` = 22–26 on 100×100 lairs). This
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
//! allow). The grid is bipartite, so a walk reaches a cell only at times
//! of one parity, and a wait of two keeps it. The bound `h_open(s)` is the
//! least number of moves of a relaxed walk from the head to the exit.
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
//! in `s`. And the move to `p` is allowed at time 1 from `s` (it is legal
//! in the real game, so `p` is not among the first `k` segments and
//! `open_s(p) ≤ 1`). A relaxed walk from `s'` preceded by that move is a
//! relaxed walk from `s`: `h_open(s) ≤ 1 + h_open(s')`. The maximum of two
//! consistent bounds is consistent, so A* with `max(distance, h_open)`
//! keeps the textbook invariant of [`mod@super::astar`] (no state expanded
//! twice). Its optimality does not rest on that: the engine's A* re-opens
//! a state reached with a smaller `g`, which is exact for any admissible
//! bound.
//!
//! # Computing it
//!
//! After move `k + 1` every cell is open, so from the *horizon* `H = k` on
//! the rest of a relaxed walk is the head's plain distance `dist` to the
//! exit. Let `e(c)` be the earliest time the relaxed head can be on `c`
//! (earlier is never worse: it can wait, and openings only open). Then
//!
//! ```text
//!   h_open(s) = min over cells c of  e(c) + dist(c)   if c is the exit,
//!                                  or e'(c) + dist(c) where e'(c) ≥ H is the
//!                                     first time of c's parity at or past
//!                                     max(e(c), H) (wait there, then walk).
//! ```
//!
//! `e` is a shortest-path label with time-dependent openings (entering `n`
//! from `c` at `e(c) + 1`, or at `open(n)` rounded up to the right parity
//! when that is later), found by A* over cells with `dist` as its
//! consistent estimate and a bucket queue over `e(c) + dist(c)`; the first
//! bucket that reaches the least candidate above is the answer. Waiting on
//! the head's own cell until the horizon is always a candidate, so the
//! search never looks past `H + 1` above `dist(head)`, and only cells
//! within `H + 1` moves of the head are ever labelled: a few hundred for
//! `L` = 26, whatever the size of the lair. Buckets are stacks, so when the
//! head's shortest path is clear the search dives straight down it in `H`
//! steps.

use super::Packed;

/// The head cannot reach the exit from this cell.
const FAR: u32 = u32::MAX;

/// Scratch space for [`Opening::bound`], kept across calls so that a call
/// costs only the cells it labels: five bytes a cell.
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
        debug_assert!(packed.blocking + 2 < 256);
        Opening {
            open_at: vec![0; packed.cells],
            label: vec![0; packed.cells],
            now: 0,
            buckets: vec![Vec::new(); packed.blocking + 2],
        }
    }

    /// `h_open` of the body `body` (padded cells, head first, `packed.len`
    /// of them) given the head's distance table `dist`, whose entry for the
    /// head must be finite. Never less than `dist[head]`.
    pub(super) fn bound(&mut self, packed: &Packed, dist: &[u32], body: &[usize]) -> u32 {
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

    fn search(&mut self, packed: &Packed, dist: &[u32], head: usize) -> u32 {
        self.now += 1;
        if self.now == CALLS {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.now = 1;
        }
        let now = self.now << 8;
        let horizon = packed.blocking as u32;
        let base = dist[head];
        debug_assert!(base != FAR);
        // The least candidate so far, as an offset above `base`. Waiting
        // on the head's own cell until the horizon is always one.
        let mut limit = horizon + (horizon & 1);
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
            // Wait here until the horizon, then walk.
            let wait = horizon + ((horizon - e) & 1);
            limit = limit.min(wait + dist[c] - base);
            for &delta in &packed.delta {
                let n = c.wrapping_add_signed(delta);
                let dn = dist[n];
                if packed.blocked[n] || dn == FAR {
                    continue;
                }
                let mut t = e + 1;
                let open = u32::from(self.open_at[n]);
                if t < open {
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
        base + limit
    }
}
