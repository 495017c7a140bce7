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
    }
}
