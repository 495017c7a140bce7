//! The first failure in order, found on several threads: `stress` tries
//! its inputs, and then each shrinking step's edits, this way.
//!
//! The indices go through the engine's ordered pool
//! ([`gridpuzzle_engine::pool`]), whose sink sees the results in index
//! order and stops at the first that found something. Every index below it
//! was tried, so the answer is the first failure in order whatever the
//! number of threads or their timing (shrinking relies on that: the same
//! seed gives the same smallest input with `--jobs 1` and `--jobs 8`).
//! The tries still under way when it is found see the pool's [`Stop`] and
//! may give up early; their results are not looked at.

use anyhow::Result;
use gridpuzzle_engine::pool::{Flow, Pool, Sink, Stop};

/// How a scan ended.
#[derive(Debug)]
pub enum Scan<R> {
    /// The lowest index whose try found something, and what.
    Found(usize, R),
    /// Every index was tried; nothing found.
    Done,
    /// `stop` said so before every index below a finding was tried.
    Stopped,
}

/// The sink: the first finding, error or untried index, in order.
struct First<R> {
    end: Option<Result<Scan<R>>>,
}

impl<R> Sink<Option<Result<Option<R>>>> for First<R> {
    fn take(&mut self, i: usize, result: Option<Result<Option<R>>>) -> Flow {
        self.end = match result {
            Some(Ok(None)) => return Flow::Go,
            Some(Ok(Some(r))) => Some(Ok(Scan::Found(i, r))),
            Some(Err(e)) => Some(Err(e)),
            // Not tried: `stop` was raised first.
            None => Some(Ok(Scan::Stopped)),
        };
        Flow::Stop
    }
}

/// Tries `f(0)`, `f(1)`, … `f(n - 1)` on `jobs` threads (see the module
/// docs); `stop` is asked before each index is tried. An error of `f`
/// ends the scan when its index comes in order.
pub fn first<R: Send>(
    n: usize,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
    f: &(dyn Fn(usize, &Stop) -> Result<Option<R>> + Sync),
) -> Result<Scan<R>> {
    first_of(0..n, jobs, stop, f)
}

/// [`first`] over `items`, taken from the iterator one at a time as the
/// pool's window lets them in (so at most a few per job exist at once:
/// shrinking's candidates are made this way); `Found` gives the index of
/// the item in the iterator.
pub fn first_of<T: Send, R: Send>(
    items: impl Iterator<Item = T>,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
    f: &(dyn Fn(T, &Stop) -> Result<Option<R>> + Sync),
) -> Result<Scan<R>> {
    let pool = Pool {
        jobs,
        window: jobs * 4,
        name: "scan",
    };
    let mut sink = First { end: None };
    let mut items = items;
    let fed_all = pool.run(
        |item, scan: &Stop| (!stop()).then(|| f(item, scan)),
        &mut sink,
        |feeder| {
            while !stop() {
                // The next item is made only once there is room for it.
                let Some(item) = items.next() else {
                    return true;
                };
                if !feeder.send(item) {
                    return false;
                }
            }
            false
        },
    )?;
    match sink.end {
        Some(end) => end,
        None if fed_all => Ok(Scan::Done),
        None => Ok(Scan::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn the_first_failure_is_found_whatever_the_threads() {
        for jobs in [1, 2, 8] {
            let found = first(1000, jobs, &|| false, &|i, _| {
                Ok((i % 97 == 50 || i == 700).then_some(i * 2))
            })
            .unwrap();
            assert!(matches!(found, Scan::Found(50, 100)), "{jobs}: {found:?}");
            let none = first(100, jobs, &|| false, &|_, _| Ok(None::<()>)).unwrap();
            assert!(matches!(none, Scan::Done));
            let stopped = first(100, jobs, &|| true, &|_, _| Ok(None::<()>)).unwrap();
            assert!(matches!(stopped, Scan::Stopped));
            let nothing = first(0, jobs, &|| false, &|_, _| Ok(Some(()))).unwrap();
            assert!(matches!(nothing, Scan::Done));
        }
    }

    /// An error is the scan's answer only when no finding comes before it.
    #[test]
    fn errors_come_in_order_too() {
        for jobs in [1, 4] {
            let found = first(100, jobs, &|| false, &|i, _| match i {
                30 => Ok(Some(i)),
                60 => Err(anyhow::anyhow!("broken")),
                _ => Ok(None),
            })
            .unwrap();
            assert!(matches!(found, Scan::Found(30, 30)));
            let err = first(100, jobs, &|| false, &|i, _| match i {
                20 => Err(anyhow::anyhow!("broken at {i}")),
                60 => Ok(Some(i)),
                _ => Ok(None),
            })
            .unwrap_err();
            assert_eq!(err.to_string(), "broken at 20");
        }
    }

    /// A stop raised part-way ends the scan as stopped, before every index
    /// is tried.
    #[test]
    fn a_stop_part_way_is_stopped() {
        let tried = AtomicUsize::new(0);
        let stopped = first(1000, 2, &|| tried.load(Ordering::SeqCst) >= 10, &|_, _| {
            tried.fetch_add(1, Ordering::SeqCst);
            Ok(None::<()>)
        })
        .unwrap();
        assert!(matches!(stopped, Scan::Stopped));
        assert!(tried.load(Ordering::SeqCst) < 1000);
    }
}
