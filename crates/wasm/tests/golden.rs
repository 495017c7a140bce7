//! The API's golden answers from the WebAssembly module, byte for byte:
//! every golden request the API's own test sends natively
//! (`crates/api/tests/common/requests.rs` reads them) is sent to the
//! module under node, through the page's glue (`tests/answer.mjs`, which
//! imports `site/js/wasm.js`), and its status, content type and body must
//! be the recorded ones. So the static site's page gets the server's
//! answers.
//!
//! The module is the static site's (`cargo xtask site target/site`, or
//! the site in `GRIDPUZZLE_SITE`): building it needs a WebAssembly
//! toolchain (`.ci/install-wasm`) and minutes that a plain `cargo test`
//! must not spend. Without the module or node the test says so on stderr
//! and passes — unless `GRIDPUZZLE_WASM=require`, as `.ci/run` sets after
//! building the site; then a missing piece is a failure.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

#[path = "../../cli/tests/common/golden_files.rs"]
mod golden_files;
#[path = "../../api/tests/common/requests.rs"]
mod requests;

/// The static site the module is taken from.
fn site() -> PathBuf {
    std::env::var_os("GRIDPUZZLE_SITE").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/site"),
        PathBuf::from,
    )
}

/// The module, or what is missing to run it.
fn module() -> Result<PathBuf, String> {
    let module = site().join("gridpuzzle.wasm");
    if !module.exists() {
        return Err(format!(
            "no {} (cargo xtask site target/site)",
            module.display()
        ));
    }
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => Ok(module),
        _ => Err("no `node` on the PATH".into()),
    }
}

#[test]
fn the_wasm_module_gives_the_api_golden_answers() {
    let required = std::env::var("GRIDPUZZLE_WASM").is_ok_and(|v| v == "require");
    let module = match module() {
        Ok(module) => module,
        Err(why) => {
            assert!(
                !required,
                "GRIDPUZZLE_WASM=require but the module cannot be run: {why}"
            );
            eprintln!("skipped the WebAssembly golden test: {why}");
            return;
        }
    };
    let golden = requests::golden_requests();
    assert!(golden.len() > 150, "only {} golden requests", golden.len());
    let mut node = Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/answer.mjs"))
        .arg(&module)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Written from a thread, so a full pipe never blocks either side.
    let lines: String = golden
        .iter()
        .map(|g| json!({"endpoint": g.endpoint, "body": g.request}).to_string() + "\n")
        .collect();
    let mut stdin = node.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let answers: Vec<Value> = BufReader::new(node.stdout.take().unwrap())
        .lines()
        .map(|line| serde_json::from_str(&line.unwrap()).expect("an answer as JSON"))
        .collect();
    writer.join().unwrap().expect("the requests are written");
    assert!(node.wait().unwrap().success(), "node failed");
    assert_eq!(answers.len(), golden.len(), "an answer for every request");
    let problems: Vec<String> = golden
        .iter()
        .zip(&answers)
        .filter_map(|(g, a)| match a["crashed"].as_str() {
            Some(why) => Some(format!("{}: the module trapped: {why}", g.file)),
            None => requests::mismatch(
                g,
                a["status"].as_u64().unwrap() as u16,
                a["type"].as_str().unwrap(),
                a["body"].as_str().unwrap(),
            ),
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
