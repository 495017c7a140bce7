//! The JSON API as a WebAssembly module: what the page runs in a Web
//! Worker when no `gridpuzzle serve` is behind it (the static site of
//! `cargo xtask site`).
//!
//! One contract, two transports: every answer is [`gridpuzzle_api::call`]'s,
//! under the server's default bounds ([`Bounds::default`]), so the page
//! gets the same bytes from this module as from the server (the API's
//! golden answers are checked against it: `tests/golden.rs`).
//!
//! Why raw exports and a hand-written glue (`site/js/wasm.js`) rather
//! than `wasm-bindgen`: the calls are bytes in, bytes out, which needs no
//! generated bindings; `wasm-bindgen` would need its command-line
//! post-processor, pinned to the crate's exact version, in every build;
//! and the engine's clock would have to come through `js-sys`. Here the
//! whole interface is the five exports and three imports below, and the
//! module is a plain `cargo build` output that node and any browser load.
//!
//! The protocol, for one call (single-threaded: one worker, one instance,
//! one call at a time):
//!
//! 1. `gridpuzzle_input(n)` makes room for `n` bytes and says where: the
//!    caller writes the endpoint's name (`solve`, `trace/chart`, …), a
//!    newline, and the request's body there.
//! 2. `gridpuzzle_call()` answers it and returns the status.
//! 3. `gridpuzzle_answer()` and `gridpuzzle_answer_len()` say where the
//!    answer is: its content type, a newline, and its body (UTF-8), valid
//!    until the next call.
//!
//! `gridpuzzle_fault()` puts in the answer the server's words for a call
//! that failed inside (a panic: the module traps, and its instance is not
//! used again), for the worker to keep before any call.
//!
//! Imports (module `env`): `gridpuzzle_now()` (`performance.now()`) and
//! `gridpuzzle_date_now()` (`Date.now()`), the engine's clock
//! ([`gridpuzzle_engine::clock`]; std has none on this target); and
//! `gridpuzzle_panic(ptr, len)`, a panic's message, for the worker to
//! report before the trap.
//!
//! Time and cancellation: each call gets the server's deadline (its
//! request time) through its [`Ctx`], read from the imported clock.
//!
//! Traces: the instance keeps the windows of the searches it traced, as
//! the server does ([`Traces`], at most [`TRACE_BYTES`]), so the page's
//! next window of a search is read from that run instead of running the
//! whole search again (the page gives a call to the worker that answered
//! last when it is idle, so a trace played forward stays on one
//! instance). One call at a time means a window never waits for another's
//! run here; the answers are the same bytes with or without the shelf. The
//! page cancels a call by terminating its worker, since a worker busy in
//! a call cannot read a message, and a flag in shared memory would need
//! the cross-origin isolation headers a plain static host does not send.
//!
//! This is the workspace's one crate with `unsafe_code` merely denied, not
//! forbidden: the exports need `#[no_mangle]` and the imports an
//! `unsafe extern` block, which the lint counts as unsafe code. Each such
//! item is allowed where it stands; nothing here dereferences a pointer
//! (the caller writes and reads the buffers through the module's memory).

use std::cell::RefCell;
use std::sync::Arc;

use gridpuzzle_api::{call, Answer, ApiError, Bounds, Ctx, Traces};

/// The bytes of recorded traces an instance keeps: the server's default
/// shelf is twice this, but a worker's memory is ended past 256 MB and
/// never shrinks, so the module keeps less.
pub const TRACE_BYTES: usize = 16 << 20;

thread_local! {
    /// The request being written: the endpoint's name, `\n`, the body.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer: its content type, `\n`, its body.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The windows of the searches this instance traced.
    static TRACES: Arc<Traces> = Traces::new(TRACE_BYTES);
}

/// Makes the request buffer `len` bytes long (zeroed) and returns where
/// it starts, for the caller to write the request into.
#[allow(unsafe_code)] // `no_mangle` (see the module docs); the body is safe.
#[no_mangle]
pub extern "C" fn gridpuzzle_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Answers the request in the buffer (the name, `\n`, the body) under the
/// server's default bounds; the answer's status.
#[allow(unsafe_code)] // `no_mangle`; the body is safe.
#[no_mangle]
pub extern "C" fn gridpuzzle_call() -> u32 {
    #[cfg(all(target_family = "wasm", target_os = "unknown"))]
    host::start();
    let input = INPUT.take();
    let answer = answer(&input);
    let status = answer.status;
    keep(answer);
    u32::from(status)
}

/// Puts the server's answer to a call that failed inside in the answer
/// buffer; its status.
#[allow(unsafe_code)] // `no_mangle`; the body is safe.
#[no_mangle]
pub extern "C" fn gridpuzzle_fault() -> u32 {
    let answer = Answer::from(ApiError::Internal);
    let status = answer.status;
    keep(answer);
    u32::from(status)
}

/// Where the last answer starts.
#[allow(unsafe_code)] // `no_mangle`; the body is safe.
#[no_mangle]
pub extern "C" fn gridpuzzle_answer() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// The last answer's length in bytes.
#[allow(unsafe_code)] // `no_mangle`; the body is safe.
#[no_mangle]
pub extern "C" fn gridpuzzle_answer_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// The answer to one request written as the protocol says: the name
/// before the first newline, the body after it.
pub fn answer(input: &[u8]) -> Answer {
    let (name, body) = match input.iter().position(|&b| b == b'\n') {
        Some(at) => (&input[..at], &input[at + 1..]),
        None => (input, &[][..]),
    };
    match std::str::from_utf8(name) {
        Ok(name) => {
            let ctx = Ctx {
                traces: Some(TRACES.with(Arc::clone)),
                ..Ctx::new(Bounds::default())
            };
            call(name, body, &ctx)
        }
        Err(_) => ApiError::NotFound.into(),
    }
}

/// Keeps `answer` as the protocol's answer bytes, the old ones' room
/// reused.
fn keep(answer: Answer) {
    OUTPUT.with_borrow_mut(|output| {
        output.clear();
        output.extend_from_slice(answer.content_type.as_bytes());
        output.push(b'\n');
        output.extend_from_slice(answer.body.as_bytes());
    });
}

/// What the module imports from its host: the clock, and a place to say
/// why it panicked.
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
mod host {
    use std::sync::Once;

    use gridpuzzle_engine::clock::{set_source, Source};

    #[allow(unsafe_code)] // Declaring imports is `unsafe extern`; each is a safe call.
    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        /// `performance.now()`: milliseconds that never go back.
        safe fn gridpuzzle_now() -> f64;
        /// `Date.now()`: milliseconds since 1970.
        safe fn gridpuzzle_date_now() -> f64;
        /// A panic's message: `len` bytes of UTF-8 at `ptr`, read by the
        /// host before the module traps.
        safe fn gridpuzzle_panic(ptr: *const u8, len: usize);
    }

    /// Hands the engine its clock and routes panics' messages to the
    /// host, once.
    pub(crate) fn start() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            set_source(Source {
                monotonic: || gridpuzzle_now(),
                wall: || gridpuzzle_date_now(),
            });
            std::panic::set_hook(Box::new(|info| {
                let message = info.to_string();
                gridpuzzle_panic(message.as_ptr(), message.len());
            }));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes a request the way the glue does and reads the answer back.
    fn round_trip(request: &[u8]) -> (u32, String) {
        let at = gridpuzzle_input(request.len());
        assert!(!at.is_null());
        INPUT.with_borrow_mut(|input| input.copy_from_slice(request));
        let status = gridpuzzle_call();
        let bytes = OUTPUT.with_borrow(Vec::clone);
        assert_eq!(bytes.len(), gridpuzzle_answer_len());
        (status, String::from_utf8(bytes).unwrap())
    }

    #[test]
    fn a_request_is_its_name_a_newline_and_its_body() {
        let (status, answer) = round_trip(b"puzzles\n");
        assert_eq!(status, 200);
        assert!(answer.starts_with("application/json\n{\""), "{answer}");
        let (status, answer) = round_trip(
            br#"solve
{"puzzle": "curling", "input": "2 1\n3 2\n0 0\n"}"#,
        );
        assert_eq!(status, 200, "{answer}");
        assert!(answer.contains(r#""answer":1"#), "{answer}");
    }

    #[test]
    fn unknown_names_and_bad_bodies_get_the_servers_refusals() {
        let (status, answer) = round_trip(b"nothing\n{}");
        assert_eq!(status, 404);
        assert_eq!(answer, "application/json\n{\"error\":\"no such page\"}");
        assert_eq!(round_trip(b"\xff\n{}").0, 404);
        assert_eq!(round_trip(b"solve").0, 400, "no body: not JSON");
        assert_eq!(round_trip(b"solve\n{").0, 400);
    }

    /// The second window of a traced search is read from the first's run.
    #[test]
    fn windows_of_a_trace_cost_one_search() {
        let window = |from: u64| {
            format!(
                "trace\n{{\"puzzle\": \"curling\", \"input\": {:?}, \"algorithm\": \
                 \"bfs\", \"case\": 2, \"from\": {from}, \"count\": 5}}",
                include_str!("../../../samples/curling.in"),
            )
        };
        let (status, first) = round_trip(window(1).as_bytes());
        assert_eq!(status, 200, "{first}");
        let (status, second) = round_trip(window(6).as_bytes());
        assert_eq!(status, 200, "{second}");
        assert!(second.contains(r#""n":6"#), "{second}");
        assert_eq!(TRACES.with(|t| t.runs()), 1);
    }

    #[test]
    fn a_fault_is_answered_as_the_server_answers_a_panic() {
        assert_eq!(gridpuzzle_fault(), 500);
        let bytes = OUTPUT.with_borrow(Vec::clone);
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with("application/json\n{\"error\":\"internal error"));
    }
}
