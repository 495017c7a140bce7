//! The engine's clock: [`Instant`] (deadlines, a search's wall time) and
//! [`since_epoch`] (a seed from the time of day), on every target the
//! engine builds for.
//!
//! Why a module of its own: on `wasm32-unknown-unknown` (the page's Web
//! Worker, `crates/wasm`) the standard library has no clock at all, and
//! `std::time::Instant::now()` panics. The usual answer, the `web-time`
//! crate, reads the browser's clock through `wasm-bindgen`, whose imports
//! only its own command-line post-processor can satisfy; the module here
//! is plain exports and a few imports written by hand. So the host hands
//! the engine its clock once ([`set_source`], from `crates/wasm`, which
//! imports `performance.now()` and `Date.now()`), and the engine, the API
//! and the puzzles read the time only through this module.
//!
//! On every other target this is `std::time::Instant` itself, re-exported:
//! the same type, the same code, the same speed (a search reads the clock
//! every few thousand steps), and a library user passing a
//! `std::time::Instant` as a deadline keeps doing so.

use std::time::Duration;

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub use web::{set_source, Instant, Source};

/// The time of day, as time since 1970-01-01 UTC (zero for a clock set
/// before it).
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub fn since_epoch() -> Duration {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

/// The time of day, as time since 1970-01-01 UTC, from the host's clock
/// ([`set_source`]).
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub fn since_epoch() -> Duration {
    web::millis((web::source().wall)())
}

#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod web {
    use std::ops::{Add, AddAssign, Sub, SubAssign};
    use std::sync::OnceLock;
    use std::time::Duration;

    /// The host's clocks, in milliseconds, as a browser gives them.
    #[derive(Debug, Clone, Copy)]
    pub struct Source {
        /// A clock that never goes back (`performance.now()`).
        pub monotonic: fn() -> f64,
        /// The time of day since 1970 (`Date.now()`).
        pub wall: fn() -> f64,
    }

    static SOURCE: OnceLock<Source> = OnceLock::new();

    /// Gives the engine its clocks: once, before any work (later calls
    /// change nothing).
    pub fn set_source(source: Source) {
        let _ = SOURCE.set(source);
    }

    pub(super) fn source() -> &'static Source {
        SOURCE
            .get()
            .expect("no clock on this target: the host calls clock::set_source first")
    }

    /// `ms` milliseconds as a duration; a negative or NaN reading is zero.
    pub(super) fn millis(ms: f64) -> Duration {
        Duration::from_secs_f64(if ms > 0.0 { ms / 1000.0 } else { 0.0 })
    }

    /// A reading of the monotonic clock, with the methods of
    /// `std::time::Instant` the workspace uses.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Instant(Duration);

    impl Instant {
        pub fn now() -> Instant {
            Instant(millis((source().monotonic)()))
        }

        /// Zero when `earlier` is later, as std's.
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            self.0.saturating_sub(earlier.0)
        }

        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }

        pub fn checked_duration_since(&self, earlier: Instant) -> Option<Duration> {
            self.0.checked_sub(earlier.0)
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }

        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            self.0.checked_add(d).map(Instant)
        }

        pub fn checked_sub(&self, d: Duration) -> Option<Instant> {
            self.0.checked_sub(d).map(Instant)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            self.checked_add(d)
                .expect("overflow when adding duration to instant")
        }
    }

    impl AddAssign<Duration> for Instant {
        fn add_assign(&mut self, d: Duration) {
            *self = *self + d;
        }
    }

    impl Sub<Duration> for Instant {
        type Output = Instant;
        fn sub(self, d: Duration) -> Instant {
            self.checked_sub(d)
                .expect("overflow when subtracting duration from instant")
        }
    }

    impl SubAssign<Duration> for Instant {
        fn sub_assign(&mut self, d: Duration) {
            *self = *self - d;
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward_and_the_day_is_after_2020() {
        let start = Instant::now();
        assert!(Instant::now() >= start);
        assert!(since_epoch() > Duration::from_secs(1_577_836_800));
    }
}
