//! A load test on loopback: 200 solve requests of hard cases sent at
//! once to the real server (a TCP socket, hyper's HTTP/1.1, the permit
//! queue, `spawn_blocking`) all come back 200 with the judge's answers,
//! and none takes longer than its own time bound.
//!
//! What it shows, and why it is shaped so:
//!
//! - **No request is lost or refused under load.** The server has one
//!   search slot per core (the default), so 200 requests on a 2-core
//!   machine mostly wait in the permit queue. `queue_wait` and
//!   `request_time` are set generously (15 s, some 15 times what the whole
//!   burst takes here) so that every request must be
//!   served: any 503, 4xx, 500, broken connection or `limit` outcome is a
//!   failure, not bad luck.
//! - **Answers stay right under load.** Every request carries a whole bench
//!   file (`bench/holedox/hard.in`, 20 lairs of 20×20; or
//!   `bench/curling/contest20.in` / `open20.in`, 100 boards of 20×20 each,
//!   `open20` being the boards with no answer within 10 throws, where the
//!   whole capped space must be searched), and every case's `answer` is
//!   checked against the file's `.out`. Whole files rather than single
//!   cases because each case solves in well under a millisecond: one file
//!   per request gives the queue real work (about 14,000 checked cases in
//!   all) while the test still runs in a few seconds in the `test` profile
//!   on two cores.
//! - **The time bounds hold.** The server promises every answer within
//!   `request_time` of the request's arrival, its wait for a slot included,
//!   plus a 250 ms grace; the client measures each request from the moment
//!   it starts writing it to the end of the answer and allows
//!   `request_time` + 1 s ([`REQUEST_BOUND`]). Each search must also stay
//!   within the request's own `timeout_ms` ([`SEARCH_TIMEOUT_MS`], plus
//!   [`SEARCH_SLACK_MS`] for the deadline check's granularity), as its
//!   `stats.millis` reports.
//!
//! The client is a few lines of HTTP/1.1 over a `tokio::net::TcpStream`
//! (`Connection: close`, read to end of file, `Content-Length` or chunked
//! bodies), so the test needs no HTTP client crate. All 200 connections
//! are opened first and meet at a barrier, so the requests really arrive
//! together; each request's clock starts at the barrier, as the server's
//! promise starts at a request's arrival. (The listener is bound as
//! `gridpuzzle serve` binds it, through [`listen`] with a backlog of
//! 1024: with the usual 128, a burst of 200 connects overflowed it and
//! some waited a second for the kernel's retry.) Problems
//! are collected over all requests and reported together, each naming
//! its request, file and case.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gridpuzzle_server::{listen, serve_on, Config};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::{oneshot, Barrier};

/// Requests sent at once.
const REQUESTS: usize = 200;

/// The server's `queue_wait` and `request_time`: long enough that all
/// [`REQUESTS`] are served even on a slow machine.
const REQUEST_TIME: Duration = Duration::from_secs(15);

/// The most a request may take, measured by the client: the server's
/// promise (`request_time` from arrival, plus its 250 ms grace) with room
/// for the loopback round trip.
const REQUEST_BOUND: Duration = Duration::from_secs(REQUEST_TIME.as_secs() + 1);

/// Each request's per-search time limit (`options.timeout_ms`).
const SEARCH_TIMEOUT_MS: f64 = 2_000.0;

/// How far past its `timeout_ms` a search may report stopping: the engine
/// checks its deadline every so many states, not continuously.
const SEARCH_SLACK_MS: f64 = 100.0;

/// One bench file: what to post and the answers to expect.
struct Bench {
    puzzle: &'static str,
    file: &'static str,
    input: &'static str,
    answers: Vec<i64>,
}

impl Bench {
    /// `out` is the judge output: one answer per line, the last token of
    /// the line (`7` for Curling, `Case 3: 7` for Holedox).
    fn new(puzzle: &'static str, file: &'static str, input: &'static str, out: &str) -> Bench {
        let answers = out
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let last = l.split_whitespace().last().unwrap();
                last.parse()
                    .unwrap_or_else(|_| panic!("{file}: bad answer line `{l}`"))
            })
            .collect();
        Bench {
            puzzle,
            file,
            input,
            answers,
        }
    }
}

fn benches() -> Vec<Bench> {
    vec![
        Bench::new(
            "holedox",
            "bench/holedox/hard.in",
            include_str!("../../../bench/holedox/hard.in"),
            include_str!("../../../bench/holedox/hard.out"),
        ),
        Bench::new(
            "curling",
            "bench/curling/contest20.in",
            include_str!("../../../bench/curling/contest20.in"),
            include_str!("../../../bench/curling/contest20.out"),
        ),
        Bench::new(
            "curling",
            "bench/curling/open20.in",
            include_str!("../../../bench/curling/open20.in"),
            include_str!("../../../bench/curling/open20.out"),
        ),
    ]
}

/// An HTTP answer: the status code and the decoded body.
struct Answer {
    status: u16,
    body: String,
}

/// Writes all of `bytes` (with only the `net` feature of tokio: no
/// `AsyncWriteExt`).
async fn write_all(stream: &TcpStream, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Reads until the server closes the connection.
async fn read_to_end(stream: &TcpStream) -> io::Result<Vec<u8>> {
    let mut all = Vec::new();
    let mut buf = vec![0; 64 * 1024];
    loop {
        stream.readable().await?;
        match stream.try_read(&mut buf) {
            Ok(0) => return Ok(all),
            Ok(n) => all.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
}

/// Sends one `POST path` with a JSON body on an open connection and reads
/// the answer (`Connection: close`: the answer ends at end of file).
async fn post(
    stream: &TcpStream,
    addr: SocketAddr,
    path: &str,
    body: &str,
) -> Result<Answer, String> {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    write_all(stream, head.as_bytes())
        .await
        .map_err(|e| format!("writing the request head: {e}"))?;
    write_all(stream, body.as_bytes())
        .await
        .map_err(|e| format!("writing the request body: {e}"))?;
    let raw = read_to_end(stream)
        .await
        .map_err(|e| format!("reading the answer: {e}"))?;
    parse_answer(&raw)
}

/// Parses an HTTP/1.1 answer: status line, headers, then a body of
/// `Content-Length` bytes, chunked, or up to end of file.
fn parse_answer(raw: &[u8]) -> Result<Answer, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("no end of headers in {} bytes of answer", raw.len()))?;
    let head = std::str::from_utf8(&raw[..split]).map_err(|e| format!("headers: {e}"))?;
    let rest = &raw[split + 4..];
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .strip_prefix("HTTP/1.1 ")
        .and_then(|s| s.get(..3))
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| format!("bad status line `{status_line}`"))?;
    let mut length = None;
    let mut chunked = false;
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| format!("bad header line `{line}`"))?;
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(
                value
                    .parse::<usize>()
                    .map_err(|_| format!("bad Content-Length `{value}`"))?,
            );
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        }
    }
    let body = if chunked {
        dechunk(rest)?
    } else if let Some(n) = length {
        if rest.len() != n {
            return Err(format!(
                "Content-Length says {n} bytes, the body has {}",
                rest.len()
            ));
        }
        rest.to_vec()
    } else {
        rest.to_vec()
    };
    let body = String::from_utf8(body).map_err(|e| format!("body: {e}"))?;
    Ok(Answer { status, body })
}

/// Decodes a chunked body (no trailers expected).
fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let eol = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk size line without its end")?;
        let size_line = std::str::from_utf8(&rest[..eol]).map_err(|e| e.to_string())?;
        let size_hex = size_line.split(';').next().unwrap_or_default().trim();
        let size = usize::from_str_radix(size_hex, 16)
            .map_err(|_| format!("bad chunk size `{size_line}`"))?;
        rest = &rest[eol + 2..];
        if size == 0 {
            return Ok(body);
        }
        if rest.len() < size + 2 || &rest[size..size + 2] != b"\r\n" {
            return Err(format!("a chunk of {size} bytes is cut short"));
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
}

/// What one request saw: its wall time and what went wrong, if anything.
struct Outcome {
    wall: Duration,
    cases: usize,
    slowest_search_ms: f64,
    problems: Vec<String>,
}

/// Checks a solve answer against the bench file's answers; every
/// problem found, one line each.
fn check(bench: &Bench, answer: &Answer) -> (usize, f64, Vec<String>) {
    let mut problems = Vec::new();
    let mut slowest = 0.0f64;
    if answer.status != 200 {
        problems.push(format!("HTTP {}: {}", answer.status, answer.body));
        return (0, slowest, problems);
    }
    let value: Value = match serde_json::from_str(&answer.body) {
        Ok(v) => v,
        Err(e) => {
            problems.push(format!("the body is not JSON ({e}): {}", answer.body));
            return (0, slowest, problems);
        }
    };
    if value["limits"]["timeout_ms"] != json!(SEARCH_TIMEOUT_MS as u64) {
        problems.push(format!(
            "limits {} do not echo timeout_ms {SEARCH_TIMEOUT_MS}",
            value["limits"]
        ));
    }
    let Some(results) = value["results"].as_array() else {
        problems.push(format!("no `results` array in {value}"));
        return (0, slowest, problems);
    };
    if results.len() != bench.answers.len() {
        problems.push(format!(
            "{} results for {} cases",
            results.len(),
            bench.answers.len()
        ));
    }
    for (i, (result, &want)) in results.iter().zip(&bench.answers).enumerate() {
        let n = i + 1;
        let outcome = result["outcome"].as_str().unwrap_or("(none)");
        let millis = result["stats"]["millis"].as_f64();
        let wrong = if result["case"] != json!(n) {
            Some(format!("numbered {}", result["case"]))
        } else if !matches!(outcome, "solved" | "unsolvable") {
            Some(format!("outcome `{outcome}`"))
        } else if result["answer"] != json!(want) {
            Some(format!("answer {} instead of {want}", result["answer"]))
        } else if let Some(ms) = millis.filter(|&ms| ms > SEARCH_TIMEOUT_MS + SEARCH_SLACK_MS) {
            Some(format!(
                "searched {ms:.1} ms, past its timeout_ms {SEARCH_TIMEOUT_MS} (+{SEARCH_SLACK_MS} slack)"
            ))
        } else if millis.is_none() {
            Some("no stats.millis".to_string())
        } else {
            None
        };
        slowest = slowest.max(millis.unwrap_or(0.0));
        if let Some(wrong) = wrong {
            // The record without its moves, which can be long.
            let mut shown = result.clone();
            if let Some(o) = shown.as_object_mut() {
                o.remove("moves");
            }
            problems.push(format!("case {n}: {wrong}: {shown}"));
        }
    }
    (results.len(), slowest, problems)
}

/// One client: connect, wait for all the others, post, check.
async fn one_request(addr: SocketAddr, bench: Arc<Bench>, barrier: Arc<Barrier>) -> Outcome {
    let connected = TcpStream::connect(addr).await;
    // Every client reaches the barrier, even one that could not connect,
    // or the others would wait for it forever.
    barrier.wait().await;
    let body = json!({
        "puzzle": bench.puzzle,
        "input": bench.input,
        "options": {"timeout_ms": SEARCH_TIMEOUT_MS},
    })
    .to_string();
    let start = Instant::now();
    let answer = match connected {
        Err(e) => Err(format!("connecting: {e}")),
        Ok(stream) => {
            // A little past the bound, so a late answer is reported as
            // late rather than the test hanging.
            let wait = REQUEST_BOUND + Duration::from_secs(5);
            match tokio::time::timeout(wait, post(&stream, addr, "/api/solve", &body)).await {
                Ok(answer) => answer,
                Err(_) => Err(format!("no answer within {wait:?}")),
            }
        }
    };
    let wall = start.elapsed();
    let (cases, slowest_search_ms, mut problems) = match answer {
        Ok(answer) => check(&bench, &answer),
        Err(e) => (0, 0.0, vec![e]),
    };
    if wall > REQUEST_BOUND {
        problems.push(format!(
            "took {wall:?}, past its bound of {REQUEST_BOUND:?} (the server's request_time of {REQUEST_TIME:?}, plus {:?})",
            REQUEST_BOUND - REQUEST_TIME
        ));
    }
    Outcome {
        wall,
        cases,
        slowest_search_ms,
        problems,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_hard_solves_all_answer_in_time() {
    let config = Config {
        queue_wait: REQUEST_TIME,
        request_time: REQUEST_TIME,
        ..Config::default()
    };
    let searches = config.searches;
    let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(serve_on(listener, config, async {
        let _ = stopped.await;
    }));

    let benches: Vec<Arc<Bench>> = benches().into_iter().map(Arc::new).collect();
    let barrier = Arc::new(Barrier::new(REQUESTS));
    let began = Instant::now();
    let clients: Vec<_> = (0..REQUESTS)
        .map(|i| {
            let bench = Arc::clone(&benches[i % benches.len()]);
            tokio::spawn(one_request(addr, bench, Arc::clone(&barrier)))
        })
        .collect();
    let mut outcomes = Vec::with_capacity(REQUESTS);
    for client in clients {
        outcomes.push(client.await.expect("a client task panicked"));
    }
    let total = began.elapsed();

    let _ = stop.send(());
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server did not shut down within 5 s")
        .expect("the server task panicked")
        .expect("the server failed");

    let mut walls: Vec<Duration> = outcomes.iter().map(|o| o.wall).collect();
    walls.sort();
    let (slowest_i, slowest) = outcomes
        .iter()
        .enumerate()
        .max_by_key(|(_, o)| o.wall)
        .map(|(i, o)| (i, o.wall))
        .unwrap();
    let cases: usize = outcomes.iter().map(|o| o.cases).sum();
    let slowest_search = outcomes
        .iter()
        .map(|o| o.slowest_search_ms)
        .fold(0.0, f64::max);
    eprintln!(
        "load: {REQUESTS} requests ({cases} cases, {searches} search slots) in {total:.2?}; \
         slowest request {slowest:.2?} (#{slowest_i}, {}), median {:.2?}; \
         slowest search {slowest_search:.2} ms; bound {REQUEST_BOUND:?} per request",
        benches[slowest_i % benches.len()].file,
        walls[walls.len() / 2],
    );

    let problems: Vec<String> = outcomes
        .iter()
        .enumerate()
        .flat_map(|(i, o)| {
            let file = benches[i % benches.len()].file;
            o.problems
                .iter()
                .map(move |p| format!("request #{i} ({file}): {p}"))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "{} problems in {REQUESTS} requests; the first ones:\n{}",
        problems.len(),
        problems
            .iter()
            .take(20)
            .map(|p| shorten(p))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A problem line of at most 400 characters: a whole JSON record can be
/// long.
fn shorten(p: &str) -> String {
    if p.chars().count() <= 400 {
        return p.to_string();
    }
    let mut short: String = p.chars().take(400).collect();
    short.push_str(" …");
    short
}
