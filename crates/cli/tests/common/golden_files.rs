//! What both golden-file tests share (this one, `tests/golden.rs`, and
//! the server's `crates/server/tests/golden.rs`, which includes this file
//! by path): blessing, the sections of a record, the normalisations
//! (`"millis"` numbers are wall time; puzzles registered since the files
//! were recorded are scrubbed from lists of puzzles), and the comparison
//! that names the first difference.

#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::Path;

pub fn blessing() -> bool {
    std::env::var_os("GOLDEN_BLESS").is_some_and(|v| v == "1")
}

/// Replaces the number after every `"millis":` with `0`.
pub fn zero_millis(text: &str) -> String {
    const KEY: &str = "\"millis\":";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let number = after
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')))
            .unwrap_or(after.len());
        if number > 0 {
            out.push('0');
        }
        rest = &after[number..];
    }
    out.push_str(rest);
    out
}

/// Appends a titled section; its end is marked when the text does not end
/// in a newline.
pub fn section(out: &mut String, title: &str, text: &str) {
    if text.is_empty() {
        let _ = writeln!(out, "--- {title} (empty) ---");
    } else if text.ends_with('\n') {
        let _ = write!(out, "--- {title} ---\n{text}");
    } else {
        let _ = write!(out, "--- {title} (no newline at end) ---\n{text}\n");
    }
}

/// A line for a mismatch message: whole when short, else a window around
/// `column` (0-based, in characters).
fn excerpt(line: &str, column: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= 160 {
        return format!("{line:?}");
    }
    let from = column.saturating_sub(60);
    let to = (column + 60).min(chars.len());
    let piece: String = chars[from..to].iter().collect();
    format!(
        "{}{piece:?}{} (characters {}..{} of {})",
        if from > 0 { "…" } else { "" },
        if to < chars.len() { "…" } else { "" },
        from + 1,
        to,
        chars.len()
    )
}

/// Where `actual` first departs from `golden`, for a person to read.
pub fn first_difference(noun: &str, golden: &str, actual: &str) -> String {
    let mut g = golden.split_inclusive('\n');
    let mut a = actual.split_inclusive('\n');
    let mut number = 0;
    loop {
        number += 1;
        match (g.next(), a.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(x), Some(y)) => {
                let column = x
                    .chars()
                    .zip(y.chars())
                    .take_while(|(p, q)| p == q)
                    .count();
                return format!(
                    "first difference at line {number}, column {}:\n    golden: {}\n    actual: {}",
                    column + 1,
                    excerpt(x, column),
                    excerpt(y, column)
                );
            }
            (Some(x), None) => {
                return format!(
                    "the actual {noun} ends before line {number}, which the golden file has:\n    golden: {}",
                    excerpt(x, 0)
                )
            }
            (None, Some(y)) => {
                return format!(
                    "the actual {noun} goes on past the golden file's end, at line {number}:\n    actual: {}",
                    excerpt(y, 0)
                )
            }
            (None, None) => return "they differ only in line ends".to_string(),
        }
    }
}

/// Compares (or, blessing, writes) one golden file; the problem, if any.
pub fn check(dir: &Path, noun: &str, name: &str, actual: &str) -> Option<String> {
    // The files record the listed puzzles' answers: a puzzle registered
    // since is taken out of every list of puzzles (it needs no file).
    let scrubbed = gridpuzzle_registry::golden::scrub(actual);
    let actual = scrubbed.as_str();
    let path = dir.join(format!("{name}.txt"));
    if blessing() {
        if std::fs::read_to_string(&path).ok().as_deref() != Some(actual) {
            std::fs::create_dir_all(dir).expect("the golden directory");
            std::fs::write(&path, actual).expect("a golden file is written");
        }
        return None;
    }
    match std::fs::read_to_string(&path) {
        Err(e) => Some(format!(
            "{name}: cannot read its golden file {} ({e}); record it with GOLDEN_BLESS=1",
            path.display()
        )),
        Ok(golden) if golden == actual => None,
        Ok(golden) => Some(format!(
            "{name}: the {noun} differs from {}\n  {}",
            path.display(),
            first_difference(noun, &golden, actual)
        )),
    }
}
