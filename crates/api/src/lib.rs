//! The JSON API of gridpuzzle as plain functions: a request's body in, an
//! answer (status, content type, body) out, under the call's bounds.
//!
//! One contract, two transports. `gridpuzzle serve` (`gridpuzzle-server`)
//! carries it over HTTP, with its connections, slots and middleware; a
//! page can run it in a Web Worker, built to WebAssembly. Everything that
//! decides what an answer says is here — reading a request with its exact
//! refusals (`request.rs`), the options and bounds (`options.rs`), the
//! endpoints' logic and the JSON shapes of their answers — so both
//! transports answer the same bytes, and the server's golden files hold
//! for either.
//!
//! Why it is shaped so:
//!
//! - **No transport in it.** No HTTP types, no async runtime, no threads
//!   or sockets of its own; only the engine, the registry and serde. So it
//!   builds for `wasm32-unknown-unknown`. Time and cancellation are the
//!   engine's: a call carries a deadline and a cancel flag ([`Ctx`]) that
//!   every search reads through its
//!   [`Limits`](gridpuzzle_engine::search::Limits) and every loop that is
//!   not a search checks ([`Ctx::stopped`]), per case, per move, per
//!   frame. A transport raises the flag (the server when a client leaves
//!   or its time runs out; a worker when the user stops a search).
//! - **Two phases** (`endpoint.rs`, `job.rs`): [`Endpoint::check`] reads
//!   a request and checks it for its puzzle at once, into a [`Job`] that
//!   says which kind of slot it needs ([`Slot`]); [`Job::run`] does the
//!   work. A transport with slots answers a bad request before it waits
//!   for one; one without calls [`call`], which does both. The table of
//!   endpoints names every endpoint's module and none names it: they make
//!   their jobs with `job.rs`, so the modules form a tree.
//! - **One entry per endpoint, typed** (`solve::check`, …, each over its
//!   serde-derived request type), and [`call`] by name over them, for a
//!   transport that has only a name and bytes.
//! - **Puzzles by name, through the registry.** No endpoint names a
//!   puzzle: each is written once, generic over any registered puzzle
//!   ([`Registered`](gridpuzzle_registry::Registered): the engine's core
//!   [`Puzzle`](gridpuzzle_engine::Puzzle) contract and its declared
//!   capabilities), and the registry (`gridpuzzle-registry`) runs it with
//!   the puzzle a request names; what a puzzle offers beyond its core is
//!   asked of its capabilities (`P::CAPS`), and a request for one it lacks is refused in the words
//!   of [`Lacks`](gridpuzzle_engine::caps::Lacks).
//! - **One error, typed to the edge** ([`ApiError`]): the endpoints read
//!   and check with `?`, and an error becomes a status and
//!   `{"error": ...}` only in [`Answer`].
//! - **The shared set-up once** (`setup.rs`): the seven endpoints that
//!   work on a judge input (solve, verify, play, render, cases, trace and
//!   its chart) declare their request with the shared fields and read
//!   them in one function: the puzzle by name, its settings, the search
//!   bounds, the input and the case number, with the same refusals in the
//!   same order. Each writes only what is its own.
//!
//! The endpoints, one module each: `solve.rs`, `verify.rs`,
//! `generate.rs`, `render.rs` (drawn here, move by move, so it stops at
//! the deadline), `cases.rs` (the boards of an input), `play.rs` (what
//! each move changes, an exact hint, and a bounded window of whole
//! positions: `positions.rs`), `board.rs` (a draft's judge text and game
//! ID, and back), `trace.rs` (a window of a search's events, its chart,
//! and the catalog of searches) and `puzzles.rs` (the catalog of what the
//! page offers). Judge input is read lazily, as the CLI does, and charged
//! to the request's cell budget (`reading.rs`).

mod board;
mod cases;
mod endpoint;
mod error;
mod generate;
mod job;
mod options;
mod play;
mod positions;
mod puzzles;
mod reading;
mod render;
mod request;
mod setup;
mod solve;
mod trace;
mod traces;
mod verify;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gridpuzzle_engine::clock::Instant;
use serde::Serialize;

pub use board::{check as board, BoardRequest};
pub use cases::{check as cases, CasesRequest};
pub use endpoint::Endpoint;
pub use error::ApiError;
pub use generate::{check as generate, GenerateRequest};
pub use gridpuzzle_engine::memory::Heap;
pub use job::{Job, Slot};
pub use play::{check as play, PlayRequest, MAX_PLAY_MOVES};
pub use positions::{MAX_POSITIONS, MAX_POSITION_BYTES};
pub use puzzles::catalog as puzzles;
pub use reading::{MAX_PARSED_CELLS, MAX_REPLAY_WORK};
pub use render::{check as render, RenderRequest, MAX_RENDER_MOVES, MAX_RENDER_UNITS};
pub use request::{read, MAX_DEPTH, MAX_OBJECTS, MAX_VALUES};
pub use solve::{check as solve, SolveRequest};
pub use trace::{
    catalog as algorithms, check as trace, check_chart as chart, ChartRequest, TraceRequest,
    MAX_CHART_ALGORITHMS, MAX_TRACE_CELLS, MAX_TRACE_STEPS,
};
pub use traces::Traces;
pub use verify::{check as verify, VerifyRequest};

/// Answers a request to the endpoint called `endpoint` ([`Endpoint::name`]:
/// `solve`, `trace/chart`, …) with `body`, checking and running it at once
/// under `ctx`: the whole API for a transport without slots.
pub fn call(endpoint: &str, body: &[u8], ctx: &Ctx) -> Answer {
    let Some(endpoint) = Endpoint::named(endpoint) else {
        return ApiError::NotFound.into();
    };
    // A window that waited for another call's run of its search and
    // found itself outside it is checked again (`traces.rs`), as long as
    // the call's time allows: each time a run of the search has ended.
    loop {
        match endpoint.check(body, ctx) {
            Ok(job) => match job.run_once(ctx) {
                Some(answer) => return answer,
                None if ctx.stopped() => return ApiError::Again.into(),
                None => continue,
            },
            Err(e) => return e.into(),
        }
    }
}

/// The bounds every call works under: clients can ask for less, never for
/// more. The defaults are the server's (and so the page's, whichever
/// transport it uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Most states one search may expand (also the default).
    pub max_states: u64,
    /// Most time one search may take (also the default).
    pub max_timeout: Duration,
    /// Most time one whole call may take, all its cases together (the
    /// server counts its wait for a slot too); a generate request runs
    /// until its puzzles are made or this runs out.
    pub request_time: Duration,
    /// Most puzzles one generate request may ask for.
    pub max_count: u64,
    /// Largest side of a generated board, and of a board `cases` draws (a
    /// larger one is listed by its size only).
    pub max_side: u32,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            max_states: 20_000_000,
            max_timeout: Duration::from_secs(10),
            request_time: Duration::from_secs(30),
            max_count: 50,
            max_side: 100,
        }
    }
}

/// What a call may read while it works: its bounds, its deadline, its
/// cancel flag, and what the transport shares between calls (its memory
/// budget, its recorded traces).
#[derive(Debug, Clone)]
pub struct Ctx {
    pub bounds: Bounds,
    /// When the call's time is up (every search ends by then).
    pub deadline: Instant,
    /// Raised by the transport to stop the call: the client left, or the
    /// user stopped it.
    pub cancel: Arc<AtomicBool>,
    /// The transport's one memory budget, shared by every call it runs
    /// (`serve --memory`): every search and table of the call draws from
    /// it through its [`Limits`](gridpuzzle_engine::search::Limits), so
    /// a call that would exceed it waits for room or ends as `limit`
    /// naming it (see [`gridpuzzle_engine::memory`]). `None`: the call is
    /// bounded by its states and its time only.
    pub heap: Option<Arc<Heap>>,
    /// The transport's recorded traces ([`Traces`]): windows of one traced
    /// search served from one run. `None`: every window reruns its search.
    pub traces: Option<Arc<Traces>>,
}

impl Ctx {
    /// A call starting now: its deadline [`Bounds::request_time`] away,
    /// its cancel flag down, no memory budget and no recorded traces.
    pub fn new(bounds: Bounds) -> Ctx {
        Ctx {
            bounds,
            deadline: Instant::now() + bounds.request_time,
            cancel: Arc::new(AtomicBool::new(false)),
            heap: None,
            traces: None,
        }
    }

    /// True once the deadline has passed or the flag is raised: the loops
    /// that are not searches check it (searches get both through their
    /// `Limits`).
    pub fn stopped(&self) -> bool {
        Instant::now() >= self.deadline || self.cancel.load(Ordering::Relaxed)
    }
}

/// The content type of JSON answers.
pub const JSON: &str = "application/json";
/// The content type of pictures (`render`, `trace/chart`).
pub const SVG: &str = "image/svg+xml";

/// An answer: what a transport sends back, status and all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status: 200, or the refusal's.
    pub status: u16,
    /// [`JSON`] or [`SVG`].
    pub content_type: &'static str,
    pub body: String,
}

impl Answer {
    /// `answer` as JSON, its fields in their declared order.
    pub(crate) fn json(answer: &impl Serialize) -> Result<Answer, ApiError> {
        serde_json::to_string(answer)
            .map(Answer::ok_json)
            .map_err(|_| ApiError::Internal)
    }

    /// A 200 with this JSON text.
    pub(crate) fn ok_json(body: String) -> Answer {
        Answer {
            status: 200,
            content_type: JSON,
            body,
        }
    }

    /// A 200 with this picture.
    pub(crate) fn svg(body: String) -> Answer {
        Answer {
            status: 200,
            content_type: SVG,
            body,
        }
    }

    /// A refusal: `status` and `{"error": words}`, the one shape of every
    /// error answer, the transport's own included.
    pub fn error(status: u16, words: &str) -> Answer {
        #[derive(Serialize)]
        struct ErrorAnswer<'a> {
            error: &'a str,
        }
        Answer {
            status,
            content_type: JSON,
            body: serde_json::to_string(&ErrorAnswer { error: words })
                .expect("a string serializes"),
        }
    }
}

impl From<ApiError> for Answer {
    fn from(e: ApiError) -> Answer {
        Answer::error(e.status(), &e.to_string())
    }
}

/// A record kept as its JSON text, which serializes to the same bytes: a
/// long answer's records then cost their text, not a tree of maps.
pub(crate) fn raw(value: &impl Serialize) -> Result<Box<serde_json::value::RawValue>, ApiError> {
    serde_json::value::to_raw_value(value).map_err(|_| ApiError::Internal)
}
