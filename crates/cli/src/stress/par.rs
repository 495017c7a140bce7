//! `--jobs`: trying inputs on several threads while keeping the result
//! what one thread would find.
//!
//! Indices are handed out in increasing order; a worker that finds a
//! failure lowers the bound, and no index above it is handed out again.
//! Since every index below a handed-out one was handed out before it, when
//! all workers are done every index below the lowest failure has been
//! tried: the answer is the first failure in order, whatever the number of
//! threads or their timing. (Shrinking relies on that: the same seed gives
//! the same smallest input with `--jobs 1` and `--jobs 8`.)

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Result;

/// How a scan ended.
#[derive(Debug)]
pub enum Scan<R> {
    /// The lowest index whose try found something, and what.
    Found(usize, R),
    /// Every index was tried; nothing found.
    Done,
    /// `stop` said so before every index was tried; nothing found.
    Stopped,
}

/// Tries `f(0)`, `f(1)`, … `f(n - 1)` on `jobs` threads (see the module
/// docs); `stop` is asked before each index is taken.
pub fn first<R: Send>(
    n: usize,
    jobs: usize,
    stop: &(dyn Fn() -> bool + Sync),
    f: &(dyn Fn(usize) -> Result<Option<R>> + Sync),
) -> Result<Scan<R>> {
    let next = AtomicUsize::new(0);
    let bound = AtomicUsize::new(n);
    let best: Mutex<Option<(usize, R)>> = Mutex::new(None);
    let error: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let stopped = AtomicUsize::new(0);
    let work = || loop {
        if stop() {
            stopped.store(1, Ordering::SeqCst);
            return;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= bound.load(Ordering::SeqCst) {
            return;
        }
        match f(i) {
            Ok(None) => {}
            Ok(Some(r)) => {
                bound.fetch_min(i, Ordering::SeqCst);
                let mut b = best.lock().expect("no worker panics holding it");
                if b.as_ref().is_none_or(|(j, _)| i < *j) {
                    *b = Some((i, r));
                }
            }
            Err(e) => {
                bound.store(0, Ordering::SeqCst);
                error
                    .lock()
                    .expect("no worker panics holding it")
                    .get_or_insert(e);
                return;
            }
        }
    };
    if jobs <= 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..jobs {
                s.spawn(work);
            }
        });
    }
    if let Some(e) = error.into_inner().expect("workers are done") {
        return Err(e);
    }
    Ok(match best.into_inner().expect("workers are done") {
        Some((i, r)) => Scan::Found(i, r),
        None if stopped.load(Ordering::SeqCst) == 1 => Scan::Stopped,
        None => Scan::Done,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failure_is_found_whatever_the_threads() {
        for jobs in [1, 2, 8] {
            let found = first(1000, jobs, &|| false, &|i| {
                Ok((i % 97 == 50 || i == 700).then_some(i * 2))
            })
            .unwrap();
            assert!(matches!(found, Scan::Found(50, 100)), "{jobs}: {found:?}");
            let none = first(100, jobs, &|| false, &|_| Ok(None::<()>)).unwrap();
            assert!(matches!(none, Scan::Done));
            let stopped = first(100, jobs, &|| true, &|_| Ok(None::<()>)).unwrap();
            assert!(matches!(stopped, Scan::Stopped));
        }
    }
}
