//! A checked request, [`Job`]: the second phase of a call, [`Job::run`],
//! does its work under the call's [`Ctx`].
//!
//! Why two phases: a transport with slots (the server's fixed number of
//! searches at once) must answer a bad request before it waits for one,
//! and must know which kind of slot the work needs ([`Slot`]: `/api/play`
//! needs a search slot only when it asks for a hint). A transport without
//! slots calls [`crate::call`], which does both.
//!
//! Every endpoint's module makes its job here (and reaches its puzzle
//! through [`dispatch`]); the table of endpoints (`endpoint.rs`) calls
//! them.

use gridpuzzle_registry::Visit;

use crate::request::PuzzleName;
use crate::{Answer, ApiError, Ctx};

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
    pub(crate) fn constant(body: &'static str) -> Job {
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
