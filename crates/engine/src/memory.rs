//! The run's one memory budget: every job of a run and every structure that
//! grows with the input draw from it (issue 28).
//!
//! Budgets counted in states, per search (`--max-stored`), left two holes:
//! the tables that grow with the *board* rather than with the states (a
//! Holedox lair of 4096² cells needs a few hundred MB of distance and
//! opening-time tables before a single state is stored), and parallel jobs,
//! each of which had a budget of its own, so `--jobs 16` meant sixteen
//! budgets. What bounds a process is its memory, so that is what is
//! counted here:
//!
//! - **What is in use** is counted by the allocator itself: the binary
//!   wraps its allocator in a counting one (the `cap` crate) and hands
//!   its reading to [`set_meter`]. Nothing has to remember to report its
//!   growth, and every job of the run sees the same figure. A program
//!   without a meter (a library user, the unit tests) sees 0 in use and is
//!   never stopped by it.
//! - **The budget** is set once per run ([`set_budget`]; `--memory MB` of
//!   the command line). [`Limits::interrupted`](crate::search::Limits::interrupted),
//!   which every search and every pass over a board already calls every few
//!   thousand steps for its deadline, also ends the work with
//!   [`LimitHit::Heap`] once the run is over its budget: the growth between
//!   two looks is small (one vector doubling at most).
//! - **A large table asks first** ([`admit`]): before allocating a table of
//!   the board's size, or before a search's tables double, the work asks
//!   for the bytes. The bytes asked for are reserved until the [`Grant`] is
//!   dropped (right after the allocation, or at the next doubling), so two
//!   jobs asking at once cannot both be told yes for the same room.
//! - **A job that cannot get memory waits** while other work that is *not*
//!   itself waiting holds enough to make room, since that work will end
//!   (or be stopped by this same budget) and give it back; waiters never
//!   wait for each other, so they cannot deadlock. When waiting cannot
//!   help (what it asks for does not fit beside what it holds, or nothing
//!   it could wait for is running), or the case's deadline passes, or
//!   nothing was given back for [`MAX_STALL`], the case ends with `limit`
//!   naming the flag. So `--jobs 16` on sixteen huge lairs solves them a
//!   few at a time instead of failing most of them, and the answers do not
//!   depend on the number of jobs unless a single case needs more than the
//!   whole budget.
//!
//! Why not a reservation per structure (explicit accounting of every
//! vector and hash table): the searches' tables live in reusable scratch
//! buffers spread over several crates, and a count kept by hand drifts
//! from the truth the first time someone adds a buffer; the allocator's
//! count cannot. Its cost is one relaxed atomic add per allocation, and
//! the searches reuse their buffers, so a judge file's run makes few. What
//! a job holds itself (for the waiting rule) is what it was granted since
//! its [`Job`] began: the large tables, which is what matters there.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::search::{LimitHit, Limits};

/// How the bytes live on the heap are read ([`set_meter`]).
static METER: OnceLock<fn() -> usize> = OnceLock::new();

/// The run's budget in bytes; `usize::MAX`: none.
static BUDGET: AtomicUsize = AtomicUsize::new(usize::MAX);

thread_local! {
    /// Bytes granted to this thread's current [`Job`].
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// A job that waits for memory gives up when nothing was given back for
/// this long (the work it waits for may be a search with no deadline that
/// keeps what it has).
pub const MAX_STALL: Duration = Duration::from_secs(5);

/// Memory held by threads that are not searches (the reader's input, the
/// printer's answers, a finished worker's kept scratch), which a waiting
/// job cannot expect back.
const FLOOR: usize = 16 << 20;

/// Bytes live on the heap, as the binary's counting allocator reads them
/// ([`set_meter`]); 0 without one.
pub fn in_use() -> usize {
    METER.get().map_or(0, |meter| meter())
}

/// Installs the reading of the bytes live (the binary's counting
/// allocator). Once; later calls change nothing.
pub fn set_meter(meter: fn() -> usize) {
    let _ = METER.set(meter);
}

/// This thread's current job: it has been granted this many bytes since
/// it began ([`Job`]), which is what it holds, roughly.
fn mine() -> usize {
    HELD.with(Cell::get)
}

/// The span of one case's work on this thread: what [`admit`] grants
/// inside it counts as held by this job (so a job waiting for memory
/// knows what it holds itself) until it ends.
#[must_use = "the job ends when this is dropped"]
pub struct Job(());

impl Job {
    pub fn begin() -> Job {
        HELD.with(|h| h.set(0));
        Job(())
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        HELD.with(|h| h.set(0));
    }
}

/// Sets the run's budget (`None`: none). Called once, before the work.
pub fn set_budget(bytes: Option<usize>) {
    BUDGET.store(bytes.unwrap_or(usize::MAX), Ordering::Relaxed);
}

/// The run's budget in bytes, if there is one.
pub fn budget() -> Option<usize> {
    Some(BUDGET.load(Ordering::Relaxed)).filter(|&b| b != usize::MAX)
}

/// The budget in whole MB, for [`LimitHit::Heap`].
fn budget_mb(budget: usize) -> usize {
    budget >> 20
}

/// [`LimitHit::Heap`] when the run is over its budget (what
/// [`Limits::interrupted`] looks at).
pub fn over() -> Option<LimitHit> {
    let budget = BUDGET.load(Ordering::Relaxed);
    (budget != usize::MAX && in_use() > budget).then(|| LimitHit::Heap(budget_mb(budget)))
}

/// Reservations of [`admit`] not yet dropped, and what the jobs waiting
/// in it hold.
struct Gate {
    reserved: usize,
    waiting_hold: usize,
}

static GATE: Mutex<Gate> = Mutex::new(Gate {
    reserved: 0,
    waiting_hold: 0,
});
static GIVEN_BACK: Condvar = Condvar::new();

/// Room reserved by [`admit`], until dropped.
#[derive(Debug)]
#[must_use = "the room is reserved only while the grant lives"]
pub struct Grant(usize);

impl Drop for Grant {
    fn drop(&mut self) {
        if self.0 > 0 {
            let mut gate = GATE.lock().unwrap_or_else(|e| e.into_inner());
            gate.reserved -= self.0;
            GIVEN_BACK.notify_all();
        }
    }
}

/// Asks for `bytes` more before allocating them: a [`Grant`] that reserves
/// them, after waiting while other running work holds what would make
/// room (see the module notes); [`LimitHit::Heap`] when waiting cannot
/// help, and the time or cancel budget of `limits` when it runs out while
/// waiting. Without a budget, or without a meter, always granted.
pub fn admit(bytes: usize, limits: &Limits) -> Result<Grant, LimitHit> {
    let Some(budget) = budget() else {
        return Ok(Grant(0));
    };
    if bytes == 0 {
        return Ok(Grant(0));
    }
    let mine = mine();
    let mut gate = GATE.lock().unwrap_or_else(|e| e.into_inner());
    let mut waiting = false;
    let mut last = (in_use(), Instant::now());
    let result = loop {
        let used = in_use() + gate.reserved;
        if used.saturating_add(bytes) <= budget {
            gate.reserved += bytes;
            break Ok(Grant(bytes));
        }
        // What the others that are running hold, past the floor: room
        // that will come back when they end.
        let others_waiting = gate.waiting_hold - if waiting { mine } else { 0 };
        let others = used.saturating_sub(mine + others_waiting + FLOOR);
        let short = used + bytes - budget;
        let fits_alone = mine.saturating_add(bytes).saturating_add(FLOOR) <= budget;
        if !fits_alone || others < short {
            break Err(LimitHit::Heap(budget_mb(budget)));
        }
        if let Some(hit) = limits.interrupted_in_time() {
            break Err(hit);
        }
        let now = in_use();
        if now < last.0 {
            last = (now, Instant::now());
        } else if last.1.elapsed() >= MAX_STALL {
            break Err(LimitHit::Heap(budget_mb(budget)));
        }
        if !waiting {
            waiting = true;
            gate.waiting_hold += mine;
        }
        gate = GIVEN_BACK
            .wait_timeout(gate, Duration::from_millis(10))
            .unwrap_or_else(|e| e.into_inner())
            .0;
    };
    if waiting {
        gate.waiting_hold -= mine;
    }
    if result.is_ok() {
        HELD.with(|h| h.set(h.get().saturating_add(bytes)));
    }
    result
}

/// [`admit`] for `count` more items of `T`.
pub fn admit_items<T>(count: usize, limits: &Limits) -> Result<Grant, LimitHit> {
    admit(count.saturating_mul(std::mem::size_of::<T>()), limits)
}

/// [`admit`] for what growing `v` to hold `len` items would allocate (its
/// capacity, doubled as a vector grows, past what it has).
pub fn admit_vec<T>(v: &Vec<T>, len: usize, limits: &Limits) -> Result<Grant, LimitHit> {
    if len <= v.capacity() {
        return Ok(Grant(0));
    }
    admit_items::<T>(len.max(2 * v.capacity()), limits)
}

/// [`admit`] without waiting, for memory that only speeds the work up (a
/// dense table where a hash table gives the same answers): `None` when the
/// room is not there now.
pub fn try_admit(bytes: usize) -> Option<Grant> {
    let Some(budget) = budget() else {
        return Some(Grant(0));
    };
    let mut gate = GATE.lock().unwrap_or_else(|e| e.into_inner());
    let used = in_use() + gate.reserved;
    (used.saturating_add(bytes) <= budget).then(|| {
        gate.reserved += bytes;
        Grant(bytes)
    })
}

/// [`try_admit`] for `count` items of `T`.
pub fn try_admit_items<T>(count: usize) -> Option<Grant> {
    try_admit(count.saturating_mul(std::mem::size_of::<T>()))
}
