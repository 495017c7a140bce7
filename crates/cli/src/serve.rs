//! `gridpuzzle serve`: the web page and JSON API of `gridpuzzle-server`.
//!
//! All of the server lives in that crate (axum on tokio), so the other
//! commands and the library crates carry no async runtime; this file only
//! reads the address and hands over. It binds to loopback unless told
//! otherwise: the API runs searches for whoever can reach it.
//!
//! The binary's memory allocator is chosen for `serve`, the command it
//! matters for: jemalloc (tikv-jemallocator), configured at
//! build time in `.cargo/config.toml` to give freed memory back to the
//! system after about a second (`dirty_decay_ms:1000, muzzy_decay_ms:0`),
//! with background threads that do the giving back. Those threads are
//! started by `serve` alone ([`purge_in_background`]): every other command
//! is a short process that needs no thread of the allocator's (one less
//! clone and stack per run; too small to time on a judge file, BENCHMARKS.md
//! "Judge files, whole process"). glibc's malloc keeps what a thread has
//! freed until that thread allocates again, and a server's threads go idle
//! right after a burst: after 200 concurrent 1 MB requests it stayed at
//! 89 MB (11 MB before); mimalloc (v3) at 55 MB, since its purge also waits for the
//! owning thread; jemalloc came back to 15 MB within two seconds, from a
//! lower peak too (128 MB against 161 and 204). More figures in
//! BENCHMARKS.md, "Server under attack". Installing it is safe Rust; the
//! other commands lose nothing by it. It is installed, counted, in
//! `alloc.rs`, whose count of the bytes live is what the run's memory
//! budget reads (`gridpuzzle_engine::memory`, `--memory`).

use std::net::IpAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;

use crate::args::{parse_cap, Cap};
use crate::exit::Exit;

#[derive(Debug, Args)]
#[command(
    after_help = "The page: draw a board (or open a judge input, or generate one), Solve and watch\n\
    the optimal moves, Play it with undo and exact hints, Watch the searches side by\n\
    side; the URL holds the board. The API (JSON in, JSON out): POST /api/solve,\n\
    /api/verify, /api/generate, /api/render, /api/cases, /api/play, /api/board,\n\
    /api/trace, /api/trace/chart, and GET /api/puzzles, /api/algorithms; see the\n\
    README. Each search is bounded in time and states, all of them together by the\n\
    server's --memory (a search that finds no room waits, or answers `limit`), bodies\n\
    are capped at 1 MB, and only as many searches run at once as there are cores\n\
    (others wait, then get 503).\n\n\
    Exit status: 0 stopped by Ctrl-C, 2 the address cannot be used or a usage error.\n\n\
    Examples:\n  gridpuzzle serve\n  gridpuzzle serve --port 3000\n  \
    gridpuzzle serve --bind 0.0.0.0 --port 8080 --allow-host puzzles.example   # from other machines\n\n\
    Safety: the server answers only to IP addresses, localhost and the --allow-host names\n\
    (against DNS rebinding), refuses requests from other web sites, and bounds every\n\
    connection and request in time and memory. It speaks plain HTTP: on a network, put it\n\
    behind a reverse proxy with TLS (see the README's threat model)."
)]
pub struct ServeCommand {
    /// TCP port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Address to listen on; the default is reachable from this machine only
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: IpAddr,

    /// Also answer to this host name (repeatable): the name other machines
    /// use to reach this one with --bind; IP addresses and localhost
    /// always work
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,

    /// Seconds a client may take to send a request's head (also how long
    /// an idle kept-alive connection stays open); decimals allowed
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = seconds)]
    pub header_timeout: Duration,

    /// Seconds a request body may go without sending a byte (then 408);
    /// decimals allowed
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = seconds)]
    pub body_timeout: Duration,

    /// Memory of the whole server in MB: every request's searches, tables, bodies and answers, and
    /// the traces kept for the page, together (a search that cannot get room waits for others, or
    /// answers `limit`); `none`: no limit
    #[arg(long, value_name = "MB|none", default_value_t = Cap(Some(gridpuzzle_server::DEFAULT_MEMORY_MB)), value_parser = parse_cap::<usize>)]
    pub memory: Cap<usize>,
}

/// A time of at least a tenth of a second and at most an hour: shorter
/// would refuse ordinary clients on a slow link, longer would let idle
/// connections pile up.
fn seconds(text: &str) -> std::result::Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(0.1..=3600.0).contains(&secs) {
        return Err(format!("{text} s is outside 0.1 to 3600 seconds"));
    }
    Ok(Duration::from_secs_f64(secs))
}

pub fn run(cmd: ServeCommand) -> Result<Exit> {
    purge_in_background();
    let config = gridpuzzle_server::Config {
        allow_hosts: cmd.allow_host.clone(),
        header_time: cmd.header_timeout,
        body_time: cmd.body_timeout,
        memory: cmd.memory.0.map(|mb| {
            gridpuzzle_server::Config::heap(mb.saturating_mul(1 << 20), crate::alloc::heap_in_use)
        }),
        ..gridpuzzle_server::Config::default()
    };
    gridpuzzle_server::run(cmd.bind, cmd.port, config)
        .with_context(|| format!("cannot serve on {}, port {}", cmd.bind, cmd.port))?;
    Ok(Exit::Ok)
}

/// Starts jemalloc's background threads, which return memory freed by idle
/// threads to the system (see the module notes). Without them the server
/// still works and still gives memory back, later: when a thread allocates
/// again, or after jemalloc's own decay on its next call.
fn purge_in_background() {
    #[cfg(not(target_env = "msvc"))]
    if let Err(e) = tikv_jemalloc_ctl::background_thread::write(true) {
        eprintln!("gridpuzzle: warning: memory is given back later than usual: {e}");
    }
}

#[cfg(all(test, not(target_env = "msvc")))]
mod tests {
    use tikv_jemalloc_ctl::{background_thread, opt};

    /// Short commands start no allocator thread (the build's configuration
    /// leaves them off), and `serve` turns them on.
    #[test]
    fn only_serve_starts_the_allocators_threads() {
        assert!(
            !opt::background_thread::read().unwrap(),
            "jemalloc is configured to start its threads in every process"
        );
        super::purge_in_background();
        assert!(background_thread::read().unwrap());
    }
}
