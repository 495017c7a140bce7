//! Every refusal the server answers, as one enum: the API's own
//! ([`ApiError`], whose status and words are decided in `gridpuzzle-api`)
//! and the transport's (a busy slot, a body too large or too slow, a
//! foreign host, a wrong method). Each becomes its status and the one
//! shape of error answer, `{"error": ...}`, only here, at the edge
//! ([`IntoResponse`]), so the middleware and the gate use `?` and `From`
//! like the endpoints do.

use std::fmt;
use std::time::Duration;

use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use gridpuzzle_api::{Answer, ApiError};

/// The words of [`Refusal::NotJson`]: a body not said to be JSON (the
/// guard's rule 4; the body reader, `app.rs`, refuses it too, for a
/// request that reached it without passing the guard).
const NOT_JSON: &str =
    "expected a JSON body, sent with the header `Content-Type: application/json`";

/// A refusal, with what its words need.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// What the API answers: its own status and words.
    Api(ApiError),
    /// 503: no slot, place or room freed up in time (what is busy).
    Busy(String),
    /// 503: the request was cut off, or its answer is too large to hold.
    Unavailable(String),
    /// 403: a rule of `guard.rs`.
    Forbidden(String),
    /// 415: a body not said to be JSON.
    NotJson,
    /// 413: a body over the limit.
    TooLarge { limit: usize },
    /// 408: a body that stalled this long.
    Stalled(Duration),
    /// 400: the HTTP of the request, not its JSON, is wrong.
    Malformed(String),
    /// 405: every route takes one method.
    WrongMethod { path: String, method: Method },
    /// Another status the stack answered without words of ours.
    Status(StatusCode),
}

impl Refusal {
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            Refusal::Api(e) => {
                StatusCode::from_u16(e.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
            }
            Refusal::Busy(_) | Refusal::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Refusal::Forbidden(_) => StatusCode::FORBIDDEN,
            Refusal::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Refusal::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Refusal::Stalled(_) => StatusCode::REQUEST_TIMEOUT,
            Refusal::Malformed(_) => StatusCode::BAD_REQUEST,
            Refusal::WrongMethod { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Refusal::Status(status) => *status,
        }
    }
}

/// The words of `{"error": ...}`.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Api(e) => e.fmt(f),
            Refusal::Busy(what) => write!(f, "busy: {what}; try again shortly"),
            Refusal::Unavailable(words) | Refusal::Forbidden(words) | Refusal::Malformed(words) => {
                f.write_str(words)
            }
            Refusal::NotJson => f.write_str(NOT_JSON),
            Refusal::TooLarge { limit } => {
                write!(f, "the request body is larger than {limit} bytes")
            }
            Refusal::Stalled(time) => {
                write!(f, "the request body stalled for {} s", time.as_secs_f64())
            }
            Refusal::WrongMethod { path, method } if takes_post(path) => write!(
                f,
                "{path} does not answer {method}: the API takes POST with a JSON body"
            ),
            Refusal::WrongMethod { path, method } => {
                write!(f, "{path} does not answer {method}: it is read with GET")
            }
            Refusal::Status(status) => f.write_str(
                &status
                    .canonical_reason()
                    .unwrap_or("error")
                    .to_ascii_lowercase(),
            ),
        }
    }
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::Api(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        respond(Answer::error(self.status().as_u16(), &self.to_string()))
    }
}

/// An answer of the API as an HTTP response: its status, its content type
/// and its body, nothing else (the layers add the common headers).
pub(crate) fn respond(answer: Answer) -> Response {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(header::CONTENT_TYPE, answer.content_type)],
        answer.body,
    )
        .into_response()
}

/// Whether `path` is one of the API's POST routes (the others, the page,
/// its scripts and the catalogs, are read with GET).
pub(crate) fn takes_post(path: &str) -> bool {
    path.strip_prefix("/api/")
        .is_some_and(|name| gridpuzzle_api::Endpoint::named(name).is_none_or(|e| e.reads_body()))
}
