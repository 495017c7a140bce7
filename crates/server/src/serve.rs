//! Serving on a socket: the listener, the runtime, Ctrl-C.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use crate::{conn, raise_open_file_limit, router, Config};

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
    let bounds = conn::Bounds {
        header_time: config.header_time,
        max_connections: config.max_connections,
        client_connections: config.client_connections,
    };
    conn::serve(listener, router(config), bounds, shutdown).await
}

/// [`serve`] on a multi-threaded tokio runtime of its own, for a
/// synchronous caller such as the CLI.
/// It first raises the soft open-file limit as far as the hard limit
/// allows ([`raise_open_file_limit`]).
pub fn run(bind: IpAddr, port: u16, config: Config) -> io::Result<()> {
    raise_open_file_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_keep_alive(BLOCKING_KEEP_ALIVE)
        .enable_all()
        .build()?;
    let result = runtime.block_on(serve(bind, port, config));
    // Searches still running end at their deadline; do not wait for them.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// How long an idle blocking thread (where searches run) is kept: a
/// thread that ends gives its allocator's memory back, and starting one
/// costs microseconds next to a search.
const BLOCKING_KEEP_ALIVE: Duration = Duration::from_secs(1);
