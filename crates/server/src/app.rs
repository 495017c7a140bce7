//! The router and the one gate every API call goes through.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::error_handling::HandleErrorLayer;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use gridpuzzle_registry::Visit;
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

use crate::assets::{page, ASSETS};
use crate::budget::Budget;
use crate::error::{json_response, ApiError};
use crate::middleware::{admit, hold_answer, json_errors, CALLER};
use crate::{
    board, cases, generate, guard, play, puzzles, render, request, solve, trace, verify, Config,
    CUTOFF_GRACE, QUICK_BODY, QUICK_TIME,
};

/// The shared state of every request.
pub(crate) struct App {
    pub(crate) config: Config,
    /// Search slots; a client may hold half of them (rounded up).
    pub(crate) permits: Arc<Budget>,
    /// Slots for reading and replaying; a client may hold half.
    pub(crate) light: Arc<Budget>,
    /// Slots for small requests that find the search slots taken.
    pub(crate) quick: Arc<Budget>,
    /// Places for requests with a large body ([`Config::big_bodies`]).
    pub(crate) bodies: Arc<Semaphore>,
    /// Bytes of request bodies held ([`Config::body_memory`]).
    pub(crate) body_memory: Arc<Budget>,
    /// Bytes of answers waiting to be sent ([`Config::answer_memory`]).
    pub(crate) answer_memory: Arc<Budget>,
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

/// A record kept as its JSON text, which serializes to the same bytes: a
/// long answer's records then cost their text, not a tree of maps.
pub(crate) fn raw(value: &impl Serialize) -> Result<Box<serde_json::value::RawValue>, ApiError> {
    serde_json::value::to_raw_value(value).map_err(|_| ApiError::internal())
}
