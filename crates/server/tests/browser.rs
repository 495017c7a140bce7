//! The page end to end, in a real headless Chromium, in both of its
//! transports: this test runs `e2e/page.test.mjs` (playwright-core driving
//! Debian's `chromium`) twice; the scenarios and what they check are in
//! that file and the ones it imports (`e2e/layout.test.mjs`: layout, looks
//! and accessibility, with axe-core; `e2e/site.test.mjs`: the static
//! site's own).
//!
//! - **Served**: the page of `gridpuzzle serve`, on a server this test
//!   starts on a loopback port (the API over HTTP).
//! - **Static**: the site of `cargo xtask site` (`target/site`, or the one
//!   in `GRIDPUZZLE_SITE`), copied to a sub-path of a temporary folder and
//!   served by a plain static file server this test starts (`python3 -m
//!   http.server`, as the README serves it), with no process of ours
//!   behind it (the API in WebAssembly, in the page's workers). The
//!   server's log must show no request to `/api/`.
//!
//! Each transport's scenarios run in two phases: the busy one, side by
//! side with the other transport's (one run alone leaves the two cores
//! idle about half the time, as the browser waits on the page: the two
//! take 150 s side by side against 222 s one after the other), then the
//! quiet one alone: the
//! scenarios that time the page (frames, a drag, how soon a worker ends),
//! marked `quiet: true`, which another run beside them would slow.
//!
//! The browser and the npm package are not Rust dependencies, so a plain
//! `cargo test` on a machine without them cannot run this test. It then
//! says so on stderr and passes — unless `GRIDPUZZLE_E2E=require` is set,
//! as `.ci/run` does after `.ci/install-browser` has installed both; then a
//! missing piece is a failure, so CI can never skip it silently. The same
//! goes for the static run and its site (built before the tests, by a
//! WebAssembly toolchain) with `GRIDPUZZLE_WASM=require`, which `.ci/run`
//! sets after building it; a site older than the page's files is a
//! missing piece too.

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{PoisonError, RwLock};
use std::time::{Duration, Instant};

use gridpuzzle_server::{listen, serve_on, Config};

/// A browser run (one phase of one transport) may take this long before
/// it is killed.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// Who is using the browser: the busy phases of both transports run side
/// by side, each holding this for reading; a quiet phase (the scenarios
/// that time the page, `quiet: true` in e2e/page.test.mjs) holds it for
/// writing, so it runs alone. A phase that fails lets go of it as it
/// unwinds, so the other transport's test never waits for it forever.
static BROWSER: RwLock<()> = RwLock::new(());

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    Busy,
    Quiet,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Busy => "busy",
            Phase::Quiet => "quiet",
        }
    }
}

/// Both phases of the scenarios against the page at `url` (the static
/// site's when `site` is given): the busy one beside the other
/// transport's, then the quiet one alone.
fn run_phases(url: &str, site: Option<&Path>) {
    {
        let _shared = BROWSER.read().unwrap_or_else(PoisonError::into_inner);
        check_summary(&run_scenarios(url, site, Phase::Busy), Phase::Busy);
    }
    let _alone = BROWSER.write().unwrap_or_else(PoisonError::into_inner);
    check_summary(&run_scenarios(url, site, Phase::Quiet), Phase::Quiet);
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What is missing to run the browser, if anything.
fn missing() -> Option<String> {
    let chromium =
        std::env::var("GRIDPUZZLE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!("no Chromium at {chromium}"));
    }
    for package in ["playwright-core", "axe-core"] {
        if !root().join("e2e/node_modules").join(package).exists() {
            return Some(format!(
                "no e2e/node_modules/{package} (npm ci --prefix e2e)"
            ));
        }
    }
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => None,
        _ => Some("no `node` on the PATH".into()),
    }
}

/// Serves the router on a free loopback port in a thread of its own; the
/// address, and a sender that stops it.
fn start_server() -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = listen("127.0.0.1:0".parse().unwrap()).unwrap();
            addr_tx.send(listener.local_addr().unwrap()).unwrap();
            let config = Config {
                searches: 2,
                ..Config::default()
            };
            serve_on(listener, config, async {
                let _ = stop_rx.await;
            })
            .await
            .unwrap();
        });
    });
    (addr_rx.recv().unwrap(), stop_tx)
}

#[test]
fn the_page_works_in_headless_chromium() {
    let required = std::env::var("GRIDPUZZLE_E2E").is_ok_and(|v| v == "require");
    if let Some(why) = missing() {
        assert!(
            !required,
            "GRIDPUZZLE_E2E=require but the browser test cannot run: {why}; run .ci/install-browser"
        );
        eprintln!("skipped the browser test: {why}; run .ci/install-browser to enable it");
        return;
    }
    let (addr, stop) = start_server();
    run_phases(&format!("http://{addr}/"), None);
    let _ = stop.send(());
}

#[test]
fn the_static_site_works_in_headless_chromium() {
    let required = std::env::var("GRIDPUZZLE_E2E").is_ok_and(|v| v == "require");
    let site_required = std::env::var("GRIDPUZZLE_WASM").is_ok_and(|v| v == "require");
    if let Some(why) = missing() {
        assert!(
            !required,
            "GRIDPUZZLE_E2E=require but the browser test cannot run: {why}; run .ci/install-browser"
        );
        eprintln!(
            "skipped the static site's browser test: {why}; run .ci/install-browser to enable it"
        );
        return;
    }
    let site = match static_site() {
        Ok(site) => site,
        Err(why) => {
            assert!(
                !site_required,
                "GRIDPUZZLE_WASM=require but the static site's browser test cannot run: {why}"
            );
            eprintln!("skipped the static site's browser test: {why}");
            return;
        }
    };
    // At a sub-path of a folder of its own, as on a host's /some/path/.
    let folder = std::env::temp_dir().join(format!("gridpuzzle-e2e-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let served = folder.join("some/path");
    copy_dir(&site, &served);
    let (port, mut server, log) = start_static_server(&folder);
    run_phases(
        &format!("http://127.0.0.1:{port}/some/path/"),
        Some(&served),
    );
    let _ = server.kill();
    let _ = server.wait();
    let log = log.join().unwrap();
    let _ = std::fs::remove_dir_all(&folder);
    // What the static server was asked: the site, never the API.
    let paths: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split('"').nth(1)?.split(' ').nth(1))
        .collect();
    assert!(
        paths.contains(&"/some/path/gridpuzzle.wasm"),
        "the static server's log shows no request for the module:\n{log}"
    );
    let api: Vec<&&str> = paths.iter().filter(|p| p.contains("/api/")).collect();
    assert!(api.is_empty(), "requests to /api/ in static mode: {api:?}");
}

/// The static site to serve, or why there is none: the site's module and
/// its page files as the repository holds them now.
fn static_site() -> Result<PathBuf, String> {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|out| out.status.success()) {
        return Err("no `python3` on the PATH, to serve the site".into());
    }
    let site = std::env::var_os("GRIDPUZZLE_SITE")
        .map_or_else(|| root().join("target/site"), PathBuf::from);
    if !site.join("gridpuzzle.wasm").exists() {
        return Err(format!(
            "no site in {} (cargo xtask site target/site)",
            site.display()
        ));
    }
    let mut sources = vec![(
        root().join("crates/server/assets/style.css"),
        site.join("style.css"),
    )];
    for dir in ["crates/server/assets/js", "crates/wasm/site/js"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let copy = site.join("js").join(path.file_name().unwrap());
            sources.push((path, copy));
        }
    }
    for (source, copy) in sources {
        if std::fs::read(&source).ok() != std::fs::read(&copy).ok() {
            return Err(format!(
                "the site in {} is older than {} (cargo xtask site target/site)",
                site.display(),
                source.display()
            ));
        }
    }
    Ok(site)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// `python3 -m http.server` on a free loopback port, serving `folder`:
/// its port, the process, and a thread that returns its log of requests.
fn start_static_server(
    folder: &Path,
) -> (u16, std::process::Child, std::thread::JoinHandle<String>) {
    let mut server = Command::new("python3")
        .args([
            "-u",
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
        ])
        .arg(folder)
        .arg("0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port = first
        .split_whitespace()
        .skip_while(|w| *w != "port")
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in python's first line: {first:?}"));
    let log = drain(Box::new(server.stderr.take().unwrap()));
    (port, server, log)
}

/// Reads a pipe to its end in a thread, so a full pipe never blocks the
/// child.
fn drain(mut pipe: Box<dyn Read + Send>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = pipe.read_to_string(&mut text);
        text
    })
}

/// Runs the scenarios of `phase` against the page at `url` (the static
/// site's when `site`, the folder served there, is given); their output.
fn run_scenarios(url: &str, site: Option<&Path>, phase: Phase) -> String {
    let mut node = Command::new("node");
    node.arg("page.test.mjs")
        .arg(url)
        // A filter for working on one scenario must not shrink the run.
        .env_remove("GRIDPUZZLE_E2E_ONLY")
        .env_remove("GRIDPUZZLE_E2E_SITE")
        .env("GRIDPUZZLE_E2E_PHASE", phase.name())
        .current_dir(root().join("e2e"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(site) = site {
        node.env("GRIDPUZZLE_E2E_SITE", site);
    }
    let mut child = node.spawn().expect("node starts");
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    eprintln!("{out}{err}");
    match status {
        None => panic!(
            "the browser test's {} phase took longer than {TIME_LIMIT:?} and was killed",
            phase.name()
        ),
        Some(status) => assert!(
            status.success(),
            "the browser test failed ({status}):\n{out}{err}"
        ),
    }
    out
}

/// The script's last line counts the scenarios; fewer than the ones
/// written so far means some were lost (a phase that ran none, say).
fn check_summary(out: &str, phase: Phase) {
    let summary = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("# passed "))
        .unwrap_or_else(|| panic!("no summary line from the browser test:\n{out}"));
    let (passed, total) = summary.split_once(" of ").expect("`# passed N of M`");
    assert_eq!(passed, total, "{out}");
    let least = match phase {
        Phase::Busy => 20,
        Phase::Quiet => 3,
    };
    assert!(total.trim().parse::<usize>().unwrap() >= least, "{out}");
}
