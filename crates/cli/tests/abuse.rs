//! `gridpuzzle serve` under attack (issue 14): the real binary, on
//! loopback, attacked by bounded scripts while a probe checks that it
//! still answers, and its memory is read from `/proc`.
//!
//! The server runs as a child process, `gridpuzzle serve --port 0`
//! started with a soft open-file limit of 1024 (as a shell usually
//! gives), and the attacks are the ones the issue found harmful. During
//! each, a **probe** (a fresh connection for `GET /`, another for one tiny
//! solve) must answer within [`PROBE_BOUND`], the server's promise; the
//! server's resident memory is sampled every 10 ms ([`Rss`]) and must stay
//! below [`PEAK_BOUND`] and fall back to within [`AFTER_SLACK`] of where
//! it was before the attack; and every attacking request or connection
//! must end within its documented bound (header and body timeouts, 10 s
//! by default and 3 s here; a wait for a place 2 s; a whole request 30 s).
//!
//! Each attack's figures are printed as a table (`cargo test --test abuse
//! -- --nocapture` shows it); BENCHMARKS.md, "Server under attack", has
//! them. The sizes are the issue's: 1,100 slow-header connections (past
//! the 1024 the server started with), 2,000 idle connections, 1,000
//! never-finished bodies, 200 concurrent 1 MB bodies; a second server
//! whose hard limit is also 1024 shows the connection cap closing idle
//! connections to let the probe in. The whole run takes about a minute,
//! most of it waiting for the server's own timeouts to end the
//! attackers' connections, which is the point of the test.
//!
//! Only 127.0.0.1 is ever contacted; every loop is bounded in count and
//! time, and the servers are killed when the test ends, however it ends.

#![cfg(target_os = "linux")]

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Child;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The server's promise to a small request under attack.
const PROBE_BOUND: Duration = Duration::from_secs(1);
/// Highest resident memory (VmRSS) allowed during any attack.
const PEAK_BOUND_KB: u64 = 400 * 1024;
/// How far above its baseline the resident memory may stay afterwards.
const AFTER_SLACK_KB: u64 = 64 * 1024;
/// How long after an attack its "after" memory is read: jemalloc gives
/// freed memory back within about a second (see crates/cli/src/serve.rs).
const SETTLE: Duration = Duration::from_secs(2);
/// The server's header-read (and idle) timeout and body timeout, set by
/// `--header-timeout` and `--body-timeout` (10 s each by default): shorter
/// than the defaults so the attacks that wait for them end sooner; what
/// is tested is that they end, at whatever setting.
const HEADER_TIME: Duration = Duration::from_secs(3);
const BODY_TIME: Duration = Duration::from_secs(3);
/// How long a request waits for a place or a slot before 503.
const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// A whole request's bound (`request_time` 30 s, cut off 2 s later).
const REQUEST_BOUND: Duration = Duration::from_secs(32);
/// Connections one client may hold (the server's `client_connections`).
const CLIENT_CONNECTIONS: usize = 256;
/// Slack on every bound for a loaded 2-core machine's scheduling.
const SLACK: Duration = Duration::from_secs(3);
/// Blocks of the largest one-row render the server draws (its cells ×
/// frames just under the server's 2^19).
const RENDER_BLOCKS: usize = 700;

// ---------------------------------------------------------------------------
// The server

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// `gridpuzzle serve --port 0` under `ulimit` settings `limits`.
    fn start(limits: &str) -> Server {
        let args = format!(
            "--header-timeout {} --body-timeout {}",
            HEADER_TIME.as_secs(),
            BODY_TIME.as_secs()
        );
        let (child, addr) = common::start_server(env!("CARGO_BIN_EXE_gridpuzzle"), limits, &args);
        Server { child, addr }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn rss_kb(&self) -> u64 {
        status_kb(self.pid(), "VmRSS:")
    }

    /// Open file descriptors of the server.
    fn fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(|d| d.count())
            .unwrap_or(0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Samples a process's VmRSS every 10 ms until stopped; the highest.
struct Rss {
    stop: Arc<AtomicBool>,
    peak: Arc<AtomicU64>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Rss {
    fn watch(pid: u32) -> Rss {
        let stop = Arc::new(AtomicBool::new(false));
        let peak = Arc::new(AtomicU64::new(0));
        let thread = {
            let (stop, peak) = (Arc::clone(&stop), Arc::clone(&peak));
            thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    peak.fetch_max(status_kb(pid, "VmRSS:"), Ordering::Relaxed);
                    thread::sleep(Duration::from_millis(10));
                }
            })
        };
        Rss {
            stop,
            peak,
            thread: Some(thread),
        }
    }

    fn peak(mut self) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.peak.load(Ordering::Relaxed)
    }
}

// ---------------------------------------------------------------------------
// A small HTTP/1.1 client

/// One request on a fresh connection (`Connection: close`); the status
/// and body. `extra` is more header lines, each ending in CRLF.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &[u8],
    timeout: Duration,
) -> Result<(u16, String), String> {
    let mut stream =
        TcpStream::connect_timeout(&addr, timeout).map_err(|e| format!("connect: {e}"))?;
    stream.set_read_timeout(Some(timeout)).unwrap();
    stream.set_write_timeout(Some(timeout)).unwrap();
    // Our own Host unless `extra` names one.
    let host = if extra.to_ascii_lowercase().contains("host:") {
        String::new()
    } else {
        format!("Host: {addr}\r\n")
    };
    let head = format!(
        "{method} {path} HTTP/1.1\r\n{host}Connection: close\r\n\
         Content-Length: {}\r\n{extra}\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body))
        .map_err(|e| format!("write: {e}"))?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .map_err(|e| format!("read: {e}"))?;
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status line in {:?}", &text[..text.len().min(80)]))?;
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    Ok((status, body.to_string()))
}

const JSON: &str = "Content-Type: application/json\r\n";

fn post(
    addr: SocketAddr,
    path: &str,
    body: &str,
    timeout: Duration,
) -> Result<(u16, String), String> {
    request(addr, "POST", path, JSON, body.as_bytes(), timeout)
}

const TINY_SOLVE: &str = r#"{"puzzle":"curling","input":"2 1\n2 3\n0 0\n"}"#;

/// The probe: `GET /` and one tiny solve, each on a fresh connection;
/// their times. Either failing or answering wrong is a problem.
fn probe(addr: SocketAddr) -> Result<(Duration, Duration), String> {
    // Generous client timeouts: a slow answer is measured, not cut.
    let t = Instant::now();
    let (status, body) = request(addr, "GET", "/", "", b"", Duration::from_secs(10))?;
    let page = t.elapsed();
    if status != 200 || !body.contains("<title>gridpuzzle</title>") {
        return Err(format!("GET / answered {status}"));
    }
    let t = Instant::now();
    let (status, body) = post(addr, "/api/solve", TINY_SOLVE, Duration::from_secs(10))?;
    let solve = t.elapsed();
    if status != 200 || !body.contains(r#""answer":1"#) {
        return Err(format!("the tiny solve answered {status}: {body}"));
    }
    Ok((page, solve))
}

/// Probes `count` times, `gap` apart; the slowest answer, or the first
/// problem.
fn probes(addr: SocketAddr, count: usize, gap: Duration) -> Result<Duration, String> {
    let mut worst = Duration::ZERO;
    for _ in 0..count {
        let (a, b) = probe(addr)?;
        worst = worst.max(a).max(b);
        thread::sleep(gap);
    }
    Ok(worst)
}

/// Opens `n` connections to `addr`.
fn connect_many(addr: SocketAddr, n: usize) -> Vec<TcpStream> {
    (0..n)
        .map(|i| {
            TcpStream::connect_timeout(&addr, Duration::from_secs(5))
                .unwrap_or_else(|e| panic!("connection {i} of {n}: {e}"))
        })
        .collect()
}

/// True once the server has closed `stream` (end of file or reset).
fn closed(stream: &mut TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

/// Waits until the server has closed every one of `streams`, at most
/// `bound`; how long that took, or how many were still open.
fn all_closed(
    streams: &mut [TcpStream],
    since: Instant,
    bound: Duration,
) -> Result<Duration, String> {
    let mut open: Vec<usize> = (0..streams.len()).collect();
    loop {
        open.retain(|&i| !closed(&mut streams[i]));
        if open.is_empty() {
            return Ok(since.elapsed());
        }
        if since.elapsed() > bound {
            return Err(format!(
                "{} of {} connections still open after {:.1} s",
                open.len(),
                streams.len(),
                since.elapsed().as_secs_f64()
            ));
        }
        thread::sleep(Duration::from_millis(100));
    }
}

/// Raises this process's soft open-file limit to its hard one: the
/// attacks hold thousands of connections.
fn raise_own_limit() {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let (_, hard) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    setrlimit(Resource::RLIMIT_NOFILE, hard, hard).unwrap();
    let (soft, _) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    assert!(
        soft >= 4000,
        "the attacks need 4000 open files, the hard limit is {soft}"
    );
}

// ---------------------------------------------------------------------------
// The report

/// One attack's figures.
struct Figures {
    attack: String,
    baseline_kb: u64,
    peak_kb: u64,
    after_kb: u64,
    worst_probe: Option<Duration>,
    note: String,
}

/// Runs `attack` on `server` with the RSS sampled; it answers the worst
/// probe time and a note, or a problem; its memory is read again
/// [`SETTLE`] later.
fn measure(
    server: &Server,
    name: &str,
    problems: &mut Vec<String>,
    table: &mut Vec<Figures>,
    attack: impl FnOnce() -> Result<(Option<Duration>, String), String>,
) {
    let baseline_kb = server.rss_kb();
    let rss = Rss::watch(server.pid());
    let outcome = attack();
    let peak_kb = rss.peak();
    thread::sleep(SETTLE);
    let after_kb = server.rss_kb();
    let (worst_probe, note) = match outcome {
        Ok(x) => x,
        Err(e) => {
            problems.push(format!("{name}: {e}"));
            (None, format!("FAILED: {e}"))
        }
    };
    if peak_kb > PEAK_BOUND_KB {
        problems.push(format!(
            "{name}: peak RSS {} MB, over the bound of {} MB",
            peak_kb / 1024,
            PEAK_BOUND_KB / 1024
        ));
    }
    if after_kb > baseline_kb + AFTER_SLACK_KB {
        problems.push(format!(
            "{name}: RSS stayed at {} MB after the attack (baseline {} MB)",
            after_kb / 1024,
            baseline_kb / 1024
        ));
    }
    if let Some(p) = worst_probe.filter(|&p| p > PROBE_BOUND) {
        problems.push(format!(
            "{name}: the probe took {:.0} ms, over {} ms",
            p.as_secs_f64() * 1e3,
            PROBE_BOUND.as_millis()
        ));
    }
    table.push(Figures {
        attack: name.to_string(),
        baseline_kb,
        peak_kb,
        after_kb,
        worst_probe,
        note,
    });
}

fn print_table(table: &[Figures]) {
    println!("\n| attack | RSS before | peak | after | slowest probe | what ended how |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for f in table {
        println!(
            "| {} | {} MB | {} MB | {} MB | {} | {} |",
            f.attack,
            f.baseline_kb / 1024,
            f.peak_kb / 1024,
            f.after_kb / 1024,
            f.worst_probe
                .map(|p| format!("{:.0} ms", p.as_secs_f64() * 1e3))
                .unwrap_or_else(|| "-".into()),
            f.note
        );
    }
}

// ---------------------------------------------------------------------------
// The attacks

/// Connections that send a request head one byte every 500 ms: each must
/// be closed by the header timeout, and the probe answered meanwhile.
fn slow_headers(addr: SocketAddr, n: usize) -> Result<(Option<Duration>, String), String> {
    let mut streams = connect_many(addr, n);
    let start = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let shared = Arc::new(Mutex::new(std::mem::take(&mut streams)));
    let dripper = {
        let (stop, shared) = (Arc::clone(&stop), Arc::clone(&shared));
        thread::spawn(move || {
            let head =
                b"GET / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
            let mut at = 0;
            // Bounded: at most 30 s of drips.
            while !stop.load(Ordering::Relaxed) && at < 60 {
                for s in shared.lock().unwrap().iter_mut() {
                    let _ = s.write(&head[at % head.len()..at % head.len() + 1]);
                }
                at += 1;
                thread::sleep(Duration::from_millis(500));
            }
        })
    };
    thread::sleep(Duration::from_millis(500));
    let worst = probes(addr, 5, Duration::from_millis(300));
    let mut streams = std::mem::take(&mut *shared.lock().unwrap());
    let ended = all_closed(&mut streams, start, HEADER_TIME + SLACK);
    stop.store(true, Ordering::Relaxed);
    let _ = dripper.join();
    let worst = worst?;
    let ended = ended?;
    Ok((
        Some(worst),
        format!(
            "{n} closed by the header timeout after {:.1} s",
            ended.as_secs_f64()
        ),
    ))
}

/// Connections that send nothing at all.
fn idle(addr: SocketAddr, n: usize) -> Result<(Option<Duration>, String), String> {
    let start = Instant::now();
    let mut streams = connect_many(addr, n);
    let worst = probes(addr, 5, Duration::from_millis(300))?;
    let ended = all_closed(&mut streams, start, HEADER_TIME + SLACK)?;
    Ok((
        Some(worst),
        format!(
            "{n} closed by the idle timeout after {:.1} s",
            ended.as_secs_f64()
        ),
    ))
}

/// Requests that promise a 1 MB body and send 100 bytes of it: each must
/// be answered (503 when no place is free within the queue wait, 408 at
/// the body timeout) and closed.
fn unfinished_bodies(addr: SocketAddr, n: usize) -> Result<(Option<Duration>, String), String> {
    let start = Instant::now();
    let mut streams = connect_many(addr, n);
    let head = format!(
        "POST /api/solve HTTP/1.1\r\nHost: {addr}\r\n{JSON}Content-Length: 1000000\r\n\r\n{}",
        r#"{"puzzle":"curling","input":""#.to_string() + &"0 ".repeat(35)
    );
    for s in &mut streams {
        s.write_all(head.as_bytes())
            .map_err(|e| format!("write: {e}"))?;
    }
    let worst = probes(addr, 5, Duration::from_millis(300))?;
    // Every one answered, then closed.
    let mut statuses = std::collections::BTreeMap::new();
    for s in &mut streams {
        s.set_read_timeout(Some(BODY_TIME + SLACK)).unwrap();
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        let text = String::from_utf8_lossy(&answer);
        let status = text.get(9..12).unwrap_or("none").to_string();
        *statuses.entry(status).or_insert(0) += 1;
    }
    let ended = start.elapsed();
    if ended > BODY_TIME + SLACK {
        return Err(format!(
            "the last one ended after {:.1} s",
            ended.as_secs_f64()
        ));
    }
    // One client (this test's address, the probe's too) may hold 256
    // connections: its oldest past that are closed unanswered ("none") to
    // make room for its newer ones, the probe's 10 included; every other
    // one is answered.
    let allowed = ["408", "503", "none"];
    let unanswered = statuses.get("none").copied().unwrap_or(0);
    if statuses.keys().any(|s| !allowed.contains(&s.as_str()))
        || unanswered > n.saturating_sub(CLIENT_CONNECTIONS) + 10
    {
        return Err(format!("answers: {statuses:?}"));
    }
    Ok((
        Some(worst),
        format!(
            "all answered or closed within {:.1} s: {statuses:?}",
            ended.as_secs_f64()
        ),
    ))
}

/// `n` clients each sending a 1 MB verify request at once (a `plans`
/// array of 200,000 skips: the costliest JSON to parse per byte).
fn big_bodies(addr: SocketAddr, n: usize) -> Result<(Option<Duration>, String), String> {
    let mut body = String::from(r#"{"puzzle":"curling","input":"0 0\n","plans":["-""#);
    while body.len() < (1 << 20) - 8 {
        body.push_str(r#","-""#);
    }
    body.push_str("]}");
    let body = Arc::new(body);
    let start = Instant::now();
    let clients: Vec<_> = (0..n)
        .map(|_| {
            let body = Arc::clone(&body);
            thread::spawn(move || {
                let t = Instant::now();
                let r = post(addr, "/api/verify", &body, REQUEST_BOUND + SLACK);
                (r, t.elapsed())
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    let worst = probes(addr, 5, Duration::from_millis(200));
    let mut statuses = std::collections::BTreeMap::new();
    let mut slowest = Duration::ZERO;
    for c in clients {
        let (r, took) = c.join().unwrap();
        slowest = slowest.max(took);
        let key = match r {
            Ok((status, _)) => status.to_string(),
            Err(e) => e,
        };
        *statuses.entry(key).or_insert(0) += 1;
    }
    let worst = worst?;
    if statuses.keys().any(|s| s != "200" && s != "503") {
        return Err(format!("answers: {statuses:?}"));
    }
    if slowest > QUEUE_WAIT + REQUEST_BOUND {
        return Err(format!("the slowest took {:.1} s", slowest.as_secs_f64()));
    }
    Ok((
        Some(worst),
        format!(
            "{statuses:?}, the slowest in {:.1} s, all in {:.1} s",
            slowest.as_secs_f64(),
            start.elapsed().as_secs_f64()
        ),
    ))
}

/// Two clients (one per search slot) send `body` to `path` and hang up
/// 100 ms later, while the work runs; then a tiny solve must get a slot
/// and answer within 1 s.
fn hang_up(addr: SocketAddr, path: &str, body: &str) -> Result<(Option<Duration>, String), String> {
    let mut streams = connect_many(addr, 2);
    for s in &mut streams {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{JSON}Content-Length: {}\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes())
            .and_then(|()| s.write_all(body.as_bytes()))
            .map_err(|e| format!("write: {e}"))?;
    }
    thread::sleep(Duration::from_millis(100));
    drop(streams);
    let t = Instant::now();
    let (status, answer) = post(addr, "/api/solve", TINY_SOLVE, Duration::from_secs(10))?;
    let freed = t.elapsed();
    if status != 200 {
        return Err(format!(
            "the solve after the hang-up answered {status}: {answer}"
        ));
    }
    if freed > PROBE_BOUND {
        return Err(format!(
            "a slot was free only {:.0} ms after the hang-up",
            freed.as_secs_f64() * 1e3
        ));
    }
    Ok((
        Some(freed),
        format!(
            "both slots free; the next solve answered {:.0} ms after the hang-up",
            freed.as_secs_f64() * 1e3
        ),
    ))
}

/// One request that must be refused with a 4xx or answered within
/// `bound`.
fn bounded(
    addr: SocketAddr,
    path: &str,
    body: &str,
    bound: Duration,
) -> Result<(Option<Duration>, String), String> {
    let t = Instant::now();
    let (status, answer) = post(addr, path, body, bound + SLACK)?;
    let took = t.elapsed();
    if took > bound {
        return Err(format!(
            "answered {status} after {:.1} s",
            took.as_secs_f64()
        ));
    }
    let mut words: String = answer.chars().take(110).collect();
    if answer.len() > 110 {
        words.push('…');
    }
    Ok((
        None,
        format!(
            "{status} in {:.2} s ({} bytes): {}",
            took.as_secs_f64(),
            answer.len(),
            words.replace('|', "/")
        ),
    ))
}

/// `n` clients at once each replaying `moves` moves on a 3×3 Holedox
/// lair (a one-segment snake stepping left and right).
fn plays(addr: SocketAddr, n: usize, moves: usize) -> Result<(Option<Duration>, String), String> {
    let body = Arc::new(format!(
        r#"{{"puzzle":"holedox","input":"3 3 1\n2 2\n0\n0 0 0\n","options":{{"exit":"3,3"}},"moves":"{}"}}"#,
        "LR".repeat(moves / 2)
    ));
    let clients: Vec<_> = (0..n)
        .map(|_| {
            let body = Arc::clone(&body);
            thread::spawn(move || {
                let t = Instant::now();
                let r = post(addr, "/api/play", &body, REQUEST_BOUND + SLACK);
                (r.map(|(s, b)| (s, b.len())), t.elapsed())
            })
        })
        .collect();
    let worst = probes(addr, 3, Duration::from_millis(100));
    let mut notes = std::collections::BTreeMap::new();
    let mut slowest = Duration::ZERO;
    for c in clients {
        let (r, took) = c.join().unwrap();
        slowest = slowest.max(took);
        match r {
            Ok((200, len)) => *notes.entry(format!("200 ({} KB)", len / 1024)).or_insert(0) += 1,
            Ok((status, _)) => return Err(format!("a play answered {status}")),
            Err(e) => return Err(e),
        }
    }
    Ok((
        Some(worst?),
        format!("{notes:?}, the slowest in {:.1} s", slowest.as_secs_f64()),
    ))
}

/// A Curling board of one row: the start, ice, `blocks` blocks, the
/// goal; throwing right `blocks + 1` times breaks each block in turn
/// and reaches the goal (as JSON string text).
fn row_board(blocks: usize) -> String {
    format!("{} 1\\n2 0 {}3\\n0 0\\n", blocks + 3, "1 ".repeat(blocks))
}

/// A render request of that board and its whole plan.
fn render_body(blocks: usize) -> String {
    format!(
        r#"{{"puzzle":"curling","input":"{}","options":{{"max_throws":"none"}},"moves":"{}"}}"#,
        row_board(blocks),
        "R".repeat(blocks + 1)
    )
}

/// A verify request of that board and its whole plan, under the judge's
/// cap of 10 throws or none.
fn verify_body(blocks: usize, cap: &str) -> String {
    format!(
        r#"{{"puzzle":"curling","input":"{}","options":{{"max_throws":{cap}}},"plans":["{}"]}}"#,
        row_board(blocks),
        "R".repeat(blocks + 1)
    )
}

/// `count` Holedox cases of a 4096×4096 lair each, 22 bytes apiece.
fn big_lairs(count: usize) -> String {
    let case = "4096 4096 2\\n1 1\\n1 2\\n0\\n";
    format!(
        r#"{{"puzzle":"holedox","input":"{}0 0 0\n"}}"#,
        case.repeat(count)
    )
}

#[test]
fn serve_under_attack() {
    raise_own_limit();
    let server = Server::start("ulimit -Sn 1024");
    let addr = server.addr;
    let mut problems = Vec::new();
    let mut table = Vec::new();
    // The server raised its own limit past 1024.
    let limits = std::fs::read_to_string(format!("/proc/{}/limits", server.pid())).unwrap();
    let files = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .unwrap()
        .to_string();
    println!("server: {files}");

    measure(
        &server,
        "none (probe only)",
        &mut problems,
        &mut table,
        || {
            Ok((
                Some(probes(addr, 5, Duration::from_millis(50))?),
                String::new(),
            ))
        },
    );
    measure(
        &server,
        "1,100 slow-header connections",
        &mut problems,
        &mut table,
        || slow_headers(addr, 1100),
    );
    measure(
        &server,
        "2,000 idle connections",
        &mut problems,
        &mut table,
        || idle(addr, 2000),
    );
    measure(
        &server,
        "1,000 never-finished 1 MB bodies",
        &mut problems,
        &mut table,
        || unfinished_bodies(addr, 1000),
    );
    measure(
        &server,
        "200 concurrent 1 MB bodies",
        &mut problems,
        &mut table,
        || big_bodies(addr, 200),
    );
    // 333,000 blocks and throws: a request of 1 MB.
    let render = render_body(333_000);
    measure(
        &server,
        "render of a 1 MB plan",
        &mut problems,
        &mut table,
        || bounded(addr, "/api/render", &render, REQUEST_BOUND),
    );
    let lairs = big_lairs(40_000);
    measure(
        &server,
        "solve of 40,000 lairs of 4096² (880 KB)",
        &mut problems,
        &mut table,
        || bounded(addr, "/api/solve", &lairs, REQUEST_BOUND),
    );
    let render_max = render_body(RENDER_BLOCKS);
    // The most a request may read: four lairs of 4096², each a real search.
    let four = big_lairs(4).replace(
        r#""puzzle":"holedox","#,
        r#""puzzle":"holedox","options":{"exit":"4096,4096"},"#,
    );
    measure(
        &server,
        "solve of 4 lairs of 4096² (the cell budget)",
        &mut problems,
        &mut table,
        || bounded(addr, "/api/solve", &four, REQUEST_BOUND),
    );
    measure(
        &server,
        "hang-up during render",
        &mut problems,
        &mut table,
        || hang_up(addr, "/api/render", &render_max),
    );
    // Four lairs fit the cell budget; the exit far from the snake makes
    // each a real search, after its setup over 16 million cells.
    let some_lairs = four.clone();
    measure(
        &server,
        "hang-up during solve of 4096² lairs",
        &mut problems,
        &mut table,
        || hang_up(addr, "/api/solve", &some_lairs),
    );
    let tiny = format!(
        r#"{{"puzzle":"curling","input":"{}0 0\n"}}"#,
        "2 1\\n2 3\\n".repeat(100_000)
    );
    measure(
        &server,
        "solve of 100,000 tiny cases (1 MB)",
        &mut problems,
        &mut table,
        || bounded(addr, "/api/solve", &tiny, REQUEST_BOUND),
    );
    measure(
        &server,
        "10 concurrent plays of 100,000 moves",
        &mut problems,
        &mut table,
        || plays(addr, 10, 100_000),
    );
    let verify_capped = verify_body(300_000, "10");
    measure(
        &server,
        "verify of a 300,000-throw plan, cap 10",
        &mut problems,
        &mut table,
        || bounded(addr, "/api/verify", &verify_capped, Duration::from_secs(1)),
    );
    let verify = verify_body(300_000, r#""none""#);
    measure(
        &server,
        "hang-up during verify of a 300,000-throw plan",
        &mut problems,
        &mut table,
        || hang_up(addr, "/api/verify", &verify),
    );

    // Other sites: refused, while the page's own requests work.
    let cross = [
        // A simple request as a browser sends it: refused by its Origin.
        (
            "a cross-origin text/plain POST",
            "Content-Type: text/plain\r\nOrigin: http://evil.example\r\n".to_string(),
            403,
        ),
        // As an old browser that sends no Origin: refused by its type.
        (
            "a text/plain POST without Origin",
            "Content-Type: text/plain\r\n".to_string(),
            415,
        ),
        (
            "a cross-origin form post",
            "Content-Type: application/x-www-form-urlencoded\r\nOrigin: http://evil.example\r\n"
                .to_string(),
            403,
        ),
        (
            "a form post without Origin",
            "Content-Type: application/x-www-form-urlencoded\r\n".to_string(),
            415,
        ),
        (
            "a cross-origin JSON POST",
            format!("{JSON}Origin: http://evil.example\r\n"),
            403,
        ),
        (
            "Sec-Fetch-Site: cross-site",
            format!("{JSON}Sec-Fetch-Site: cross-site\r\n"),
            403,
        ),
        (
            "a same-origin POST",
            format!("{JSON}Origin: http://{addr}\r\nSec-Fetch-Site: same-origin\r\n"),
            200,
        ),
    ];
    for (what, headers, want) in cross {
        match request(
            addr,
            "POST",
            "/api/solve",
            &headers,
            TINY_SOLVE.as_bytes(),
            Duration::from_secs(10),
        ) {
            Ok((status, _)) if status == want => println!("{what}: {status}"),
            other => problems.push(format!("{what}: expected {want}, got {other:?}")),
        }
    }
    for (what, headers) in [
        (
            "a foreign Host",
            format!("Host: rebound.example:{}\r\n", addr.port()),
        ),
        (
            "a second, foreign Host",
            format!("Host: {addr}\r\nHost: rebound.example\r\n"),
        ),
    ] {
        match request(addr, "GET", "/", &headers, b"", Duration::from_secs(10)) {
            Ok((status, _)) if (400..500).contains(&status) => println!("{what}: {status}"),
            other => problems.push(format!("{what}: expected a 4xx, got {other:?}")),
        }
    }
    println!("server's open files at the end: {}", server.fds());
    drop(server);

    // A server that cannot raise its limit: the connection cap (1024 less
    // a reserve) is reached, and idle connections make room for the probe.
    let capped = Server::start("ulimit -Sn 1024; ulimit -Hn 1024");
    measure(
        &capped,
        "1,100 slow-header connections, hard limit 1024",
        &mut problems,
        &mut table,
        || {
            let addr = capped.addr;
            let mut streams = connect_many(addr, 1100);
            for s in &mut streams {
                let _ = s.write_all(b"GET / HTTP/1.1\r\n");
            }
            thread::sleep(Duration::from_millis(500));
            let worst = probes(addr, 5, Duration::from_millis(200))?;
            let open = streams
                .iter_mut()
                .map(|s| !closed(s))
                .filter(|&o| o)
                .count();
            Ok((
            Some(worst),
            format!("the server holds {} descriptors; {open} of the 1,100 still open, the rest closed to make room", capped.fds()),
        ))
        },
    );
    drop(capped);

    print_table(&table);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
