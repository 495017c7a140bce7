//! The server's golden files (`crates/server/tests/golden/*.txt`) read as
//! requests to the API and their recorded answers: what the API's golden
//! test (`tests/golden.rs`) sends to [`gridpuzzle_api::call`] natively,
//! and the WebAssembly module's (`crates/wasm/tests/golden.rs`, which
//! includes this file by path) sends to the module under node, so both
//! transports are held to the same files by the same reading.
//!
//! Left out are the answers only a transport gives: those recorded on a
//! server with other bounds (a `server:` line: no search slots, a small
//! body limit), the page's files, and a method the route does not take
//! (405). Every other golden file is a request to the API.

#![allow(dead_code)]

use std::path::Path;

use gridpuzzle_api::Endpoint;

/// A recorded request to the API and its answer.
pub struct Golden {
    /// The golden file's name.
    pub file: String,
    /// The endpoint's name (`solve`, `trace/chart`, …).
    pub endpoint: String,
    /// The request's body.
    pub request: String,
    pub status: u16,
    pub content_type: String,
    /// `None` where only the status and type were recorded.
    pub body: Option<String>,
}

/// The text of section `title` (`--- title ... ---`), as it was recorded;
/// `None` for a section not recorded.
fn section<'a>(text: &'a str, title: &str) -> Option<&'a str> {
    let head = format!("--- {title}");
    let start = text.find(&head)?;
    let line_end = start + text[start..].find('\n')?;
    let header = &text[start..line_end];
    if header.contains("not recorded") {
        return None;
    }
    let rest = &text[line_end + 1..];
    let end = rest.find("\n--- ").map_or(rest.len(), |at| at + 1);
    let content = &rest[..end];
    Some(if header.contains("(empty)") {
        ""
    } else if header.contains("(no newline at end)") {
        content.strip_suffix('\n').unwrap_or(content)
    } else {
        content
    })
}

/// The golden file `text` as a request to the API, unless it records
/// what only a transport answers.
fn read(file: String, text: &str) -> Option<Golden> {
    let (method, path) = text.lines().nth(1)?.split_once(' ')?;
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_default()
            .to_string()
    };
    let endpoint = path.strip_prefix("/api/")?;
    let on_other_server = text.lines().any(|l| l.starts_with("server: "));
    let takes_body = Endpoint::named(endpoint).is_none_or(Endpoint::reads_body);
    if on_other_server || takes_body != (method == "POST") {
        return None;
    }
    Some(Golden {
        file,
        endpoint: endpoint.to_string(),
        request: section(text, "request").unwrap_or_default().to_string(),
        status: field("status: ")[..3].parse().expect("a status"),
        content_type: field("content-type: "),
        body: section(text, "body").map(str::to_string),
    })
}

/// Every golden request to the API, by file name.
pub fn golden_requests() -> Vec<Golden> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/tests/golden");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("the server's golden files")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            read(file, &text)
        })
        .collect()
}

/// What is wrong with `status`, `content_type` and `body` as the answer
/// to `g`, if anything (`"millis"` numbers, wall time, are not compared).
pub fn mismatch(g: &Golden, status: u16, content_type: &str, body: &str) -> Option<String> {
    let file = &g.file;
    if status != g.status || content_type != g.content_type {
        return Some(format!(
            "{file}: {status} {content_type} instead of {} {}",
            g.status, g.content_type
        ));
    }
    let recorded = g.body.as_ref()?;
    // As the server's golden test records them: puzzles registered since
    // the files were recorded are scrubbed from lists.
    let actual = gridpuzzle_registry::golden::scrub(&super::golden_files::zero_millis(body));
    (&actual != recorded).then(|| {
        let why = super::golden_files::first_difference("answer", recorded, &actual);
        format!("{file}: {why}")
    })
}
