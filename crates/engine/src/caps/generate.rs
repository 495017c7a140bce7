//! Boards with a proved answer: [`Generate`].
//!
//! The sampling itself (drawing boards, solving them, climbing towards a
//! wanted answer, annealing for the hardest) is the engine's
//! ([`crate::generate`]), over the puzzle's [`crate::generate::Landscape`];
//! a puzzle says how its boards are drawn and mutated, and which requests
//! it takes. The shrinker's smaller boards live here too: `stress` needs a
//! generator to find a failing case and the shrinker to make it small.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::settings::Setting;
use super::Via;
use crate::generate::{Best, Difficulty, Generated, Generator, Landscape, SampleStats, Stop, Want};
use crate::memory::Heap;
use crate::puzzle::Puzzle;
use crate::search::{Limits, Search};

/// A generator parameter beyond size, answer and density (Holedox's body
/// length), offered like a [`Setting`].
pub type Param = Setting;

/// The best case `--hardest` found for puzzle `P`.
pub type BestOf<P> = Best<<P as Puzzle>::Case, <P as Puzzle>::Move>;

/// A case generated for puzzle `P`, with its plan and difficulty.
pub type GeneratedOf<P> = Generated<<P as Puzzle>::Case, <P as Puzzle>::Move>;

/// What `--hardest` calls with each improvement and the time it took.
pub type OnImprove<'a, P> = &'a mut dyn FnMut(&BestOf<P>, Duration);

/// What the generators of a puzzle are asked with ([`Generate::GEN`]).
#[derive(Debug, Clone, Copy)]
pub struct GenInfo {
    /// What a density option counts ("blocks", "stones").
    pub density: &'static str,
    /// The generator's own parameters.
    pub params: &'static [Param],
    /// The answer range of a fresh `play` puzzle.
    pub fresh_answer: (u32, u32),
    /// The generator parameters a fresh `play` puzzle takes, with their
    /// defaults there (a `play` flag, unlike `generate`'s, may be left
    /// out). `help` says what the value is, as a noun phrase ("the length
    /// of a Holedox body"), so a message can say `--len is the length of a
    /// Holedox body` to a player of another puzzle.
    pub fresh_params: &'static [Param],
    /// The budget of one of the generator's exact searches when a request
    /// names none ([`GenSpec::max_expanded`] is `None`): a front end that
    /// caps budgets (the server) needs the number to cap it.
    pub max_expanded: u64,
}

/// What a generator is asked for: by `generate`, `play --seed`, the API's
/// `/api/generate` and `stress`. Sizes are columns × rows.
#[derive(Debug, Clone)]
pub struct GenSpec {
    pub width: u32,
    pub height: u32,
    pub want: Want,
    /// Percent of obstacles; `None`: learned per board.
    pub density: Option<u32>,
    /// The puzzle's own parameters ([`GenInfo::params`]) by key; a
    /// missing one takes its default.
    pub params: Vec<(String, String)>,
    /// Budget of one exact search; `None`: the puzzle's default. A board
    /// whose search needs more is dropped, never guessed.
    pub max_expanded: Option<u64>,
    /// Boards solved in a row without a wanted answer before giving up.
    pub attempts: u64,
    /// Raised to stop (Ctrl-C, a client that hung up).
    pub cancel: Option<Arc<AtomicBool>>,
    /// The run's heap budget, for every search of the generator
    /// ([`Limits::heap`]).
    pub heap: Option<Arc<Heap>>,
}

impl GenSpec {
    /// The value of parameter `key`, if given.
    pub fn param(&self, key: &str) -> Option<&str> {
        param(&self.params, key)
    }
}

fn param<'a>(params: &'a [(String, String)], key: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// What `--hardest` is asked for.
#[derive(Debug, Clone)]
pub struct HardSpec {
    pub width: u32,
    pub height: u32,
    /// Percent of obstacles of a random start.
    pub density: Option<u32>,
    pub params: Vec<(String, String)>,
    pub time: Duration,
    pub max_expanded: Option<u64>,
    pub cancel: Option<Arc<AtomicBool>>,
    pub heap: Option<Arc<Heap>>,
}

impl HardSpec {
    pub fn param(&self, key: &str) -> Option<&str> {
        param(&self.params, key)
    }
}

/// A running generator of puzzle `P`'s boards, whatever its landscape.
pub trait Generation<P: Puzzle>: Iterator<Item = Result<GeneratedOf<P>, Stop>> {
    /// What was solved, dropped and kept so far.
    fn stats(&self) -> SampleStats;
    /// Calls `report` after every board solved (for a progress display).
    fn on_progress(&mut self, report: Box<dyn FnMut(&SampleStats)>);
}

impl<P: Puzzle, L: Landscape<Board = P::Case, Move = P::Move>> Generation<P> for Generator<L> {
    fn stats(&self) -> SampleStats {
        Generator::stats(self)
    }
    fn on_progress(&mut self, report: Box<dyn FnMut(&SampleStats)>) {
        Generator::on_progress(self, report)
    }
}

/// A puzzle with a generator.
pub trait Generate: Puzzle {
    /// The generators' words and budgets.
    const GEN: GenInfo;

    /// The generator's view of the boards.
    type Landscape: Landscape<Board = Self::Case, Move = Self::Move>;

    /// Checks a request and returns its generator: the one place a
    /// request is validated, for every front end.
    fn generator(&self, spec: &GenSpec, seed: u64) -> Result<Generator<Self::Landscape>, String>;

    /// Simulated annealing for the case with the largest optimum;
    /// `on_improve` sees the start and every strict improvement.
    fn hardest(
        &self,
        spec: &HardSpec,
        seed: u64,
        on_improve: OnImprove<'_, Self>,
    ) -> Result<Option<BestOf<Self>>, String>;

    /// The cases one edit smaller, for shrinking a failing case, biggest
    /// cuts first, made one at a time as they are asked for: on a huge
    /// board there are thousands, each a board of its own, and `stress`
    /// tries them in order until one still fails (issue 28: making them all
    /// first took gigabytes).
    fn smaller(&self, case: &Self::Case) -> Box<dyn Iterator<Item = Self::Case>>;

    /// The difficulty record of a case whose search proved `search`'s
    /// answer; `None` when a follow-up search hit a budget. By default
    /// each first move is tried and the rest solved with
    /// [`Puzzle::solve_from`].
    fn difficulty(
        &self,
        case: &Self::Case,
        search: &Search<Self::Move>,
        limits: &Limits,
    ) -> Option<Difficulty> {
        difficulty_by_first_moves(self, case, search, limits)
    }

    /// The generator parameters of a `stress` case (Holedox's body
    /// length), chosen from the seed for a board of at most
    /// `width × height`; none by default. Apart so that `stress` can let a
    /// user fix some (`--len 8`) and still vary the others.
    fn stress_params(&self, seed: u64, width: u32, height: u32) -> Vec<(String, String)> {
        let _ = (seed, width, height);
        Vec::new()
    }
}

/// [`Generate::difficulty`]'s default: each first move tried, the rest
/// solved with [`Puzzle::solve_from`].
pub fn difficulty_by_first_moves<P: Puzzle>(
    puzzle: &P,
    case: &P::Case,
    search: &Search<P::Move>,
    limits: &Limits,
) -> Option<Difficulty> {
    let start = puzzle.start(case);
    Difficulty::by_first_moves(search, |mv, _| {
        let Ok((next, _)) = puzzle.apply(case, &start, 0, mv) else {
            return Some(None);
        };
        let rest = puzzle.solve_from(case, &next, 1, limits);
        crate::generate::answer_of(&rest).map(Some)
    })
}

/// [`Generate`] as the front ends call it (see [`super::Caps`]).
pub trait GenerateOf<P: Puzzle>: Sync {
    fn info(&self) -> GenInfo;
    fn generator(
        &self,
        puzzle: &P,
        spec: &GenSpec,
        seed: u64,
    ) -> Result<Box<dyn Generation<P>>, String>;
    fn hardest(
        &self,
        puzzle: &P,
        spec: &HardSpec,
        seed: u64,
        on_improve: OnImprove<'_, P>,
    ) -> Result<Option<BestOf<P>>, String>;
    fn smaller(&self, puzzle: &P, case: &P::Case) -> Box<dyn Iterator<Item = P::Case>>;
    fn difficulty(
        &self,
        puzzle: &P,
        case: &P::Case,
        search: &Search<P::Move>,
        limits: &Limits,
    ) -> Option<Difficulty>;
    fn stress_params(
        &self,
        puzzle: &P,
        seed: u64,
        width: u32,
        height: u32,
    ) -> Vec<(String, String)>;

    /// `best`, the board [`GenerateOf::hardest`] found, as a generated
    /// case like the generator's: its board, the plan its search found,
    /// and its difficulty record, proved with no budget (it was solved once
    /// within one); its answer and its search's states when the record
    /// cannot be made.
    fn best_generated(&self, puzzle: &P, best: &BestOf<P>) -> GeneratedOf<P> {
        let record = self.difficulty(puzzle, &best.board, &best.search, &Limits::none());
        Generated {
            board: best.board.clone(),
            plan: best.search.outcome.moves().unwrap_or(&[]).to_vec(),
            difficulty: record.unwrap_or(Difficulty {
                optimum: best.answer,
                optimal_first_moves: 0,
                expanded: best.search.stats.expanded,
            }),
        }
    }
}

impl<P: Generate> GenerateOf<P> for Via<P> {
    fn info(&self) -> GenInfo {
        P::GEN
    }
    fn generator(
        &self,
        puzzle: &P,
        spec: &GenSpec,
        seed: u64,
    ) -> Result<Box<dyn Generation<P>>, String> {
        Ok(Box::new(puzzle.generator(spec, seed)?))
    }
    fn hardest(
        &self,
        puzzle: &P,
        spec: &HardSpec,
        seed: u64,
        on_improve: OnImprove<'_, P>,
    ) -> Result<Option<BestOf<P>>, String> {
        puzzle.hardest(spec, seed, on_improve)
    }
    fn smaller(&self, puzzle: &P, case: &P::Case) -> Box<dyn Iterator<Item = P::Case>> {
        puzzle.smaller(case)
    }
    fn difficulty(
        &self,
        puzzle: &P,
        case: &P::Case,
        search: &Search<P::Move>,
        limits: &Limits,
    ) -> Option<Difficulty> {
        puzzle.difficulty(case, search, limits)
    }
    fn stress_params(
        &self,
        puzzle: &P,
        seed: u64,
        width: u32,
        height: u32,
    ) -> Vec<(String, String)> {
        puzzle.stress_params(seed, width, height)
    }
}

/// Boards a `stress` case is asked of the generator before it gives up on
/// a size, and the search budget of each.
pub const STRESS_ATTEMPTS: u64 = 200;
pub const STRESS_BUDGET: u64 = 200_000;

/// What a `stress` case is drawn with: the puzzle's generator, the run's
/// heap budget for its searches, and the size, at most `width × height`.
pub struct Draw<'a, P: Puzzle> {
    pub gen: &'a dyn GenerateOf<P>,
    pub heap: Option<&'a Arc<Heap>>,
    pub width: u32,
    pub height: u32,
}

impl<P: Puzzle> Clone for Draw<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Puzzle> Copy for Draw<'_, P> {}

/// A random case for `stress` with any answer (`None` if none could be
/// made), with the generator parameters the puzzle chooses for the seed
/// ([`Generate::stress_params`]).
pub fn stress_case<P: Puzzle>(draw: Draw<'_, P>, puzzle: &P, seed: u64) -> Option<P::Case> {
    let params = draw
        .gen
        .stress_params(puzzle, seed, draw.width, draw.height);
    stress_case_wanting(draw, puzzle, params, Want { min: -1, max: None }, seed)
}

/// A `stress` case with `params` and an answer in `want`
/// (`stress --answer`).
pub fn stress_case_wanting<P: Puzzle>(
    draw: Draw<'_, P>,
    puzzle: &P,
    params: Vec<(String, String)>,
    want: Want,
    seed: u64,
) -> Option<P::Case> {
    let spec = GenSpec {
        width: draw.width,
        height: draw.height,
        want,
        density: None,
        params,
        max_expanded: Some(STRESS_BUDGET),
        attempts: STRESS_ATTEMPTS,
        cancel: None,
        heap: draw.heap.cloned(),
    };
    let mut generator = draw.gen.generator(puzzle, &spec, seed).ok()?;
    generator.next()?.ok().map(|g| g.board)
}
