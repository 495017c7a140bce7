//! The middleware of our own around the routes: admitting a body into
//! the memory quotas, holding a large answer in its quota, and giving
//! every refusal a JSON body.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{takes_post, Refusal};
use crate::quota::{Charge, Client, Quota};
use crate::state::App;
use crate::{Config, CUTOFF_GRACE, SMALL_ANSWER, SMALL_BODY};

/// Admits a request to the work, before the concurrency limit sees it
/// (see the module docs, "Memory"): its `Transfer-Encoding` must be
/// exactly `chunked` if it has one; a body over [`SMALL_BODY`] (or of
/// unknown length) first takes one of [`Config::big_bodies`] places; then
/// every body reserves its whole size in [`Config::body_memory`] (a
/// chunked one [`SMALL_BODY`] at first, doubling as it grows) and is read
/// into one buffer of that size, each piece copied out of the
/// connection's buffer as it arrives, so a body dripped a byte at a time
/// costs its size and no more. Both are held until the answer is made.
pub(crate) async fn admit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    admitted(&app, request, next)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

async fn admitted(app: &App, request: Request, next: Next) -> Result<Response, Refusal> {
    let client = client(&request);
    strict_transfer_encoding(request.headers())?;
    let headers = request.headers();
    // hyper holds a body to its `Content-Length` (and refuses a malformed
    // one); without one or chunks, HTTP/1.1 has no body, but a request
    // made in process may still carry one: it is charged as it comes.
    let known = if headers.contains_key(header::TRANSFER_ENCODING) {
        None
    } else {
        Some(
            headers
                .get(header::CONTENT_LENGTH)
                .and_then(|l| l.to_str().ok()?.parse::<u64>().ok())
                .unwrap_or(0),
        )
    };
    let (parts, body) = request.into_parts();
    let c = &app.config;
    let wait = c.queue_wait.min(c.request_time);
    let _place = if known.is_none_or(|n| n > SMALL_BODY) {
        match tokio::time::timeout(wait, Arc::clone(&app.bodies).acquire_owned()).await {
            Ok(Ok(place)) => Some(place),
            _ => {
                return Err(Refusal::Busy(format!(
                    "{} requests with bodies over {SMALL_BODY} bytes are being read",
                    c.big_bodies
                )))
            }
        }
    } else {
        None
    };
    let limit = c.body_limit as u64;
    let reserve = known.unwrap_or(SMALL_BODY).min(limit);
    let no_room = || busy_memory("request bodies", &app.body_memory);
    let mut charge = app
        .body_memory
        .take(client, reserve, wait)
        .await
        .ok_or_else(no_room)?;
    let bytes = read_body(body, &mut charge, limit, c)
        .await?
        .ok_or_else(no_room)?;
    let caller = Caller {
        client,
        body: bytes.len() as u64,
    };
    let answer = CALLER
        .scope(
            caller,
            next.run(Request::from_parts(parts, Body::from(bytes))),
        )
        .await;
    drop(charge);
    Ok(answer)
}

/// Reads `body` into one buffer, reserved as large as `charge` is, which
/// grows (doubling, within `limit`) for a chunked body that passes it;
/// `Ok(None)` when no room was made for it to grow.
async fn read_body(
    mut body: Body,
    charge: &mut Charge,
    limit: u64,
    config: &Config,
) -> Result<Option<Vec<u8>>, Refusal> {
    use http_body_util::BodyExt;
    let mut buf: Vec<u8> = Vec::with_capacity(charge.amount() as usize);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| body_error(&e, config))?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let need = (buf.len() + data.len()) as u64;
        if need > limit {
            return Err(too_large(config));
        }
        if need > charge.amount() {
            let target = need.max(2 * charge.amount()).min(limit);
            let deadline = tokio::time::Instant::now() + config.queue_wait;
            if !charge.grow(target - charge.amount(), deadline).await {
                return Ok(None);
            }
            buf.reserve_exact(target as usize - buf.len());
        }
        buf.extend_from_slice(&data);
    }
    Ok(Some(buf))
}

/// A 503 for a request that found no room in a memory quota.
fn busy_memory(what: &str, quota: &Quota) -> Refusal {
    Refusal::Busy(format!(
        "{what} hold the {} MB the server allows them ({} MB per client)",
        quota.total() >> 20,
        quota.per_client() >> 20
    ))
}

fn too_large(config: &Config) -> Refusal {
    Refusal::TooLarge {
        limit: config.body_limit,
    }
}

/// HTTP/1.1 lets a request list several transfer codings, the last being
/// `chunked`; servers and proxies that read such a list differently are
/// how requests are smuggled, and no client of this API needs one. So
/// `Transfer-Encoding` must be exactly `chunked`, once (400 otherwise).
fn strict_transfer_encoding(headers: &axum::http::HeaderMap) -> Result<(), Refusal> {
    let mut values = headers.get_all(header::TRANSFER_ENCODING).iter();
    match (values.next(), values.next()) {
        (None, _) => Ok(()),
        (Some(v), None) if v.as_bytes().eq_ignore_ascii_case(b"chunked") => Ok(()),
        _ => Err(Refusal::Malformed(
            "`Transfer-Encoding` must be exactly `chunked` (one coding, once) or absent".into(),
        )),
    }
}

/// Who sent the request being worked on, and how large its body was: set
/// by [`admit`] around the handler, read by [`App::call`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Caller {
    pub(crate) client: Client,
    pub(crate) body: u64,
}

tokio::task_local! {
    pub(crate) static CALLER: Caller;
}

/// Holds every answer over [`SMALL_ANSWER`] in [`Config::answer_memory`]
/// until its body has been handed on (sent, or compressed and sent) or
/// dropped; an answer that finds no room at once is dropped for a 503,
/// so answers clients do not take cannot fill the memory.
pub(crate) async fn hold_answer(
    State(app): State<Arc<App>>,
    request: Request,
    next: Next,
) -> Response {
    let client = client(&request);
    let answer = next.run(request).await;
    let size = hyper::body::Body::size_hint(answer.body())
        .exact()
        .unwrap_or(0);
    if size <= SMALL_ANSWER {
        return answer;
    }
    if size > app.answer_memory.per_client() {
        return Refusal::Unavailable(format!(
            "the answer has {size} bytes, more than the {} one client may be sent at once; \
             ask for less (fewer cases)",
            app.answer_memory.per_client()
        ))
        .into_response();
    }
    // No waiting: the answer is made already, and waiting would hold it
    // outside the quota (answers are made fast; forty 4 MB answers that
    // each waited two seconds held 160 MB).
    let Some(charge) = app.answer_memory.try_take(client, size) else {
        return busy_memory("answers waiting for their clients", &app.answer_memory)
            .into_response();
    };
    answer.map(|body| {
        Body::new(http_body_util::BodyExt::map_frame(body, move |frame| {
            let _ = &charge;
            frame
        }))
    })
}

/// The answer to a body that could not be read: 408 when it stalled past
/// [`Config::body_time`], 413 past the size cap, else 400.
pub(crate) fn body_error(e: &(dyn std::error::Error + 'static), config: &Config) -> Refusal {
    if caused_by::<tower_http::timeout::TimeoutError>(e) {
        Refusal::Stalled(config.body_time)
    } else if caused_by::<http_body_util::LengthLimitError>(e) {
        too_large(config)
    } else {
        Refusal::Malformed(format!("the request body could not be read: {e}"))
    }
}

/// Gives every error answer that is not JSON yet (the router's 405, the
/// middleware's 413 and 503) a JSON `{"error": ...}` body, so a client
/// reads every refusal the same way.
pub(crate) async fn json_errors(
    State(app): State<Arc<App>>,
    request: Request,
    next: Next,
) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let answer = next.run(request).await;
    let status = answer.status();
    let is_json = answer
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return answer;
    }
    // Every route takes one method: the API POST, the page GET.
    let allow = if takes_post(&path) {
        "POST"
    } else {
        "GET, HEAD"
    };
    let refusal = match status {
        StatusCode::METHOD_NOT_ALLOWED => Refusal::WrongMethod { path, method },
        StatusCode::PAYLOAD_TOO_LARGE => too_large(&app.config),
        StatusCode::SERVICE_UNAVAILABLE => Refusal::Unavailable(format!(
            "the request was cut off after {} s",
            (app.config.request_time + CUTOFF_GRACE).as_secs_f64()
        )),
        other => Refusal::Status(other),
    };
    let mut json = refusal.into_response();
    if status == StatusCode::METHOD_NOT_ALLOWED {
        json.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allow));
    }
    json
}

/// The client a connection said a request came from (the unspecified
/// address for a request made in process).
fn client(request: &Request) -> Client {
    request
        .extensions()
        .get::<Client>()
        .copied()
        .unwrap_or_default()
}

/// Whether an `E` is somewhere in the chain of errors: tower-http's body
/// timeout or a body limit, wrapped in as many of axum's boxes as there
/// are layers.
fn caused_by<E: std::error::Error + 'static>(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(error);
    while let Some(e) = source {
        if e.is::<E>() {
            return true;
        }
        source = e.source();
    }
    false
}
