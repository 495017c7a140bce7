//! Random Holedox lairs with a proved optimum, and the hunt for the lair
//! that needs the most steps.
//!
//! The generic work (sampling with a density bandit, climbing too-easy
//! lairs, simulated annealing) is the engine's
//! [`gridpuzzle_engine::generate`]; this module only says what a lair is
//! to it ([`Lairs`], a [`Landscape`]):
//!
//! - a random lair has `density` percent of stones (never on the exit) and
//!   a body that is a random self-avoiding walk over free cells, grown from
//!   a random head; a walk that gets stuck is simply drawn again;
//! - an edit toggles one stone (never on the exit or the body), takes one
//!   legal step with the body, or lays a fresh body.
//!
//! Every answer comes from [`crate::solve()`] under the caller's tail rule
//! and exit, and a lair whose search hits a budget is dropped. The
//! difficulty record counts the optimal first steps, as every puzzle's
//! does ([`Difficulty::by_first_moves`]).
//!
//! # The hardest lair
//!
//! Random lairs of 20×20 need a few dozen steps; long answers come from
//! corridors. So [`hardest`] does not start from noise but from a
//! serpentine: one-cell corridors between walls whose single gaps
//! alternate sides, the body at the far end of the last corridor (as in
//! `bench/holedox/serpentine.in`, whose first case needs 202 steps). The
//! annealing then edits stones from there; A* decides most such lairs in
//! well under a millisecond, so it can try tens of thousands a minute.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use gridpuzzle_engine::clock::Instant;
use gridpuzzle_engine::generate::{
    anneal, answer_of, sample, AnnealOptions, Best, Difficulty, Landscape, SampleOptions, Want,
};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::{Dir, Pos};

use crate::rules::{step, Case, Lair, TailRule};
use crate::solve::{solve, solve_capped};

pub use crate::parse::{write_case, TERMINATOR};

/// Densities the sampler learns between, in percent of stones.
pub const DENSITY_RANGE: (u32, u32) = (0, 45);

/// The default budget of one search, in expanded states.
pub const DEFAULT_MAX_EXPANDED: u64 = 2_000_000;

/// Lairs of one shape, body length, exit and tail rule, as the engine's
/// generators see them.
#[derive(Debug, Clone)]
pub struct Lairs {
    pub rows: u32,
    pub cols: u32,
    pub len: usize,
    /// 0-based.
    pub exit: Pos,
    pub rule: TailRule,
}

impl Lairs {
    fn cell(&self, rng: &mut SplitMix64) -> Pos {
        Pos::new(
            rng.below(self.rows as u64) as u32,
            rng.below(self.cols as u64) as u32,
        )
    }

    /// A random self-avoiding walk of `len` free cells, head first.
    fn walk(&self, lair: &Lair, rng: &mut SplitMix64) -> Option<Vec<Pos>> {
        let head = self.cell(rng);
        if !lair.is_free(head) {
            return None;
        }
        let mut body = Vec::with_capacity(self.len);
        body.push(head);
        while body.len() < self.len {
            let last = body[body.len() - 1];
            let mut next = [last; 4];
            let mut k = 0;
            for d in Dir::ALL {
                if let Some(p) = lair.stones().step(last, d) {
                    if lair.is_free(p) && !body.contains(&p) {
                        next[k] = p;
                        k += 1;
                    }
                }
            }
            if k == 0 {
                return None;
            }
            body.push(next[rng.below(k as u64) as usize]);
        }
        Some(body)
    }
}

impl Landscape for Lairs {
    type Board = Case;
    type Move = Dir;

    fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<Case> {
        let mut lair = Lair::new(self.rows, self.cols, self.exit).ok()?;
        for r in 0..self.rows {
            for c in 0..self.cols {
                let p = Pos::new(r, c);
                if p != self.exit && rng.chance(density) {
                    lair.set_stone(p, true);
                }
            }
        }
        let body = self.walk(&lair, rng)?;
        Case::new(lair, body).ok()
    }

    fn mutate(&mut self, case: &Case, rng: &mut SplitMix64) -> Option<Case> {
        let (mut lair, mut body) = case.clone().into_parts();
        match rng.below(20) {
            0 => body = self.walk(&lair, rng)?,
            1 | 2 => {
                let d = Dir::from_index(rng.below(4) as usize);
                step(&lair, &mut body, d, self.rule).ok()?;
            }
            _ => {
                let p = self.cell(rng);
                if p == self.exit || body.contains(&p) {
                    return None;
                }
                let stone = lair.is_stone(p);
                lair.set_stone(p, !stone);
            }
        }
        Case::new(lair, body).ok()
    }

    fn solve(&mut self, case: &Case, limits: &Limits) -> Search<Dir> {
        solve(case, self.rule, limits)
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    pub rows: u32,
    pub cols: u32,
    pub len: usize,
    /// 0-based.
    pub exit: Pos,
    pub rule: TailRule,
    pub want: Want,
    /// Percent of stones; `None`: learned per lair (see the engine).
    pub density: Option<u32>,
    /// Budget of one exact search, in expanded states; a lair whose search
    /// needs more is dropped.
    pub max_expanded: u64,
    /// Lairs solved in a row without a wanted one before giving up.
    pub attempts: u64,
    /// Raised by Ctrl-C: the current search stops and the generator ends.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's heap budget ([`Limits::heap`]).
    pub heap: Option<Arc<gridpuzzle_engine::memory::Heap>>,
}

/// One generated puzzle (the engine's record over this puzzle's boards).
pub type Generated = gridpuzzle_engine::generate::Generated<Case, Dir>;

/// The generated puzzles, in order; see [`generate`].
pub type Generator = gridpuzzle_engine::generate::Generator<Lairs>;

/// An endless stream of lairs whose proved answer is in `opts.want`,
/// reproducible from `seed`. It ends (with an `Err`) when the cancel flag
/// is raised or `opts.attempts` lairs in a row were not wanted.
pub fn generate(opts: &GenerateOptions, seed: u64) -> Generator {
    let limits = Limits {
        max_expanded: Some(opts.max_expanded),
        cancel: opts.cancel.clone(),
        heap: opts.heap.clone(),
        ..Limits::none()
    };
    let lairs = Lairs {
        rows: opts.rows,
        cols: opts.cols,
        len: opts.len,
        exit: opts.exit,
        rule: opts.rule,
    };
    let options = SampleOptions {
        want: opts.want,
        limits,
        attempts: opts.attempts,
        climb_steps: 400,
    };
    sample(
        lairs,
        options,
        opts.density,
        DENSITY_RANGE,
        seed,
        |b, board, search, limits| difficulty(board, search, b.rule, limits),
    )
}

/// The difficulty record of a lair whose search proved `search`'s answer;
/// `None` when a follow-up search hit a budget of `limits`.
pub fn difficulty(
    case: &Case,
    search: &Search<Dir>,
    rule: TailRule,
    limits: &Limits,
) -> Option<Difficulty> {
    Difficulty::by_first_moves(search, |d, optimum| {
        // After an optimal first step the rest takes exactly `optimum - 1`
        // steps: searching with that cap is enough, and cheaper.
        let cap = optimum as u32 - 1;
        let mut body = case.body().to_vec();
        if step(case.lair(), &mut body, d, rule).is_err() {
            return Some(None);
        }
        let after = Case::new(case.lair().clone(), body).ok()?;
        Some(Some(answer_of(&solve_capped(&after, rule, cap, limits))?))
    })
}

/// What [`hardest`] searches.
#[derive(Debug, Clone)]
pub struct HardestOptions {
    pub rows: u32,
    pub cols: u32,
    pub len: usize,
    /// 0-based.
    pub exit: Pos,
    pub rule: TailRule,
    /// Percent of stones of a random start (used when no serpentine fits).
    pub density: u32,
    pub time: Duration,
    /// Budget of one exact search; a lair that needs more is discarded.
    pub max_expanded: u64,
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's heap budget ([`Limits::heap`]).
    pub heap: Option<Arc<gridpuzzle_engine::memory::Heap>>,
}

/// Simulated annealing for the lair with the most steps in its optimum,
/// from a serpentine (see the module docs). `on_improve(best, elapsed)`
/// sees the start and every strict improvement. `None` if no starting lair
/// could be solved in time.
pub fn hardest(
    opts: &HardestOptions,
    seed: u64,
    on_improve: impl FnMut(&Best<Case, Dir>, Duration),
) -> Option<Best<Case, Dir>> {
    let began = Instant::now();
    let deadline = began + opts.time;
    let mut lairs = Lairs {
        rows: opts.rows,
        cols: opts.cols,
        len: opts.len,
        exit: opts.exit,
        rule: opts.rule,
    };
    let limits = Limits {
        max_expanded: Some(opts.max_expanded),
        cancel: opts.cancel.clone(),
        heap: opts.heap.clone(),
        deadline: Some(deadline),
        ..Limits::none()
    };
    let mut rng = SplitMix64::new(seed);
    let mut start = serpentine(&lairs, rng.chance(50), rng.chance(50))
        .filter(|c| answer_of(&lairs.solve(c, &limits)).is_some_and(|a| a >= 1));
    for _ in 0..10_000 {
        if start.is_some() || Instant::now() >= deadline {
            break;
        }
        start = lairs
            .random(&mut rng, opts.density)
            .filter(|c| answer_of(&lairs.solve(c, &limits)).is_some_and(|a| a >= 1));
    }
    let anneal_opts = AnnealOptions {
        deadline,
        limits,
        ceiling: None,
        temperature: 2.0,
    };
    anneal(&mut lairs, start?, rng.next_u64(), &anneal_opts, on_improve)
}

/// One-cell corridors along the longer fitting side, walls with a one-cell
/// gap alternating ends, the exit's corner first; the body lies straight
/// at the far end of the last corridor, head towards that corridor's gap
/// (`toward`) or against the side wall. `None` when the body does not fit
/// in a corridor or the exit is not a corner.
fn serpentine(l: &Lairs, toward: bool, prefer_columns: bool) -> Option<Case> {
    // Build as rows × cols with the exit at (0, 0), then map the cells:
    // transpose for vertical corridors, mirror for other exit corners.
    let corner_row = l.exit.row == 0 || l.exit.row + 1 == l.rows;
    let corner_col = l.exit.col == 0 || l.exit.col + 1 == l.cols;
    if !corner_row || !corner_col {
        return None;
    }
    let fits_rows = l.cols as usize > l.len && l.rows >= 3;
    let fits_cols = l.rows as usize > l.len && l.cols >= 3;
    let transpose = match (fits_rows, fits_cols) {
        (false, false) => return None,
        (true, true) => prefer_columns,
        (rows, _) => !rows,
    };
    let (h, w) = if transpose {
        (l.cols, l.rows)
    } else {
        (l.rows, l.cols)
    };
    let map = |r: u32, c: u32| {
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        let r = if l.exit.row == 0 { r } else { l.rows - 1 - r };
        let c = if l.exit.col == 0 { c } else { l.cols - 1 - c };
        Pos::new(r, c)
    };
    let mut lair = Lair::new(l.rows, l.cols, l.exit).ok()?;
    let mut gap_right = true;
    let mut wall = 1;
    while wall + 1 < h {
        for c in 0..w {
            let gap = if gap_right { c == w - 1 } else { c == 0 };
            if !gap {
                lair.set_stone(map(wall, c), true);
            }
        }
        gap_right = !gap_right;
        wall += 2;
    }
    // The last wall's gap is on the side `!gap_right`; the body starts at
    // the other end of the bottom row.
    let last_gap_right = !gap_right;
    let mut cols: Vec<u32> = if last_gap_right {
        (0..l.len as u32).collect()
    } else {
        (w - l.len as u32..w).rev().collect()
    };
    // A head against the side wall must turn round, which needs a bottom
    // corridor two rows high (an even number of rows).
    if toward || h % 2 == 1 {
        cols.reverse();
    }
    let body = cols.into_iter().map(|c| map(h - 1, c)).collect();
    Case::new(lair, body).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{Cases, ParseOptions};

    fn lairs(rows: u32, cols: u32, len: usize) -> Lairs {
        Lairs {
            rows,
            cols,
            len,
            exit: Pos::new(0, 0),
            rule: TailRule::Strict,
        }
    }

    #[test]
    fn the_serpentine_is_long() {
        let l = lairs(20, 20, 8);
        let case = serpentine(&l, true, false).unwrap();
        let a = answer_of(&solve(&case, TailRule::Strict, &Limits::none())).unwrap();
        assert!(a > 150, "{a}");
        // Other corners and shapes still give a long, solvable lair.
        for (rows, cols, exit) in [(9, 20, (8, 19)), (20, 6, (0, 5)), (5, 5, (4, 0))] {
            let l = Lairs {
                exit: Pos::new(exit.0, exit.1),
                ..lairs(rows, cols, 4)
            };
            for toward in [false, true] {
                let case = serpentine(&l, toward, true).unwrap();
                let a = answer_of(&solve(&case, TailRule::Strict, &Limits::none())).unwrap();
                assert!(a >= (rows.max(cols)) as i64, "{rows}x{cols}: {a}");
            }
        }
    }

    #[test]
    fn judge_text_parses_back() {
        let opts = GenerateOptions {
            rows: 6,
            cols: 9,
            len: 5,
            exit: Pos::new(2, 3),
            rule: TailRule::Strict,
            want: Want { min: 0, max: None },
            density: None,
            max_expanded: DEFAULT_MAX_EXPANDED,
            attempts: 10_000,
            cancel: None,
            heap: None,
        };
        for made in generate(&opts, 3).take(30) {
            let made = made.unwrap();
            let text = write_case(&made.board) + TERMINATOR;
            let back = Cases::new(text.as_bytes(), ParseOptions { exit: (3, 4) })
                .next()
                .unwrap()
                .unwrap();
            assert_eq!(back, made.board);
        }
    }
}
