//! Puzzle-agnostic machinery for generators: sampling boards whose proved
//! answer lies in a wanted range, and a local search for the hardest board.
//!
//! A puzzle describes its boards as a [`Landscape`]: how to draw a random
//! board at a given density, how to change one a little, and how to solve
//! one exactly under a budget. Everything else is the same for every puzzle
//! and lives here, so the puzzles' generators cannot drift apart:
//!
//! - [`sample`] is the one set-up of a generator ([`Generator`]: the boards
//!   kept, each with its [`Difficulty`] record); [`StartGoal`] draws and
//!   edits the cells of any board of floor and walls with one start and
//!   one goal, for the puzzles on such boards ([`crate::board`]).
//! - [`Sampler`] draws random boards, solves each one, and keeps those
//!   whose *proved* answer is wanted. A board whose search stops at a budget
//!   is dropped, never guessed: a generator that states an optimum must have
//!   proved it. Two things make it efficient. The density of blocks is
//!   chosen per board by a small integer bandit ([`Tuner`]) that learns
//!   which densities produced wanted boards; and a board whose answer is
//!   solvable but too small is *climbed*: it is changed one edit at a time,
//!   keeping edits whose answer does not drop and does not pass the wanted
//!   maximum, until it lands in the range or a step budget runs out. High
//!   answers are rare among random boards and cheap to reach this way.
//! - [`anneal`] is simulated annealing over the same edits, for the board
//!   with the largest optimum: it reports every strict improvement through
//!   a callback, so the best answer it shows never decreases.
//! - [`Watchdog`] is a generator's patience: it stops a run when no wanted
//!   board came for a while.
//!
//! Reproducibility: every random choice comes from one [`SplitMix64`]
//! stream and the bandit uses integer weights, so the same options and
//! seed give the same boards on every machine. (Annealing runs against a
//! deadline, so how far it gets depends on the machine's speed; the
//! sampler depends on nothing but its inputs.)

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::clock::Instant;
use crate::moves::Move;
use crate::rng::SplitMix64;
use crate::search::{Limits, Outcome, Search};

/// The answers a generator should keep: `min..=max`, where `-1` stands for
/// a proved unsolvable board. `max: None` means no upper end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Want {
    pub min: i64,
    pub max: Option<i64>,
}

impl Want {
    /// Exactly one answer.
    pub fn exactly(answer: i64) -> Want {
        Want {
            min: answer,
            max: Some(answer),
        }
    }

    pub fn contains(&self, answer: i64) -> bool {
        answer >= self.min && self.max.is_none_or(|max| answer <= max)
    }

    /// Reads `A..B` (inclusive, also `A..=B`), `A..` (at least A), `N`
    /// or `-1` (proved unsolvable), as the command line and the API write it.
    pub fn parse(s: &str) -> Result<Want, String> {
        let num = |t: &str| -> Result<i64, String> {
            let n: i64 = t
                .trim()
                .parse()
                .map_err(|_| format!("expected `A..B`, `A..`, a number or `-1`, found `{s}`"))?;
            if n < -1 {
                return Err(format!(
                    "an answer is -1 (unsolvable) or at least 0, found {n}"
                ));
            }
            Ok(n)
        };
        let want = match s.split_once("..") {
            None => Want::exactly(num(s)?),
            Some((a, b)) => {
                let b = b.strip_prefix('=').unwrap_or(b);
                let min = num(a)?;
                let max = if b.trim().is_empty() {
                    None
                } else {
                    Some(num(b)?)
                };
                Want { min, max }
            }
        };
        if let Some(max) = want.max.filter(|&max| max < want.min) {
            return Err(format!(
                "the range {s} is empty: {max} is less than {}",
                want.min
            ));
        }
        Ok(want)
    }
}

/// As [`Want::parse`] reads it: `5..8`, `12..`, `4`, `-1`.
impl fmt::Display for Want {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "{max}"),
            Some(max) => write!(f, "{}..{max}", self.min),
            None => write!(f, "{}..", self.min),
        }
    }
}

/// The judge's answer of a finished search: moves, `-1`, or `None` when a
/// budget stopped it.
pub fn answer_of<M>(search: &Search<M>) -> Option<i64> {
    match &search.outcome {
        Outcome::Solved(moves) => Some(moves.len() as i64),
        Outcome::Unsolvable => Some(-1),
        Outcome::Limit(_) => None,
    }
}

/// How hard a generated puzzle is, as the JSON output reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difficulty {
    /// The proved optimum (`-1`: proved unsolvable).
    pub optimum: i64,
    /// First moves after which the rest can still be done optimally
    /// (`optimum - 1` more moves); `0` for an unsolvable or solved-at-start
    /// puzzle. One means the opening is forced.
    pub optimal_first_moves: u32,
    /// States the exact search expanded to prove the optimum.
    pub expanded: u64,
}

impl Difficulty {
    /// The record of a case whose search proved `search`'s answer, its
    /// first moves counted by `rest_after(mv, optimum)`: `Some(None)` when
    /// the rules refuse `mv` as a first move, `Some(Some(a))` when the rest
    /// of the game after it is proved to take `a` moves, and `None` when a
    /// follow-up search hit a budget (the record is then `None`: a board is
    /// never stated without proof). The optimum is handed over so that the
    /// rest can be searched under a cap of `optimum - 1`, the only cap worth
    /// searching under after an optimal first move. Every puzzle's record
    /// is made here, so they count alike.
    pub fn by_first_moves<M: Move>(
        search: &Search<M>,
        mut rest_after: impl FnMut(M, i64) -> Option<Option<i64>>,
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
        for &mv in M::ALL {
            if rest_after(mv, optimum)? == Some(optimum - 1) {
                record.optimal_first_moves += 1;
            }
        }
        Some(record)
    }
}

/// The cells of a board made of floor and walls with one start and one
/// goal, as a puzzle spells them (Curling's ice, blocks, start and goal;
/// the template's floor, walls, `S` and `G`): the random boards and the
/// edits of such a board are the same for every puzzle of that shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartGoal<C> {
    pub floor: C,
    pub wall: C,
    pub start: C,
    pub goal: C,
}

impl<C: Copy + Eq> StartGoal<C> {
    /// `n` cells, each a wall with `density` percent chance, then a start
    /// and a goal on two different cells; `None` for fewer than two cells.
    pub fn random(&self, rng: &mut SplitMix64, n: u64, density: u32) -> Option<Vec<C>> {
        if n < 2 {
            return None;
        }
        let mut cells: Vec<C> = (0..n)
            .map(|_| {
                if rng.chance(density) {
                    self.wall
                } else {
                    self.floor
                }
            })
            .collect();
        let start = rng.below(n) as usize;
        let mut goal = rng.below(n - 1) as usize;
        if goal >= start {
            goal += 1;
        }
        cells[start] = self.start;
        cells[goal] = self.goal;
        Some(cells)
    }

    /// One random edit of `cells`: the start or the goal moves onto a
    /// random cell (a wall there is replaced, its old cell becomes
    /// floor), or a wall appears or goes; `None` when the edit drawn does
    /// not apply (it would land on the start or the goal).
    pub fn mutate(&self, cells: &mut [C], rng: &mut SplitMix64) -> Option<()> {
        let i = rng.below(cells.len() as u64) as usize;
        let special = |c: C| c == self.start || c == self.goal;
        match rng.below(10) {
            k @ (0 | 1) => {
                let piece = if k == 0 { self.start } else { self.goal };
                if special(cells[i]) {
                    return None;
                }
                let old = cells.iter().position(|&c| c == piece)?;
                cells[old] = self.floor;
                cells[i] = piece;
            }
            _ if special(cells[i]) => return None,
            _ => {
                cells[i] = if cells[i] == self.wall {
                    self.floor
                } else {
                    self.wall
                }
            }
        }
        Some(())
    }
}

/// A puzzle's boards, as the generic generators see them.
pub trait Landscape {
    type Board: Clone;
    /// The puzzle's moves.
    type Move: Move;

    /// A random board with about `density` percent of obstacles, or `None`
    /// when this draw failed (a body that got stuck, say); the caller
    /// simply draws again.
    fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<Self::Board>;

    /// A small random change of `board` (toggle an obstacle, move a piece),
    /// or `None` when the drawn change was not possible.
    fn mutate(&mut self, board: &Self::Board, rng: &mut SplitMix64) -> Option<Self::Board>;

    /// Solves exactly under `limits` (budgets and cancel flag).
    fn solve(&mut self, board: &Self::Board, limits: &Limits) -> Search<Self::Move>;
}

/// Chooses densities in `lo..=hi` percent by how often each bucket of 5
/// gave a wanted board: bucket `i` is drawn with weight
/// `(hits + 1) / (tries + 2)`, computed in integers so the draw is the same
/// everywhere. Every bucket keeps a chance, so a lucky early streak cannot
/// lock the tuner in.
#[derive(Debug, Clone)]
pub struct Tuner {
    lo: u32,
    hits: Vec<u64>,
    tries: Vec<u64>,
    fixed: bool,
}

const BUCKET: u32 = 5;

impl Tuner {
    /// Learns densities between `lo` and `hi` percent.
    pub fn adaptive(lo: u32, hi: u32) -> Tuner {
        let hi = hi.max(lo);
        let n = ((hi - lo) / BUCKET + 1) as usize;
        Tuner {
            lo,
            hits: vec![0; n],
            tries: vec![0; n],
            fixed: false,
        }
    }

    /// Always `density`.
    pub fn fixed(density: u32) -> Tuner {
        Tuner {
            lo: density,
            hits: vec![0],
            tries: vec![0],
            fixed: true,
        }
    }

    /// A bucket to try, and its density.
    pub fn pick(&self, rng: &mut SplitMix64) -> (usize, u32) {
        if self.fixed {
            return (0, self.lo);
        }
        let weights: Vec<u64> = self
            .hits
            .iter()
            .zip(&self.tries)
            .map(|(&h, &t)| (h + 1) * 1_000_000 / (t + 2))
            .collect();
        let total: u64 = weights.iter().sum();
        let mut x = rng.below(total);
        let mut bucket = weights.len() - 1;
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                bucket = i;
                break;
            }
            x -= w;
        }
        // A density inside the bucket, so every percentage can occur.
        let density = self.lo + bucket as u32 * BUCKET + rng.below(BUCKET as u64) as u32;
        (bucket, density)
    }

    pub fn record(&mut self, bucket: usize, hit: bool) {
        self.tries[bucket] += 1;
        self.hits[bucket] += hit as u64;
    }
}

/// What a sampler has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SampleStats {
    /// Boards solved (random draws and climbing steps).
    pub solved: u64,
    /// Boards dropped because a budget stopped their search.
    pub dropped: u64,
    /// Boards kept.
    pub kept: u64,
    /// Random draws that made no board (a body longer than any free path):
    /// they count towards `--attempts` like a board solved.
    pub drawn_none: u64,
}

/// Why a sampler stopped without a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// `attempts` boards in a row were solved without a wanted one.
    GaveUp { attempts: u64 },
    /// The cancel flag was raised.
    Cancelled,
}

/// A generated puzzle: the board, an optimal plan (empty for `-1` and for
/// a board solved before any move) and its difficulty record.
#[derive(Debug, Clone)]
pub struct Generated<B, M> {
    pub board: B,
    pub plan: Vec<M>,
    pub difficulty: Difficulty,
}

/// How a puzzle computes the difficulty record of a board whose search
/// proved its answer (`None` when a follow-up search hits a budget: the
/// board is then dropped, never stated without proof).
pub type DifficultyOf<L> = fn(
    &L,
    &<L as Landscape>::Board,
    &Search<<L as Landscape>::Move>,
    &Limits,
) -> Option<Difficulty>;

/// The generated puzzles of a [`Sampler`], in order, each with its
/// difficulty record. It ends with an `Err` when the sampler stops (cancel
/// flag, or too many unwanted boards in a row).
pub struct Generator<L: Landscape> {
    sampler: Sampler<L>,
    limits: Limits,
    difficulty: DifficultyOf<L>,
    done: bool,
}

impl<L: Landscape> Generator<L> {
    /// `limits` bound the difficulty's follow-up searches.
    pub fn new(sampler: Sampler<L>, limits: Limits, difficulty: DifficultyOf<L>) -> Generator<L> {
        Generator {
            sampler,
            limits,
            difficulty,
            done: false,
        }
    }

    /// What was solved, dropped and kept so far.
    pub fn stats(&self) -> SampleStats {
        self.sampler.stats()
    }

    /// Calls `report` after every board solved (for a progress display).
    pub fn on_progress(&mut self, report: impl FnMut(&SampleStats) + 'static) {
        self.sampler.on_progress(report);
    }
}

impl<L: Landscape> Iterator for Generator<L> {
    type Item = Result<Generated<L::Board, L::Move>, Stop>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            let found = match self.sampler.next_found() {
                Ok(found) => found,
                Err(stop) => {
                    self.done = true;
                    return Some(Err(stop));
                }
            };
            let landscape: &L = self.sampler.landscape();
            let Some(difficulty) =
                (self.difficulty)(landscape, &found.board, &found.search, &self.limits)
            else {
                continue;
            };
            let plan = found.search.outcome.moves().unwrap_or(&[]).to_vec();
            return Some(Ok(Generated {
                board: found.board,
                plan,
                difficulty,
            }));
        }
    }
}

/// A kept board and the search that proved its answer.
#[derive(Debug, Clone)]
pub struct Found<B, M> {
    pub board: B,
    pub search: Search<M>,
    pub answer: i64,
}

/// Knobs of a [`Sampler`].
#[derive(Debug, Clone)]
pub struct SampleOptions {
    pub want: Want,
    /// Per solve: budgets (and cancel flag). A board whose search hits one
    /// is dropped.
    pub limits: Limits,
    /// Boards solved in a row without a wanted one before giving up.
    pub attempts: u64,
    /// Edits tried on one too-easy board before drawing a new one
    /// (0: no climbing).
    pub climb_steps: u32,
}

/// The generator of boards of `landscape` that `options` asks for, at a
/// fixed `density` or one learned between `densities` (percent of
/// obstacles), with `difficulty` the record of each board kept: the one
/// set-up of every puzzle's generator. It climbs from too-easy boards only
/// when the wanted answers start at 2 (there is a range above the easy
/// boards then).
pub fn sample<L: Landscape>(
    landscape: L,
    options: SampleOptions,
    density: Option<u32>,
    densities: (u32, u32),
    seed: u64,
    difficulty: DifficultyOf<L>,
) -> Generator<L> {
    let tuner = match density {
        Some(d) => Tuner::fixed(d),
        None => Tuner::adaptive(densities.0, densities.1),
    };
    let climb_steps = if options.want.min >= 2 {
        options.climb_steps
    } else {
        0
    };
    let limits = options.limits.clone();
    let options = SampleOptions {
        climb_steps,
        ..options
    };
    Generator::new(
        Sampler::new(landscape, options, tuner, seed),
        limits,
        difficulty,
    )
}

/// A progress callback: called with the stats after every board solved.
pub type Report = Box<dyn FnMut(&SampleStats)>;

/// Draws, solves and keeps boards with a wanted answer; see the module docs.
pub struct Sampler<L: Landscape> {
    landscape: L,
    options: SampleOptions,
    rng: SplitMix64,
    tuner: Tuner,
    stats: SampleStats,
    progress: Option<Report>,
}

impl<L: Landscape> Sampler<L> {
    pub fn new(landscape: L, options: SampleOptions, tuner: Tuner, seed: u64) -> Sampler<L> {
        Sampler {
            landscape,
            options,
            rng: SplitMix64::new(seed),
            tuner,
            stats: SampleStats::default(),
            progress: None,
        }
    }

    /// Calls `report` after every board solved (for a progress display).
    pub fn on_progress(&mut self, report: impl FnMut(&SampleStats) + 'static) {
        self.progress = Some(Box::new(report));
    }

    pub fn stats(&self) -> SampleStats {
        self.stats
    }

    pub fn landscape(&mut self) -> &mut L {
        &mut self.landscape
    }

    fn cancelled(&self) -> bool {
        self.options
            .limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Solves one board; `None` when a budget stopped the search.
    fn judge(&mut self, board: &L::Board) -> Option<(Search<L::Move>, i64)> {
        self.stats.solved += 1;
        let search = self.landscape.solve(board, &self.options.limits);
        if let Some(report) = self.progress.as_mut() {
            report(&self.stats);
        }
        match answer_of(&search) {
            Some(a) => Some((search, a)),
            None => {
                self.stats.dropped += 1;
                None
            }
        }
    }

    /// The next wanted board.
    pub fn next_found(&mut self) -> Result<Found<L::Board, L::Move>, Stop> {
        let want = self.options.want;
        let start = self.stats.solved;
        // Draws that gave no board count as attempts too, so a request no
        // draw can meet (a body longer than any free path) still ends.
        let mut failed_draws = 0;
        loop {
            if self.cancelled() {
                return Err(Stop::Cancelled);
            }
            let attempts = self.stats.solved - start + failed_draws;
            if attempts >= self.options.attempts {
                return Err(Stop::GaveUp { attempts });
            }
            let (bucket, density) = self.tuner.pick(&mut self.rng);
            let Some(board) = self.landscape.random(&mut self.rng, density) else {
                failed_draws += 1;
                self.stats.drawn_none += 1;
                self.tuner.record(bucket, false);
                continue;
            };
            let Some((search, answer)) = self.judge(&board) else {
                self.tuner.record(bucket, false);
                continue;
            };
            if want.contains(answer) {
                self.tuner.record(bucket, true);
                return Ok(self.keep(board, search, answer));
            }
            let climbable = answer >= 0 && answer < want.min && self.options.climb_steps > 0;
            // A climbed board counts as a hit for its density: that density
            // gave a good starting point.
            let climbed = if climbable {
                self.climb(board, answer, start, failed_draws)
            } else {
                None
            };
            self.tuner.record(bucket, climbed.is_some());
            if let Some(found) = climbed {
                return Ok(found);
            }
        }
    }

    /// Edits a too-easy board towards the wanted range; see the module docs.
    fn climb(
        &mut self,
        mut board: L::Board,
        mut answer: i64,
        start: u64,
        failed_draws: u64,
    ) -> Option<Found<L::Board, L::Move>> {
        let want = self.options.want;
        for _ in 0..self.options.climb_steps {
            // The same count of tries in a row as `next_found`'s, so a
            // climb never takes more than --attempts allow.
            let tries = self.stats.solved - start + failed_draws;
            if self.cancelled() || tries >= self.options.attempts {
                return None;
            }
            let Some(next) = self.landscape.mutate(&board, &mut self.rng) else {
                continue;
            };
            let Some((search, a)) = self.judge(&next) else {
                continue;
            };
            if want.contains(a) {
                return Some(self.keep(next, search, a));
            }
            if a >= answer && want.max.is_none_or(|max| a <= max) {
                board = next;
                answer = a;
            }
        }
        None
    }

    fn keep(
        &mut self,
        board: L::Board,
        search: Search<L::Move>,
        answer: i64,
    ) -> Found<L::Board, L::Move> {
        self.stats.kept += 1;
        Found {
            board,
            search,
            answer,
        }
    }
}

/// Knobs of [`anneal`].
#[derive(Debug, Clone)]
pub struct AnnealOptions {
    /// Stop at this instant.
    pub deadline: Instant,
    /// Per solve: budgets. A board whose search hits one is discarded.
    pub limits: Limits,
    /// Stop as soon as this answer is reached (a move cap: nothing can
    /// beat it).
    pub ceiling: Option<i64>,
    /// Starting temperature, in moves: a change that loses `d` moves is
    /// accepted with probability `exp(-d / T)`; `T` falls linearly to 0 at
    /// the deadline, so the search ends as a pure hill climb.
    pub temperature: f64,
}

/// The best board an [`anneal`] found.
#[derive(Debug, Clone)]
pub struct Best<B, M> {
    pub board: B,
    pub search: Search<M>,
    pub answer: i64,
    /// Boards solved in all.
    pub evaluated: u64,
}

/// Simulated annealing for the board with the largest proved optimum,
/// from `start`. `on_improve(best, elapsed)` is called for the start and
/// for every strict improvement, so the answers it sees only grow. Returns
/// the best board, or `None` when not even `start` could be solved within
/// the budget.
pub fn anneal<L: Landscape>(
    landscape: &mut L,
    start: L::Board,
    seed: u64,
    options: &AnnealOptions,
    mut on_improve: impl FnMut(&Best<L::Board, L::Move>, Duration),
) -> Option<Best<L::Board, L::Move>> {
    let began = Instant::now();
    let total = options
        .deadline
        .saturating_duration_since(began)
        .as_secs_f64();
    let mut rng = SplitMix64::new(seed);
    let cancel = options.limits.cancel.clone();
    let stopped =
        |c: &Option<Arc<AtomicBool>>| c.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    let mut limits = options.limits.clone();
    limits.deadline = Some(match limits.deadline {
        Some(d) => d.min(options.deadline),
        None => options.deadline,
    });
    let search = landscape.solve(&start, &limits);
    let answer = answer_of(&search)?;
    let mut best = Best {
        board: start.clone(),
        search,
        answer,
        evaluated: 1,
    };
    on_improve(&best, began.elapsed());
    let (mut current, mut score) = (start, answer);
    loop {
        let now = Instant::now();
        if now >= options.deadline || stopped(&cancel) {
            break;
        }
        if options.ceiling.is_some_and(|c| best.answer >= c) {
            break;
        }
        let Some(next) = landscape.mutate(&current, &mut rng) else {
            continue;
        };
        best.evaluated += 1;
        let search = landscape.solve(&next, &limits);
        let Some(a) = answer_of(&search) else {
            continue;
        };
        let left = 1.0 - now.duration_since(began).as_secs_f64() / total.max(1e-9);
        let t = options.temperature * left.max(0.0);
        let accept = a >= score || {
            let p = if t > 0.0 {
                (-((score - a) as f64) / t).exp()
            } else {
                0.0
            };
            (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
        };
        if accept {
            if a > best.answer {
                best.board = next.clone();
                best.search = search;
                best.answer = a;
                on_improve(&best, began.elapsed());
            }
            current = next;
            score = a;
        }
    }
    Some(best)
}

/// A generator's patience (`generate --patience`): raises a run's cancel
/// flag (which also stops the search in progress) when no wanted board
/// came for the given time. Without it a request that is hard to meet on a
/// big board (a 2000×2000 lair, each draw a full search) ran for many
/// minutes before a count of attempts ended it. A thread waits on a
/// condition variable, woken by [`Watchdog::fed`] and [`Watchdog::stop`],
/// so it costs nothing while boards come.
pub struct Watchdog {
    patience: Option<f64>,
    shared: Arc<(Mutex<WatchState>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

#[derive(Default)]
struct WatchState {
    fed_at: Option<Instant>,
    done: bool,
    fired: bool,
}

impl Watchdog {
    /// Watches with `patience` seconds (`None`: never fires).
    pub fn start(patience: Option<f64>, cancel: Arc<AtomicBool>) -> Watchdog {
        let shared = Arc::new((
            Mutex::new(WatchState {
                fed_at: Some(Instant::now()),
                ..WatchState::default()
            }),
            Condvar::new(),
        ));
        let thread = patience.map(|secs| {
            let wait = Duration::from_secs_f64(secs);
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                let (lock, wake) = &*shared;
                let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    if state.done {
                        return;
                    }
                    let fed_at = state.fed_at.unwrap_or_else(Instant::now);
                    let left = wait.saturating_sub(fed_at.elapsed());
                    if left.is_zero() {
                        state.fired = true;
                        cancel.store(true, Ordering::SeqCst);
                        return;
                    }
                    state = wake
                        .wait_timeout(state, left)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            })
        });
        Watchdog {
            patience,
            shared,
            thread,
        }
    }

    /// A wanted board came: the patience starts again.
    pub fn fed(&self) {
        let mut state = self.shared.0.lock().unwrap_or_else(|e| e.into_inner());
        state.fed_at = Some(Instant::now());
    }

    /// Ends the watch; `Some(secs)` when the patience ran out.
    pub fn stop(mut self) -> Option<f64> {
        {
            let mut state = self.shared.0.lock().unwrap_or_else(|e| e.into_inner());
            state.done = true;
            self.shared.1.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        let fired = self
            .shared
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .fired;
        fired.then_some(self.patience).flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Stats;

    /// Boards are numbers; the answer is the number itself (negative:
    /// unsolvable), and numbers over 1000 hit the budget.
    struct Numbers;

    impl Landscape for Numbers {
        type Board = i64;
        type Move = crate::Dir;

        fn random(&mut self, rng: &mut SplitMix64, density: u32) -> Option<i64> {
            Some(rng.below(density as u64 + 1) as i64 - 3)
        }

        fn mutate(&mut self, b: &i64, rng: &mut SplitMix64) -> Option<i64> {
            Some(b + rng.range(0, 4) as i64 - 2)
        }

        fn solve(&mut self, b: &i64, _: &Limits) -> Search<crate::Dir> {
            let outcome = match *b {
                b if b > 1000 => Outcome::Limit(crate::search::LimitHit::States(1)),
                b if b < 0 => Outcome::Unsolvable,
                b => Outcome::Solved(vec![crate::Dir::Up; b as usize]),
            };
            Search {
                outcome,
                stats: Stats::default(),
            }
        }
    }

    #[test]
    fn wanted_answers_read_and_print_alike() {
        let read = |s: &str| Want::parse(s);
        assert_eq!(
            read("5..8"),
            Ok(Want {
                min: 5,
                max: Some(8)
            })
        );
        assert_eq!(
            read("5..=8"),
            Ok(Want {
                min: 5,
                max: Some(8)
            })
        );
        assert_eq!(read("12.."), Ok(Want { min: 12, max: None }));
        assert_eq!(read("-1"), Ok(Want::exactly(-1)));
        assert_eq!(read("7"), Ok(Want::exactly(7)));
        for bad in ["5..2", "-2", "..3", "x"] {
            assert!(read(bad).is_err(), "{bad}");
        }
        for text in ["5..8", "12..", "7", "-1", "-1..4"] {
            assert_eq!(read(text).unwrap().to_string(), text);
        }
        assert_eq!(read("5..=5").unwrap().to_string(), "5");
    }

    /// Waits (at most a minute) until `flag` is raised.
    fn raised(flag: &AtomicBool) -> bool {
        let began = Instant::now();
        while !flag.load(Ordering::SeqCst) && began.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
        flag.load(Ordering::SeqCst)
    }

    /// Unfed, the watchdog raises the flag and says its patience ran out;
    /// stopped in time, or without patience, it never does.
    #[test]
    fn the_watchdog_fires_only_when_starved() {
        let cancel = Arc::new(AtomicBool::new(false));
        let starved = Watchdog::start(Some(0.01), Arc::clone(&cancel));
        assert!(raised(&cancel));
        assert_eq!(starved.stop(), Some(0.01));
        for patience in [None, Some(3600.0)] {
            let cancel = Arc::new(AtomicBool::new(false));
            let fed = Watchdog::start(patience, Arc::clone(&cancel));
            fed.fed();
            assert_eq!(fed.stop(), None);
            assert!(!cancel.load(Ordering::SeqCst));
        }
    }

    fn options(want: Want, climb_steps: u32) -> SampleOptions {
        SampleOptions {
            want,
            limits: Limits::none(),
            attempts: 10_000,
            climb_steps,
        }
    }

    #[test]
    fn keeps_only_wanted_answers_and_is_reproducible() {
        let want = Want {
            min: 5,
            max: Some(8),
        };
        let run = |seed| {
            let mut s = Sampler::new(Numbers, options(want, 0), Tuner::adaptive(0, 30), seed);
            (0..50)
                .map(|_| s.next_found().unwrap().answer)
                .collect::<Vec<_>>()
        };
        let a = run(1);
        assert!(a.iter().all(|&x| want.contains(x)), "{a:?}");
        assert_eq!(a, run(1));
        assert_ne!(a, run(2));
    }

    #[test]
    fn climbing_reaches_answers_random_draws_never_give() {
        let want = Want {
            min: 40,
            max: Some(45),
        };
        let mut s = Sampler::new(Numbers, options(want, 0), Tuner::fixed(20), 3);
        assert_eq!(
            s.next_found().unwrap_err(),
            Stop::GaveUp { attempts: 10_000 }
        );
        let mut s = Sampler::new(Numbers, options(want, 200), Tuner::fixed(20), 3);
        let found = s.next_found().unwrap();
        assert!(want.contains(found.answer));
    }

    #[test]
    fn unsolvable_sets_and_cancel() {
        let mut s = Sampler::new(Numbers, options(Want::exactly(-1), 50), Tuner::fixed(5), 9);
        for _ in 0..20 {
            assert_eq!(s.next_found().unwrap().answer, -1);
        }
        let flag = Arc::new(AtomicBool::new(true));
        let mut o = options(Want::exactly(-1), 0);
        o.limits.cancel = Some(flag);
        let mut s = Sampler::new(Numbers, o, Tuner::fixed(5), 9);
        assert_eq!(s.next_found().unwrap_err(), Stop::Cancelled);
    }

    #[test]
    fn annealing_improves_monotonically_and_stops_at_the_ceiling() {
        let opts = AnnealOptions {
            deadline: Instant::now() + Duration::from_secs(30),
            limits: Limits::none(),
            ceiling: Some(300),
            temperature: 1.0,
        };
        let mut seen = Vec::new();
        let best = anneal(&mut Numbers, 0, 5, &opts, |b, _| seen.push(b.answer)).unwrap();
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        assert_eq!(best.answer, *seen.last().unwrap());
        assert!(best.answer >= 300);
    }
}
