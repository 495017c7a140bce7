//! Watching a search from the page: `trace` (the server's `POST
//! /api/trace`: one window of a search's events, with its exact totals),
//! `trace/chart` (the growth by depth of the searches chosen, as an SVG)
//! and `algorithms` (`GET /api/algorithms`: what each puzzle offers to
//! watch).
//!
//! Why it is shaped so:
//!
//! - **The engine's contract, as the CLI uses it.** The search, its
//!   [`Tally`], its verdict against the exact solver and the chart are
//!   [`gridpuzzle_engine::trace`]'s: this module runs the puzzle's watch
//!   capability
//!   ([`WatchOf::run`](gridpuzzle_engine::caps::WatchOf::run)) with the
//!   puzzle a request names (through the registry, as every endpoint
//!   does; a puzzle without one is refused) and writes what it returns, so the counters the page shows are
//!   the ones `gridpuzzle trace --compare --format json` prints for the
//!   same board (the tests compare them), and the chart is the one
//!   `--compare --plot` draws. The algorithms and lessons come from the
//!   puzzles ([`Watch::ALGORITHMS`], [`Watch::LESSONS`]); nothing here
//!   names one.
//! - **Chunks, not a stream.** A trace may have millions of events; the
//!   page asks for a window of at most [`MAX_TRACE_STEPS`] steps at a
//!   time (`from`, `count`), as its playback or scrubber reaches them.
//!   Each answer holds one window (the steps numbered `from` on, also cut
//!   at [`MAX_TRACE_CELLS`] cells) and the whole run's totals (the search
//!   runs to its end, counted, past the window); `more` says whether
//!   events follow the window. A transport that keeps recorded traces
//!   (the server: `traces.rs`) runs a search once for many windows and
//!   answers each from what that run recorded, every window with the same
//!   totals; without one (a direct call, the WebAssembly module) each
//!   window reruns the search from the start, which gives the same bytes,
//!   the search being deterministic (but for where a time budget stops
//!   one, and its answer says `limit` then).
//! - **Refused before any work.** A search that cannot run on the case at
//!   all (the contest's breadth-first search on a lair too large for its
//!   table: [`Watch::refuses`]) is answered `limit` with the reason before
//!   the exact solve it would be judged against, which used to run first
//!   and could cost hundreds of MB for nothing.
//! - **The usual bounds.** A trace is a search: its job waits for a search slot,
//!   runs under the request's [`Limits`](gridpuzzle_engine::search::Limits)
//!   (the state budget and deadline a client may lower but not raise, the
//!   request's cancel flag), and a search stopped by them is reported as
//!   `limit` with the reason, its counts so far, never as an answer. The
//!   exact answer it is judged against is found under the same bounds
//!   (`correct` is `null` when either is unknown). Bad boards, unknown
//!   algorithms and sizes past the caps are 400s with the words the other
//!   endpoints use.
//! - **The catalog apart.** The algorithms are listed by their own `GET`
//!   rather than in `/api/puzzles`, whose answer scripts and the golden
//!   files hold byte for byte; like it, the list depends on the build
//!   only, is written once and takes no slot.
//!
//! [`Watch::ALGORITHMS`]: gridpuzzle_engine::caps::Watch::ALGORITHMS
//! [`Watch::refuses`]: gridpuzzle_engine::caps::Watch::refuses
//! [`Watch::LESSONS`]: gridpuzzle_engine::caps::Watch::LESSONS

use std::sync::{Arc, OnceLock};

use gridpuzzle_engine::caps::compare;
use gridpuzzle_engine::puzzle::exact_answer;
use gridpuzzle_engine::trace::{self, Algorithm, Count, Prune, Sink, Step, Tally};
use gridpuzzle_registry::{Registered, Visit};
use serde::Serialize;

use crate::job::{Job, Slot, Work};
use crate::options::{settings_answer, LimitsAnswer};
use crate::puzzles::{offered_records, written_once};
use crate::reading::nth_case;
use crate::request::{field, given, string_field};
use crate::setup::{self, on_input, Own, Setup};
use crate::traces::{Claim, Found, Recorded, Segment, Traces, SEGMENT_STEPS};
use crate::{Answer, ApiError, Ctx};

/// Most steps one `/api/trace` answer holds (its `count`, and the default):
/// a few hundred kilobytes of JSON.
pub const MAX_TRACE_STEPS: usize = 5_000;

/// Most cells the steps of one answer may list in all (`at` and `cells`):
/// a step's `cells` grow with the state (the blocks broken so far, a
/// body), so a window of [`MAX_TRACE_STEPS`] long states is cut short
/// here, at a few megabytes of JSON, and `more` says the rest follows.
pub const MAX_TRACE_CELLS: usize = 100_000;

/// Most algorithms one chart draws (the page watches at most three side
/// by side; a script may ask for every one a puzzle offers).
pub const MAX_CHART_ALGORITHMS: usize = 8;

/// How many algorithms the page watches side by side, at most.
const MAX_WATCHED: usize = 4;

on_input! {
    /// A `trace` request: `puzzle`, `input`, `options`, `case`, the
    /// `algorithm` to watch and the window of steps (`from`, `count`).
    pub struct TraceRequest with case => Trace {
        #[serde(default, deserialize_with = "given")]
        algorithm: Option<AlgorithmName>,
        from: Option<FirstStep>,
        count: Option<StepCount>,
    }
}

on_input! {
    /// A `trace/chart` request: `puzzle`, `input`, `options`, `case` and
    /// the `algorithms` to chart.
    pub struct ChartRequest with case => Chart {
        #[serde(default, deserialize_with = "given")]
        algorithms: Option<AlgorithmNames>,
    }
}

string_field!(
    /// `algorithm`: the name of a search, checked against the puzzle's
    /// once it is known.
    pub(crate) struct AlgorithmName,
    |v| format!("`algorithm` must be a string (an algorithm's name), found {v}")
);

field!(
    /// `algorithms`: names of searches, from one to [`MAX_CHART_ALGORITHMS`].
    pub(crate) struct AlgorithmNames(Vec<String>),
    |v| {
        let words = || {
            format!(
                "`algorithms` must be a list of 1 to {MAX_CHART_ALGORITHMS} algorithm names, found {v}"
            )
        };
        let list = v.as_array().ok_or_else(words)?;
        if list.is_empty() || list.len() > MAX_CHART_ALGORITHMS {
            return Err(words());
        }
        list.iter()
            .map(|a| a.as_str().map(str::to_string).ok_or_else(words))
            .collect()
    }
);

field!(
    /// `from`: the number of the first step wanted, from 1.
    struct FirstStep(u64),
    |v| v.as_u64().filter(|&n| n >= 1).ok_or_else(|| {
        format!("`from` must be a step number from 1, found {v}")
    })
);

field!(
    /// `count`: how many steps, from 1 to [`MAX_TRACE_STEPS`].
    struct StepCount(usize),
    |v| v
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| (1..=MAX_TRACE_STEPS).contains(n))
        .ok_or_else(|| {
            format!("`count` must be a number of steps from 1 to {MAX_TRACE_STEPS}, found {v}")
        })
);

/// The answer of `/api/trace`.
#[derive(Serialize)]
struct TraceAnswer {
    case: u64,
    algorithm: &'static str,
    /// Moves, or -1 when the search proved there are none; `null` when it
    /// stopped early.
    answer: Option<i64>,
    /// Whether `answer` equals the exact solver's (`null`: either unknown).
    correct: Option<bool>,
    exact: Option<i64>,
    /// Why the search stopped early, if it did.
    limit: Option<String>,
    /// The search refused the case (its table would not fit): `limit`
    /// says why; no budget ran out. Only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    refused: bool,
    /// The whole run's counts, however little of it the window holds.
    tally: TallyAnswer,
    peak_frontier: u64,
    peak_stored: u64,
    millis: f64,
    /// The window: `steps` are the events numbered `from` on.
    from: u64,
    steps: Vec<Step>,
    /// Events follow the window (it may hold fewer than `count` steps
    /// when their cells passed [`MAX_TRACE_CELLS`]).
    more: bool,
    limits: LimitsAnswer,
}

/// A [`Tally`] with its prunes by name, as `trace --compare --format json`
/// writes them.
#[derive(Serialize)]
struct TallyAnswer {
    expanded: u64,
    generated: u64,
    pruned: PrunedAnswer,
    goals: u64,
    iterations: u64,
    events: u64,
    by_depth: Vec<u64>,
}

#[derive(Serialize)]
struct PrunedAnswer {
    visited: u64,
    bound: u64,
    cap: u64,
    #[serde(rename = "dead-end")]
    dead_end: u64,
}

impl TallyAnswer {
    fn of(t: &Tally) -> TallyAnswer {
        TallyAnswer {
            expanded: t.expanded,
            generated: t.generated,
            pruned: PrunedAnswer {
                visited: t.pruned(Prune::Visited),
                bound: t.pruned(Prune::Bound),
                cap: t.pruned(Prune::Cap),
                dead_end: t.pruned(Prune::DeadEnd),
            },
            goals: t.goals,
            iterations: t.iterations,
            events: t.events,
            by_depth: t.by_depth.clone(),
        }
    }
}

/// `trace`: the request checked for its puzzle and algorithm; its job is
/// a search.
pub fn check(req: TraceRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

/// `trace/chart`: the request checked for its puzzle and algorithms; its
/// job is a search.
pub fn check_chart(req: ChartRequest, ctx: &Ctx) -> Result<Job, ApiError> {
    setup::check(req, ctx)
}

/// `name` as one of `P`'s algorithms, or the engine's error listing them.
fn known<P: Registered>(name: &str) -> Result<&'static str, ApiError> {
    let known = P::CAPS.watching()?.algorithm(name);
    known.map(|a| a.name).map_err(ApiError::bad)
}

/// The refusal of a request without `field`, naming `P`'s algorithms
/// after `list`.
fn missing<P: Registered>(field: &str, list: &str) -> ApiError {
    ApiError::bad(format!(
        "missing field `{field}` ({list}{})",
        names::<P>().join(", ")
    ))
}

/// The engine's run of `algorithm` on `case`, under the request's bounds:
/// its first `max_events` events handed to `sink`, judged against `exact`.
fn run<P: Registered>(
    s: &Setup<P>,
    case: &P::Case,
    algorithm: &str,
    max_events: u64,
    sink: &mut dyn Sink,
    exact: Option<i64>,
    ctx: &Ctx,
) -> Result<trace::Run, ApiError> {
    let watch = P::CAPS.watching()?;
    let limits = s.bounds.limits(ctx);
    let run = watch.run(&s.puzzle, case, algorithm, &limits, max_events, sink, exact)?;
    Ok(run)
}

impl Own for Trace {
    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        self.plan(s).map(|(_, work)| work)
    }

    /// The window's work, and its slot: a light one when the transport's
    /// recorded traces (`traces.rs`) hold the window, or when another
    /// window runs the same search now (this one waits for it); a search
    /// slot when this window runs the search.
    fn plan<P: Registered>(self, s: Setup<P>) -> Result<(Slot, Work), ApiError> {
        let AlgorithmName(name) = self
            .algorithm
            .ok_or_else(|| missing::<P>("algorithm", ""))?;
        let name = known::<P>(&name)?;
        let from = self.from.map_or(1, |f| f.0);
        let count = self.count.map_or(MAX_TRACE_STEPS, |c| c.0);
        let window = Wanted {
            from,
            count,
            // Nothing past the window is handed on, so the run's `cut`
            // says whether events follow it.
            last: from.saturating_add(count as u64 - 1),
        };
        let Some(traces) = s.traces.clone() else {
            return Ok((
                Slot::Search,
                Box::new(move |ctx| traced(&s, name, window, None, ctx)),
            ));
        };
        let key = shelf_key(&s, name);
        Ok(match traces.find(&key, window.from, window.last) {
            Found::Covered(recorded) => (
                Slot::Light,
                Box::new(move |_| answer_from(&s, &recorded.run, &recorded, window)),
            ),
            Found::Running => (
                Slot::Light,
                Box::new(move |ctx| match traces.wait(&key, || ctx.stopped()) {
                    Some(r) if r.covers(window.from, window.last) => {
                        answer_from(&s, &r.run, &r, window)
                    }
                    _ if ctx.stopped() => Err(ApiError::out_of_time(
                        "the search this window waited for did not end in time; try again",
                    )),
                    _ => Err(ApiError::Again),
                }),
            ),
            Found::Run(before, claim) => (
                Slot::Search,
                Box::new(move |ctx| traced(&s, name, window, Some((traces, before, claim)), ctx)),
            ),
        })
    }
}

/// The window a `trace` request asks for: steps `from..=last`, at most
/// `count` of them.
#[derive(Clone, Copy)]
struct Wanted {
    from: u64,
    count: usize,
    last: u64,
}

/// What a window that runs its search for the transport's recorded
/// traces has: the shelf, the run recorded before (whose summary it
/// answers, if any) and its claim on the key.
type ForShelf = (Arc<Traces>, Option<Arc<Recorded>>, Claim);

/// The key of a search on the shelf: the request minus its window.
fn shelf_key<P: Registered>(s: &Setup<P>, algorithm: &str) -> String {
    let settings = serde_json::to_string(&settings_answer(&s.puzzle)).unwrap_or_default();
    let bounds = serde_json::to_string(&s.bounds.answer()).unwrap_or_default();
    format!(
        "{}\n{settings}\n{bounds}\n{}\n{algorithm}\n{}",
        P::INFO.name,
        s.case,
        s.input
    )
}

/// Runs the search for a window: refused before any work when the
/// algorithm cannot run on the case ([`Watch::refuses`]); then judged
/// against the exact solver (unless a run before found its answer), and
/// recorded for the shelf when there is one.
fn traced<P: Registered>(
    s: &Setup<P>,
    name: &'static str,
    window: Wanted,
    shelf: Option<ForShelf>,
    ctx: &Ctx,
) -> Result<Answer, ApiError> {
    let case = nth_case(&s.puzzle, &s.input, s.case, ctx)?;
    if let Some(why) = P::CAPS.watching()?.refuses(&s.puzzle, &case, name) {
        return refused(s, name, why, window.from);
    }
    let Some((traces, before, claim)) = shelf else {
        let exact = exact_answer(&s.puzzle, &case, &s.bounds.limits(ctx));
        let mut chunk = Chunk::new(window.from, window.count);
        let run = run(s, &case, name, window.last, &mut chunk, exact, ctx)?;
        let more = run.cut || chunk.full;
        return answer(s, &run, window.from, chunk.steps, more);
    };
    let exact = match &before {
        Some(r) => r.run.exact,
        None => exact_answer(&s.puzzle, &case, &s.bounds.limits(ctx)),
    };
    let mut segment = Segment::new(window.from, window.count, traces.segment_bytes());
    let max_events = window
        .from
        .saturating_add(SEGMENT_STEPS - 1)
        .max(window.last);
    let run = Arc::new(run(s, &case, name, max_events, &mut segment, exact, ctx)?);
    // A run the call stopped (its client left, its own deadline) is not
    // the search's: answered, not kept.
    let kept = !ctx.stopped();
    // Every window of the search reports the first run's summary.
    let summary = match (&before, kept) {
        (Some(r), true) => Arc::clone(&r.run),
        _ => Arc::clone(&run),
    };
    let recorded = Arc::new(segment.into_recorded(summary));
    let answer = answer_from(s, &recorded.run, &recorded, window);
    if kept {
        claim.keep(recorded);
    }
    answer
}

/// A window's answer from a run and what it recorded.
fn answer_from<P: Registered>(
    s: &Setup<P>,
    run: &trace::Run,
    recorded: &Recorded,
    window: Wanted,
) -> Result<Answer, ApiError> {
    let mut chunk = Chunk::new(window.from, window.count);
    for step in recorded.from(window.from) {
        if step.n > window.last || chunk.steps.len() >= window.count || chunk.full {
            break;
        }
        chunk.step(step).map_err(|_| ApiError::Internal)?;
    }
    let more = run.tally.events > window.last || chunk.full;
    answer(s, run, window.from, chunk.steps, more)
}

/// The answer of an algorithm that refuses the case before any search:
/// `limit` with its reason, nothing counted, no verdict.
fn refused<P: Registered>(
    s: &Setup<P>,
    name: &'static str,
    why: String,
    from: u64,
) -> Result<Answer, ApiError> {
    let run = trace::Run {
        algorithm: name,
        traced: trace::Traced::default(),
        tally: Tally::default(),
        limit: Some(why),
        refused: true,
        cut: false,
        elapsed: std::time::Duration::ZERO,
        exact: None,
    };
    answer(s, &run, from, Vec::new(), false)
}

/// The answer of `/api/trace`: `run`'s summary, and the window of `steps`
/// from `from`.
fn answer<P: Registered>(
    s: &Setup<P>,
    run: &trace::Run,
    from: u64,
    steps: Vec<Step>,
    more: bool,
) -> Result<Answer, ApiError> {
    Answer::json(&TraceAnswer {
        case: s.case,
        algorithm: run.algorithm,
        answer: run.traced.answer,
        correct: run.correct(),
        exact: run.exact,
        limit: run.limit.clone(),
        refused: run.refused,
        tally: TallyAnswer::of(&run.tally),
        peak_frontier: run.traced.peak_frontier,
        peak_stored: run.traced.peak_stored,
        millis: (run.elapsed.as_secs_f64() * 1e6).round() / 1e3,
        from,
        steps,
        more,
        limits: s.bounds.answer(),
    })
}

impl Own for Chart {
    fn work<P: Registered>(self, s: Setup<P>) -> Result<Work, ApiError> {
        self.plan(s).map(|(_, work)| work)
    }

    /// The chart's work: the growth of each search, from the transport's
    /// recorded traces when it has them (the page charts the searches it
    /// has just traced: no search, a light slot), else from a run that
    /// counts only (a search slot).
    fn plan<P: Registered>(self, s: Setup<P>) -> Result<(Slot, Work), ApiError> {
        let AlgorithmNames(given) = self
            .algorithms
            .ok_or_else(|| missing::<P>("algorithms", "a list of "))?;
        let mut chosen: Vec<&'static str> = Vec::new();
        for name in &given {
            let name = known::<P>(name)?;
            if chosen.contains(&name) {
                return Err(ApiError::bad(format!("`algorithms` names {name} twice")));
            }
            chosen.push(name);
        }
        let recorded: Vec<Option<Arc<Recorded>>> = chosen
            .iter()
            .map(|name| s.traces.as_ref()?.peek(&shelf_key(&s, name)))
            .collect();
        let slot = if recorded.iter().all(Option::is_some) {
            Slot::Light
        } else {
            Slot::Search
        };
        Ok((
            slot,
            Box::new(move |ctx| {
                let mut case = None;
                let mut series = Vec::new();
                for (name, recorded) in chosen.into_iter().zip(recorded) {
                    if let Some(r) = recorded {
                        series.push((r.run.algorithm, r.run.tally.by_depth.clone()));
                        continue;
                    }
                    let case = match &mut case {
                        Some(case) => case,
                        None => case.insert(nth_case(&s.puzzle, &s.input, s.case, ctx)?),
                    };
                    // Refused before any search: nothing to chart.
                    if P::CAPS.watching()?.refuses(&s.puzzle, case, name).is_some() {
                        series.push((name, Vec::new()));
                        continue;
                    }
                    // Counts only: no step is kept, nor judged.
                    let run = run(&s, case, name, 0, &mut Count, None, ctx)?;
                    series.push((run.algorithm, run.tally.by_depth));
                }
                // The chart `trace --compare --plot` draws.
                Ok(Answer::svg(compare::chart::<P>(s.case, &series)))
            }),
        ))
    }
}

/// The sink of one answer: the steps numbered `from` on, at most `len`,
/// also cut at
/// [`MAX_TRACE_CELLS`] cells; it always keeps one step, so a client that
/// asks from the next one makes progress.
struct Chunk {
    from: u64,
    len: usize,
    cells: usize,
    steps: Vec<Step>,
    /// Cut by its cells before the window was full.
    full: bool,
}

impl Chunk {
    fn new(from: u64, len: usize) -> Chunk {
        Chunk {
            from,
            len,
            cells: 0,
            steps: Vec::new(),
            full: false,
        }
    }
}

impl Sink for Chunk {
    fn step(&mut self, step: &Step) -> std::io::Result<()> {
        if step.n < self.from || self.steps.len() >= self.len || self.full {
            return Ok(());
        }
        let cells = step.cells.len() + 1;
        if !self.steps.is_empty() && self.cells + cells > MAX_TRACE_CELLS {
            self.full = true;
            return Ok(());
        }
        self.cells += cells;
        self.steps.push(step.clone());
        Ok(())
    }
}

/// `P`'s algorithms' names, for messages.
fn names<P: Registered>() -> Vec<&'static str> {
    algorithms::<P>().iter().map(|a| a.name).collect()
}

/// `P`'s algorithms (none without searches to watch).
fn algorithms<P: Registered>() -> &'static [Algorithm] {
    P::CAPS.watch.map_or(&[], |w| w.algorithms())
}

#[derive(Serialize)]
struct AlgorithmCatalog {
    /// Most steps one `/api/trace` answer holds.
    max_steps: usize,
    /// Most algorithms the page watches side by side.
    max_watched: usize,
    /// Most algorithms one chart draws.
    max_chart: usize,
    puzzles: Vec<PuzzleAlgorithms>,
}

#[derive(Serialize)]
struct PuzzleAlgorithms {
    name: &'static str,
    /// How a state's chain of cells is packed into bits, when it is
    /// ([`Watch::STATE_CODE`](gridpuzzle_engine::caps::Watch::STATE_CODE)).
    #[serde(skip_serializing_if = "Option::is_none")]
    state_code: Option<&'static str>,
    algorithms: Vec<AlgorithmRecord>,
    lessons: Vec<LessonRecord>,
}

#[derive(Serialize)]
struct AlgorithmRecord {
    name: &'static str,
    title: &'static str,
    about: &'static str,
    exact: bool,
    /// The pseudocode: each line's text and the event it reports
    /// ([`Algorithm::code`]).
    code: Vec<CodeLine>,
    /// `queue`, `priority` or `stack` ([`Algorithm::frontier`]).
    frontier: &'static str,
}

#[derive(Serialize)]
struct CodeLine {
    /// The event kind (`expand`, `prune:visited`, ...), or "" for none.
    event: &'static str,
    text: &'static str,
}

#[derive(Serialize)]
struct LessonRecord {
    name: &'static str,
    title: &'static str,
    about: &'static str,
    input: &'static str,
    algorithms: &'static [&'static str],
}

/// The answer of `algorithms`, written once: every offered puzzle's searches (name, title,
/// paragraph, whether exact) and lessons, in the puzzles' own order.
pub fn catalog() -> &'static str {
    static CATALOG: OnceLock<String> = OnceLock::new();
    written_once(&CATALOG, || AlgorithmCatalog {
        max_steps: MAX_TRACE_STEPS,
        max_watched: MAX_WATCHED,
        max_chart: MAX_CHART_ALGORITHMS,
        puzzles: offered_records(Describe),
    })
}

/// A puzzle's searches and lessons (none without searches to watch).
#[derive(Clone, Copy)]
struct Describe;

impl Visit for Describe {
    type Output = Option<PuzzleAlgorithms>;

    fn visit<P: Registered>(self, _: P) -> Option<PuzzleAlgorithms> {
        Some(PuzzleAlgorithms {
            name: P::INFO.name,
            state_code: P::CAPS.watch.and_then(|w| w.state_code()),
            algorithms: algorithms::<P>()
                .iter()
                .map(|a| AlgorithmRecord {
                    name: a.name,
                    title: a.title,
                    about: a.about,
                    exact: a.exact,
                    code: a
                        .code
                        .iter()
                        .map(|&(event, text)| CodeLine { event, text })
                        .collect(),
                    frontier: a.frontier,
                })
                .collect(),
            lessons: P::CAPS
                .watch
                .map_or(&[][..], |w| w.lessons())
                .iter()
                .map(|l| LessonRecord {
                    name: l.name,
                    title: l.title,
                    about: l.about,
                    input: l.input,
                    algorithms: l.algorithms,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::grid::Pos;
    use gridpuzzle_engine::trace::Kind;

    fn step(n: u64, cells: usize) -> Step {
        Step {
            n,
            kind: Kind::Expand,
            depth: 0,
            estimate: None,
            at: Some(Pos::new(0, 0)),
            parent: None,
            why: None,
            held: None,
            cells: vec![Pos::new(0, 1); cells],
            note: None,
        }
    }

    #[test]
    fn a_chunk_keeps_its_window_and_stops_at_its_cells() {
        let mut chunk = Chunk::new(3, 4);
        for n in 1..=10 {
            chunk.step(&step(n, 0)).unwrap();
        }
        let kept: Vec<u64> = chunk.steps.iter().map(|s| s.n).collect();
        assert_eq!(kept, vec![3, 4, 5, 6]);
        assert!(!chunk.full, "full by its count, not its cells");

        let big = MAX_TRACE_CELLS / 2;
        let mut chunk = Chunk::new(1, 10);
        for n in 1..=10 {
            chunk.step(&step(n, big)).unwrap();
        }
        // One step of `big + 1` cells fits, a second does not.
        assert_eq!(chunk.steps.len(), 1);
        assert!(chunk.full);

        // A step larger than the cap alone is still kept, so a client
        // asking from the next step makes progress.
        let mut chunk = Chunk::new(5, 10);
        chunk.step(&step(5, MAX_TRACE_CELLS * 2)).unwrap();
        chunk.step(&step(6, 0)).unwrap();
        assert_eq!(chunk.steps.len(), 1);
        assert!(chunk.full);
    }
}
