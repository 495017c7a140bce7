//! The set-up seven endpoints share: solve, verify, play, render, cases,
//! trace and trace/chart each work on a judge input of a named puzzle, and
//! each began with the same twenty-odd lines (the puzzle by name, its
//! settings from `options`, the search bounds, the input, the case
//! number), in the same order, with the same refusals.
//!
//! Now an endpoint declares its request with [`on_input!`] — the shared
//! fields, then its own — and implements [`Own`] for its own fields: the
//! slot its job waits for, and its work given a [`Setup`] for the puzzle
//! the request names. [`check`] does the rest, once: it splits the
//! request, runs the endpoint through the registry with the puzzle's type,
//! reads the shared fields into the [`Setup`], and hands it over.
//!
//! Why a macro for the request type: serde cannot flatten shared fields
//! into a struct that refuses unknown ones (`deny_unknown_fields` does not
//! see through `flatten`), and the refusals are part of the answers, so
//! each request stays one plain serde-derived struct, its shared fields
//! written by the macro.

use gridpuzzle_registry::{Registered, Visit};

use crate::job::{dispatch, Job, Slot, Work};
use crate::options::{Options, SearchBounds};
use crate::request::{CaseNumber, Input, PuzzleName};
use crate::{ApiError, Ctx};

/// The fields every request on a judge input has, as they were sent.
pub(crate) struct Shared {
    pub puzzle: Option<PuzzleName>,
    pub input: Option<Input>,
    pub options: Options,
    /// `None` also for an endpoint whose request has no `case`.
    pub case: Option<CaseNumber>,
}

/// What the shared fields come to for puzzle `P`: where every such
/// endpoint's own work starts.
pub(crate) struct Setup<P> {
    /// The puzzle under the request's settings.
    pub puzzle: P,
    /// The search bounds, within the call's.
    pub bounds: SearchBounds,
    /// The judge input.
    pub input: String,
    /// The case number (1 when not given, or when the request has none).
    pub case: u64,
    /// The transport's recorded traces, if it keeps them (`traces.rs`).
    pub traces: Option<std::sync::Arc<crate::Traces>>,
}

/// A request on a judge input, as [`on_input!`] declares it.
pub(crate) trait InputRequest {
    /// The endpoint's own fields.
    type Own: Own;
    fn split(self) -> (Shared, Self::Own);
}

/// An endpoint's own fields, and what it does with them.
pub(crate) trait Own: Sized {
    /// The slot its job waits for: a search's, unless it only reads.
    fn slot(&self) -> Slot {
        Slot::Search
    }

    /// Its own checks for puzzle `P`, and its work.
    fn work<P: Registered>(self, setup: Setup<P>) -> Result<Work, ApiError>;

    /// Its work and the slot it waits for: [`Own::slot`] and
    /// [`Own::work`], unless the endpoint knows its slot only once it has
    /// its set-up (a window of a trace already recorded needs no search).
    fn plan<P: Registered>(self, setup: Setup<P>) -> Result<(Slot, Work), ApiError> {
        let slot = self.slot();
        Ok((slot, self.work(setup)?))
    }
}

/// Checks a request on a judge input: the puzzle it names (missing: the
/// one refusal every such endpoint gives), then, with that puzzle's type,
/// its settings, its bounds, its input and its case, then the endpoint's
/// own fields; the job waits for the slot the endpoint says.
pub(crate) fn check<R: InputRequest>(req: R, ctx: &Ctx) -> Result<Job, ApiError> {
    let (shared, own) = req.split();
    let puzzle = PuzzleName::required(shared.puzzle)?;
    let (slot, work) = dispatch(puzzle, Read { shared, own, ctx })?;
    Ok(Job::new(slot, work))
}

/// The shared fields read for the puzzle the registry runs it with.
struct Read<'a, O> {
    shared: Shared,
    own: O,
    ctx: &'a Ctx,
}

impl<O: Own> Visit for Read<'_, O> {
    type Output = Result<(Slot, Work), ApiError>;

    fn visit<P: Registered>(self, _: P) -> Result<(Slot, Work), ApiError> {
        let Shared {
            options,
            input,
            case,
            ..
        } = self.shared;
        // In the order the endpoints always checked them: a request with
        // two faults is refused for the same one as before.
        let setup = Setup::<P> {
            puzzle: options.puzzle()?,
            bounds: options.bounds(&self.ctx.bounds),
            input: Input::required(input)?,
            case: CaseNumber::or_first(case),
            traces: self.ctx.traces.clone(),
        };
        self.own.plan(setup)
    }
}

/// Declares an endpoint's request on a judge input: one struct serde reads
/// (unknown fields refused) with the shared fields `puzzle`, `input`,
/// `options` and, after `with`, `case`, then the endpoint's own fields;
/// and the struct of its own fields (`=> Own`), which [`InputRequest`]
/// splits off.
macro_rules! on_input {
    // The request's `case`, or none for an endpoint without one.
    (@case) => {
        None
    };
    (@case $case:ident) => {
        $case
    };
    (
        $(#[$meta:meta])*
        pub struct $name:ident $(with $case:ident)? => $own:ident {
            $($(#[$field_meta:meta])* $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            #[serde(default, deserialize_with = "crate::request::given")]
            puzzle: Option<crate::request::PuzzleName>,
            #[serde(default, deserialize_with = "crate::request::given")]
            input: Option<crate::request::Input>,
            #[serde(default)]
            options: crate::options::Options,
            $($case: Option<crate::request::CaseNumber>,)?
            $($(#[$field_meta])* $field: $ty,)*
        }

        /// The fields of the request that are the endpoint's own.
        pub(crate) struct $own {
            $($field: $ty,)*
        }

        impl crate::setup::InputRequest for $name {
            type Own = $own;

            fn split(self) -> (crate::setup::Shared, $own) {
                let $name { puzzle, input, options, $($case,)? $($field,)* } = self;
                let case = crate::setup::on_input!(@case $($case)?);
                let shared = crate::setup::Shared { puzzle, input, options, case };
                (shared, $own { $($field,)* })
            }
        }
    };
}
pub(crate) use on_input;
