//! Lists in English, for messages that name several things: `a, b or c`
//! (the choices a user has) and `a, b and c` (all of them). Front ends and
//! the engine's own messages (a save file's missing puzzle) word lists the
//! same way through these.

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
