//! One worker pool for work whose results must come out in input order:
//! `solve --jobs` (cases in, answers out in input order), `judge --jobs`
//! (tests in, the table's rows in test order) and `stress --jobs` (inputs
//! in, the first failure in order).
//!
//! The calling thread feeds items in order ([`Feeder::send`]); `jobs`
//! worker threads do the work on them, in any order; one more thread hands
//! the results to a [`Sink`] strictly in input order, holding back those
//! that come early. Why it is shaped so:
//!
//! - **Bounded read-ahead.** [`Feeder::send`] waits while the item would be
//!   `window` or more items ahead of the last one the sink took, so the
//!   items queued, being worked on and held back for order together are
//!   never more than `window`, however slow the first one is: a huge input
//!   is streamed through in constant memory (issue 15 item 5), and the
//!   caller may read its input lazily (even from a person typing).
//! - **The feeder stays with the caller.** Feeding is a plain call on the
//!   calling thread, not an iterator the pool pulls, so the caller decides
//!   when to hand an item over: `solve` gathers cases into chunks and
//!   hands a partial chunk over when its reading is about to wait, from
//!   inside its reader.
//! - **The sink says when to stop.** A sink that returns [`Flow::Stop`]
//!   (the first failure found, a closed standard output) raises the run's
//!   [`Stop`]: the feeder refuses more items, workers skip the items
//!   queued, and work in progress may look at the flag to give up early
//!   (a search's cancel flag, a program's run).
//! - **The sink knows when it would wait** ([`Sink::idle`]), so `solve`
//!   writes its buffered answers exactly then, and not after every case.
//!
//! Why not rayon: its parallel iterators pull from their source on worker
//! threads and keep no bound on how far they run ahead of an ordered
//! consumer; feeding from the reading thread with a window is the whole
//! point here, and a scoped pool of plain threads does it in one page.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

/// The most jobs a run may ask for (`--jobs`): each job is a thread with
/// its own search, so more threads than cores only cost memory (a huge
/// count once asked the system for terabytes, issue 15).
pub const MAX_JOBS: usize = 256;

/// Every core of the machine, at most [`MAX_JOBS`]: the jobs of a run
/// that names none.
pub fn every_core() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.min(MAX_JOBS)
}

/// `--jobs N`: 1 to [`MAX_JOBS`], or why not in words.
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    let too_many = || {
        format!(
            "at most {MAX_JOBS} jobs (one thread each; more than the machine's cores only \
             costs memory)"
        )
    };
    match s.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_JOBS as u64).contains(&n) => Ok(n as usize),
        Ok(0) => Err("expected at least 1 job".into()),
        Ok(_) => Err(too_many()),
        Err(_) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => Err(too_many()),
        Err(_) => Err(format!("expected a number of jobs from 1 to {MAX_JOBS}")),
    }
}

/// Whether a run goes on after a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Go,
    Stop,
}

/// Where the results go, in input order, on the pool's own thread.
pub trait Sink<R> {
    /// The result of item `index` (0-based, in the order fed); every
    /// earlier item's result came before it.
    fn take(&mut self, index: usize, result: R) -> Flow;

    /// No result is ready: the sink is about to wait for one.
    fn idle(&mut self) {}
}

/// A run's stop flag: raised when the sink says [`Flow::Stop`].
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself, for a search's `Limits::cancel`.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }

    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// How many workers, how far ahead of the sink the feeder may be, and the
/// threads' name.
#[derive(Debug, Clone, Copy)]
pub struct Pool {
    /// Worker threads, at least one.
    pub jobs: usize,
    /// Items fed but not yet taken by the sink, at most; at least one.
    pub window: usize,
    /// Names the threads (`solve-0`, `solve-1`, ..., `solve-sink`).
    pub name: &'static str,
}

/// The calling thread's side of a run: items go in through it, in order.
/// Clones feed the same run; once the run's `feed` has returned, every
/// clone refuses items.
pub struct Feeder<T> {
    shared: Rc<Fed<T>>,
}

impl<T> Clone for Feeder<T> {
    fn clone(&self) -> Feeder<T> {
        Feeder {
            shared: Rc::clone(&self.shared),
        }
    }
}

struct Fed<T> {
    /// `None` once the feeding is over (or the workers are gone).
    jobs: RefCell<Option<mpsc::SyncSender<(usize, T)>>>,
    sent: Cell<usize>,
    gate: Arc<Gate>,
    window: usize,
    stop: Stop,
}

impl<T> Feeder<T> {
    /// Hands `item` to the workers once it is fewer than the window's
    /// items ahead of the sink; `false` (and the item dropped) when the
    /// run has stopped or its feeding is over.
    pub fn send(&self, item: T) -> bool {
        let fed = &self.shared;
        let sent = fed.sent.get();
        if fed.stop.is_set() || !fed.gate.wait_below(sent, fed.window) {
            return false;
        }
        let jobs = fed.jobs.borrow();
        let Some(jobs) = jobs.as_ref() else {
            return false;
        };
        if jobs.send((sent, item)).is_err() {
            return false;
        }
        fed.sent.set(sent + 1);
        true
    }

    /// Items handed over so far.
    pub fn sent(&self) -> usize {
        self.shared.sent.get()
    }

    /// Whether the run has stopped.
    pub fn stopped(&self) -> bool {
        self.shared.stop.is_set()
    }
}

impl Pool {
    /// Runs `feed` on the calling thread with the run's [`Feeder`], `work`
    /// on each item fed (on `jobs` threads) and `sink` on the results in
    /// input order; returns what `feed` returned once the sink has taken
    /// every result (or stopped). `Err` only when no thread could be
    /// started; fewer threads than asked for still do the work.
    pub fn run<T, R, O>(
        &self,
        work: impl Fn(T, &Stop) -> R + Sync,
        sink: &mut (impl Sink<R> + Send),
        feed: impl FnOnce(&Feeder<T>) -> O,
    ) -> std::io::Result<O>
    where
        T: Send,
        R: Send,
    {
        let stop = Stop::default();
        let gate = Arc::new(Gate::default());
        let (job_tx, job_rx) = mpsc::sync_channel::<(usize, T)>(self.jobs.max(1));
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<(usize, R)>();
        std::thread::scope(|scope| {
            let mut workers = 0;
            for k in 0..self.jobs.max(1) {
                let (done_tx, job_rx, stop, work) = (done_tx.clone(), &job_rx, &stop, &work);
                let spawned = std::thread::Builder::new()
                    .name(format!("{}-{k}", self.name))
                    .spawn_scoped(scope, move || loop {
                        let job = job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                        let Ok((i, item)) = job else { break };
                        // Items queued before a stop are drained, not done.
                        if !stop.is_set() {
                            let _ = done_tx.send((i, work(item, stop)));
                        }
                    });
                match spawned {
                    Ok(_) => workers += 1,
                    Err(_) if workers > 0 => break,
                    Err(e) => return Err(e),
                }
            }
            drop(done_tx);
            let (gate_s, stop_s) = (&gate, &stop);
            std::thread::Builder::new()
                .name(format!("{}-sink", self.name))
                .spawn_scoped(scope, move || {
                    take_in_order(done_rx, sink, gate_s, stop_s);
                    gate_s.close();
                })?;
            let feeder = Feeder {
                shared: Rc::new(Fed {
                    jobs: RefCell::new(Some(job_tx)),
                    sent: Cell::new(0),
                    gate: Arc::clone(&gate),
                    window: self.window.max(1),
                    stop: stop.clone(),
                }),
            };
            let out = feed(&feeder);
            // No more items, whatever clones of the feeder are kept: the
            // workers end once the queue is empty, then the sink.
            feeder.shared.jobs.borrow_mut().take();
            Ok(out)
        })
    }
}

/// Hands the results to `sink` in input order as they become ready.
fn take_in_order<R>(
    done: mpsc::Receiver<(usize, R)>,
    sink: &mut impl Sink<R>,
    gate: &Gate,
    stop: &Stop,
) {
    let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
    let mut next = 0;
    loop {
        let mut moved = false;
        while let Some(result) = waiting.remove(&next) {
            moved = true;
            if sink.take(next, result) == Flow::Stop {
                stop.set();
                return;
            }
            next += 1;
        }
        if moved {
            gate.set(next);
        }
        let (i, result) = match done.try_recv() {
            Ok(m) => m,
            Err(mpsc::TryRecvError::Disconnected) => return,
            Err(mpsc::TryRecvError::Empty) => {
                sink.idle();
                match done.recv() {
                    Ok(m) => m,
                    Err(_) => return, // every worker is done
                }
            }
        };
        waiting.insert(i, result);
    }
}

/// How many results the sink has taken, for the feeder to wait on.
struct Gate {
    /// Results taken; `None` once the sink has ended.
    taken: Mutex<Option<usize>>,
    moved: Condvar,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate {
            taken: Mutex::new(Some(0)),
            moved: Condvar::new(),
        }
    }
}

impl Gate {
    /// Waits until item `i` (0-based) is fewer than `window` items ahead of
    /// the sink; `false` when the sink has ended.
    fn wait_below(&self, i: usize, window: usize) -> bool {
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match *taken {
                None => return false,
                Some(t) if i < t + window => return true,
                Some(_) => {
                    taken = self.moved.wait(taken).unwrap_or_else(|e| e.into_inner());
                }
            }
        }
    }

    fn set(&self, taken: usize) {
        let mut t = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        if t.is_some() {
            *t = Some(taken);
        }
        self.moved.notify_all();
    }

    fn close(&self) {
        *self.taken.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.moved.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn jobs_parse_from_one_to_the_most() {
        assert_eq!(parse_jobs("1"), Ok(1));
        assert_eq!(parse_jobs(" 256 "), Ok(MAX_JOBS));
        assert_eq!(parse_jobs("0"), Err("expected at least 1 job".into()));
        for huge in ["257", "99999999999999999999999"] {
            assert!(
                parse_jobs(huge)
                    .unwrap_err()
                    .starts_with("at most 256 jobs"),
                "{huge}"
            );
        }
        assert!(parse_jobs("two").unwrap_err().contains("from 1 to 256"));
        assert!((1..=MAX_JOBS).contains(&every_core()));
    }

    /// Collects results, checking their order.
    #[derive(Default)]
    struct Collect {
        got: Vec<(usize, u64)>,
        stop_at: Option<usize>,
    }

    impl Sink<u64> for Collect {
        fn take(&mut self, index: usize, result: u64) -> Flow {
            assert_eq!(index, self.got.len(), "out of order");
            self.got.push((index, result));
            if Some(index) == self.stop_at {
                Flow::Stop
            } else {
                Flow::Go
            }
        }
    }

    fn pool(jobs: usize, window: usize) -> Pool {
        Pool {
            jobs,
            window,
            name: "test",
        }
    }

    /// Some work on `x` that takes longer for earlier items.
    fn slow(x: u64) -> u64 {
        (0..(200 - x) * 50)
            .fold(x, |a, b| a ^ b)
            .wrapping_mul(x + 3)
    }

    /// Results come in input order whatever the threads, even when later
    /// items finish first.
    #[test]
    fn results_come_in_input_order() {
        for (jobs, window) in [(1, 1), (2, 3), (8, 32)] {
            let mut sink = Collect::default();
            let sent = pool(jobs, window)
                .run(
                    |x: u64, _| slow(x),
                    &mut sink,
                    |feeder| {
                        for x in 0..200 {
                            assert!(feeder.send(x));
                        }
                        feeder.sent()
                    },
                )
                .unwrap();
            assert_eq!(sent, 200);
            let want: Vec<(usize, u64)> = (0..200).map(|x| (x as usize, slow(x))).collect();
            assert_eq!(sink.got, want, "jobs {jobs}");
        }
    }

    /// The feeder is never more than the window ahead of the sink: with
    /// the sink held back, sending waits.
    #[test]
    fn the_feeder_stays_within_the_window() {
        struct Slow<'a> {
            taken: &'a AtomicUsize,
        }
        impl Sink<usize> for Slow<'_> {
            fn take(&mut self, _: usize, _: usize) -> Flow {
                self.taken.fetch_add(1, Ordering::SeqCst);
                Flow::Go
            }
        }
        let taken = AtomicUsize::new(0);
        let mut sink = Slow { taken: &taken };
        let window = 4;
        pool(3, window)
            .run(
                |x: usize, _| x,
                &mut sink,
                |feeder| {
                    for x in 0..100 {
                        assert!(feeder.send(x));
                        // Item x went in, so the sink had taken more than x - window.
                        assert!(
                            taken.load(Ordering::SeqCst) + window > x,
                            "item {x} sent with {} taken",
                            taken.load(Ordering::SeqCst)
                        );
                    }
                },
            )
            .unwrap();
        assert_eq!(taken.load(Ordering::SeqCst), 100);
    }

    /// A sink that stops: no result after it is taken, the feeder refuses
    /// more, and the work sees the flag.
    #[test]
    fn a_stop_ends_the_run() {
        for jobs in [1, 4] {
            let mut sink = Collect {
                stop_at: Some(10),
                ..Collect::default()
            };
            let refused = pool(jobs, 8)
                .run(
                    |x: u64, _| x,
                    &mut sink,
                    |feeder| (0..10_000).find(|&x| !feeder.send(x)),
                )
                .unwrap();
            assert_eq!(sink.got.len(), 11);
            assert!(refused.is_some(), "the feeder kept taking items");
        }
        let mut sink = Collect {
            stop_at: Some(0),
            ..Collect::default()
        };
        let (started, seen_stop) = (AtomicBool::new(false), AtomicBool::new(false));
        pool(2, 2)
            .run(
                |x: u64, stop: &Stop| {
                    if x == 0 {
                        // The first result comes once item 1 is under way...
                        while !started.load(Ordering::SeqCst) {
                            std::thread::yield_now();
                        }
                    } else {
                        // ...which then sees the stop that result causes.
                        started.store(true, Ordering::SeqCst);
                        while !stop.is_set() {
                            std::thread::yield_now();
                        }
                        seen_stop.store(true, Ordering::SeqCst);
                    }
                    x
                },
                &mut sink,
                |feeder| {
                    feeder.send(0);
                    feeder.send(1);
                },
            )
            .unwrap();
        assert!(seen_stop.load(Ordering::SeqCst));
    }

    /// A clone of the feeder kept past the run refuses items, and the run
    /// still ends.
    #[test]
    fn a_kept_feeder_does_not_hold_the_run() {
        let mut sink = Collect::default();
        let kept = pool(2, 4)
            .run(
                |x: u64, _| x,
                &mut sink,
                |feeder| {
                    feeder.send(7);
                    feeder.clone()
                },
            )
            .unwrap();
        assert_eq!(sink.got, [(0, 7)]);
        assert!(!kept.send(8));
    }

    /// The sink hears when it is about to wait (here the work waits for
    /// that), and nothing fed at all is a run too.
    #[test]
    fn the_sink_is_told_when_it_waits() {
        struct Waits<'a>(&'a AtomicBool);
        impl Sink<u64> for Waits<'_> {
            fn take(&mut self, _: usize, _: u64) -> Flow {
                Flow::Go
            }
            fn idle(&mut self) {
                self.0.store(true, Ordering::SeqCst);
            }
        }
        let idle = AtomicBool::new(false);
        pool(1, 1)
            .run(
                |x: u64, _| {
                    while !idle.load(Ordering::SeqCst) {
                        std::thread::yield_now();
                    }
                    x
                },
                &mut Waits(&idle),
                |feeder| feeder.send(1),
            )
            .unwrap();
        assert!(idle.load(Ordering::SeqCst));
        let mut empty = Collect::default();
        pool(3, 3)
            .run(|x: u64, _| x, &mut empty, |_: &Feeder<u64>| ())
            .unwrap();
        assert!(empty.got.is_empty());
    }
}
