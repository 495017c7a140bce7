//! English for messages: lists that name several things, `a, b or c`
//! (the choices a user has) and `a, b and c` (all of them), counted nouns
//! and capitals. Front ends and the engine's own messages (a save file's
//! missing puzzle) word things the same way through these.

/// `a`, `a or b`, `a, b or c`.
pub fn either(words: &[String]) -> String {
    joined(words, "or")
}

/// `a`, `a and b`, `a, b and c`.
pub fn all_of(words: &[String]) -> String {
    joined(words, "and")
}

fn joined(words: &[String], last_word: &str) -> String {
    match words.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {last_word} {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `n` and its noun, singular for one: `counted(1, "line", "lines")` is
/// `1 line`, `counted(2, ...)` is `2 lines`.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` cases in a puzzle's word for one, `unit` (`1 dataset`, `2
/// datasets`): the plural is the word and an `s`, as for every puzzle's
/// word so far.
pub fn units(n: u64, unit: &str) -> String {
    counted(n, unit, &format!("{unit}s"))
}

/// `text` in lines of at most `width` characters, each after `indent`,
/// joined by newlines (a help page's paragraph).
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(format!("{indent}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(format!("{indent}{line}"));
    }
    lines.join("\n")
}

/// `word` with its first letter in upper case ("Dataset").
pub fn capitalized(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_lists_read_as_english() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(either(&w(&["a"])), "a");
        assert_eq!(either(&w(&["a", "b", "c"])), "a, b or c");
        assert_eq!(all_of(&w(&["a", "b"])), "a and b");
        assert_eq!(all_of(&[]), "");
        assert_eq!(units(1, "case"), "1 case");
        assert_eq!(units(3, "dataset"), "3 datasets");
    }

    #[test]
    fn paragraphs_wrap_at_the_width_after_the_indent() {
        assert_eq!(wrap("a bb ccc dd", 6, "  "), "  a bb\n  ccc dd");
        assert_eq!(wrap("toolongword x", 4, ""), "toolongword\nx");
        assert_eq!(wrap("  ", 4, "  "), "");
    }
}
