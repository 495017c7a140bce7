//! Searches to watch: [`Watch`].
//!
//! The events, the recorder and its budget are [`crate::trace`]'s; a
//! puzzle lists the searches it offers (its own solver among them,
//! watched, and the public searches people write for it) and runs one by
//! name, reporting every step to the recorder.

use super::Via;
use crate::clock::Instant;
use crate::puzzle::Puzzle;
use crate::search::Limits;
use crate::trace::{Algorithm, Lesson, Recorder, Run, Sink, Stop, Traced};

/// A puzzle whose searches can be watched.
pub trait Watch: Puzzle {
    /// The searches offered, in the order front ends list them.
    const ALGORITHMS: &'static [Algorithm];
    /// Boards that teach something about those searches.
    const LESSONS: &'static [Lesson] = &[];
    /// How the searches pack a state's chain of cells into bits, when
    /// they do: a front end then shows a state's code under its board,
    /// two bits a link from the moving cell along `cells`, each link the
    /// side the next cell lies on — `0` right, `1` below, `2` left, `3`
    /// above — with this sentence. `None`: the state's cells are no chain.
    const STATE_CODE: Option<&'static str> = None;

    /// True when the settings are the judge's. The searches offered for
    /// watching play the judge's rules (the contest programs know no
    /// other), so [`WatchOf::run`] refuses other settings rather
    /// than judge them against a solver playing different rules.
    fn judge_rules(&self) -> bool {
        true
    }

    /// Why the search called `algorithm` cannot run on `case` at all (a
    /// search written for the judges' sizes refusing a board its table
    /// cannot hold), found without searching, or `None`. A front end asks
    /// before any work on the case, so a refused search costs nothing —
    /// not even the exact solve it would have been judged against. The
    /// search itself must refuse the same cases ([`Stop::Unable`]).
    fn refuses(&self, _case: &Self::Case, _algorithm: &str) -> Option<String> {
        None
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

/// [`Watch`] as the front ends call it (see [`super::Caps`]), with what
/// they do with it: run a search by name ([`WatchOf::run`]) and word its
/// refusals.
pub trait WatchOf<P: Puzzle>: Sync {
    fn algorithms(&self) -> &'static [Algorithm];
    fn lessons(&self) -> &'static [Lesson];
    /// [`Watch::STATE_CODE`].
    fn state_code(&self) -> Option<&'static str>;
    fn judge_rules(&self, puzzle: &P) -> bool;
    /// [`Watch::refuses`].
    fn refuses(&self, puzzle: &P, case: &P::Case, algorithm: &str) -> Option<String>;
    fn trace(
        &self,
        puzzle: &P,
        case: &P::Case,
        algorithm: &str,
        rec: &mut Recorder<'_>,
    ) -> Result<Traced, Stop>;

    /// `Err` with the reason when `puzzle`'s settings are not the judge's:
    /// the searches to watch play the judge's rules
    /// ([`Watch::judge_rules`]).
    fn refuse_rules(&self, puzzle: &P) -> Result<(), String> {
        if self.judge_rules(puzzle) {
            return Ok(());
        }
        Err(format!(
            "the searches to watch play the judge's rules of {}: trace without rule settings",
            P::INFO.name
        ))
    }

    /// The search called `name`, or the error for one the puzzle does not
    /// offer ([`WatchOf::unknown`]).
    fn algorithm(&self, name: &str) -> Result<&'static Algorithm, String> {
        let known = self.algorithms().iter().find(|a| a.name == name);
        known.ok_or_else(|| self.unknown(name))
    }

    /// The lesson called `name`, or the error for one the puzzle does not
    /// ship, listing those it does.
    fn lesson(&self, name: &str) -> Result<&'static Lesson, String> {
        let known = self.lessons().iter().find(|l| l.name == name);
        known.ok_or_else(|| {
            let names: Vec<&str> = self.lessons().iter().map(|l| l.name).collect();
            format!(
                "{} has no lesson {name:?}; its lessons: {}",
                P::INFO.name,
                names.join(", ")
            )
        })
    }

    /// The error for an algorithm the puzzle does not offer, listing those
    /// it does.
    fn unknown(&self, name: &str) -> String {
        let names: Vec<&str> = self.algorithms().iter().map(|a| a.name).collect();
        if names.is_empty() {
            return format!("{} offers no algorithm to trace", P::INFO.name);
        }
        format!(
            "unknown algorithm \"{name}\" for {}: choose one of {}",
            P::INFO.name,
            names.join(", ")
        )
    }

    /// Runs `algorithm` on `case`, handing at most `max_events` steps to
    /// `sink`, and judges its answer against `exact` (the puzzle's
    /// solver's answer, computed once by the caller for every algorithm).
    /// An unknown algorithm or a failing sink is an error.
    ///
    /// The arguments are what every caller has at hand and names at the
    /// call (the puzzle and its case, which search, its budgets, where its
    /// steps go): bundling them would only move the list.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        puzzle: &P,
        case: &P::Case,
        algorithm: &str,
        limits: &Limits,
        max_events: u64,
        sink: &mut dyn Sink,
        exact: Option<i64>,
    ) -> Result<Run, String> {
        let known = self.algorithm(algorithm)?;
        self.refuse_rules(puzzle)?;
        let started = Instant::now();
        let mut rec = Recorder::new(sink, limits, max_events);
        let ended = self
            .trace(puzzle, case, known.name, &mut rec)
            .and_then(|traced| rec.finish().map(|()| traced));
        let (traced, limit, refused) = match ended {
            Ok(traced) => (traced, None, false),
            Err(Stop::Limit(hit)) => (rec.held(), Some(hit.to_string()), false),
            Err(Stop::Unable(why)) => (Traced::default(), Some(why), true),
            Err(Stop::Sink(e)) => return Err(format!("cannot write the trace: {e}")),
            Err(Stop::Unknown(_)) => return Err(self.unknown(algorithm)),
        };
        Ok(Run {
            algorithm: known.name,
            traced,
            cut: rec.cut(),
            tally: rec.tally().clone(),
            limit,
            refused,
            elapsed: started.elapsed(),
            exact,
        })
    }
}

impl<P: Watch> WatchOf<P> for Via<P> {
    fn algorithms(&self) -> &'static [Algorithm] {
        P::ALGORITHMS
    }
    fn lessons(&self) -> &'static [Lesson] {
        P::LESSONS
    }
    fn state_code(&self) -> Option<&'static str> {
        P::STATE_CODE
    }
    fn judge_rules(&self, puzzle: &P) -> bool {
        puzzle.judge_rules()
    }
    fn refuses(&self, puzzle: &P, case: &P::Case, algorithm: &str) -> Option<String> {
        puzzle.refuses(case, algorithm)
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
