//! `gridpuzzle serve` bounded by construction (issue 29): the attacks the
//! issue found, each on a server of its own (the real binary, on
//! loopback), each failing on the server before that issue.
//!
//! Robust on a loaded 2-core machine by what it measures: the server's
//! memory from `/proc/<pid>/status` (VmHWM, its peak, and VmRSS), its CPU
//! time from `/proc/<pid>/stat`, and its liveness through a **probe** (a
//! tiny solve on a fresh connection, every 250 ms) that must be answered
//! within [`PROBE_BOUND`] in at least 90 % of tries; no tight latency.
//! The attackers connect from 127.0.0.2, the probe from 127.0.0.1: two
//! clients, as strangers on a network are (the server's shares are per
//! IP address).
//!
//! The attacks are the issue's, scaled to run in about 5 to 15 s each (the
//! tests run two at a time); each prints its figures (`cargo test -p
//! gridpuzzle --test abuse_bounds -- --nocapture`).
//! `GRIDPUZZLE_ABUSE_BIN=/path/to/gridpuzzle` attacks another build (an
//! older one, to measure "before"). The issue's full sizes are the
//! `#[ignore]`d `*_full` tests:
//! `cargo test -p gridpuzzle --test abuse_bounds -- --ignored --nocapture`
//! (about 3 minutes).
//!
//! Only 127.0.0.1 and 127.0.0.2 are ever contacted; every loop is bounded
//! in count and time, and each server is killed when its test ends.

#![cfg(target_os = "linux")]

mod common;

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::Child;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// The issue's promise to a small request under attack.
const PROBE_BOUND: Duration = Duration::from_secs(2);
/// Share of probes that must meet it.
const PROBE_SHARE: f64 = 0.9;
/// The issue's bound on the server's peak memory (VmHWM) under any attack.
const PEAK_BOUND_KB: u64 = 250 * 1024;

// ---------------------------------------------------------------------------
// The server

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// `gridpuzzle serve --port 0` after the shell commands `limits`.
    fn start(limits: &str) -> Server {
        let bin = std::env::var("GRIDPUZZLE_ABUSE_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_gridpuzzle").to_string());
        let (child, addr) = common::start_server(&bin, limits, "");
        Server { child, addr }
    }

    fn status_kb(&self, key: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    /// The sockets the server holds open (its listener and connections).
    fn sockets(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .map(|fds| {
                fds.filter_map(Result::ok)
                    .filter_map(|fd| std::fs::read_link(fd.path()).ok())
                    .filter(|link| link.to_string_lossy().starts_with("socket:"))
                    .count()
            })
            .unwrap_or(0)
    }

    fn rss_kb(&self) -> u64 {
        self.status_kb("VmRSS:")
    }

    fn peak_kb(&self) -> u64 {
        self.status_kb("VmHWM:")
    }

    /// CPU time the server has used, user and system.
    fn cpu(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap();
        // Past the command name, which is in parentheses: fields 14, 15.
        let rest = &stat[stat.rfind(')').unwrap() + 2..];
        let fields: Vec<u64> = rest
            .split_whitespace()
            .skip(11)
            .take(2)
            .map(|f| f.parse().unwrap())
            .collect();
        Duration::from_millis((fields[0] + fields[1]) * 10)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------------------
// Clients

/// The attackers' address: another client than the probe's.
const ATTACKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
const PROBER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));

/// A connection to `addr` from `from`, with a small receive buffer when
/// `rcvbuf` says so (a client that reads slowly).
fn connect(from: IpAddr, addr: SocketAddr, rcvbuf: Option<usize>) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    socket.bind(&SocketAddr::new(from, 0).into())?;
    if let Some(size) = rcvbuf {
        socket.set_recv_buffer_size(size)?;
    }
    socket.connect_timeout(&addr.into(), Duration::from_secs(5))?;
    let stream: TcpStream = socket.into();
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// A POST's head, with its `Content-Length`.
fn head(addr: SocketAddr, path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n\r\n"
    )
}

const TINY_SOLVE: &str = r#"{"puzzle":"curling","input":"2 1\n2 3\n0 0\n"}"#;

/// One tiny solve from the probe's address, on a fresh connection:
/// whether it was answered rightly within [`PROBE_BOUND`].
fn probe_once(addr: SocketAddr) -> bool {
    let t = Instant::now();
    let Ok(mut s) = connect(PROBER, addr, None) else {
        return false;
    };
    let _ = s.set_read_timeout(Some(PROBE_BOUND));
    let request = head(addr, "/api/solve", TINY_SOLVE.len()) + TINY_SOLVE;
    if s.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while t.elapsed() < PROBE_BOUND {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
        }
        let text = String::from_utf8_lossy(&answer);
        if text.starts_with("HTTP/1.1 200") && text.contains(r#""answer":1"#) {
            return t.elapsed() < PROBE_BOUND;
        }
    }
    false
}

/// Probes every 250 ms from another thread until stopped.
struct Probe {
    stop: Arc<AtomicBool>,
    thread: Option<thread::JoinHandle<(usize, usize)>>,
}

impl Probe {
    fn start(addr: SocketAddr) -> Probe {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let stop = Arc::clone(&stop);
            thread::spawn(move || {
                let (mut ok, mut all) = (0, 0);
                while !stop.load(Ordering::Relaxed) {
                    all += 1;
                    ok += usize::from(probe_once(addr));
                    thread::sleep(Duration::from_millis(250));
                }
                (ok, all)
            })
        };
        Probe {
            stop,
            thread: Some(thread),
        }
    }

    /// Answered probes and all probes.
    fn finish(mut self) -> (usize, usize) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take().unwrap().join().unwrap()
    }
}

/// One attack's figures, printed and checked.
struct Report {
    name: &'static str,
    start_kb: u64,
    peak_kb: u64,
    after_kb: u64,
    probes: (usize, usize),
    note: String,
}

impl Report {
    fn check(&self, problems: &mut Vec<String>) {
        println!(
            "| {} | {} MB | {} MB | {} MB | {}/{} ({:.0} %) | {} |",
            self.name,
            self.start_kb / 1024,
            self.peak_kb / 1024,
            self.after_kb / 1024,
            self.probes.0,
            self.probes.1,
            100.0 * self.probes.0 as f64 / self.probes.1.max(1) as f64,
            self.note
        );
        if self.peak_kb > PEAK_BOUND_KB {
            problems.push(format!(
                "{}: peak {} MB, more than {} MB",
                self.name,
                self.peak_kb / 1024,
                PEAK_BOUND_KB / 1024
            ));
        }
        let (ok, all) = self.probes;
        if all == 0 || (ok as f64) < PROBE_SHARE * all as f64 {
            problems.push(format!(
                "{}: {ok} of {all} probes answered within {PROBE_BOUND:?}",
                self.name
            ));
        }
    }
}

fn settle(server: &Server, after: Duration) -> u64 {
    thread::sleep(after);
    server.rss_kb()
}

fn raise_own_limit() {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    let (_, hard) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    setrlimit(Resource::RLIMIT_NOFILE, hard, hard).unwrap();
}

fn assert_none(problems: Vec<String>) {
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ---------------------------------------------------------------------------
// Finding 1: bodies dripped a byte at a time

fn drip(conns: usize, body: usize, gap: Duration, time: Duration) -> (Report, u64) {
    let server = Server::start("true");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let probe = Probe::start(addr);
    let mut streams: Vec<TcpStream> = (0..conns)
        .filter_map(|_| connect(ATTACKER, addr, None).ok())
        .collect();
    for s in &mut streams {
        let _ = s.write_all(head(addr, "/api/verify", body).as_bytes());
    }
    let began = Instant::now();
    let mut dripped = 0u64;
    while began.elapsed() < time {
        for s in &mut streams {
            let _ = s.write_all(b" ");
        }
        dripped += 1;
        thread::sleep(gap);
    }
    let peak_kb = server.peak_kb();
    let probes = probe.finish();
    drop(streams);
    let after_kb = settle(&server, Duration::from_secs(3));
    let sent = dripped * conns as u64;
    let report = Report {
        name: "drip-fed bodies",
        start_kb,
        peak_kb,
        after_kb,
        probes,
        note: format!("{conns} connections, {} KB sent in all", sent / 1024),
    };
    (report, sent)
}

#[test]
fn drip_fed_bodies_cost_their_size() {
    // 40 connections of 16 KB bodies, a byte each every 5 ms for 5 s:
    // about 40 KB in all, which kept ~8 KB per byte (some 300 MB).
    let (report, sent) = drip(40, 16_000, Duration::from_millis(5), Duration::from_secs(5));
    let mut problems = Vec::new();
    report.check(&mut problems);
    // Each connection may cost its reservation and hyper's buffers, not
    // kilobytes per byte.
    let rise = report.peak_kb.saturating_sub(report.start_kb);
    if rise > 20 * 1024 {
        problems.push(format!(
            "{} KB dripped raised the peak by {} MB",
            sent / 1024,
            rise / 1024
        ));
    }
    assert_none(problems);
}

#[test]
#[ignore = "the issue's size: about 40 s"]
fn drip_fed_bodies_cost_their_size_full() {
    let (report, _) = drip(
        400,
        16_000,
        Duration::from_millis(20),
        Duration::from_secs(30),
    );
    let mut problems = Vec::new();
    report.check(&mut problems);
    assert_none(problems);
}

// ---------------------------------------------------------------------------
// Finding 2: answers that are never read

/// Holedox lairs of 100×100 declared in a few bytes each: `/api/cases`
/// answers about 4 MB for 9 KB.
fn big_cases_body() -> String {
    let input = "100 100 2\\n1 1\\n1 2\\n0\\n".repeat(400) + "0 0 0\\n";
    format!(r#"{{"puzzle":"holedox","input":"{input}"}}"#)
}

/// How much longer than `hold` the unread connections may take to be
/// closed: the server's clock for a stalled answer starts when the answer
/// is ready, which a machine busy with other work delays.
const STALL_GRACE: Duration = Duration::from_secs(30);

fn unread(clients: usize, hold: Duration) -> (Report, usize, usize) {
    raise_own_limit();
    let server = Server::start("true");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let idle_sockets = server.sockets();
    let probe = Probe::start(addr);
    let body = big_cases_body();
    let request = head(addr, "/api/cases", body.len()) + &body;
    let mut streams: Vec<TcpStream> = (0..clients)
        .filter_map(|_| connect(ATTACKER, addr, Some(4096)).ok())
        .collect();
    for s in &mut streams {
        let _ = s.write_all(request.as_bytes());
    }
    let began = Instant::now();
    thread::sleep(hold);
    let peak_kb = server.peak_kb();
    // Still held by the server: the connections it has not closed. On a
    // quiet machine all are closed by now; a loaded one may have started
    // the last answers late (their clock starts with the answer), so the
    // check waits a bounded while longer for them rather than for
    // everyone.
    // The wait looks at the server's sockets, not at the connections:
    // reading would make them connections that read.
    let grace = Instant::now();
    while server.sockets() > idle_sockets + 1 && grace.elapsed() < STALL_GRACE {
        thread::sleep(Duration::from_millis(250));
    }
    let open = streams.iter_mut().map(closed).filter(|c| !c).count();
    let probes = probe.finish();
    let after_kb = server.rss_kb();
    drop(streams);
    let report = Report {
        name: "answers never read",
        start_kb,
        peak_kb,
        after_kb,
        probes,
        note: format!(
            "{clients} clients; {open} connections still open after {:.0} s",
            began.elapsed().as_secs_f64()
        ),
    };
    (report, open, clients)
}

/// True once the server has closed `stream`: reads what is waiting and
/// finds the end (or a reset).
fn closed(stream: &mut TcpStream) -> bool {
    stream.set_nonblocking(true).unwrap();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(_) => return true,
        }
    }
}

#[test]
fn answers_nobody_reads_are_bounded_and_dropped() {
    // 60 clients ask for a 4 MB answer each and read nothing for 16 s:
    // the answers were held as long as the connections (240 MB, flat).
    let (report, open, _) = unread(60, Duration::from_secs(16));
    let mut problems = Vec::new();
    report.check(&mut problems);
    if open > 0 {
        problems.push(format!(
            "{open} connections that read nothing are still open after 16 s \
             and {STALL_GRACE:?} more (an answer must be taken within 10 s plus its size at 32 KB/s, \
             and a stalled one goes)"
        ));
    }
    let held = report.after_kb.saturating_sub(report.start_kb);
    if held > 40 * 1024 {
        problems.push(format!("{} MB still held after 16 s", held / 1024));
    }
    assert_none(problems);
}

#[test]
#[ignore = "the issue's size: about 40 s"]
fn answers_nobody_reads_are_bounded_and_dropped_full() {
    let (report, _, _) = unread(300, Duration::from_secs(30));
    let mut problems = Vec::new();
    report.check(&mut problems);
    assert_none(problems);
}

// ---------------------------------------------------------------------------
// Finding 3: a still render that cannot be stopped

/// A one-row Curling board with the stone in the middle of `n` blocks,
/// thrown left and right in turn: each throw slides across every block
/// broken so far. A still after its first throw.
fn zigzag_still(n: usize) -> String {
    let side = "1 ".repeat(n / 2 + 1);
    let row = format!("{side}0 2 0 {side}3");
    let width = 2 * (n / 2 + 1) + 4;
    format!(
        r#"{{"puzzle":"curling","input":"{width} 1\n{row}\n0 0\n","options":{{"max_throws":"none"}},"moves":"{}","frame":1}}"#,
        "RL".repeat(n / 2)
    )
}

#[test]
fn a_render_is_stopped_when_its_client_leaves() {
    let server = Server::start("true");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let body = zigzag_still(9_998);
    assert!(body.len() < 40_000);
    let request = head(addr, "/api/render", body.len()) + &body;
    // Two renders, one per search slot a client may hold and more; each
    // client hangs up after 300 ms.
    let streams: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = connect(ATTACKER, addr, None).unwrap();
            s.write_all(request.as_bytes()).unwrap();
            s
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    drop(streams);
    // Let the hang-up be noticed, then measure the CPU the server burns.
    thread::sleep(Duration::from_millis(700));
    let probe = Probe::start(addr);
    let cpu = server.cpu();
    thread::sleep(Duration::from_secs(4));
    let burnt = server.cpu().saturating_sub(cpu);
    let probes = probe.finish();
    let report = Report {
        name: "2 zig-zag stills of 9,998 throws, hung up after 0.3 s",
        start_kb,
        peak_kb: server.peak_kb(),
        after_kb: server.rss_kb(),
        probes,
        note: format!("CPU in the 4 s after: {:.2} s", burnt.as_secs_f64()),
    };
    let mut problems = Vec::new();
    report.check(&mut problems);
    // The probes cost some milliseconds each; a render still running
    // costs a whole core.
    if burnt > Duration::from_millis(1500) {
        problems.push(format!(
            "the server used {:.2} s of CPU in the 4 s after both clients left",
            burnt.as_secs_f64()
        ));
    }
    assert_none(problems);
}

// ---------------------------------------------------------------------------
// Finding 4: slow bodies that fill every connection, again and again

fn slow_bodies(conns: usize, time: Duration) -> Report {
    raise_own_limit();
    // The hard limit of 1024 makes the server's connection cap 960.
    let server = Server::start("ulimit -n 1024");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let probe = Probe::start(addr);
    let began = Instant::now();
    let mut streams: Vec<TcpStream> = Vec::new();
    let opened = AtomicUsize::new(0);
    while began.elapsed() < time {
        // Reconnect up to `conns` connections, each with a body started.
        streams.retain_mut(|s| s.write_all(b" ").is_ok());
        while streams.len() < conns && began.elapsed() < time {
            let Ok(mut s) = connect(ATTACKER, addr, None) else {
                break;
            };
            if s.write_all((head(addr, "/api/solve", 16_000) + " ").as_bytes())
                .is_ok()
            {
                streams.push(s);
                opened.fetch_add(1, Ordering::Relaxed);
            }
        }
        thread::sleep(Duration::from_millis(500));
    }
    let peak_kb = server.peak_kb();
    let probes = probe.finish();
    drop(streams);
    let after_kb = settle(&server, Duration::from_secs(3));
    Report {
        name: "slow bodies on every connection, reconnecting",
        start_kb,
        peak_kb,
        after_kb,
        probes,
        note: format!("{} connections opened", opened.into_inner()),
    }
}

#[test]
fn reconnecting_slow_bodies_do_not_lock_others_out() {
    let report = slow_bodies(1_000, Duration::from_secs(5));
    let mut problems = Vec::new();
    report.check(&mut problems);
    assert_none(problems);
}

// ---------------------------------------------------------------------------
// Finding 5: tiny generate requests on every search slot

fn generators(conns: usize, time: Duration) -> Report {
    let server = Server::start("true");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let stop = Arc::new(AtomicBool::new(false));
    // A generate request of a few dozen bytes that runs until its time
    // runs out: boards whose optimum is far past what the density allows.
    let body = r#"{"puzzle":"holedox","size":"100x100","answer":"5000..","count":50,"len":4}"#;
    let attackers: Vec<_> = (0..conns)
        .map(|_| {
            let stop = Arc::clone(&stop);
            thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Ok(mut s) = connect(ATTACKER, addr, None) else {
                        thread::sleep(Duration::from_millis(100));
                        continue;
                    };
                    let _ =
                        s.write_all((head(addr, "/api/generate", body.len()) + body).as_bytes());
                    let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
                    let mut buf = [0u8; 4096];
                    while !stop.load(Ordering::Relaxed) {
                        match s.read(&mut buf) {
                            Ok(0) => break,
                            Ok(_) => continue,
                            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => continue,
                            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => continue,
                            Err(_) => break,
                        }
                    }
                }
            })
        })
        .collect();
    // Let the attackers take the slots first.
    thread::sleep(Duration::from_secs(1));
    let probe = Probe::start(addr);
    thread::sleep(time);
    let probes = probe.finish();
    stop.store(true, Ordering::Relaxed);
    for a in attackers {
        let _ = a.join();
    }
    let peak_kb = server.peak_kb();
    let after_kb = settle(&server, Duration::from_secs(2));
    Report {
        name: "tiny generate requests on every search slot",
        start_kb,
        peak_kb,
        after_kb,
        probes,
        note: format!("{conns} attacking connections"),
    }
}

#[test]
fn tiny_generate_requests_leave_room_for_a_sample_solve() {
    let report = generators(8, Duration::from_secs(5));
    let mut problems = Vec::new();
    report.check(&mut problems);
    assert_none(problems);
}

// ---------------------------------------------------------------------------
// Finding 6: JSON that parses to far more than its size

#[test]
fn object_heavy_json_costs_little() {
    let server = Server::start("true");
    let addr = server.addr;
    let start_kb = server.peak_kb();
    let probe = Probe::start(addr);
    let body = format!(
        r#"{{"puzzle":"curling","input":"","plans":[{}0]}}"#,
        r#"{"":0},"#.repeat(140_000)
    );
    let request = head(addr, "/api/verify", body.len()) + &body;
    let clients: Vec<_> = (0..20)
        .map(|_| {
            let request = request.clone();
            thread::spawn(move || {
                let mut s = connect(ATTACKER, addr, None).ok()?;
                s.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
                s.write_all(request.as_bytes()).ok()?;
                let mut answer = String::new();
                let _ = s.read_to_string(&mut answer);
                answer.get(9..12).map(str::to_string)
            })
        })
        .collect();
    let statuses: Vec<String> = clients
        .into_iter()
        .map(|c| c.join().unwrap().unwrap_or_default())
        .collect();
    let peak_kb = server.peak_kb();
    let probes = probe.finish();
    let after_kb = settle(&server, Duration::from_secs(2));
    let report = Report {
        name: "20 concurrent 1 MB bodies of {\"\":0}",
        start_kb,
        peak_kb,
        after_kb,
        probes,
        note: format!("statuses {statuses:?}"),
    };
    let mut problems = Vec::new();
    report.check(&mut problems);
    let rise = peak_kb.saturating_sub(start_kb);
    if rise > 40 * 1024 {
        problems.push(format!("the peak rose by {} MB", rise / 1024));
    }
    if statuses.iter().any(|s| s == "200") {
        problems.push(format!(
            "a body of 140,000 objects was accepted: {statuses:?}"
        ));
    }
    assert_none(problems);
}
