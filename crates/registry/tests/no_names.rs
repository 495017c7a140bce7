//! The front ends and the engine name no puzzle: the check of issue 25's
//! `grep -rnw "curling\|holedox" crates/cli crates/server crates/engine
//! crates/judge crates/tui e2e --include=*.rs --include=*.js --include=*.css
//! --include=*.mjs` (and `crates/api`, where the server's endpoints moved),
//! in Rust, with every registered puzzle's name matched as a whole word (a
//! puzzle called `ice` is not found in `slice` or `service`).
//!
//! A name may appear only
//!
//! - in comments (`//`, `/* ... */` and the lines of a block comment);
//! - as a file's name in a path (`samples/NAME.in`, `bench/NAME/hard.in`):
//!   the name right after a `/`;
//! - in golden outputs (anything under a `golden/` or `snapshots/`
//!   folder);
//! - in the test files of [`FIXTURES`], which drive one puzzle's own
//!   boards and answers by name (each says why). A new file, and every
//!   file of `src/` and of the page's assets, names none: a new puzzle
//!   needs no edit there.

use std::path::{Path, PathBuf};

/// Test files that exercise particular puzzles by name: their boards,
/// answers and messages are those puzzles' own, so the name is the
/// fixture. Each is a test of behaviour through one puzzle, not a loop
/// over puzzles (those go through the registry).
const FIXTURES: &[&str] = &[
    // The command line's tests: golden tables and per-puzzle behaviour.
    "crates/cli/examples/candidates.rs",
    "crates/cli/tests/abuse.rs",
    "crates/cli/tests/abuse_bounds.rs",
    "crates/cli/tests/common/mod.rs",
    "crates/cli/tests/curling.rs",
    "crates/cli/tests/explain.rs",
    "crates/cli/tests/fuzz.rs",
    "crates/cli/tests/generate.rs",
    "crates/cli/tests/golden.rs",
    "crates/cli/tests/holedox.rs",
    "crates/cli/tests/hostile.rs",
    "crates/cli/tests/json.rs",
    // Issue 40: `check` in each judging system's call form, and `judge`
    // under load, on a Curling sample and its answers.
    "crates/cli/tests/check_forms.rs",
    // Issue 41: candidates that escape, judged on a Curling sample.
    "crates/cli/tests/containment.rs",
    "crates/cli/tests/judge_files.rs",
    "crates/cli/tests/judge_load.rs",
    "crates/cli/tests/judgekit.rs",
    "crates/cli/tests/memory.rs",
    "crates/cli/tests/play.rs",
    "crates/cli/tests/render.rs",
    // Issue 41: the server's peaks on one Holedox lair (memory.rs's door
    // lair) and the windows of one of its sample's traces.
    "crates/cli/tests/serve_memory.rs",
    "crates/cli/tests/stress.rs",
    "crates/cli/tests/testlib.rs",
    // The search on the two sample files: their figures are the contest
    // programs' own counts, which belong to each puzzle.
    "crates/cli/tests/trace.rs",
    "crates/cli/tests/usage.rs",
    "crates/cli/tests/verify.rs",
    // Issue 41: the windows of one traced search, on Holedox's sample
    // (its seed's figures are that puzzle's own).
    "crates/api/tests/traces.rs",
    // The server's tests: golden tables and per-puzzle requests.
    "crates/server/tests/abuse_http.rs",
    "crates/server/tests/api.rs",
    "crates/server/tests/golden.rs",
    "crates/server/tests/load.rs",
    "crates/server/tests/page_api.rs",
    // The terminal game's screens, played on the two puzzles' samples.
    "crates/tui/src/tests.rs",
    // The browser scenarios: a Curling board built in the editor, a
    // Holedox sample played, their links; a first visit through the first
    // puzzle's levels.
    "e2e/first.test.mjs",
    "e2e/game.test.mjs",
    // Issue 37's scenarios: a Curling game kept, a Holedox board's key.
    "e2e/keep.test.mjs",
    "e2e/layout.test.mjs",
    "e2e/page.test.mjs",
    // The static site's scenarios and figures: a slow Curling board left
    // to its worker, a Curling link offline, both puzzles' 20×20 boards
    // played for the time of a move.
    "e2e/site.bench.mjs",
    "e2e/site.test.mjs",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files to check under `dir`, relative to the root, sorted.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if !["node_modules", "target", "golden", "snapshots"].contains(&name.as_str()) {
                files(&path, out);
            }
        } else if [".rs", ".js", ".css", ".mjs"]
            .iter()
            .any(|ext| name.ends_with(ext))
        {
            out.push(path);
        }
    }
}

/// The code of each line of `text`, comments cut out: `(line number,
/// code)`.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        let mut code = String::new();
        let mut rest = line;
        loop {
            if in_block {
                match rest.find("*/") {
                    Some(end) => {
                        rest = &rest[end + 2..];
                        in_block = false;
                    }
                    None => break,
                }
            }
            // A comment starts at `//` or `/*` outside a string literal
            // (an even number of quotes before it).
            let quotes = |s: &str| s.matches('"').count() - s.matches("\\\"").count();
            let line_comment = rest
                .match_indices("//")
                .map(|(k, _)| k)
                .find(|&k| quotes(&rest[..k]) % 2 == 0 && !rest[..k].ends_with(':'));
            let block = rest
                .match_indices("/*")
                .map(|(k, _)| k)
                .find(|&k| quotes(&rest[..k]) % 2 == 0);
            match (line_comment, block) {
                (Some(l), b) if b.is_none_or(|b| l < b) => {
                    code.push_str(&rest[..l]);
                    break;
                }
                (_, Some(b)) => {
                    code.push_str(&rest[..b]);
                    rest = &rest[b + 2..];
                    in_block = true;
                }
                _ => {
                    code.push_str(rest);
                    break;
                }
            }
        }
        out.push((i + 1, code));
    }
    out
}

/// Where `name` appears in `code` as a whole word (no letter, digit or
/// `_` on either side), other than as a path's component.
fn named(code: &str, name: &str) -> bool {
    let lower = code.to_lowercase();
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    lower.match_indices(name).any(|(k, _)| {
        let before = lower[..k].chars().next_back();
        let after = lower[k + name.len()..].chars().next();
        before != Some('/') && !word(before) && !word(after)
    })
}

/// The puzzle names to look for: every registered puzzle's.
fn names() -> Vec<&'static str> {
    gridpuzzle_registry::entries()
        .into_iter()
        .map(|e| e.name)
        .collect()
}

#[test]
fn front_ends_and_engine_name_no_puzzle() {
    let root = root();
    let names = names();
    assert!(!names.is_empty());
    let mut all = Vec::new();
    for dir in [
        "crates/api",
        "crates/cli",
        "crates/server",
        "crates/engine",
        "crates/judge",
        "crates/tui",
        "e2e",
    ] {
        files(&root.join(dir), &mut all);
    }
    assert!(all.len() > 50, "{} files found", all.len());
    let mut found = Vec::new();
    for path in &all {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if FIXTURES.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        for (n, code) in code_lines(&text) {
            if names.iter().any(|name| named(&code, name)) {
                found.push(format!("{rel}:{n}: {}", code.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a puzzle named outside comments, file names and golden outputs:\n{}",
        found.join("\n")
    );
    // The fixtures exist (a renamed file must leave the list).
    for f in FIXTURES {
        assert!(root.join(f).is_file(), "{f} is listed but missing");
    }
}

#[test]
fn comments_paths_and_code_are_told_apart() {
    let lines = code_lines(
        "let a = 1; // curling\n/* holedox\n   curling */ x(\"curling\")\n\
         s = \"http://x/\"; y(\"holedox\")\n",
    );
    assert!(!named(&lines[0].1, "curling"));
    assert!(!named(&lines[1].1, "holedox"));
    assert!(named(&lines[2].1, "curling"));
    assert!(named(&lines[3].1, "holedox"), "{lines:?}");
    assert!(!named("read(\"../samples/curling.in\")", "curling"));
    assert!(!named("\"bench/holedox/hard.in\"", "holedox"));
    assert!(named("\"#curling/6x6/QkUA\"", "curling"));
    // Whole words only: a puzzle called `ice` is not in these.
    for code in [
        "let slice = x;",
        "fn service()",
        "choice_ice()",
        "ice2",
        "Device",
    ] {
        assert!(!named(code, "ice"), "{code}");
    }
    for code in [
        "play(\"ice\")",
        "let p = Ice::default();",
        "ice.solve()",
        "(ice)",
    ] {
        assert!(named(code, "ice"), "{code}");
    }
}
