//! The endpoints by name, and the two phases of a call: [`Endpoint::check`]
//! reads a request and checks it for its puzzle, at once, into a [`Job`];
//! [`Job::run`] does the work under the call's [`Ctx`].
//!
//! Why two phases: a transport with slots (the server's fixed number of
//! searches at once) must answer a bad request before it waits for one,
//! and must know which kind of slot the work needs ([`Slot`]: `/api/play`
//! needs a search slot only when it asks for a hint). A transport without
//! slots calls [`crate::call`], which does both.

use gridpuzzle_registry::Visit;

use crate::request::{read, PuzzleName};
use crate::{board, cases, generate, play, puzzles, render, solve, trace, verify};
use crate::{Answer, ApiError, Ctx};

/// One endpoint of the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// `puzzles`: what the page offers of every puzzle (no body).
    Puzzles,
    /// `algorithms`: the searches and lessons to watch (no body).
    Algorithms,
    /// `solve`: every case of a judge input solved.
    Solve,
    /// `verify`: the verdict on each case's plan.
    Verify,
    /// `generate`: puzzles with a proved optimum.
    Generate,
    /// `render`: the SVG of a case played.
    Render,
    /// `cases`: the boards of a judge input.
    Cases,
    /// `play`: what each move of a game changes, and a hint.
    Play,
    /// `board`: a draft's judge text and game ID, and back.
    Board,
    /// `trace`: a window of a search's events.
    Trace,
    /// `trace/chart`: the growth by depth of searches, as SVG.
    Chart,
}

impl Endpoint {
    /// Every endpoint, the catalogs first.
    pub const ALL: [Endpoint; 11] = [
        Endpoint::Puzzles,
        Endpoint::Algorithms,
        Endpoint::Solve,
        Endpoint::Verify,
        Endpoint::Generate,
        Endpoint::Render,
        Endpoint::Cases,
        Endpoint::Play,
        Endpoint::Board,
        Endpoint::Trace,
        Endpoint::Chart,
    ];

    /// Its name: the server's path after `/api/` (`solve`, `trace/chart`).
    pub fn name(self) -> &'static str {
        match self {
            Endpoint::Puzzles => "puzzles",
            Endpoint::Algorithms => "algorithms",
            Endpoint::Solve => "solve",
            Endpoint::Verify => "verify",
            Endpoint::Generate => "generate",
            Endpoint::Render => "render",
            Endpoint::Cases => "cases",
            Endpoint::Play => "play",
            Endpoint::Board => "board",
            Endpoint::Trace => "trace",
            Endpoint::Chart => "trace/chart",
        }
    }

    /// The endpoint called `name` ([`Endpoint::name`]).
    pub fn named(name: &str) -> Option<Endpoint> {
        Endpoint::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Whether a request sends a body (the server's POST). The catalogs
    /// take none: their answers depend on the build alone.
    pub fn reads_body(self) -> bool {
        !matches!(self, Endpoint::Puzzles | Endpoint::Algorithms)
    }

    /// Reads `body` as this endpoint's request and checks it for the
    /// puzzle it names: the work to do, or the refusal. A catalog ignores
    /// `body`.
    pub fn check(self, body: &[u8], ctx: &Ctx) -> Result<Job, ApiError> {
        match self {
            Endpoint::Puzzles => Ok(Job::constant(puzzles::catalog())),
            Endpoint::Algorithms => Ok(Job::constant(trace::catalog())),
            Endpoint::Solve => solve::check(read(body)?, ctx),
            Endpoint::Verify => verify::check(read(body)?, ctx),
            Endpoint::Generate => generate::check(read(body)?, ctx),
            Endpoint::Render => render::check(read(body)?, ctx),
            Endpoint::Cases => cases::check(read(body)?, ctx),
            Endpoint::Play => play::check(read(body)?, ctx),
            Endpoint::Board => board::check(read(body)?, ctx),
            Endpoint::Trace => trace::check(read(body)?, ctx),
            Endpoint::Chart => trace::check_chart(read(body)?, ctx),
        }
    }
}

/// Which of a transport's slots the work of a request waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// It searches: one of the few search slots.
    Search,
    /// It only reads or replays, checking the call's deadline as it goes:
    /// one of the light slots, so a move on the page does not queue
    /// behind searches.
    Light,
    /// None: a constant of the build (the catalogs).
    Free,
}

/// The work of a checked request, done under the call's [`Ctx`].
pub(crate) type Work = Box<dyn FnOnce(&Ctx) -> Result<Answer, ApiError> + Send>;

/// A checked request: its work, and the slot it waits for.
pub struct Job {
    slot: Slot,
    work: Work,
}

impl Job {
    pub(crate) fn new(slot: Slot, work: Work) -> Job {
        Job { slot, work }
    }

    /// A job whose answer is this JSON text, already made.
    fn constant(body: &'static str) -> Job {
        Job::new(
            Slot::Free,
            Box::new(|_| Ok(Answer::ok_json(body.to_string()))),
        )
    }

    /// The slot the work waits for.
    pub fn slot(&self) -> Slot {
        self.slot
    }

    /// Does the work: the answer, a refusal's included.
    pub fn run(self, ctx: &Ctx) -> Answer {
        self.run_once(ctx).unwrap_or_else(|| ApiError::Again.into())
    }

    /// Does the work, or `None` when it found it must be checked again
    /// and given a search slot: a window of a trace that waited for
    /// another request's run of the same search (`traces.rs`) and found
    /// its window outside what that run recorded. A transport with slots
    /// checks the request again (it now waits for a search slot); `call`
    /// does the same.
    ///
    /// The work counts as one job of the call's memory budget
    /// ([`gridpuzzle_engine::memory::Job`]): what its tables were granted
    /// is what it holds when it waits for room.
    pub fn run_once(self, ctx: &Ctx) -> Option<Answer> {
        let _job = gridpuzzle_engine::memory::Job::begin();
        match (self.work)(ctx) {
            Err(ApiError::Again) => None,
            done => Some(done.unwrap_or_else(Answer::from)),
        }
    }
}

/// Runs `work` with the puzzle a request named: an endpoint's [`Visit`],
/// through the registry.
pub(crate) fn dispatch<V, T>(puzzle: PuzzleName, work: V) -> Result<T, ApiError>
where
    V: Visit<Output = Result<T, ApiError>>,
{
    // The name was checked against the registry when it was read.
    gridpuzzle_registry::visit(puzzle.name(), work).unwrap_or(Err(ApiError::Internal))
}
