//! The shared state of every request, [`App`]: the server's slots and
//! budgets, and the traces it keeps.
//!
//! Its own module because both sides of a request read it: the
//! middleware (`middleware.rs`: admission, body and answer budgets) and
//! the gate and router (`app.rs`, which builds it and gives the API's
//! work its slot). Each imports it; neither imports the other's reader
//! of it, so the modules form a tree.

use std::sync::Arc;

use gridpuzzle_api::Traces;
use tokio::sync::Semaphore;

use crate::quota::Quota;
use crate::Config;

/// The shared state of every request.
pub(crate) struct App {
    pub(crate) config: Config,
    /// Search slots; a client may hold half of them (rounded up).
    pub(crate) permits: Arc<Quota>,
    /// Slots for reading and replaying; a client may hold half.
    pub(crate) light: Arc<Quota>,
    /// Slots for small requests that find the search slots taken.
    pub(crate) quick: Arc<Quota>,
    /// Places for requests with a large body ([`Config::big_bodies`]).
    pub(crate) bodies: Arc<Semaphore>,
    /// Bytes of request bodies held ([`Config::body_memory`]).
    pub(crate) body_memory: Arc<Quota>,
    /// Bytes of answers waiting to be sent ([`Config::answer_memory`]).
    pub(crate) answer_memory: Arc<Quota>,
    /// Recorded traces, whose windows are served without a search
    /// ([`Config::trace_memory`]).
    pub(crate) traces: Arc<Traces>,
}
