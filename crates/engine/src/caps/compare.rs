//! The searches of a puzzle side by side on the same cases: what `trace
//! --compare` prints and the page's chart draws.
//!
//! Which runs, in which order, and against which answer is the same for
//! every front end, so it is here, beside [`WatchOf::run`], once: every
//! chosen search on every case, cases in input order and searches in the
//! puzzle's order; the puzzle's exact solver once per case, before its
//! searches, so they are all judged against the same answer; and each
//! run — the exact one and every search — under a budget of its own
//! (fresh [`Limits`]: a deadline counts from that run's start). A
//! [`Comparison`] is an iterator that makes a row when asked for one, so a
//! front end writes each row as soon as its search ends, and no event is
//! kept (a [`Count`] sink): a comparison is of totals.
//!
//! The words of the comparison are here too: the table's heading, rows
//! and note ([`table_heading`], [`table_row`], [`TABLE_NOTE`]), and the
//! chart of the states expanded by depth with its title ([`chart`]). Its
//! JSON record is [`crate::report::compared_json`], beside the others.

use crate::puzzle::{exact_answer, Puzzle};
use crate::search::Limits;
use crate::trace::{Count, Prune, Run};

use super::WatchOf;

/// The runs of a comparison, one row (the case's number and its run) at a
/// time; an `Err` is a search that could not run, and ends it.
pub struct Comparison<'a, P: Puzzle, L> {
    watch: &'a dyn WatchOf<P>,
    puzzle: &'a P,
    cases: &'a [(u64, P::Case)],
    algorithms: Vec<&'static str>,
    limits: L,
    /// The next run: which case, which algorithm.
    next: (usize, usize),
    /// The exact answer of the case being compared.
    exact: Option<i64>,
}

impl<'a, P: Puzzle, L: Fn() -> Limits> Comparison<'a, P, L> {
    /// Every search `watch` offers (only `only`, when given) on each of
    /// `cases` (numbered as their input numbers them), each run under
    /// `limits()`. A search the puzzle does not offer is refused here,
    /// before anything runs.
    pub fn new(
        watch: &'a dyn WatchOf<P>,
        puzzle: &'a P,
        cases: &'a [(u64, P::Case)],
        only: Option<&str>,
        limits: L,
    ) -> Result<Self, String> {
        let algorithms = match only {
            Some(name) => vec![watch.algorithm(name)?.name],
            None => watch.algorithms().iter().map(|a| a.name).collect(),
        };
        Ok(Comparison {
            watch,
            puzzle,
            cases,
            algorithms,
            limits,
            next: (0, 0),
            exact: None,
        })
    }
}

impl<P: Puzzle, L: Fn() -> Limits> Iterator for Comparison<'_, P, L> {
    type Item = Result<(u64, Run), String>;

    fn next(&mut self) -> Option<Self::Item> {
        let (c, a) = self.next;
        let (n, case) = self.cases.get(c)?;
        let name = *self.algorithms.get(a)?;
        if a == 0 {
            self.exact = exact_answer(self.puzzle, case, &(self.limits)());
        }
        self.next = if a + 1 < self.algorithms.len() {
            (c, a + 1)
        } else {
            (c + 1, 0)
        };
        let limits = (self.limits)();
        let run = self
            .watch
            .run(self.puzzle, case, name, &limits, 0, &mut Count, self.exact);
        Some(run.map(|run| (*n, run)))
    }
}

/// The heading of the comparison's table.
pub fn table_heading() -> String {
    format!(
        "{:>4}  {:<12} {:>7}  {:>10} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "case",
        "algorithm",
        "answer",
        "expanded",
        "generated",
        "visited",
        "bound",
        "cap",
        "dead-end",
        "frontier",
        "stored",
        "ms"
    )
}

/// One row of the table: `run` on case `case`, its answer marked `!` when
/// it differs from the exact one and `?` when either is unknown.
pub fn table_row(case: u64, run: &Run) -> String {
    let answer = match (run.traced.answer, run.correct()) {
        (Some(a), Some(true)) => a.to_string(),
        (Some(a), Some(false)) => format!("{a} !"),
        (Some(a), None) => format!("{a} ?"),
        (None, _) if run.refused => "refused".to_string(),
        (None, _) => "limit ?".to_string(),
    };
    let t = &run.tally;
    format!(
        "{case:>4}  {:<12} {answer:>7}  {:>10} {:>10} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9.1}",
        run.algorithm,
        t.expanded,
        t.generated,
        t.pruned(Prune::Visited),
        t.pruned(Prune::Bound),
        t.pruned(Prune::Cap),
        t.pruned(Prune::DeadEnd),
        run.traced.peak_frontier,
        run.traced.peak_stored,
        run.elapsed.as_secs_f64() * 1000.0
    )
}

/// The line under the table: what its marks mean.
pub const TABLE_NOTE: &str = "answer: ! differs from the exact solver's, ? not proved (a budget \
ran out, or no exact answer to compare); refused: the search cannot take the case (JSON's `limit` \
says why)";

/// The chart of the searches `series` (each its name and the states it
/// expanded at each depth) on case `case` of `P`, as an SVG document
/// titled with the puzzle, the case and what is drawn.
pub fn chart<P: Puzzle>(case: u64, series: &[(&str, Vec<u64>)]) -> String {
    let lines: Vec<(&str, &[u64])> = series.iter().map(|(a, v)| (*a, v.as_slice())).collect();
    let title = format!(
        "{}: {} {case}, states expanded by depth",
        P::INFO.title,
        P::INFO.unit
    );
    crate::svg::chart(&title, &lines)
}
