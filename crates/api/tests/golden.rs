//! The server's golden answers (`crates/server/tests/golden/*.txt`),
//! produced here without HTTP: each recorded request to an endpoint is
//! sent to [`gridpuzzle_api::call`], and its status, content type and body
//! must be the recorded ones, byte for byte. So one contract answers the
//! same whichever transport carries it, and a transport that is not the
//! server (a Web Worker running the API as WebAssembly) is held to the
//! same files: `crates/wasm/tests/golden.rs` reads them the same way
//! (`common/requests.rs`, which says which files are left out).

use gridpuzzle_api::{call, Bounds, Ctx};

#[path = "../../cli/tests/common/golden_files.rs"]
mod golden_files;
#[path = "common/requests.rs"]
mod requests;

#[test]
fn the_server_golden_answers_come_from_the_api_alone() {
    let golden = requests::golden_requests();
    assert!(
        golden.len() > 150,
        "only {} golden requests to the API",
        golden.len()
    );
    let problems: Vec<String> = golden
        .iter()
        .filter_map(|g| {
            let answer = call(
                &g.endpoint,
                g.request.as_bytes(),
                &Ctx::new(Bounds::default()),
            );
            requests::mismatch(g, answer.status, answer.content_type, &answer.body)
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
