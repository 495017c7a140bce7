//! `gridpuzzle serve`: one web page and a small JSON API over the same
//! library calls the command line makes.
//!
//! It is its own crate so the puzzle and engine crates stay free of an
//! async runtime and an HTTP stack; the CLI depends on it only for the
//! `serve` command. It names no puzzle: every endpoint is written once,
//! generic over the engine's [`Puzzle`](gridpuzzle_engine::Puzzle)
//! contract, and the registry (`gridpuzzle-registry`) runs it with the
//! puzzle a request names (`dispatch`), so a new puzzle is served
//! without a change here. The shape, from the outside in:
//!
//! - [`router`] builds an axum [`Router`]: `GET /` and its assets
//!   (`ASSETS`: the HTML, the CSS and the page's ES modules under `/js/`,
//!   compiled into the binary with `include_str!`, so the page needs no
//!   network at run time), and `POST /api/solve`,
//!   `/api/verify`, `/api/generate`, `/api/render`, and for the page
//!   `/api/cases` (the boards of an input), `/api/play` (what each move
//!   of a game changes, through the rules, an exact hint, and on request
//!   a bounded window of whole positions to draw: `positions.rs`) and
//!   `/api/board` (a draft's judge text and game ID, and a game ID's
//!   draft), one module each; and `GET /api/puzzles` (`puzzles.rs`: what
//!   the page offers of every puzzle, its editor and the palette
//!   included, so the page names none). Watching a search (`trace.rs`):
//!   `POST /api/trace` (a window of a search's events and its totals),
//!   `/api/trace/chart` (its growth by depth, as SVG) and `GET
//!   /api/algorithms` (the searches and lessons each puzzle offers). Tests drive this
//!   router directly, without a socket.
//! - A body is read by axum's `Json` extractor into the endpoint's
//!   serde-derived request type (`request.rs`): only `application/json`
//!   (415 otherwise), under a size cap (413 past it), unknown fields
//!   refused, and every refusal answered as our JSON error. The JSON-only
//!   rule and its words live in `guard.rs`, which the body reader uses;
//!   the guard uses nothing of the reader, so no two modules use each
//!   other.
//! - Every API call then goes through one gate (`App::call`): the
//!   endpoint checks the request for its puzzle (the rule settings with
//!   [`Puzzle::set`](gridpuzzle_engine::Puzzle::set), the moves as the
//!   puzzle's own, a generate request by the puzzle's generator) and turns
//!   it into a `Job`, so a bad request is answered at once; the job then
//!   waits a short while for one of a fixed number of search permits (503
//!   when none frees up) and runs in `spawn_blocking`, holding the permit
//!   until the blocking work is done — so a client that hangs up cannot
//!   free a permit while its search still burns a core. Requests that only
//!   read or replay (`/api/cases`, `/api/play` without a hint,
//!   `/api/board`) take one of a larger pool of light permits instead, so
//!   a move on the page does not queue behind searches; their loops check
//!   the request's deadline and cancel flag. (`GET /api/puzzles` is a
//!   constant of the build, written once, and takes no permit.)
//! - The work itself is plain synchronous code: parse the judge input
//!   lazily, as the CLI does (`reading.rs`), and answer with the engine's
//!   records, the CLI's own (`solve --format json` objects, `verify`
//!   lines, `generate --format json` objects), in serde-derived answer
//!   types whose fields keep their order. Every search gets
//!   [`Limits`](gridpuzzle_engine::search::Limits) with a deadline and a
//!   state budget that a client may lower but never raise past the
//!   [`Config`] (`options.rs`); a stopped search is reported as `limit`,
//!   never as `-1`. A whole request also has a deadline, enforced through
//!   the engine's cancel flag, which is raised as well when the client goes
//!   away.
//!
//! Errors are JSON `{"error": "..."}` with a 4xx status (503 when busy or
//! out of time); bad judge input gives the same text the CLI prints after
//! `gridpuzzle: `.
//!
//! ## Bounds against abuse
//!
//! The server may face strangers (on a network with `--bind`, or any web
//! page in a browser on this machine), so every resource a request can
//! hold is bounded, with well-kept middleware where it exists rather than
//! checks of our own, each refusal answered as JSON:
//!
//! - **Connections** (`conn.rs`): hyper's HTTP/1 builder with a header-read
//!   timeout that is also the idle timeout, a capped head size (431), a
//!   cap on connections that closes idle ones first, and a cap per client
//!   (IP address, [`Config::client_connections`]) past which the client's
//!   own oldest connection goes; when every connection is busy, the
//!   client holding the most gives one up, so no client locks others out
//!   by reconnecting. The open-file limit is raised at start-up
//!   ([`raise_open_file_limit`]).
//! - **Who may call** (`guard.rs`): a `Host` allow-list (DNS rebinding),
//!   same-origin `Origin` / `Sec-Fetch-Site` checks and JSON-only bodies
//!   (no simple cross-site request or form post), through tower-http's
//!   `ValidateRequestHeaderLayer`.
//! - **Strict HTTP where ambiguity is a risk**: `Transfer-Encoding` must
//!   be exactly `chunked` (`admit`), and a body's JSON is screened before
//!   it is built (`request.rs`): duplicate keys, deep nesting and
//!   object-heavy bodies are refused with 400. hyper still accepts bare
//!   LF line ends in a head; no proxy we know of reads them differently,
//!   and hyper offers no switch.
//! - **Time**: tower-http's `TimeoutLayer` ends every request at
//!   [`Config::request_time`] plus a grace (503), and its
//!   `RequestBodyTimeoutLayer` ends a body that stalls for
//!   [`Config::body_time`] (408). Work already running on a blocking
//!   thread cannot be stopped from outside; it checks the request's
//!   deadline and cancel flag itself, per case, per frame, per step (a
//!   render is drawn in `render.rs` for that, move by move). An answer
//!   must be taken by its client within [`SEND_GRACE`] plus its size at
//!   [`SEND_RATE`], no piece waiting longer than [`SEND_GRACE`], or its
//!   connection is closed (`conn.rs`).
//! - **Memory is accounted** (`budget.rs`: a total, and a share per
//!   client, so one client cannot hold it all): tower-http's
//!   `RequestBodyLimitLayer` refuses a `Content-Length` over
//!   [`Config::body_limit`] before reading a byte (413) and cuts a longer
//!   chunked body. Then `admit`: a body over [`SMALL_BODY`] (or of
//!   unknown length) must first take one of [`Config::big_bodies`]
//!   places, so at most that many large bodies are parsed (on the
//!   blocking pool) and worked on at once; and *every* body reserves its
//!   whole size in [`Config::body_memory`] before its first byte is read
//!   and is read into one buffer of that size, each piece copied out of
//!   hyper's read buffer as it comes (a body dripped a byte at a time
//!   used to keep kilobytes per byte), until its answer is made; no room
//!   within [`Config::queue_wait`]: 503. An answer over [`SMALL_ANSWER`]
//!   is held in [`Config::answer_memory`] until it has been handed on,
//!   and dropped for a 503 when there is no room. Past that, tower's
//!   concurrency limit with load shedding refuses requests past
//!   [`Config::max_requests`] at once (503), before they are parsed.
//!   Long answers keep their records as JSON text (`raw`), and the
//!   binary's allocator gives freed memory back (see the CLI's
//!   `serve.rs`).
//! - **Fair slots**: a client may hold half the search and light slots
//!   (rounded up); a small search (a body of at most [`QUICK_BODY`], such
//!   as a sample's solve) that finds the search slots taken runs in one
//!   of [`Config::quick`] slots kept for it, under a deadline of
//!   [`QUICK_TIME`], so tiny but heavy requests from one client (a
//!   generate asking the impossible) cannot starve everyone's small ones.
//!   The page's files take no slot.
//! - **Headers**: `X-Content-Type-Options: nosniff`, a
//!   `Content-Security-Policy` that allows the page's own script and
//!   style only and no framing, `Referrer-Policy: no-referrer`, and
//!   `Cache-Control` (`no-cache` for the page, so a new binary's page is
//!   picked up; `no-store` for answers); the assets are gzip-compressed
//!   for clients that accept it (tower-http's `CompressionLayer`).

mod board;
mod budget;
mod cases;
mod conn;
mod generate;
mod guard;
mod options;
mod play;
mod positions;
mod puzzles;
mod reading;
mod render;
mod request;
mod solve;
mod trace;
mod verify;

pub use conn::{raise_open_file_limit, MAX_HEAD, SEND_GRACE, SEND_RATE};
pub use play::MAX_PLAY_MOVES;
pub use reading::{MAX_PARSED_CELLS, MAX_REPLAY_WORK};
pub use render::{MAX_RENDER_MOVES, MAX_RENDER_UNITS};
pub use trace::{MAX_CHART_ALGORITHMS, MAX_TRACE_CELLS, MAX_TRACE_STEPS};

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::error_handling::HandleErrorLayer;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use gridpuzzle_registry::Visit;

use crate::budget::{Budget, Charge, Client};
use serde::Serialize;
use tokio::sync::Semaphore;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};
use tower_http::validate_request::ValidateRequestHeaderLayer;

/// The server's bounds. Clients can ask for less, never for more.
#[derive(Debug, Clone)]
pub struct Config {
    /// Requests that may search at once; others wait up to `queue_wait`,
    /// then get 503. Zero refuses every search (useful only in tests).
    pub searches: usize,
    /// Requests that only read or replay (`/api/cases`, `/api/play`
    /// without a hint) and may run at once, apart from the searches: a
    /// move on the page need not wait behind someone's ten-second search.
    pub light: usize,
    /// How long a request waits for a free slot.
    pub queue_wait: Duration,
    /// Most states one search may expand (also the default).
    pub max_states: u64,
    /// Most time one search may take (also the default).
    pub max_timeout: Duration,
    /// Most time one whole request may take, from its arrival (its wait
    /// for a search slot included) to its answer, all its cases together;
    /// a generate request runs until its puzzles are made or this runs
    /// out.
    pub request_time: Duration,
    /// Largest request body, in bytes.
    pub body_limit: usize,
    /// Most puzzles one generate request may ask for.
    pub max_count: u64,
    /// Largest side of a generated board, and of a board `/api/cases`
    /// draws (a larger one is listed by its size only).
    pub max_side: u32,
    /// Host names the server answers to besides IP literals and
    /// `localhost` (`--allow-host`); see `guard.rs`.
    pub allow_hosts: Vec<String>,
    /// Most open connections; lowered to the open-file limit less a
    /// reserve. Past it the oldest idle connection is closed.
    pub max_connections: usize,
    /// How long a connection may take to send a request's head, counted
    /// from its opening or from the previous answer (so also the
    /// keep-alive idle timeout).
    pub header_time: Duration,
    /// How long a request body may go without sending anything.
    pub body_time: Duration,
    /// Most requests in progress at once (their bodies not yet read
    /// included); past it, 503 at once.
    pub max_requests: usize,
    /// Most requests with a body over [`SMALL_BODY`] (or of unknown length)
    /// read and worked on at once; others wait up to `queue_wait`, then
    /// get 503.
    pub big_bodies: usize,
    /// Most bytes of request bodies held at once, every body counted (its
    /// whole `Content-Length` from before its first byte is read, until
    /// its answer is made); one client (IP address) may hold a quarter.
    /// A body that finds no room waits up to `queue_wait`, then gets 503.
    pub body_memory: usize,
    /// Most bytes of answers over [`SMALL_ANSWER`] waiting for their
    /// clients to take them; one client may hold half. An answer that
    /// finds no room is dropped for a 503 at once.
    pub answer_memory: usize,
    /// Most connections one client (IP address) may hold: past it, its
    /// own oldest connection (an idle one first) is closed.
    pub client_connections: usize,
    /// Slots kept for small requests (a body of at most [`QUICK_BODY`])
    /// that find every search slot taken: they run there with a deadline
    /// of [`QUICK_TIME`], one at a time per client.
    pub quick: usize,
}

/// A search request this small may use a quick slot ([`Config::quick`]):
/// a sample's solve is far smaller.
pub const QUICK_BODY: u64 = 2 * 1024;

/// The deadline of a request run in a quick slot: a search stopped by it
/// is answered as `limit`, as for any other bound.
pub const QUICK_TIME: Duration = Duration::from_secs(1);

/// An answer up to this size needs no room in [`Config::answer_memory`]:
/// the connections' caps bound what such answers hold.
pub const SMALL_ANSWER: u64 = 64 * 1024;

/// A body up to this size needs no place among [`Config::big_bodies`]:
/// the page's requests and the usual script's are far smaller.
pub const SMALL_BODY: u64 = 16 * 1024;

/// After [`Config::request_time`], the whole request (its body, its wait
/// and its work) is cut off this much later with 503, if the work has not
/// answered by then; the work's own deadline is earlier, so this only
/// catches what does not check it.
pub const CUTOFF_GRACE: Duration = Duration::from_secs(2);

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        Config {
            searches: cores,
            light: 4 * cores,
            queue_wait: Duration::from_secs(2),
            max_states: 20_000_000,
            max_timeout: Duration::from_secs(10),
            request_time: Duration::from_secs(30),
            body_limit: 1 << 20,
            max_count: 50,
            max_side: 100,
            allow_hosts: Vec::new(),
            max_connections: 4096,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            max_requests: 512,
            big_bodies: cores,
            body_memory: 32 << 20,
            answer_memory: 64 << 20,
            client_connections: 256,
            quick: 2,
        }
    }
}

/// The shared state of every request.
pub(crate) struct App {
    config: Config,
    /// Search slots; a client may hold half of them (rounded up).
    permits: Arc<Budget>,
    /// Slots for reading and replaying; a client may hold half.
    light: Arc<Budget>,
    /// Slots for small requests that find the search slots taken.
    quick: Arc<Budget>,
    /// Places for requests with a large body ([`Config::big_bodies`]).
    bodies: Arc<Semaphore>,
    /// Bytes of request bodies held ([`Config::body_memory`]).
    body_memory: Arc<Budget>,
    /// Bytes of answers waiting to be sent ([`Config::answer_memory`]).
    answer_memory: Arc<Budget>,
}

/// Half of `n`, rounded up: a client's share of `n` slots.
fn half(n: usize) -> u64 {
    (n as u64).div_ceil(2)
}

/// The HTTP routes: the page and the API, behind the bounds and checks
/// of the module docs.
pub fn router(config: Config) -> Router {
    let body_limit = config.body_limit;
    let app = Arc::new(App {
        permits: Budget::new(config.searches as u64, half(config.searches)),
        light: Budget::new(config.light as u64, half(config.light)),
        quick: Budget::new(config.quick as u64, 1),
        bodies: Arc::new(Semaphore::new(config.big_bodies)),
        body_memory: Budget::new(config.body_memory as u64, config.body_memory as u64 / 4),
        answer_memory: Budget::new(config.answer_memory as u64, config.answer_memory as u64 / 2),
        config,
    });
    let c = &app.config;
    // Outermost last: each `.layer` wraps everything above it.
    let mut routes = Router::new();
    for &(path, kind, body) in ASSETS {
        routes = routes.route(path, get(move || async move { page(body, kind) }));
    }
    routes
        .route("/api/solve", post(solve::handler))
        .route("/api/verify", post(verify::handler))
        .route("/api/generate", post(generate::handler))
        .route("/api/render", post(render::handler))
        .route("/api/cases", post(cases::handler))
        .route("/api/play", post(play::handler))
        .route("/api/board", post(board::handler))
        .route("/api/puzzles", get(puzzles::list))
        .route("/api/trace", post(trace::handler))
        .route("/api/trace/chart", post(trace::chart_handler))
        .route("/api/algorithms", get(trace::list))
        .route_layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "busy: too many requests at once; try again shortly",
                    )
                    .into_response()
                }))
                .layer(LoadShedLayer::new())
                .layer(GlobalConcurrencyLimitLayer::with_semaphore(Arc::new(
                    Semaphore::new(c.max_requests),
                ))),
        )
        .route_layer(middleware::from_fn_with_state(Arc::clone(&app), admit))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response() })
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(RequestBodyTimeoutLayer::new(c.body_time))
        .layer(RequestBodyLimitLayer::new(body_limit))
        .layer(ValidateRequestHeaderLayer::custom(guard::Guard::new(
            &c.allow_hosts,
        )))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            c.request_time + CUTOFF_GRACE,
        ))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&app),
            json_errors,
        ))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&app),
            hold_answer,
        ))
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .with_state(app)
}

/// The page's policy: its own script, style and API only; no plug-ins,
/// forms, base changes or framing (the last against click-jacking).
/// `data:` images for the page's empty favicon. The page sets styles
/// through the CSSOM only, which `style-src 'self'` allows.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// Admits a request to the work, before the concurrency limit sees it
/// (see the module docs, "Memory"): its `Transfer-Encoding` must be
/// exactly `chunked` if it has one; a body over [`SMALL_BODY`] (or of
/// unknown length) first takes one of [`Config::big_bodies`] places; then
/// every body reserves its whole size in [`Config::body_memory`] (a
/// chunked one [`SMALL_BODY`] at first, doubling as it grows) and is read
/// into one buffer of that size, each piece copied out of the
/// connection's buffer as it arrives, so a body dripped a byte at a time
/// costs its size and no more. Both are held until the answer is made.
async fn admit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let client = request
        .extensions()
        .get::<Client>()
        .copied()
        .unwrap_or_default();
    if let Err(e) = strict_transfer_encoding(request.headers()) {
        return e.into_response();
    }
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
                return ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "busy: {} requests with bodies over {SMALL_BODY} bytes are being read; \
                         try again shortly",
                        c.big_bodies
                    ),
                )
                .into_response()
            }
        }
    } else {
        None
    };
    let limit = c.body_limit as u64;
    let reserve = known.unwrap_or(SMALL_BODY).min(limit);
    let Some(mut charge) = app.body_memory.take(client, reserve, wait).await else {
        return busy_memory("request bodies", &app.body_memory);
    };
    let bytes = match read_body(body, &mut charge, limit, c).await {
        Ok(bytes) => bytes,
        Err(None) => return busy_memory("request bodies", &app.body_memory),
        Err(Some(e)) => return e.into_response(),
    };
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
    answer
}

/// Reads `body` into one buffer, reserved as large as `charge` is, which
/// grows (doubling, within `limit`) for a chunked body that passes it;
/// `Err(None)` when no room was made for it to grow.
async fn read_body(
    mut body: Body,
    charge: &mut Charge,
    limit: u64,
    config: &Config,
) -> Result<Vec<u8>, Option<ApiError>> {
    use http_body_util::BodyExt;
    let mut buf: Vec<u8> = Vec::with_capacity(charge.amount() as usize);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| Some(body_error(&e, config)))?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let need = (buf.len() + data.len()) as u64;
        if need > limit {
            return Err(Some(too_large(config)));
        }
        if need > charge.amount() {
            let target = need.max(2 * charge.amount()).min(limit);
            let deadline = tokio::time::Instant::now() + config.queue_wait;
            if !charge.grow(target - charge.amount(), deadline).await {
                return Err(None);
            }
            buf.reserve_exact(target as usize - buf.len());
        }
        buf.extend_from_slice(&data);
    }
    Ok(buf)
}

/// A 503 for a request that found no room in a memory budget.
fn busy_memory(what: &str, budget: &Budget) -> Response {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "busy: {what} hold the {} MB the server allows them ({} MB per client); \
             try again shortly",
            budget.total() >> 20,
            budget.per_client() >> 20
        ),
    )
    .into_response()
}

fn too_large(config: &Config) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body is larger than {} bytes",
            config.body_limit
        ),
    )
}

/// HTTP/1.1 lets a request list several transfer codings, the last being
/// `chunked`; servers and proxies that read such a list differently are
/// how requests are smuggled, and no client of this API needs one. So
/// `Transfer-Encoding` must be exactly `chunked`, once (400 otherwise).
fn strict_transfer_encoding(headers: &axum::http::HeaderMap) -> Result<(), ApiError> {
    let mut values = headers.get_all(header::TRANSFER_ENCODING).iter();
    match (values.next(), values.next()) {
        (None, _) => Ok(()),
        (Some(v), None) if v.as_bytes().eq_ignore_ascii_case(b"chunked") => Ok(()),
        _ => Err(ApiError::bad(
            "`Transfer-Encoding` must be exactly `chunked` (one coding, once) or absent",
        )),
    }
}

/// Who sent the request being worked on, and how large its body was: set
/// by [`admit`] around the handler, read by [`App::call`].
#[derive(Debug, Clone, Copy, Default)]
struct Caller {
    client: Client,
    body: u64,
}

tokio::task_local! {
    static CALLER: Caller;
}

/// Holds every answer over [`SMALL_ANSWER`] in [`Config::answer_memory`]
/// until its body has been handed on (sent, or compressed and sent) or
/// dropped; an answer that finds no room at once is dropped for a 503,
/// so answers clients do not take cannot fill the memory.
async fn hold_answer(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let client = request
        .extensions()
        .get::<Client>()
        .copied()
        .unwrap_or_default();
    let answer = next.run(request).await;
    let size = hyper::body::Body::size_hint(answer.body())
        .exact()
        .unwrap_or(0);
    if size <= SMALL_ANSWER {
        return answer;
    }
    if size > app.answer_memory.per_client() {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the answer has {size} bytes, more than the {} one client may be sent at once; \
                 ask for less (fewer cases)",
                app.answer_memory.per_client()
            ),
        )
        .into_response();
    }
    // No waiting: the answer is made already, and waiting would hold it
    // outside the budget (answers are made fast; forty 4 MB answers that
    // each waited two seconds held 160 MB).
    let Some(charge) = app.answer_memory.try_take(client, size) else {
        return busy_memory("answers waiting for their clients", &app.answer_memory);
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
fn body_error(e: &(dyn std::error::Error + 'static), config: &Config) -> ApiError {
    if caused_by::<tower_http::timeout::TimeoutError>(e) {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body stalled for {} s",
                config.body_time.as_secs_f64()
            ),
        )
    } else if caused_by::<http_body_util::LengthLimitError>(e) {
        too_large(config)
    } else {
        ApiError::bad(format!("the request body could not be read: {e}"))
    }
}

/// Gives every error answer that is not JSON yet (the router's 405, the
/// middleware's 413 and 503) a JSON `{"error": ...}` body, so a client
/// reads every refusal the same way.
async fn json_errors(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
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
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            // Every route takes one method: the API POST, the page GET.
            if takes_post(&path) {
                format!("{path} does not answer {method}: the API takes POST with a JSON body")
            } else {
                format!("{path} does not answer {method}: it is read with GET")
            }
        }
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "the request body is larger than {} bytes",
            app.config.body_limit
        ),
        StatusCode::SERVICE_UNAVAILABLE => format!(
            "the request was cut off after {} s",
            (app.config.request_time + CUTOFF_GRACE).as_secs_f64()
        ),
        other => other
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase(),
    };
    let mut json = ApiError::new(status, message).into_response();
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = if takes_post(&path) {
            "POST"
        } else {
            "GET, HEAD"
        };
        json.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allow));
    }
    json
}

/// Binds `bind:port`, says the URL on standard output, and serves until
/// Ctrl-C. Port 0 picks a free port (the URL says which).
pub async fn serve(bind: IpAddr, port: u16, config: Config) -> io::Result<()> {
    let listener = listen(SocketAddr::new(bind, port))?;
    let addr = listener.local_addr()?;
    println!("gridpuzzle: serving on http://{addr}/");
    serve_on(listener, config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Connections the kernel may hold before the server accepts them. The
/// usual 128 overflows under a burst (200 clients at once, as the load
/// test sends): the connects past it are dropped and retried by the
/// client's kernel a second later.
pub const BACKLOG: u32 = 1024;

/// A listener on `addr` with a [`BACKLOG`] of pending connections.
pub fn listen(addr: SocketAddr) -> io::Result<tokio::net::TcpListener> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    // Rebinding right after a restart; on Windows the same option would
    // let another process share the port, so only on Unix.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Serves on a listener already bound (tests bind port 0 and read the
/// address) until `shutdown` completes.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let bounds = conn::Bounds {
        header_time: config.header_time,
        max_connections: config.max_connections,
        client_connections: config.client_connections,
    };
    conn::serve(listener, router(config), bounds, shutdown).await
}

/// [`serve`] on a multi-threaded tokio runtime of its own, for a
/// synchronous caller such as the CLI.
/// It first raises the soft open-file limit as far as the hard limit
/// allows ([`raise_open_file_limit`]).
pub fn run(bind: IpAddr, port: u16, config: Config) -> io::Result<()> {
    raise_open_file_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_keep_alive(BLOCKING_KEEP_ALIVE)
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(bind, port, config));
    // Searches still running end at their deadline; do not wait for them.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// How long an idle blocking thread (where searches run) is kept: a
/// thread that ends gives its allocator's memory back, and starting one
/// costs microseconds next to a search.
const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(1);

/// A module of the page: `assets/js/NAME.js`, served at `/js/NAME.js`.
macro_rules! page_module {
    ($file:literal) => {
        (
            concat!("/js/", $file),
            JS,
            include_str!(concat!("../assets/js/", $file)),
        )
    };
}

/// The page's files, compiled in: the path each is served at, its content
/// type and its text. The page's script is ES modules (`assets/js/`), each
/// at its own path, importing one another (`main.js` first, from the HTML).
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("../assets/index.html")),
    ("/style.css", CSS, include_str!("../assets/style.css")),
    page_module!("api.js"),
    page_module!("board.js"),
    page_module!("editor.js"),
    page_module!("levels.js"),
    page_module!("link.js"),
    page_module!("main.js"),
    page_module!("play.js"),
    page_module!("progress.js"),
    page_module!("solve.js"),
    page_module!("state.js"),
    page_module!("watch.js"),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// An error answer: a status and the words of `{"error": ...}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
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
    fn internal() -> ApiError {
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

fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// What an API call answers when it succeeds.
pub(crate) enum Reply {
    /// A JSON answer, already written.
    Json(String),
    Svg(String),
}

impl Reply {
    /// `answer` as JSON (its fields in their declared order).
    pub(crate) fn json(answer: &impl Serialize) -> Result<Reply, ApiError> {
        serde_json::to_string(answer)
            .map(Reply::Json)
            .map_err(|_| ApiError::internal())
    }
}

/// What the blocking work of a call may read: the bounds, the request's
/// deadline and its cancel flag.
pub(crate) struct Ctx {
    pub config: Config,
    pub deadline: Instant,
    pub cancel: Arc<AtomicBool>,
}

impl Ctx {
    /// True once the request's deadline has passed or its client left:
    /// the loops that are not searches check it (searches get it through
    /// their `Limits`).
    pub fn stopped(&self) -> bool {
        Instant::now() >= self.deadline || self.cancel.load(Ordering::Relaxed)
    }
}

/// Raises the cancel flag when dropped: when the handler's future is
/// dropped (the client went away) or finishes, a search still running
/// for it stops at its next check.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// After the request deadline, the searches get this long to notice their
/// own (equal or earlier) deadlines before the cancel flag is raised.
const GRACE: Duration = Duration::from_millis(250);

/// The work of a checked request, run on the blocking pool.
pub(crate) type Job = Box<dyn FnOnce(&Ctx) -> Result<Reply, ApiError> + Send>;

/// Checks a request for the puzzle it names and returns its [`Job`]: an
/// endpoint's [`Visit`], run through the registry.
pub(crate) fn dispatch<V>(puzzle: request::PuzzleName, work: V) -> Result<Job, ApiError>
where
    V: Visit<Output = Result<Job, ApiError>>,
{
    // The name was checked against the registry when it was read.
    gridpuzzle_registry::visit(puzzle.name(), work).unwrap_or_else(|| Err(ApiError::internal()))
}

/// Which slots a request waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// It searches: one of the few search slots.
    Search,
    /// It only reads or replays: one of the light slots.
    Light,
}

impl App {
    /// The gate every API call goes through once its body is read (see
    /// the module docs): `check` turns the request into its [`Job`]
    /// before any slot is taken, so a bad request is answered at once.
    pub(crate) async fn call(
        self: Arc<App>,
        slot: Slot,
        check: impl FnOnce(&Ctx) -> Result<Job, ApiError>,
    ) -> Response {
        // The request's time starts now: waiting for a slot counts.
        let mut deadline = Instant::now() + self.config.request_time;
        let cancel = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(Arc::clone(&cancel));
        let mut ctx = Ctx {
            config: self.config.clone(),
            deadline,
            cancel: Arc::clone(&cancel),
        };
        let job = match check(&ctx) {
            Ok(job) => job,
            Err(e) => return e.into_response(),
        };
        let caller = CALLER.try_with(|c| *c).unwrap_or_default();
        let (slots, busy) = match slot {
            Slot::Search => (
                &self.permits,
                format!("{} searches are running", self.config.searches),
            ),
            Slot::Light => (
                &self.light,
                format!("{} requests are being read", self.config.light),
            ),
        };
        let wait = self.config.queue_wait.min(self.config.request_time);
        // A small search that finds every slot it may take busy runs in a
        // quick slot instead, under a short deadline (the module docs,
        // "Fair slots"); no search slot at all refuses every search.
        let quick = slot == Slot::Search && caller.body <= QUICK_BODY && self.config.searches > 0;
        let permit = match slots.try_take(caller.client, 1) {
            Some(permit) => Some(permit),
            None if quick => {
                tokio::select! {
                    p = slots.take(caller.client, 1, wait) => p,
                    p = self.quick.take(caller.client, 1, wait) => {
                        deadline = deadline.min(Instant::now() + QUICK_TIME);
                        p
                    }
                }
            }
            None => slots.take(caller.client, 1, wait).await,
        };
        let Some(permit) = permit else {
            return ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("busy: {busy}; try again shortly"),
            )
            .into_response();
        };
        ctx.deadline = deadline;
        let alarm = {
            let cancel = Arc::clone(&cancel);
            tokio::spawn(async move {
                tokio::time::sleep_until((deadline + GRACE).into()).await;
                cancel.store(true, Ordering::Relaxed);
            })
        };
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(&ctx)
        });
        let answer = work.await;
        alarm.abort();
        match answer {
            Ok(Ok(Reply::Json(body))) => json_response(StatusCode::OK, body),
            Ok(Ok(Reply::Svg(svg))) => {
                ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
            }
            Ok(Err(e)) => e.into_response(),
            Err(_) => ApiError::internal().into_response(),
        }
    }
}

/// Whether `path` is one of the API's POST routes (the others, the page,
/// its scripts, `/api/puzzles` and `/api/algorithms`, are read with GET).
fn takes_post(path: &str) -> bool {
    path.starts_with("/api/") && path != "/api/puzzles" && path != "/api/algorithms"
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

/// A record kept as its JSON text, which serializes to the same bytes: a
/// long answer's records then cost their text, not a tree of maps.
pub(crate) fn raw(value: &impl Serialize) -> Result<Box<serde_json::value::RawValue>, ApiError> {
    serde_json::value::to_raw_value(value).map_err(|_| ApiError::internal())
}
