//! Random Walk boards with a proved answer, the hardest board of a size,
//! and the shrinker's smaller boards.
//!
//! The engine does the generic work ([`gridpuzzle_engine::generate`]:
//! sampling with a density bandit, climbing too-easy boards, annealing);
//! a puzzle only says what its boards are to it, as a [`Landscape`]: a
//! random board is floor with `density` percent of walls and a start and a
//! goal on two different cells; an edit toggles a wall or moves the start
//! or the goal. Every answer comes from [`crate::rules::solve`], and a
//! board whose search hits a budget is dropped, never guessed.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gridpuzzle_engine::generate::{
    anneal, answer_of, AnnealOptions, Best, Difficulty, Generator, Landscape, SampleOptions,
    Sampler, StartGoal, Tuner, Want,
};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{Limits, Search};
use gridpuzzle_engine::{Grid, Move, Pos};

use crate::rules::{solve, solve_from, step, Board, Cell, Step};

/// Densities the sampler learns between, in percent of walls.
pub const DENSITY_RANGE: (u32, u32) = (0, 60);

/// The default budget of one search, in expanded cells: every board of
/// up to a million cells fits.
pub const DEFAULT_MAX_EXPANDED: u64 = 1 << 20;

/// Boards of one size under one setting, as the engine's generators see
/// them.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    pub width: u32,
    pub height: u32,
    pub diagonals: bool,
}

impl Fields {
    fn build(&self, cells: Vec<Cell>) -> Option<Board> {
        Board::new(Grid::from_cells(self.width, self.height, cells)?).ok()
    }
}

/// The board's cells as the engine's generic edits see them.
const CELLS: StartGoal<Cell> = StartGoal {
    floor: Cell::Floor,
    wall: Cell::Wall,
    start: Cell::Start,
    goal: Cell::Goal,
};

impl Landscape for Fields {
    type Board = Board;
    type Move = Step;

    fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<Board> {
        let n = self.width as u64 * self.height as u64;
        self.build(CELLS.random(rng, n, density)?)
    }

    fn mutate(&mut self, board: &Board, rng: &mut SplitMix64) -> Option<Board> {
        let mut cells = board.grid().cells().to_vec();
        CELLS.mutate(&mut cells, rng)?;
        self.build(cells)
    }

    fn solve(&mut self, board: &Board, limits: &Limits) -> Search<Step> {
        solve(board, self.diagonals, limits)
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    pub fields: Fields,
    pub want: Want,
    /// Percent of walls; `None`: learned per board.
    pub density: Option<u32>,
    pub max_expanded: u64,
    pub attempts: u64,
    pub cancel: Option<Arc<AtomicBool>>,
}

/// An endless stream of boards whose proved answer is in `opts.want`,
/// the same for the same seed on every machine.
pub fn generate(opts: &GenerateOptions, seed: u64) -> Generator<Fields> {
    let limits = Limits {
        max_expanded: Some(opts.max_expanded),
        cancel: opts.cancel.clone(),
        ..Limits::none()
    };
    let tuner = match opts.density {
        Some(d) => Tuner::fixed(d),
        None => Tuner::adaptive(DENSITY_RANGE.0, DENSITY_RANGE.1),
    };
    let sample = SampleOptions {
        want: opts.want,
        limits: limits.clone(),
        attempts: opts.attempts,
        climb_steps: if opts.want.min >= 2 { 200 } else { 0 },
    };
    let sampler = Sampler::new(opts.fields, sample, tuner, seed);
    Generator::new(sampler, limits, |f, board, search, limits| {
        difficulty(board, f.diagonals, search, limits)
    })
}

/// The difficulty record of a board whose search proved `search`'s
/// answer: a first move is optimal when the rest takes `optimum - 1`
/// moves. `None` when a follow-up search hit a budget.
pub fn difficulty(
    board: &Board,
    diagonals: bool,
    search: &Search<Step>,
    limits: &Limits,
) -> Option<Difficulty> {
    let optimum = answer_of(search)?;
    let mut record = Difficulty {
        optimum,
        optimal_first_moves: 0,
        expanded: search.stats.expanded,
    };
    if optimum <= 0 {
        return Some(record);
    }
    for &mv in Step::ALL {
        let Ok(next) = step(board, diagonals, board.start(), mv) else {
            continue;
        };
        if answer_of(&solve_from(board, diagonals, next, limits))? == optimum - 1 {
            record.optimal_first_moves += 1;
        }
    }
    Some(record)
}

/// What [`hardest`] searches.
#[derive(Debug, Clone)]
pub struct HardestOptions {
    pub fields: Fields,
    /// Percent of walls of the starting board.
    pub density: u32,
    pub time: Duration,
    pub max_expanded: u64,
    pub cancel: Option<Arc<AtomicBool>>,
}

/// Simulated annealing for the board of a size with the longest walk,
/// from a random solvable board. `None` if none was found in time.
pub fn hardest(
    opts: &HardestOptions,
    seed: u64,
    on_improve: impl FnMut(&Best<Board, Step>, Duration),
) -> Option<Best<Board, Step>> {
    let deadline = Instant::now() + opts.time;
    let limits = Limits {
        max_expanded: Some(opts.max_expanded),
        cancel: opts.cancel.clone(),
        deadline: Some(deadline),
        ..Limits::none()
    };
    let mut fields = opts.fields;
    let diagonals = fields.diagonals;
    let mut rng = SplitMix64::new(seed);
    let start = (0..10_000)
        .take_while(|_| Instant::now() < deadline)
        .filter_map(|_| fields.random(&mut rng, opts.density))
        .find(|b| answer_of(&solve(b, diagonals, &limits)).is_some_and(|a| a >= 1))?;
    let options = AnnealOptions {
        deadline,
        limits,
        // No walk is longer than a path through every other cell.
        ceiling: Some(fields.width as i64 * fields.height as i64 - 1),
        temperature: 1.5,
    };
    anneal(&mut fields, start, rng.next_u64(), &options, on_improve)
}

/// A random board of `width × height` with any answer, for `stress`.
pub fn random_board(fields: Fields, seed: u64) -> Option<Board> {
    let mut fields = fields;
    let mut rng = SplitMix64::new(seed);
    let density = rng.below(50) as u32;
    (0..100).find_map(|_| fields.random(&mut rng, density))
}

/// Every board one edit smaller or simpler than `board`, biggest cuts
/// first: a row or a column without the start or the goal, a wall made
/// floor, the start or the goal one cell nearer the other. Each is smaller
/// in (cells, walls, distance from start to goal), so shrinking ends.
pub fn smaller(board: &Board) -> Vec<Board> {
    let (w, h) = (board.width(), board.height());
    let (start, goal) = (board.start(), board.goal());
    let grid = board.grid();
    let mut out = Vec::new();
    let mut keep = |w: u32, h: u32, cells: Vec<Cell>| {
        if let Some(b) = Grid::from_cells(w, h, cells).and_then(|g| Board::new(g).ok()) {
            out.push(b);
        }
    };
    for r in 0..h {
        if h > 1 && start.row != r && goal.row != r {
            let rest = (0..h)
                .filter(|&y| y != r)
                .flat_map(|y| (0..w).map(move |x| grid[Pos::new(y, x)]))
                .collect();
            keep(w, h - 1, rest);
        }
    }
    for c in 0..w {
        if w > 1 && start.col != c && goal.col != c {
            let rest = (0..h)
                .flat_map(|y| {
                    (0..w)
                        .filter(move |&x| x != c)
                        .map(move |x| grid[Pos::new(y, x)])
                })
                .collect();
            keep(w - 1, h, rest);
        }
    }
    for (i, &c) in grid.cells().iter().enumerate() {
        if c == Cell::Wall {
            let mut next = grid.cells().to_vec();
            next[i] = Cell::Floor;
            keep(w, h, next);
        }
    }
    for (from, to) in [(start, goal), (goal, start)] {
        let toward = |a: u32, b: u32| a as i64 + (b as i64 - a as i64).signum();
        let p = Pos::new(
            toward(from.row, to.row) as u32,
            toward(from.col, to.col) as u32,
        );
        if grid[p] == Cell::Floor {
            let mut next = grid.clone();
            next.set(p, grid[from]);
            next.set(from, Cell::Floor);
            keep(w, h, next.cells().to_vec());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Boards;

    fn fields(w: u32, h: u32) -> Fields {
        Fields {
            width: w,
            height: h,
            diagonals: true,
        }
    }

    #[test]
    fn generated_answers_are_wanted_and_proved() {
        let want = Want {
            min: 4,
            max: Some(9),
        };
        let opts = GenerateOptions {
            fields: fields(8, 6),
            want,
            density: None,
            max_expanded: DEFAULT_MAX_EXPANDED,
            attempts: 10_000,
            cancel: None,
        };
        for made in generate(&opts, 3).take(20) {
            let made = made.unwrap();
            assert!(want.contains(made.difficulty.optimum));
            assert_eq!(made.plan.len() as i64, made.difficulty.optimum);
            assert!(made.difficulty.optimal_first_moves >= 1);
        }
    }

    #[test]
    fn hardest_only_improves() {
        let opts = HardestOptions {
            fields: fields(5, 4),
            density: 20,
            time: Duration::from_millis(200),
            max_expanded: DEFAULT_MAX_EXPANDED,
            cancel: None,
        };
        let mut seen = Vec::new();
        let best = hardest(&opts, 1, |b, _| seen.push(b.answer)).unwrap();
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(Some(&best.answer), seen.last());
        assert!(best.answer >= 5, "a 5 × 4 board has walks of 5 and more");
    }

    #[test]
    fn smaller_boards_are_smaller() {
        let text = "4 3\nS . # .\n. # . .\n. . . G\n";
        let b = Boards::new(text.as_bytes()).next().unwrap().unwrap();
        let next = smaller(&b);
        // Row 2; columns 2 and 3; two walls; the goal one cell nearer the
        // start (the start's step toward the goal would land on a wall).
        let size = |b: &Board| {
            let (s, g) = (b.start(), b.goal());
            let dist = s.row.abs_diff(g.row).max(s.col.abs_diff(g.col));
            (b.width() * b.height(), b.walls(), dist)
        };
        assert_eq!(next.len(), 1 + 2 + 2 + 1);
        assert!(next.iter().all(|n| size(n) < size(&b)));
    }
}
