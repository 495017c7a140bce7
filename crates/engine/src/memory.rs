//! A run's one memory budget, a [`Heap`]: every job of a run and every
//! structure that grows with the input draw from it (issue 28).
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
//!   its reading to the [`Heap`] it makes. Nothing has to remember to
//!   report its growth, and every job of the run sees the same figure.
//! - **The budget is a handle the work is given**, not a setting it looks
//!   up: a run makes one [`Heap`] (`--memory MB` of the command line) and
//!   puts it in the [`Limits`](crate::search::Limits) of every search and
//!   request it starts (`Limits::heap`). `Limits::interrupted`, which
//!   every search and every pass over a board already calls every few
//!   thousand steps for its deadline, also ends the work with a heap limit
//!   once the run is over its budget: the growth between two looks is
//!   small (one vector doubling at most). Work whose limits carry no heap
//!   (a library user, the unit tests) is never stopped by one.
//! - **A large table asks first** ([`Heap::admit`], through
//!   `Limits::admit`): before allocating a table of
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
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::clock::Instant;

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
/// job cannot expect back: a command's ([`Heap::new`]; a server, whose
/// requests hold bodies, answers and parsed inputs of their own, says its
/// own with [`Heap::with_floor`]).
const FLOOR: usize = 16 << 20;

/// A run's memory budget: its size, how the bytes in use are read, and the
/// room reserved by grants not yet dropped. Shared (`Arc<Heap>`) by every
/// job of the run through their [`Limits`](crate::search::Limits).
#[derive(Debug)]
pub struct Heap {
    bytes: usize,
    /// What is held outside the jobs and never comes back to a waiter
    /// ([`FLOOR`] unless [`Heap::with_floor`] says otherwise).
    floor: usize,
    meter: fn() -> usize,
    gate: Mutex<Gate>,
    given_back: Condvar,
}

/// Reservations of [`Heap::admit`] not yet dropped, and what the jobs
/// waiting in it hold.
#[derive(Debug)]
struct Gate {
    reserved: usize,
    waiting_hold: usize,
}

/// Why [`Heap::admit`] refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Waiting cannot make room (or nothing came back for [`MAX_STALL`]):
    /// the budget, in whole MB, is too small for the work.
    Full(usize),
    /// The caller's own stop (a deadline, a cancel flag) came while it
    /// waited.
    Stopped,
}

/// This thread's current job: it has been granted this many bytes since
/// it began ([`Job`]), which is what it holds, roughly.
fn mine() -> usize {
    HELD.with(Cell::get)
}

/// The span of one case's work on this thread: what [`Heap::admit`]
/// grants inside it counts as held by this job (so a job waiting for
/// memory knows what it holds itself) until it ends.
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

/// Room reserved by [`Heap::admit`], until dropped.
#[derive(Debug)]
#[must_use = "the room is reserved only while the grant lives"]
pub struct Grant(Option<(Arc<Heap>, usize)>);

impl Grant {
    /// A grant of nothing: what work without a heap budget is given.
    pub fn none() -> Grant {
        Grant(None)
    }
}

impl Drop for Grant {
    fn drop(&mut self) {
        if let Some((heap, bytes)) = self.0.take() {
            let mut gate = heap.gate.lock().unwrap_or_else(|e| e.into_inner());
            gate.reserved -= bytes;
            heap.given_back.notify_all();
        }
    }
}

impl Heap {
    /// A budget of `bytes`, whose use `meter` reads (the binary's counting
    /// allocator).
    pub fn new(bytes: usize, meter: fn() -> usize) -> Arc<Heap> {
        Heap::with_floor(bytes, meter, FLOOR)
    }

    /// [`Heap::new`] for a process whose memory outside its jobs is up to
    /// `floor` bytes (a server's request bodies, answers and parsed
    /// inputs): a job waits for room only while others hold more than
    /// that, so it does not wait [`MAX_STALL`] for memory that is no
    /// job's and will not come back.
    pub fn with_floor(bytes: usize, meter: fn() -> usize, floor: usize) -> Arc<Heap> {
        Arc::new(Heap {
            bytes,
            floor,
            meter,
            gate: Mutex::new(Gate {
                reserved: 0,
                waiting_hold: 0,
            }),
            given_back: Condvar::new(),
        })
    }

    /// The budget in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The budget in whole MB, as messages say it.
    pub fn mb(&self) -> usize {
        self.bytes >> 20
    }

    /// Bytes live on the heap now, as the meter reads them.
    pub fn in_use(&self) -> usize {
        (self.meter)()
    }

    /// True when the run is over its budget.
    pub fn over(&self) -> bool {
        self.in_use() > self.bytes
    }

    /// Asks for `bytes` more before allocating them: a [`Grant`] that
    /// reserves them, after waiting while other running work holds what
    /// would make room (see the module notes). [`Refusal::Full`] when
    /// waiting cannot help, [`Refusal::Stopped`] when `stopped` (the
    /// caller's deadline or cancel flag) turns true while waiting.
    pub fn admit(
        self: &Arc<Heap>,
        bytes: usize,
        stopped: impl Fn() -> bool,
    ) -> Result<Grant, Refusal> {
        if bytes == 0 {
            return Ok(Grant::none());
        }
        let mine = mine();
        let mut gate = self.gate.lock().unwrap_or_else(|e| e.into_inner());
        let mut waiting = false;
        let mut last = (self.in_use(), Instant::now());
        let result = loop {
            let used = self.in_use() + gate.reserved;
            if used.saturating_add(bytes) <= self.bytes {
                gate.reserved += bytes;
                break Ok(Grant(Some((Arc::clone(self), bytes))));
            }
            // What the others that are running hold, past the floor: room
            // that will come back when they end.
            let others_waiting = gate.waiting_hold - if waiting { mine } else { 0 };
            let others = used.saturating_sub(mine + others_waiting + self.floor);
            let short = used + bytes - self.bytes;
            let fits_alone = mine.saturating_add(bytes).saturating_add(self.floor) <= self.bytes;
            if !fits_alone || others < short {
                break Err(Refusal::Full(self.mb()));
            }
            if stopped() {
                break Err(Refusal::Stopped);
            }
            let now = self.in_use();
            if now < last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() >= MAX_STALL {
                break Err(Refusal::Full(self.mb()));
            }
            if !waiting {
                waiting = true;
                gate.waiting_hold += mine;
            }
            gate = self
                .given_back
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

    /// [`Heap::admit`] without waiting, for memory that only speeds the
    /// work up (a dense table where a hash table gives the same answers):
    /// `None` when the room is not there now.
    pub fn try_admit(self: &Arc<Heap>, bytes: usize) -> Option<Grant> {
        let mut gate = self.gate.lock().unwrap_or_else(|e| e.into_inner());
        let used = self.in_use() + gate.reserved;
        (used.saturating_add(bytes) <= self.bytes).then(|| {
            gate.reserved += bytes;
            Grant(Some((Arc::clone(self), bytes)))
        })
    }
}
