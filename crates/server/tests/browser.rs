//! The page end to end, in a real headless Chromium: this test starts the
//! server on a loopback port and runs `e2e/page.test.mjs` (playwright-core
//! driving Debian's `chromium`) against it; the scenarios and what they
//! check are in that file and in `e2e/layout.test.mjs` (layout, looks and
//! accessibility, with axe-core).
//!
//! The browser and the npm package are not Rust dependencies, so a plain
//! `cargo test` on a machine without them cannot run this test. It then
//! says so on stderr and passes — unless `GRIDPUZZLE_E2E=require` is set,
//! as `.ci/run` does after `.ci/install-browser` has installed both; then a
//! missing piece is a failure, so CI can never skip it silently.

use std::io::Read;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gridpuzzle_server::{listen, serve_on, Config};

/// The whole browser run may take this long before it is killed.
const TIME_LIMIT: Duration = Duration::from_secs(180);

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
    let mut child = Command::new("node")
        .arg("page.test.mjs")
        .arg(format!("http://{addr}/"))
        // A filter for working on one scenario must not shrink the run.
        .env_remove("GRIDPUZZLE_E2E_ONLY")
        .current_dir(root().join("e2e"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Read the output in threads so a full pipe never blocks the child.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
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
    let _ = stop.send(());
    let (out, err) = (out.join().unwrap(), err.join().unwrap());
    eprintln!("{out}{err}");
    match status {
        None => panic!("the browser test took longer than {TIME_LIMIT:?} and was killed"),
        Some(status) => assert!(
            status.success(),
            "the browser test failed ({status}):\n{out}{err}"
        ),
    }
    // The script's last line counts the scenarios; fewer than the ones
    // written so far means some were lost.
    let summary = out
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("# passed "))
        .unwrap_or_else(|| panic!("no summary line from the browser test:\n{out}"));
    let (passed, total) = summary.split_once(" of ").expect("`# passed N of M`");
    assert_eq!(passed, total, "{out}");
    assert!(total.trim().parse::<usize>().unwrap() >= 20, "{out}");
}
