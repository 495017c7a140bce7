//! The server's golden answers (`crates/server/tests/golden/*.txt`),
//! produced here without HTTP: each recorded request to an endpoint is
//! sent to [`gridpuzzle_api::call`], and its status, content type and body
//! must be the recorded ones, byte for byte. So one contract answers the
//! same whichever transport carries it, and a transport that is not the
//! server (a Web Worker running the API as WebAssembly) can be held to the
//! same files.
//!
//! Left out are the answers only a transport gives: those recorded on a
//! server with other bounds (a `server:` line: no search slots, a small
//! body limit), the page's files, and a method the route does not take
//! (405). Every other golden file is a request to the API and is checked.

use std::path::Path;

use gridpuzzle_api::{call, Bounds, Ctx, Endpoint};

#[path = "../../cli/tests/common/golden_files.rs"]
mod golden_files;

/// A recorded request and its answer.
struct Golden {
    method: String,
    path: String,
    on_other_server: bool,
    status: u16,
    content_type: String,
    request: String,
    /// `None` where only the status and type were recorded.
    body: Option<String>,
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

fn read(text: &str) -> Golden {
    let mut lines = text.lines().skip(1);
    let (method, path) = lines
        .next()
        .and_then(|l| l.split_once(' '))
        .expect("a request line");
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_default()
            .to_string()
    };
    Golden {
        method: method.to_string(),
        path: path.to_string(),
        on_other_server: text.lines().any(|l| l.starts_with("server: ")),
        status: field("status: ")[..3].parse().expect("a status"),
        content_type: field("content-type: "),
        request: section(text, "request").unwrap_or_default().to_string(),
        body: section(text, "body").map(str::to_string),
    }
}

#[test]
fn the_server_golden_answers_come_from_the_api_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/tests/golden");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the server's golden files")
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let (mut checked, mut problems) = (0, Vec::new());
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let g = read(&text);
        let Some(name) = g.path.strip_prefix("/api/") else {
            continue;
        };
        let takes_body = Endpoint::named(name).is_none_or(Endpoint::reads_body);
        if g.on_other_server || takes_body != (g.method == "POST") {
            continue;
        }
        let answer = call(name, g.request.as_bytes(), &Ctx::new(Bounds::default()));
        let file = path.file_name().unwrap().to_string_lossy();
        checked += 1;
        if answer.status != g.status || answer.content_type != g.content_type {
            problems.push(format!(
                "{file}: {} {} instead of {} {}",
                answer.status, answer.content_type, g.status, g.content_type
            ));
        } else if let Some(body) = g.body {
            // As the server's golden test records them: puzzles registered
            // since the files were recorded are scrubbed from lists.
            let actual =
                gridpuzzle_registry::golden::scrub(&golden_files::zero_millis(&answer.body));
            if actual != body {
                let why = golden_files::first_difference("answer", &body, &actual);
                problems.push(format!("{file}: {why}"));
            }
        }
    }
    assert!(checked > 150, "only {checked} golden requests to the API");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
