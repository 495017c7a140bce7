//! The serving loop: accepting connections, and keeping a bounded number
//! of them, each for a bounded time.
//!
//! `axum::serve` has none of the bounds a server facing strangers needs
//! (no header or idle timeout, no cap on connections, and it sleeps a
//! whole second when `accept` fails for want of file descriptors), so the
//! loop is built from hyper's own pieces, as axum's docs suggest for this:
//!
//! - **hyper's HTTP/1 connection builder** reads each request head under
//!   [`Config::header_time`](crate::Config::header_time). Its timer starts
//!   when the connection opens and again after every answer, so the same
//!   bound is the keep-alive idle timeout: a connection that sends nothing,
//!   or its head one byte at a time, is closed after it. The head buffer is
//!   capped at [`MAX_HEAD`] (hyper answers 431 past it).
//! - **A connection cap** ([`Config::max_connections`](crate::Config::max_connections),
//!   lowered to the open-file limit less a reserve): when it is reached,
//!   the oldest connection that has no request in progress (one still
//!   sending its head, or idle between requests) is closed to make room
//!   for the new one. So connections that send nothing useful cannot lock
//!   out a client, even before their timeout: they are the first to go.
//! - **A cap per client** ([`Config::client_connections`](crate::Config::client_connections)):
//!   a client (an IP address) past it has its own oldest connection
//!   closed, an idle one first, never another client's; and when every
//!   connection is in the middle of a request, the client holding the
//!   most gives up its oldest. So slow bodies sent again and again on
//!   every connection cannot lock anyone else out: the one who sends them
//!   pays.
//! - `accept` failing for want of file descriptors closes an idle
//!   connection the same way and tries again at once.
//! - **Time to send** ([`Paced`]): an answer is handed to hyper in pieces
//!   of [`PIECE`] bytes, which hyper asks for only as its small write
//!   buffer drains, so the pieces taken say how fast the client reads. An
//!   answer must be taken within [`SEND_GRACE`] plus its size at
//!   [`SEND_RATE`], no piece waiting longer than [`SEND_GRACE`]; past
//!   that the connection (and the answer with it) is dropped. Every
//!   connection's task watches its due time ([`Sending::overdue`]).
//! - The service tells the router who the client is (a
//!   [`Client`] in the request's extensions), for the shares of the
//!   quotas (`quota.rs`).
//!
//! A connection is "busy" from the moment hyper hands the service a
//! request head until the answer's body has been sent (or dropped): a
//! counter that the service raises and a guard in the response body
//! lowers.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::{Request, Response};
use axum::Router;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio::task::AbortHandle;
use tower::ServiceExt;

use crate::quota::Client;

/// Largest request head (request line and headers), in bytes; hyper
/// answers 431 past it. (hyper's own floor for this buffer is 8 KiB.)
pub const MAX_HEAD: usize = 16 * 1024;

/// File descriptors kept back from the connection cap for everything else
/// the process opens.
const FD_RESERVE: usize = 64;

/// What the loop needs of the configuration.
pub(crate) struct Bounds {
    pub header_time: Duration,
    pub max_connections: usize,
    pub client_connections: usize,
}

/// The connection cap for this process: the configured one, lowered to
/// the soft open-file limit less [`FD_RESERVE`].
pub(crate) fn connection_cap(configured: usize) -> usize {
    let files = open_file_limit().unwrap_or(1024);
    configured
        .min(files.saturating_sub(FD_RESERVE as u64) as usize)
        .max(1)
}

/// The soft limit on open files, if the system says.
pub(crate) fn open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, Resource};
        getrlimit(Resource::RLIMIT_NOFILE)
            .ok()
            .map(|(soft, _)| soft)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Raises the soft open-file limit to the hard one, where the system
/// allows, and answers the soft limit now in force. A shell's usual soft
/// limit of 1024 is far below what a server holding idle connections
/// needs, while the hard limit is usually much higher.
pub fn raise_open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        use nix::sys::resource::{getrlimit, setrlimit, Resource};
        let (soft, hard) = getrlimit(Resource::RLIMIT_NOFILE).ok()?;
        if soft < hard {
            // macOS refuses an unlimited soft limit; keep what we have then.
            let _ = setrlimit(Resource::RLIMIT_NOFILE, hard, hard);
        }
        open_file_limit()
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// One live connection, as the loop sees it.
struct Live {
    opened: Instant,
    client: IpAddr,
    busy: Arc<AtomicUsize>,
    task: AbortHandle,
}

/// Lowers a connection's busy count when dropped.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn new(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::Relaxed);
        Busy(Arc::clone(count))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Tells the loop that connection `id` has ended, however it ended.
struct Ended(u64, mpsc::UnboundedSender<u64>);

impl Drop for Ended {
    fn drop(&mut self) {
        let _ = self.1.send(self.0);
    }
}

type Answer = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

/// The router as hyper calls it, marking the connection busy while a
/// request is in progress, telling the router who the client is, and
/// pacing the answer ([`Paced`]).
#[derive(Clone)]
struct Service {
    router: Router,
    busy: Arc<AtomicUsize>,
    client: Client,
    sending: Arc<Sending>,
}

impl hyper::service::Service<Request<Incoming>> for Service {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Answer;

    fn call(&self, mut request: Request<Incoming>) -> Answer {
        let busy = Busy::new(&self.busy);
        let router = self.router.clone();
        let sending = Arc::clone(&self.sending);
        request.extensions_mut().insert(self.client);
        Box::pin(async move {
            let response = router.oneshot(request.map(Body::new)).await?;
            // Busy until the body is sent or dropped.
            Ok(response.map(|body| Body::new(Paced::new(body, sending, busy))))
        })
    }
}

/// Accepts and serves connections on `listener` until `shutdown`
/// completes; then gives the open ones a second to finish.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    bounds: Bounds,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let cap = connection_cap(bounds.max_connections);
    let client_cap = bounds.client_connections.clamp(1, cap);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(bounds.header_time)
        .max_buf_size(MAX_HEAD)
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    let (ended_tx, mut ended) = mpsc::unbounded_channel::<u64>();
    let mut live: HashMap<u64, Live> = HashMap::new();
    let mut next_id = 0u64;
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            biased;
            () = &mut shutdown => break,
            Some(id) = ended.recv() => {
                live.remove(&id);
                continue;
            }
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if out_of_files(&e) => {
                // Make room by closing an idle connection; if none is
                // idle, wait a moment for one to end.
                if !evict(&mut live) {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                continue;
            }
            // A connection reset before it was accepted, and the like.
            Err(_) => continue,
        };
        while let Ok(id) = ended.try_recv() {
            live.remove(&id);
        }
        let client = peer.ip();
        if live.values().filter(|c| c.client == client).count() >= client_cap {
            // This client is at its share: its own oldest connection
            // (an idle one first) makes room, never another client's.
            evict_of(&mut live, client);
        }
        if live.len() >= cap && !evict(&mut live) {
            // Every connection is in the middle of a request: the client
            // holding the most gives up its oldest.
            evict_busiest(&mut live);
        }
        let _ = stream.set_nodelay(true);
        let id = next_id;
        next_id += 1;
        let busy = Arc::new(AtomicUsize::new(0));
        let sending = Arc::new(Sending::default());
        let service = Service {
            router: router.clone(),
            busy: Arc::clone(&busy),
            client: Client(client),
            sending: Arc::clone(&sending),
        };
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        let ended = Ended(id, ended_tx.clone());
        let task = tokio::spawn(async move {
            let _ended = ended;
            tokio::select! {
                _ = connection => {}
                () = sending.overdue() => {}
            }
        });
        live.insert(
            id,
            Live {
                opened: Instant::now(),
                client,
                busy,
                task: task.abort_handle(),
            },
        );
    }
    drop(listener);
    let _ = tokio::time::timeout(Duration::from_secs(1), graceful.shutdown()).await;
    for conn in live.values() {
        conn.task.abort();
    }
    Ok(())
}

/// Closes the oldest connection without a request in progress; false if
/// every connection has one.
fn evict(live: &mut HashMap<u64, Live>) -> bool {
    let oldest = live
        .iter()
        .filter(|(_, c)| c.busy.load(Ordering::Relaxed) == 0)
        .min_by_key(|(_, c)| c.opened)
        .map(|(&id, _)| id);
    match oldest.and_then(|id| live.remove(&id)) {
        Some(conn) => {
            conn.task.abort();
            true
        }
        None => false,
    }
}

/// Closes `client`'s oldest connection, an idle one if it has any.
fn evict_of(live: &mut HashMap<u64, Live>, client: IpAddr) {
    let oldest = live
        .iter()
        .filter(|(_, c)| c.client == client)
        .min_by_key(|(_, c)| (c.busy.load(Ordering::Relaxed) > 0, c.opened))
        .map(|(&id, _)| id);
    if let Some(conn) = oldest.and_then(|id| live.remove(&id)) {
        conn.task.abort();
    }
}

/// Closes the oldest connection of the client that holds the most.
fn evict_busiest(live: &mut HashMap<u64, Live>) {
    let mut counts: HashMap<IpAddr, usize> = HashMap::new();
    for c in live.values() {
        *counts.entry(c.client).or_insert(0) += 1;
    }
    if let Some((&client, _)) = counts.iter().max_by_key(|(_, &n)| n) {
        evict_of(live, client);
    }
}

/// `accept` failed because this process (or the system) has no file
/// descriptor left.
fn out_of_files(e: &io::Error) -> bool {
    #[cfg(unix)]
    {
        matches!(
            e.raw_os_error(),
            Some(code) if code == nix::libc::EMFILE || code == nix::libc::ENFILE
        )
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// How long any answer may take its client to take, whatever its size.
pub const SEND_GRACE: Duration = Duration::from_secs(10);

/// The slowest a client may take an answer past [`SEND_GRACE`], in bytes
/// a second: an answer of `n` bytes must be taken within
/// `SEND_GRACE + n / SEND_RATE`, and no piece of it may wait
/// `SEND_GRACE` for the client, or its connection is closed.
pub const SEND_RATE: u64 = 32 * 1024;

/// The most of an answer handed to hyper at once: hyper asks for the
/// next piece only once its write buffer (capped at [`MAX_HEAD`]) has
/// room, that is once the client has taken the previous ones, so the
/// pieces taken tell how fast the client reads.
const PIECE: usize = 16 * 1024;

/// When the answer a connection is sending must be done with its current
/// piece; `None` while no answer is being sent.
#[derive(Default)]
struct Sending {
    due: Mutex<Option<tokio::time::Instant>>,
}

impl Sending {
    fn set(&self, due: Option<tokio::time::Instant>) {
        *self.due.lock().unwrap_or_else(PoisonError::into_inner) = due;
    }

    fn due(&self) -> Option<tokio::time::Instant> {
        *self.due.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Completes once an answer has been waiting for its client past its
    /// due time; the connection (and the answer with it) is then dropped.
    /// Checked at least every second, so it is at most a second late.
    async fn overdue(&self) {
        loop {
            let now = tokio::time::Instant::now();
            let next = match self.due() {
                Some(due) if due <= now => return,
                Some(due) => due.min(now + Duration::from_secs(1)),
                None => now + Duration::from_secs(1),
            };
            tokio::time::sleep_until(next).await;
        }
    }
}

/// An answer's body handed to hyper in pieces of at most [`PIECE`]
/// bytes, each moving the connection's due time on by its size at
/// [`SEND_RATE`]; it keeps the connection busy until it is dropped.
struct Paced {
    inner: Body,
    piece: Bytes,
    sending: Arc<Sending>,
    started: tokio::time::Instant,
    sent: u64,
    _busy: Busy,
}

impl Paced {
    fn new(inner: Body, sending: Arc<Sending>, busy: Busy) -> Paced {
        let paced = Paced {
            inner,
            piece: Bytes::new(),
            sending,
            started: tokio::time::Instant::now(),
            sent: 0,
            _busy: busy,
        };
        paced.sending.set(Some(paced.due()));
        paced
    }

    /// When the piece after those sent so far must have been taken: by
    /// [`SEND_RATE`] over the whole answer, and within [`SEND_GRACE`] of
    /// the last piece (the system's socket buffers take the first
    /// megabytes at once, which must not buy a client that then stops
    /// reading minutes of grace).
    fn due(&self) -> tokio::time::Instant {
        let owed = (self.sent + PIECE as u64) as f64 / SEND_RATE as f64;
        let by_rate = self.started + SEND_GRACE + Duration::from_secs_f64(owed);
        by_rate.min(tokio::time::Instant::now() + SEND_GRACE)
    }
}

impl hyper::body::Body for Paced {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if this.piece.is_empty() {
            match Pin::new(&mut this.inner).poll_frame(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(frame))) => match frame.into_data() {
                    Ok(data) => this.piece = data,
                    Err(trailers) => return Poll::Ready(Some(Ok(trailers))),
                },
                Poll::Ready(end) => return Poll::Ready(end),
            }
        }
        let n = PIECE.min(this.piece.len());
        let out = this.piece.split_to(n);
        this.sent += n as u64;
        this.sending.set(Some(this.due()));
        Poll::Ready(Some(Ok(Frame::data(out))))
    }

    fn is_end_stream(&self) -> bool {
        self.piece.is_empty() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let inner = self.inner.size_hint();
        let piece = self.piece.len() as u64;
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + piece);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + piece);
        }
        hint
    }
}

impl Drop for Paced {
    fn drop(&mut self) {
        self.sending.set(None);
    }
}
