//! What a golden file records of the list of puzzles: the puzzles it was
//! recorded with, never a puzzle added since.
//!
//! The golden files of the command line and of the API are byte-for-byte
//! records of answers for the puzzles they name ([`RECORDED`]). Some
//! answers also list every registered puzzle: `expected "curling" or
//! "holedox"`, a help page's subcommands, the page's catalog. A puzzle
//! added to the registry must not need a golden file re-recorded (its
//! crate, one registry line, its dependency lines and its samples are the
//! whole change), so the golden tests pass every answer through [`scrub`]
//! first, which takes the other puzzles out of those lists:
//!
//! - an item of an English list (`a, b or c`, items separated by `, `,
//!   ` or `, ` and `) that names another puzzle, when the item before it
//!   names the last recorded one (so the list is a list of puzzles, and a
//!   word of a puzzle's own text that happens to be another puzzle's name
//!   — Curling's ice — is left alone);
//! - a line of a help page's list of subcommands that starts with another
//!   puzzle's name;
//! - an element of a JSON array that is an object whose `name` is another
//!   puzzle's.
//!
//! With only the recorded puzzles registered, [`scrub`] changes nothing.

use serde_json::Value;

/// The puzzles the golden files record, in the registry's order.
pub const RECORDED: [&str; 2] = ["curling", "holedox"];

/// The registered puzzles the golden files do not record: their names and
/// titles.
fn others() -> Vec<(&'static str, &'static str)> {
    crate::entries()
        .into_iter()
        .filter(|e| !RECORDED.contains(&e.name))
        .map(|e| (e.name, e.info.title))
        .collect()
}

/// `text` with every list of puzzles cut to the recorded ones (see the
/// module docs).
pub fn scrub(text: &str) -> String {
    let others = others();
    if others.is_empty() {
        return text.to_string();
    }
    let lines: Vec<String> = text
        .split_inclusive('\n')
        .filter(|line| !others.iter().any(|&(name, _)| subcommand_line(line, name)))
        .map(|line| scrub_line(line, &others))
        .collect();
    lines.concat()
}

/// A help page's line listing subcommand `name`: `  name  about`.
fn subcommand_line(line: &str, name: &str) -> bool {
    let rest = line.trim_start_matches(' ');
    rest.len() < line.len()
        && rest
            .strip_prefix(name)
            .is_some_and(|after| after.starts_with("  ") || after == "\n" || after.is_empty())
}

fn scrub_line(line: &str, others: &[(&str, &str)]) -> String {
    let trimmed = line.trim_end_matches('\n');
    let mut text = match serde_json::from_str::<Value>(trimmed) {
        Ok(mut v) if v.is_object() || v.is_array() => {
            if drop_named(&mut v, others) {
                serde_json::to_string(&v).expect("a value serializes")
            } else {
                trimmed.to_string()
            }
        }
        _ => trimmed.to_string(),
    };
    let last = RECORDED[RECORDED.len() - 1];
    for &(name, title) in others {
        for word in [name, title] {
            while let Some(cut) = list_item(&text, word, last) {
                text = cut;
            }
        }
    }
    text.push_str(&line[trimmed.len()..]);
    text
}

/// Drops, anywhere in `v`, the array elements that are objects whose
/// `name` is another puzzle's; true if any was dropped.
fn drop_named(v: &mut Value, others: &[(&str, &str)]) -> bool {
    let mut dropped = false;
    match v {
        Value::Array(items) => {
            let before = items.len();
            items.retain(|item| {
                !item["name"]
                    .as_str()
                    .is_some_and(|n| others.iter().any(|&(name, _)| name == n))
            });
            dropped |= items.len() < before;
            for item in items {
                dropped |= drop_named(item, others);
            }
        }
        Value::Object(fields) => {
            for (_, item) in fields.iter_mut() {
                dropped |= drop_named(item, others);
            }
        }
        _ => {}
    }
    dropped
}

const SEPARATORS: [&str; 3] = [", ", " or ", " and "];

/// The separator that starts at byte `at` of `text`, if any (none inside
/// a character).
fn separator_at(text: &str, at: usize) -> Option<&'static str> {
    if !text.is_char_boundary(at) {
        return None;
    }
    SEPARATORS.into_iter().find(|s| text[at..].starts_with(s))
}

/// Where `word` stands as a whole word in `text`.
fn words(text: &str, word: &str) -> Vec<usize> {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word)
        .map(|(k, _)| k)
        .filter(|&k| {
            !is_word(text[..k].chars().next_back())
                && !is_word(text[k + word.len()..].chars().next())
        })
        .collect()
}

/// `text` without the first list item that names `word` and follows an
/// item naming `last`, its separators mended; `None` when there is none.
fn list_item(text: &str, word: &str, last: &str) -> Option<String> {
    for at in words(text, word) {
        // The separator before the item: the last one before `word`.
        let Some((sep_at, sep)) = (0..at).rev().find_map(|k| {
            separator_at(text, k)
                .filter(|s| k + s.len() <= at)
                .map(|s| (k, s))
        }) else {
            continue;
        };
        // The item before it must name the last recorded puzzle.
        let item_start = (0..sep_at)
            .rev()
            .find_map(|k| separator_at(text, k).map(|s| k + s.len()))
            .unwrap_or(0);
        if words(&text[item_start..sep_at].to_lowercase(), last).is_empty() {
            continue;
        }
        // The item ends after the quote it opens with (`"ice"`, `\"ice\"`,
        // a backquoted phrase), or else at the next separator or closing
        // mark.
        let item = sep_at + sep.len();
        let closer = ["\\\"", "\"", "`"]
            .into_iter()
            .find(|q| text[item..].starts_with(q));
        let end = match closer {
            Some(q) => match text[at + word.len()..].find(q) {
                Some(k) => at + word.len() + k + q.len(),
                None => continue,
            },
            None => (at..text.len())
                .filter(|&k| text.is_char_boundary(k))
                .find(|&k| {
                    separator_at(text, k).is_some()
                        || text[k..].starts_with([')', ']', '}', ';', '"'])
                        || text[k..].starts_with(". ")
                        || &text[k..] == "."
                })
                .unwrap_or(text.len()),
        };
        let mut out = format!("{}{}", &text[..sep_at], &text[end..]);
        // A last item took the list's `or`/`and` with it: the separator
        // before the item now last takes it back (`a, b or c` → `a or b`).
        let before = (0..item_start).rev().find_map(|k| {
            separator_at(text, k)
                .filter(|s| k + s.len() == item_start)
                .map(|s| (k, s))
        });
        if let (true, Some((k, ", "))) = (sep != ", ", before) {
            out.replace_range(k..k + 2, sep);
        }
        return Some(out);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_items_of_other_puzzles_go() {
        let cut = |t: &str| {
            let mut t = t.to_string();
            for word in ["ice", "Ice"] {
                while let Some(c) = list_item(&t, word, "holedox") {
                    t = c;
                }
            }
            t
        };
        assert_eq!(
            cut(r#"expected "curling", "holedox" or "ice""#),
            r#"expected "curling" or "holedox""#
        );
        assert_eq!(
            cut(r#"{"error":"`puzzle` must be \"curling\", \"holedox\" or \"ice\""}"#),
            r#"{"error":"`puzzle` must be \"curling\" or \"holedox\""}"#
        );
        assert_eq!(
            cut("(curling `3`, holedox `Case 1: 3`, ice `3`); with --bare"),
            "(curling `3`, holedox `Case 1: 3`); with --bare"
        );
        assert_eq!(
            cut("[default: curling 3..6, holedox 6..16, ice 3..6]"),
            "[default: curling 3..6, holedox 6..16]"
        );
        assert_eq!(
            cut("puzzles: Curling 2.0, Holedox Moving and Ice."),
            "puzzles: Curling 2.0 and Holedox Moving."
        );
        // Text that is not ASCII is no trouble.
        let marks = "◎ goal, holedox ● or ice ◉";
        assert_eq!(cut(marks), "◎ goal or holedox ●");
        // Another puzzle's name as a word of a text is no list item.
        let rules = "it slides over the ice, or stops at a block";
        assert_eq!(cut(rules), rules);
    }

    #[test]
    fn subcommand_lines_and_catalog_entries_of_other_puzzles_go() {
        assert!(subcommand_line("  ice      Ice: fewest slides\n", "ice"));
        assert!(!subcommand_line("ice is slippery\n", "ice"));
        assert!(!subcommand_line("  iceberg  x\n", "ice"));
        let mut v: Value =
            serde_json::from_str(r#"{"puzzles":[{"name":"curling"},{"name":"ice"}]}"#).unwrap();
        assert!(drop_named(&mut v, &[("ice", "Ice")]));
        assert_eq!(v.to_string(), r#"{"puzzles":[{"name":"curling"}]}"#);
    }
}
