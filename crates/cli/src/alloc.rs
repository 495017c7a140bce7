//! The binary's memory allocator, counted: what the run's memory budget
//! (`--memory`, `gridpuzzle_engine::memory`) reads.
//!
//! jemalloc (tikv-jemallocator) for its giving memory back after a burst,
//! which matters for `serve` (the reasons and figures are in `serve.rs`
//! and BENCHMARKS.md, "Server under attack"); the system allocator with
//! MSVC, where jemalloc does not build. Either is wrapped in `cap`'s
//! counter, whose count of the bytes live is what the budget reads. A
//! module of its own, below every command, so that `args` (which sets the
//! budget) and `serve` (which tunes jemalloc) both stand on it and
//! neither on the other.

#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: cap::Cap<tikv_jemallocator::Jemalloc> =
    cap::Cap::new(tikv_jemallocator::Jemalloc, usize::MAX);

#[cfg(target_env = "msvc")]
#[global_allocator]
static ALLOCATOR: cap::Cap<std::alloc::System> = cap::Cap::new(std::alloc::System, usize::MAX);

/// Bytes live on the heap: the reading of the run's memory budget,
/// counted by `cap` around the allocator (its own limit is never set: a
/// refused allocation would abort, where the budget ends a case with
/// `limit`).
pub fn heap_in_use() -> usize {
    ALLOCATOR.allocated()
}
