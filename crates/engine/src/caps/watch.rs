//! Searches to watch: [`Watch`].
//!
//! The events, the recorder and its budget are [`crate::trace`]'s; a
//! puzzle lists the searches it offers (its own solver among them,
//! watched, and the public searches people write for it) and runs one by
//! name, reporting every step to the recorder.

use super::Via;
use crate::puzzle::Puzzle;
use crate::trace::{Algorithm, Lesson, Recorder, Stop, Traced};

/// A puzzle whose searches can be watched.
pub trait Watch: Puzzle {
    /// The searches offered, in the order front ends list them.
    const ALGORITHMS: &'static [Algorithm];
    /// Boards that teach something about those searches.
    const LESSONS: &'static [Lesson] = &[];

    /// True when the settings are the judge's. The searches offered for
    /// watching play the judge's rules (the contest programs know no
    /// other), so [`crate::trace::run`] refuses other settings rather
    /// than judge them against a solver playing different rules.
    fn judge_rules(&self) -> bool {
        true
    }

    /// Runs the search called `algorithm` (one of [`Watch::ALGORITHMS`])
    /// on `case`, reporting every event to `rec`, which also charges the
    /// budget; [`Stop::Unknown`] for a name it does not offer.
    fn trace(
        &self,
        case: &Self::Case,
        algorithm: &str,
        rec: &mut Recorder<'_>,
    ) -> Result<Traced, Stop>;
}

/// [`Watch`] as the front ends call it (see [`super::Caps`]).
pub trait WatchOf<P: Puzzle>: Sync {
    fn algorithms(&self) -> &'static [Algorithm];
    fn lessons(&self) -> &'static [Lesson];
    fn judge_rules(&self, puzzle: &P) -> bool;
    fn trace(
        &self,
        puzzle: &P,
        case: &P::Case,
        algorithm: &str,
        rec: &mut Recorder<'_>,
    ) -> Result<Traced, Stop>;
}

impl<P: Watch> WatchOf<P> for Via<P> {
    fn algorithms(&self) -> &'static [Algorithm] {
        P::ALGORITHMS
    }
    fn lessons(&self) -> &'static [Lesson] {
        P::LESSONS
    }
    fn judge_rules(&self, puzzle: &P) -> bool {
        puzzle.judge_rules()
    }
    fn trace(
        &self,
        puzzle: &P,
        case: &P::Case,
        algorithm: &str,
        rec: &mut Recorder<'_>,
    ) -> Result<Traced, Stop> {
        puzzle.trace(case, algorithm, rec)
    }
}
