//! Watching a search: the events a search reports, what counts them, and
//! what the front ends need to name, compare and draw the searches.
//!
//! Teachers and students want to see *how* an answer was found: why the
//! contest's exhaustive DFS explodes on an open board, how an estimate or a
//! bound cuts the tree, where an inexact search goes wrong. So every search
//! a puzzle offers for watching reports the same kinds of event
//! ([`Kind`]): a state **expanded** (its successors are made), a successor
//! **generated**, one **pruned** (and why: [`Prune`]), a **goal** reached,
//! a new **iteration** of a deepening search (its bound), and, for a
//! search in several parts (bounds found by searches of their own before
//! the main one), a **phase** begun and a **bound** found or decided on,
//! each with a note in words.
//!
//! A trace goes through a [`Recorder`]: it numbers the events, keeps the
//! [`Tally`] (every event counted, whatever is kept), charges the search's
//! budget ([`Limits`]) on every expansion, and hands each event as a
//! [`Step`] to a [`Sink`] until `max_events` have been handed on. After
//! that the search goes on and is still counted (so the totals of a cut
//! trace are exact), but nothing more is kept or written: a long trace
//! streams through a [`Sink`] that writes lines, and memory holds one
//! step at a time.
//!
//! Two kinds of search trace. The ones written for watching (the contest
//! programs' searches in each puzzle's `seed` module, the common public
//! ones in its `watch` module) call the [`Recorder`] themselves, which
//! also charges their budget. The production searches users run
//! (`gridpuzzle` in the lists) are watched through an
//! [`Observer`], a generic parameter whose
//! default ([`Quiet`](crate::search::Quiet)) does nothing, so the solver
//! compiles to the same code; [`Watch`] is the observer that records them.
//!
//! A [`Step`] carries cells, not puzzle states, because cells are what a
//! board can show: `at` is the cell that moves (Curling's stone, Holedox's
//! head) and `cells` what else a puzzle wants drawn (the blocks broken on
//! the way, the body). `parent` is the number of the expansion that made
//! the state, so a front end can draw the current path without keeping the
//! search's own tables.
//!
//! Each puzzle names its searches ([`Algorithm`], with the paragraph that
//! `--help` and the page show) and ships boards that teach something about
//! them ([`Lesson`]); the watch capability runs one of them on one case
//! ([`WatchOf::run`](crate::caps::WatchOf::run)) and says whether its
//! answer agrees with the puzzle's exact solver ([`Run`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::grid::Pos;
pub use crate::search::Prune;
use crate::search::{LimitHit, Limits, Observer};

/// The kind of a search event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Expand,
    Generate,
    Prune,
    Goal,
    Iteration,
    /// A search in several parts begins one (its `note` says which): a
    /// bound computed by a search of its own before the main one.
    Phase,
    /// A bound is known (`estimate`, or none when its search found no
    /// way), or a decision taken on the bounds: its `note` says which.
    Bound,
}

/// One event of a trace, as the front ends show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The event's number, from 1.
    pub n: u64,
    pub kind: Kind,
    /// Moves from the start to the state (for an iteration: 0).
    pub depth: u32,
    /// The search's estimate for the state (A*'s lower bound on the moves
    /// left) or, for an iteration, its new bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<u32>,
    /// The cell that moves: Curling's stone, Holedox's head (none for an
    /// iteration). Written 1-based (`{"row": 1, "col": 1}` is the top left
    /// cell), as every other output of the tool writes cells.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "one_based::at"
    )]
    pub at: Option<Pos>,
    /// The number of the expansion that made this state (none for the
    /// start and iterations).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<u64>,
    /// Why a prune happened.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Prune>,
    /// For a `visited` prune: the depth (a breadth-first search) or `g`
    /// (A*) at which the search already holds the state, the reason the
    /// new way in is dropped. None where the search keeps no such number
    /// (IDA*'s table of known failures).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<u32>,
    /// What else the puzzle draws for the state: blocks broken so far
    /// (Curling), the body from the head's neighbour to the tail (Holedox).
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "one_based::cells"
    )]
    pub cells: Vec<Pos>,
    /// What a phase or a bound is, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

/// A step's cells as JSON writes them: 1-based, like the tool's other
/// outputs (the judges' formats count rows and columns from 1), while the
/// engine counts from 0.
mod one_based {
    use super::Pos;
    use serde::{Serialize, Serializer};

    #[derive(Serialize)]
    struct Cell {
        row: u32,
        col: u32,
    }

    fn cell(p: &Pos) -> Cell {
        Cell {
            row: p.row + 1,
            col: p.col + 1,
        }
    }

    pub fn at<S: Serializer>(at: &Option<Pos>, s: S) -> Result<S::Ok, S::Error> {
        at.as_ref().map(cell).serialize(s)
    }

    pub fn cells<S: Serializer>(cells: &[Pos], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(cells.iter().map(cell))
    }
}

/// Where a trace's steps go.
pub trait Sink {
    /// Takes one step. An error (a closed pipe, a full disk) ends the
    /// trace: the search stops with it.
    fn step(&mut self, step: &Step) -> std::io::Result<()>;
}

/// A sink that keeps nothing (for counts only).
pub struct Count;

impl Sink for Count {
    fn step(&mut self, _: &Step) -> std::io::Result<()> {
        Ok(())
    }
}

/// A sink that writes each step as one line of JSON (`trace`'s output),
/// as the search makes it: nothing is held back, so a trace of millions
/// of steps costs the memory of one line.
pub struct JsonLines<W: std::io::Write> {
    pub out: W,
    /// The reader went away (`trace ... | head`): a front end ends
    /// quietly then, as for any other output it writes.
    pub gone: bool,
}

impl<W: std::io::Write> JsonLines<W> {
    pub fn new(out: W) -> JsonLines<W> {
        JsonLines { out, gone: false }
    }
}

impl<W: std::io::Write> Sink for JsonLines<W> {
    fn step(&mut self, step: &Step) -> std::io::Result<()> {
        let written = serde_json::to_writer(&mut self.out, step)
            .map_err(std::io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(e) = &written {
            self.gone = e.kind() == std::io::ErrorKind::BrokenPipe;
        }
        written
    }
}

impl Sink for Vec<Step> {
    fn step(&mut self, step: &Step) -> std::io::Result<()> {
        self.push(step.clone());
        Ok(())
    }
}

/// What a trace counted. Every event is counted, kept or not.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub expanded: u64,
    pub generated: u64,
    /// Prunes by kind, in [`Prune::ALL`]'s order.
    pub pruned: [u64; 4],
    pub goals: u64,
    pub iterations: u64,
    /// Phases of a search in several parts (each starts a root).
    pub phases: u64,
    /// Events of every kind.
    pub events: u64,
    /// Expansions at each depth (index = depth).
    pub by_depth: Vec<u64>,
}

impl Tally {
    /// Prunes of one kind.
    pub fn pruned(&self, why: Prune) -> u64 {
        self.pruned[why.index()]
    }

    /// Prunes of every kind.
    pub fn pruned_total(&self) -> u64 {
        self.pruned.iter().sum()
    }
}

/// Why a trace stopped early.
#[derive(Debug)]
pub enum Stop {
    /// A budget of the search ran out.
    Limit(LimitHit),
    /// The sink failed.
    Sink(std::io::Error),
    /// The search cannot run on this case, and why (a lair too large for
    /// the contest program's table, say).
    Unable(String),
    /// The puzzle offers no search of this name.
    Unknown(String),
}

impl From<LimitHit> for Stop {
    fn from(hit: LimitHit) -> Stop {
        Stop::Limit(hit)
    }
}

/// Numbers, counts and forwards the events of one traced search, and
/// charges its budget (see the module notes).
pub struct Recorder<'a> {
    sink: &'a mut dyn Sink,
    limits: &'a Limits,
    max_events: u64,
    tally: Tally,
    stop: Option<Stop>,
    /// The most states the search said it held ([`Recorder::hold`]), and
    /// the most generated and not yet expanded: what a search stopped by
    /// its budget reports ([`Recorder::held`]).
    peak_held: u64,
    peak_open: u64,
}

impl<'a> Recorder<'a> {
    /// A recorder handing at most `max_events` steps to `sink`.
    pub fn new(sink: &'a mut dyn Sink, limits: &'a Limits, max_events: u64) -> Recorder<'a> {
        Recorder {
            sink,
            limits,
            max_events,
            tally: Tally::default(),
            stop: None,
            peak_held: 0,
            peak_open: 0,
        }
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// `stored` states are held now: a search written for watching says so
    /// as it grows, and a memory budget (`max_stored`) stops it as it
    /// stops the solvers.
    pub fn hold(&mut self, stored: usize) -> Result<(), Stop> {
        self.peak_held = self.peak_held.max(stored as u64);
        match self.limits.max_stored {
            Some(max) if stored > max => Err(Stop::Limit(LimitHit::Memory(max))),
            _ => Ok(()),
        }
    }

    /// What a search stopped early had held, as far as its events tell:
    /// no answer, the most states generated and not yet expanded as its
    /// frontier, and the most it said it held ([`Recorder::hold`]; the
    /// frontier for a search that says nothing) as its stored states. A
    /// row stopped by a budget shows these rather than zeros.
    pub fn held(&self) -> Traced {
        Traced {
            answer: None,
            peak_frontier: self.peak_open,
            peak_stored: if self.peak_held > 0 {
                self.peak_held
            } else {
                self.peak_open
            },
        }
    }

    /// The budget of the traced search (a production search watched
    /// through [`Watch`] charges it itself).
    pub fn limits(&self) -> &'a Limits {
        self.limits
    }

    /// True once more events happened than were handed to the sink.
    pub fn cut(&self) -> bool {
        self.tally.events > self.max_events
    }

    fn record(&mut self, step: Step) -> u64 {
        self.tally.events += 1;
        let n = self.tally.events;
        if n <= self.max_events && self.stop.is_none() {
            let step = Step { n, ..step };
            if let Err(e) = self.sink.step(&step) {
                self.stop = Some(Stop::Sink(e));
            }
        }
        n
    }

    /// A state expanded at `depth`; charges the budget first. Returns the
    /// event's number (the `parent` of what it generates).
    pub fn expand(
        &mut self,
        depth: u32,
        estimate: Option<u32>,
        at: Pos,
        parent: Option<u64>,
        cells: Vec<Pos>,
    ) -> Result<u64, Stop> {
        if let Some(stop) = self.stop.take() {
            return Err(stop);
        }
        if let Some(max) = self.limits.max_expanded {
            if self.tally.expanded >= max {
                return Err(Stop::Limit(LimitHit::States(max)));
            }
        }
        if self.tally.expanded % 1024 == 0 {
            if let Some(hit) = self.limits.interrupted() {
                return Err(Stop::Limit(hit));
            }
        }
        Ok(self.expanded(depth, estimate, at, parent, cells))
    }

    /// [`Recorder::expand`] without the budget: for a search that charges
    /// its own (the production searches, watched through [`Watch`]). A
    /// failed sink is kept for [`Recorder::finish`].
    pub fn expanded(
        &mut self,
        depth: u32,
        estimate: Option<u32>,
        at: Pos,
        parent: Option<u64>,
        cells: Vec<Pos>,
    ) -> u64 {
        self.tally.expanded += 1;
        let d = depth as usize;
        if self.tally.by_depth.len() <= d {
            self.tally.by_depth.resize(d + 1, 0);
        }
        self.tally.by_depth[d] += 1;
        self.record(Step {
            n: 0,
            kind: Kind::Expand,
            depth,
            estimate,
            at: Some(at),
            parent,
            why: None,
            held: None,
            cells,
            note: None,
        })
    }

    /// A successor made by expansion `parent`. Returns the event's number.
    pub fn generate(
        &mut self,
        depth: u32,
        estimate: Option<u32>,
        at: Pos,
        parent: Option<u64>,
        cells: Vec<Pos>,
    ) -> u64 {
        self.tally.generated += 1;
        let open = (self.tally.generated + 1).saturating_sub(self.tally.expanded);
        self.peak_open = self.peak_open.max(open);
        self.record(Step {
            n: 0,
            kind: Kind::Generate,
            depth,
            estimate,
            at: Some(at),
            parent,
            why: None,
            held: None,
            cells,
            note: None,
        })
    }

    /// A state not expanded, and why.
    pub fn prune(&mut self, depth: u32, why: Prune, at: Pos, parent: Option<u64>) -> u64 {
        self.pruned(depth, why, None, at, parent)
    }

    /// A state dropped because the search already holds it, at depth or
    /// `g` `held` (see [`Step::held`]).
    pub fn visited(&mut self, depth: u32, held: Option<u32>, at: Pos, parent: Option<u64>) -> u64 {
        self.pruned(depth, Prune::Visited, held, at, parent)
    }

    fn pruned(
        &mut self,
        depth: u32,
        why: Prune,
        held: Option<u32>,
        at: Pos,
        parent: Option<u64>,
    ) -> u64 {
        self.tally.pruned[why.index()] += 1;
        self.record(Step {
            n: 0,
            kind: Kind::Prune,
            depth,
            estimate: None,
            at: Some(at),
            parent,
            why: Some(why),
            held,
            cells: Vec::new(),
            note: None,
        })
    }

    /// A goal reached at `depth`.
    pub fn goal(&mut self, depth: u32, at: Pos, parent: Option<u64>) -> u64 {
        self.tally.goals += 1;
        self.record(Step {
            n: 0,
            kind: Kind::Goal,
            depth,
            estimate: None,
            at: Some(at),
            parent,
            why: None,
            held: None,
            cells: Vec::new(),
            note: None,
        })
    }

    /// A new iteration of a deepening search, under `bound`.
    pub fn iteration(&mut self, bound: u32) -> u64 {
        self.tally.iterations += 1;
        self.mark(Kind::Iteration, Some(bound), None)
    }

    /// An event about the search as a whole, not a state: no cell, no
    /// parent, depth 0.
    fn mark(&mut self, kind: Kind, estimate: Option<u32>, note: Option<&'static str>) -> u64 {
        self.record(Step {
            n: 0,
            kind,
            depth: 0,
            estimate,
            at: None,
            parent: None,
            why: None,
            held: None,
            cells: Vec::new(),
            note,
        })
    }

    /// A new phase of a search in several parts, `note` saying what it
    /// searches. Its first expansion is a root (no parent).
    pub fn phase(&mut self, note: &'static str) -> u64 {
        self.tally.phases += 1;
        self.mark(Kind::Phase, None, Some(note))
    }

    /// A bound found (`value`; none when its search found no way) or a
    /// decision taken on bounds, `note` saying which.
    pub fn bound(&mut self, value: Option<u32>, note: &'static str) -> u64 {
        self.mark(Kind::Bound, value, Some(note))
    }

    /// The sink's failure, if one happened since the last expansion (call
    /// at the end of a search: an expansion reports it on its own).
    pub fn finish(&mut self) -> Result<(), Stop> {
        match self.stop.take() {
            Some(stop) => Err(stop),
            None => Ok(()),
        }
    }
}

/// The [`Observer`] that records a production search: it turns the
/// search's states into cells with `cells` (the moving cell, and what else
/// the board should show) and its node numbers into event numbers, and
/// hands the events to a [`Recorder`]. The search charges its own budget.
pub struct Watch<'r, 't, F> {
    rec: &'r mut Recorder<'t>,
    cells: F,
    /// The goal's cell, where every goal event is drawn (a search that
    /// completes a plan without playing it has no state at the goal).
    goal: Option<Pos>,
    /// Per node number, the number of its expansion's event (0: none).
    events: Vec<u64>,
    /// Raised when the sink fails: the cancel flag of the watched
    /// search's budget (see [`Watch::watched_limits`]).
    failed: Option<Arc<AtomicBool>>,
}

impl<'r, 't, F> Watch<'r, 't, F> {
    pub fn new(rec: &'r mut Recorder<'t>, cells: F) -> Watch<'r, 't, F> {
        Watch {
            rec,
            cells,
            goal: None,
            events: Vec::new(),
            failed: None,
        }
    }

    /// The budget to run the watched search under: `limits` with a cancel
    /// flag this watch raises when its sink fails, so that a trace whose
    /// reader has gone (`trace ... | head`) stops the search at its next
    /// budget check instead of running it to its end. The flag is the
    /// caller's own when it has one (a request's: its reader is gone too).
    pub fn watched_limits(&mut self, limits: &Limits) -> Limits {
        let flag = limits.cancel.clone().unwrap_or_default();
        self.failed = Some(flag.clone());
        Limits {
            cancel: Some(flag),
            ..limits.clone()
        }
    }

    /// After each event: a failed sink cancels the search.
    fn check(&self) {
        if let (Some(flag), true) = (&self.failed, self.rec.stop.is_some()) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Goal events are drawn at `cell`.
    pub fn goal_at(self, cell: Pos) -> Watch<'r, 't, F> {
        Watch {
            goal: Some(cell),
            ..self
        }
    }

    fn event(&self, node: usize) -> Option<u64> {
        self.events.get(node).copied().filter(|&n| n != 0)
    }
}

impl<S: ?Sized, F: FnMut(&S) -> (Pos, Vec<Pos>)> Observer<S> for Watch<'_, '_, F> {
    fn expand(
        &mut self,
        state: &S,
        node: usize,
        parent: Option<usize>,
        depth: u32,
        estimate: Option<u32>,
    ) {
        let (at, cells) = (self.cells)(state);
        let parent = parent.and_then(|p| self.event(p));
        let n = self.rec.expanded(depth, estimate, at, parent, cells);
        if self.events.len() <= node {
            self.events.resize(node + 1, 0);
        }
        self.events[node] = n;
        self.check();
    }

    fn generate(&mut self, state: &S, parent: usize, depth: u32, estimate: Option<u32>) {
        let (at, cells) = (self.cells)(state);
        let parent = self.event(parent);
        self.rec.generate(depth, estimate, at, parent, cells);
    }

    fn prune(&mut self, state: &S, parent: usize, depth: u32, why: Prune) {
        let (at, _) = (self.cells)(state);
        let parent = self.event(parent);
        self.rec.prune(depth, why, at, parent);
    }

    fn visited(&mut self, state: &S, parent: usize, depth: u32, held: Option<u32>) {
        let (at, _) = (self.cells)(state);
        let parent = self.event(parent);
        self.rec.visited(depth, held, at, parent);
    }

    fn goal(&mut self, state: &S, parent: usize, depth: u32) {
        let at = match self.goal {
            Some(cell) => cell,
            None => (self.cells)(state).0,
        };
        let parent = self.event(parent);
        self.rec.goal(depth, at, parent);
    }

    fn iteration(&mut self, bound: u32) {
        self.rec.iteration(bound);
    }
}

/// Checks that a whole trace hangs together, for tests of the searches
/// that trace (each puzzle's, the conformance suite's): steps numbered
/// from 1; every parent an earlier expansion, and every expansion but the
/// first with one; the tally equal to the steps by kind; expansions by
/// depth summing to all of them; at most one expansion more than states
/// generated (each state expanded but the start was generated first).
/// `steps` must be every step (`max_events` at least the tally's events).
pub fn coherent(steps: &[Step], tally: &Tally) -> Result<(), String> {
    let mut expansions = std::collections::HashSet::new();
    // A phase's first expansion is a root, as the first step is.
    let mut phase_root = false;
    let mut roots = 0u64;
    for (k, step) in steps.iter().enumerate() {
        if step.n != k as u64 + 1 {
            return Err(format!("step {} numbered {}", k + 1, step.n));
        }
        if let Some(p) = step.parent {
            if !expansions.contains(&p) {
                return Err(format!("step {} names {p}, no earlier expansion", step.n));
            }
        }
        if step.kind == Kind::Phase {
            phase_root = true;
        }
        if step.kind == Kind::Expand {
            if step.parent.is_none() && step.n != 1 && !phase_root {
                return Err(format!("expansion {} has no parent", step.n));
            }
            if step.parent.is_none() {
                roots += 1;
            }
            phase_root = false;
            expansions.insert(step.n);
        }
    }
    let count = |kind| steps.iter().filter(|s| s.kind == kind).count() as u64;
    let pairs = [
        ("events", tally.events, steps.len() as u64),
        ("expanded", tally.expanded, count(Kind::Expand)),
        ("generated", tally.generated, count(Kind::Generate)),
        ("goals", tally.goals, count(Kind::Goal)),
        ("pruned", tally.pruned_total(), count(Kind::Prune)),
        ("phases", tally.phases, count(Kind::Phase)),
        ("by depth", tally.by_depth.iter().sum(), tally.expanded),
    ];
    for (what, counted, seen) in pairs {
        if counted != seen {
            return Err(format!(
                "{what}: the tally says {counted}, the steps {seen}"
            ));
        }
    }
    if tally.expanded > tally.generated + roots.max(1) {
        return Err(format!(
            "{} expansions of {} generated states",
            tally.expanded, tally.generated
        ));
    }
    Ok(())
}

/// How a traced search ended, besides its tally.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Traced {
    /// The answer in the judge's terms: moves, or -1 when the search
    /// proved there are none. `None` for a search that stopped early.
    pub answer: Option<i64>,
    /// Largest number of states waiting at once (queue, heap or stack).
    pub peak_frontier: u64,
    /// Largest number of states the search held at once (frontier and
    /// visited set), the measure of its memory.
    pub peak_stored: u64,
}

/// A search a puzzle offers for watching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Algorithm {
    /// The name users type (`--algorithm`).
    pub name: &'static str,
    /// A few words for menus.
    pub title: &'static str,
    /// One paragraph: what it does and what it costs.
    pub about: &'static str,
    /// True when its answers are always optimal (and its `-1` proved).
    pub exact: bool,
    /// The search in pseudocode, a line each, in the puzzle's own words:
    /// each line with the event it reports (`expand`, `generate`, `goal`,
    /// `iteration`, `phase`, `bound`, or `prune:WHY` with a [`Prune`]'s
    /// name), or `""` for a line that reports none. A front end highlights
    /// the line of the event on show.
    pub code: &'static [(&'static str, &'static str)],
    /// What holds its waiting states: `"queue"` (first in, first out),
    /// `"priority"` (least `f` = depth + estimate first, ties first in
    /// first out) or `"stack"` (a depth-first search's calls). A front
    /// end draws the states waiting in that order.
    pub frontier: &'static str,
}

/// A board that teaches something about the searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    pub name: &'static str,
    pub title: &'static str,
    /// What to look at, in a paragraph.
    pub about: &'static str,
    /// The board in the puzzle's input format (one case and the
    /// terminator).
    pub input: &'static str,
    /// The algorithms to watch side by side on it.
    pub algorithms: &'static [&'static str],
}

/// One algorithm's run on one case, with its verdict.
#[derive(Debug)]
pub struct Run {
    pub algorithm: &'static str,
    pub traced: Traced,
    pub tally: Tally,
    /// Why it stopped early (a budget, or the search cannot take the
    /// case), if it did.
    pub limit: Option<String>,
    /// The search refused the case before it began (its table would not
    /// fit, say): `limit` says why. Not a budget that ran out.
    pub refused: bool,
    /// More events happened than were kept.
    pub cut: bool,
    pub elapsed: Duration,
    /// The exact answer this run is judged against, when known.
    pub exact: Option<i64>,
}

impl Run {
    /// True when the answer equals the exact one, false when it differs,
    /// `None` when either is unknown.
    pub fn correct(&self) -> Option<bool> {
        Some(self.traced.answer? == self.exact?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reach 7 from 0 by steps of +3 and -1: 0 → 3 → 2 is reached again
    /// from 3 → 6 → 5 → ... so A* drops copies as visited.
    struct Seven;

    impl crate::search::BestFirst for Seven {
        type State = i64;
        type Move = i64;
        fn successors(&mut self, &n: &i64, out: &mut Vec<(i64, i64)>) {
            out.extend([(3, n + 3), (-1, n - 1)]);
        }
        fn bound(&mut self, &n: &i64) -> Option<u32> {
            Some(if n <= 7 { (9 - n) / 3 } else { n - 7 } as u32)
        }
        fn is_goal(&mut self, &n: &i64) -> bool {
            n == 7
        }
    }

    #[test]
    fn a_watched_astar_says_at_which_g_a_dropped_state_is_held() {
        use crate::search::{astar_in_observed, AstarOptions, AstarScratch, HashCosts};
        let limits = Limits::none();
        let mut steps: Vec<Step> = Vec::new();
        let mut rec = Recorder::new(&mut steps, &limits, u64::MAX);
        let mut watch = Watch::new(&mut rec, |&n: &i64| {
            (Pos::new(0, n.rem_euclid(100) as u32), vec![])
        });
        let found = astar_in_observed(
            &mut Seven,
            0,
            &mut HashCosts::default(),
            &limits,
            &AstarOptions::default(),
            &mut AstarScratch::default(),
            &mut watch,
        );
        assert_eq!(found.outcome.moves().map(|plan| plan.len()), Some(5));
        drop(rec);
        let visited: Vec<&Step> = steps
            .iter()
            .filter(|s| s.why == Some(Prune::Visited))
            .collect();
        assert!(!visited.is_empty());
        for s in visited {
            assert!(s.held.is_some_and(|g| g <= s.depth), "{s:?}");
        }
        let json = serde_json::to_string(steps.iter().find(|s| s.held.is_some()).unwrap()).unwrap();
        assert!(json.contains("\"held\":"), "{json}");
    }

    #[test]
    fn a_memory_budget_stops_a_search_that_holds_too_much() {
        let limits = Limits {
            max_stored: Some(2),
            ..Limits::none()
        };
        let mut sink = Count;
        let mut rec = Recorder::new(&mut sink, &limits, 0);
        assert!(rec.hold(2).is_ok());
        assert!(matches!(rec.hold(3), Err(Stop::Limit(LimitHit::Memory(2)))));
    }

    #[test]
    fn coherent_accepts_a_whole_trace_and_names_what_breaks_one() {
        let limits = Limits::none();
        let mut kept: Vec<Step> = Vec::new();
        let mut rec = Recorder::new(&mut kept, &limits, u64::MAX);
        let root = rec.expand(0, None, Pos::new(0, 0), None, vec![]).unwrap();
        rec.generate(1, None, Pos::new(0, 1), Some(root), vec![]);
        let child = rec
            .expand(1, None, Pos::new(0, 1), Some(root), vec![])
            .unwrap();
        rec.prune(2, Prune::Visited, Pos::new(0, 0), Some(child));
        rec.goal(2, Pos::new(1, 1), Some(child));
        let tally = rec.tally().clone();
        drop(rec);
        assert_eq!(coherent(&kept, &tally), Ok(()));
        let mut orphan = kept.clone();
        orphan[3].parent = Some(2);
        assert!(coherent(&orphan, &tally).unwrap_err().contains("names 2"));
        let mut short = tally.clone();
        short.goals = 0;
        assert!(coherent(&kept, &short).unwrap_err().starts_with("goals"));
        assert!(coherent(&kept[..4], &tally).is_err(), "a step missing");
    }

    #[test]
    fn a_recorder_counts_past_its_cut_and_keeps_only_the_first_events() {
        let limits = Limits::none();
        let mut kept: Vec<Step> = Vec::new();
        let mut rec = Recorder::new(&mut kept, &limits, 3);
        let root = rec
            .expand(0, Some(2), Pos::new(0, 0), None, vec![])
            .unwrap();
        rec.generate(1, Some(1), Pos::new(0, 1), Some(root), vec![]);
        rec.prune(1, Prune::Visited, Pos::new(1, 0), Some(root));
        rec.goal(1, Pos::new(0, 1), Some(root));
        rec.iteration(3);
        assert!(rec.cut());
        let tally = rec.tally().clone();
        assert_eq!(tally.events, 5);
        assert_eq!((tally.expanded, tally.generated, tally.goals), (1, 1, 1));
        assert_eq!(tally.pruned(Prune::Visited), 1);
        assert_eq!(tally.by_depth, vec![1]);
        assert_eq!(kept.len(), 3);
        assert_eq!(kept.iter().map(|s| s.n).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(kept[1].parent, Some(1));
    }

    #[test]
    fn a_recorder_charges_the_expansion_budget() {
        let limits = Limits {
            max_expanded: Some(2),
            ..Limits::none()
        };
        let mut count = Count;
        let mut rec = Recorder::new(&mut count, &limits, 10);
        assert!(rec.expand(0, None, Pos::new(0, 0), None, vec![]).is_ok());
        assert!(rec.expand(1, None, Pos::new(0, 0), None, vec![]).is_ok());
        assert!(matches!(
            rec.expand(1, None, Pos::new(0, 0), None, vec![]),
            Err(Stop::Limit(LimitHit::States(2)))
        ));
    }

    #[test]
    fn json_lines_write_a_line_per_step_and_know_a_closed_reader() {
        let limits = Limits::none();
        let mut lines = JsonLines::new(Vec::new());
        let mut rec = Recorder::new(&mut lines, &limits, 100);
        for _ in 0..3 {
            rec.iteration(1);
        }
        drop(rec);
        let text = String::from_utf8(lines.out).unwrap();
        assert_eq!(text.lines().count(), 3);
        for (n, line) in text.lines().enumerate() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["n"], n as u64 + 1, "{line}");
        }
        assert!(!lines.gone);

        struct Closed;
        impl std::io::Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut closed = JsonLines::new(Closed);
        let mut rec = Recorder::new(&mut closed, &limits, 100);
        rec.iteration(1);
        let stopped = rec.expand(0, None, Pos::new(0, 0), None, vec![]);
        assert!(matches!(stopped, Err(Stop::Sink(_))));
        drop(rec);
        assert!(closed.gone);
    }

    #[test]
    fn steps_serialize_without_empty_fields() {
        let step = Step {
            n: 7,
            kind: Kind::Prune,
            depth: 2,
            estimate: None,
            at: Some(Pos::new(1, 2)),
            parent: Some(3),
            why: Some(Prune::DeadEnd),
            held: None,
            cells: vec![],
            note: None,
        };
        let json = serde_json::to_string(&step).unwrap();
        assert_eq!(
            json,
            r#"{"n":7,"kind":"prune","depth":2,"at":{"row":2,"col":3},"parent":3,"why":"dead-end"}"#
        );
    }
}
