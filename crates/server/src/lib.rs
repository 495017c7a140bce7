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

mod app;
mod assets;
mod board;
mod budget;
mod cases;
mod config;
mod conn;
mod error;
mod generate;
mod guard;
mod middleware;
mod options;
mod play;
mod positions;
mod puzzles;
mod reading;
mod render;
mod request;
mod serve;
mod solve;
mod trace;
mod verify;

pub use app::{router, CSP};
pub use config::{Config, CUTOFF_GRACE, QUICK_BODY, QUICK_TIME, SMALL_ANSWER, SMALL_BODY};
pub use conn::{raise_open_file_limit, MAX_HEAD, SEND_GRACE, SEND_RATE};
pub use play::MAX_PLAY_MOVES;
pub use reading::{MAX_PARSED_CELLS, MAX_REPLAY_WORK};
pub use render::{MAX_RENDER_MOVES, MAX_RENDER_UNITS};
pub use serve::{listen, run, serve, serve_on, BACKLOG};
pub use trace::{MAX_CHART_ALGORITHMS, MAX_TRACE_CELLS, MAX_TRACE_STEPS};

pub(crate) use app::{dispatch, raw, App, Ctx, Job, Reply, Slot};
pub(crate) use error::ApiError;
