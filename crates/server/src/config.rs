//! The server's bounds ([`Config`]) and the fixed sizes and times beside
//! them: what a client may ask for at most, and what the transport holds
//! per connection, request and answer.

use std::sync::Arc;
use std::time::Duration;

use gridpuzzle_api::{Bounds, Heap};

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
    /// of [`QUICK_TIME`], one at a time per client. A trace never does:
    /// its windows must report one search's totals, not a second's cut
    /// short.
    pub quick: usize,
    /// The process's one heap budget (`serve --memory`): every search,
    /// table and recorded trace of every request draws from it, so a
    /// request that would exceed it waits for room or ends as `limit`
    /// naming it ([`gridpuzzle_api::Ctx::heap`]). The binary makes it
    /// with its counting allocator; `None` (a library user, most tests):
    /// requests are bounded by their states and time only.
    pub memory: Option<Arc<Heap>>,
    /// Bytes of recorded traces kept between requests (their windows are
    /// then served without a search: [`gridpuzzle_api::Traces`]); when
    /// there is a memory budget, at most an eighth of it.
    pub trace_memory: usize,
}

/// The default of `serve --memory`, in MB: the heap of the whole server
/// ([`Config::memory`]), the same figure as the other commands'
/// `--memory`. What the process holds beside its heap (the binary, the
/// threads' stacks, the allocator's slack) and a search's growth between
/// two looks at the budget (a hash table doubling) come on top: at 200 MB
/// a chart of four searches on the door lair of
/// `crates/cli/tests/serve_memory.rs` peaked at 223 to 232 MB, too near
/// the README's 250; at 180 MB every request of that test stays near
/// 180 MB. A judge-size search needs a few MB, so the budget changes no
/// answer the page asks for.
pub const DEFAULT_MEMORY_MB: usize = 180;

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

impl Config {
    /// A heap budget of `bytes` for [`Config::memory`], whose use `meter`
    /// reads (the binary's counting allocator). A quarter of it is taken
    /// for what requests hold outside their searches (bodies, answers,
    /// parsed inputs, recorded traces), which a search waiting for room
    /// cannot expect back: with a command's floor of 16 MB, a chart on the
    /// door lair waited 5 s for memory no search held.
    pub fn heap(bytes: usize, meter: fn() -> usize) -> Arc<Heap> {
        Heap::with_floor(bytes, meter, bytes / 4)
    }

    /// The bytes of recorded traces kept: [`Config::trace_memory`], and
    /// at most an eighth of the memory budget.
    pub fn trace_bytes(&self) -> usize {
        match &self.memory {
            Some(heap) => self.trace_memory.min(heap.bytes() / 8),
            None => self.trace_memory,
        }
    }

    /// The bounds the API's calls work under: the fields of this
    /// [`Config`] that decide what an answer says.
    pub fn api_bounds(&self) -> Bounds {
        Bounds {
            max_states: self.max_states,
            max_timeout: self.max_timeout,
            request_time: self.request_time,
            max_count: self.max_count,
            max_side: self.max_side,
        }
    }
}

/// The API's own defaults ([`Bounds::default`], the page's too, whichever
/// transport it uses), and the transport's sized to the machine's cores.
impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        let api = Bounds::default();
        Config {
            searches: cores,
            light: 4 * cores,
            queue_wait: Duration::from_secs(2),
            max_states: api.max_states,
            max_timeout: api.max_timeout,
            request_time: api.request_time,
            body_limit: 1 << 20,
            max_count: api.max_count,
            max_side: api.max_side,
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
            memory: None,
            trace_memory: 32 << 20,
        }
    }
}
