//! `gridpuzzle serve`: one web page and the JSON API over HTTP.
//!
//! The API itself is `gridpuzzle-api`: plain functions that read a
//! request's body and answer it (status, content type, body) under the
//! bounds of a call, with no HTTP in them, so a page can also run them in
//! a Web Worker, built to WebAssembly, and get the same bytes. This crate
//! is the HTTP glue around them: routes, connections, slots, middleware,
//! timeouts and the page's files. It is its own crate so the puzzle,
//! engine and API crates stay free of an async runtime and an HTTP stack;
//! the CLI depends on it only for the `serve` command. It names no puzzle
//! and no field of a request. The shape, from the outside in:
//!
//! - [`router`] (`app.rs`) builds an axum [`Router`](axum::Router): `GET /`
//!   and its assets (`assets.rs`: the HTML, the CSS and the page's ES
//!   modules under `/js/`, compiled into the binary with `include_str!`,
//!   so the page needs no network at run time), and one route per
//!   endpoint of the API at `/api/NAME`
//!   ([`Endpoint`](gridpuzzle_api::Endpoint)): `POST` for those that read
//!   a body (`solve`, `verify`, `generate`, `render`, `cases`, `play`,
//!   `board`, `trace`, `trace/chart`), `GET` for the two catalogs
//!   (`puzzles`, `algorithms`), constants of the build that take no slot.
//!   Tests drive this router directly, without a socket.
//! - A body is read whole (`app.rs`): only `application/json` (415
//!   otherwise), under a size cap (413 past it). The JSON-only rule
//!   lives in `guard.rs`, which the body reader uses, and its words in
//!   `error.rs` with every refusal's.
//! - Every API call then goes through one gate (`App::call`): the API
//!   reads the body and checks the request for its puzzle
//!   ([`Endpoint::check`](gridpuzzle_api::Endpoint::check), on the
//!   blocking pool for a large body), so a bad request is answered at
//!   once; its [`Job`](gridpuzzle_api::Job) then waits a short while for
//!   a slot of the kind it says (503 when none frees up) and runs in
//!   `spawn_blocking`, holding the slot until the blocking work is done —
//!   so a client that hangs up cannot free a slot while its search still
//!   burns a core. Searches take one of a fixed number of search slots;
//!   requests that only read or replay (`cases`, `play` without a hint,
//!   `board`) take one of a larger pool of light slots, so a move on the
//!   page does not queue behind searches. A whole request has a deadline
//!   ([`Config::request_time`], from its arrival), which the API's work
//!   checks through the call's [`Ctx`](gridpuzzle_api::Ctx), and a
//!   cancel flag, raised when the deadline has passed or the client goes
//!   away.
//! - Errors (`error.rs`): one enum of every refusal, the API's own
//!   ([`ApiError`](gridpuzzle_api::ApiError)) and the transport's, each
//!   answered as JSON `{"error": "..."}` with its 4xx status (503 when
//!   busy or out of time); bad judge input gives the same text the CLI
//!   prints after `gridpuzzle: `.
//! - What every request shares (`state.rs`): the slots, the body and
//!   answer budgets and the recorded traces, read by the middleware and
//!   the gate alike.
//! - What may be asked at most is [`Config`] (`config.rs`): the API's
//!   [`Bounds`](gridpuzzle_api::Bounds) and the transport's own.
//!   `serve.rs` binds the socket and runs the runtime.
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
//!   be exactly `chunked` (`admit`, `middleware.rs`), and a body's JSON
//!   is screened before it is built (by the API's reader,
//!   [`gridpuzzle_api::read`]): duplicate keys, deep nesting and
//!   object-heavy bodies are refused with 400. hyper still accepts bare
//!   LF line ends in a head; no proxy we know of reads them differently,
//!   and hyper offers no switch.
//! - **Time**: tower-http's `TimeoutLayer` ends every request at
//!   [`Config::request_time`] plus a grace (503), and its
//!   `RequestBodyTimeoutLayer` ends a body that stalls for
//!   [`Config::body_time`] (408). Work already running on a blocking
//!   thread cannot be stopped from outside; it checks the request's
//!   deadline and cancel flag itself, per case, per frame, per step (the
//!   API draws a render itself for that, move by move). An answer
//!   must be taken by its client within [`SEND_GRACE`] plus its size at
//!   [`SEND_RATE`], no piece waiting longer than [`SEND_GRACE`], or its
//!   connection is closed (`conn.rs`).
//! - **Memory is accounted** (`quota.rs`: a total, and a share per
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
//! - **One heap budget** ([`Config::memory`], `serve --memory`): the
//!   binary's counting allocator reads what the whole process holds, and
//!   every call's [`Ctx`](gridpuzzle_api::Ctx) carries the budget to its
//!   searches' limits, so a search's tables wait for room or the search
//!   ends as `limit` naming the budget (`gridpuzzle_engine::memory`).
//!   The quotas above bound what a client can make the server hold for
//!   its bodies and answers; this one bounds what the searches hold, which
//!   no quota per request could (a 40 KB lair asks for hundreds of MB of
//!   tables). One budget, not one per slot: a search that needs most of
//!   it can have it when it runs alone.
//! - **A trace costs one search**: the router's recorded traces
//!   ([`Traces`](gridpuzzle_api::Traces), an eighth of the budget) serve
//!   the windows of a search already run without a search slot, and a
//!   window of a search being run waits for it (`gridpuzzle-api`'s
//!   `traces.rs` says why it is shaped so).
//! - **Fair slots**: a client may hold half the search and light slots
//!   (rounded up); a small search (a body of at most [`QUICK_BODY`], such
//!   as a sample's solve) that finds the search slots taken runs in one
//!   of [`Config::quick`] slots kept for it, under a deadline of
//!   [`QUICK_TIME`], so tiny but heavy requests from one client (a
//!   generate asking the impossible) cannot starve everyone's small ones.
//!   A trace never takes a quick slot: every window of a search must
//!   report that search's totals, not a run cut short by the quick
//!   deadline. The page's files take no slot.
//! - **Headers**: `X-Content-Type-Options: nosniff`, a
//!   `Content-Security-Policy` that allows the page's own script and
//!   style only and no framing, `Referrer-Policy: no-referrer`, and
//!   `Cache-Control` (`no-cache` for the page, so a new binary's page is
//!   picked up; `no-store` for answers); the assets are gzip-compressed
//!   for clients that accept it (tower-http's `CompressionLayer`).

mod app;
mod assets;
mod config;
mod conn;
mod error;
mod guard;
mod middleware;
mod quota;
mod serve;
mod state;

pub use app::{router, CSP};
pub use config::{
    Config, CUTOFF_GRACE, DEFAULT_MEMORY_MB, QUICK_BODY, QUICK_TIME, SMALL_ANSWER, SMALL_BODY,
};
pub use conn::{raise_open_file_limit, MAX_HEAD, SEND_GRACE, SEND_RATE};
pub use gridpuzzle_api::{
    MAX_CHART_ALGORITHMS, MAX_PARSED_CELLS, MAX_PLAY_MOVES, MAX_RENDER_MOVES, MAX_RENDER_UNITS,
    MAX_REPLAY_WORK, MAX_TRACE_CELLS, MAX_TRACE_STEPS,
};
pub use serve::{listen, run, serve, serve_on, BACKLOG};
