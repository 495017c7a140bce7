//! Recorded traces: the windows of one traced search served from one run
//! of it ([`Traces`]), kept by a transport that answers many calls (the
//! server) and handed to each call in its [`Ctx`](crate::Ctx).
//!
//! The page reads a trace a window at a time (`from`, `count`: at most
//! [`MAX_TRACE_STEPS`](crate::MAX_TRACE_STEPS) steps), and each window
//! used to rerun the search from the start: a window past the end cost a
//! whole search, a page session watching three searches on a 200×200 lair
//! about sixty. And a window that ran in another slot, under another
//! deadline, could report other totals than its siblings (issue 41).
//!
//! Why a shared, bounded shelf of recorded runs, and not a stream:
//!
//! - **Keyed by the request minus its window** (the puzzle, its settings,
//!   the input, the case, the algorithm, the search bounds), global to
//!   the transport rather than per client: two clients asking for the
//!   same search get the same totals, and a client's address says nothing
//!   the key does not. The key is kept whole (not a hash), so no request
//!   can be answered with another's run; its bytes count against the
//!   shelf's size like the steps do.
//! - **What a run leaves**: its whole summary (the tally, the answer, the
//!   verdict against the exact solver, the peaks) and one **segment** of
//!   its steps, from the window that ran it on, as far as
//!   [`SEGMENT_STEPS`] steps or a share of the shelf's bytes allow. Every
//!   window of the run reports that one summary, so windows of one search
//!   always agree; a window past the end (its `from` past the run's
//!   events) is answered from the summary alone; a window inside the
//!   segment costs no search, and its slot is a light one. A window
//!   outside it reruns the search (in a search slot) to record a new
//!   segment from there on, still answering the first run's summary. So a
//!   page that plays a trace forwards pays one search per segment (twenty
//!   windows) instead of one per window. A whole trace is not recorded:
//!   judge-size lairs have millions of events, hundreds of MB of steps.
//! - **One run at a time per key**: a window of a search that is being
//!   run waits for that run (up to its own deadline) instead of starting
//!   its own; if the run's segment then does not hold it, the call is
//!   checked again ([`ApiError::Again`]): it runs the search in a search
//!   slot, or waits for the run another window started meanwhile, as
//!   often as the call's time allows (each time, a run has ended; two
//!   checks at most once left the last of three windows far apart refused
//!   as busy). So three windows of one segment asked at once cost one
//!   search, not three, windows far apart one per segment they need, and
//!   the page is not refused for holding more than its share of search
//!   slots.
//! - **Evicted by age and by the memory budget**: an entry unused for
//!   [`MAX_AGE`] goes, and the least recently used go first when the
//!   shelf is over its bytes ([`Traces::new`]; the server gives it an
//!   eighth of its memory budget, so searches keep the rest), over
//!   [`MAX_ENTRIES`], or while the memory budget itself is over
//!   ([`Traces::budgeted`]: searches need the room more). A run stopped by its call (the client left, the
//!   call's own deadline) is not kept: its totals are not the search's.
//!   A run stopped by the search's own bounds (states, time, memory) is
//!   kept, `limit` and all: that is what every window of it then says.
//!
//! A transport without a shelf (`Ctx::traces` is `None`: the tests'
//! direct calls, the WebAssembly module) reruns the search for every
//! window, as before; the answers are the same bytes either way.

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use gridpuzzle_engine::clock::Instant;
use gridpuzzle_engine::memory::Heap;
use gridpuzzle_engine::trace::{Run, Sink, Step};

/// Most steps one run records for later windows: twenty windows of the
/// page's.
pub(crate) const SEGMENT_STEPS: u64 = 20 * crate::MAX_TRACE_STEPS as u64;

/// An entry unused this long is dropped.
pub const MAX_AGE: Duration = Duration::from_secs(300);

/// Most entries kept, whatever their size.
pub const MAX_ENTRIES: usize = 64;

/// The recorded traces of a transport: see the module docs.
#[derive(Debug)]
pub struct Traces {
    max_bytes: usize,
    /// The transport's memory budget: while it is over, the least
    /// recently used runs go first.
    heap: Option<Arc<Heap>>,
    shelf: Mutex<Vec<Entry>>,
    /// Notified when a run ends (recorded or not).
    ended: Condvar,
    /// Searches run for windows, a count for tests and benchmarks.
    runs: std::sync::atomic::AtomicU64,
}

#[derive(Debug)]
struct Entry {
    key: Arc<str>,
    recorded: Option<Arc<Recorded>>,
    /// A window is running this search now.
    running: bool,
    used: Instant,
}

impl Entry {
    fn bytes(&self) -> usize {
        self.key.len() + self.recorded.as_ref().map_or(0, |r| r.bytes)
    }
}

/// One run of a search: its summary and a segment of its steps.
#[derive(Debug)]
pub(crate) struct Recorded {
    /// The summary every window of the search reports.
    pub run: Arc<Run>,
    /// The number of the first step of `steps`.
    pub first: u64,
    /// Consecutive steps from `first` on.
    pub steps: Vec<Step>,
    bytes: usize,
}

impl Recorded {
    /// Whether the window of steps `from..=last` of this run can be
    /// answered from what is recorded: it lies past the run's end, or the
    /// segment holds every step of it that the run had.
    pub fn covers(&self, from: u64, last: u64) -> bool {
        let events = self.run.tally.events;
        if from > events {
            return true;
        }
        let end = self.first + self.steps.len() as u64; // one past
        self.first <= from && end > last.min(events)
    }

    /// The recorded steps from `from` on (none past the segment).
    pub fn from(&self, from: u64) -> &[Step] {
        let skip = from.saturating_sub(self.first);
        let skip = usize::try_from(skip).map_or(self.steps.len(), |s| s.min(self.steps.len()));
        &self.steps[skip..]
    }
}

/// What a window finds on the shelf for its key.
pub(crate) enum Found {
    /// A run that holds the window.
    Covered(Arc<Recorded>),
    /// A run whose segment does not hold it (its summary is still the
    /// one to answer), or none: this window runs the search, and the
    /// [`Claim`] marks the key as running until it is dropped.
    Run(Option<Arc<Recorded>>, Claim),
    /// Another window runs the search now: wait for it
    /// ([`Traces::wait`]).
    Running,
}

/// The mark of a window running its key's search: dropped without
/// [`Claim::keep`] (the work failed or was never run: no slot), it lets
/// the key's waiters go.
pub(crate) struct Claim {
    traces: Arc<Traces>,
    key: Arc<str>,
}

impl Claim {
    /// Keeps what the run recorded, as the key's run from now on.
    pub fn keep(self, recorded: Arc<Recorded>) {
        let mut shelf = self.traces.lock();
        if let Some(e) = shelf.iter_mut().find(|e| e.key == self.key) {
            e.recorded = Some(recorded);
            e.used = Instant::now();
        }
        self.traces.trim(&mut shelf);
        drop(shelf);
        // Dropping the claim clears `running` and wakes the waiters.
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let mut shelf = self.traces.lock();
        if let Some(k) = shelf.iter().position(|e| e.key == self.key) {
            shelf[k].running = false;
            if shelf[k].recorded.is_none() {
                shelf.remove(k);
            }
        }
        self.traces.ended.notify_all();
    }
}

impl Traces {
    /// A shelf of at most `max_bytes` of recorded runs (their steps and
    /// keys, counted as held in memory).
    pub fn new(max_bytes: usize) -> Arc<Traces> {
        Traces::budgeted(max_bytes, None)
    }

    /// [`Traces::new`] within a memory budget as well: while the budget is
    /// over (searches need the room), recorded runs are dropped, the least
    /// recently used first.
    pub fn budgeted(max_bytes: usize, heap: Option<Arc<Heap>>) -> Arc<Traces> {
        Arc::new(Traces {
            max_bytes,
            heap,
            shelf: Mutex::new(Vec::new()),
            ended: Condvar::new(),
            runs: std::sync::atomic::AtomicU64::new(0),
        })
    }

    /// How many windows were given their search to run so far (a window
    /// served from the shelf, or waiting for another's run, is given
    /// none; one refused a slot afterwards still counts).
    pub fn runs(&self) -> u64 {
        self.runs.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The most bytes one run may record: half the shelf, so the page's
    /// searches watched side by side keep their last segment or two.
    pub(crate) fn segment_bytes(&self) -> usize {
        self.max_bytes / 2
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        self.shelf.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the shelf holds for the window `from..=last` of `key`.
    pub(crate) fn find(self: &Arc<Traces>, key: &str, from: u64, last: u64) -> Found {
        let mut shelf = self.lock();
        self.trim(&mut shelf);
        let now = Instant::now();
        let k = match shelf.iter().position(|e| &*e.key == key) {
            Some(k) => k,
            None => {
                shelf.push(Entry {
                    key: Arc::from(key),
                    recorded: None,
                    running: false,
                    used: now,
                });
                shelf.len() - 1
            }
        };
        let e = &mut shelf[k];
        e.used = now;
        match &e.recorded {
            Some(r) if r.covers(from, last) => Found::Covered(Arc::clone(r)),
            _ if e.running => Found::Running,
            recorded => {
                let recorded = recorded.clone();
                e.running = true;
                let claim = Claim {
                    traces: Arc::clone(self),
                    key: Arc::clone(&e.key),
                };
                self.runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                Found::Run(recorded, claim)
            }
        }
    }

    /// The run recorded for `key`, if any, whatever its segment (a chart
    /// needs its tally only).
    pub(crate) fn peek(&self, key: &str) -> Option<Arc<Recorded>> {
        let mut shelf = self.lock();
        let e = shelf.iter_mut().find(|e| &*e.key == key)?;
        e.used = Instant::now();
        e.recorded.clone()
    }

    /// Waits while `key`'s search is being run by another window, until
    /// `stopped` (the call's deadline or cancel flag); the run it left,
    /// if any.
    pub(crate) fn wait(&self, key: &str, stopped: impl Fn() -> bool) -> Option<Arc<Recorded>> {
        let mut shelf = self.lock();
        loop {
            let e = shelf.iter().find(|e| &*e.key == key)?;
            if !e.running || stopped() {
                return e.recorded.clone();
            }
            shelf = self
                .ended
                .wait_timeout(shelf, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Drops entries unused for [`MAX_AGE`], then the least recently used
    /// (not running) while the shelf is over its bytes or its count, or
    /// the memory budget is over.
    fn trim(&self, shelf: &mut Vec<Entry>) {
        shelf.retain(|e| e.running || e.used.elapsed() < MAX_AGE);
        loop {
            let bytes: usize = shelf.iter().map(Entry::bytes).sum();
            let over = self.heap.as_ref().is_some_and(|h| h.over());
            if bytes <= self.max_bytes && shelf.len() <= MAX_ENTRIES && !over {
                return;
            }
            let oldest = shelf
                .iter()
                .enumerate()
                .filter(|(_, e)| !e.running)
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k);
            match oldest {
                Some(k) => {
                    shelf.remove(k);
                }
                None => return,
            }
        }
    }
}

/// The sink of a run for the shelf: the steps from `first` on, as far as
/// `min_steps` at least and then while under `max_bytes`, consecutive.
pub(crate) struct Segment {
    pub first: u64,
    min_steps: usize,
    max_bytes: usize,
    pub steps: Vec<Step>,
    pub bytes: usize,
    closed: bool,
}

impl Segment {
    pub fn new(first: u64, min_steps: usize, max_bytes: usize) -> Segment {
        Segment {
            first,
            min_steps,
            max_bytes,
            steps: Vec::new(),
            bytes: 0,
            closed: false,
        }
    }

    /// What the run left for the shelf.
    pub fn into_recorded(self, run: Arc<Run>) -> Recorded {
        Recorded {
            run,
            first: self.first,
            bytes: self.bytes,
            steps: self.steps,
        }
    }
}

/// Bytes a step holds in memory.
fn step_bytes(step: &Step) -> usize {
    std::mem::size_of::<Step>() + std::mem::size_of_val(step.cells.as_slice())
}

impl Sink for Segment {
    fn step(&mut self, step: &Step) -> std::io::Result<()> {
        if self.closed || step.n < self.first {
            return Ok(());
        }
        let bytes = step_bytes(step);
        if self.steps.len() >= self.min_steps && self.bytes + bytes > self.max_bytes {
            self.closed = true;
            return Ok(());
        }
        self.bytes += bytes;
        self.steps.push(step.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridpuzzle_engine::trace::{Kind, Tally, Traced};

    fn step(n: u64) -> Step {
        Step {
            n,
            kind: Kind::Expand,
            depth: 0,
            estimate: None,
            at: None,
            parent: None,
            why: None,
            held: None,
            cells: Vec::new(),
            note: None,
        }
    }

    fn run(events: u64) -> Run {
        Run {
            algorithm: "a",
            traced: Traced::default(),
            tally: Tally {
                events,
                ..Tally::default()
            },
            limit: None,
            refused: false,
            cut: false,
            elapsed: Duration::ZERO,
            exact: None,
        }
    }

    fn recorded(first: u64, len: u64, events: u64) -> Recorded {
        let mut seg = Segment::new(first, 0, usize::MAX);
        for n in 1..=events {
            if n < first + len {
                seg.step(&step(n)).unwrap();
            }
        }
        seg.into_recorded(Arc::new(run(events)))
    }

    #[test]
    fn a_run_covers_its_segment_and_what_lies_past_its_end() {
        let r = recorded(11, 20, 100);
        assert!(r.covers(11, 30));
        assert!(r.covers(15, 20));
        assert!(!r.covers(10, 20), "starts before the segment");
        assert!(!r.covers(25, 40), "ends past the segment");
        assert!(r.covers(101, 200), "past the end");
        assert!(r.covers(u64::MAX, u64::MAX));
        // A segment that reaches the run's end covers any window there.
        let r = recorded(91, 10, 100);
        assert!(r.covers(95, 5000));
        assert_eq!(r.from(95).first().map(|s| s.n), Some(95));
        assert!(r.from(500).is_empty());
    }

    #[test]
    fn a_segment_keeps_its_least_and_then_stops_at_its_bytes() {
        let one = step_bytes(&step(1));
        let mut seg = Segment::new(3, 2, one);
        for n in 1..=10 {
            seg.step(&step(n)).unwrap();
        }
        let kept: Vec<u64> = seg.steps.iter().map(|s| s.n).collect();
        assert_eq!(kept, vec![3, 4], "its two, though over its bytes");
    }

    #[test]
    fn one_window_runs_a_key_and_the_others_wait_for_it() {
        let traces = Traces::new(1 << 20);
        let Found::Run(None, claim) = traces.find("k", 1, 10) else {
            panic!("the first window runs the search");
        };
        assert!(matches!(traces.find("k", 11, 20), Found::Running));
        claim.keep(Arc::new(recorded(1, 30, 100)));
        assert!(matches!(traces.find("k", 11, 20), Found::Covered(_)));
        assert!(traces.wait("k", || false).is_some());
        let Found::Run(Some(_), claim) = traces.find("k", 40, 50) else {
            panic!("a window outside the segment runs it again");
        };
        drop(claim);
        assert!(matches!(traces.find("k", 1, 10), Found::Covered(_)));
        // A claim dropped without a run leaves nothing behind.
        let Found::Run(None, claim) = traces.find("other", 1, 10) else {
            panic!("a new key runs");
        };
        drop(claim);
        assert!(traces.wait("other", || false).is_none());
        assert_eq!(traces.runs(), 3);
    }

    #[test]
    fn the_shelf_gives_way_to_a_memory_budget_over() {
        // A meter that reads more than the budget: nothing is kept.
        let heap = Heap::new(1 << 20, || 2 << 20);
        let traces = Traces::budgeted(1 << 20, Some(heap));
        let Found::Run(_, claim) = traces.find("a", 1, 1) else {
            panic!("runs");
        };
        claim.keep(Arc::new(recorded(1, 20, 20)));
        assert!(matches!(traces.find("a", 1, 1), Found::Run(..)));
    }

    #[test]
    fn the_shelf_keeps_to_its_bytes() {
        let traces = Traces::new(4096);
        for key in ["a", "b", "c"] {
            let Found::Run(_, claim) = traces.find(key, 1, 1) else {
                panic!("runs");
            };
            claim.keep(Arc::new(recorded(1, 20, 20)));
        }
        let kept = traces.lock().len();
        assert!(kept < 3, "{kept} entries of 20 steps in 4 KB");
    }
}
