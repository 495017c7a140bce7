//! The one error of the API: every refusal an endpoint gives, typed until
//! a transport turns it into a status and a body ([`crate::Answer`]).
//!
//! Why an enum with `From` conversions: the endpoints read and check
//! with `?`, and the errors of the engine that have a type of their own
//! (a judge input that does not read, [`InputError`]; a capability the
//! puzzle lacks, [`Lacks`]) stay that type up to the edge, where
//! [`ApiError::status`] and its `Display` (the words of `{"error": ...}`)
//! are decided in one place. The engine's rule errors that are already
//! text (a refused setting, a draft that is no board) are
//! [`ApiError::BadRequest`], by `From<String>`.

use std::fmt;

use gridpuzzle_engine::caps::Lacks;
use gridpuzzle_engine::error::InputError;

/// A refusal of the API.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request is wrong: its JSON, a field, a setting, a move.
    BadRequest(String),
    /// 400: the judge input does not read; the words are the ones the
    /// command line prints after `gridpuzzle: `.
    Input(InputError),
    /// 400: the request asked the puzzle for a capability it does not
    /// declare (`curling has no page on the web`).
    Lacks(Lacks),
    /// 404: no endpoint of that name.
    NotFound,
    /// 503: the call's time ran out (or its client left) before work that
    /// is not a search was done; a search stopped so is answered `limit`
    /// instead.
    OutOfTime(String),
    /// 500: a bug of ours, not the request's fault.
    Internal,
    /// 503: a window of a trace that waited for another request's run of
    /// its search and must be checked again to get a search slot of its
    /// own ([`crate::Job::run_once`]); a transport checks it again, so a
    /// client sees it only when that keeps happening.
    Again,
}

impl ApiError {
    /// A [`ApiError::BadRequest`] in these words.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(message.into())
    }

    /// A [`ApiError::OutOfTime`] in these words.
    pub fn out_of_time(message: impl Into<String>) -> ApiError {
        ApiError::OutOfTime(message.into())
    }

    /// The HTTP status a transport answers it with (the page's worker
    /// hands the same number to the page).
    pub fn status(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) | ApiError::Input(_) | ApiError::Lacks(_) => 400,
            ApiError::NotFound => 404,
            ApiError::Internal => 500,
            ApiError::OutOfTime(_) | ApiError::Again => 503,
        }
    }
}

/// The words of `{"error": ...}`.
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadRequest(words) | ApiError::OutOfTime(words) => f.write_str(words),
            ApiError::Input(e) => e.fmt(f),
            ApiError::Lacks(lacks) => lacks.fmt(f),
            ApiError::NotFound => f.write_str("no such page"),
            ApiError::Again => f.write_str("busy: the search is being traced; try again shortly"),
            ApiError::Internal => {
                f.write_str("internal error: the request failed; please report it with its input")
            }
        }
    }
}

impl std::error::Error for ApiError {}

/// A rule of the puzzle refused the request, in the words the engine's
/// capabilities give as text (a setting's value, a draft that is no
/// board, a game ID that does not read).
impl From<String> for ApiError {
    fn from(words: String) -> ApiError {
        ApiError::BadRequest(words)
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        ApiError::Input(e)
    }
}

impl From<Lacks> for ApiError {
    fn from(lacks: Lacks) -> ApiError {
        ApiError::Lacks(lacks)
    }
}
