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
//! - [`router`] builds an axum [`Router`]: `GET /` and its two assets (HTML,
//!   CSS and JavaScript compiled into the binary with `include_str!`, so
//!   the page needs no network at run time), and `POST /api/solve`,
//!   `/api/verify`, `/api/generate`, `/api/render`, and for the page
//!   `/api/cases` (the boards of an input), `/api/play` (what each move
//!   of a game changes, through the rules, an exact hint, and on request
//!   a bounded window of whole positions to draw: `positions.rs`) and
//!   `/api/board` (a draft's judge text and game ID, and a game ID's
//!   draft), one module each; and `GET /api/puzzles` with each puzzle's
//!   drawing module `GET /puzzles/NAME.js` (`puzzles.rs`: what the page
//!   offers of every puzzle, so the page names none). Tests drive this
//!   router directly, without a socket.
//! - A body is read by axum's `Json` extractor into the endpoint's
//!   serde-derived request type (`request.rs`): only `application/json`
//!   (415 otherwise), under a size cap (413 past it), unknown fields
//!   refused, and every refusal answered as our JSON error.
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

mod board;
mod cases;
mod generate;
mod options;
mod play;
mod positions;
mod puzzles;
mod reading;
mod render;
mod request;
mod solve;
mod verify;

pub use play::MAX_PLAY_MOVES;
pub use reading::MAX_PARSED_CELLS;

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use gridpuzzle_registry::Visit;
use serde::Serialize;
use tokio::sync::Semaphore;

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
}

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
        }
    }
}

/// The shared state of every request.
pub(crate) struct App {
    config: Config,
    permits: Arc<Semaphore>,
    light: Arc<Semaphore>,
}

/// The HTTP routes: the page and the API (see the module docs).
pub fn router(config: Config) -> Router {
    let body_limit = config.body_limit;
    let app = Arc::new(App {
        permits: Arc::new(Semaphore::new(config.searches)),
        light: Arc::new(Semaphore::new(config.light)),
        config,
    });
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route("/api/solve", post(solve::handler))
        .route("/api/verify", post(verify::handler))
        .route("/api/generate", post(generate::handler))
        .route("/api/render", post(render::handler))
        .route("/api/cases", post(cases::handler))
        .route("/api/play", post(play::handler))
        .route("/api/board", post(board::handler))
        .route("/api/puzzles", get(puzzles::list))
        .route("/puzzles/{file}", get(puzzles::script))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response() })
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(app)
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
    axum::serve(listener, router(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// [`serve`] on a multi-threaded tokio runtime of its own, for a
/// synchronous caller such as the CLI.
pub fn run(bind: IpAddr, port: u16, config: Config) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(bind, port, config));
    // Searches still running end at their deadline; do not wait for them.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

const INDEX_HTML: &str = include_str!("../assets/index.html");
const STYLE_CSS: &str = include_str!("../assets/style.css");
const APP_JS: &str = include_str!("../assets/app.js");

fn page(body: &'static str, kind: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
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
        let deadline = Instant::now() + self.config.request_time;
        let cancel = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(Arc::clone(&cancel));
        let ctx = Ctx {
            config: self.config.clone(),
            deadline,
            cancel: Arc::clone(&cancel),
        };
        let job = match check(&ctx) {
            Ok(job) => job,
            Err(e) => return e.into_response(),
        };
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
        let acquire = Arc::clone(slots).acquire_owned();
        let wait = self.config.queue_wait.min(self.config.request_time);
        let permit = match tokio::time::timeout(wait, acquire).await {
            Ok(Ok(permit)) => permit,
            _ => {
                return ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("busy: {busy}; try again shortly"),
                )
                .into_response()
            }
        };
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
