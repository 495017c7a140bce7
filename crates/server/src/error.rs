//! The error answer: a status and `{"error": "..."}`.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error answer: a status and the words of `{"error": ...}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    message: String,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// A 400: the request (its JSON fields or its judge input) is wrong.
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 503: the request's time ran out (or its client left) before the
    /// work that is not a search was done.
    pub(crate) fn out_of_time(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A 500: a bug of ours, not the request's fault.
    pub(crate) fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the request failed; please report it with its input",
        )
    }
}

/// A capability the puzzle does not declare: the request asked for what
/// it lacks (`curling has no page on the web`).
impl From<gridpuzzle_engine::caps::Lacks> for ApiError {
    fn from(lacks: gridpuzzle_engine::caps::Lacks) -> ApiError {
        ApiError::bad(lacks.to_string())
    }
}

/// The body of every error answer.
#[derive(Serialize)]
struct ErrorAnswer<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&ErrorAnswer {
            error: &self.message,
        })
        .expect("a string serializes");
        json_response(self.status, body)
    }
}

pub(crate) fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}
