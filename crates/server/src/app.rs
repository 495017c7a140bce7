//! The router and the one gate every API call goes through.
//!
//! The API itself is `gridpuzzle-api`: plain functions that read a body
//! and answer it. What is here is what only a server needs: the routes
//! (the page's files, and one route per [`Endpoint`]), the layers of the
//! module docs around them, and [`App::call`], which gives the API's work
//! a slot, a thread of the blocking pool, a deadline and a cancel flag
//! that is raised when the client goes away.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::error_handling::HandleErrorLayer;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use gridpuzzle_api::{ApiError, Ctx, Endpoint, Job, Slot, Traces};
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
use crate::error::{respond, Refusal};
use crate::guard::{self, is_json};
use crate::middleware::{admit, body_error, hold_answer, json_errors, CALLER};
use crate::quota::Quota;
use crate::state::App;
use crate::{Config, CUTOFF_GRACE, QUICK_BODY, QUICK_TIME, SMALL_BODY};

/// Half of `n`, rounded up: a client's share of `n` slots.
fn half(n: usize) -> u64 {
    (n as u64).div_ceil(2)
}

/// The HTTP routes: the page and the API, behind the bounds and checks
/// of the module docs.
pub fn router(config: Config) -> Router {
    let body_limit = config.body_limit;
    let app = Arc::new(App {
        permits: Quota::new(config.searches as u64, half(config.searches)),
        light: Quota::new(config.light as u64, half(config.light)),
        quick: Quota::new(config.quick as u64, 1),
        bodies: Arc::new(Semaphore::new(config.big_bodies)),
        body_memory: Quota::new(config.body_memory as u64, config.body_memory as u64 / 4),
        answer_memory: Quota::new(config.answer_memory as u64, config.answer_memory as u64 / 2),
        traces: Traces::budgeted(config.trace_bytes(), config.memory.clone()),
        config,
    });
    let c = &app.config;
    // Outermost last: each `.layer` wraps everything above it.
    let mut routes = Router::new();
    for &(path, kind, body) in ASSETS {
        routes = routes.route(path, get(move || async move { page(body, kind) }));
    }
    for endpoint in Endpoint::ALL {
        let path = format!("/api/{}", endpoint.name());
        routes = if endpoint.reads_body() {
            routes.route(
                &path,
                post(move |State(app): State<Arc<App>>, JsonBody(body)| app.call(endpoint, body)),
            )
        } else {
            // A catalog: a constant of the build, written once; no slot.
            routes.route(
                &path,
                get(move |State(app): State<Arc<App>>| async move {
                    respond(gridpuzzle_api::call(endpoint.name(), b"", &app.ctx()))
                }),
            )
        };
    }
    routes
        .route_layer(
            ServiceBuilder::new()
                .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
                    Refusal::Busy("too many requests at once".into()).into_response()
                }))
                .layer(LoadShedLayer::new())
                .layer(GlobalConcurrencyLimitLayer::with_semaphore(Arc::new(
                    Semaphore::new(c.max_requests),
                ))),
        )
        .route_layer(middleware::from_fn_with_state(Arc::clone(&app), admit))
        .fallback(|| async { Refusal::from(ApiError::NotFound).into_response() })
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

/// A request body said to be JSON, read whole (the body limit and its
/// timeout are the layers'); a body of another type is refused with 415
/// here too, for a request that reached the route without passing the
/// guard.
struct JsonBody(Bytes);

impl FromRequest<Arc<App>> for JsonBody {
    type Rejection = Refusal;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<JsonBody, Refusal> {
        if !is_json(req.headers().get(header::CONTENT_TYPE)) {
            return Err(Refusal::NotJson);
        }
        Bytes::from_request(req, app)
            .await
            .map(JsonBody)
            .map_err(|e| body_error(&e, &app.config))
    }
}

impl App {
    /// A call starting now, under the server's bounds, its memory budget
    /// and its recorded traces.
    fn ctx(&self) -> Ctx {
        Ctx {
            heap: self.config.memory.clone(),
            traces: Some(Arc::clone(&self.traces)),
            ..Ctx::new(self.config.api_bounds())
        }
    }

    /// The gate every API call goes through once its body is read (see
    /// the module docs): the API checks the request into its [`Job`]
    /// before any slot is taken, so a bad request is answered at once;
    /// the job then waits for the slot it needs and runs on the blocking
    /// pool, holding the slot until its work is done.
    pub(crate) async fn call(self: Arc<App>, endpoint: Endpoint, body: Bytes) -> Response {
        self.gate(endpoint, body)
            .await
            .unwrap_or_else(IntoResponse::into_response)
    }

    async fn gate(&self, endpoint: Endpoint, body: Bytes) -> Result<Response, Refusal> {
        // The request's time starts now: waiting for a slot counts.
        let ctx = self.ctx();
        let _guard = CancelOnDrop(Arc::clone(&ctx.cancel));
        // A window of a trace that waited for another request's run of
        // its search, and found its steps outside what that run recorded,
        // is checked again (`Job::run_once`): it then runs the search in
        // a search slot of its own, or waits for the run another window
        // started meanwhile. As often as the request's time allows: each
        // time a run of the search has ended, so this never spins, and
        // windows far apart asked at once are all answered (two checks
        // once left the third refused as busy).
        loop {
            let job = check(endpoint, body.clone(), &ctx).await?;
            if let Some(answer) = self.slot_and_run(endpoint, job, ctx.clone()).await? {
                return Ok(respond(answer));
            }
            if ctx.stopped() {
                return Ok(respond(ApiError::Again.into()));
            }
        }
    }

    /// Waits for the slot `job` needs and runs it there: its answer, or
    /// `None` when it must be checked again.
    async fn slot_and_run(
        &self,
        endpoint: Endpoint,
        job: Job,
        mut ctx: Ctx,
    ) -> Result<Option<gridpuzzle_api::Answer>, Refusal> {
        let caller = CALLER.try_with(|c| *c).unwrap_or_default();
        let (slots, busy) = match job.slot() {
            Slot::Search => (
                &self.permits,
                format!("{} searches are running", self.config.searches),
            ),
            Slot::Light => (
                &self.light,
                format!("{} requests are being read", self.config.light),
            ),
            Slot::Free => return Ok(job.run_once(&ctx)),
        };
        let wait = self.config.queue_wait.min(self.config.request_time);
        // A small search that finds every slot it may take busy runs in a
        // quick slot instead, under a short deadline (the module docs,
        // "Fair slots"); no search slot at all refuses every search. A
        // trace never does: every window of a search must report that
        // search's totals, not those of a run cut short by the quick
        // deadline (and its windows after the first cost no search).
        let traces = matches!(endpoint, Endpoint::Trace | Endpoint::Chart);
        let quick = job.slot() == Slot::Search
            && caller.body <= QUICK_BODY
            && self.config.searches > 0
            && !traces;
        let permit = match slots.try_take(caller.client, 1) {
            Some(permit) => Some(permit),
            None if quick => {
                tokio::select! {
                    p = slots.take(caller.client, 1, wait) => p,
                    p = self.quick.take(caller.client, 1, wait) => {
                        ctx.deadline = ctx.deadline.min(Instant::now() + QUICK_TIME);
                        p
                    }
                }
            }
            None => slots.take(caller.client, 1, wait).await,
        };
        let permit = permit.ok_or(Refusal::Busy(busy))?;
        let alarm = {
            let cancel = Arc::clone(&ctx.cancel);
            let deadline = ctx.deadline;
            tokio::spawn(async move {
                tokio::time::sleep_until((deadline + GRACE).into()).await;
                cancel.store(true, Ordering::Relaxed);
            })
        };
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job.run_once(&ctx)
        });
        let answer = work.await;
        alarm.abort();
        Ok(answer.map_err(|_| ApiError::Internal)?)
    }
}

/// Reads and checks a request: a body over [`SMALL_BODY`] on the blocking
/// pool, since a megabyte of JSON takes milliseconds of CPU that the
/// runtime's few threads owe to every other connection.
async fn check(endpoint: Endpoint, body: Bytes, ctx: &Ctx) -> Result<Job, ApiError> {
    if body.len() as u64 <= SMALL_BODY {
        return endpoint.check(&body, ctx);
    }
    let ctx = ctx.clone();
    tokio::task::spawn_blocking(move || endpoint.check(&body, &ctx))
        .await
        .map_err(|_| ApiError::Internal)?
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
