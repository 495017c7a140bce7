//! Random Curling boards with a proved optimum, and the hunt for the
//! hardest board of a size.
//!
//! The generic work (sampling with a density bandit, climbing too-easy
//! boards, simulated annealing) is the engine's
//! [`gridpuzzle_engine::generate`], and so are the boards: a Curling board
//! is one of the engine's start/goal boards ([`Layout`]), so its landscape
//! ([`Boards`]) is the engine's [`Layouts`]: a random board is ice with
//! `density` percent of blocks and a start and a goal on two random cells;
//! an edit toggles one block or moves the start or the goal. Every answer
//! comes from [`crate::solve()`] under the caller's throw cap, and a board
//! whose search hits a budget is dropped: the generator never states an
//! answer it did not prove.
//!
//! The difficulty record counts the *optimal first throws*
//! ([`Difficulty::by_first_moves`]): after each legal first throw the rest
//! of the game is itself a Curling board (the broken block is ice, the
//! stone's resting cell is the new start, the cap is one less than the
//! optimum), which is solved exactly like any other.
//!
//! What is Curling's own is [`hardest`] without a cap, which searches
//! under a moving working cap (see [`WORKING_MARGIN`]).

use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use gridpuzzle_engine::board::{Layout, Layouts};
use gridpuzzle_engine::clock::Instant;
use gridpuzzle_engine::generate::{
    anneal, answer_of, sample, AnnealOptions, Best, Difficulty, Landscape, SampleOptions,
    StartGoal, Want,
};
use gridpuzzle_engine::rng::SplitMix64;
use gridpuzzle_engine::search::{LimitHit, Limits, Outcome, Search};
use gridpuzzle_engine::{Dir, Grid, Pos};

use crate::rules::{throw, Board, Cell, Throw};
use crate::solve::{solve, Options, JUDGE_MAX_THROWS};
use crate::Curling;

pub use crate::parse::{write_dataset, TERMINATOR};

/// Densities the sampler learns between, in percent of blocks.
pub const DENSITY_RANGE: (u32, u32) = (0, 60);

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenerateOptions {
    pub width: u32,
    pub height: u32,
    pub want: Want,
    /// Percent of blocks; `None`: learned per board (see the engine).
    pub density: Option<u32>,
    /// The rule's throw cap (`None`: no cap).
    pub max_throws: Option<u32>,
    /// Budget of one exact search, in expanded states; a board whose
    /// search needs more is dropped.
    pub max_expanded: u64,
    /// Boards solved in a row without a wanted one before giving up.
    pub attempts: u64,
    /// Raised by Ctrl-C: the current search stops and the generator ends.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's heap budget ([`Limits::heap`]).
    pub heap: Option<Arc<gridpuzzle_engine::memory::Heap>>,
}

/// The default budget of one search: a few milliseconds to a second.
pub const DEFAULT_MAX_EXPANDED: u64 = 2_000_000;

/// The default budget of one search in [`hardest`]: smaller, because
/// annealing gains more from many boards than from proving a few hard ones.
pub const HARDEST_MAX_EXPANDED: u64 = 500_000;

/// Boards of one size under one throw cap, as the engine's generators see
/// them: the engine's start/goal landscape over Curling's boards (ice with
/// blocks, a start and a goal), solved by Curling under its cap.
pub type Boards = Layouts<Curling>;

/// Boards of `width × height` played under the cap `max_throws`.
pub fn boards(width: u32, height: u32, max_throws: Option<u32>) -> Boards {
    Layouts {
        puzzle: Curling::capped(max_throws),
        width,
        height,
    }
}

/// Curling's boards are made of the four cells of the engine's
/// start/goal boards, so its generator draws and edits them.
impl Layout for Board {
    type Cell = Cell;
    const CELLS: StartGoal<Cell> = StartGoal {
        floor: Cell::Ice,
        wall: Cell::Block,
        start: Cell::Start,
        goal: Cell::Goal,
    };

    fn cells(&self) -> &[Cell] {
        self.grid().cells()
    }

    fn from_cells(width: u32, height: u32, cells: Vec<Cell>) -> Option<Board> {
        Board::new(Grid::from_cells(width, height, cells)?).ok()
    }
}

/// One generated puzzle (the engine's record over this puzzle's boards).
pub type Generated = gridpuzzle_engine::generate::Generated<Board, Dir>;

/// The generated puzzles, in order; see [`generate`].
pub type Generator = gridpuzzle_engine::generate::Generator<Boards>;

/// An endless stream of boards whose proved answer is in `opts.want`,
/// reproducible from `seed`. It ends (with an `Err`) when the cancel flag
/// is raised or `opts.attempts` boards in a row were not wanted; the caller
/// takes as many as it needs.
pub fn generate(opts: &GenerateOptions, seed: u64) -> Generator {
    let options = SampleOptions {
        want: opts.want,
        limits: Limits {
            max_expanded: Some(opts.max_expanded),
            cancel: opts.cancel.clone(),
            heap: opts.heap.clone(),
            ..Limits::none()
        },
        attempts: opts.attempts,
        climb_steps: 300,
    };
    let boards = boards(opts.width, opts.height, opts.max_throws);
    sample(
        boards,
        options,
        opts.density,
        DENSITY_RANGE,
        seed,
        |b, board, search, limits| difficulty(board, search, &b.puzzle.options(), limits),
    )
}

/// The difficulty record of a board whose search proved `search`'s
/// answer; `None` when a follow-up search hit a budget of `limits`.
pub fn difficulty(
    board: &Board,
    search: &Search<Dir>,
    options: &Options,
    limits: &Limits,
) -> Option<Difficulty> {
    Difficulty::by_first_moves(search, |dir, optimum| {
        // After an optimal first throw the rest takes exactly `optimum - 1`
        // throws, so that is the only cap worth searching under: "none
        // within it" means the throw was not optimal. This also keeps
        // uncapped boards from needing a proof of unsolvability.
        let rest = Options {
            max_throws: Some(optimum as u32 - 1),
            ..*options
        };
        Some(match throw(board, &board.initial(), dir) {
            Err(_) => None,
            Ok(Throw::Goal { .. }) => Some(0),
            Ok(Throw::Rest { at, broke, .. }) => {
                let after = after_first_throw(board, at, broke)?;
                Some(answer_of(&solve(&after, &rest, limits))?)
            }
        })
    })
}

/// The board as it stands after a first throw that rested at `at` and
/// broke the block at `broke`.
fn after_first_throw(board: &Board, at: Pos, broke: Pos) -> Option<Board> {
    let mut grid = board.grid().clone();
    grid.set(board.start(), Cell::Ice);
    grid.set(broke, Cell::Ice);
    grid.set(at, Cell::Start);
    Board::new(grid).ok()
}

/// What [`hardest`] searches.
#[derive(Debug, Clone)]
pub struct HardestOptions {
    pub width: u32,
    pub height: u32,
    pub max_throws: Option<u32>,
    /// Percent of blocks of the starting board.
    pub density: u32,
    /// How long to search.
    pub time: Duration,
    /// Budget of one exact search; a board that needs more is discarded.
    pub max_expanded: u64,
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's heap budget ([`Limits::heap`]).
    pub heap: Option<Arc<gridpuzzle_engine::memory::Heap>>,
}

/// How far past the best answer so far the search of an uncapped
/// [`hardest`] looks: every board is searched with a *working* cap of the
/// best answer so far plus this margin.
///
/// Without a cap, proving a board unsolvable means exhausting every set of
/// broken blocks, which no budget allows on 20×20; so most edits of a good
/// board (which make it unsolvable or far harder) would each burn the whole
/// budget and be discarded. Under a working cap `c` a plan found is still
/// the exact uncapped optimum (a shorter one would have been found first),
/// and "none within `c`" is not a proof of anything, so it is reported as a
/// budget stop and the board is discarded, as an unproved board must be.
/// The cost: an edit that jumps more than the margin past the best is
/// missed, which annealing in small steps rarely needs.
pub const WORKING_MARGIN: u32 = 4;

/// The landscape of an uncapped [`hardest`], under the working cap of
/// [`WORKING_MARGIN`].
struct Working {
    boards: Boards,
    best: Rc<std::cell::Cell<i64>>,
}

impl Landscape for Working {
    type Board = Board;
    type Move = Dir;

    fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<Board> {
        self.boards.random(rng, density)
    }

    fn mutate(&mut self, board: &Board, rng: &mut SplitMix64) -> Option<Board> {
        self.boards.mutate(board, rng)
    }

    fn solve(&mut self, board: &Board, limits: &Limits) -> Search<Dir> {
        let cap = self.best.get().max(0) as u32 + WORKING_MARGIN;
        let opts = Options {
            max_throws: Some(cap),
            ..self.boards.puzzle.options()
        };
        let mut found = solve(board, &opts, limits);
        if found.outcome == Outcome::Unsolvable {
            found.outcome = Outcome::Limit(LimitHit::States(found.stats.expanded));
        }
        found
    }
}

/// Simulated annealing for the board of `width × height` with the most
/// throws in its optimum (under a cap the search stops when it reaches the
/// cap; without one it searches under a moving working cap, see
/// [`WORKING_MARGIN`]). `on_improve(best, elapsed)` sees the start and every
/// strict improvement. `None` if no starting board could be solved in time.
pub fn hardest(
    opts: &HardestOptions,
    seed: u64,
    mut on_improve: impl FnMut(&Best<Board, Dir>, Duration),
) -> Option<Best<Board, Dir>> {
    let began = Instant::now();
    let deadline = began + opts.time;
    let mut boards = boards(opts.width, opts.height, opts.max_throws);
    let limits = Limits {
        max_expanded: Some(opts.max_expanded),
        cancel: opts.cancel.clone(),
        heap: opts.heap.clone(),
        deadline: Some(deadline),
        ..Limits::none()
    };
    // Start from a solvable random board (any answer): the annealing
    // works better from a board that has a real path to lengthen.
    let mut rng = SplitMix64::new(seed);
    let mut start = None;
    let mut start_answer = 0;
    for _ in 0..10_000 {
        if Instant::now() >= deadline {
            break;
        }
        let Some(b) = boards.random(&mut rng, opts.density) else {
            continue;
        };
        let capped = Options {
            max_throws: Some(opts.max_throws.unwrap_or(JUDGE_MAX_THROWS)),
            ..boards.puzzle.options()
        };
        if let Some(a) = answer_of(&solve(&b, &capped, &limits)).filter(|&a| a >= 1) {
            start = Some(b);
            start_answer = a;
            break;
        }
    }
    let start = start?;
    let anneal_opts = AnnealOptions {
        deadline,
        limits,
        ceiling: opts.max_throws.map(i64::from),
        temperature: 1.5,
    };
    let seed = rng.next_u64();
    if opts.max_throws.is_some() {
        return anneal(&mut boards, start, seed, &anneal_opts, on_improve);
    }
    let best = Rc::new(std::cell::Cell::new(start_answer));
    let mut working = Working {
        boards,
        best: Rc::clone(&best),
    };
    anneal(&mut working, start, seed, &anneal_opts, |b, t| {
        best.set(b.answer);
        on_improve(b, t)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Datasets;

    fn opts(w: u32, h: u32, want: Want) -> GenerateOptions {
        GenerateOptions {
            width: w,
            height: h,
            want,
            density: None,
            max_throws: Some(10),
            max_expanded: DEFAULT_MAX_EXPANDED,
            attempts: 100_000,
            cancel: None,
            heap: None,
        }
    }

    #[test]
    fn judge_text_parses_back_to_the_same_board() {
        let mut g = generate(&opts(7, 4, Want { min: 1, max: None }), 5);
        for _ in 0..20 {
            let made = g.next().unwrap().unwrap();
            let text = write_dataset(&made.board) + TERMINATOR;
            let back = Datasets::new(text.as_bytes()).next().unwrap().unwrap();
            assert_eq!(back, made.board);
        }
    }

    #[test]
    fn first_moves_of_a_forced_line() {
        // One row: only the throw to the right moves, and it wins.
        let text = "4 1\n2 0 0 3\n0 0\n";
        let board = Datasets::new(text.as_bytes()).next().unwrap().unwrap();
        let search = solve(&board, &Options::default(), &Limits::none());
        let d = difficulty(&board, &search, &Options::default(), &Limits::none()).unwrap();
        assert_eq!(
            d,
            Difficulty {
                optimum: 1,
                optimal_first_moves: 1,
                expanded: search.stats.expanded
            }
        );
    }

    #[test]
    fn climbing_reaches_high_answers() {
        let mut g = generate(&opts(12, 12, Want::exactly(8)), 11);
        for _ in 0..3 {
            let made = g.next().unwrap().unwrap();
            assert_eq!(made.difficulty.optimum, 8);
            assert_eq!(made.plan.len(), 8);
            assert!(made.difficulty.optimal_first_moves >= 1);
        }
    }
}
